"""Overlay: a message the player acknowledges (a file that could not be read, ...)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.ui import theme, widgets
from splendor.ui.scenes.overlay_base import ButtonsOverlay

#: Dialog text: a string, or a function giving it in the language in use when drawn.
Text = str | Callable[[], str]


def resolve(text: Text) -> str:
    """The text to show now."""
    return text() if callable(text) else text


class MessageScene(ButtonsOverlay):
    """`title` and `message` above OK (texts, or functions giving them in the language in
    use). OK lights up under the pointer; a click on it, Enter or Escape closes."""

    box_size = (600, 260)

    def __init__(self, title: Text, message: Text) -> None:
        super().__init__()
        self._title = title
        self._message = message
        self._ok = pygame.Rect(0, 0, 0, 0)
        self._text = pygame.Rect(0, 0, 0, 0)

    @property
    def title(self) -> str:
        return resolve(self._title)

    @property
    def message(self) -> str:
        return resolve(self._message)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.close()
        elif event.type != pygame.KEYDOWN:
            self.focus.handle_event(event)  # OK lit under the pointer; a click on it closes
        return True

    def _layout(self, surface: pygame.Surface, width: int) -> tuple[int, int]:
        """The text's size and height inside a box `width` wide."""
        px = self.scaler(surface)
        size = self.text_px(surface, 16)
        return size, widgets.lines_height(self.message, size, width - px(60))

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        _, height = self._layout(surface, width)
        return px(64) + height + px(24) + px(42) + px(20)

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        self._ok = pygame.Rect(0, 0, px(160), px(42))
        self._ok.midbottom = (box.centerx, box.bottom - px(20))
        self._text = pygame.Rect(box.x + px(30), box.y + px(64), box.width - px(60),
                                 self._ok.top - px(16) - box.y - px(64))
        self.focus.set_spots([(self._ok, self.close)])

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        size, _ = self._layout(surface, box.width)
        widgets.draw_lines(surface, self.message, size, theme.TEXT, self._text, align="center")
        self.button(surface, self._ok, tr("common.button.ok"))
