"""Stars as the challenges draw them: five-pointed, gold when earned, an outline when not;
and a small padlock for what is locked."""

from __future__ import annotations

import math

import pygame

from splendor.ui import theme


def star_points(center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star, point up."""
    cx, cy = center
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def draw_star(surface: pygame.Surface, center: tuple[int, int], radius: int,
              earned: bool) -> None:
    """One star: filled gold when `earned`, else a dim outline."""
    points = star_points(center, radius)
    if earned:
        pygame.draw.polygon(surface, theme.ACCENT, points)
        pygame.draw.aalines(surface, theme.ACTIVE, True, points)
    else:
        pygame.draw.polygon(surface, theme.TABLE_DARK, points)
        pygame.draw.aalines(surface, theme.TEXT_DIM, True, points)


def draw_stars(surface: pygame.Surface, left: int, centery: int, radius: int, earned: int,
               total: int = 3) -> int:
    """`total` stars in a row from `left`, the first `earned` gold; the x after the last."""
    step = round(radius * 2.3)
    for i in range(total):
        draw_star(surface, (left + radius + i * step, centery), radius, i < earned)
    return left + (total - 1) * step + 2 * radius


def stars_width(radius: int, total: int = 3) -> int:
    return (total - 1) * round(radius * 2.3) + 2 * radius


def draw_lock(surface: pygame.Surface, center: tuple[int, int], size: int,
              color: theme.Color = theme.TEXT_DIM) -> None:
    """A padlock about `size` pixels high."""
    cx, cy = center
    body = pygame.Rect(0, 0, round(size * 0.8), round(size * 0.55))
    body.midbottom = (cx, cy + size // 2)
    shackle = pygame.Rect(0, 0, round(size * 0.5), round(size * 0.75))
    shackle.midtop = (cx, cy - size // 2)
    pygame.draw.ellipse(surface, color, shackle, max(2, size // 7))
    pygame.draw.rect(surface, color, body, border_radius=max(1, size // 8))


def draw_tick(surface: pygame.Surface, center: tuple[int, int], size: int,
              color: theme.Color = theme.OK) -> None:
    """A check mark about `size` pixels wide."""
    cx, cy = center
    h = size / 2
    points = [(cx - h, cy), (cx - h / 3, cy + h * 0.7), (cx + h, cy - h * 0.7)]
    pygame.draw.lines(surface, color, False, points, max(2, size // 6))
