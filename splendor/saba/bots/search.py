"""The search level (hard): its rollout level's best few candidates, each played on in
the same few worlds sampled from the seat's view (the hidden cards guessed, never read)
to the end of its turn or of the round by the rollout level's policy, then judged by the
value function; the best mean is played. The same worlds for every candidate keep the
comparison fair (the luck of the draw is shared)."""

from __future__ import annotations

import random

from splendor.saba.bots.policy import SUB_STEPS, Policy
from splendor.saba.bots.profiles import GreedyProfile, SearchProfile
from splendor.saba.bots.value import value
from splendor.saba.engine import Action, SabaData, SabaState, SabaView
from splendor.saba.engine.sampling import sample_world

#: The most decisions a playout makes (a round of four players is about sixty).
MAX_PLAYOUT = 400


class SearchBot:
    """See the module docstring."""

    def __init__(
        self, profile: SearchProfile, rollout: GreedyProfile, data: SabaData, seed: int = 0
    ) -> None:
        self.name = profile.name
        self.profile = profile
        self.data = data
        self.rng = random.Random(seed)
        self.policy = Policy(rollout.weights, plans=rollout.plans, rng=self.rng)

    def choose(self, view: SabaView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        worlds = [sample_world(view, self.data, self.rng) for _ in range(self.profile.worlds)]
        ranked = self.policy.ranked(worlds[0])
        if view.step in SUB_STEPS:  # settled greedily in every playout alike
            return ranked[0][1]
        candidates = [a for _, a in ranked[: self.profile.candidates]]
        means = [sum(self.playout(w, a, view.seat) for w in worlds) for a in candidates]
        return candidates[means.index(max(means))]

    def playout(self, world: SabaState, action: Action, seat: int) -> float:
        """The worth to `seat` of `world` after `action`, played on to the horizon."""
        turns = world.turns + (1 if self.profile.horizon == "turn" else world.num_players)
        s = world.clone()
        s.apply_unchecked(action)
        for _ in range(MAX_PLAYOUT):
            if s.is_over() or s.turns >= turns:
                break
            s.apply_unchecked(self.policy.choose(s))
        return value(s, seat, self.policy.w)
