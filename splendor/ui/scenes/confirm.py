"""Overlay: a yes/no question before something that cannot be undone."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.ui import theme, widgets
from splendor.ui.scenes.message import Text, resolve
from splendor.ui.scenes.overlay_base import ButtonsOverlay


class ConfirmScene(ButtonsOverlay):
    """`title` and `question` above Cancel and `yes` (texts, or functions giving them in
    the language in use). The buttons light up under the pointer; Tab and the arrows move
    a focus between them (Cancel first), Enter or Space presses the focused one, Escape
    cancels. With `no`, Cancel is that other choice (`on_no` runs when it is taken)."""

    box_size = (520, 230)

    def __init__(self, title: Text, question: Text, yes: Text, on_yes: Callable[[], None],
                 *, no: Text | None = None, on_no: Callable[[], None] | None = None
                 ) -> None:
        super().__init__()
        self._no_label = no
        self.on_no = on_no
        self._title = title
        self._question = question
        self._yes_label = yes
        self.on_yes = on_yes
        self._yes = pygame.Rect(0, 0, 0, 0)
        self._no = pygame.Rect(0, 0, 0, 0)
        self._text = pygame.Rect(0, 0, 0, 0)

    @property
    def title(self) -> str:
        return resolve(self._title)

    @property
    def question(self) -> str:
        return resolve(self._question)

    @property
    def yes_label(self) -> str:
        return resolve(self._yes_label)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        else:
            self.focus.handle_event(event)
        return True

    @property
    def no_label(self) -> str:
        return tr("common.button.cancel") if self._no_label is None \
            else resolve(self._no_label)

    def cancel(self) -> None:
        self._close()
        if self.on_no is not None:
            self.on_no()

    def confirm(self) -> None:
        self._close()
        self.on_yes()

    def _close(self) -> None:
        assert self.app is not None
        self.app.stack.remove(self)

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        height = widgets.lines_height(self.question, self.text_px(surface, 17), width - px(48))
        return px(70) + height + px(24) + px(42) + px(22)

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        w, h = min(px(180), (box.width - px(60)) // 2), px(42)
        self._no = pygame.Rect(box.centerx - w - px(10), box.bottom - h - px(22), w, h)
        self._yes = pygame.Rect(box.centerx + px(10), box.bottom - h - px(22), w, h)
        self._text = pygame.Rect(box.x + px(24), box.y + px(70), box.width - px(48),
                                 self._no.top - px(16) - box.y - px(70))
        self.focus.set_spots([(self._no, self.cancel), (self._yes, self.confirm)])

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        widgets.draw_lines(surface, self.question, self.text_px(surface, 17), theme.TEXT,
                           self._text, align="center")
        self.button(surface, self._no, self.no_label)
        self.button(surface, self._yes, self.yes_label)
