"""The Cities (RULES_CITIES.md): cities take the nobles' place; at the end of a turn a
player who meets a city takes it (one each, a choice when several qualify), which starts
the final round; only a player holding a city may win."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from splendor.engine.actions import Action, ChooseCity
from splendor.engine.components import City, GameData
from splendor.engine.errors import PositionError
from splendor.engine.module_rules import city_met
from splendor.engine.modules.base import _CITY, ModulePlayer, ModuleState
from splendor.engine.setup import GameSetup
from splendor.engine.state import Phase


class CitiesState(ModuleState):
    """A game with the Cities."""

    __slots__ = ()

    module = "cities"
    title = "the Cities"
    aliases = ("the-cities", "city")
    description = "Cities replace the nobles: the first to claim one starts the final round."
    has_cities = True
    ends_on_points = False
    final_reason = "city"
    seat_fields = ("city",)
    table_fields = ("cities",)
    position_phases = (Phase.CITY,)

    # ----------------------------------------------------------- the setup

    @classmethod
    def playable(cls, data: GameData) -> bool:
        return bool(data.cities)

    @classmethod
    def nobles_dealt(cls, data: GameData, players: int) -> int:
        return 0  # the cities take the nobles' place

    @classmethod
    def deal_pieces(cls, data: GameData, rng: random.Random) -> Mapping[str, Any]:
        return {"cities": tuple(rng.sample([c.id for c in data.cities], data.city_count))}

    @classmethod
    def check_cities(cls, data: GameData, setup: GameSetup) -> None:
        wanted = data.city_count
        if len(setup.cities) != wanted or len(set(setup.cities)) != wanted:
            raise ValueError(f"the Cities need {wanted} different cities")
        unknown = [i for i in setup.cities if i not in data.city_by_id]
        if unknown:
            raise ValueError(f"unknown city(ies): {', '.join(unknown)}")

    # ------------------------------------------------- the position builder

    @classmethod
    def position_pieces(cls, data: GameData, cities: Sequence[str] | None,
                        held_cities: list[object]) -> Mapping[str, Any]:
        """The cities dealt: those on the table (by default the lowest ids not held)
        plus those held."""
        for what, ids in (("cities", cities or []), ("a seat's city", held_cities)):
            for i in ids:
                if not isinstance(i, str) or i not in data.city_by_id:
                    raise PositionError(f"{what}: unknown city {i!r}")
        held = [str(i) for i in held_cities]
        for i in held:
            if held.count(i) > 1:
                raise PositionError(f"city {i} is held by two seats")
        if cities is None:
            free = [c.id for c in data.cities if c.id not in held]
            cities = free[: max(0, data.city_count - len(held))]
        for i in cities:
            if i in held:
                raise PositionError(f"city {i} is both on the table and held by a seat")
            if list(cities).count(i) > 1:
                raise PositionError(f"city {i} is on the table twice")
        dealt = (*cities, *held)
        if len(dealt) != data.city_count:
            raise PositionError(f"the cities on the table ({len(cities)}) and held "
                                f"({len(held)}) must make the {data.city_count} cities dealt")
        return {"cities": tuple(dealt)}

    def position_step(self, phase: Phase) -> None:
        if phase is not Phase.CITY:
            super().position_step(phase)
            return
        seat = self.current
        p = self.players[seat]
        if p.city is not None:
            raise PositionError(f"a city decision: seat {seat} already holds {p.city.id} "
                                "(one city per player)")
        met = [c for c in self.cities if city_met(c, p.points, p.bonuses)]
        if len(met) < 2:
            raise PositionError(f"a city decision needs two or more cities on the table that "
                                f"seat {seat} qualifies for, not {len(met)}")
        self.restore_turn((_CITY, (), ()))
        self._choices = list(met)

    # ------------------------------------------------------ end of the turn

    def _end_claims(self, stage: int, p: ModulePlayer) -> bool:
        if stage != _CITY or p.city is not None:
            return False
        cities = [c for c in self.cities if city_met(c, p.points, p.bonuses)]
        return self._offer(Phase.CITY, cities, self._take_city, p)

    def _choose(self, p: ModulePlayer, action: Action) -> None:
        assert isinstance(action, ChooseCity)
        self._take_city(p, self.data.city_by_id[action.city_id])

    def _take_city(self, p: ModulePlayer, city: City) -> None:
        self.cities.remove(city)
        p.city = city
        self.final_round = True
        self._choices = []

    def final_round_reason(self, seat: int) -> str | None:
        return "holds a city" if self.players[seat].city is not None else None

    def final_round_need(self) -> str:
        return "a seat holding a city"

    def _eligible(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.players) if p.city is not None)
