"""The notice about this version of Saba (RULES_SABA.md section 8): a reconstruction, not
the printed card values, no advanced game, where the card data file is. Shown before the
first game of Saba and whenever the player asks for it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.saba.words import notice
from splendor.ui import theme, widgets
from splendor.ui.scenes.overlay_base import ButtonsOverlay


class SabaNoticeScene(ButtonsOverlay):
    """The notice's title and text above one button ('I understand'); the button, Enter
    or Escape closes it and then calls `on_close`. Under the text, `note()` when it says
    something: 'Card data: edited by you' while the player's copy of the data is played."""

    box_size = (720, 300)

    def __init__(
        self, on_close: Callable[[], None] | None = None, note: Callable[[], str] | None = None
    ) -> None:
        super().__init__()
        self.on_close = on_close
        self._note_of = note
        #: The note in the language in use, as last laid out ('' none).
        self.note = ""
        self._ok = pygame.Rect(0, 0, 0, 0)
        self._text = pygame.Rect(0, 0, 0, 0)
        self._note = pygame.Rect(0, 0, 0, 0)

    @property
    def title(self) -> str:
        return notice()[0]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_ESCAPE,
        ):
            self.acknowledge()
        elif event.type != pygame.KEYDOWN:
            self.focus.handle_event(event)
        return True

    def acknowledge(self) -> None:
        self.close()
        if self.on_close is not None:
            self.on_close()

    def _text_size(self, surface: pygame.Surface, width: int) -> tuple[int, int]:
        px = self.scaler(surface)
        size = self.text_px(surface, 16)
        return size, widgets.lines_height(notice()[1], size, width - px(60))

    def _note_height(self, surface: pygame.Surface, width: int) -> int:
        """The note's height once worded anew (on layout), with the gap above it."""
        self.note = self._note_of() if self._note_of is not None else ""
        if not self.note:
            return 0
        px = self.scaler(surface)
        size = self.text_px(surface, 16)
        return px(10) + widgets.lines_height(self.note, size, width - px(60), bold=True)

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        text = self._text_size(surface, width)[1] + self._note_height(surface, width)
        return px(64) + text + px(24) + px(42) + px(20)

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        label = tr("saba.notice.ok")
        width = max(px(180), theme.font(px(17), bold=True).size(label)[0] + px(40))
        self._ok = pygame.Rect(0, 0, min(width, box.w - px(40)), px(42))
        self._ok.midbottom = (box.centerx, box.bottom - px(20))
        note = self._note_height(surface, box.width)
        self._text = pygame.Rect(
            box.x + px(30),
            box.y + px(64),
            box.width - px(60),
            self._ok.top - px(16) - box.y - px(64) - note,
        )
        self._note = pygame.Rect(self._text.x, self._text.bottom + px(10), self._text.w, note)
        self.focus.set_spots([(self._ok, self.acknowledge)])

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        size, _ = self._text_size(surface, box.width)
        widgets.draw_lines(surface, notice()[1], size, theme.TEXT, self._text)
        if self.note:
            widgets.draw_lines(surface, self.note, size, theme.ACCENT, self._note, bold=True)
        self.button(surface, self._ok, tr("saba.notice.ok"))
