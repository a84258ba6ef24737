"""Paying for a card: the shortfall in gold, the default payment, every exact payment."""

from __future__ import annotations

from splendor.engine.colors import GOLD
from splendor.engine.components import Card


def token_shortfall(tokens: list[int], bonuses: list[int], card: Card) -> int:
    """How many gold tokens a player would need to buy `card` (0 if coloured tokens suffice)."""
    short = 0
    for c, n in card.cost_items:
        d = n - bonuses[c] - tokens[c]
        if d > 0:
            short += d
    return short


def default_payment(tokens: list[int], bonuses: list[int], card: Card) -> tuple[int, ...]:
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
