"""Splendor as a person plays it: the shared session (`splendor.session.seated`) with
Splendor's rules, log, hints and public view.

No pygame here. See `SeatedSession` for what a screen asks of a session; Splendor adds the
standings, its hints' reasons (`splendor.session.hints`), and an undo that takes back a
move from its main action with the steps it brought (tokens returned, a noble, ...).
"""

from __future__ import annotations

from typing import Any

from splendor.bots import BOT_NAMES
from splendor.bots.profiles import SearchProfile, shipped_profiles
from splendor.engine import (
    Action,
    Buy,
    GameData,
    GameState,
    Pass,
    Phase,
    Reserve,
    ReserveDeck,
    Take,
    TakeTwo,
    View,
    new_game,
    observe,
)
from splendor.session import seeds
from splendor.session.hints import Hint, explain
from splendor.session.log import LogEntry, apply_logged
from splendor.session.replay import public_view
from splendor.session.seated import Bots, SeatedSession, SessionCounters, decision_seed
from splendor.session.seats import GameOptions
from splendor.standings import standings_dict

__all__ = ["HINT_BOT", "HINT_BUDGET", "Bots", "Session", "SessionCounters", "decision_seed"]

#: The bot that suggests moves, and how long it may think about one (seconds).
HINT_BOT = "expert"
HINT_BUDGET = 0.6

#: The actions that start a turn: an undo takes a move back from there.
_MAIN_ACTIONS = (Take, TakeTwo, Reserve, ReserveDeck, Buy, Pass)


class Session(SeatedSession):
    """One game of Splendor in progress for the people at the screen."""

    hint_level = HINT_BOT
    hint_budget = HINT_BUDGET
    levels = BOT_NAMES
    _state: GameState
    hint: Hint | None
    log: list[LogEntry]
    incoming: tuple[int, Action] | None

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
        if state is None:
            seed = options.seed if options.seed is not None else seeds.new_seed()
            state = new_game(
                data, len(options.seats), seed, options.names, options.first_player, options.module
            )
        super().__init__(options, bots, state, counters)

    # ------------------------------------------------------------ Splendor's own

    def _observe(self, state: GameState, seat: int) -> View:
        return observe(state, seat)

    def _public(self, state: GameState, seat: int) -> View:
        return public_view(state, seat)

    def _fresh(self) -> GameState:
        return GameState.from_setup(self.data, self._state.setup)

    def _apply_logged(self, state: GameState, action: Action) -> LogEntry:
        return apply_logged(state, action)

    def _make_hint(self, view: View, action: Action, detail: Any) -> Hint:
        return explain(view, action, self.data)

    def _make_bot(self, kind: str, seed: int) -> Any:
        from splendor.bots import make_bot

        return make_bot(kind, seed, data=self.data)

    def _starts_move(self, action: Action) -> bool:
        return isinstance(action, _MAIN_ACTIONS)

    def _turn_starts(self, state: GameState) -> bool:
        return state.phase is Phase.MAIN

    # ------------------------------------------------------------------ queries

    @property
    def state(self) -> GameState:
        """The full game, for saving and tests. Screens must use `view` instead."""
        return self._state

    def view(self, seat: int | None = None) -> View:
        view: View = super().view(seat)
        return view

    def public_view(self, seat: int | None = None) -> View:
        view: View = super().public_view(seat)
        return view

    def screen_view(self) -> View:
        view: View = super().screen_view()
        return view

    def view_before_last(self) -> View | None:
        view: View | None = super().view_before_last()
        return view

    def standings(self) -> dict[str, Any]:
        """Seats ranked with what decided the game (`splendor.standings.standings_dict`)."""
        return standings_dict(self._state)

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
