"""A Saba bot that picks uniformly among the legal actions (the ladder's floor)."""

from __future__ import annotations

import random

from splendor.saba.engine import Action, SabaView


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SabaView) -> Action:
        return self.rng.choice(view.legal_actions)
