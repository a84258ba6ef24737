"""The last game's mode in the settings file: a wrong value means a game that is not
competitive, and the rest of the settings (a newer version's too) are kept."""

from __future__ import annotations

import json

import pytest

from splendor.storage import paths
from splendor.storage.settings import Settings, load_settings, save_settings


def test_the_mode_round_trips() -> None:
    assert Settings().competitive is False
    save_settings(Settings(competitive=True))
    settings, problem = load_settings()
    assert problem is None and settings.competitive is True


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_wrong_competitive_setting_means_not_competitive_and_the_rest_is_kept(
        value: object) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "volume": 0.25, "competitive": value,
                                "from_a_newer_version": {"x": 1}}))
    settings, problem = load_settings()
    assert problem is None, "not a reason to throw every setting away"
    assert settings.competitive is False and settings.volume == 0.25
    assert settings.unknown == {"from_a_newer_version": {"x": 1}}
    assert Settings().competitive is False
