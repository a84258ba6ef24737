"""The game as the table scene runs it: seats, bots off the frame loop, the log.

No pygame here. The table scene asks the controller what to show (`view_for`, `viewer`)
and hands it the human's actions; bots think in a worker thread so the window stays
responsive, and their moves wait in `incoming` until the scene has animated them.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from splendor.bots import Bot, make_bot
from splendor.engine import Action, GameData, GameState, Refusal, View, new_game, observe
from splendor.ui.options import GameOptions


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One applied action, for the game log panel."""

    round: int
    seat: int
    action: Action


class GameController:
    """Runs one game for the table scene."""

    def __init__(
        self,
        data: GameData,
        options: GameOptions,
        *,
        bot_factory: Callable[[str, int], Bot] | None = None,
        state: GameState | None = None,
    ) -> None:
        """A new game from `options`, or, with `state`, the game a save resumes."""
        self.data = data
        self.options = options
        if state is None:
            seed = options.seed if options.seed is not None else secrets.randbelow(2**31)
            names = tuple(s.name for s in options.seats)
            state = new_game(data, len(names), seed, names, options.first_player)
        else:
            seed = state.setup.seed or 0
        self.state: GameState = state
        factory = bot_factory or (lambda name, s: make_bot(name, s, data=data))
        self.bots: dict[int, Bot] = {
            seat: factory(s.kind, seed * 10 + seat)
            for seat, s in enumerate(options.seats)
            if not s.is_human
        }
        self.log: list[LogEntry] = []
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._thinking: Future[Action] | None = None
        #: A bot's chosen action, waiting for the scene to animate and then `commit` it.
        self.incoming: tuple[int, Action] | None = None
        #: The last human seat that acted, so all-bot stretches keep its point of view.
        self._last_human: int | None = None
        #: Called after every applied action (the table plays its sound effects here).
        self.on_commit: Callable[[int, Action], None] | None = None
        #: Called after every completed turn (the game autosaves here).
        self.on_turn_end: Callable[[], None] | None = None
        if self.state.history:
            self.log = self._replayed_log()

    def _replayed_log(self) -> list[LogEntry]:
        """The log of a resumed game, rebuilt by replaying its actions from the setup."""
        replayed = GameState.from_setup(self.data, self.state.setup)
        log = []
        for action in self.state.history:
            log.append(LogEntry(replayed.round, replayed.current, action))
            replayed.apply(action)
        return log

    # --------------------------------------------------------------- bot states

    def bot_states(self) -> dict[int, list[object]]:
        """Each bot's random generator state, JSON-ready, so a resumed game goes on
        exactly as it would have."""
        states: dict[int, list[object]] = {}
        for seat, bot in self.bots.items():
            rng = getattr(bot, "rng", None)
            if rng is not None:
                version, internal, gauss = rng.getstate()
                states[seat] = [version, list(internal), gauss]
        return states

    def restore_bot_states(self, states: dict[int, object]) -> None:
        """Undo `bot_states`; entries that do not fit a bot are ignored."""
        for seat, value in states.items():
            rng = getattr(self.bots.get(seat), "rng", None)
            if rng is None or not isinstance(value, list) or len(value) != 3:
                continue
            try:
                rng.setstate((value[0], tuple(value[1]), value[2]))
            except (TypeError, ValueError):
                continue  # a damaged state: the bot keeps its fresh generator

    # --------------------------------------------------------------- queries

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.options.seats) if s.is_human]

    def is_human(self, seat: int) -> bool:
        return self.options.seats[seat].is_human

    def human_to_act(self) -> bool:
        seat = self.state.current_player()
        return seat is not None and self.is_human(seat)

    def viewer(self) -> int:
        """The seat whose eyes the table shows: the human to act, else the last human
        who acted, else the first human; seat 0 when only bots play."""
        seat = self.state.current_player()
        if seat is not None and self.is_human(seat):
            return seat
        if self._last_human is not None:
            return self._last_human
        return self.humans[0] if self.humans else 0

    def view_for(self, seat: int) -> View:
        return observe(self.state, seat)

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    # --------------------------------------------------------------- actions

    def why_illegal(self, action: Action) -> Refusal | None:
        return self.state.why_illegal(action)

    def play(self, action: Action) -> Refusal | None:
        """Apply a human's action; return the reason when it is refused (show it with
        `wording.refusal_text`)."""
        seat = self.state.current_player()
        if seat is None or not self.is_human(seat):
            return Refusal("not_your_turn", "it is not your turn")
        reason = self.state.why_illegal(action)
        if reason is not None:
            return reason
        self.commit(seat, action)
        self._last_human = seat
        return None

    def poll(self) -> None:
        """Start a bot's thinking when it is its turn; collect its move when ready."""
        if self.incoming is not None or self.state.is_over():
            return
        if self._thinking is not None:
            if self._thinking.done():
                action = self._thinking.result()
                self._thinking = None
                self.incoming = (self.state.current, action)
            return
        seat = self.state.current
        bot = self.bots.get(seat)
        if bot is not None:
            view = observe(self.state, seat)  # the bot sees only its seat's view
            self._thinking = self._pool.submit(bot.choose, view)

    def commit_incoming(self) -> None:
        """Apply the bot move the scene has finished showing."""
        if self.incoming is None:
            return
        seat, action = self.incoming
        self.incoming = None
        self.commit(seat, action)

    def commit(self, seat: int, action: Action) -> None:
        """Apply an action already chosen for `seat` and log it."""
        round_number, turns = self.state.round, self.state.turns
        self.state.apply(action)
        self.log.append(LogEntry(round_number, seat, action))
        if self.on_commit is not None:
            self.on_commit(seat, action)
        if self.state.turns != turns and self.on_turn_end is not None:
            self.on_turn_end()

    def close(self) -> None:
        """Stop the worker (a running bot finishes its move in the background)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
