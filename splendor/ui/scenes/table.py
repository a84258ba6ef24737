"""The table: where the game is played with the mouse.

Tokens are taken by dragging them from a bank pile into your area (or clicking a pile);
the pending take lives here, in the scene, until it is confirmed. Cards are clicked to
see what can be done with them, or dragged into your area to reserve them. Only actions
the session accepts are committed; a refused drop snaps back with the engine's reason.

The scene only wires its parts together: gestures (`table.pointer`), what is under the
pointer (`table.hits`), the action panel (`table.panel`), a bot's move being shown
(`table.motion`), the decision overlays (`table.decisions`) and the drawing of the table
(`table.view`). Everything shown comes from the session's view for the seat at the
screen; layout happens on entering, resizing (a change of language resizes too) and
when the game or a selection changes (on the event or the frame's update that changed
it), never while drawing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.engine import (
    Action,
    Buy,
    Phase,
    Refusal,
    Reserve,
    ReserveDeck,
    Take,
    TakeTwo,
    View,
)
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.session.log import LogEntry
from splendor.session.review import review_seat
from splendor.session.table_session import TableSession
from splendor.ui.scene import Scene
from splendor.ui.sound import Sounds
from splendor.ui.table.banner import FinalRoundBanner
from splendor.ui.table.bot_failure import BotFailure
from splendor.ui.table.decisions import DecisionOverlays
from splendor.ui.table.flights import market_rect, plan_flights
from splendor.ui.table.hits import Hit, hint_marks, hit_test, in_area, reserved_rects
from splendor.ui.table.layout import TableLayout, compute_layout
from splendor.ui.table.marks import last_move_marks
from splendor.ui.table.motion import MoveShow
from splendor.ui.table.net_strip import strip_for
from splendor.ui.table.panel import (
    Assisting,
    PanelButton,
    PanelCard,
    PanelLayout,
    draw_panel,
    layout_panel,
)
from splendor.ui.table.pointer import Pointer
from splendor.ui.table.take_builder import can_grow, put_back, refusal, take_action
from splendor.ui.table.view import (
    Assists,
    TableUi,
    bonus_rects,
    draw_table,
    log_rows,
    reserved_slots,
)
from splendor.ui.table.zoom import (
    CardZoom,
    ZoomTarget,
    log_targets,
    logged_card,
    panel_targets,
    target_at,
    zoom_targets,
)
from splendor.ui.wording import describe_entry, hint_text, log_line


class TableScene(Scene):
    """Plays one game; see the module docstring."""

    def __init__(
        self,
        session: TableSession,
        *,
        on_finished: Callable[[TableSession], None],
        on_pause: Callable[[], None] | None = None,
        on_leave: Callable[[], None] | None = None,
        on_history: Callable[[int], None] | None = None,
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
        #: Saves the game and leaves the table (offered when a bot fails); None: not offered.
        self.on_leave = on_leave
        #: A failed bot: told, and the player asked once (replace it, or save and leave).
        self.failure = BotFailure(session, self.tell, on_leave)
        #: Words the notice shown above the buttons (see `tell`); None: no notice.
        self._notice: Callable[[], str] | None = None
        #: Shows the game as it was after move k (a click on the log); None: no history.
        self.on_history = on_history
        self.assists = assists or Assists()
        self.speed = max(0.1, speed)
        self.ui = TableUi(watching=session.options.watch_only,
                          hints_offered=not session.options.competitive
                          and len(session.humans) == 1,
                          you=review_seat([s.kind for s in session.options.seats]))
        self.layout: TableLayout | None = None
        self.panel: PanelLayout | None = None
        self.payment_index = 0
        #: The game's version when the selection was made.
        self._selected_at = session.version
        self.pointer = Pointer(self)
        self.show = MoveShow()
        self.decisions = DecisionOverlays(decision_overlays)
        self.recall_last_move()  # a resumed game shows its last move as it was
        self._finished = False
        #: The log as shown, worded on layout and as moves come; the log list worded
        #: (None: to be worded afresh, after a resize or a change of language).
        self._log_of: int | None = None
        self._log_text: list[str] = []
        self._log_entries: list[LogEntry] = []
        #: For each worded log line, the index of its entry in the session's log, and the
        #: card it names (None: none, see table.zoom.logged_card).
        self._log_line_entry: list[int] = []
        self._log_line_card: list[str | None] = []
        #: Counts changes of the worded log; the log's rows are placed again after one.
        self._log_version = 0
        self._log_rows: tuple[tuple[object, ...], list[tuple[int, pygame.Rect]]] | None = None
        #: What the panel shows, as values, when it was laid out (see `_panel_state`).
        self._panel_key: tuple[object, ...] | None = None
        #: A card shown large (hover or right-click), and the final round's banner.
        self.zoom = CardZoom()
        #: Where the pointer last moved (a log that scrolls under it changes the line).
        self._pointer_at: tuple[int, int] | None = None
        self.banner = FinalRoundBanner(len(session.log))
        #: A network game's chat and connection status (nothing for a local game).
        self.net = strip_for(session)

    # --------------------------------------------------------------- lifecycle

    def resize(self, size: tuple[int, int]) -> None:
        view = self.session.view()
        self.layout = self.net.place(compute_layout(
            size, view.num_players - 1, self.session.data.market_slots, module=view.module))
        self._panel_key = None
        self._log_of = None  # worded again, in the language in use
        self._log_rows = None
        self.zoom.close()  # it was placed for the old size
        self.ui.hover_log = None
        if self._notice is not None:
            self.ui.notice = self._notice()  # in the language now in use
        self._layout_panel()

    def tell(self, words: Callable[[], str] | None) -> None:
        """Show the notice `words()` above the panel's buttons (a problem outside the game:
        an autosave that failed, a bot that failed), worded again after a change of
        language; None: no notice."""
        self._notice = words
        self.ui.notice = words() if words is not None else ""

    def pause(self) -> None:
        """Another scene covers the table: no card stays zoomed under it."""
        self.zoom.close()
        self.ui.hover_log = self.ui.hover_button = self._pointer_at = None

    def resume(self) -> None:
        """The table is on top again: an overlay closed, or the pause menu (which paused
        the session: nothing moved meanwhile). A selection the overlay played (a
        sacrifice bought) is gone."""
        self.decisions.closed()
        # Light at once the log line or button under a pointer that rests where it was.
        self._pointer_at = self.app.pointer if self.app is not None else None
        self.ui.hover_button = self._button_at(self._pointer_at)
        self.session.resume()
        if self.ui.selected is not None and self.session.version != self._selected_at:
            self.cancel()

    @property
    def busy(self) -> bool:
        return self.show.running or self.session.thinking or self.session.hint_pending \
            or bool(self.ui.drag_color) or self.ui.drag_card is not None \
            or self.banner.active or (self.zoom.hovered is not None and self.zoom.shown is None)

    @property
    def _animating(self) -> bool:
        return self.show.running

    @property
    def buttons(self) -> list[PanelButton]:
        """The action panel's buttons as last laid out."""
        return self.panel.buttons if self.panel is not None else []

    # --------------------------------------------------------------- queries

    def view(self) -> View:
        """What the screen may show now (in a hot-seat game, only the public view until the
        human to act has passed the pass screen)."""
        return self.session.screen_view()

    def acting(self) -> bool:
        """True when the viewer must make a main action now and nothing is animating."""
        view = self.view()
        return (
            not self.show.running
            and self.session.human_to_act()
            and view.phase is Phase.MAIN
            and view.current_player == view.seat
            and bool(view.legal_actions)  # the public view offers none
        )

    def log_lines(self) -> list[str]:
        """The game log in the language in use, its new moves worded (on the event or the
        update that brought them, and on layout; drawing shows the lines as worded).
        Lines already worded are kept and only new moves are worded; an undo shortens the
        log."""
        log = self.session.log
        fresh = self._log_of != id(log) or len(self._log_entries) > len(log)
        if fresh:
            self._log_of, self._log_text, self._log_entries = id(log), [], []
            self._log_line_entry, self._log_line_card = [], []
            self._log_version += 1
        names = self.session.options.names
        data = self.session.data
        for entry in log[len(self._log_entries):]:
            texts = describe_entry(names[entry.seat], entry, data, names, self.ui.you)
            self._log_text += [log_line(entry.round, text) for text in texts]
            if self.ui.log_back and not fresh:  # scrolled back: the lines read stay
                self.ui.log_back += len(texts)
            self._log_line_entry += [len(self._log_entries)] * len(texts)
            # The move's line names its card; a noble's visit after it names none.
            self._log_line_card += [logged_card(entry.action)] + [None] * (len(texts) - 1)
            self._log_entries.append(entry)
            self._log_version += 1
        return self._log_text

    def log_row_rects(self) -> list[tuple[int, pygame.Rect]]:
        """Where the log lines shown are drawn (see table.view.log_rows), placed again on
        layout and when the lines or the scroll changed."""
        assert self.layout is not None
        lines = self.log_lines()
        key = (self._log_version, self.ui.log_back)
        if self._log_rows is None or self._log_rows[0] != key:
            self._log_rows = (key, log_rows(self.layout, lines, self.ui.log_back))
        return self._log_rows[1]

    def market_rect(self, card_id: str) -> pygame.Rect | None:
        """Where a face-up market card is drawn, or None if it is not in the market."""
        assert self.layout is not None
        return market_rect(self.layout, self.view(), card_id)

    def reserved_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where the viewer's reserved cards are drawn."""
        assert self.layout is not None
        return reserved_rects(reserved_slots(self.layout), self.view())

    # --------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.net.handle_event(event, not (self.ui.pending or self.ui.selected)):
            return True  # the chat's: no shortcut fires while typing
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.zoom.close():
                return True  # Escape closes a zoomed card before anything else
            return self._key(event.key, getattr(event, "mod", 0))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.zoom.open(self.zoom_target(event.pos))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.zoom.close()
            self.pointer.down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer.move(event.pos)
            self._pointer_at = event.pos
            self.ui.hover_button = self._button_at(event.pos)
            self.ui.hover_log = self._log_line_at(event.pos)
            # No zoom while a token or card is carried or a button is held.
            held = any(getattr(event, "buttons", ())) or self.ui.drag_color is not None \
                or self.ui.drag_card is not None
            self.zoom.point(None if held else self.zoom_target(event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pointer.up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            return self._scroll_log(event.y)
        else:
            return False
        self._layout_panel()
        return True

    def _scroll_log(self, notches: int) -> bool:
        """The wheel over the log: up shows older moves, down newer ones."""
        at = self._pointer_at
        if self.layout is None or at is None or not self.layout.log.collidepoint(at):
            return False
        lines = len(self.log_lines())
        self.ui.log_back = max(0, min(lines - 1, self.ui.log_back + notches))
        self.ui.hover_log = self._log_line_at(at)
        if self.app is not None:
            self.app.request_redraw()
        return True

    def _key(self, key: int, mod: int = 0) -> bool:
        if key == pygame.K_z and mod & pygame.KMOD_CTRL:
            self.undo()
        elif key == pygame.K_h and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ask_hint()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.ui.pending:
                self.confirm_take()
            elif self.ui.selected is not None:
                self._press_first("buy", "reserve_blind")
        elif key in (pygame.K_BACKSPACE, pygame.K_ESCAPE):
            if self.ui.pending or self.ui.selected:
                self.cancel()
            elif key == pygame.K_ESCAPE and self.on_pause is not None:
                self.on_pause()
        else:
            return False
        self._layout_panel()
        return True

    # What the pointer asks (see table.pointer.PointerTarget).

    def hit(self, pos: tuple[int, int]) -> Hit | None:
        """What is under the mouse."""
        assert self.layout is not None
        log = self.log_row_rects() if self.on_history is not None else []
        return hit_test(self.layout, self.view(), [b.rect for b in self.buttons],
                        self.reserved_rects(), pos, log)

    def _button_at(self, pos: tuple[int, int] | None) -> int | None:
        """The index of the panel button under `pos`, or None."""
        if pos is None:
            return None
        return next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(pos)), None)

    def _log_line_at(self, pos: tuple[int, int]) -> int | None:
        """The log line under `pos` when it does something: a click shows its position,
        or it names a card (shown beside it); None otherwise."""
        for line, rect in self.log_row_rects():
            if rect.collidepoint(pos):
                named = line < len(self._log_line_card) and self._log_line_card[line]
                return line if self.on_history is not None or named else None
        return None

    def open_move(self, line: int) -> None:
        """Show the game as it was after the move of log line `line` (read-only)."""
        if self.on_history is not None and 0 <= line < len(self._log_line_entry):
            self.on_history(self._log_line_entry[line] + 1)

    def zoom_targets(self) -> list[ZoomTarget]:
        """Every card on the table that can be shown large, with where it is, the cards
        the log's lines name (public: the log holds no blind card) and the card selected
        in the action panel."""
        assert self.layout is not None
        return zoom_targets(self.layout, self.view(), self.assists, self.acting(),
                            reserved_slots(self.layout), bonus_rects(self.layout)) \
            + log_targets(self.log_row_rects(), self._log_line_card, self.session.data) \
            + panel_targets([(item.card, item.rect) for item in
                             (self.panel.items if self.panel is not None else ())
                             if isinstance(item, PanelCard)])

    def zoom_target(self, pos: tuple[int, int]) -> ZoomTarget | None:
        """The card (or stack of purchased cards) under `pos` that can be shown large."""
        return target_at(self.zoom_targets(), pos)

    def in_area(self, pos: tuple[int, int]) -> bool:
        assert self.layout is not None
        return in_area(self.layout, pos)

    def button_enabled(self, index: int) -> bool:
        return index < len(self.buttons) and self.buttons[index].enabled

    def button_contains(self, index: int, pos: tuple[int, int]) -> bool:
        return index < len(self.buttons) and bool(self.buttons[index].rect.collidepoint(pos))

    def press_button(self, index: int) -> None:
        self.buttons[index].action()

    def _press_first(self, *keys: str) -> None:
        """Press the first of the panel's enabled buttons among `keys` (Enter's action)."""
        for key in keys:
            for button in self.buttons:
                if button.key == key and button.enabled:
                    button.action()
                    return

    def reserve_dropped(self, card_id: str) -> None:
        self.play(Reserve(card_id))

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

    def select(self, target: Hit) -> None:
        """Offer the actions for a card or a deck."""
        self.ui.selected = target
        self._selected_at = self.session.version
        self.ui.pending = []
        self.ui.refusal = None
        self.payment_index = 0

    def next_payment(self) -> None:
        self.payment_index += 1

    def choose_sacrifice(self, card_id: str) -> None:
        """Open the choice of the cards to give up for the sacrifice card `card_id`."""
        self.decisions.open_sacrifice(card_id, self.app)

    def undo(self) -> None:
        """Take back the player's last decision (and the bots' moves since), or say why
        not."""
        reason = self.session.undo()
        if reason is not None:
            self._refuse(reason)
            return
        self.show = MoveShow()
        self.pointer.cancel()
        self.cancel()
        self.recall_last_move()
        self.ui.hint_marks = set()
        if self.sounds is not None:
            self.sounds.play("take")
        self.decisions.after_change(self.session, self.app)

    def ask_hint(self) -> None:
        """Ask the expert for a move for the player to act; it shows when ready."""
        reason = self.session.request_hint()
        if reason is not None:
            self._refuse(reason)
        else:
            self.ui.refusal = None

    def _refuse(self, reason: Refusal) -> None:
        self.ui.refusal = reason
        if self.sounds is not None:
            self.sounds.play("refuse")

    def play(self, action: Action) -> bool:
        """Commit a human action through the session; show the reason if refused."""
        before = self.view()
        reason = self.session.play(action)
        if reason is not None:
            self._refuse(reason)
            return False
        self.ui.selected = None
        self.ui.refusal = None
        self._mark_changes(before)
        self.decisions.after_change(self.session, self.app)
        return True

    def _sound_for(self, entry: LogEntry) -> None:
        if self.sounds is None:
            return
        action = entry.action
        if entry.nobles or entry.city or entry.posts \
                or isinstance(action, ChooseCity | ChoosePost | ReserveNoble):
            self.sounds.play("noble")
        elif isinstance(action, Take | TakeTwo | TakeGem):
            self.sounds.play("take")
        elif isinstance(action, Buy | Conquer | TakeFree):
            self.sounds.play("buy")
        elif isinstance(action, Reserve | ReserveDeck | Pair | Stronghold):
            self.sounds.play("reserve")

    # --------------------------------------------------------------- time

    def update(self, dt: float) -> None:
        # Moves that came (with a poll, or played behind the table's back) are worded
        # first, the game over too: the last ones show under the results.
        self.log_lines()
        self._pass_time(dt)  # also under the results: the banner goes, the zoom follows
        if self._finished:
            return
        session = self.session
        session.poll()
        current = session.current
        names = session.options.names
        self.ui.thinking = names[current] if session.thinking and current is not None else None
        if self.net.update(dt) and self.app is not None:
            self.app.request_redraw()
        self.failure.follow(self.app)
        if self.show.running:
            if not session.paused and self.show.advance(dt, self.speed):
                before = self.view()
                session.commit_incoming()
                self.ui.refusal = None  # a refusal is about a position that is gone
                self._mark_changes(before)
                self.decisions.after_change(session, self.app)
            if self.app is not None:
                self.app.request_redraw()
        elif session.incoming is not None:
            self._start_show()
        elif session.is_over():
            self._finished = True
            if self.sounds is not None:
                self.sounds.play("end")
            self.on_finished(session)
            return
        elif not self.decisions.open:
            self.decisions.after_change(session, self.app)
        self._layout_panel()

    def _pass_time(self, dt: float) -> None:
        """The banner and the zoom's hover delay: they change only here."""
        session = self.session
        changed = self.banner.watch(session.log, session.options.names,
                                    session.data.target_points, self.ui.you)
        if self.banner.active:
            self.banner.update(dt)
            changed = True  # it fades
        changed |= self._follow_log()
        changed |= self.zoom.update(dt, self.zoom_targets)
        if changed and self.app is not None:
            self.app.request_redraw()

    def _follow_log(self) -> bool:
        """A log that moved under a resting pointer (a new move scrolls it): light the
        line now under it and show its card. True when that changed the picture."""
        at = self._pointer_at
        if at is None or self.layout is None:
            return False
        line = self._log_line_at(at)
        if line == self.ui.hover_log:
            return False
        self.ui.hover_log = line
        if self.ui.drag_color is None and self.ui.drag_card is None:
            self.zoom.point(self.zoom_target(at))
        return True

    def _mark_changes(self, before: View) -> None:
        self.ui.highlight, self.ui.dealt, self.ui.moved = last_move_marks(before, self.view())

    def recall_last_move(self) -> None:
        """Mark what the latest move changed, worked out again from the game (after an
        undo, or for a game resumed), or nothing when there is none."""
        before = self.session.view_before_last()
        if before is None:
            self.ui.forget_last_move()
        else:
            self._mark_changes(before)

    def _start_show(self) -> None:
        incoming = self.session.incoming
        assert incoming is not None and self.layout is not None
        seat, action = incoming
        self.show.start(plan_flights(self.layout, self.view(), self.session.data, seat,
                                     action, self._seat_rect))

    def _seat_rect(self, seat: int) -> pygame.Rect:
        lay = self.layout
        assert lay is not None
        viewer = self.session.viewer()
        if seat == viewer:
            return lay.my_area
        others = [s for s in range(self.view().num_players) if s != viewer]
        return lay.opponents[others.index(seat)]

    # --------------------------------------------------------------- layout and drawing

    def _layout_panel(self) -> None:
        """After an event or a frame's update: word the moves that came and lay the action
        panel out again if what it shows changed (`_panel_state`); on a resize always."""
        self.log_lines()
        lay = self.layout
        if lay is None:
            return
        ui = self.ui
        ui.status, ui.status_alarm = self.net.status()
        ui.warning = self.net.warning()
        acting = self.acting()
        ui.hint_marks = hint_marks(self.session.hint.action) \
            if self.session.hint is not None and acting else set()
        key = self._panel_state(acting)
        if key == self._panel_key:
            return
        self._panel_key = key
        if self.app is not None:
            self.app.request_redraw()  # what the panel shows changed (a hint came, ...)
        self.panel = layout_panel(lay, self.view(), ui, self.assists, acting,
                                  self.session.data, self.session.why_illegal, self,
                                  self.payment_index, self._assisting())
        # Other buttons, elsewhere: the one lit is the one now under the pointer.
        ui.hover_button = self._button_at(self._pointer_at)

    def _panel_state(self, acting: bool) -> tuple[object, ...]:
        """What the action panel shows, as values, not words: a new move (the version),
        a selection, a refusal, a hint, a notice, a bot thinking, the connections. The
        window's size and the language are not here: a resize (which a change of
        language is too) lays the panel out whatever this says."""
        session, ui = self.session, self.ui
        assisting: tuple[object, ...] = ()
        if not session.options.competitive and len(session.humans) == 1:
            assisting = (session.why_no_undo() is None, session.why_no_hint() is None,
                         session.hint_pending, session.hint)
        return (session.version, len(session.log), self.view().seat, acting,
                tuple(ui.pending), ui.selected, ui.refusal, ui.notice, ui.thinking,
                ui.status, ui.status_alarm, ui.warning, self.payment_index,
                self.assists.reasons,
                assisting)

    def _assisting(self) -> Assisting:
        """Undo and Hint as this game offers them (only to a single person playing
        against bots, and not in a competitive game), and the last move."""
        session = self.session
        log = session.log
        names = session.options.names
        last = " · ".join(describe_entry(names[log[-1].seat], log[-1], session.data,
                                         names, self.ui.you)) if log else ""
        if session.options.competitive or len(session.humans) != 1:
            return Assisting(last_move=last)
        hint = session.hint
        text = hint_text(hint, session.options.names, session.data) \
            if hint is not None else ""
        back = tuple(put_back(self.ui.pending, hint.action)) if hint is not None else ()
        return Assisting(undo=session.why_no_undo() is None,
                         hint=session.why_no_hint() is None and not session.hint_pending,
                         hint_text=text, hint_pending=session.hint_pending, last_move=last,
                         put_back=back)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None and self.panel is not None
        draw_table(surface, lay, self.view(), self.ui, self.assists, self.acting(),
                   self._log_text, token_limit=self.session.data.token_limit,
                   data=self.session.data)
        draw_panel(surface, self.panel, lay.px, self.ui.hover_button)
        self.net.draw(surface, lay)
        if self.show.running:
            self.show.draw(surface)
        self.banner.draw(surface, lay)
        self.zoom.draw(surface, lay)

