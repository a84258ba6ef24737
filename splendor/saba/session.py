"""Saba as the people at one screen play it: the shared session
(`splendor.session.seated`) with Saba's engine, log and bots.

Every decision of a turn is a move of its own for undo (the harbour's section, the
vizier's quarter, a purchase, ...): undo takes back the human's latest decision with the
bots' moves since. A hint is the hard bot's choice from the human's view; its reason is
worked out from the same view when it is shown (`splendor.saba.hint_why`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from splendor.saba.bots import BOT_NAMES, make_bot
from splendor.saba.engine import Action, SabaData, SabaState, SabaView, Step, new_game, observe
from splendor.saba.turn_log import SabaLogEntry, apply_logged
from splendor.session import seeds
from splendor.session.seated import Bots, SeatedSession, SessionCounters
from splendor.session.seats import GameOptions


def public_view(state: SabaState, seat: int = 0) -> SabaView:
    """What anyone at the screen may see, laid out as `seat` sits: nobody's action cards,
    no moves to make (S63-S64)."""
    view = observe(state, seat)
    players = list(view.players)
    players[seat] = replace(players[seat], hand=None)
    return replace(view, players=tuple(players), legal_actions=())


class SabaSession(SeatedSession):
    """One game of Saba in progress for the people at the screen."""

    hint_level = "hard"
    levels = BOT_NAMES
    _state: SabaState
    log: list[SabaLogEntry]
    incoming: tuple[int, Action] | None
    #: The suggested action (its reason: `splendor.saba.hint_why.hint_reason`).
    hint: Action | None

    def __init__(
        self,
        data: SabaData,
        options: GameOptions,
        bots: Bots,
        *,
        state: SabaState | None = None,
        counters: SessionCounters | None = None,
    ) -> None:
        """A new game from `options`, or, with `state`, the game a save resumes."""
        self.data = data
        if state is None:
            seed = options.seed if options.seed is not None else seeds.new_seed()
            state = new_game(data, len(options.seats), seed, options.names, options.first_player)
        super().__init__(options, bots, state, counters)

    # --------------------------------------------------------------- Saba's own

    def _observe(self, state: SabaState, seat: int) -> SabaView:
        return observe(state, seat)

    def _public(self, state: SabaState, seat: int) -> SabaView:
        return public_view(state, seat)

    def _fresh(self) -> SabaState:
        return SabaState(self.data, self._state.setup)

    def _apply_logged(self, state: SabaState, action: Action) -> SabaLogEntry:
        return apply_logged(state, action)

    def _make_hint(self, view: SabaView, action: Action, detail: Any) -> Action:
        return action

    def _make_bot(self, kind: str, seed: int) -> Any:
        return make_bot(kind, seed, data=self.data)

    def _turn_starts(self, state: SabaState) -> bool:
        return state.step is Step.START

    # ------------------------------------------------------------------ queries

    @property
    def state(self) -> SabaState:
        """The full game, for saving and tests. Screens must use `view` instead."""
        return self._state

    def view(self, seat: int | None = None) -> SabaView:
        view: SabaView = super().view(seat)
        return view

    def screen_view(self) -> SabaView:
        view: SabaView = super().screen_view()
        return view
