"""Engine speed: seeded random games on one core (`python -m splendor bench`), and the
endless game benchmarks/observe.py measures observe() on."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from splendor.engine import (
    GOLD,
    GameData,
    GameState,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    new_game,
)
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


def run_bench(
    data: GameData, seconds: float = 5.0, seed: int = 1, module: str | None = None
) -> BenchResult:
    """Play random 2-, 3- and 4-player games (with one Cities of Splendor `module`, or
    none) for about `seconds`; one decision is `legal_actions()` plus a checked `apply()`.
    Only whole games are counted."""
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        game_seed = seed * 1_000_003 + games
        state = new_game(data, 2 + games % 3, game_seed, module=module)
        choose = random.Random(game_seed).choice
        while not state.is_over() and state.round <= DEFAULT_ROUND_CAP:
            state.apply(choose(state.legal_actions()))
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
    return BenchResult(games, decisions, elapsed)


def endless_game(data: GameData, actions: int, seed: int = 1) -> GameState:
    """A legal 2-player game `actions` long in which nobody scores: the seats reserve
    until the bank's gold is theirs, then only take gems and give gems back. Holding the
    gold, they cannot hold every gem, so a take always remains and nobody must pass."""
    state = new_game(data, players=2, seed=seed, first_player=0)
    rng = random.Random(seed)
    while len(state.history) < actions:
        legal = state.legal_actions()
        reserves = [a for a in legal if isinstance(a, Reserve | ReserveDeck)]
        takes = [a for a in legal if isinstance(a, Take | TakeTwo)]
        returns = [a for a in legal if isinstance(a, Return) and not a.tokens[GOLD]]
        choices = (reserves if state.bank[GOLD] else []) or takes or returns or list(legal)
        state.apply(rng.choice(choices))
        if state.is_over():
            raise RuntimeError(f"the endless game ended after {len(state.history)} actions")
    return state
