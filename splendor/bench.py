"""Engine speed: seeded random games on one core (`python -m splendor bench`)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from splendor.engine import GameData, new_game
from splendor.match import DEFAULT_ROUND_CAP


@dataclass(frozen=True, slots=True)
class BenchResult:
    games: int
    decisions: int
    seconds: float

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds


def run_bench(data: GameData, seconds: float = 5.0, seed: int = 1) -> BenchResult:
    """Play random 2-, 3- and 4-player games for about `seconds`; one decision is
    `legal_actions()` plus a checked `apply()`. Only whole games are counted."""
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        game_seed = seed * 1_000_003 + games
        state = new_game(data, 2 + games % 3, game_seed)
        choose = random.Random(game_seed).choice
        while not state.is_over() and state.round <= DEFAULT_ROUND_CAP:
            state.apply(choose(state.legal_actions()))
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
    return BenchResult(games, decisions, elapsed)
