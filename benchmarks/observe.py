"""observe() time against the game's length: it must not grow with the history.

    PYTHONPATH=. python benchmarks/observe.py [--repeats N]

Plays one 2-player game far past any real length (`splendor.bench.endless_game`) and
prints the median time of `observe(state, seat)` after 100, 1,000 and 10,000 actions.
Run it from the checkout's root with PYTHONPATH=. to measure that checkout's engine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from splendor.bench import endless_game
from splendor.engine import GameState, observe
from splendor.gamedata import base_game

LENGTHS = (100, 1_000, 10_000)


def time_observe(state: GameState, repeats: int) -> float:
    """Median seconds of one observe() over `repeats` timed samples (each of 10 calls)."""
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
        state = endless_game(base_game(), length)
        ms = time_observe(state, args.repeats) * 1000
        print(f"observe() after {length:>6,} actions: {ms:.3f} ms")


if __name__ == "__main__":
    main()
