"""Saba's pieces drawn in code: materials (each with its own shape, so that the game reads
without colour), figures in the players' colours, the vizier, the palace pieces and harem
markers."""

from __future__ import annotations

import math

import pygame

from splendor.ui import theme
from splendor.ui.theme import Color

#: Alabaster (white), sandstone (brown), ebony (black), gold (yellow): fill and rim.
MATERIAL_FILL: tuple[Color, ...] = (
    (238, 234, 222),
    (200, 142, 84),
    (58, 44, 38),
    (236, 188, 52),
)
MATERIAL_RIM: tuple[Color, ...] = (
    (128, 124, 116),
    (112, 70, 34),
    (176, 156, 136),
    (146, 104, 16),
)
#: The players' colours by seat (the real ones are not known: RULES_SABA S1).
PLAYER_COLORS: tuple[Color, ...] = (
    (214, 66, 58),
    (70, 128, 232),
    (168, 98, 214),
    (58, 196, 206),
)
PLAYER_RIM: tuple[Color, ...] = (
    (110, 24, 20),
    (24, 52, 120),
    (76, 36, 110),
    (18, 92, 98),
)
VIZIER: Color = (30, 26, 34)
STONE: Color = (222, 210, 184)
STONE_EDGE: Color = (132, 112, 84)
WATER: Color = (96, 170, 230)


def draw_material(
    surface: pygame.Surface, center: tuple[int, int], r: int, m: int, empty: bool = False
) -> None:
    """One unit of material `m` (or, `empty`, the outline of a free place for one): a
    square block of alabaster, a brick of sandstone, a log of ebony, a gold nugget."""
    x, y = center
    fill, rim = MATERIAL_FILL[m], MATERIAL_RIM[m]
    width = max(1, r // 5)
    if m == 0:
        rect = pygame.Rect(0, 0, round(1.6 * r), round(1.6 * r))
    elif m == 1:
        rect = pygame.Rect(0, 0, round(2.0 * r), round(1.2 * r))
    else:
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
    rect.center = (x, y)
    if empty:
        if m == 3:
            pygame.draw.polygon(surface, rim, _hexagon(center, r), width)
        elif m == 2:
            pygame.draw.circle(surface, rim, center, r, width)
        else:
            pygame.draw.rect(surface, rim, rect, width, border_radius=max(2, r // 4))
        return
    if m == 3:
        points = _hexagon(center, r)
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, rim, points, width)
        pygame.draw.circle(surface, (255, 230, 140), (x - r // 3, y - r // 3), max(1, r // 4))
    elif m == 2:
        pygame.draw.circle(surface, fill, center, r)
        pygame.draw.circle(surface, rim, center, r, width)
        pygame.draw.circle(surface, rim, center, max(1, r // 2), max(1, width // 2))
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=max(2, r // 4))
        pygame.draw.rect(surface, rim, rect, width, border_radius=max(2, r // 4))
        if m == 1:  # the mortar line of a brick
            pygame.draw.line(
                surface,
                rim,
                (rect.centerx, rect.top + width),
                (rect.centerx, rect.bottom - width),
                width,
            )


def _hexagon(center: tuple[int, int], r: int) -> list[tuple[float, float]]:
    x, y = center
    return [
        (
            x + r * math.cos(math.pi / 3 * i + math.pi / 6),
            y + r * math.sin(math.pi / 3 * i + math.pi / 6),
        )
        for i in range(6)
    ]


def draw_figure(surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    """A player's figure standing in `rect`: a head over a flared body, in the seat's
    colour with a dark rim."""
    _pawn(surface, rect, PLAYER_COLORS[seat % 4], PLAYER_RIM[seat % 4])


def draw_vizier(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The black vizier, a taller figure with a gold turban."""
    _pawn(surface, rect, VIZIER, theme.ACCENT)
    head = max(2, rect.w // 4)
    pygame.draw.circle(
        surface,
        theme.ACCENT,
        (rect.centerx, rect.y + head),
        head,
        0,
        draw_top_left=True,
        draw_top_right=True,
    )


def _pawn(surface: pygame.Surface, rect: pygame.Rect, fill: Color, rim: Color) -> None:
    w, h = rect.w, rect.h
    head = max(2, min(w, h) // 4)
    cx = rect.centerx
    body = [
        (cx - w * 0.42, rect.bottom),
        (cx + w * 0.42, rect.bottom),
        (cx + w * 0.16, rect.y + head * 2.1),
        (cx - w * 0.16, rect.y + head * 2.1),
    ]
    edge = max(1, w // 10)
    pygame.draw.polygon(surface, fill, body)
    pygame.draw.polygon(surface, rim, body, edge)
    pygame.draw.circle(surface, fill, (cx, rect.y + head), head)
    pygame.draw.circle(surface, rim, (cx, rect.y + head), head, edge)


def draw_marker(surface: pygame.Surface, center: tuple[int, int], r: int, seat: int) -> None:
    """A harem marker: a disc in the seat's colour."""
    pygame.draw.circle(surface, PLAYER_COLORS[seat % 4], center, r)
    pygame.draw.circle(surface, PLAYER_RIM[seat % 4], center, r, max(1, r // 4))


def draw_piece(surface: pygame.Surface, rect: pygame.Rect, level: int) -> None:
    """The palace piece of `level` standing in `rect`: an arch (1), a fountain (2) or a
    pillar (3); an empty garden space (0) is a paving stone."""
    edge = max(1, rect.w // 30)
    if level <= 0:
        slab = pygame.Rect(
            rect.x + rect.w // 6, rect.bottom - rect.h // 5, rect.w * 2 // 3, rect.h // 6
        )
        pygame.draw.rect(surface, theme.TABLE_DARK, slab, border_radius=edge * 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, slab, edge, border_radius=edge * 2)
        return
    if level == 1:
        outer = pygame.Rect(
            rect.x + rect.w // 8, rect.y + rect.h // 8, rect.w * 3 // 4, rect.h * 7 // 8
        )
        pygame.draw.rect(
            surface,
            STONE,
            outer,
            border_top_left_radius=outer.w // 2,
            border_top_right_radius=outer.w // 2,
        )
        pygame.draw.rect(
            surface,
            STONE_EDGE,
            outer,
            edge,
            border_top_left_radius=outer.w // 2,
            border_top_right_radius=outer.w // 2,
        )
        inner = outer.inflate(-outer.w // 2, 0)
        inner.bottom = outer.bottom
        inner.h = outer.h * 2 // 3
        inner.bottom = outer.bottom
        pygame.draw.rect(
            surface,
            theme.TABLE_DARK,
            inner,
            border_top_left_radius=inner.w // 2,
            border_top_right_radius=inner.w // 2,
        )
    elif level == 2:
        basin = pygame.Rect(
            rect.x + rect.w // 10, rect.bottom - rect.h * 2 // 5, rect.w * 4 // 5, rect.h * 2 // 5
        )
        pygame.draw.ellipse(surface, STONE, basin)
        pygame.draw.ellipse(surface, STONE_EDGE, basin, edge)
        water = basin.inflate(-basin.w // 4, -basin.h // 2)
        water.y = basin.y + basin.h // 6
        pygame.draw.ellipse(surface, WATER, water)
        jet = pygame.Rect(0, 0, max(2, rect.w // 10), rect.h // 2)
        jet.midbottom = (rect.centerx, water.centery)
        pygame.draw.rect(surface, WATER, jet, border_radius=jet.w // 2)
        for side in (-1, 1):
            drop = (rect.centerx + side * rect.w // 5, rect.y + rect.h // 3)
            pygame.draw.circle(surface, WATER, drop, max(2, rect.w // 16))
    else:
        shaft = pygame.Rect(0, 0, rect.w // 3, rect.h * 3 // 4)
        shaft.midbottom = (rect.centerx, rect.bottom - rect.h // 12)
        pygame.draw.rect(surface, STONE, shaft)
        for x in range(shaft.x + shaft.w // 4, shaft.right - 1, max(2, shaft.w // 4)):
            pygame.draw.line(surface, STONE_EDGE, (x, shaft.y), (x, shaft.bottom), 1)
        pygame.draw.rect(surface, STONE_EDGE, shaft, edge)
        for top, w in ((shaft.y, shaft.w * 5 // 3), (shaft.bottom, shaft.w * 5 // 3)):
            cap = pygame.Rect(0, 0, w, max(3, rect.h // 10))
            cap.center = (rect.centerx, top)
            pygame.draw.rect(surface, STONE, cap, border_radius=edge)
            pygame.draw.rect(surface, STONE_EDGE, cap, edge, border_radius=edge)
