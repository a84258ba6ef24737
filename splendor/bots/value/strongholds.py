"""Strongholds' value terms: a market card under another player's strongholds is out of
reach (and the best of those costs its worth, weighted by `blocked`), one under one's own
counts more; a quick look (rollouts) does not try moving a stronghold while one can be
placed. The worth of blocking the card an opponent is closest to (`guard`) is an action
term of a stronghold step (module_games._Simulator)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor.bots.value.terms import ModuleValue
from splendor.engine import Action
from splendor.engine.actions import Stronghold
from splendor.engine.modules.strongholds import StrongholdsState

if TYPE_CHECKING:
    from splendor.bots.value.situation import Weights


class StrongholdsValue(ModuleValue):
    """Strongholds."""

    engine = StrongholdsState

    @classmethod
    def prospects(cls, w: Weights, raw: list[tuple[str, float]], reserved: list[float],
                  holds: dict[str, tuple[int, int]], seat: int) -> list[float]:
        if not holds:
            return super().prospects(w, raw, reserved, holds, seat)
        hold_weight = w.hold
        prospects = reserved[:]
        for card_id, p in raw:
            hold = holds.get(card_id)
            if hold is None:
                prospects.append(p)
            elif hold[0] == seat:
                prospects.append(p * (1.0 + hold_weight * hold[1]))
        return prospects

    @classmethod
    def held_back(cls, w: Weights, raw: list[tuple[str, float]],
                  holds: dict[str, tuple[int, int]], seat: int) -> float:
        """Being blocked: the best prospect among the market cards under another
        player's strongholds (which `seat` cannot take), weighted by `blocked`."""
        weight = w.blocked
        if not weight:
            return 0.0
        worst = 0.0
        for card_id, p in raw:
            hold = holds.get(card_id)
            if hold is not None and hold[0] != seat and p > worst:
                worst = p
        return weight * worst

    @classmethod
    def skipped(cls, actions: tuple[Action, ...], resolve: bool) -> frozenset[int]:
        if resolve or not any(isinstance(a, Stronghold) and a.how == "place"
                              for a in actions):
            return frozenset()
        return frozenset(i for i, a in enumerate(actions)
                         if isinstance(a, Stronghold) and a.how == "move")
