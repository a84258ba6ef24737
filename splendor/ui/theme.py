"""Colours, gem symbols, fonts and scaling: how the game looks, in one place."""

from __future__ import annotations

import functools
from pathlib import Path

import pygame

from splendor.resources import assets_dir

Color = tuple[int, int, int]

TABLE = (22, 58, 48)
TABLE_DARK = (15, 40, 33)
PANEL = (30, 74, 62)
PANEL_EDGE = (58, 112, 95)
TEXT = (238, 236, 226)
TEXT_DIM = (176, 190, 180)
ACCENT = (240, 196, 80)
ACTIVE = (255, 214, 92)
DANGER = (222, 92, 80)
OK = (120, 206, 130)
CARD_FACE = (246, 240, 226)
INK = (34, 34, 34)
SHADOW = (0, 0, 0)

#: Gem colours, gold last: (fill, rim) per colour index. Rims keep black chips readable
#: on a dark table and white chips on a light card.
GEM_FILL: tuple[Color, ...] = (
    (236, 236, 240),  # white  (diamond)
    (46, 104, 206),  # blue   (sapphire)
    (42, 150, 78),  # green  (emerald)
    (206, 52, 52),  # red    (ruby)
    (52, 44, 40),  # black  (onyx)
    (232, 186, 50),  # gold   (joker)
)
GEM_RIM: tuple[Color, ...] = (
    (120, 120, 132),
    (20, 52, 120),
    (18, 84, 40),
    (120, 24, 24),
    (196, 186, 170),
    (150, 110, 20),
)
#: The colour a symbol or number is drawn in on top of each gem.
GEM_INK: tuple[Color, ...] = (INK, TEXT, TEXT, TEXT, TEXT, INK)
#: Shape drawn on each colour so the game reads in greyscale (see art.draw_symbol).
GEM_SHAPES = ("diamond", "circle", "triangle", "heart", "square", "star")

#: The smallest text the game ever draws, in pixels at any size (readability rule).
MIN_TEXT_PX = 14


def ui_scale(size: tuple[int, int]) -> float:
    """The layout scale: 1.0 at 1280x720, proportional to the window's limiting side."""
    return min(size[0] / 1280, size[1] / 720)


@functools.cache
def _font_path(bold: bool, serif: bool) -> Path:
    names = {(False, False): "DejaVuSans.ttf", (True, False): "DejaVuSans-Bold.ttf"}
    return assets_dir() / "fonts" / ("DejaVuSerif-Bold.ttf" if serif else names[bold, False])


@functools.lru_cache(maxsize=128)
def font(px: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """The game's font at `px` pixels (never below MIN_TEXT_PX), loaded once per size."""
    return pygame.font.Font(str(_font_path(bold, serif)), max(MIN_TEXT_PX, int(px)))


@functools.lru_cache(maxsize=2048)
def text(
    value: str, px: int, color: Color = TEXT, bold: bool = False, serif: bool = False
) -> pygame.Surface:
    """Rendered text, cached: drawing the same label every frame costs a dictionary lookup."""
    return font(px, bold, serif).render(value, True, color)


def forget_fonts() -> None:
    """Drop cached Font objects: they die with pygame.quit() (rendered text stays valid)."""
    font.cache_clear()
