"""Overlay: several nobles qualify; the player picks the one that visits this turn (with
Undo and Hint when the game offers them, see `assist`)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from splendor.engine import ChooseNoble, Refusal
from splendor.i18n import tr
from splendor.session.table_session import TableSession
from splendor.ui import art, theme
from splendor.ui.scenes.assist import BoxAssist
from splendor.ui.scenes.overlay_base import ButtonsOverlay
from splendor.ui.table.view import button_height, draw_button
from splendor.ui.widgets import draw_lines, lines_height
from splendor.ui.wording import refusal_text


class NobleChoiceScene(ButtonsOverlay):
    """The qualifying nobles side by side: a click on one chooses it. The tile under the
    pointer lights up; Tab and the arrows move a focus between them, Enter or Space
    chooses the focused one."""

    title_key = "turn.noble.title"
    box_size = (620, 300)

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self._rects: list[tuple[str, pygame.Rect]] = []
        self._text = pygame.Rect(0, 0, 0, 0)
        self.assist = BoxAssist(session, self.close, self._refuse)
        self.refusal: Refusal | None = None
        self._line = pygame.Rect(0, 0, 0, 0)
        self._buttons: list[tuple[pygame.Rect, str, bool]] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.assist.handle_key(event):
            self.focus.handle_event(event)
        return True

    def _refuse(self, reason: Refusal | None) -> None:
        self.refusal = reason

    @property
    def message(self) -> str:
        """Why Undo or Hint was refused, or else the hint ('' neither)."""
        return refusal_text(self.refusal) if self.refusal is not None else self.assist.line()

    def state(self) -> tuple[object, ...]:
        return (self.refusal, self.assist.state())

    def choose(self, noble_id: str) -> None:
        """Choose a noble; a refusal (the game moved on, say a network game's) is shown
        in the box's line instead of being lost."""
        refusal = self.session.play(ChooseNoble(noble_id))
        if refusal is None:
            self.close()
        else:
            self.refusal = refusal

    def _explain_height(self, surface: pygame.Surface, width: int) -> int:
        return lines_height(tr("turn.noble.explain"), self.text_px(surface, 16),
                            width - self.px(surface, 48))

    def _foot(self, surface: pygame.Surface, width: int) -> tuple[int, int]:
        """The heights of the hint line and of the Undo and Hint buttons (0: none)."""
        px = self.scaler(surface)
        message = self.message
        line_h = lines_height(message, self.text_px(surface, 15), width - px(48)) \
            if message else 0
        labels = self.assist.buttons()
        buttons_h = max((button_height(label, px, px(200)) for label, _, _ in labels),
                        default=0)
        return line_h, buttons_h

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        line_h, buttons_h = self._foot(surface, width)
        return px(52) + self._explain_height(surface, width) + px(14) + px(120) + px(28) \
            + (line_h + px(10) if line_h else 0) + (buttons_h + px(14) if buttons_h else 0)

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Place the text and the nobles (again only when the size or the language
        changed)."""
        px = self.scaler(surface)
        self._text = pygame.Rect(box.x + px(24), box.y + px(52), box.w - px(48),
                                 self._explain_height(surface, box.w))
        candidates = self.session.view().noble_candidates
        size = px(120)
        gap = px(24)
        x = box.centerx - (len(candidates) * size + (len(candidates) - 1) * gap) // 2
        y = max(self._text.bottom + px(14), box.centery + px(26) - size // 2)
        line_h, buttons_h = self._foot(surface, box.w)
        if line_h or buttons_h:
            y = self._text.bottom + px(14)  # the foot below takes the room
        self._rects = [(noble.id, pygame.Rect(x + i * (size + gap), y, size, size))
                       for i, noble in enumerate(candidates)]
        self._line = pygame.Rect(box.x + px(24), y + size + px(18), box.w - px(48), line_h)
        labels = self.assist.buttons()
        bw, by = px(200), box.bottom - px(20) - buttons_h
        bx = box.centerx - (len(labels) * bw + (len(labels) - 1) * px(16)) // 2
        self._buttons = [(pygame.Rect(bx + i * (bw + px(16)), by, bw, buttons_h), label, on)
                         for i, (label, _, on) in enumerate(labels)]
        # Lit and ringed around the tile's frame.
        spots: list[tuple[pygame.Rect, Callable[[], object]]] = [
            (rect.inflate(8, 8), functools.partial(self.choose, noble_id))
            for noble_id, rect in self._rects]
        spots += [(rect, act) for (rect, _, on), (_, act, _) in zip(self._buttons, labels,
                                                                     strict=True) if on]
        self.focus.set_spots(spots)

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        draw_lines(surface, tr("turn.noble.explain"), self.text_px(surface, 16), theme.TEXT,
                   self._text, align="center")
        nobles = self.session.data.noble_by_id
        hint = self.session.hint
        hinted = hint.action.noble_id \
            if hint is not None and isinstance(hint.action, ChooseNoble) else None
        for noble_id, rect in self._rects:
            surface.blit(art.noble_surface(nobles[noble_id], rect.size), rect)
            pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(8, 8), 2, border_radius=px(8))
            if noble_id == hinted:
                pygame.draw.rect(surface, theme.OK, rect.inflate(px(14), px(14)), px(4),
                                 border_radius=px(10))
        if self.message:
            ink = theme.DANGER if self.refusal is not None else self.assist.line_colour()
            draw_lines(surface, self.message, self.text_px(surface, 15), ink, self._line,
                       align="center")
        for rect, label, on in self._buttons:
            draw_button(surface, rect, label, px, on)
