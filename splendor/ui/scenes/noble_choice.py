"""Overlay: several nobles qualify; the player picks the one that visits this turn."""

from __future__ import annotations

import functools

import pygame

from splendor.engine import ChooseNoble
from splendor.i18n import tr
from splendor.session.game import Session
from splendor.ui import art, theme
from splendor.ui.scenes.overlay_base import ButtonsOverlay
from splendor.ui.widgets import draw_lines, lines_height


class NobleChoiceScene(ButtonsOverlay):
    """The qualifying nobles side by side: a click on one chooses it. The tile under the
    pointer lights up; Tab and the arrows move a focus between them, Enter or Space
    chooses the focused one."""

    title_key = "turn.noble.title"
    box_size = (620, 300)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._rects: list[tuple[str, pygame.Rect]] = []
        self._text = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.focus.handle_event(event)
        return True

    def choose(self, noble_id: str) -> None:
        if self.session.play(ChooseNoble(noble_id)) is None:
            assert self.app is not None
            self.app.stack.remove(self)

    def _explain_height(self, surface: pygame.Surface, width: int) -> int:
        return lines_height(tr("turn.noble.explain"), self.text_px(surface, 16),
                            width - self.px(surface, 48))

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        return px(52) + self._explain_height(surface, width) + px(14) + px(120) + px(28)

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
        self._rects = [(noble.id, pygame.Rect(x + i * (size + gap), y, size, size))
                       for i, noble in enumerate(candidates)]
        # Lit and ringed around the tile's frame.
        self.focus.set_spots([(rect.inflate(8, 8), functools.partial(self.choose, noble_id))
                              for noble_id, rect in self._rects])

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        draw_lines(surface, tr("turn.noble.explain"), self.text_px(surface, 16), theme.TEXT,
                   self._text, align="center")
        nobles = self.session.data.noble_by_id
        for noble_id, rect in self._rects:
            surface.blit(art.noble_surface(nobles[noble_id], rect.size), rect)
            pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(8, 8), 2, border_radius=px(8))
