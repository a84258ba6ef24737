"""A game as the people at one screen play it, whatever the game: seats, bots off the frame
loop, undo, hints, pause, hot seat, the log. No pygame here.

`SeatedSession` holds what every game's session shares; a game's session (Splendor's
`splendor.session.game.Session`, Saba's `splendor.saba.session.SabaSession`) says only what
differs: how a state is observed, started again from its setup and changed with its log
entry made, which action begins a move that undo takes back, and what a hint holds.

A screen asks the session what a seat may see (`view`), hands it the human's actions
(`play`), calls `poll` once a frame so bots move, and shows the bot move waiting in
`incoming` before committing it. The full game state stays inside; screens get views.

Bots decide in a child process (`BotProcess`), fed the deciding seat's view. A bot's
randomness for a decision comes from its seat's seed and the number of actions played so
far (`decision_seed`), and the child keeps nothing between requests. So a cancelled request
(pause, undo, leaving) costs nothing, since asked again the bot answers the same; undo is exact
(after rolling back, the game goes on as it would have); and a resumed save goes on
exactly as the game would have, without storing any generator state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol

from splendor.engine.errors import IllegalActionError, Refusal
from splendor.session.bot_process import AnalysisRequest, Answer, Request, fresh_random_state
from splendor.session.seats import GameOptions


def decision_seed(seat_seed: int, actions: int) -> int:
    """The seed of a bot's decision after `actions` actions: fixed by the position, so a
    decision asked again (after a pause, an undo or a reload) comes out the same."""
    return (seat_seed * 1_000_003 + actions) % 2**63


class Bots(Protocol):
    """Where bot decisions are made: `BotProcess`, or `InlineBots` for tools and tests."""

    @property
    def busy(self) -> bool: ...
    def submit(self, request: Request | AnalysisRequest) -> int: ...
    def poll(self) -> Answer | None: ...
    def cancel(self) -> None: ...
    def close(self, timeout: float = 1.0) -> None: ...


class Entry(Protocol):
    """What the shared machinery reads of a game's log entry."""

    @property
    def index(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def action(self) -> Any: ...


@dataclass
class _Pending:
    """What the outstanding bot request is for."""

    purpose: str  # "move" or "hint"
    seat: int
    actions: int


@dataclass
class SessionCounters:
    """Assists used in this game (kept in saves; statistics mark such games assisted)."""

    undos: int = 0
    hints: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class SeatedSession:
    """One game in progress for the people at the screen (see the module docstring).

    A subclass gives `_observe`, `_public`, `_fresh`, `_apply_logged`, `_make_hint`,
    `_make_bot` and `levels`; it may change `_starts_move` and `_turn_starts`."""

    #: Whether a finished game counts among the statistics' games (a challenge does not).
    counts_in_statistics = True
    #: Whether the game may be saved and autosaved (a challenge is retried, not saved: a
    #: set position does not replay from a deal).
    saveable = True
    #: The bot level that suggests moves, and how long it may think about one (seconds;
    #: None: the level's own way).
    hint_level: ClassVar[str]
    hint_budget: ClassVar[float | None] = None

    def __init__(
        self, options: GameOptions, bots: Bots, state: Any, counters: SessionCounters | None = None
    ) -> None:
        """The game `state` (a new one, or the one a save resumes) played by `options`'s
        seats, bots deciding in `bots`."""
        self.options = options
        self._state = state
        self._bots = bots
        base_seed = state.setup.seed or 0
        #: Each bot seat's seed; with the game's progress it seeds every decision.
        self.bot_seeds = {
            seat: base_seed * 10 + seat for seat, s in enumerate(options.seats) if not s.is_human
        }
        self.counters = counters or SessionCounters()
        #: True once the game has ended in this session (a finished save that is loaded
        #: again ended earlier, and is not counted twice).
        self.finished_here = False
        self.log: list[Any] = []
        if state.history:
            start = self._fresh()
            self.log = [self._apply_logged(start, action) for action in state.history]
        self._pending: _Pending | None = None
        #: A bot's chosen action, waiting for the screen to show it and then commit it.
        self.incoming: tuple[int, Any] | None = None
        #: The suggestion for the human to act, once computed (cleared by any move).
        self.hint: Any = None
        self.paused = False
        #: A fixed simulation count for hints instead of the budget (repeatable hints).
        self.hint_simulations: int | None = None
        self._last_human: int | None = None
        #: Grows with every change of the game, so views can be kept between frames.
        self._version = 0
        self._views: dict[int, tuple[int, Any]] = {}
        self._public_views: dict[int, tuple[int, Any]] = {}
        #: In a hot-seat game, the human who has passed the pass screen for this turn.
        self.revealed: int | None = None
        #: A bot that failed (its error text), so the screen can say so; the game stops
        #: until `replace_bot` lets another level play the seat (or the game is left).
        self.bot_error: str | None = None
        #: The seat whose bot failed (with `bot_error`).
        self.failed_seat: int | None = None
        #: Called after every applied action with its log entry (sounds, animations).
        self.on_commit: Callable[[Any], None] | None = None
        #: Called after every completed turn (the game autosaves here).
        self.on_turn_end: Callable[[], None] | None = None

    # ------------------------------------------------------------ the game's own

    #: The game's bot levels, weakest first (what a failed bot may be replaced by).
    levels: ClassVar[tuple[str, ...]]

    def _observe(self, state: Any, seat: int) -> Any:
        """What `seat` may see of `state`."""
        raise NotImplementedError

    def _public(self, state: Any, seat: int) -> Any:
        """What anyone at the screen may see, laid out for `seat`: no secret, no moves."""
        raise NotImplementedError

    def _fresh(self) -> Any:
        """The game as dealt: its setup, no action yet."""
        raise NotImplementedError

    def _apply_logged(self, state: Any, action: Any) -> Entry:
        """Apply `action` to `state` (checked) and return its log entry."""
        raise NotImplementedError

    def _make_hint(self, view: Any, action: Any, detail: Any) -> Any:
        """The hint to show for the suggested `action` (`detail`: the bot's own words)."""
        raise NotImplementedError

    def _make_bot(self, kind: str, seed: int) -> Any:
        """A bot of level `kind` deciding in this process (for `autoplay`)."""
        raise NotImplementedError

    def _starts_move(self, action: Any) -> bool:
        """Whether `action` begins a move that undo takes back whole (the steps after it
        go with it). By default every decision is a move of its own."""
        return True

    def _turn_starts(self, state: Any) -> bool:
        """Whether `state` stands at the start of a turn (where `autoplay` stops)."""
        return True

    # ------------------------------------------------------------------ queries

    @property
    def state(self) -> Any:
        """The full game, for saving and tests. Screens must use `view` instead."""
        return self._state

    @property
    def humans(self) -> tuple[int, ...]:
        return self.options.humans

    def is_human(self, seat: int) -> bool:
        return self.options.seats[seat].is_human

    @property
    def current(self) -> int | None:
        """The seat that decides now, or None when the game is over."""
        seat: int | None = self._state.current_player()
        return seat

    def human_to_act(self) -> bool:
        seat = self.current
        return seat is not None and self.is_human(seat)

    def is_over(self) -> bool:
        return bool(self._state.is_over())

    def viewer(self) -> int:
        """The seat whose eyes a screen shows: the human to act, else the last human who
        acted, else the first human; seat 0 when only bots play."""
        seat = self.current
        if seat is not None and self.is_human(seat):
            return seat
        if self._last_human is not None:
            return self._last_human
        return self.humans[0] if self.humans else 0

    def view(self, seat: int | None = None) -> Any:
        """What `seat` (by default `viewer()`) may see now (kept until the game changes)."""
        seat = self.viewer() if seat is None else seat
        kept = self._views.get(seat)
        if kept is not None and kept[0] == self._version:
            return kept[1]
        view = self._observe(self._state, seat)
        self._views[seat] = (self._version, view)
        return view

    def view_before_last(self) -> Any:
        """What the viewer saw just before the latest action, so that a screen can mark what
        it changed (after an undo, or a game resumed); None before any action, or for a
        game that does not replay from its setup (a built position)."""
        history = self._state.history
        if not history:
            return None
        state = self._fresh()
        try:
            for action in history[:-1]:
                state.apply(action)
            before = self._observe(state, self.viewer())
            state.apply(history[-1])
        except IllegalActionError:
            return None  # a built position: its moves are not legal from the deal
        return before if state == self._state else None

    def public_view(self, seat: int | None = None) -> Any:
        """What anyone at the screen may see, laid out for `seat` (by default `viewer()`):
        nobody's secrets, no moves to make."""
        seat = self.viewer() if seat is None else seat
        kept = self._public_views.get(seat)
        if kept is not None and kept[0] == self._version:
            return kept[1]
        view = self._public(self._state, seat)
        self._public_views[seat] = (self._version, view)
        return view

    @property
    def hot_seat(self) -> bool:
        """Several people share the screen: each sees their secrets only on their turn."""
        return len(self.humans) > 1

    def screen_seat(self) -> int | None:
        """The seat whose secrets the screen may show now; None: nobody's. With one
        person at it, theirs (`viewer`). In a hot-seat game, the human to act once they
        have said they are at the screen (`reveal`); nobody's otherwise, between turns,
        while bots play and after loading."""
        if not self.hot_seat:
            return self.viewer()
        if self.revealed is not None and self.revealed == self.current:
            return self.revealed
        return None

    def screen_view(self) -> Any:
        """What the screen may show now: `screen_seat`'s view, or the public one."""
        seat = self.screen_seat()
        return self.public_view() if seat is None else self.view(seat)

    def reveal(self, seat: int) -> None:
        """The human `seat` is at the screen (hot-seat pass screen): show their view until
        their turn ends. Ignored unless it is that human's turn."""
        if seat == self.current and self.is_human(seat):
            self.revealed = seat
            self._last_human = seat

    @property
    def version(self) -> int:
        """A number that changes whenever the game does (an action, an undo)."""
        return self._version

    @property
    def thinking(self) -> bool:
        """True while a bot is deciding a move."""
        return self._pending is not None and self._pending.purpose == "move"

    @property
    def hint_pending(self) -> bool:
        return self._pending is not None and self._pending.purpose == "hint"

    def why_illegal(self, action: Any) -> Refusal | None:
        reason: Refusal | None = self._state.why_illegal(action)
        return reason

    # ------------------------------------------------------------------ moves

    def play(self, action: Any) -> Refusal | None:
        """Apply a human's action; the reason when it is refused."""
        seat = self.current
        if seat is None or not self.is_human(seat):
            return Refusal("not_your_turn", "it is not your turn")
        if self.paused:
            return Refusal("paused", "the game is paused")
        reason = self.why_illegal(action)
        if reason is not None:
            return reason
        self._drop_pending()
        self._last_human = seat
        self._commit(action)
        return None

    def poll(self) -> None:
        """Once a frame: start a bot's decision when it is its turn; collect it when
        ready. Does nothing while paused."""
        if self.paused or self.bot_error is not None:
            return
        if self._pending is not None:
            answer = self._bots.poll()
            if answer is not None:
                self._receive(answer)
            elif not self._bots.busy:
                self._pending = None  # the request was lost (its process died): ask again
            return
        seat = self.current
        if self.incoming is not None or seat is None:
            return
        if not self.is_human(seat):
            self._ask(
                seat,
                "move",
                self.options.seats[seat].kind,
                decision_seed(self.bot_seeds[seat], len(self._state.history)),
            )

    def fallback_level(self, seat: int) -> str:
        """The level offered to play `seat` when its bot fails: the next weaker one (the
        weakest is offered again: it asks anew)."""
        kind = self.options.seats[seat].kind
        index = self.levels.index(kind) if kind in self.levels else 1
        return self.levels[max(0, index - 1)]

    def replace_bot(self, seat: int, level: str) -> None:
        """Let the bot level `level` play `seat` from the position as it stands (after its
        bot failed); the game goes on, and saves name the new level."""
        if self.is_human(seat) or level not in self.levels:
            raise ValueError(f"seat {seat} cannot be played by {level!r}")
        seats = list(self.options.seats)
        seats[seat] = replace(seats[seat], kind=level)
        self.options = replace(self.options, seats=tuple(seats))
        if self._pending is not None and self._pending.purpose == "move":
            self._drop_pending()
        self.bot_error = self.failed_seat = None

    def commit_incoming(self) -> None:
        """Apply the bot move the screen has finished showing."""
        if self.incoming is None or self.paused:
            return
        seat, action = self.incoming
        self.incoming = None
        if seat == self.current:
            self._commit(action)

    def _ask(
        self,
        seat: int,
        purpose: str,
        kind: str,
        seed: int,
        budget: float | None = None,
        simulations: int | None = None,
    ) -> None:
        view = self._observe(self._state, seat)  # a bot sees only its seat's view
        self._bots.submit(
            Request(0, kind, seed, fresh_random_state(seed), view, budget, simulations)
        )
        self._pending = _Pending(purpose, seat, len(self._state.history))

    def _receive(self, answer: Answer) -> None:
        pending, self._pending = self._pending, None
        if pending is None or pending.actions != len(self._state.history):
            return  # an answer to a position that is gone
        # The child's answer is checked like a person's move: a wrong one is the bot's
        # failure, never the window's crash, and the game is kept as it stands.
        error = (answer.error or "no action") if answer.action is None else None
        if error is None:
            reason = self.why_illegal(answer.action)
            error = None if reason is None else f"illegal {answer.action!r}: {reason}"
        if pending.purpose == "hint":
            if error is None:
                view = self._observe(self._state, pending.seat)
                self.hint = self._make_hint(view, answer.action, answer.detail)
            return  # a failed hint is no hint; the player can play on or ask again
        if error is not None:
            self.bot_error, self.failed_seat = error, pending.seat
            return
        self.incoming = (pending.seat, answer.action)

    def _commit(self, action: Any) -> None:
        turns = self._state.turns
        entry = self._apply_logged(self._state, action)
        self._version += 1
        self.finished_here = self.is_over()
        if self.current != self.revealed:
            self.revealed = None  # their turn is over: their secrets leave the screen
        self.log.append(entry)
        self.hint = None
        if self.on_commit is not None:
            self.on_commit(entry)
        if self._state.turns != turns and self.on_turn_end is not None:
            self.on_turn_end()

    def _drop_pending(self) -> None:
        if self._pending is not None:
            self._bots.cancel()
            self._pending = None

    # ------------------------------------------------------------------ pause

    def pause(self) -> None:
        """Stop everything: no bot decides and no move is committed until `resume`.

        A decision in progress is dropped; after `resume` the bot is asked again from
        the same random state, so it makes the same choice."""
        if self.paused:
            return
        self.paused = True
        if self._pending is not None and self._pending.purpose == "move":
            self._drop_pending()

    def resume(self) -> None:
        self.paused = False

    # ------------------------------------------------------------------ undo

    def why_no_undo(self) -> Refusal | None:
        """None when `undo` may be used now, else why not (code for the screen)."""
        if self.options.competitive:
            return Refusal("undo_competitive", "undo is off in a competitive game")
        if len(self.humans) != 1:
            return Refusal(
                "undo_several_humans",
                "undo is only for a game against bots (the others saw the move)"
                if self.humans
                else "nobody to undo for",
            )
        if self._undo_target() is None:
            return Refusal("undo_nothing", "there is no move of yours to take back")
        return None

    def _undo_target(self) -> int | None:
        """How many actions stay after an undo: the start of the human's latest move (an
        action `_starts_move` accepts), so that the steps it brought go with it; the
        latest human decision when no move started in this session's log (a game begun
        mid-turn)."""
        latest = None
        for entry in reversed(self.log):
            if self.is_human(entry.seat):
                if self._starts_move(entry.action):
                    return int(entry.index)
                if latest is None:
                    latest = int(entry.index)
        return latest

    def undo(self) -> Refusal | None:
        """Take back the human's latest move whole (and the steps it brought), with every
        bot move since; the reason when refused."""
        reason = self.why_no_undo()
        if reason is not None:
            return reason
        target = self._undo_target()
        assert target is not None
        self._drop_pending()
        self.incoming = None
        self.hint = None
        self.bot_error = self.failed_seat = None
        state = self._fresh()
        for action in self._state.history[:target]:
            state.apply(action)
        self._state = state
        self._version += 1
        del self.log[target:]
        self.counters.undos += 1
        return None

    # ------------------------------------------------------------------ hints

    def why_no_hint(self) -> Refusal | None:
        """None when a hint may be asked now, else why not."""
        if self.options.competitive:
            return Refusal("hint_competitive", "hints are off in a competitive game")
        if not self.human_to_act():
            return Refusal("hint_not_your_turn", "a hint is for the player to move")
        return None

    def request_hint(self) -> Refusal | None:
        """Ask `hint_level` for the human's best move (from their view); it arrives in
        `hint` a moment later. The reason when refused."""
        reason = self.why_no_hint()
        if reason is not None:
            return reason
        if self.hint is not None or self.hint_pending:
            return None
        seat = self.current
        assert seat is not None
        # Seeded by the position, so asking twice in one position suggests the same move.
        seed = decision_seed((self._state.setup.seed or 0) * 10 + 9, len(self._state.history))
        self._ask(seat, "hint", self.hint_level, seed, self.hint_budget, self.hint_simulations)
        self.counters.hints += 1
        return None

    def cancel_hint(self) -> None:
        if self.hint_pending:
            self._drop_pending()

    # ------------------------------------------------------------------ tools

    def autoplay(self, turns: int, kind: str = "hard", seed: int = 0) -> None:
        """Play `turns` whole turns with `kind` bots deciding in this process for every
        seat, ending where a turn starts (screenshots and tests set up tables so)."""
        self._drop_pending()
        state = self._state
        bots = [self._make_bot(kind, seed + i) for i in range(state.num_players)]
        target = state.turns + turns
        while not state.is_over() and (state.turns < target or not self._turn_starts(state)):
            seat = state.current_player()
            self._commit(bots[seat].choose(self._observe(state, seat)))

    # ------------------------------------------------------------------ end

    def close(self) -> None:
        """Stop asking bots (the bot process is the caller's to close)."""
        self._drop_pending()
        self.incoming = None
