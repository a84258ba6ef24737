"""Heuristic bots (easy, medium, hard): one-step lookahead with a weighted value function."""

from __future__ import annotations

import random

from splendor.bots.evaluation import Evaluator, pick, situation_from_view
from splendor.bots.profiles import HeuristicProfile
from splendor.engine import Action, GameData, View


class HeuristicBot:
    """Plays the action whose result its profile's value function likes best."""

    def __init__(self, profile: HeuristicProfile, data: GameData, seed: int = 0) -> None:
        self.name = profile.name
        self.profile = profile
        self.evaluator = Evaluator(profile.weights)
        self.data = data
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if self.profile.blunder and self.rng.random() < self.profile.blunder:
            return self.rng.choice(actions)
        situation = situation_from_view(view, self.data)
        scores = self.evaluator.score_actions(situation, actions)
        return pick(scores, actions, self.rng, self.profile.noise)
