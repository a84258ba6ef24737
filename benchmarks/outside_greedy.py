"""An outside benchmark opponent: a one-ply greedy written from the rules (not from the
bots' value function), and a runner that plays it against a shipped bot.

    python benchmarks/outside_greedy.py [--bots easy,medium,hard] [--modules all|NAME,...]
        [--games N] [--seed S]

The greedy decides from its view and the legal actions only: it buys the card worth most
points it can (a conquest too), else takes the tokens that bring it nearest to the card it
lacks fewest tokens for, else reserves that card; in Strongholds it puts (or moves) a
stronghold on the card its opponent lacks fewest tokens for, and lifts an opponent's
lone stronghold off the card it wants itself; it claims post 4 first, then 1, 3, 5, 2; a
free card is the one worth most points; a gem step takes the colour it lacks most.

Each deal is played twice with the seats swapped; prints the bot's win share against the
greedy (a shared win counts 1/k) with its 95% interval (normal approximation).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence

from splendor.bots import make_bot
from splendor.bots.base import Bot
from splendor.engine import (
    Action,
    Buy,
    Card,
    Reserve,
    Return,
    Take,
    TakeTwo,
    View,
    tokens_missing,
)
from splendor.engine.actions import ChoosePost, Conquer, Stronghold, TakeFree, TakeGem
from splendor.gamedata import base_game
from splendor.match import play_match
from splendor.tournament import credits, game_seed

MODULES = ("base", "cities", "trading-posts", "orient", "strongholds")
#: The trading posts in the order the greedy claims them.
POST_ORDER = (4, 1, 3, 5, 2)


def _market(view: View) -> list[Card]:
    return [c for row in (*view.market, *view.orient_market) for c in row if c is not None]


def _card(view: View, card_id: str) -> Card | None:
    for c in (*_market(view), *view.me.reserved):
        if isinstance(c, Card) and c.id == card_id:
            return c
    return None


def _lack(tokens: Sequence[int], bonuses: Sequence[int], card: Card) -> int:
    return tokens_missing(list(tokens), list(bonuses), card)


class OutsideGreedy:
    """The one-ply greedy (see the module docstring)."""

    def __init__(self, seed: int = 0, name: str = "outside") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def _blocked(self, view: View, seat: int) -> set[str]:
        return {card for card, owner, _ in view.holds if owner != seat}

    def _target(self, view: View, seat: int) -> Card | None:
        """The card `seat` lacks fewest tokens for (ties: more points), that it may take."""
        p = view.players[seat]
        blocked = self._blocked(view, seat)
        cards = [c for c in _market(view) if c.id not in blocked and c.bonus >= 0]
        if seat == view.seat:
            cards += [c for c in p.reserved if isinstance(c, Card) and c.bonus >= 0]
        if not cards:
            return None
        return min(cards, key=lambda c: (_lack(p.tokens, p.bonuses, c), -c.points, c.id))

    def choose(self, view: View) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        kinds = {type(a) for a in actions}
        if Stronghold in kinds:
            return self._hold(view, actions)
        if Conquer in kinds:
            return next(a for a in actions if isinstance(a, Conquer))
        if ChoosePost in kinds:
            posts = [a for a in actions if isinstance(a, ChoosePost)]
            return min(posts, key=lambda a: POST_ORDER.index(a.post)
                       if a.post in POST_ORDER else 9)
        if TakeFree in kinds:
            free = [a for a in actions if isinstance(a, TakeFree)]
            return max(free, key=lambda a: self._points(view, a.card_id))
        target = self._target(view, view.seat)
        if TakeGem in kinds:
            gems = [a for a in actions if isinstance(a, TakeGem)]
            return max(gems, key=lambda a: self._need(view, target, a.color))
        if Return in kinds:
            returns = [a for a in actions if isinstance(a, Return)]
            return min(returns, key=lambda a: self._lack_after(view, target, a.tokens, -1))
        buys = [a for a in actions if isinstance(a, Buy)]
        if buys:
            return max(buys, key=lambda a: (self._points(view, a.card_id), -a.doubles,
                                            -len(a.discard)))
        takes = [a for a in actions if isinstance(a, Take | TakeTwo)]
        if takes and target is not None:
            def lack(a: Take | TakeTwo) -> tuple[int, int]:
                got = [0] * 6
                if isinstance(a, Take):
                    for c in a.colors:
                        got[c] += 1
                else:
                    got[a.color] += 2
                return (self._lack_after(view, target, tuple(got), 1), -sum(got))
            return min(takes, key=lack)
        if target is not None:
            for a in actions:
                if isinstance(a, Reserve) and a.card_id == target.id:
                    return a
        if takes:
            return self.rng.choice(takes)
        return actions[0]

    def _points(self, view: View, card_id: str) -> int:
        card = _card(view, card_id)
        return card.points if card is not None else 0

    def _need(self, view: View, target: Card | None, color: int) -> int:
        if target is None or color >= len(target.cost):
            return 0
        me = view.me
        return max(0, target.cost[color] - me.bonuses[color] - me.tokens[color])

    def _lack_after(self, view: View, target: Card | None, change: Sequence[int],
                    sign: int) -> int:
        if target is None:
            return 0
        me = view.me
        tokens = [t + sign * c for t, c in zip(me.tokens, change, strict=False)]
        tokens += [0] * (len(me.tokens) - len(tokens))
        return _lack(tokens, me.bonuses, target)

    def _hold(self, view: View, actions: tuple[Action, ...]) -> Action:
        holds = [a for a in actions if isinstance(a, Stronghold)]
        mine = self._target(view, view.seat)
        for a in holds:
            if a.how == "remove" and mine is not None and a.card_id == mine.id:
                return a
        opponents = [s for s in range(view.num_players) if s != view.seat]
        best: tuple[tuple[int, int], str] | None = None
        for seat in opponents:
            p = view.players[seat]
            blocked = self._blocked(view, seat)
            for c in _market(view):
                if c.id in blocked or c.bonus < 0:
                    continue
                key = (_lack(p.tokens, p.bonuses, c), -c.points)
                if best is None or key < best[0]:
                    best = (key, c.id)
        if best is not None:
            for how in ("place", "move"):
                for a in holds:
                    if a.how == how and a.card_id == best[1]:
                        return a
        return holds[0]


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

    return seat_swapped(mine, OutsideGreedy, module, games, seed)


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
            print(f"{module:14} {bot:7} vs outside: "
                  f"{share_text(mean, half, args.games, unfinished, args.seed)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
