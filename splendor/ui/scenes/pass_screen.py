"""Between two humans' turns: hide the table until the next player is ready."""

from __future__ import annotations

import pygame

from splendor.ui import theme
from splendor.ui.scene import Scene


class PassScreenScene(Scene):
    """Opaque, so the table (and the previous player's secrets) is not drawn beneath."""

    opaque = True
    modal = True

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self._pressed = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        # Only a click that starts here counts: the release of the click that ended the
        # previous player's turn must not reveal the table to them.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = True
        done = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed
        done |= event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if done and self.app is not None:
            self.app.stack.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.TABLE_DARK)
        s = theme.ui_scale(surface.get_size())
        center = surface.get_rect().center
        title = theme.text(f"Pass to {self.name}", round(44 * s), theme.ACTIVE, serif=True)
        surface.blit(title, title.get_rect(center=(center[0], center[1] - round(30 * s))))
        hint = theme.text(f"{self.name}, click or press Enter when you are ready.", round(18 * s),
                          theme.TEXT)
        surface.blit(hint, hint.get_rect(center=(center[0], center[1] + round(30 * s))))
