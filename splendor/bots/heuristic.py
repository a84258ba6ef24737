"""Heuristic bots (easy, medium, hard): one-step lookahead with a weighted value function."""

from __future__ import annotations

import random

from splendor.bots.profiles import HeuristicProfile
from splendor.bots.value import Evaluators, WorldSource, pick, situation_from_view
from splendor.engine import Action, GameData, GameState, View, sample_world


class HeuristicBot:
    """Plays the action whose result its profile's value function likes best."""

    def __init__(self, profile: HeuristicProfile, data: GameData, seed: int = 0) -> None:
        self.name = profile.name
        self.profile = profile
        #: The evaluator with the profile's weights for a game with a module (None: base).
        self.evaluator_for = Evaluators(profile.weights_for)
        self.data = data
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        noise, blunder = self.profile.play_for(view.module)
        if blunder and self.rng.random() < blunder:
            return self.rng.choice(actions)
        evaluator = self.evaluator_for(view.module)
        situation = situation_from_view(view, self.data, evaluator.w)
        scores = evaluator.score_actions(situation, actions, world_from(view, self.data, self.rng))
        return pick(scores, actions, self.rng, noise)


def world_from(view: View, data: GameData, rng: random.Random) -> WorldSource | None:
    """For a module game: one world consistent with `view`, sampled when first asked for
    (the module's actions are scored on copies of it). None for the base game."""
    if view.module is None:
        return None
    sampled: list[GameState] = []

    def world() -> GameState:
        if not sampled:
            sampled.append(sample_world(view, data, rng))
        return sampled[0]

    return world
