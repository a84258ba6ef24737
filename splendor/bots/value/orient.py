"""The Orient's value terms: double golds, nobles kept aside (for their keeper only), and
each Orient card by its ability: a double gold, pairing with the most wanted colour one
owns, a free card, a noble to keep, the bonuses a sacrifice gives up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor.bots.value.terms import ModuleValue, tokens_lacking
from splendor.engine import GEMS, Card, bonus_shortfall
from splendor.engine.modules.orient import OrientState

if TYPE_CHECKING:
    from splendor.bots.value.evaluator import Evaluator
    from splendor.bots.value.situation import Side, Situation, Weights


class OrientValue(ModuleValue):
    """The Orient."""

    engine = OrientState

    @classmethod
    def pieces(cls, w: Weights, side: Side) -> float:
        return w.double * side.doubles

    @classmethod
    def add_kept(cls, ev: Evaluator, side: Side, v: float) -> float:
        w, ndecay = ev.w, ev.noble_decay
        for noble in side.kept:  # kept aside: no one else can have it
            missing = bonus_shortfall(side.bonuses, noble)
            v += w.kept_factor * w.noble * ndecay[missing] * noble.points
        return v

    @classmethod
    def missing(cls, side: Side, card: Card) -> int:
        """For a sacrifice card, the bonuses of the colour to give up that `side` lacks."""
        if card.ability == "sacrifice":
            assert card.discard_colour is not None
            return max(0, card.discard_count - side.bonuses[card.discard_colour])
        return tokens_lacking(side, card)

    @classmethod
    def lack_is_tokens(cls, card: Card) -> bool:
        return card.ability != "sacrifice"

    @classmethod
    def ability_worth(cls, ev: Evaluator, s: Situation, side: Side, card: Card,
                      market: list[Card]) -> float:
        w, demand = ev.w, s.demand
        ability = card.ability
        if ability == "gold_x2":
            return w.double
        if ability == "pair" or ability == "pair_and_take_level1":
            # It takes the colour of a card one owns: the most wanted of those.
            colours = [demand[c] for c in GEMS if side.bonuses[c] > 0]
            if not colours:
                return 0.0  # nothing to pair it with: it cannot be bought
            worth = card.points + w.card_bonus * max(colours)
            if ability == "pair_and_take_level1":
                worth += w.free_card * cls.best_free(ev, s, market, 1, card)
            return worth
        worth = card.points + w.card_bonus * demand[card.bonus] * card.bonus_count
        if ability == "reserve_noble":
            if s.nobles:
                worth += w.keep_noble
        elif ability == "take_level2":
            worth += w.free_card * cls.best_free(ev, s, market, 2, card)
        elif ability == "sacrifice":
            assert card.discard_colour is not None
            worth -= w.card_bonus * demand[card.discard_colour] * card.discard_count
        return worth

    @staticmethod
    def best_free(ev: Evaluator, s: Situation, market: list[Card], level: int,
                  card: Card) -> float:
        """The worth of the best face-up card of `level` (a free card), roughly."""
        best = 0.0
        for c in market:
            if c.level == level and c is not card:
                gives = ev.w.card_bonus * (s.demand[c.bonus] if c.bonus >= 0 else 1.0)
                best = max(best, c.points + gives * max(1, c.bonus_count))
        return best
