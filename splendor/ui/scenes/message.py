"""Overlay: a message the player acknowledges (a file that could not be read, ...)."""

from __future__ import annotations

import pygame

from splendor.ui import theme
from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.scenes.rules import wrap


class MessageScene(Overlay):
    box_size = (600, 260)

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.title = title
        self.message = message
        self._ok = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        close = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)
        close |= (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                  and self._ok.collidepoint(event.pos))
        if close and self.app is not None:
            self.app.stack.pop()
        return True

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        y = box.y + px(64)
        for line in wrap(self.message, px(16), box.width - px(60))[:5]:
            image = theme.text(line, px(16), theme.TEXT)
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += px(24)
        self._ok = pygame.Rect(0, 0, px(160), px(42))
        self._ok.midbottom = (box.centerx, box.bottom - px(20))
        self.button(surface, self._ok, "OK")
