"""Lengths and text sizes that follow the window size."""

from __future__ import annotations

from splendor.ui import theme
from splendor.ui.theme import MIN_TEXT_PX


class Scale:
    """Lengths and text sizes for a window: design values are for 1280x720."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = theme.ui_scale(size)

    def px(self, value: float) -> int:
        """A design length in pixels (at least 1)."""
        return max(1, round(value * self.s))

    def text(self, value: float) -> int:
        """A design text size in pixels, never under MIN_TEXT_PX."""
        return max(MIN_TEXT_PX, round(value * self.s))
