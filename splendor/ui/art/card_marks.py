"""Marks on a card's face: the cost discs."""

from __future__ import annotations

import functools

import pygame

from splendor.ui import theme
from splendor.ui.art.palette import _BLACK_GEM, _WHITE_GEM, BLACK, WHITE, Color, Point, _mix
from splendor.ui.art.pen import _Pen
from splendor.ui.art.text import _put, _px


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
