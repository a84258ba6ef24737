"""Gem tokens: the bare chip, its count badge, shadow and selection glow."""

from __future__ import annotations

import functools
import math

import pygame

from splendor.ui import theme
from splendor.ui.art.palette import _BLACK_GEM, BLACK, WHITE, Color, _mix, _rgba
from splendor.ui.art.pen import _finish, _Pen
from splendor.ui.art.symbols import draw_symbol
from splendor.ui.art.text import _ink_size, _put, _px


def _symbol_ink(color_index: int) -> Color:
    return theme.GEM_INK[color_index]


@functools.lru_cache(maxsize=256)
def chip_surface(color_index: int, diameter: float, with_symbol: bool = True) -> pygame.Surface:
    """A bare chip exactly `diameter` px across: rim, inserts, inner ring, highlight, symbol."""
    d = max(6, round(diameter))
    fill, rim = theme.GEM_FILL[color_index], theme.GEM_RIM[color_index]
    pen = _Pen(d, d, rim, k=6 if d <= 40 else 4 if d <= 120 else 3)
    R = d / 2
    c = (R, R)
    pen.circle(rim, c, R)
    if d >= 26:  # the edge inserts of a poker chip: dropped when too small to read
        insert = _mix(rim, WHITE, 0.55) if color_index != _BLACK_GEM else _mix(rim, WHITE, 0.5)
        for i in range(8):
            a0 = math.radians(i * 45 - 9 + 22.5)
            a1 = math.radians(i * 45 + 9 + 22.5)
            outer = [a0 + (a1 - a0) * j / 6 for j in range(7)]
            arc = [(R + 0.97 * R * math.cos(a), R + 0.97 * R * math.sin(a)) for a in outer]
            arc += [(R + 0.84 * R * math.cos(a), R + 0.84 * R * math.sin(a)) for a in outer[::-1]]
            pen.polygon(insert, arc)
    body = 0.84 * R
    pen.circle(_mix(fill, BLACK, 0.18), c, body)
    pen.circle(fill, (R - 0.02 * R, R - 0.02 * R), body * 0.97)
    pen.circle(_mix(fill, rim, 0.6), c, 0.66 * R, 0.05 * R)
    pen.circle(_mix(fill, WHITE, 0.06), c, 0.615 * R)
    # A soft highlight at the top left, clipped to the chip.
    mask = pen.layer(WHITE)
    mask.circle((255, 255, 255, 255), c, R)
    shine = pen.layer(WHITE)
    shine.circle((255, 255, 255, 70), (R * 0.72, R * 0.62), R * 0.78)
    shine.circle((255, 255, 255, 0), (R * 1.02, R * 0.98), R * 0.86)
    pen.paste(shine, mask)
    out = pen.done()
    if with_symbol:
        draw_symbol(out, (R, R), round(d * 0.44), color_index, _symbol_ink(color_index))
    return _finish(out)


def _badge_diameter(d: int) -> int:
    return max(16, round(d * 0.38))


def token_margin(diameter: int) -> int:
    """The border inside a token surface around the chip (room for shadow and glow)."""
    return max(2, round(diameter * 0.06))


def token_chip_diameter(diameter: int) -> int:
    """How wide the chip itself is on a `diameter` token surface."""
    return max(6, diameter - 2 * token_margin(diameter))


@functools.lru_cache(maxsize=256)
def _count_badge(count: int, d: int) -> pygame.Surface:
    bd = _badge_diameter(d)
    label = str(count)
    px = _px(bd * 0.66)
    tw, _ = _ink_size(label, px)
    w = max(bd, tw + round(bd * 0.5))
    pen = _Pen(w, bd, (240, 236, 226))
    pen.rect((240, 236, 226), (0, 0, w, bd), bd / 2)
    edge = max(1.2, bd * 0.08)
    pen.rect((34, 32, 34), (edge, edge, w - 2 * edge, bd - 2 * edge), bd / 2 - edge)
    out = pen.done()
    _put(out, label, px, theme.TEXT, (w / 2, bd / 2))
    return out


def count_badge_rect(diameter: float, count: int) -> pygame.Rect:
    """Where `token_surface(..., diameter, count)` draws its number badge, relative to the
    token's square: at the chip's top right, inside the square."""
    d = max(8, round(diameter))
    cd = token_chip_diameter(d)
    c = d / 2
    w, h = _count_badge(int(count), d).get_size()
    bx = min(max(0.0, c + 0.36 * cd - w / 2), d - w)
    by = min(max(0.0, c - 0.36 * cd - h / 2), d - h)
    return pygame.Rect(round(bx), round(by), w, h)


@functools.lru_cache(maxsize=512)
def token_surface(
    color_index: int, diameter: float, count: int | None = None, selected: bool = False
) -> pygame.Surface:
    """A gem token (chip) on a `diameter`-px square surface with per-pixel alpha, cached.

    The chip (`token_chip_diameter(diameter)` wide) sits centred with a soft shadow; blit
    the surface where the token's square goes. `count` adds a number badge at the top
    right; `selected` a glow ring around the chip.
    """
    d = max(8, round(diameter))
    m = token_margin(d)
    cd = token_chip_diameter(d)
    c = d / 2
    out = pygame.Surface((d, d), pygame.SRCALPHA)
    shadow = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (0, 0, 0, 130), (c, c + cd * 0.04), cd / 2)
    out.blit(pygame.transform.gaussian_blur(shadow, max(1, round(d * 0.03))), (0, 0))
    if selected:
        pen = _Pen(d, d, theme.ACTIVE)
        pen.circle(_rgba(theme.ACTIVE, 90), (c, c), d / 2)
        pen.circle(_rgba(theme.ACTIVE, 255), (c, c), cd / 2 + max(1.5, m * 0.7))
        out.blit(pen.done(), (0, 0))
    if count is not None and d < 48:
        # Small chip: the badge would cover the symbol, so draw the symbol a little smaller,
        # down and to the left of the centre.
        out.blit(chip_surface(color_index, cd, False), (m, m))
        off = cd * 0.07
        draw_symbol(out, (c - off, c + off), round(cd * 0.4), color_index,
                    _symbol_ink(color_index))
    else:
        out.blit(chip_surface(color_index, cd), (m, m))
    if count is not None:
        out.blit(_count_badge(int(count), d), count_badge_rect(d, count))
    return _finish(out)
