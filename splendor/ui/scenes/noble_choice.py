"""Overlay: several nobles qualify; the player picks the one that visits this turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from splendor.engine import ChooseNoble
from splendor.i18n import language, tr
from splendor.session.game import Session
from splendor.ui import art, theme
from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.widgets import draw_lines, lines_height

if TYPE_CHECKING:
    from splendor.ui.app import App


class NobleChoiceScene(Overlay):
    title_key = "turn.noble.title"
    box_size = (620, 300)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._rects: list[tuple[str, pygame.Rect]] = []
        self._text = pygame.Rect(0, 0, 0, 0)
        self._laid_out_for: tuple[object, ...] | None = None

    def enter(self, app: App) -> None:
        super().enter(app)
        self.lay_out(app.screen)

    def resize(self, size: tuple[int, int]) -> None:
        if self.app is not None:
            self.lay_out(self.app.screen)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for noble_id, rect in self._rects:
                if rect.collidepoint(event.pos):
                    self.choose(noble_id)
                    break
        return True

    def choose(self, noble_id: str) -> None:
        if self.session.play(ChooseNoble(noble_id)) is None:
            assert self.app is not None
            self.app.stack.pop()

    def _explain_height(self, surface: pygame.Surface, width: int) -> int:
        return lines_height(tr("turn.noble.explain"), self.text_px(surface, 16),
                            width - self.px(surface, 48))

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        return px(52) + self._explain_height(surface, width) + px(14) + px(120) + px(28)

    def update(self, dt: float) -> None:
        if self.app is not None:
            self.lay_out(self.app.screen)

    def lay_out(self, surface: pygame.Surface) -> None:
        """Place the text and the nobles for a window the size of `surface` (again only
        when the size or the language changed)."""
        key = (surface.get_size(), language())
        if key == self._laid_out_for:
            return
        self._laid_out_for = key
        px = self.scaler(surface)
        box = self.box(surface)
        self._text = pygame.Rect(box.x + px(24), box.y + px(52), box.w - px(48),
                                 self._explain_height(surface, box.w))
        candidates = self.session.view().noble_candidates
        size = px(120)
        gap = px(24)
        x = box.centerx - (len(candidates) * size + (len(candidates) - 1) * gap) // 2
        y = max(self._text.bottom + px(14), box.centery + px(26) - size // 2)
        self._rects = [(noble.id, pygame.Rect(x + i * (size + gap), y, size, size))
                       for i, noble in enumerate(candidates)]

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        draw_lines(surface, tr("turn.noble.explain"), self.text_px(surface, 16), theme.TEXT,
                   self._text, align="center")
        nobles = self.session.data.noble_by_id
        for noble_id, rect in self._rects:
            surface.blit(art.noble_surface(nobles[noble_id], rect.size), rect)
            pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(8, 8), 2, border_radius=px(8))
