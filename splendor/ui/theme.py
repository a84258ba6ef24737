"""Colours, gem symbols, fonts and scaling: how the game looks, in one place."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pygame

from splendor.resources import assets_dir
from splendor.ui.bounded_cache import bounded_cache

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


# What the font library refuses outright: NUL (ValueError) and unpaired surrogates, as a
# file name that is not UTF-8 decodes to (UnicodeEncodeError).
_REFUSED = re.compile("[\x00\ud800-\udfff]")


def drawable(value: str) -> str:
    """`value` as the fonts can take it: NUL and unpaired surrogates become '\ufffd'."""
    return _REFUSED.sub("\ufffd", value)


class SafeFont(pygame.font.Font):
    """A font that measures and renders any string: whatever the text (a name from an
    edited save, a file name that is not UTF-8), drawing it cannot raise."""

    def render(self, text: str | bytes | None, *args: object, **kwargs: object
               ) -> pygame.Surface:
        return super().render(drawable(text) if isinstance(text, str) else text,
                              *args, **kwargs)  # type: ignore[arg-type]

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        return super().size(drawable(text) if isinstance(text, str) else text)


@functools.lru_cache(maxsize=128)
def font(px: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """The game's font at `px` pixels (never below MIN_TEXT_PX), loaded once per size.

    Every text the game draws or measures goes through one of these (`SafeFont`)."""
    return SafeFont(str(_font_path(bold, serif)), max(MIN_TEXT_PX, int(px)))


def surface_bytes(surface: pygame.Surface) -> int:
    """The memory a surface's pixels take."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


#: Rendered texts kept: every label of a frame at the largest window fits many times over;
#: a few huge ones (long names at a large size) cannot grow it without bound.
TEXT_CACHE_BYTES = 256 * 1024 * 1024


@bounded_cache(max_entries=2048, max_bytes=TEXT_CACHE_BYTES, cost=surface_bytes)
def text(
    value: str, px: int, color: Color = TEXT, bold: bool = False, serif: bool = False
) -> pygame.Surface:
    """Rendered text, cached: drawing the same label every frame costs a dictionary lookup."""
    return font(px, bold, serif).render(value, True, color)


def forget_fonts() -> None:
    """Drop cached Font objects: they die with pygame.quit() (rendered text stays valid)."""
    font.cache_clear()
