"""The Cities' value terms: a city held (only holders can win) or the nearest in reach, by
prestige and bonuses together; the cities' requirements pull on the colours; a purchase
that takes a city, and taking one, ends the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor.bots.value.terms import ModuleValue, Wants
from splendor.engine import Card
from splendor.engine.components import City, TradingPost
from splendor.engine.module_rules import city_met, city_shortfall
from splendor.engine.modules.cities import CitiesState

if TYPE_CHECKING:
    from splendor.bots.value.evaluator import Evaluator
    from splendor.bots.value.situation import Side, Situation, Weights


class CitiesValue(ModuleValue):
    """The Cities."""

    engine = CitiesState

    @classmethod
    def wants(cls, w: Weights, cities: tuple[City, ...],
              posts: tuple[TradingPost, ...]) -> Wants:
        return tuple((w.city_demand, city.requires) for city in cities)

    @classmethod
    def own_value(cls, ev: Evaluator, s: Situation, side: Side) -> float:
        return cls.memoized(ev, s, side, cls.city_value)

    @staticmethod
    def city_value(ev: Evaluator, s: Situation, side: Side) -> float:
        """Holding a city, else the nearest one in reach."""
        if side.city is not None:
            return ev.w.city_held
        short = min((city_shortfall(c, side.points, side.bonuses) for c in s.cities),
                    default=None)
        if short is None:
            return 0.0
        return ev.w.city * ev.city_decay[min(59, short)]

    @classmethod
    def completes(cls, ev: Evaluator, s: Situation, side: Side, card: Card) -> float:
        """A city the purchase takes (when `side` holds none)."""
        bonuses = side.bonuses[:]
        bonuses[card.bonus] += card.bonus_count
        if side.city is None:
            points = side.points + card.points
            if any(city_met(c, points, bonuses) for c in s.cities):
                return ev.w.city_held
        return 0.0

    @classmethod
    def quiet_purchase(cls, s: Situation, after: Side) -> bool:
        """No city taken: one is held already, or none is met."""
        return after.city is not None or not any(
            city_met(c, after.points, after.bonuses) for c in s.cities)

    @classmethod
    def finish(cls, ev: Evaluator, s: Situation, after: Side) -> float:
        """Taking a city: it ends the game, and only holders win."""
        if after.city is None or s.me.city is not None:
            return 0.0
        rivals = [o.points for o in s.opponents if o.city is not None]
        if rivals and max(rivals) >= after.points:
            return ev.w.win / 4
        if s.final_round or s.last_to_play:
            return ev.w.win
        return ev.w.win / 2
