"""The search's judgement of a position at the end of a rollout: a win chance.

`LeafModel` maps a seat's standing against its strongest opponent (the one with the
highest value) to a chance of winning by a logistic of weighted features. With only
`gap` weighted it is the logistic of the value gap that the expert always used (weight
1 / scale). The other weights were fitted to the outcomes of whole rollout-policy games
(`benchmarks/fit_leaf.py`, logistic regression): the value function ranks moves well
but says less well how far ahead a seat is, and its gap means more as the game nears
its end.

Every feature is a difference between the two seats (or a sign that swaps with them),
so in a 2-player game the two seats' chances add up to one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from splendor.engine import GameState

#: The features, in order: value gap, prestige gap, bonus-count gap, gem-token gap,
#: gold gap, reserved-card gap, the value and prestige gaps times how near the end the
#: game is (the leader's points over the target), whose turn it is (+1 this seat's, -1
#: the opponent's, 0 another's), who moves later in the round (+1 this seat), and the
#: bonus gap times how near the end the game is (bonuses count early, less at the end).
FEATURES: tuple[str, ...] = (
    "gap", "points", "bonuses", "tokens", "gold", "reserved", "gap_late", "points_late",
    "to_move", "later", "bonuses_late",
)


def strongest_opponent(me: int, values: Sequence[float]) -> int:
    """The seat other than `me` with the highest value (the one a leaf judges against)."""
    return max((s for s in range(len(values)) if s != me), key=lambda s: values[s])


def features(world: GameState, me: int, values: Sequence[float]) -> list[float]:
    """`me`'s features against its strongest opponent (see `FEATURES`)."""
    them = strongest_opponent(me, values)
    a, b = world.players[me], world.players[them]
    gap = values[me] - values[them]
    points = a.points - b.points
    late = min(1.0, max(p.points for p in world.players) / world.data.target_points)
    ta, tb = a.tokens, b.tokens
    bonuses = sum(a.bonuses) - sum(b.bonuses)
    current = world.current
    first = world.setup.first_player
    n = world.num_players
    return [
        gap,
        float(points),
        float(bonuses),
        float(sum(ta) - ta[5] - sum(tb) + tb[5]),
        float(ta[5] - tb[5]),
        float(len(a.reserved) - len(b.reserved)),
        gap * late,
        points * late,
        1.0 if current == me else -1.0 if current == them else 0.0,
        1.0 if (me - first) % n > (them - first) % n else -1.0,
        bonuses * late,
    ]


class Leaf(Protocol):
    """A judgement at a rollout's end: `LeafModel` here, or the learned `ValueNet`."""

    def chance(self, world: GameState, me: int, values: Sequence[float]) -> float: ...


@dataclass(frozen=True)
class LeafModel:
    """A win chance from `features` weighted by `weights` (by `FEATURES` name; a name
    not given weighs nothing)."""

    weights: tuple[float, ...]

    @classmethod
    def of(cls, named: Mapping[str, float]) -> LeafModel:
        unknown = sorted(set(named) - set(FEATURES))
        if unknown:
            raise ValueError(f"unknown leaf feature {unknown[0]!r}: expected one of "
                             + ", ".join(FEATURES))
        return cls(tuple(float(named.get(name, 0.0)) for name in FEATURES))

    @classmethod
    def gap_only(cls, scale: float) -> LeafModel:
        """The logistic of the value gap over `scale` (the expert's judgement before)."""
        return cls.of({"gap": 1.0 / scale})

    def chance(self, world: GameState, me: int, values: Sequence[float]) -> float:
        """`me`'s judged win chance in `world`, `values` being every seat's value."""
        z = sum(w * f for w, f in zip(self.weights, features(world, me, values), strict=True)
                if w)
        if z < -60.0:  # exp would overflow; the chance is nil to the float's precision
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))
