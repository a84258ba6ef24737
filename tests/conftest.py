"""Every test runs with its own SPLENDOR_HOME, so no test touches the real user folders."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
                  ) -> Path:
    home = tmp_path_factory.mktemp("splendor-home")
    monkeypatch.setenv("SPLENDOR_HOME", str(home))
    return home
