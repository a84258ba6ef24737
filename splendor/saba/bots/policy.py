"""The greedy policy every Saba level builds on: each legal action is played on a copy of
a world (`clone` + `apply_unchecked`), the turn's forced sub-steps after it are settled,
and the position is judged by the value function (value.py). With plans, the free
actions that complete a purchase are judged with the purchase (plans.py)."""

from __future__ import annotations

import random

from splendor.saba.bots.plans import purchase_plans
from splendor.saba.bots.value import Weights, value
from splendor.saba.engine import Action, SabaState
from splendor.saba.engine.actions import ENTER
from splendor.saba.engine.steps import Step

#: The steps inside a decision (the harbour's section action and exchange, a recall, a
#: harem entry, the end-of-turn limits): judged by their outcome, not as positions.
SUB_STEPS = frozenset({Step.CROSS, Step.VIZIER, Step.SWAP, Step.RECALL, Step.HAREM, Step.LIMIT})
#: The most sub-steps settled after one action (the limits take one a unit).
MAX_SETTLE = 12


class Policy:
    """Scores a world's legal actions for its deciding seat; picks the best."""

    def __init__(
        self, weights: Weights, *, plans: bool, noise: float = 0.0, rng: random.Random | None = None
    ) -> None:
        self.w = weights
        self.plans = plans
        self.noise = noise
        self.rng = rng or random.Random(0)

    def after(
        self, world: SabaState, actions: list[Action] | tuple[Action, ...], seat: int
    ) -> float:
        """The worth to `seat` of `world` after `actions` and the sub-steps they lead to."""
        s = world.clone()
        for action in actions:
            s.apply_unchecked(action)
        self.settle(s, seat)
        return value(s, seat, self.w)

    def settle(self, s: SabaState, seat: int) -> None:
        """Play the sub-steps that follow: `seat`'s own greedily, another seat's harem
        entry as bots play it (A24: they enter)."""
        for _ in range(MAX_SETTLE):
            if s.step not in SUB_STEPS:
                return
            decider = s.current_player()
            if decider != seat:
                s.apply_unchecked(ENTER if s.step is Step.HAREM else s.legal_actions()[0])
                continue
            options = s.legal_actions()
            best = options[0]
            if len(options) > 1:
                worths = [self.after_one(s, a, seat) for a in options]
                best = options[worths.index(max(worths))]
            s.apply_unchecked(best)

    def after_one(self, world: SabaState, action: Action, seat: int) -> float:
        s = world.clone()
        s.apply_unchecked(action)
        return value(s, seat, self.w)

    def ranked(self, world: SabaState) -> list[tuple[float, Action]]:
        """The legal actions with their worth (plans: a purchase's first step with the
        purchase's worth), best first, noise added."""
        seat = world.current_player()
        assert seat is not None
        worth: dict[Action, float] = {
            a: self.after(world, (a,), seat) for a in world.legal_actions()
        }
        if self.plans:
            for plan in purchase_plans(world):
                planned = self.after(world, plan, seat)
                if planned > worth[plan[0]]:
                    worth[plan[0]] = planned
        scored = [
            (v + (self.rng.gauss(0.0, self.noise) if self.noise else 0.0), a)
            for a, v in worth.items()
        ]
        scored.sort(key=lambda pair: -pair[0])
        return scored

    def choose(self, world: SabaState) -> Action:
        actions = world.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.ranked(world)[0][1]
