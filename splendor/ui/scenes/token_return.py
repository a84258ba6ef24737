"""Overlay: return the tokens above ten. Click tokens to mark them; confirm exactly the excess."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from splendor.engine import Refusal, Return
from splendor.i18n import language, tr
from splendor.session.game import Session
from splendor.ui import art, theme
from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.table_view import button_height, draw_button
from splendor.ui.widgets import draw_lines, draw_text, line_height, lines_height
from splendor.ui.wording import color_name, refusal_text

if TYPE_CHECKING:
    from splendor.ui.app import App


class TokenReturnScene(Overlay):
    title_key = "turn.return.title"
    box_size = (660, 330)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.marked = [0] * 6
        self.refusal: Refusal | None = None
        self._token_rects: list[pygame.Rect] = []
        self._confirm = pygame.Rect(0, 0, 0, 0)
        self._reset = pygame.Rect(0, 0, 0, 0)
        self._columns: list[pygame.Rect] = []
        self._explain_box = self._chosen_box = self._note = pygame.Rect(0, 0, 0, 0)
        self._laid_out_for: tuple[object, ...] | None = None

    @property
    def message(self) -> str:
        """Why the last return was refused, in the language in use ('' if it was not)."""
        return refusal_text(self.refusal) if self.refusal is not None else ""

    @property
    def excess(self) -> int:
        """How many tokens the player must give back."""
        return max(0, sum(self.held()) - self.session.data.token_limit)

    def held(self) -> list[int]:
        return list(self.session.view().me.tokens)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for color, rect in enumerate(self._token_rects):
                if rect.collidepoint(event.pos):
                    self.toggle(color)
            if self._confirm.collidepoint(event.pos):
                self.confirm()
            elif self._reset.collidepoint(event.pos):
                self.marked = [0] * 6
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        if self.app is not None:
            self.lay_out(self.app.screen)  # a refusal's message grows the box
        return True

    def toggle(self, color: int) -> None:
        """Mark one more token of `color` to return (up to the excess)."""
        held = self.held()
        if self.marked[color] < held[color] and sum(self.marked) < self.excess:
            self.marked[color] += 1
            self.refusal = None
        elif self.marked[color]:
            self.marked[color] -= 1

    def confirm(self) -> None:
        reason = self.session.play(Return(tuple(self.marked)))
        if reason is not None:
            self.refusal = reason
            return
        assert self.app is not None
        self.app.stack.pop()

    # ------------------------------------------------------------------ drawing

    def _explain(self) -> str:
        return tr("turn.return.explain", count=self.excess, held=sum(self.held()))

    def _buttons_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        labels = (tr("turn.return.clear"), tr("turn.return.confirm"))
        return max(button_height(label, px, width, text_px=17, height=40) for label in labels)

    def _body_height(self, surface: pygame.Surface, width: int) -> int:
        """Everything under the title, for a box `width` wide."""
        px = self.scaler(surface)
        inner = width - px(48)
        height = lines_height(self._explain(), self.text_px(surface, 16), inner) + px(18)
        height += px(64) + px(4) + 2 * line_height(px(16))  # tokens, marks, colour names
        height += px(8) + line_height(px(16))  # n of m chosen
        if self.message:
            height += px(4) + lines_height(self.message, self.text_px(surface, 15), inner)
        return height + px(14) + self._buttons_height(surface, px(180)) + px(18)

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        return self.px(surface, 52) + self._body_height(surface, width)

    def enter(self, app: App) -> None:
        super().enter(app)
        self.lay_out(app.screen)

    def resize(self, size: tuple[int, int]) -> None:
        if self.app is not None:
            self.lay_out(self.app.screen)

    def update(self, dt: float) -> None:
        if self.app is not None:
            self.lay_out(self.app.screen)

    def lay_out(self, surface: pygame.Surface) -> None:
        """Place everything for a window the size of `surface`; again only when the size,
        the language or the message (which grows the box) changed."""
        key = (surface.get_size(), language(), self.message)
        if key == self._laid_out_for:
            return
        self._laid_out_for = key
        px = self.scaler(surface)
        box = self.box(surface)
        inner = pygame.Rect(box.x + px(24), box.y + px(52), box.w - px(48), 0)
        inner.h = lines_height(self._explain(), self.text_px(surface, 16), inner.w)
        self._explain_box = inner
        y = inner.bottom + px(18)
        token = px(64)
        gap = px(34)  # room under each token for the longest colour name (émeraude...)
        x = box.centerx - (6 * token + 5 * gap) // 2
        line_h = line_height(px(16))
        self._token_rects = [pygame.Rect(x + color * (token + gap), y, token, token)
                             for color in range(6)]
        self._columns = [pygame.Rect(rect.x - gap // 2, rect.bottom + px(4), token + gap, line_h)
                         for rect in self._token_rects]
        y += token + px(4) + 2 * line_h + px(8)
        self._chosen_box = pygame.Rect(inner.x, y, inner.w, line_h)
        y += line_h
        bw = px(180)
        bh = self._buttons_height(surface, bw)
        self._confirm = pygame.Rect(box.centerx + px(10), box.bottom - bh - px(18), bw, bh)
        self._reset = pygame.Rect(box.centerx - bw - px(10), box.bottom - bh - px(18), bw, bh)
        self._note = pygame.Rect(inner.x, y + px(4), inner.w,
                                 self._confirm.top - px(14) - y - px(4))

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        draw_lines(surface, self._explain(), self.text_px(surface, 16), theme.TEXT,
                   self._explain_box, align="center")
        held = self.held()
        for color, (rect, column) in enumerate(zip(self._token_rects, self._columns,
                                                   strict=True)):
            left = held[color] - self.marked[color]
            if held[color]:
                surface.blit(art.token_surface(color, rect.w, count=left), rect)
            else:
                pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.w // 2, 1)
            if self.marked[color]:
                draw_text(surface, f"−{self.marked[color]}", px(16), theme.DANGER, column,
                          bold=True)
            draw_text(surface, color_name(color), px(14), theme.TEXT_DIM,
                      column.move(0, column.h))
        chosen = sum(self.marked)
        excess = self.excess
        draw_text(surface, tr("turn.return.chosen", count=chosen, total=excess), px(16),
                  theme.OK if chosen == excess else theme.TEXT, self._chosen_box)
        draw_button(surface, self._confirm, tr("turn.return.confirm"), px, chosen == excess,
                    text_px=17)
        draw_button(surface, self._reset, tr("turn.return.clear"), px, chosen > 0, text_px=17)
        if self.message:
            draw_lines(surface, self.message, self.text_px(surface, 15), theme.DANGER,
                       self._note, align="center")
