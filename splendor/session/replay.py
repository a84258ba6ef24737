"""Stepping through a game record: forward, back, jump to any move, as any seat saw it.

A `ReplayCursor` owns its own copies of the game; nothing done with it can change a game
in progress. Positions are numbered from 0 (the deal) to `len(cursor)` (after the last
action). Every position is recomputed from the record through the engine, with a copy
kept every `STRIDE` actions so that a jump costs at most STRIDE replayed actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from splendor.engine import GameData, GameState, HiddenCard, View, observe, replay
from splendor.session.log import LogEntry, replayed_log

#: Every this many actions a copy of the position is kept.
STRIDE = 16


def public_view(state: GameState, seat: int = 0) -> View:
    """What anyone at the screen may see, laid out as `seat` sits (its area at the
    bottom): no deck order, nobody's blind-reserved card, no moves to make."""
    return hide_private(observe(state, seat))


def hide_private(view: View) -> View:
    """`view` as anyone at the screen may see it: its own seat's blind-reserved cards
    face down, no moves to make."""
    me = view.players[view.seat]
    hidden = tuple(HiddenCard(c.level, c.orient) if blind else c
                   for c, blind in zip(me.reserved, me.reserved_blind, strict=True))
    players = list(view.players)
    players[view.seat] = replace(me, reserved=hidden)
    return replace(view, players=tuple(players), legal_actions=())


class ReplayCursor:
    """A read-only walk through one game's positions."""

    def __init__(self, data: GameData, record: Mapping[str, Any]) -> None:
        """From a game record (`make_record`); RecordError if it does not replay."""
        final = replay(data, dict(record))
        self._data = data
        self._actions = tuple(final.history)
        start = GameState.from_setup(data, final.setup)
        self._keep: dict[int, GameState] = {0: start.clone()}
        walker = start.clone()
        for index, action in enumerate(self._actions, 1):
            walker.apply(action)
            if index % STRIDE == 0:
                self._keep[index] = walker.clone()
        self._log = replayed_log(start.clone(), self._actions)
        self.position = len(self._actions)
        self._cached: tuple[int, GameState] | None = None

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every move of the game, as data."""
        return tuple(self._log)

    def forward(self) -> bool:
        """One action on; False at the end."""
        return self.jump(self.position + 1)

    def back(self) -> bool:
        """One action back; False at the deal."""
        return self.jump(self.position - 1)

    def jump(self, position: int) -> bool:
        """Go to `position` (0 = the deal); False, and no move, when out of range."""
        if not 0 <= position <= len(self._actions):
            return False
        self.position = position
        return True

    def _state(self) -> GameState:
        if self._cached is not None and self._cached[0] == self.position:
            return self._cached[1]
        base = max(k for k in self._keep if k <= self.position)
        state = self._keep[base].clone()
        for action in self._actions[base:self.position]:
            state.apply(action)
        self._cached = (self.position, state)
        return state

    def view(self, seat: int | None) -> View:
        """The current position as `seat` saw it, or the public view for None."""
        state = self._state()
        return public_view(state) if seat is None else observe(state, seat)

    def scores(self) -> tuple[int, ...]:
        """Points by seat at the current position (public)."""
        return self._state().scores()

    def num_players(self) -> int:
        return self._state().num_players
