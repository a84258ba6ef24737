"""A bot that picks uniformly among the legal actions (for tests and benchmarks)."""

from __future__ import annotations

import random

from splendor.engine import Action, View


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return self.rng.choice(view.legal_actions)
