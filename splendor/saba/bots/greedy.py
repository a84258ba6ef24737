"""The greedy levels (easy, medium): the policy's best action on a world sampled from
the seat's view."""

from __future__ import annotations

import random

from splendor.saba.bots.policy import Policy
from splendor.saba.bots.profiles import GreedyProfile
from splendor.saba.engine import Action, SabaData, SabaView
from splendor.saba.engine.sampling import sample_world


class GreedyBot:
    """Plays what its profile's policy likes best (sometimes a random action: `blunder`)."""

    def __init__(self, profile: GreedyProfile, data: SabaData, seed: int = 0) -> None:
        self.name = profile.name
        self.profile = profile
        self.data = data
        self.rng = random.Random(seed)
        self.policy = Policy(
            profile.weights, plans=profile.plans, noise=profile.noise, rng=self.rng
        )

    def choose(self, view: SabaView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if self.profile.blunder and self.rng.random() < self.profile.blunder:
            return self.rng.choice(actions)
        return self.policy.choose(sample_world(view, self.data, self.rng))
