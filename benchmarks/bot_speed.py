"""Bot speed: decision times of every bot in 2-player games against hard.

    python benchmarks/bot_speed.py [--games N] [--budget S] [--expert-games M]

Each one-step bot (random, greedy, easy, medium, hard) plays N seat-rotated games
(default 20) against hard; the search bots play M games (default 2): the expert with its
profile's time budget or the one given, advanced at its fixed simulation count. Per bot
it prints the median, 99th percentile and maximum decision time in milliseconds and
whether the targets are met:

    one-step bots: median <= 50 ms and p99 <= 200 ms
    advanced:      median <= 500 ms (a fixed count, quick: under half the expert's second)
    expert:        every decision <= budget * 1.1

The exit status is 0 when every bot meets its targets, else 1.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from splendor.bots import BOT_NAMES, make_bot
from splendor.bots.profiles import SearchProfile, shipped_profiles
from splendor.gamedata import base_game
from splendor.match import play_match

HEURISTIC_MEDIAN_MS = 50.0
HEURISTIC_P99_MS = 200.0
BUDGET_SLACK = 1.1
FIXED_COUNT_MEDIAN_MS = 500.0


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank q-th percentile (0 < q <= 100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def decision_times(name: str, games: int, budget: float | None, seed0: int) -> list[float]:
    """Seconds per decision of bot `name` over `games` seat-rotated games against hard."""
    data = base_game()
    times: list[float] = []
    for game in range(games):
        seed = seed0 + game
        seat = game % 2
        bots = [make_bot("hard", seed + 1000, data=data),
                make_bot(name, seed, data=data, budget=budget)]
        if seat == 0:
            bots.reverse()
        result = play_match(data, bots, seed, first_player=(game // 2) % 2)
        times.extend(result.decision_seconds[seat])
        if name == "hard":  # both seats are the bot under test
            times.extend(result.decision_seconds[1 - seat])
        if not result.finished:
            print(f"  warning: {name} game {game} (seed {seed}) hit the round cap",
                  file=sys.stderr)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20,
                        help="games per one-step bot against hard (default 20)")
    parser.add_argument("--budget", type=float, default=None,
                        help="the expert's seconds per move (default: its profile's)")
    parser.add_argument("--expert-games", type=int, default=2,
                        help="games of the expert against hard (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.expert_games < 0:
        parser.error("--games must be at least 1 and --expert-games at least 0")
    if args.budget is not None and args.budget <= 0:
        parser.error("--budget must be positive")

    profile = shipped_profiles()["expert"]
    assert isinstance(profile, SearchProfile)
    budget = args.budget if args.budget is not None else (profile.budget or 1.0)

    print(f"{'bot':<8} {'games':>5} {'decisions':>9} {'median ms':>10} {'p99 ms':>9} "
          f"{'max ms':>9}  target")
    all_ok = True
    profiles = shipped_profiles()
    for name in BOT_NAMES:
        found = profiles.get(name)
        search = isinstance(found, SearchProfile)
        fixed = isinstance(found, SearchProfile) and found.simulations is not None
        games = args.expert_games if search else args.games
        if games == 0:
            continue
        start = time.perf_counter()
        times = decision_times(name, games, budget if search else None, args.seed)
        wall = time.perf_counter() - start
        ms = [t * 1000 for t in times]
        median, p99, worst = statistics.median(ms), percentile(ms, 99), max(ms)
        if fixed:
            ok = median <= FIXED_COUNT_MEDIAN_MS
            target = f"median <= {FIXED_COUNT_MEDIAN_MS:.0f} ms (a fixed count)"
        elif search:
            limit = budget * BUDGET_SLACK * 1000
            ok = worst <= limit
            target = f"max <= {limit:.0f} ms (budget {budget:g} s x {BUDGET_SLACK})"
        else:
            ok = median <= HEURISTIC_MEDIAN_MS and p99 <= HEURISTIC_P99_MS
            target = f"median <= {HEURISTIC_MEDIAN_MS:.0f} ms, p99 <= {HEURISTIC_P99_MS:.0f} ms"
        all_ok &= ok
        print(f"{name:<8} {games:>5} {len(ms):>9} {median:>10.3f} {p99:>9.3f} {worst:>9.3f}  "
              f"{'OK  ' if ok else 'FAIL'} {target}  [{wall:.1f} s]", flush=True)
    print("all targets met" if all_ok else "some targets missed")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
