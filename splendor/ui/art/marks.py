"""Marks laid over the table's pictures: a dashed frame or ring (the last move) and a
sparkle (a card just dealt). Each is drawn once per size and colour and cached."""

from __future__ import annotations

import functools
import math

import pygame

from splendor.ui.art.palette import BLACK, Color, _mix, _rgba
from splendor.ui.art.paths import _dashed_outline
from splendor.ui.art.pen import _finish, _Pen


@functools.lru_cache(maxsize=128)
def dashed_frame_surface(w: int, h: int, radius: int, width: int, color: Color
                         ) -> pygame.Surface:
    """A dashed rounded-rectangle outline exactly `w` x `h`, `width` px thick."""
    w, h = max(8, w), max(8, h)
    pen = _Pen(w, h, color)
    shade = _rgba(_mix(color, BLACK, 0.65), 200)
    # A dark line under the dashes keeps them visible on light cards and the dark table.
    _dashed_outline(pen, shade, (0, 0, w, h), radius, width + 1.5)
    _dashed_outline(pen, _rgba(color, 255), (0.75, 0.75, w - 1.5, h - 1.5), radius, width)
    return _finish(pen.done())


@functools.lru_cache(maxsize=64)
def dashed_ring_surface(d: int, width: int, color: Color) -> pygame.Surface:
    """A dashed circle `d` px across, `width` px thick, on a `d`-px square."""
    d = max(8, d)
    pen = _Pen(d, d, color)
    r = d / 2 - width / 2 - 0.75
    n = max(8, round(math.pi * d / max(6.0, d * 0.16)))
    shade = _mix(color, BLACK, 0.65)
    for layer_color, thick in ((shade, width + 1.5), (color, float(width))):
        for i in range(n):
            a0 = 2 * math.pi * i / n
            a1 = a0 + 2 * math.pi / n * 0.6
            steps = 6
            pts = [(d / 2 + r * math.cos(a0 + (a1 - a0) * k / steps),
                    d / 2 + r * math.sin(a0 + (a1 - a0) * k / steps)) for k in range(steps + 1)]
            pen.stroke(layer_color, pts, thick)
    return _finish(pen.done())


@functools.lru_cache(maxsize=32)
def sparkle_surface(s: int, color: Color) -> pygame.Surface:
    """A four-pointed sparkle `s` px square with a dark edge (a card just dealt)."""
    s = max(8, s)
    pen = _Pen(s, s, color)
    c = s / 2

    def star(outer: float, inner: float) -> list[tuple[float, float]]:
        pts = []
        for i in range(8):
            r = outer if i % 2 == 0 else inner
            a = -math.pi / 2 + i * math.pi / 4
            pts.append((c + r * math.cos(a), c + r * math.sin(a)))
        return pts

    pen.polygon(_mix(color, BLACK, 0.7), star(s * 0.5, s * 0.2))
    pen.polygon(color, star(s * 0.5 - max(1.2, s * 0.08), s * 0.14))
    return _finish(pen.done())
