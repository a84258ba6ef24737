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
    GameState,
    Pass,
    Phase,
    Reserve,
    ReserveDeck,
    Take,
    TakeTwo,
    View,
    payment_options,
)
from splendor.engine.colors import GOLD
from splendor.ui import art, theme
from splendor.ui.controller import GameController
from splendor.ui.flights import Flight, market_rect, plan_flights
from splendor.ui.layout import TableLayout, compute_layout
from splendor.ui.scene import Scene
from splendor.ui.sound import Sounds
from splendor.ui.table_view import Assists, TableUi, draw_table
from splendor.ui.take_builder import can_grow, refusal, take_action
from splendor.ui.widgets import draw_flat_button
from splendor.ui.wording import describe

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
    label: str
    action: Callable[[], object]
    enabled: bool = True


class TableScene(Scene):
    """Plays one game; see the module docstring."""

    def __init__(
        self,
        controller: GameController,
        *,
        on_finished: Callable[[GameState], None],
        on_pause: Callable[[], None] | None = None,
        assists: Assists | None = None,
        speed: float = 1.0,
        decision_overlays: dict[str, Callable[[], Scene]] | None = None,
        sounds: Sounds | None = None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.sounds = sounds
        self._nobles_heard: dict[int, int] = {}
        controller.on_commit = self._sound_for
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

    # --------------------------------------------------------------- lifecycle

    def enter(self, app: App) -> None:
        super().enter(app)
        self.resize(app.size)
        self._shown_seat = self.controller.viewer()

    def resize(self, size: tuple[int, int]) -> None:
        opponents = self.controller.state.num_players - 1
        self.layout = compute_layout(size, opponents, self.controller.data.market_slots)

    def resume(self) -> None:
        self._overlay_open = False

    @property
    def busy(self) -> bool:
        return self._animating or self.controller.thinking or bool(self.ui.drag_color) or \
            self.ui.drag_card is not None

    # --------------------------------------------------------------- queries

    def view(self) -> View:
        return self.controller.view_for(self.controller.viewer())

    def acting(self) -> bool:
        """True when the viewer must make a main action now and nothing is animating."""
        state = self.controller.state
        return (
            not self._animating
            and self.controller.human_to_act()
            and state.phase is Phase.MAIN
            and state.current == self.controller.viewer()
        )

    def log_lines(self) -> list[str]:
        names = self.controller.state.setup.names
        return [f"R{e.round}  {describe(names[e.seat], e.action)}" for e in self.controller.log]

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
        """Where the viewer's reserved cards are drawn (kept in step with table_view)."""
        lay = self.layout
        assert lay is not None
        px = lay.px
        area = lay.my_area
        out = []
        for i, card in enumerate(self.view().me.reserved):
            if isinstance(card, Card):
                x = area.x + px(360) + i * (px(82) + px(8))
                out.append((card.id, pygame.Rect(x, area.y + px(30), px(82), px(112))))
        return out

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
                self.ui.message = "Gold comes only with a reservation."
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
                self.ui.message = "Drop the token in your area to take it."
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
        state = self.controller.state
        if can_grow(state, self.ui.pending, color):
            self.ui.pending.append(color)
            self.ui.selected = None
            self.ui.message = ""
            return True
        reason = refusal(state, self.ui.pending, color)
        self.ui.message = reason[0].upper() + reason[1:] + "."
        return False

    def confirm_take(self) -> None:
        if self.ui.pending and self.play(take_action(self.ui.pending)):
            self.ui.pending = []

    def cancel(self) -> None:
        self.ui.pending = []
        self.ui.selected = None
        self.ui.message = ""

    def select(self, target: str) -> None:
        """Offer the actions for a card id or 'deck:N'."""
        self.ui.selected = target
        self.ui.pending = []
        self.ui.message = ""
        self.payment_index = 0

    def _sound_for(self, seat: int, action: Action) -> None:
        if self.sounds is None:
            return
        nobles = len(self.controller.state.players[seat].nobles)
        if nobles > self._nobles_heard.get(seat, 0):
            self._nobles_heard[seat] = nobles
            self.sounds.play("noble")
        elif isinstance(action, Take | TakeTwo):
            self.sounds.play("take")
        elif isinstance(action, Buy):
            self.sounds.play("buy")
        elif isinstance(action, Reserve | ReserveDeck):
            self.sounds.play("reserve")

    def play(self, action: Action) -> bool:
        """Commit a human action through the controller; show the reason if refused."""
        before = self.view()
        reason = self.controller.play(action)
        if reason is not None:
            self.ui.message = reason[0].upper() + reason[1:] + "."
            if self.sounds is not None:
                self.sounds.play("refuse")
            return False
        self.ui.selected = None
        self.ui.message = ""
        self._mark_changes(before)
        self._after_change()
        return True

    # --------------------------------------------------------------- time

    def update(self, dt: float) -> None:
        if self._finished:
            return
        self._clock += dt
        controller = self.controller
        controller.poll()
        current = controller.state.current_player()
        names = controller.state.setup.names
        self.ui.thinking = names[current] if controller.thinking and current is not None else None
        if self._animating:
            total = (FLIGHT_SECONDS + HOLD_SECONDS) / self.speed
            if self._clock - self._anim_start >= total:
                before = self.view()
                controller.commit_incoming()
                self._animating = False
                self._flights = []
                self._mark_changes(before)
                self._after_change()
            if self.app is not None:
                self.app.request_redraw()
        elif controller.incoming is not None:
            self._start_animation()
        elif controller.state.is_over() and not self._finished:
            self._finished = True
            if self.sounds is not None:
                self.sounds.play("end")
            self.on_finished(controller.state)
        elif not self._overlay_open:
            self._after_change()

    def _after_change(self) -> None:
        """Open the overlay a human decision needs, or the pass screen between humans."""
        if self._overlay_open or self._animating:
            return
        state = self.controller.state
        if state.is_over():
            return
        if not self.controller.human_to_act():
            return
        seat = state.current
        if self._shown_seat != seat and len(self.controller.humans) > 1 and "pass" in self.overlays:
            self._shown_seat = seat
            self._open("pass")
            return
        self._shown_seat = seat
        if state.phase is Phase.RETURN:
            self._open("return")
        elif state.phase is Phase.NOBLE:
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
        incoming = self.controller.incoming
        assert incoming is not None and self.layout is not None
        seat, action = incoming
        self._flights = plan_flights(self.layout, self.view(), self.controller.data, seat, action,
                                     self._seat_rect)
        self._animating = True
        self._anim_start = self._clock

    def _seat_rect(self, seat: int) -> pygame.Rect:
        lay = self.layout
        assert lay is not None
        viewer = self.controller.viewer()
        if seat == viewer:
            return lay.my_area
        others = [s for s in range(self.controller.state.num_players) if s != viewer]
        return lay.opponents[others.index(seat)]

    # --------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        view = self.view()
        draw_table(surface, lay, view, self.ui, self.assists, self.acting(), self.log_lines())
        self.buttons = []
        self._draw_action_panel(surface, lay, view)
        if self._animating:
            t = (self._clock - self._anim_start) * self.speed / FLIGHT_SECONDS
            for flight in self._flights:
                image = flight.image
                surface.blit(image, image.get_rect(center=flight.at(t)))

    def _button(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
                action: Callable[[], object], enabled: bool = True) -> None:
        lay = self.layout
        assert lay is not None
        draw_flat_button(surface, rect, label, lay.px, enabled, text_px=16)
        self.buttons.append(_Button(rect, label, action, enabled))

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
        elif acting and self.controller.state.legal_actions() == (Pass(),):
            # Nothing else is legal (no tokens to take, no card to buy or reserve).
            for line in ("No move is possible:", "you must pass."):
                surface.blit(theme.text(line, px(15), theme.TEXT), (x, y))
                y += px(22)
            y += px(8)
            self._button(surface, pygame.Rect(x, y, w, px(38)), "Pass",
                         lambda: self.play(Pass()))
            y += px(46)
        elif acting:
            for line in ("Your turn.", "Drag tokens from the bank", "into your area, or click",
                         "a card to buy or reserve it."):
                surface.blit(theme.text(line, px(15), theme.TEXT), (x, y))
                y += px(22)
        elif self.ui.thinking:
            surface.blit(theme.text(f"{self.ui.thinking} is thinking…", px(16), theme.ACTIVE),
                         (x, y))
            y += px(26)
        if self.ui.message and self.assists.reasons:
            self._wrap(surface, self.ui.message, px(15), theme.DANGER, x, panel.bottom - px(70), w)
        if self.ui.notice:
            self._wrap(surface, self.ui.notice, px(14), theme.ACCENT, x, panel.bottom - px(130), w)

    def _wrap(self, surface: pygame.Surface, message: str, size: int, color: theme.Color,
              x: int, y: int, width: int) -> int:
        words, line = message.split(), ""
        for word in words:
            trial = f"{line} {word}".strip()
            if theme.font(size).size(trial)[0] > width and line:
                surface.blit(theme.text(line, size, color), (x, y))
                y += size + 6
                line = word
            else:
                line = trial
        if line:
            surface.blit(theme.text(line, size, color), (x, y))
            y += size + 6
        return y

    def _draw_pending(self, surface: pygame.Surface, lay: TableLayout, x: int, y: int,
                      w: int) -> int:
        px = lay.px
        surface.blit(theme.text("Taking", px(16), theme.TEXT, bold=True), (x, y))
        y += px(26)
        for i, color in enumerate(self.ui.pending):
            surface.blit(art.token_surface(color, px(48)), (x + i * px(56), y))
        y += px(60)
        half = (w - px(10)) // 2
        self._button(surface, pygame.Rect(x, y, half, px(38)), "Confirm", self.confirm_take)
        self._button(surface, pygame.Rect(x + half + px(10), y, half, px(38)), "Cancel",
                     self.cancel)
        return y + px(48)

    def _draw_selection(self, surface: pygame.Surface, lay: TableLayout, view: View,
                        x: int, y: int, w: int) -> int:
        px = lay.px
        target = self.ui.selected
        assert target is not None
        state = self.controller.state
        if target.startswith("deck:"):
            level = int(target.split(":")[1])
            surface.blit(theme.text(f"Level {level} deck", px(17), theme.TEXT, bold=True), (x, y))
            y += px(30)
            action = ReserveDeck(level)
            reason = state.why_illegal(action)
            self._button(surface, pygame.Rect(x, y, w, px(38)), "Reserve blind",
                         lambda: self.play(action), reason is None)
            y += px(46)
            if reason:
                y = self._wrap(surface, reason, px(15), theme.TEXT_DIM, x, y, w)
            return y
        card = state.data.card_by_id[target]
        image = art.card_surface(card, (px(100), px(140)))
        surface.blit(image, (x, y))
        me = state.players[state.current]
        options = payment_options(me.tokens, me.bonuses, card)
        bx = x + px(112)
        bw = w - px(112)
        by = y
        buy_reason = state.why_illegal(Buy(card.id))
        pay: tuple[int, ...] | None = None
        if options:
            self.payment_index %= len(options)
            pay = options[self.payment_index]
        buy = Buy(card.id, pay if self.payment_index else None)
        self._button(surface, pygame.Rect(bx, by, bw, px(38)), "Buy",
                     lambda: self.play(buy), buy_reason is None)
        by += px(46)
        if card.id in {c.id for row in view.market for c in row if c is not None}:
            reserve_reason = state.why_illegal(Reserve(card.id))
            self._button(surface, pygame.Rect(bx, by, bw, px(38)), "Reserve",
                         lambda: self.play(Reserve(card.id)), reserve_reason is None)
            by += px(46)
        y += px(150)
        if pay is not None:
            surface.blit(theme.text("Pay", px(15), theme.TEXT_DIM), (x, y + px(10)))
            tx = x + px(40)
            for color, n in enumerate(pay):
                for _ in range(n):
                    surface.blit(art.token_surface(color, px(30)), (tx, y + px(4)))
                    tx += px(24)
            y += px(42)
            if len(options) > 1:
                self._button(surface, pygame.Rect(x, y, w, px(34)), "Use gold differently",
                             self._next_payment)
                y += px(42)
        elif buy_reason:
            y = self._wrap(surface, buy_reason, px(15), theme.TEXT_DIM, x, y, w)
        return y

    def _next_payment(self) -> None:
        self.payment_index += 1
