"""The table: where the game is played with the mouse.

Tokens are taken by dragging them from a bank pile into your area (or clicking a pile);
the pending take lives here, in the scene, until it is confirmed. Cards are clicked to
see what can be done with them, or dragged into your area to reserve them. Only actions
the engine accepts are committed; a refused drop snaps back with the engine's reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from splendor.engine import (
    Action,
    Buy,
    Card,
    Pass,
    Phase,
    Refusal,
    Reserve,
    ReserveDeck,
    Take,
    TakeTwo,
    View,
    payment_options,
)
from splendor.engine.colors import GOLD
from splendor.i18n import language, tr
from splendor.session.game import Session
from splendor.session.log import LogEntry
from splendor.ui import art, theme
from splendor.ui.flights import Flight, market_rect, plan_flights
from splendor.ui.layout import TableLayout, compute_layout
from splendor.ui.scene import Scene
from splendor.ui.sound import Sounds
from splendor.ui.table_view import (
    Assists,
    TableUi,
    button_height,
    draw_button,
    draw_table,
    reserved_slots,
)
from splendor.ui.take_builder import can_grow, refusal, take_action
from splendor.ui.widgets import draw_lines, draw_text, line_height, lines_height
from splendor.ui.wording import describe, log_line, refusal_text

if TYPE_CHECKING:
    from splendor.ui.app import App

#: Pixels the mouse must move before a press on a card becomes a drag.
DRAG_THRESHOLD = 8
#: Seconds a bot's move takes to fly across the table at speed 1, then the pause after it.
FLIGHT_SECONDS = 0.45
HOLD_SECONDS = 0.35


@dataclass
class _Button:
    rect: pygame.Rect
    key: str  # which button, whatever the language: 'confirm', 'buy', 'reserve_blind', ...
    label: str
    action: Callable[[], object]
    enabled: bool = True


class TableScene(Scene):
    """Plays one game; see the module docstring."""

    def __init__(
        self,
        session: Session,
        *,
        on_finished: Callable[[Session], None],
        on_pause: Callable[[], None] | None = None,
        assists: Assists | None = None,
        speed: float = 1.0,
        decision_overlays: dict[str, Callable[[], Scene]] | None = None,
        sounds: Sounds | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.sounds = sounds
        session.on_commit = self._sound_for
        self.on_finished = on_finished
        self.on_pause = on_pause
        self.assists = assists or Assists()
        self.speed = max(0.1, speed)
        self.ui = TableUi()
        self.layout: TableLayout | None = None
        self.buttons: list[_Button] = []
        self.payment_index = 0
        self._press: tuple[str, tuple[int, int]] | None = None
        self._pressed_button: _Button | None = None
        self._flights: list[Flight] = []
        self._clock = 0.0
        self._anim_start = 0.0
        self._animating = False
        self._finished = False
        #: Builds the overlays for the decisions (set by the app, which owns the scenes).
        self.overlays = decision_overlays or {}
        self._overlay_open = False
        self._shown_seat: int | None = None
        #: The log as shown, and the (language, log list) it was worded for.
        self._log_key: tuple[str, int] | None = None
        self._log_text: list[str] = []

    # --------------------------------------------------------------- lifecycle

    def enter(self, app: App) -> None:
        super().enter(app)
        self.resize(app.size)
        self._shown_seat = self.session.viewer()

    def resize(self, size: tuple[int, int]) -> None:
        opponents = self.session.view().num_players - 1
        self.layout = compute_layout(size, opponents, self.session.data.market_slots)

    def resume(self) -> None:
        self._overlay_open = False

    @property
    def busy(self) -> bool:
        return self._animating or self.session.thinking or bool(self.ui.drag_color) or \
            self.ui.drag_card is not None

    # --------------------------------------------------------------- queries

    def view(self) -> View:
        return self.session.view()

    def acting(self) -> bool:
        """True when the viewer must make a main action now and nothing is animating."""
        view = self.view()
        return (
            not self._animating
            and self.session.human_to_act()
            and view.phase is Phase.MAIN
            and view.current_player == view.seat
        )

    def log_lines(self) -> list[str]:
        """The game log in the language in use. The log only grows, so lines already
        described are kept (per language) and only new moves are worded on each frame."""
        log = self.session.log
        key = (language(), id(log))
        if self._log_key != key or len(self._log_text) > len(log):  # a new language, undo
            self._log_key, self._log_text = key, []
        names = self.session.options.names
        data = self.session.data
        self._log_text += [log_line(e.round, describe(names[e.seat], e.action, data))
                           for e in log[len(self._log_text):]]
        return self._log_text

    # --------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION:
            self._mouse_move(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
            return True
        return False

    def _key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.ui.pending:
                self.confirm_take()
            return True
        if key in (pygame.K_BACKSPACE, pygame.K_ESCAPE):
            if self.ui.pending or self.ui.selected:
                self.cancel()
            elif key == pygame.K_ESCAPE and self.on_pause is not None:
                self.on_pause()
            return True
        return False

    def _hit(self, pos: tuple[int, int]) -> str | None:
        """What is under the mouse: 'bank:C', 'card:ID', 'deck:N', 'button:I', 'area'."""
        lay = self.layout
        assert lay is not None
        for i, button in enumerate(self.buttons):
            if button.rect.collidepoint(pos):
                return f"button:{i}"
        for color, rect in enumerate(lay.bank):
            if rect.collidepoint(pos):
                return f"bank:{color}"
        view = self.view()
        for level_index, row in enumerate(lay.market):
            for slot, rect in enumerate(row):
                card = view.market[level_index][slot]
                if card is not None and rect.collidepoint(pos):
                    return f"card:{card.id}"
        for level_index, rect in enumerate(lay.decks):
            if rect.collidepoint(pos):
                return f"deck:{level_index + 1}"
        for card_id, rect in self.reserved_rects():
            if rect.collidepoint(pos):
                return f"card:{card_id}"
        if lay.my_area.collidepoint(pos) or lay.action_panel.collidepoint(pos):
            return "area"
        return None

    def _in_area(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` is a drop into the viewer's area (or the action panel)."""
        lay = self.layout
        assert lay is not None
        return bool(lay.my_area.collidepoint(pos) or lay.action_panel.collidepoint(pos))

    def market_rect(self, card_id: str) -> pygame.Rect | None:
        """Where a face-up market card is drawn, or None if it is not in the market."""
        assert self.layout is not None
        return market_rect(self.layout, self.view(), card_id)

    def reserved_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where the viewer's reserved cards are drawn."""
        assert self.layout is not None
        slots = reserved_slots(self.layout)
        return [(card.id, slots[i]) for i, card in enumerate(self.view().me.reserved)
                if isinstance(card, Card)]

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        hit = self._hit(pos)
        if hit is None:
            return
        if hit.startswith("button:"):
            # A button acts on release over it (as the widgets do), so the release of the
            # click cannot reach an overlay the action opens (the pass screen).
            button = self.buttons[int(hit.split(":")[1])]
            if button.enabled:
                self._pressed_button = button
            return
        if not self.acting():
            return
        if hit.startswith("bank:"):
            color = int(hit.split(":")[1])
            if color == GOLD:
                self.ui.refusal = Refusal("no_gold_take", "gold comes only with a reservation")
                return
            self.ui.drag_color = color
            self.ui.drag_pos = pos
            self._press = (hit, pos)
        elif hit.startswith("card:") or hit.startswith("deck:"):
            self._press = (hit, pos)

    def _mouse_move(self, pos: tuple[int, int]) -> None:
        if self._press is None:
            return
        target, start = self._press
        if self.ui.drag_color is not None:
            self.ui.drag_pos = pos
        elif target.startswith("card:") and math.dist(start, pos) > DRAG_THRESHOLD:
            self.ui.drag_card = target.split(":", 1)[1]
            self.ui.drag_pos = pos

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        button, self._pressed_button = self._pressed_button, None
        if button is not None:
            if button.rect.collidepoint(pos):
                button.action()
            return
        press, self._press = self._press, None
        if press is None:
            return
        target, start = press
        # Anywhere in the area counts, over one of its reserved cards too.
        in_area = self._in_area(pos)
        clicked = math.dist(start, pos) <= DRAG_THRESHOLD
        if self.ui.drag_color is not None:
            color, self.ui.drag_color = self.ui.drag_color, None
            if clicked or in_area:
                self.add_token(color)
            else:
                self.ui.refusal = Refusal("drop_in_area", "drop the token in your area")
            return
        if self.ui.drag_card is not None:
            card_id, self.ui.drag_card = self.ui.drag_card, None
            if in_area:
                self.play(Reserve(card_id))
            return
        if clicked:
            self.select(target.split(":", 1)[1] if target.startswith("card:") else target)

    # --------------------------------------------------------------- choices

    def add_token(self, color: int) -> bool:
        """Add a token to the pending take if some legal take still contains it."""
        view = self.view()
        if can_grow(view.legal_actions, self.ui.pending, color):
            self.ui.pending.append(color)
            self.ui.selected = None
            self.ui.refusal = None
            return True
        self.ui.refusal = refusal(view, self.session.why_illegal, self.ui.pending, color)
        return False

    def confirm_take(self) -> None:
        if self.ui.pending and self.play(take_action(self.ui.pending)):
            self.ui.pending = []

    def cancel(self) -> None:
        self.ui.pending = []
        self.ui.selected = None
        self.ui.refusal = None

    def select(self, target: str) -> None:
        """Offer the actions for a card id or 'deck:N'."""
        self.ui.selected = target
        self.ui.pending = []
        self.ui.refusal = None
        self.payment_index = 0

    def _sound_for(self, entry: LogEntry) -> None:
        if self.sounds is None:
            return
        action = entry.action
        if entry.nobles:
            self.sounds.play("noble")
        elif isinstance(action, Take | TakeTwo):
            self.sounds.play("take")
        elif isinstance(action, Buy):
            self.sounds.play("buy")
        elif isinstance(action, Reserve | ReserveDeck):
            self.sounds.play("reserve")

    def play(self, action: Action) -> bool:
        """Commit a human action through the session; show the reason if refused."""
        before = self.view()
        reason = self.session.play(action)
        if reason is not None:
            self.ui.refusal = reason
            if self.sounds is not None:
                self.sounds.play("refuse")
            return False
        self.ui.selected = None
        self.ui.refusal = None
        self._mark_changes(before)
        self._after_change()
        return True

    # --------------------------------------------------------------- time

    def update(self, dt: float) -> None:
        if self._finished:
            return
        self._clock += dt
        session = self.session
        session.poll()
        current = session.current
        names = session.options.names
        self.ui.thinking = names[current] if session.thinking and current is not None else None
        if self._animating:
            total = (FLIGHT_SECONDS + HOLD_SECONDS) / self.speed
            if self._clock - self._anim_start >= total:
                before = self.view()
                session.commit_incoming()
                self._animating = False
                self._flights = []
                self._mark_changes(before)
                self._after_change()
            if self.app is not None:
                self.app.request_redraw()
        elif session.incoming is not None:
            self._start_animation()
        elif session.is_over() and not self._finished:
            self._finished = True
            if self.sounds is not None:
                self.sounds.play("end")
            self.on_finished(session)
        elif not self._overlay_open:
            self._after_change()

    def _after_change(self) -> None:
        """Open the overlay a human decision needs, or the pass screen between humans."""
        if self._overlay_open or self._animating:
            return
        session = self.session
        if session.is_over() or not session.human_to_act():
            return
        seat = session.current
        if self._shown_seat != seat and len(session.humans) > 1 and "pass" in self.overlays:
            self._shown_seat = seat
            self._open("pass")
            return
        self._shown_seat = seat
        phase = self.view().phase
        if phase is Phase.RETURN:
            self._open("return")
        elif phase is Phase.NOBLE:
            self._open("noble")

    def _open(self, kind: str) -> None:
        factory = self.overlays.get(kind)
        if factory is None or self.app is None:
            return
        self._overlay_open = True
        self.app.stack.push(factory())

    def _mark_changes(self, before: View) -> None:
        after = self.view()
        old = {c.id for row in before.market for c in row if c is not None}
        new = {c.id for row in after.market for c in row if c is not None}
        marks = new - old
        marks |= {f"bank:{c}" for c in range(6) if before.bank[c] != after.bank[c]}
        self.ui.highlight = marks

    def _start_animation(self) -> None:
        incoming = self.session.incoming
        assert incoming is not None and self.layout is not None
        seat, action = incoming
        self._flights = plan_flights(self.layout, self.view(), self.session.data, seat, action,
                                     self._seat_rect)
        self._animating = True
        self._anim_start = self._clock

    def _seat_rect(self, seat: int) -> pygame.Rect:
        lay = self.layout
        assert lay is not None
        viewer = self.session.viewer()
        if seat == viewer:
            return lay.my_area
        others = [s for s in range(self.view().num_players) if s != viewer]
        return lay.opponents[others.index(seat)]

    # --------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        view = self.view()
        draw_table(surface, lay, view, self.ui, self.assists, self.acting(), self.log_lines(),
                   token_limit=self.session.data.token_limit)
        self.buttons = []
        self._draw_action_panel(surface, lay, view)
        if self._animating:
            t = (self._clock - self._anim_start) * self.speed / FLIGHT_SECONDS
            for flight in self._flights:
                image = flight.image
                surface.blit(image, image.get_rect(center=flight.at(t)))

    def _button(self, surface: pygame.Surface, x: int, y: int, w: int, key: str,
                action: Callable[[], object], enabled: bool = True) -> int:
        """A panel button `w` wide labelled with `table.button.<key>`, taller when its
        label needs two lines; returns the y below it."""
        lay = self.layout
        assert lay is not None
        label = _label(key)
        rect = pygame.Rect(x, y, w, button_height(label, lay.px, w))
        draw_button(surface, rect, label, lay.px, enabled)
        self.buttons.append(_Button(rect, key, label, action, enabled))
        return rect.bottom

    def _draw_action_panel(self, surface: pygame.Surface, lay: TableLayout, view: View) -> None:
        panel = lay.action_panel
        px = lay.px
        pygame.draw.rect(surface, theme.TABLE_DARK, panel, border_radius=px(12))
        x, y, w = panel.x + px(12), panel.y + px(12), panel.width - px(24)
        acting = self.acting()
        if self.ui.pending and acting:
            y = self._draw_pending(surface, lay, x, y, w)
        elif self.ui.selected and acting:
            y = self._draw_selection(surface, lay, view, x, y, w)
        elif acting and view.legal_actions == (Pass(),):
            # Nothing else is legal (no tokens to take, no card to buy or reserve).
            y = self._paragraph(surface, tr("table.panel.no_move"), px(15), theme.TEXT, x, y, w)
            y = self._button(surface, x, y + px(8), w, "pass",
                             lambda: self.play(Pass())) + px(8)
        elif acting:
            y = self._paragraph(surface, tr("table.panel.your_turn"), px(15), theme.TEXT, x, y, w)
            y = self._paragraph(surface, tr("table.panel.hint"), px(15), theme.TEXT, x, y, w)
        elif self.ui.thinking:
            y = self._paragraph(surface, tr("table.status.thinking", name=self.ui.thinking),
                                px(16), theme.ACTIVE, x, y, w)
        # Below the rest, from the bottom up: why a move was refused, then any notice.
        bottom = panel.bottom - px(12)
        if self.ui.message and self.assists.reasons:
            bottom = self._paragraph_above(surface, self.ui.message, px(15), theme.DANGER,
                                           x, y, w, bottom)
        if self.ui.notice:
            self._paragraph_above(surface, self.ui.notice, px(14), theme.ACCENT, x, y, w, bottom)

    @staticmethod
    def _paragraph(surface: pygame.Surface, value: str, size: int, color: theme.Color,
                   x: int, y: int, w: int) -> int:
        """`value` wrapped to the panel's width from `y`; returns the y below it."""
        box = pygame.Rect(x, y, w, lines_height(value, size, w))
        return draw_lines(surface, value, size, color, box)

    @staticmethod
    def _paragraph_above(surface: pygame.Surface, value: str, size: int, color: theme.Color,
                         x: int, top: int, w: int, bottom: int) -> int:
        """`value` wrapped to end at `bottom` (not above `top`); returns the y above it."""
        height = lines_height(value, size, w)
        box = pygame.Rect(x, max(top, bottom - height), w, min(height, bottom - top))
        draw_lines(surface, value, size, color, box)
        return box.top - size // 2

    def _draw_pending(self, surface: pygame.Surface, lay: TableLayout, x: int, y: int,
                      w: int) -> int:
        px = lay.px
        title_h = line_height(px(16))
        draw_text(surface, tr("table.panel.taking"), px(16), theme.TEXT,
                  pygame.Rect(x, y, w, title_h), align="left", bold=True)
        y += title_h + px(6)
        for i, color in enumerate(self.ui.pending):
            surface.blit(art.token_surface(color, px(48)), (x + i * px(56), y))
        y += px(60)
        half = (w - px(10)) // 2
        labels = [_label("confirm"), tr("common.button.cancel")]
        if all(button_height(label, px, half) <= px(38) for label in labels):
            self._button(surface, x, y, half, "confirm", self.confirm_take)
            return self._button(surface, x + half + px(10), y, half, "cancel",
                                self.cancel) + px(10)
        # Labels too long for half the panel: one button under the other.
        y = self._button(surface, x, y, w, "confirm", self.confirm_take) + px(8)
        return self._button(surface, x, y, w, "cancel", self.cancel) + px(10)

    def _draw_selection(self, surface: pygame.Surface, lay: TableLayout, view: View,
                        x: int, y: int, w: int) -> int:
        px = lay.px
        target = self.ui.selected
        assert target is not None
        session = self.session
        if target.startswith("deck:"):
            level = int(target.split(":")[1])
            title_h = line_height(px(17))
            draw_text(surface, tr("table.panel.deck", level=level), px(17), theme.TEXT,
                      pygame.Rect(x, y, w, title_h), align="left", bold=True)
            y += title_h + px(8)
            action = ReserveDeck(level)
            reason = session.why_illegal(action)
            y = self._button(surface, x, y, w, "reserve_blind",
                             lambda: self.play(action), reason is None) + px(8)
            if reason:
                y = self._paragraph(surface, refusal_text(reason), px(15), theme.TEXT_DIM,
                                    x, y, w)
            return y
        card = session.data.card_by_id[target]
        image = art.card_surface(card, (px(100), px(140)))
        surface.blit(image, (x, y))
        me = view.me
        options = payment_options(list(me.tokens), list(me.bonuses), card)
        bx = x + px(112)
        bw = w - px(112)
        by = y
        buy_reason = session.why_illegal(Buy(card.id))
        pay: tuple[int, ...] | None = None
        if options:
            self.payment_index %= len(options)
            pay = options[self.payment_index]
        buy = Buy(card.id, pay if self.payment_index else None)
        by = self._button(surface, bx, by, bw, "buy",
                          lambda: self.play(buy), buy_reason is None) + px(8)
        if card.id in {c.id for row in view.market for c in row if c is not None}:
            reserve_reason = session.why_illegal(Reserve(card.id))
            by = self._button(surface, bx, by, bw, "reserve",
                              lambda: self.play(Reserve(card.id)), reserve_reason is None) + px(8)
        y = max(y + px(150), by + px(2))
        if pay is not None:
            token = px(30)
            row_h = max(token + px(8), line_height(px(15)))
            label = draw_text(surface, tr("table.panel.pay"), px(15), theme.TEXT_DIM,
                              pygame.Rect(x, y, w // 3, row_h), align="left")
            tx = start = label.right + px(8)
            for color, n in enumerate(pay):
                for _ in range(n):
                    if tx + token > x + w:  # a long payment goes on to a second row
                        tx, y = start, y + px(26)
                    surface.blit(art.token_surface(color, token), (tx, y + (row_h - token) // 2))
                    tx += px(24)
            y += row_h + px(4)
            if len(options) > 1:
                y = self._button(surface, x, y, w, "other_payment",
                                 self._next_payment) + px(8)
        elif buy_reason:
            y = self._paragraph(surface, refusal_text(buy_reason), px(15), theme.TEXT_DIM, x, y, w)
        return y

    def _next_payment(self) -> None:
        self.payment_index += 1


def _label(key: str) -> str:
    """A panel button's label in the language in use."""
    return tr("common.button.cancel") if key == "cancel" else tr(f"table.button.{key}")
