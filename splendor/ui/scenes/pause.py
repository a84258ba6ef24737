"""Overlay: the pause menu over the table (Escape)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.ui.scenes.overlay_base import Overlay


class PauseScene(Overlay):
    """Resume, or leave the game (after a confirmation pushed by `on_leave`)."""

    title = "Paused"
    box_size = (420, 260)

    def __init__(self, on_leave: Callable[[], None]) -> None:
        super().__init__()
        self.on_leave = on_leave
        self._buttons: list[tuple[pygame.Rect, Callable[[], None]]] = []

    def resume_game(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_game()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self._buttons:
                if rect.collidepoint(event.pos):
                    action()
                    break
        return True

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        w, h = self.px(surface, 260), self.px(surface, 44)
        x = box.centerx - w // 2
        y = box.y + self.px(surface, 70)
        self._buttons = []
        for label, action in (("Resume", self.resume_game), ("Leave game", self.on_leave)):
            rect = pygame.Rect(x, y, w, h)
            self.button(surface, rect, label)
            self._buttons.append((rect, action))
            y += h + self.px(surface, 16)
