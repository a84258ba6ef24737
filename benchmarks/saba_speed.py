"""Saba engine speed: seeded random games a second on one core.

    PYTHONPATH=. python benchmarks/saba_speed.py [--seconds S] [--seed N]

Plays 2-, 3- and 4-player games of uniformly random legal moves for about S seconds;
one decision is `legal_actions()` plus a checked `apply()`. Only whole games count; a
game still running after the round cap (docs/RULES_SABA.md S65) counts as unfinished.
"""

from __future__ import annotations

import argparse
import random
import time

from splendor.match import DEFAULT_ROUND_CAP
from splendor.saba.data import saba_game
from splendor.saba.engine import new_game


def run(seconds: float, seed: int) -> tuple[int, int, int, float]:
    """(games, decisions, unfinished games, seconds taken)."""
    data = saba_game()
    games = decisions = unfinished = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        game_seed = seed * 1_000_003 + games
        state = new_game(data, 2 + games % 3, game_seed)
        choose = random.Random(game_seed).choice
        while not state.is_over() and state.round <= DEFAULT_ROUND_CAP:
            state.apply(choose(state.legal_actions()))
            decisions += 1
        unfinished += not state.is_over()
        games += 1
        elapsed = time.perf_counter() - start
    return games, decisions, unfinished, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to play")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = parser.parse_args()
    games, decisions, unfinished, elapsed = run(args.seconds, args.seed)
    print(
        f"{games} random games ({unfinished} unfinished) in {elapsed:.1f} s: "
        f"{games / elapsed:.1f} random games/s, {decisions / elapsed:,.0f} decisions/s, "
        f"{decisions / games:.0f} decisions a game"
    )


if __name__ == "__main__":
    main()
