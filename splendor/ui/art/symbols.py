"""The colour-blind gem symbols: diamond, circle, triangle, heart, square, star."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import pygame

from splendor.ui import theme
from splendor.ui.art.palette import Color, Point, _rgba
from splendor.ui.art.pen import _finish, _Pen


@functools.cache
def _heart_unit() -> tuple[Point, ...]:
    """A heart outline fitted to a unit box centred on the origin."""
    raw = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    return tuple(((x - cx) / span, (y - cy) / span) for x, y in raw)


def _star_points(cx: float, cy: float, outer: float, inner: float) -> list[Point]:
    pts = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _draw_shape(
    pen: _Pen, shape: str, cx: float, cy: float, s: float, color: Sequence[int]
) -> None:
    """One gem symbol, `s` pixels across, centred on (cx, cy), onto a pen."""
    if shape == "diamond":
        a, b = 0.5 * s, 0.4 * s  # half-diagonals: vertical, horizontal
        t = max(1.5, 0.13 * s)
        diag = math.hypot(a, b)
        ai, bi = a - t * diag / b, b - t * diag / a
        pen.polygon(color, [(cx, cy - a), (cx + b, cy), (cx, cy + a), (cx - b, cy)])
        if ai > 0.5 and bi > 0.5:
            hole = _rgba(color, 0)
            pen.polygon(hole, [(cx, cy - ai), (cx + bi, cy), (cx, cy + ai), (cx - bi, cy)])
    elif shape == "circle":
        pen.circle(color, (cx, cy), 0.38 * s)
    elif shape == "triangle":
        pen.polygon(color, [(cx, cy - 0.45 * s), (cx + 0.5 * s, cy + 0.42 * s),
                            (cx - 0.5 * s, cy + 0.42 * s)])
    elif shape == "heart":
        pen.polygon(color, [(cx + x * s * 0.98, cy + y * s * 0.98) for x, y in _heart_unit()])
    elif shape == "square":
        h = 0.41 * s  # larger than the circle, so the two differ in size as well as corners
        pen.rect(color, (cx - h, cy - h, 2 * h, 2 * h), 0.03 * s)
    elif shape == "star":
        pen.polygon(color, _star_points(cx, cy + 0.05 * s, 0.53 * s, 0.23 * s))
    else:  # pragma: no cover - GEM_SHAPES is fixed
        raise ValueError(f"unknown shape {shape!r}")


@functools.lru_cache(maxsize=512)
def symbol_surface(color_index: int, size: float, ink: Color) -> pygame.Surface:
    """The colour-blind symbol of a colour (0-5) as a `size`-pixel square, cached."""
    size = max(4, round(size))
    pen = _Pen(size, size, ink, k=8 if size <= 24 else 4)
    _draw_shape(pen, theme.GEM_SHAPES[color_index], size / 2, size / 2, size, _rgba(ink, 255))
    return _finish(pen.done())


#: Whether gems carry their symbols (a setting; see caches.set_symbols).
SYMBOLS = {"shown": True}


def draw_symbol(
    surface: pygame.Surface, center: Point, size: float, color_index: int, ink: Sequence[int]
) -> None:
    """Draw the colour-blind shape of a colour (0-5) `size` px across, centred on `center`.

    White: outline diamond; blue: circle; green: triangle; red: heart; black: square;
    gold: star. Drawn supersampled and cached, so it stays crisp from 10 to 60 px.
    Nothing is drawn while the player has switched the symbols off.
    """
    if not SYMBOLS["shown"]:
        return
    size = max(4, round(size))
    ink_rgb = (int(ink[0]), int(ink[1]), int(ink[2]))
    sym = symbol_surface(color_index, size, ink_rgb)
    surface.blit(sym, (round(center[0] - size / 2), round(center[1] - size / 2)))
