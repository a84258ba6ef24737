"""Gem and crown images for the menus and results, drawn in code."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import pygame

from splendor.ui import theme
from splendor.ui.theme import Color
from splendor.ui.widgets.style import _mix
from splendor.ui.widgets.text import blit_center


def _gem_outline(shape: str, r: float) -> list[tuple[float, float]]:
    """A gem's outline around (0, 0): the cut matches the colour's symbol."""

    def polar(n: int, start: float, radii: Sequence[float]) -> list[tuple[float, float]]:
        return [
            (
                radii[i % len(radii)] * math.cos(start + 2 * math.pi * i / n),
                radii[i % len(radii)] * math.sin(start + 2 * math.pi * i / n),
            )
            for i in range(n)
        ]

    if shape == "diamond":
        return [(0, -r), (r * 0.78, 0), (0, r), (-r * 0.78, 0)]
    if shape == "circle":
        return polar(16, -math.pi / 2, [r])
    if shape == "triangle":
        pts = polar(3, -math.pi / 2, [r * 1.08])
        return [(x, y + r * 0.16) for x, y in pts]
    if shape == "heart":
        pts = []
        for i in range(24):
            t = 2 * math.pi * i / 24
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append((x * r / 16.5, -y * r / 16.5 - r * 0.12))
        return pts
    if shape == "square":
        c = r * 0.24
        s = r * 0.8
        return [(-s + c, -s), (s - c, -s), (s, -s + c), (s, s - c),
                (s - c, s), (-s + c, s), (-s, s - c), (-s, -s + c)]
    # star
    return polar(10, -math.pi / 2, [r * 1.05, r * 0.5])


@functools.lru_cache(maxsize=64)
def gem_image(color_index: int, radius: int) -> pygame.Surface:
    """A faceted gem of one colour, cut in its symbol's shape, antialiased (cached)."""
    ss = 4  # supersampling
    r = radius * ss
    pad = 2 * ss
    size = 2 * r + 2 * pad
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = cy = size / 2
    fill = theme.GEM_FILL[color_index]
    rim = theme.GEM_RIM[color_index]
    shape = theme.GEM_SHAPES[color_index]
    outer = [(cx + x, cy + y) for x, y in _gem_outline(shape, r)]
    inner_scale = 0.5 if shape in ("star", "triangle") else 0.56
    inner = [(cx + x * inner_scale, cy + y * inner_scale) for x, y in _gem_outline(shape, r)]
    light = (-0.55, -0.83)
    pygame.draw.polygon(big, rim, outer)
    n = len(outer)
    for i in range(n):
        a, b = outer[i], outer[(i + 1) % n]
        ia, ib = inner[i], inner[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        length = math.hypot(ex, ey) or 1.0
        nx, ny = ey / length, -ex / length  # outward normal for clockwise screen polygons
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        if nx * mx + ny * my < 0:
            nx, ny = -nx, -ny
        lum = nx * light[0] + ny * light[1]
        color = _mix(fill, (255, 255, 255), 0.45 * lum) if lum > 0 else _mix(
            fill, (0, 0, 0), -0.45 * lum
        )
        pygame.draw.polygon(big, color, [a, b, ib, ia])
    pygame.draw.polygon(big, _mix(fill, (255, 255, 255), 0.12), inner)
    line = max(1, ss // 2)
    edge = _mix(rim, fill, 0.35)
    for i in range(n):
        pygame.draw.line(big, edge, outer[i], inner[i], line)
    pygame.draw.polygon(big, edge, inner, line)
    pygame.draw.polygon(big, rim, outer, ss)
    # A sparkle on the upper left of the table facet.
    sx, sy = cx - r * 0.2, cy - r * 0.22
    k = r * 0.2
    glint = [(sx, sy - k), (sx + k * 0.22, sy - k * 0.22), (sx + k, sy),
             (sx + k * 0.22, sy + k * 0.22), (sx, sy + k), (sx - k * 0.22, sy + k * 0.22),
             (sx - k, sy), (sx - k * 0.22, sy - k * 0.22)]
    pygame.draw.polygon(big, (255, 255, 255, 210), glint)
    return pygame.transform.smoothscale(big, (size // ss, size // ss))


def draw_gem(surface: pygame.Surface, center: tuple[int, int], radius: int, color: int) -> None:
    """A faceted gem of colour index `color` (0-4 gems, 5 gold) centred on `center`."""
    blit_center(surface, gem_image(color, max(4, radius)), center)


@functools.lru_cache(maxsize=16)
def crown_image(width: int, color: Color = theme.ACCENT) -> pygame.Surface:
    """A small crown, `width` pixels wide, antialiased (cached): the winner's mark."""
    ss = 4
    w = width * ss
    h = round(width * 0.78) * ss
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    base_top, base_bottom = h * 0.66, h * 0.94
    pts = [
        (w * 0.06, base_top), (w * 0.02, h * 0.26), (w * 0.30, h * 0.50), (w * 0.50, h * 0.12),
        (w * 0.70, h * 0.50), (w * 0.98, h * 0.26), (w * 0.94, base_top),
    ]
    dark = _mix(color, (0, 0, 0), 0.45)
    pygame.draw.polygon(big, color, pts)
    pygame.draw.rect(big, color, pygame.Rect(w * 0.06, base_top, w * 0.88, base_bottom - base_top))
    pygame.draw.polygon(big, dark, pts, ss)
    pygame.draw.rect(
        big, dark, pygame.Rect(w * 0.06, base_top, w * 0.88, base_bottom - base_top), ss
    )
    for x, y in ((w * 0.02, h * 0.24), (w * 0.5, h * 0.1), (w * 0.98, h * 0.24)):
        pygame.draw.circle(big, color, (x, y), w * 0.07)
        pygame.draw.circle(big, dark, (x, y), w * 0.07, ss)
    pygame.draw.circle(big, theme.GEM_FILL[3], (w * 0.5, (base_top + base_bottom) / 2), w * 0.07)
    return pygame.transform.smoothscale(big, (w // ss, h // ss))
