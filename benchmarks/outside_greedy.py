"""The yardstick of the lower levels: the shipped `greedy` (splendor/bots/greedy.py, a
one-ply greedy written from the rules, not from the levels' value function) played
against shipped bots, one process, for quick measures and tuning (`module_terms.py
--outside` plays a changed profile against it).

    python benchmarks/outside_greedy.py [--bots easy,medium,hard] [--modules all|NAME,...]
        [--games N] [--seed S]

Each deal is played twice with the seats swapped, seeded as the tournament does (the
same games as `python -m splendor tournament --bots BOT,greedy --seed S`); prints the
bot's win share against the greedy (a shared win counts 1/k) with its 95% interval
(normal approximation).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Callable

from splendor.bots import make_bot
from splendor.bots.base import Bot
from splendor.gamedata import base_game
from splendor.match import play_match
from splendor.tournament import credits, game_seed

MODULES = ("base", "cities", "trading-posts", "orient", "strongholds")


def seat_swapped(make_a: Callable[[int], Bot], make_b: Callable[[int], Bot],
                 module: str | None, games: int, seed: int) -> tuple[float, float, int]:
    """A's mean win share over `games` games, each deal played twice with the seats
    swapped (seat 0 starts; each bot made from its seed), its 95% half-interval (normal
    approximation), and the unfinished games."""
    data = base_game()
    shares: list[float] = []
    unfinished = 0
    for game in range(games):
        deal = game_seed(seed, game // 2)
        first = game % 2
        a, b = make_a(deal * 10 + first), make_b(deal * 10 + 1 - first)
        seats: list[Bot] = [a, b] if first == 0 else [b, a]
        result = play_match(data, seats, deal, first_player=0, module=module)
        if not result.finished:
            unfinished += 1
            continue
        shares.append(credits(result.state.outcome())[seats.index(a)])
    n = len(shares)
    mean = sum(shares) / n if n else 0.0
    half = 1.96 * statistics.pstdev(shares) / math.sqrt(n) if n > 1 else 0.0
    return mean, half, unfinished


def share_text(mean: float, half: float, games: int, unfinished: int, seed: int) -> str:
    """'55.0% [50.1%, 59.9%]  (400 games, 0 unfinished, seed 1)'."""
    return (f"{mean:.1%} [{max(0.0, mean - half):.1%}, {min(1.0, mean + half):.1%}]"
            f"  ({games} games, {unfinished} unfinished, seed {seed})")


def play(bot: str, module: str | None, games: int, seed: int,
         maker: Callable[[str, int], Bot] | None = None) -> tuple[float, float, int]:
    """The bot's mean win share against the greedy, its 95% half-interval, unfinished."""
    def mine(bot_seed: int) -> Bot:
        return (maker(bot, bot_seed) if maker is not None
                else make_bot(bot, bot_seed, data=base_game()))

    def greedy(bot_seed: int) -> Bot:
        return make_bot("greedy", bot_seed, data=base_game())

    return seat_swapped(mine, greedy, module, games, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bots", default="easy,medium,hard")
    parser.add_argument("--modules", default="all")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    modules = MODULES if args.modules == "all" else tuple(args.modules.split(","))
    for module in modules:
        for bot in args.bots.split(","):
            mean, half, unfinished = play(bot, None if module == "base" else module,
                                          args.games, args.seed)
            print(f"{module:14} {bot:7} vs greedy: "
                  f"{share_text(mean, half, args.games, unfinished, args.seed)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
