"""What the learned value (`value/net.py`) reads of a position: one seat against another.

`pair_features(world, a, b, values)` describes seat `a`'s standing against seat `b`: for
each of the two, what it holds and how near it is to more (points, bonuses, tokens,
reserves, the nearest noble, what it can buy now and soon, its value by the rollout
profile), then what they share (how late the game is, whose turn it is, who moves later in
the round). Every figure is public in the seat's view or sampled consistently with it (a
rollout's end is a sampled world): the model learns nothing a seat cannot know.

The net's logit for `a` beating `b` is g(pair(a, b)) - g(pair(b, a)), so in a 2-player
game the two seats' chances add up to one by construction.
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor.engine import GOLD, Card, GameState, PlayerState, bonus_shortfall, tokens_missing

#: The features of one seat (`_side`), in order.
SIDE: tuple[str, ...] = (
    "points", "bonuses", "gems", "gold", "reserved", "nobles", "noble_missing",
    "buyable", "buyable_points", "near", "near_points", "reserved_buyable", "colours",
    "value",
)
#: What the two seats share, seen from the first (`pair_features`).
SHARED: tuple[str, ...] = ("late", "round", "to_move", "later")
#: The names of `pair_features`' figures, in order.
FEATURES: tuple[str, ...] = (
    *(f"a_{n}" for n in SIDE), *(f"b_{n}" for n in SIDE), *SHARED)


def _side(world: GameState, p: PlayerState, value: float, market: list[Card]
          ) -> list[float]:
    target = world.data.target_points
    bonuses, tokens = p.bonuses, p.tokens
    gold = tokens[GOLD]
    noble_missing = min((bonus_shortfall(bonuses, n) for n in world.nobles), default=10)
    buyable = near = 0
    buyable_points = near_points = 0.0
    for card in market:
        short = tokens_missing(tokens, bonuses, card)
        if short == 0:
            buyable += 1
            if card.points > buyable_points:
                buyable_points = card.points
        elif short <= 2:
            near += 1
            if card.points / short > near_points:
                near_points = card.points / short
    reserved_buyable = sum(1 for card in p.reserved
                           if tokens_missing(tokens, bonuses, card) == 0)
    return [
        p.points / target,
        sum(bonuses) / 10,
        (sum(tokens) - gold) / 10,
        gold / 5,
        len(p.reserved) / 3,
        len(p.nobles) / 3,
        noble_missing / 10,
        buyable / 4,
        buyable_points / 5,
        near / 4,
        near_points / 5,
        reserved_buyable / 3,
        sum(1 for b in bonuses if b) / 5,
        value / 10,
    ]


def pair_features(world: GameState, a: int, b: int, values: Sequence[float]
                  ) -> tuple[list[float], list[float]]:
    """(pair(a, b), pair(b, a)): each seat's figures, then the other's, then the shared
    ones seen from the first (see `FEATURES`)."""
    pa, pb = world.players[a], world.players[b]
    market = [card for card in world.market if card is not None]
    side_a = _side(world, pa, values[a], market)
    side_b = _side(world, pb, values[b], market)
    late = min(1.0, max(p.points for p in world.players) / world.data.target_points)
    rounds = world.turns / world.num_players / 30
    current = world.current
    to_move = 1.0 if current == a else -1.0 if current == b else 0.0
    first, n = world.setup.first_player, world.num_players
    later = 1.0 if (a - first) % n > (b - first) % n else -1.0
    return ([*side_a, *side_b, late, rounds, to_move, later],
            [*side_b, *side_a, late, rounds, -to_move, -later])
