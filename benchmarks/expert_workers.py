"""Expert workers: simulations per wall-clock second in timed decisions, one worker
against two (root parallelism, `splendor.bots.search_worker`), alternated in one run.

    python benchmarks/expert_workers.py [--budget S] [--repeats R]

Positions: those of `expert_speed.py` (2 players, hard against hard from a fixed deal,
after 4, 24 and 44 turns, the expert to move, base game). At each position the expert
decides with a time budget (default 1 s) with one worker and with two, alternated
`--repeats` times (default 5), after one untimed decision that starts the worker. Every
legal action is a candidate, so no decision stops early on a sure leader. Printed per
position: the median simulations per wall-clock second of each (`last_simulations`: both
workers' total), their ratio, and the longest decision against the budget. The machine's
load average is printed first and last: other processes take their share of the cores
(a second worker gains only what the second core has free).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

# This source tree's game and its sibling benchmark, whichever folder it is run from.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from expert_speed import STAGES, position

from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.search_worker import cores
from splendor.engine import View
from splendor.gamedata import base_game


def timed(bot: ExpertBot, view: View) -> tuple[float, float]:
    """Simulations per wall-clock second of one decision, and its length (seconds)."""
    start = time.perf_counter()
    bot.choose(view)
    seconds = time.perf_counter() - start
    return bot.last_simulations / seconds, seconds


def load() -> str:
    one, five, _ = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {cores()} core(s)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    data = base_game()
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    bots = {w: ExpertBot(hard, data, 3, budget=args.budget, workers=w, candidates=99)
            for w in (1, 2)}
    print(load())
    print(f"{'stage':<7} {'1 worker sims/s':>15} {'2 workers sims/s':>16} {'ratio':>6}  "
          "longest decision")
    for stage, turns in STAGES:
        view = position(data, None, turns)
        bots[2].choose(view)  # the worker is started once, as in a game
        rates: dict[int, list[float]] = {1: [], 2: []}
        longest = 0.0
        for _ in range(args.repeats):
            for workers in (1, 2):
                rate, seconds = timed(bots[workers], view)
                rates[workers].append(rate)
                longest = max(longest, seconds)
        one, two = statistics.median(rates[1]), statistics.median(rates[2])
        print(f"{stage:<7} {one:>15.0f} {two:>16.0f} {two / one:>5.2f}x  "
              f"{longest:.3f} s for {args.budget:g} s", flush=True)
    print(load())
    return 0


if __name__ == "__main__":
    sys.exit(main())
