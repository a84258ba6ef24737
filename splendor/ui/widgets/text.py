"""Text that fits a width, and centring an image."""

from __future__ import annotations

import pygame

from splendor.ui import theme
from splendor.ui.theme import MIN_TEXT_PX, Color


def fit_text(
    value: str,
    px: int,
    max_width: int,
    color: Color = theme.TEXT,
    bold: bool = False,
    serif: bool = False,
) -> pygame.Surface:
    """`value` rendered at `px`, shrunk (not under MIN_TEXT_PX) then cut with '…' to fit."""
    size = max(MIN_TEXT_PX, px)
    while True:
        surf = theme.text(value, size, color, bold, serif)
        if surf.get_width() <= max_width or size <= MIN_TEXT_PX:
            break
        size = max(MIN_TEXT_PX, size - max(1, size // 10))
    if surf.get_width() <= max_width:
        return surf
    cut = value
    while cut and theme.text(cut + "…", size, color, bold, serif).get_width() > max_width:
        cut = cut[:-1]
    return theme.text(cut.rstrip() + "…", size, color, bold, serif)


def blit_center(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=center))
