"""Paying for a card: what a player still lacks for it, the default payment, every exact
payment; and what a player still lacks for a noble. The engine and the bots share these."""

from __future__ import annotations

from collections.abc import Sequence

from splendor.engine.colors import GOLD
from splendor.engine.components import Card, Noble


def tokens_missing(tokens: list[int], bonuses: list[int], card: Card) -> int:
    """How many more tokens a player needs to buy `card`: what bonuses, coloured tokens
    and gold leave unpaid (0 when the card is affordable)."""
    short = -tokens[GOLD]
    for c, n in card.cost_items:
        d = n - bonuses[c] - tokens[c]
        if d > 0:
            short += d
    return short if short > 0 else 0


def bonus_shortfall(bonuses: list[int], noble: Noble) -> int:
    """How many more bonuses a player needs for `noble` to visit (0 if it qualifies)."""
    short = 0
    for c, need in enumerate(noble.requires):
        if need > bonuses[c]:
            short += need - bonuses[c]
    return short


def nobles_met(bonuses: list[int], nobles: list[Noble]) -> list[Noble]:
    """The nobles among `nobles` whose requirements `bonuses` meet, in their order."""
    # Unrolled over the five gems: every turn of every game asks this.
    b0, b1, b2, b3, b4 = bonuses[:5]
    met = []
    for noble in nobles:
        r = noble.requires
        if b0 >= r[0] and b1 >= r[1] and b2 >= r[2] and b3 >= r[3] and b4 >= r[4]:
            met.append(noble)
    return met


def default_payment(
    tokens: Sequence[int], bonuses: Sequence[int], card: Card,
) -> tuple[int, ...]:
    """Coloured tokens first, gold for the rest: the payment used when none is given."""
    pay = [0] * 6
    for c, n in card.cost_items:
        need = n - bonuses[c]
        if need > 0:
            own = min(need, tokens[c])
            pay[c] = own
            pay[GOLD] += need - own
    return tuple(pay)


def payment_options(tokens: list[int], bonuses: list[int], card: Card) -> list[tuple[int, ...]]:
    """Every exact payment for `card`: each colour paid partly or wholly with gold.

    Sorted by gold used, fewest first; empty when the card is unaffordable.
    """
    options: list[tuple[int, ...]] = [(0,) * 6]
    for c, n in card.cost_items:
        need = n - bonuses[c]
        if need <= 0:
            continue
        grown = []
        for base in options:
            for own in range(max(0, need - tokens[GOLD]), min(need, tokens[c]) + 1):
                pay = list(base)
                pay[c] = own
                pay[GOLD] += need - own
                if pay[GOLD] <= tokens[GOLD]:
                    grown.append(tuple(pay))
        options = grown
    return sorted(options, key=lambda p: (p[GOLD], p))
