"""A simple greedy baseline: buy the most points it can, else take tokens toward the
cheapest card in reach. Weak on purpose: the ladder's bots are measured against it."""

from __future__ import annotations

import random

from splendor.bots.value import tokens_taken
from splendor.engine import (
    Action,
    Buy,
    Card,
    ChooseNoble,
    GameData,
    Reserve,
    Return,
    Take,
    TakeTwo,
    View,
    tokens_missing,
)


class GreedyBot:
    name = "greedy"

    def __init__(self, data: GameData, seed: int = 0) -> None:
        self.token_limit = data.token_limit
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        me = view.me
        tokens, bonuses = list(me.tokens), list(me.bonuses)
        cards = [c for row in (*view.market, *view.orient_market) for c in row if c is not None]
        cards += [c for c in me.reserved if isinstance(c, Card)]
        by_id = {c.id: c for c in cards}
        if isinstance(legal[0], ChooseNoble):
            return legal[0]
        if isinstance(legal[0], Return):
            target = min(cards, key=lambda c: tokens_missing(tokens, bonuses, c), default=None)
            return min(legal, key=lambda a: self._after_return(a, tokens, bonuses, target))
        buys = [a for a in legal if isinstance(a, Buy)]
        if buys:
            return max(buys, key=lambda a: (by_id[a.card_id].points, -sum(by_id[a.card_id].cost)))
        takes = [a for a in legal if isinstance(a, Take | TakeTwo)]
        if takes and cards:
            target = min(cards, key=lambda c: (tokens_missing(tokens, bonuses, c), -c.points, c.id))
            return min(takes, key=lambda a: self._after_take(a, tokens, bonuses, target))
        reserves = [a for a in legal if isinstance(a, Reserve)]
        if reserves:
            return max(reserves, key=lambda a: by_id[a.card_id].points)
        return self.rng.choice(legal)

    def _after_take(
        self, a: Take | TakeTwo, tokens: list[int], bonuses: list[int], card: Card
    ) -> tuple[int, int]:
        taken = tokens_taken(a)
        assert taken is not None
        after = [t + n for t, n in zip(tokens, taken, strict=True)]
        # Fewest tokens still missing for the target; then avoid going over the limit.
        return tokens_missing(after, bonuses, card), max(0, sum(after) - self.token_limit)

    @staticmethod
    def _after_return(a: Action, tokens: list[int], bonuses: list[int], card: Card | None) -> int:
        assert isinstance(a, Return)
        after = [t - r for t, r in zip(tokens, a.tokens, strict=True)]
        return tokens_missing(after, bonuses, card) if card else 0
