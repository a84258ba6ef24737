"""Overlay: a yes/no question before something that cannot be undone."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.ui import theme
from splendor.ui.scenes.overlay_base import Overlay


class ConfirmScene(Overlay):
    box_size = (520, 230)

    def __init__(self, title: str, question: str, yes: str, on_yes: Callable[[], None]) -> None:
        super().__init__()
        self.title = title
        self.question = question
        self.yes_label = yes
        self.on_yes = on_yes
        self._yes = pygame.Rect(0, 0, 0, 0)
        self._no = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._close()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._yes.collidepoint(event.pos):
                self._close()
                self.on_yes()
            elif self._no.collidepoint(event.pos):
                self._close()
        return True

    def _close(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        line = theme.text(self.question, px(17), theme.TEXT)
        surface.blit(line, line.get_rect(midtop=(box.centerx, box.y + px(70))))
        w, h = px(180), px(42)
        self._no = pygame.Rect(box.centerx - w - px(10), box.bottom - h - px(22), w, h)
        self._yes = pygame.Rect(box.centerx + px(10), box.bottom - h - px(22), w, h)
        self.button(surface, self._no, "Cancel")
        self.button(surface, self._yes, self.yes_label)
