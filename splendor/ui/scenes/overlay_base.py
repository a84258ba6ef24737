"""Shared look of the overlays: a dimmed table and a centred card-like box."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import draw_flat_button, draw_text


class Overlay(Scene):
    """A modal box over the table; subclasses fill `draw_body`."""

    opaque = False
    modal = True
    title = ""
    box_size = (560, 320)

    def box(self, surface: pygame.Surface) -> pygame.Rect:
        s = theme.ui_scale(surface.get_size())
        w, h = round(self.box_size[0] * s), round(self.box_size[1] * s)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = surface.get_rect().center
        return rect

    def px(self, surface: pygame.Surface, value: float) -> int:
        return max(1, round(value * theme.ui_scale(surface.get_size())))

    def scaler(self, surface: pygame.Surface) -> Callable[[float], int]:
        """`px` bound to this surface's size."""
        return functools.partial(self.px, surface)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self.box(surface)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=self.px(surface, 14))
        pygame.draw.rect(surface, theme.ACTIVE, box, 2, border_radius=self.px(surface, 14))
        px = self.scaler(surface)
        draw_text(surface, self.title, px(22), theme.TEXT,
                  pygame.Rect(box.x + px(20), box.y + px(14), box.w - px(40), px(32)),
                  valign="top", bold=True)
        self.draw_body(surface, box)

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Draw the overlay's content inside `box`."""

    def button(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
               enabled: bool = True) -> None:
        draw_flat_button(surface, rect, label, self.scaler(surface), enabled)
