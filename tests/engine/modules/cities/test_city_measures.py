"""How far a player is from a city (`city_shortfall`) and whether they meet it
(`city_met`, the engine's check after every turn), against the ruling counted directly:
prestige, each named colour, and the best colour left for "N of one other colour"."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from splendor.engine.components import City
from splendor.engine.module_rules import city_met, city_shortfall
from splendor.gamedata import base_game

CITIES = base_game().cities
bonuses = st.lists(st.integers(0, 9), min_size=5, max_size=5)


def counted(city: City, points: int, bonus: list[int]) -> int:
    short = max(0, city.points - points)
    short += sum(max(0, need - bonus[c]) for c, need in enumerate(city.requires))
    if city.any_single:
        others = [bonus[c] for c in range(5) if city.requires[c] == 0]
        short += max(0, city.any_single - max(others, default=0))
    return short


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(CITIES), st.integers(0, 20), bonuses)
def test_shortfall_and_met_agree_with_the_ruling(city: City, points: int,
                                                 bonus: list[int]) -> None:
    short = city_shortfall(city, points, bonus)
    assert short == counted(city, points, bonus)
    assert city_met(city, points, bonus) == (short == 0)


def test_every_face_is_met_exactly_at_its_requirements() -> None:
    for city in CITIES:
        bonus = list(city.requires)
        if city.any_single:
            bonus[city.free_colours[0]] = city.any_single
        assert city_met(city, city.points, bonus), city.id
        assert not city_met(city, city.points - 1, bonus), city.id
        if city.require_items:
            c, need = city.require_items[0]
            bonus[c] = need - 1
            assert not city_met(city, city.points, bonus), city.id
            assert city_shortfall(city, city.points, bonus) == 1, city.id
