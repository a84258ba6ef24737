"""Overlay: several nobles qualify; the player picks the one that visits this turn."""

from __future__ import annotations

import pygame

from splendor.engine import ChooseNoble
from splendor.ui import art, theme
from splendor.ui.controller import GameController
from splendor.ui.scenes.overlay_base import Overlay


class NobleChoiceScene(Overlay):
    title = "A noble visits"
    box_size = (600, 300)

    def __init__(self, controller: GameController) -> None:
        super().__init__()
        self.controller = controller
        self._rects: list[tuple[str, pygame.Rect]] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for noble_id, rect in self._rects:
                if rect.collidepoint(event.pos):
                    self.choose(noble_id)
                    break
        return True

    def choose(self, noble_id: str) -> None:
        if self.controller.play(ChooseNoble(noble_id)) is None:
            assert self.app is not None
            self.app.stack.pop()

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        line = "Several nobles would visit you. Only one comes this turn: choose."
        image = theme.text(line, px(16), theme.TEXT)
        surface.blit(image, image.get_rect(midtop=(box.centerx, box.y + px(54))))
        candidates = self.controller.state.noble_candidates()
        size = px(120)
        gap = px(24)
        x = box.centerx - (len(candidates) * size + (len(candidates) - 1) * gap) // 2
        y = box.y + px(100)
        self._rects = []
        for i, noble in enumerate(candidates):
            rect = pygame.Rect(x + i * (size + gap), y, size, size)
            surface.blit(art.noble_surface(noble, rect.size), rect)
            pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(8, 8), 2, border_radius=px(8))
            self._rects.append((noble.id, rect))
