"""Overlay: return the tokens above ten, in a panel beside the market (which stays in view,
as does the player's own area): a click on a token picks one more of it to give back, a
click on its red "−N" mark puts one back; a pick beyond the count is refused, saying so.
Undo and Hint as the table offers them (see `assist`): the hint says what to give back."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.engine import Refusal, Return
from splendor.i18n import tr
from splendor.session.table_session import TableSession
from splendor.ui import art, theme
from splendor.ui.scenes.assist import BoxAssist
from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.table.layout import compute_layout
from splendor.ui.table.view import button_height, draw_button
from splendor.ui.widgets import (
    draw_focus_ring,
    draw_hover,
    draw_lines,
    draw_shadow,
    draw_text,
    line_height,
    lines_height,
)
from splendor.ui.widgets.events import CLICK, _button
from splendor.ui.wording import color_name, refusal_text

COLORS = 6
RIGHT_CLICK = 3
#: Tokens per row in the panel (two rows of three).
PER_ROW = 3


class TokenReturnScene(Overlay):
    title_key = "turn.return.title"

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self.marked = [0] * COLORS
        self.refusal: Refusal | None = None
        #: Why the last click picked nothing (in the language in use when shown), or None.
        self._note: Callable[[], str] | None = None
        self._token_rects: list[pygame.Rect] = []
        #: The red "−N" mark under each token: a click there puts one token back.
        self._mark_rects: list[pygame.Rect] = []
        self._name_rects: list[pygame.Rect] = []
        self._confirm = pygame.Rect(0, 0, 0, 0)
        self._reset = pygame.Rect(0, 0, 0, 0)
        self._box = pygame.Rect(0, 0, 0, 0)
        self._explain_box = self._how_box = self._chosen_box = self._note_box = \
            pygame.Rect(0, 0, 0, 0)
        self._pointer: tuple[int, int] | None = None
        self.assist = BoxAssist(session, self.close, self._refuse)
        #: Undo and Hint: (rect, label, what it does, enabled).
        self._assist_buttons: list[tuple[pygame.Rect, str, Callable[[], object], bool]] = []

    @property
    def message(self) -> str:
        """Why the last return was refused, or why the last click picked nothing, in the
        language in use ('' when neither)."""
        if self.refusal is not None:
            return refusal_text(self.refusal)
        return self._note() if self._note is not None else self.assist.line()

    def _refuse(self, reason: Refusal | None) -> None:
        self.refusal = reason
        self._note = None

    @property
    def excess(self) -> int:
        """How many tokens the player must give back."""
        return max(0, sum(self.held()) - self.session.data.token_limit)

    def held(self) -> list[int]:
        return list(self.session.view().me.tokens)

    # ------------------------------------------------------------------ choosing

    def mark(self, color: int) -> bool:
        """Pick one more token of `color` to give back; refused (with a note saying why)
        when the count is reached or no token of that colour is left. True if picked."""
        chosen = sum(self.marked)
        if chosen >= self.excess:
            self._note = lambda: tr("turn.return.quota_met", count=chosen)
            return False
        if self.marked[color] >= self.held()[color]:
            self._note = lambda: tr("turn.return.none_left", color=color_name(color))
            return False
        self.marked[color] += 1
        self.refusal = self._note = None
        return True

    def unmark(self, color: int) -> bool:
        """Put back one of the tokens of `color` picked; True if there was one."""
        if not self.marked[color]:
            return False
        self.marked[color] -= 1
        self.refusal = self._note = None
        return True

    def clear(self) -> None:
        self.marked = [0] * COLORS
        self.refusal = self._note = None

    def confirm(self) -> None:
        reason = self.session.play(Return(tuple(self.marked)))
        if reason is not None:
            self.refusal = reason
            return
        assert self.app is not None
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.assist.handle_key(event):
            pass
        elif event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and _button(event) in (CLICK, RIGHT_CLICK):
            self._pointer = event.pos
            self._click(event.pos, right=_button(event) == RIGHT_CLICK)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        self.follow_state()  # a note or a refusal grows the panel
        return True

    def _click(self, pos: tuple[int, int], right: bool) -> None:
        for color in range(COLORS):
            if self._mark_rects[color].collidepoint(pos) and self.marked[color]:
                self.unmark(color)
                return
            if self._token_rects[color].collidepoint(pos):
                # A right-click takes one back too, as the mark under it does.
                if right:
                    self.unmark(color)
                elif self.held()[color]:
                    self.mark(color)
                return
        if right:
            return
        for rect, _, act, enabled in self._assist_buttons:
            if enabled and rect.collidepoint(pos):
                act()
                return
        if self._confirm.collidepoint(pos):
            self.confirm()
        elif self._reset.collidepoint(pos):
            self.clear()

    # ------------------------------------------------------------------ layout

    def state(self) -> tuple[object, ...]:
        return (self.refusal, self._note, self.assist.state())

    def _dock(self, surface: pygame.Surface) -> pygame.Rect:
        """Where the panel may go: over the bank and the action panel, beside the market
        and above the player's area, so that the cards and one's own tokens, bonuses and
        reserved cards stay in view while deciding."""
        size = surface.get_size()
        lay = compute_layout(size, 1, self.session.data.market_slots)
        px = self.scaler(surface)
        left = lay.bank[0].x - px(6)
        # Beside the nobles when they leave room, else from the market's top.
        nobles = lay.nobles[:len(self.session.view().nobles)]
        clear = all(rect.right + px(4) <= left for rect in nobles)
        top = lay.header.bottom + px(6) if clear else lay.action_panel.y
        return pygame.Rect(left, top, lay.action_panel.right - left,
                           lay.my_area.top - px(8) - top)

    def box(self, surface: pygame.Surface) -> pygame.Rect:
        """Where the panel goes: beside the market (see `_dock`); `place` makes it as
        tall as its content needs, at least the room there."""
        return self._dock(surface)

    def _explain(self) -> str:
        return tr("turn.return.explain", count=self.excess, held=sum(self.held()))

    def place(self, surface: pygame.Surface, dock: pygame.Rect) -> None:
        """Place everything for a window the size of `surface`, the panel from `dock`
        down as far as its words and tokens need."""
        px = self.scaler(surface)
        pad = px(14)
        width = dock.w - 2 * pad
        text_px, small_px = self.text_px(surface, 15), self.text_px(surface, 14)
        title_h = line_height(self.text_px(surface, 20)) + px(4)
        explain_h = lines_height(self._explain(), text_px, width)
        how_h = lines_height(tr("turn.return.how"), small_px, width)
        line_h = line_height(small_px)
        mark_h = line_height(text_px) + px(2)
        chosen_h = line_height(text_px)
        note_h = lines_height(self.message, small_px, width) if self.message else 0
        buttons_h = max(button_height(label, px, (width - px(12)) // 2, text_px=16, height=38)
                        for label in (tr("turn.return.clear"), tr("turn.return.confirm")))
        assist = self.assist.buttons()
        assist_h = max((button_height(label, px, (width - px(12)) // 2, text_px=16, height=38)
                        for label, _, _ in assist), default=0)
        fixed = (pad + title_h + explain_h + px(4) + how_h + px(10) + px(6) + chosen_h
                 + px(4) + note_h + px(10) + buttons_h + pad
                 + (assist_h + px(8) if assist_h else 0))
        rows = (COLORS + PER_ROW - 1) // PER_ROW
        # The tokens take what is left, up to their natural size.
        room = (dock.h - fixed - (rows - 1) * px(6)) // rows - px(4) - mark_h - line_h
        token = max(px(30), min(px(56), room))
        cell_h = token + px(4) + mark_h + line_h
        height = fixed + rows * cell_h + (rows - 1) * px(6)
        # The whole height beside the market, so that nothing of the table shows between
        # the panel and the player's area (the buttons there do not answer now).
        box = pygame.Rect(dock.x, dock.y, dock.w,
                          min(max(height, dock.h), surface.get_height() - dock.y))
        self._box = box
        y = box.y + pad + title_h
        self._explain_box = pygame.Rect(box.x + pad, y, width, explain_h)
        y += explain_h + px(4)
        self._how_box = pygame.Rect(box.x + pad, y, width, how_h)
        y += how_h + px(10)
        cell_w = width // PER_ROW
        self._token_rects, self._mark_rects, self._name_rects = [], [], []
        for color in range(COLORS):
            row, col = divmod(color, PER_ROW)
            cell = pygame.Rect(box.x + pad + col * cell_w, y + row * (cell_h + px(6)), cell_w,
                               cell_h)
            rect = pygame.Rect(0, cell.y, token, token)
            rect.centerx = cell.centerx
            self._token_rects.append(rect)
            mark = pygame.Rect(0, rect.bottom + px(4), max(px(44), token * 4 // 5), mark_h)
            mark.centerx = cell.centerx
            self._mark_rects.append(mark)
            self._name_rects.append(pygame.Rect(cell.x, mark.bottom, cell.w, line_h))
        y += rows * cell_h + (rows - 1) * px(6) + px(6)
        self._chosen_box = pygame.Rect(box.x + pad, y, width, chosen_h)
        y += chosen_h + px(4)
        self._note_box = pygame.Rect(box.x + pad, y, width, note_h)
        bw = (width - px(12)) // 2
        bottom = box.bottom - pad
        self._assist_buttons = []
        if assist_h:
            # Undo and Hint in a row of their own, under Clear and Confirm.
            for i, (label, act, enabled) in enumerate(assist):
                rect = pygame.Rect(box.x + pad + i * (bw + px(12)), bottom - assist_h, bw,
                                   assist_h)
                self._assist_buttons.append((rect, label, act, enabled))
            bottom -= assist_h + px(8)
        self._reset = pygame.Rect(box.x + pad, bottom - buttons_h, bw, buttons_h)
        self._confirm = pygame.Rect(self._reset.right + px(12), self._reset.y, bw, buttons_h)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        # No shade over the table: the market and one's own area are what one decides on.
        px = self.scaler(surface)
        box = self._box
        radius = px(12)
        draw_shadow(surface, box, radius, px(8))
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=radius)
        pygame.draw.rect(surface, theme.ACTIVE, box, 2, border_radius=radius)
        draw_text(surface, self.title, self.text_px(surface, 20), theme.TEXT,
                  pygame.Rect(box.x + px(14), box.y + px(14), box.w - px(28),
                              line_height(self.text_px(surface, 20))),
                  bold=True)
        self.draw_body(surface, box)

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        text_px, small_px = self.text_px(surface, 15), self.text_px(surface, 14)
        draw_lines(surface, self._explain(), text_px, theme.TEXT, self._explain_box,
                   align="center")
        draw_lines(surface, tr("turn.return.how"), small_px, theme.TEXT_DIM, self._how_box,
                   align="center")
        held = self.held()
        chosen, excess = sum(self.marked), self.excess
        pointer = self._pointer
        hint = self.session.hint
        hinted = hint.action.tokens if hint is not None and isinstance(hint.action, Return) \
            else (0,) * COLORS
        for color in range(COLORS):
            rect, mark = self._token_rects[color], self._mark_rects[color]
            left = held[color] - self.marked[color]
            if held[color]:
                surface.blit(art.token_surface(color, rect.w, count=left), rect)
                if hinted[color]:  # the expert gives back some of these
                    pygame.draw.circle(surface, theme.OK, rect.center, rect.w // 2 + px(5),
                                       px(3))
                if pointer is not None and rect.collidepoint(pointer) and left \
                        and chosen < excess:
                    draw_focus_ring(surface, rect, rect.w // 2, px(2))
            else:
                pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.w // 2 - px(4),
                                   1)
            if self.marked[color]:
                radius = mark.h // 2
                pygame.draw.rect(surface, theme.DANGER, mark, border_radius=radius)
                draw_text(surface, f"−{self.marked[color]}", text_px, theme.TEXT,
                          mark.inflate(-px(4), 0), bold=True)
                if pointer is not None and mark.collidepoint(pointer):
                    draw_hover(surface, mark, radius)
            draw_text(surface, color_name(color), small_px, theme.TEXT_DIM,
                      self._name_rects[color])
        draw_text(surface, tr("turn.return.chosen", count=chosen, total=excess), text_px,
                  theme.OK if chosen == excess else theme.TEXT, self._chosen_box)
        if self.message:
            hinting = self.refusal is None and self._note is None
            draw_lines(surface, self.message, small_px,
                       self.assist.line_colour() if hinting else theme.DANGER,
                       self._note_box, align="center")
        buttons = ((self._confirm, tr("turn.return.confirm"), chosen == excess),
                   (self._reset, tr("turn.return.clear"), chosen > 0),
                   *((rect, label, enabled) for rect, label, _, enabled in self._assist_buttons))
        for rect, label, enabled in buttons:
            draw_button(surface, rect, label, px, enabled, text_px=16)
            if enabled and pointer is not None and rect.collidepoint(pointer):
                draw_hover(surface, rect, px(8))
