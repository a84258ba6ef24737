"""Lengths and text sizes that follow the window size."""

from __future__ import annotations

import pygame

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

    def at(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in 1280x720 design coordinates, scaled about the window's
        centre (so a layout keeps its proportions and stays centred)."""
        width, height = self.size
        return pygame.Rect(round(width / 2 + (x - 640) * self.s),
                           round(height / 2 + (y - 360) * self.s), self.px(w), self.px(h))
