"""The supersampling pen every picture is drawn with, and finishing touches."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from splendor.ui.art.palette import BLACK, Box, Point, _rgba


def _finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blitting once a display exists (the pixels stay the same)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


class _Pen:
    """A supersampled canvas: draw in final-pixel coordinates, `done()` scales it down.

    `bg` is the colour of the transparent background; choosing the colour of the outermost
    shape avoids dark fringes when the edges are averaged.
    """

    def __init__(self, w: int, h: int, bg: Sequence[int] = BLACK, k: int | None = None) -> None:
        self.w, self.h = w, h
        self.k = k or (4 if max(w, h) <= 170 else 3 if max(w, h) <= 420 else 2)
        self.surf = pygame.Surface((w * self.k, h * self.k), pygame.SRCALPHA)
        self.surf.fill(_rgba(bg, 0))

    def layer(self, bg: Sequence[int] = BLACK) -> _Pen:
        return _Pen(self.w, self.h, bg, self.k)

    def p(self, x: float, y: float) -> tuple[int, int]:
        return round(x * self.k), round(y * self.k)

    def circle(self, color: Sequence[int], c: Point, r: float, width: float = 0) -> None:
        w = max(1, round(width * self.k)) if width else 0
        pygame.draw.circle(self.surf, color, self.p(*c), max(1, round(r * self.k)), w)

    def polygon(self, color: Sequence[int], points: Sequence[Point]) -> None:
        pygame.draw.polygon(self.surf, color, [self.p(x, y) for x, y in points])

    def rect(
        self,
        color: Sequence[int],
        box: Box,
        radius: float = 0,
        *,
        top: float | None = None,
        bottom: float | None = None,
    ) -> None:
        """A filled rectangle with rounded corners (`top`/`bottom` override the radius)."""
        k = self.k
        x, y, w, h = box
        rect = pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))
        t = round((radius if top is None else top) * k)
        b = round((radius if bottom is None else bottom) * k)
        pygame.draw.rect(
            self.surf,
            color,
            rect,
            border_top_left_radius=t,
            border_top_right_radius=t,
            border_bottom_left_radius=b,
            border_bottom_right_radius=b,
        )

    def ring(self, color: Sequence[int], box: Box, radius: float, width: float) -> None:
        """A rounded-rectangle outline `width` wide inside `box`, drawn on its own layer."""
        layer = self.layer(color)
        layer.rect(_rgba(color, 255), box, radius)
        x, y, w, h = box
        layer.rect(_rgba(color, 0), (x + width, y + width, w - 2 * width, h - 2 * width),
                   max(0.0, radius - width))
        self.paste(layer)

    def stroke(
        self, color: Sequence[int], points: Sequence[Point], width: float, closed: bool = False
    ) -> None:
        """A polyline with round joints and caps."""
        pts = list(points) + ([points[0]] if closed else [])
        half = width / 2
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            length = math.hypot(x1 - x0, y1 - y0)
            if length < 1e-6:
                continue
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            self.polygon(color, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                 (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
        for pt in pts:
            self.circle(color, pt, half)

    def paste(self, other: _Pen, mask: _Pen | None = None) -> None:
        """Blend another layer on top, optionally clipped to `mask`'s opaque area."""
        src = other.surf
        if mask is not None:
            src = src.copy()
            src.blit(mask.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(src, (0, 0))

    def done(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surf, (self.w, self.h))


def _dim(surface: pygame.Surface) -> pygame.Surface:
    """Greyed out: mostly grey, darker, with a trace of the original colour."""
    grey = pygame.transform.grayscale(surface)
    grey.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    tint = surface.copy()
    tint.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    tint.set_alpha(64)
    grey.blit(tint, (0, 0))
    return grey


def _fade(surface: pygame.Surface, alpha: int) -> pygame.Surface:
    out = surface.copy()
    out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out
