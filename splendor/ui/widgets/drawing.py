"""Decoration: the table felt, panels, shadows and the focus ring."""

from __future__ import annotations

import functools
import math

import pygame

from splendor.ui import theme
from splendor.ui.theme import Color
from splendor.ui.widgets.style import _mix


@functools.lru_cache(maxsize=8)
def _background(size: tuple[int, int]) -> pygame.Surface:
    """The felt: the table green, lit in the middle and darker towards the edges."""
    w, h = 96, 54
    small = pygame.Surface((w, h))
    lit = (30, 74, 60)
    for y in range(h):
        for x in range(w):
            dx = (x + 0.5) / w - 0.5
            dy = ((y + 0.5) / h - 0.42) * 0.9
            t = min(1.0, math.hypot(dx, dy) * 1.55) ** 1.6
            small.set_at((x, y), _mix(lit, theme.TABLE_DARK, t))
    return pygame.transform.smoothscale(small, size)


def draw_background(surface: pygame.Surface) -> None:
    """Fill `surface` with the table felt (cached per window size)."""
    surface.blit(_background(surface.get_size()), (0, 0))


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, depth: int) -> None:
    """A soft dark shadow under `rect`, `depth` pixels down."""
    if depth <= 0:
        return
    shadow = pygame.Surface((rect.w + 2 * depth, rect.h + 2 * depth), pygame.SRCALPHA)
    for i in range(depth):
        alpha = 22 + 40 * i // depth
        pygame.draw.rect(
            shadow,
            (0, 0, 0, alpha),
            pygame.Rect(i, i, rect.w + 2 * (depth - i), rect.h + 2 * (depth - i)),
            border_radius=radius + depth - i,
        )
    surface.blit(shadow, (rect.x - depth, rect.y - depth + depth // 2 + 1))


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int,
    *,
    fill: Color = theme.PANEL,
    edge: Color = theme.PANEL_EDGE,
    shadow: int = 0,
    alpha: int = 255,
) -> None:
    """A rounded panel with an edge line and an optional shadow."""
    draw_shadow(surface, rect, radius, shadow)
    if alpha >= 255:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, width=max(1, radius // 6), border_radius=radius)
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    local = layer.get_rect()
    pygame.draw.rect(layer, (*fill, alpha), local, border_radius=radius)
    pygame.draw.rect(layer, (*edge, 255), local, width=max(1, radius // 6), border_radius=radius)
    surface.blit(layer, rect.topleft)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int, gap: int) -> None:
    ring = rect.inflate(2 * gap, 2 * gap)
    width = max(2, gap // 2)
    pygame.draw.rect(surface, theme.ACTIVE, ring, width=width, border_radius=radius + gap)
