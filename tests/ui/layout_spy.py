"""A spy on a scene class's `layout`: the sizes each of its scenes laid itself out for, so
a test can check that layout happens on enter, resize or language change, never in draw."""

from __future__ import annotations

from typing import Any

import pytest


def count_layouts(monkeypatch: pytest.MonkeyPatch, scene_class: type[Any]
                  ) -> list[tuple[int, int]]:
    """The list of sizes `scene_class`'s scenes lay themselves out for, from now on."""
    calls: list[tuple[int, int]] = []
    real = scene_class.layout

    def counted(self: Any, size: tuple[int, int]) -> None:
        calls.append(size)
        real(self, size)

    monkeypatch.setattr(scene_class, "layout", counted)
    return calls
