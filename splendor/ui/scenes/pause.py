"""Overlay: the pause menu over the table (Escape): resume, settings, leave."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.settings_panel import Hotspot, SettingsPanel


class PauseScene(Overlay):
    """Resume, adjust assists, speed and sound, or leave (after a confirmation)."""

    title = "Paused"
    box_size = (520, 520)

    def __init__(self, on_leave: Callable[[], None], panel: SettingsPanel | None = None,
                 on_save: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.on_leave = on_leave
        self.on_save = on_save
        self.panel = panel
        self._spots: list[Hotspot] = []

    def resume_game(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_game()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self._spots:
                if rect.collidepoint(event.pos):
                    action()
                    break
        return True

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        w, h = px(300), px(42)
        x = box.centerx - w // 2
        y = box.y + px(64)
        half = (w - px(12)) // 2
        rect = pygame.Rect(x, y, half if self.on_save else w, h)
        self.button(surface, rect, "Resume")
        self._spots = [(rect, self.resume_game)]
        if self.on_save is not None:
            save = pygame.Rect(x + half + px(12), y, half, h)
            self.button(surface, save, "Save game")
            self._spots.append((save, self.on_save))
        y += h + px(18)
        if self.panel is not None:
            area = pygame.Rect(box.x + px(40), y, box.width - px(80), box.bottom - y)
            _, spots = self.panel.draw(surface, area, px)
            self._spots += spots
        rect = pygame.Rect(x, box.bottom - h - px(22), w, h)
        self.button(surface, rect, "Leave game")
        self._spots.append((rect, self.on_leave))
