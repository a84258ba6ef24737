"""How long the expert's review of a 30-round two-player game takes, both seats judged.

    python benchmarks/analysis_speed.py [--budget N] [--seed S] [--rounds R]

Plays seeded games between two hard bots until one lasts at least R rounds (default 30),
then analyses every decision of both seats at the budget (default: the game's) in
`--workers` processes (default 2), as `python -m splendor analyse` does, and prints the
time. The issue asks for
under a minute at the default budget.
"""

from __future__ import annotations

import argparse
import time

from splendor.bots import make_bot
from splendor.engine import GameState, make_record, new_game, observe
from splendor.gamedata import base_game
from splendor.session.analysis import DEFAULT_BUDGET, Analysis


def long_game(rounds: int, seed: int) -> GameState:
    """The first seeded hard-vs-hard game from `seed` on that lasts `rounds` rounds."""
    data = base_game()
    while True:
        state = new_game(data, 2, seed)
        bots = [make_bot("hard", seed * 10 + i, data=data) for i in range(2)]
        while not state.is_over():
            state.apply(bots[state.current].choose(observe(state, state.current)))
        if state.round >= rounds:
            return state
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2,
                        help="processes judging at once (default 2: both cores)")
    args = parser.parse_args()
    state = long_game(args.rounds, args.seed)
    started = time.perf_counter()
    run = Analysis(state.data, make_record(state), budget=args.budget)
    analysis = run.run(workers=args.workers)
    seconds = time.perf_counter() - started
    print(f"game: seed {state.setup.seed}, {state.round} rounds, {len(state.history)} actions")
    print(f"analysed {run.total} decisions of both seats at {args.budget} simulations "
          f"in {seconds:.1f} s ({seconds / max(1, run.total) * 1000:.0f} ms a decision, "
          f"{args.workers} process(es))")
    for seat in analysis.seats:
        s = analysis.summary(seat)
        print(f"seat {seat}: {s.counts}, mean loss {s.mean_drop:.3f}")


if __name__ == "__main__":
    main()
