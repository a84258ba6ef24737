"""A game as a person plays it: seats, bots off the frame loop, undo, hints, pause, the log.

No pygame here. A screen asks the session what a seat may see (`view`), hands it the
human's actions (`play`), calls `poll` once a frame so bots move, and shows the bot move
waiting in `incoming` before committing it. The full game state stays inside; screens
receive views only.

Bots decide in a child process (`BotProcess`), fed the deciding seat's view. A bot's
randomness for a decision comes from its seat's seed and the number of actions played so
far (`decision_seed`), and the child keeps nothing between requests. So a cancelled request
(pause, undo, leaving) costs nothing, since asked again the bot answers the same; undo is exact
(after rolling back, the game goes on as it would have); and a resumed save goes on
exactly as the game would have, without storing any generator state.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from splendor.bots import BOT_NAMES
from splendor.bots.profiles import SearchProfile, shipped_profiles
from splendor.engine import (
    Action,
    Buy,
    GameData,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    Refusal,
    Reserve,
    ReserveDeck,
    Take,
    TakeTwo,
    View,
    new_game,
    observe,
)
from splendor.session.bot_process import AnalysisRequest, Answer, Request, fresh_random_state
from splendor.session.hints import Hint, explain
from splendor.session.log import LogEntry, apply_logged, replayed_log
from splendor.session.replay import public_view
from splendor.session.seats import GameOptions
from splendor.standings import standings_dict

#: The bot that suggests moves, and how long it may think about one (seconds).
HINT_BOT = "expert"
HINT_BUDGET = 0.6


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


@dataclass
class _Pending:
    """What the outstanding bot request is for."""

    purpose: str  # "move" or "hint"
    seat: int
    actions: int


#: The actions that start a turn: an undo takes a move back from there.
_MAIN_ACTIONS = (Take, TakeTwo, Reserve, ReserveDeck, Buy, Pass)


@dataclass
class SessionCounters:
    """Assists used in this game (kept in saves; statistics mark such games assisted)."""

    undos: int = 0
    hints: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class Session:
    """One game in progress for the people at the screen."""

    #: Whether a finished game counts among the statistics' games (a challenge does not).
    counts_in_statistics = True
    #: Whether the game may be saved and autosaved (a challenge is retried, not saved: a
    #: set position does not replay from a deal).
    saveable = True

    def __init__(
        self,
        data: GameData,
        options: GameOptions,
        bots: Bots,
        *,
        state: GameState | None = None,
        counters: SessionCounters | None = None,
    ) -> None:
        """A new game from `options`, or, with `state`, the game a save resumes."""
        self.data = data
        self.options = options
        if state is None:
            seed = options.seed if options.seed is not None else secrets.randbelow(2**31)
            state = new_game(data, len(options.seats), seed, options.names,
                             options.first_player, options.module)
        self._state = state
        self._bots = bots
        base_seed = state.setup.seed or 0
        #: Each bot seat's seed; with the game's progress it seeds every decision.
        self.bot_seeds = {seat: base_seed * 10 + seat
                          for seat, s in enumerate(options.seats) if not s.is_human}
        self.counters = counters or SessionCounters()
        #: True once the game has ended in this session (a finished save that is loaded
        #: again ended earlier, and is not counted twice).
        self.finished_here = False
        self.log: list[LogEntry] = []
        if state.history:
            self.log = replayed_log(GameState.from_setup(data, state.setup),
                                    list(state.history))
        self._pending: _Pending | None = None
        #: A bot's chosen action, waiting for the screen to show it and then commit it.
        self.incoming: tuple[int, Action] | None = None
        #: The suggestion for the human to act, once computed (cleared by any move).
        self.hint: Hint | None = None
        self.paused = False
        #: A fixed simulation count for hints instead of HINT_BUDGET (repeatable hints).
        self.hint_simulations: int | None = None
        self._last_human: int | None = None
        #: Grows with every change of the game, so views can be kept between frames.
        self._version = 0
        self._views: dict[int, tuple[int, View]] = {}
        self._public: dict[int, tuple[int, View]] = {}
        #: In a hot-seat game, the human who has passed the pass screen for this turn.
        self.revealed: int | None = None
        #: A bot that failed (its error text), so the screen can say so; the game stops
        #: until `replace_bot` lets another level play the seat (or the game is left).
        self.bot_error: str | None = None
        #: The seat whose bot failed (with `bot_error`).
        self.failed_seat: int | None = None
        #: Called after every applied action with its log entry (sounds, animations).
        self.on_commit: Callable[[LogEntry], None] | None = None
        #: Called after every completed turn (the game autosaves here).
        self.on_turn_end: Callable[[], None] | None = None

    # ------------------------------------------------------------------ queries

    @property
    def state(self) -> GameState:
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
        return self._state.current_player()

    def human_to_act(self) -> bool:
        seat = self.current
        return seat is not None and self.is_human(seat)

    def is_over(self) -> bool:
        return self._state.is_over()

    def viewer(self) -> int:
        """The seat whose eyes a screen shows: the human to act, else the last human who
        acted, else the first human; seat 0 when only bots play."""
        seat = self.current
        if seat is not None and self.is_human(seat):
            return seat
        if self._last_human is not None:
            return self._last_human
        return self.humans[0] if self.humans else 0

    def view(self, seat: int | None = None) -> View:
        """What `seat` (by default `viewer()`) may see now (kept until the game changes)."""
        seat = self.viewer() if seat is None else seat
        kept = self._views.get(seat)
        if kept is not None and kept[0] == self._version:
            return kept[1]
        view = observe(self._state, seat)
        self._views[seat] = (self._version, view)
        return view

    def view_before_last(self) -> View | None:
        """What the viewer saw just before the latest action, so that a screen can mark what
        it changed (after an undo, or a game resumed); None before any action, or for a
        game that does not replay from its setup (a built position)."""
        history = self._state.history
        if not history:
            return None
        state = GameState.from_setup(self.data, self._state.setup)
        try:
            for action in history[:-1]:
                state.apply(action)
            before = observe(state, self.viewer())
            state.apply(history[-1])
        except IllegalActionError:
            return None  # a built position: its moves are not legal from the deal
        return before if state == self._state else None

    def public_view(self, seat: int | None = None) -> View:
        """What anyone at the screen may see, laid out for `seat` (by default `viewer()`):
        nobody's blind reservation, no moves to make."""
        seat = self.viewer() if seat is None else seat
        kept = self._public.get(seat)
        if kept is not None and kept[0] == self._version:
            return kept[1]
        view = public_view(self._state, seat)
        self._public[seat] = (self._version, view)
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

    def screen_view(self) -> View:
        """What the screen may show now: `screen_seat`'s view, or the public one."""
        seat = self.screen_seat()
        return self.public_view() if seat is None else self.view(seat)

    def reveal(self, seat: int) -> None:
        """The human `seat` is at the screen (hot-seat pass screen): show their view until
        their turn ends. Ignored unless it is that human's turn."""
        if seat == self.current and self.is_human(seat):
            self.revealed = seat
            self._last_human = seat

    def standings(self) -> dict[str, Any]:
        """Seats ranked with what decided the game (`splendor.standings.standings_dict`)."""
        return standings_dict(self._state)

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

    def why_illegal(self, action: Action) -> Refusal | None:
        return self._state.why_illegal(action)

    # ------------------------------------------------------------------ moves

    def play(self, action: Action) -> Refusal | None:
        """Apply a human's action; the reason when it is refused."""
        seat = self.current
        if seat is None or not self.is_human(seat):
            return Refusal("not_your_turn", "it is not your turn")
        if self.paused:
            return Refusal("paused", "the game is paused")
        reason = self._state.why_illegal(action)
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
        if self.incoming is not None or self._state.is_over():
            return
        seat = self._state.current
        if not self.is_human(seat):
            self._ask(seat, "move", self.options.seats[seat].kind,
                      decision_seed(self.bot_seeds[seat], len(self._state.history)))

    def fallback_level(self, seat: int) -> str:
        """The level offered to play `seat` when its bot fails: the next weaker one, and
        for a search bot the next weaker that does not search (a weaker search runs the
        same machinery that just failed); the weakest is offered again: it asks anew."""
        kind = self.options.seats[seat].kind
        index = BOT_NAMES.index(kind) if kind in BOT_NAMES else 1
        profiles = shipped_profiles()
        searching = isinstance(profiles.get(kind), SearchProfile)
        for level in reversed(BOT_NAMES[:index]):
            if not (searching and isinstance(profiles.get(level), SearchProfile)):
                return level
        return BOT_NAMES[0]

    def replace_bot(self, seat: int, level: str) -> None:
        """Let the bot level `level` play `seat` from the position as it stands (after its
        bot failed); the game goes on, and saves name the new level."""
        if self.is_human(seat) or level not in BOT_NAMES:
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
        if seat == self._state.current:
            self._commit(action)

    def _ask(self, seat: int, purpose: str, kind: str, seed: int,
             budget: float | None = None, simulations: int | None = None) -> None:
        view = observe(self._state, seat)  # a bot sees only its seat's view
        self._bots.submit(Request(0, kind, seed, fresh_random_state(seed), view, budget,
                                  simulations))
        self._pending = _Pending(purpose, seat, len(self._state.history))

    def _receive(self, answer: Answer) -> None:
        pending, self._pending = self._pending, None
        if pending is None or pending.actions != len(self._state.history):
            return  # an answer to a position that is gone
        # The child's answer is checked like a person's move: a wrong one is the bot's
        # failure, never the window's crash, and the game is kept as it stands.
        error = (answer.error or "no action") if answer.action is None else None
        if error is None:
            reason = self._state.why_illegal(answer.action)
            error = None if reason is None else f"illegal {answer.action!r}: {reason}"
        if pending.purpose == "hint":
            if error is None:
                assert answer.action is not None
                view = observe(self._state, pending.seat)
                self.hint = explain(view, answer.action, self.data)
            return  # a failed hint is no hint; the player can play on or ask again
        if error is not None:
            self.bot_error, self.failed_seat = error, pending.seat
            return
        assert answer.action is not None
        self.incoming = (pending.seat, answer.action)

    def _commit(self, action: Action) -> None:
        turns = self._state.turns
        entry = apply_logged(self._state, action)
        self._version += 1
        self.finished_here = self._state.is_over()
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
            return Refusal("undo_several_humans",
                           "undo is only for a game against bots (the others saw the move)"
                           if self.humans else "nobody to undo for")
        if self._undo_target() is None:
            return Refusal("undo_nothing", "there is no move of yours to take back")
        return None

    def _undo_target(self) -> int | None:
        """How many actions stay after an undo: the start of the human's latest move (its
        main action), so that the steps it brought (tokens returned, a noble, a pairing,
        a stronghold...) go with it; the latest human decision when no move started in
        this session's log (a game begun mid-turn)."""
        latest = None
        for entry in reversed(self.log):
            if self.is_human(entry.seat):
                if isinstance(entry.action, _MAIN_ACTIONS):
                    return entry.index
                if latest is None:
                    latest = entry.index
        return latest

    def undo(self) -> Refusal | None:
        """Take back the human's latest move whole (its main action and the steps it
        brought), with every bot move since; the reason when refused."""
        reason = self.why_no_undo()
        if reason is not None:
            return reason
        target = self._undo_target()
        assert target is not None
        self._drop_pending()
        self.incoming = None
        self.hint = None
        self.bot_error = self.failed_seat = None
        state = GameState.from_setup(self.data, self._state.setup)
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
        """Ask the expert for the human's best move (from their view); it arrives in
        `hint` a moment later. The reason when refused."""
        reason = self.why_no_hint()
        if reason is not None:
            return reason
        if self.hint is not None or self.hint_pending:
            return None
        seat = self.current
        assert seat is not None
        # Seeded by the position, so asking twice in one position suggests the same move.
        seed = decision_seed((self._state.setup.seed or 0) * 10 + 9,
                             len(self._state.history))
        self._ask(seat, "hint", HINT_BOT, seed, HINT_BUDGET, self.hint_simulations)
        self.counters.hints += 1
        return None

    def cancel_hint(self) -> None:
        if self.hint_pending:
            self._drop_pending()

    # ------------------------------------------------------------------ tools

    def autoplay(self, turns: int, kind: str = "hard", seed: int = 0) -> None:
        """Play `turns` whole turns with `kind` bots deciding in this process for every
        seat, ending at a main action (screenshots and benchmarks set up tables so)."""
        from splendor.bots import make_bot

        self._drop_pending()
        state = self._state
        bots = [make_bot(kind, seed + i, data=self.data) for i in range(state.num_players)]
        target = state.turns + turns
        while not state.is_over() and (state.turns < target or state.phase is not Phase.MAIN):
            self._commit(bots[state.current].choose(observe(state, state.current)))

    # ------------------------------------------------------------------ end

    def close(self) -> None:
        """Stop asking bots (the bot process is the caller's to close)."""
        self._drop_pending()
        self.incoming = None
