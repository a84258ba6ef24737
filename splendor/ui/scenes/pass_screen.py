"""Between two humans' turns: hide the table until the next player is ready."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import draw_lines, draw_text, line_height, lines_height


class PassScreenScene(Scene):
    """Opaque, so the table (and the previous player's secrets) is not drawn beneath."""

    opaque = True
    modal = True

    def __init__(self, name: str, on_ready: Callable[[], None] | None = None) -> None:
        """`on_ready`: called when the player says they are at the screen, before the
        table shows again."""
        super().__init__()
        self.name = name
        self.on_ready = on_ready
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
            if self.on_ready is not None:
                self.on_ready()
            self.app.stack.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.TABLE_DARK)
        s = theme.ui_scale(surface.get_size())
        screen = surface.get_rect()
        width = screen.w - 2 * round(60 * s)
        title_px = round(44 * s)
        title_h = line_height(title_px) + round(8 * s)
        title = pygame.Rect(0, 0, width, title_h)
        title.midbottom = (screen.centerx, screen.centery - round(8 * s))
        draw_text(surface, tr("turn.pass.title", name=self.name), title_px, theme.ACTIVE, title,
                  serif=True)
        hint = tr("turn.pass.hint", name=self.name)
        hint_px = max(theme.MIN_TEXT_PX, round(18 * s))
        box = pygame.Rect(title.x, screen.centery + round(16 * s), width,
                          lines_height(hint, hint_px, width))
        draw_lines(surface, hint, hint_px, theme.TEXT, box, align="center")
