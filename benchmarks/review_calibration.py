"""Does the review's chance to win mean what it says? Calibration over expert games, and
how much more the random bot gives away than the expert.

    python benchmarks/review_calibration.py [--games 5] [--random-games 20]
                                            [--budget N] [--seed S] [--workers 2]

Part 1: `--games` seeded games of two experts (300 simulations a move, both seats), every
decision of both seats judged at the budget (default: the review's); each decision's
chance "before" (the best move's chance, the seat's own view) against the game's result
for that seat (1 won, 0 lost, 1/n shared): a reliability table by tenths and the Brier
score (0.25 is a coin's; lower is better). Part 2: `--random-games` games of the expert
(100 simulations a move) against the random bot, seats alternating, both judged: each
side's mean chance given away per decision, their ratio, and the marks.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from splendor.bots import make_bot  # noqa: E402
from splendor.engine import GameState, make_record, new_game, observe  # noqa: E402
from splendor.gamedata import base_game  # noqa: E402
from splendor.session.analysis import DEFAULT_BUDGET, LABELS, Analysis  # noqa: E402


def play(seed: int, kinds: tuple[str, str], simulations: int) -> GameState:
    data = base_game()
    state = new_game(data, 2, seed)
    bots = [make_bot(kind, seed * 10 + i, data=data) for i, kind in enumerate(kinds)]
    for bot in bots:
        if hasattr(bot, "simulations"):
            bot.simulations, bot.budget = simulations, None  # type: ignore[attr-defined]
            bot.workers = 1  # type: ignore[attr-defined]
    while not state.is_over():
        state.apply(bots[state.current].choose(observe(state, state.current)))
    return state


def result_for(state: GameState, seat: int) -> float:
    winners = state.outcome().winners
    return 1.0 / len(winners) if seat in winners else 0.0


def calibration(games: int, budget: int, seed: int, workers: int) -> None:
    pairs: list[tuple[float, float]] = []
    for g in range(games):
        state = play(seed + g, ("expert", "expert"), 300)
        analysis = Analysis(state.data, make_record(state), budget=budget).run(workers)
        pairs += [(m.before, result_for(state, m.seat)) for m in analysis.moves]
        print(f"  game {g + 1}: {len(analysis.moves)} decisions, {state.round} rounds",
              flush=True)
    brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
    base = sum(o for _, o in pairs) / len(pairs)
    print(f"calibration: {len(pairs)} decisions of {games} expert games at budget {budget}; "
          f"Brier score {brier:.3f} (always saying {base:.2f}: "
          f"{sum((base - o) ** 2 for _, o in pairs) / len(pairs):.3f})")
    print("| predicted | decisions | mean predicted | won |")
    print("|---|---|---|---|")
    for tenth in range(10):
        low, high = tenth / 10, (tenth + 1) / 10
        inside = [(p, o) for p, o in pairs if low <= p < high or (tenth == 9 and p == 1.0)]
        if inside:
            mean_p = sum(p for p, _ in inside) / len(inside)
            won = sum(o for _, o in inside) / len(inside)
            print(f"| {low:.1f}-{high:.1f} | {len(inside)} | {mean_p:.2f} | {won:.2f} |")


def against_random(games: int, budget: int, seed: int, workers: int) -> None:
    drops: dict[str, list[float]] = {"expert": [], "random": []}
    marks: dict[str, dict[str, int]] = {k: dict.fromkeys(LABELS, 0) for k in drops}
    wins = 0
    for g in range(games):
        kinds = ("expert", "random") if g % 2 == 0 else ("random", "expert")
        state = play(seed + 1000 + g, kinds, 100)
        wins += result_for(state, kinds.index("expert")) == 1.0
        analysis = Analysis(state.data, make_record(state), budget=budget).run(workers)
        for m in analysis.moves:
            drops[kinds[m.seat]].append(m.drop)
            if m.label:
                marks[kinds[m.seat]][m.label] += 1
        print(f"  game {g + 1}: {len(analysis.moves)} decisions", flush=True)
    mean = {k: sum(v) / len(v) for k, v in drops.items()}
    print(f"expert against random, {games} games at budget {budget} (the expert won {wins}):")
    for kind in drops:
        print(f"  {kind}: {len(drops[kind])} decisions, gave away {mean[kind]:.4f} a "
              f"decision; marks {marks[kind]}")
    print(f"  ratio: the random bot gave away {mean['random'] / max(mean['expert'], 1e-9):.1f} "
          f"times the expert's a decision")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--random-games", type=int, default=20)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=570)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    calibration(args.games, args.budget, args.seed, args.workers)
    if args.random_games:  # 0: the calibration alone
        against_random(args.random_games, args.budget, args.seed, args.workers)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
