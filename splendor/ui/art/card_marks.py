"""Marks on a card's face: cost discs, "missing" pills and ticks."""

from __future__ import annotations

import functools

import pygame

from splendor.ui import theme
from splendor.ui.art.palette import _BLACK_GEM, _WHITE_GEM, BLACK, WHITE, Color, Point, _mix
from splendor.ui.art.paths import _check_points
from splendor.ui.art.pen import _Pen
from splendor.ui.art.text import _ink_size, _put, _px


@functools.lru_cache(maxsize=384)
def _cost_disc(color_index: int, d: int) -> tuple[pygame.Surface, Color, Color | None]:
    """A cost disc `d` px across, with the ink and outline its number is drawn in."""
    fill, rim = theme.GEM_FILL[color_index], theme.GEM_RIM[color_index]
    if color_index == _BLACK_GEM:
        rim = (24, 20, 18)
    pen = _Pen(d, d, rim, k=6)
    R = d / 2
    pen.circle(rim, (R, R), R)
    pen.circle(fill, (R, R), R - max(1.1, d * 0.08))
    shine = pen.layer(WHITE)
    shine.circle((255, 255, 255, 60), (R * 0.8, R * 0.7), R * 0.62)
    mask = pen.layer(WHITE)
    mask.circle((255, 255, 255, 255), (R, R), R - max(1.1, d * 0.08))
    pen.paste(shine, mask)
    out = pen.done()
    label_ink = theme.GEM_INK[color_index]
    outline = None if color_index == _WHITE_GEM else _mix(fill, BLACK, 0.6)
    return out, label_ink, outline


def _draw_cost_disc(dst: pygame.Surface, color_index: int, d: int, amount: int,
                    center: Point) -> None:
    disc, ink, outline = _cost_disc(color_index, d)
    dst.blit(disc, (round(center[0] - d / 2), round(center[1] - d / 2)))
    _put(dst, str(amount), _px(d * 0.7), ink, center, outline=outline)


@functools.lru_cache(maxsize=64)
def _pill(value: str, px: int, fill: Color, ink: Color, h: int) -> pygame.Surface:
    tw, _ = _ink_size(value, px)
    w = tw + round(h * 0.5)
    pen = _Pen(w, h, fill, k=6)
    pen.rect(fill, (0, 0, w, h), h * 0.3)
    out = pen.done()
    _put(out, value, px, ink, (w / 2, h / 2))
    return out


@functools.lru_cache(maxsize=64)
def _tick(s: int, color: Color, disc: Color | None = None) -> pygame.Surface:
    """A tick mark `s` px square, optionally white on a coloured disc."""
    pen = _Pen(s, s, disc or color, k=6)
    if disc is not None:
        pen.circle(disc, (s / 2, s / 2), s / 2)
        pen.stroke(WHITE, _check_points(s / 2, s / 2 + s * 0.02, s * 0.62), max(1.6, s * 0.12))
    else:
        pen.stroke(color, _check_points(s / 2, s / 2, s * 0.9), max(1.6, s * 0.16))
    return pen.done()
