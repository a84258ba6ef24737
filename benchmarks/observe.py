"""observe() time against the game's length: it must not grow with the history.

    python benchmarks/observe.py [--repeats N]

Plays one 2-player game far past any real length and prints the median time of
`observe(state, seat)` after 100, 1,000 and 10,000 actions. Run it from the checkout's
root with PYTHONPATH=. to measure that checkout's engine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from splendor.engine import (
    GOLD,
    GameState,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    new_game,
    observe,
)
from splendor.gamedata import base_game

LENGTHS = (100, 1_000, 10_000)


def endless_game(actions: int, seed: int = 1) -> GameState:
    """A legal game `actions` long in which nobody scores: the seats reserve until the
    bank's gold is theirs, then only take gems and give gems back. Holding the gold, they
    cannot hold every gem, so a take always remains and nobody is ever forced to pass."""
    state = new_game(base_game(), players=2, seed=seed, first_player=0)
    rng = random.Random(seed)
    while len(state.history) < actions:
        legal = state.legal_actions()
        reserves = [a for a in legal if isinstance(a, Reserve | ReserveDeck)]
        takes = [a for a in legal if isinstance(a, Take | TakeTwo)]
        returns = [a for a in legal if isinstance(a, Return) and not a.tokens[GOLD]]
        choices = (reserves if state.bank[GOLD] else []) or takes or returns or list(legal)
        state.apply(rng.choice(choices))
        if state.is_over():
            raise RuntimeError(f"the game ended after {len(state.history)} actions")
    return state


def time_observe(state: GameState, repeats: int) -> float:
    """Median seconds of one observe() over `repeats` timed calls (each of 10 observes)."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(10):
            observe(state, 0)
        samples.append((time.perf_counter() - start) / 10)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30, help="timed samples per length")
    args = parser.parse_args()
    for length in LENGTHS:
        state = endless_game(length)
        ms = time_observe(state, args.repeats) * 1000
        print(f"observe() after {length:>6,} actions: {ms:.3f} ms")


if __name__ == "__main__":
    main()
