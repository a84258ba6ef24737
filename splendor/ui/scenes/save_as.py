"""Overlay: save the game under a name (from the pause menu)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.ui import theme
from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.widgets import TextInput


class SaveAsScene(Overlay):
    """Type a name, then Save (Enter) or Cancel (Escape). `on_save(name)` returns an error
    message or None; the overlay closes only when the save succeeded."""

    title = "Save game"
    box_size = (560, 250)

    def __init__(self, default_name: str, on_save: Callable[[str], str | None]) -> None:
        super().__init__()
        self.field = TextInput(default_name, max_length=40, px=18)
        self.field.focused = True
        self.on_save = on_save
        self.message = ""
        self._save = pygame.Rect(0, 0, 0, 0)
        self._cancel = pygame.Rect(0, 0, 0, 0)

    def close(self) -> None:
        assert self.app is not None
        self.app.stack.remove(self)

    def save(self) -> None:
        name = self.field.text.strip()
        if not name:
            self.message = "Type a name for this save."
            return
        problem = self.on_save(name)
        if problem:
            self.message = problem
        else:
            self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._save.collidepoint(event.pos):
                self.save()
            elif self._cancel.collidepoint(event.pos):
                self.close()
        else:
            self.field.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        self.field.update(dt)

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        self.field.px = px(18)
        self.field.rect = pygame.Rect(box.x + px(40), box.y + px(70), box.width - px(80), px(44))
        self.field.draw(surface)
        if self.message:
            note = theme.text(self.message, px(15), theme.DANGER)
            surface.blit(note, note.get_rect(midtop=(box.centerx, box.y + px(124))))
        w, h = px(170), px(42)
        self._cancel = pygame.Rect(box.centerx - w - px(10), box.bottom - h - px(20), w, h)
        self._save = pygame.Rect(box.centerx + px(10), box.bottom - h - px(20), w, h)
        self.button(surface, self._cancel, "Cancel")
        self.button(surface, self._save, "Save")
