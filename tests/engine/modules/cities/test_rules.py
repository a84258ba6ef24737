"""The Cities (RULES_CITIES.md, "The Cities"): one scenario per ruling, each from a position
built for it."""

from __future__ import annotations

from collections import Counter

import pytest

from splendor.engine import ChooseNoble, Phase, PositionError
from splendor.engine.actions import ChooseCity
from splendor.engine.expansion import ExpansionState
from splendor.engine.state import new_game
from tests.engine.modules.support import (
    DATA,
    act,
    check_module_invariants,
    legal_texts,
    position,
)

# Purchased cards (levels_data/cards.yaml): bonus colour, points.
WHITE4_13 = ["L3-04", "L3-03", "L3-02", "L1-01"]      # 4 white, 13 points
WHITE4_9 = ["L3-04", "L3-03", "L1-01", "L1-02"]       # 4 white, 9 points
WHITE4_12 = ["L3-03", "L3-02", "L2-06", "L1-08"]      # 4 white, 12 points
RED3 = ["L1-25", "L1-26", "L1-27"]                    # 3 red, 0 points
RED2 = ["L1-25", "L1-26"]
BLACK3 = ["L1-33", "L1-34", "L1-35"]
BLUE6_13 = ["L3-06", "L3-07", "L3-08", "L1-09", "L1-10", "L1-11"]  # 6 blue, 13 points
# The cities used: C04 13 points, 4 white 3 red; C09 13, 4 red 3 black; C03 12, six of one
# colour; C11 14, 4 green and 4 of one other colour; C13 16, one of each; C14 17, nothing.
OUT_OF_REACH = ["C13", "C14"]


def cities(**kwargs: object) -> ExpansionState:
    return position("cities", **kwargs)


def test_setup_lays_out_three_different_cities_and_no_noble() -> None:
    seen: Counter[str] = Counter()
    for seed in range(150):
        players = 2 + seed % 3
        state = new_game(DATA, players, seed, module="cities")
        assert isinstance(state, ExpansionState)
        assert len(state.cities) == 3 == len({c.id for c in state.cities})
        assert state.nobles == [] and state.setup.nobles == ()
        gems = DATA.setups[players].gems  # tokens per player count as in the base game
        assert state.bank == [gems] * 5 + [5]
        seen.update(c.id for c in state.cities)
    assert len(seen) == 14, f"every face can be dealt: {sorted(seen)}"


def test_a_city_needs_the_prestige_and_the_bonuses() -> None:
    table = ["C04", *OUT_OF_REACH]
    # 13 points and 4 white, but only 2 red: no city
    state = cities(cities=table, seats=[{"purchased": WHITE4_13 + RED2}])
    act(state, "take white blue green")
    assert state.players[0].city is None and len(state.cities) == 3
    # 4 white and 3 red, but 9 points: no city
    state = cities(cities=table, seats=[{"purchased": WHITE4_9 + RED3}])
    act(state, "take white blue green")
    assert state.players[0].city is None
    # both: the city is taken at the end of the turn, whatever the action, and leaves the
    # table; it gives no points
    state = cities(cities=table, seats=[{"purchased": WHITE4_13 + RED3}])
    act(state, "take white blue green")
    p = state.players[0]
    assert p.city is not None and p.city.id == "C04" and p.points == 13
    assert [c.id for c in state.cities] == OUT_OF_REACH
    check_module_invariants(state)


def test_the_city_comes_with_the_purchase_that_meets_it() -> None:
    state = cities(cities=["C04", *OUT_OF_REACH],
                   seats=[{"purchased": WHITE4_12 + RED2, "tokens": {"white": 3}}])
    assert "buy L1-25" not in legal_texts(state)
    state = cities(cities=["C04", *OUT_OF_REACH], market={1: ["L1-28"]},
                   seats=[{"purchased": WHITE4_13 + RED2, "tokens": {"white": 2, "red": 2}}])
    act(state, "buy L1-28")  # the third red bonus
    assert state.players[0].city is not None and state.players[0].city.id == "C04"


def test_any_single_colour_is_one_colour_of_the_players_choice() -> None:
    # C03: 12 points and six bonuses of any one colour
    state = cities(cities=["C03", *OUT_OF_REACH], seats=[{"purchased": BLUE6_13}])
    act(state, "take white blue green")
    assert state.players[0].city is not None and state.players[0].city.id == "C03"
    mixed = ["L3-06", "L3-07", "L3-08", "L1-25", "L1-26", "L1-27"]  # 3 blue, 3 red
    state = cities(cities=["C03", *OUT_OF_REACH], seats=[{"purchased": mixed}])
    act(state, "take white blue green")
    assert state.players[0].city is None


@pytest.mark.parametrize(("cards", "met"), [
    # 8 green: the other four must not be green
    (["L3-10", "L3-11", "L3-12", "L1-24", "L1-17", "L1-18", "L1-19", "L1-20"], False),
    # 4 green, 2 red, 2 blue: four of one colour are missing
    (["L3-12", "L3-10", "L1-17", "L1-18", "L3-16", "L1-25", "L3-06", "L1-09"], False),
    # 4 green and 4 red, 14 points
    (["L3-12", "L3-10", "L1-17", "L1-18", "L3-16", "L1-25", "L1-26", "L1-27"], True),
    # 4 green, 4 black, 4 red: still one colour other than green
    (["L3-12", "L3-10", "L1-17", "L1-18", "L3-16", "L1-25", "L1-26", "L1-27",
      "L1-33", "L1-34", "L1-35", "L1-36"], True),
], ids=["eight-green", "green-and-two-colours", "green-and-red", "green-and-two-fours"])
def test_the_fourteen_point_face_asks_four_green_and_four_of_one_other(
        cards: list[str], met: bool) -> None:
    state = cities(cities=["C11", *OUT_OF_REACH], seats=[{"purchased": cards}])
    assert state.players[0].points >= 14
    act(state, "take white blue black")
    city = state.players[0].city
    assert (city is not None and city.id == "C11") is met


def test_several_cities_met_are_a_choice() -> None:
    # 4 white, 4 red, 3 black, 14 points: C04 and C09 both met, C14 not
    cards = [*WHITE4_9, "L3-16", "L1-25", "L1-26", "L1-27", *BLACK3]
    state = cities(cities=["C04", "C09", "C14"], seats=[{"purchased": cards}])
    act(state, "take white blue green")
    assert state.phase is Phase.CITY and state.current == 0
    assert legal_texts(state) == ["city C04", "city C09"]
    assert [c.id for c in state.choices()] == ["C04", "C09"]
    check_module_invariants(state)
    refused = state.why_illegal(ChooseCity("C14"))
    assert refused is not None and refused.code == "not_offered"
    assert state.why_illegal(parse("take white blue green")) is not None
    act(state, "city C09")
    assert state.players[0].city is not None and state.players[0].city.id == "C09"
    assert [c.id for c in state.cities] == ["C04", "C14"]
    assert state.phase is Phase.MAIN and state.current == 1
    check_module_invariants(state)


def parse(text: str) -> object:
    from splendor.engine import parse_action

    return parse_action(text)


def test_a_player_holds_one_city_at_most() -> None:
    # seat 0 meets C04 and C09 but takes one; seat 1, meeting C04 in the final round, may
    # still take it: one city per player, not one per game
    cards = [*WHITE4_9, "L3-16", "L1-25", "L1-26", "L1-27", *BLACK3]
    other = ["L3-01", "L3-02", "L2-06", "L2-05", "L1-08", "L1-28", "L1-29", "L1-30"]
    state = cities(players=3, cities=["C04", "C09", "C14"],
                   seats=[{"purchased": cards}, {"purchased": other}])
    act(state, "take white blue green", "city C09")
    assert [c.id for c in state.cities] == ["C04", "C14"]
    assert state.players[0].city is not None and state.players[0].city.id == "C09"
    act(state, "take white blue green")  # seat 1
    assert state.players[1].city is not None and state.players[1].city.id == "C04"
    assert [c.id for c in state.cities] == ["C14"]
    assert not state.is_over()
    check_module_invariants(state)
    with pytest.raises(PositionError, match="one city per player"):
        cities(cities=["C04", "C14"], phase=Phase.CITY,
               seats=[{"purchased": cards, "city": "C09"}])


def test_a_city_taken_finishes_the_round_then_the_game_ends() -> None:
    state = cities(players=3, cities=["C04", *OUT_OF_REACH],
                   seats=[{"purchased": WHITE4_13 + RED3}])
    act(state, "take white blue green")
    assert state.final_round and not state.is_over()
    act(state, "take white blue green")  # seat 1
    assert not state.is_over()
    act(state, "take red black white")  # seat 2 closes the round
    assert state.is_over() and state.end_reason == "city"
    assert state.turns == 3
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.reason == "city"
    check_module_invariants(state)
    # taken by the seat that closes the round: the game ends at once
    state = cities(players=3, current=2, turns=2, cities=["C04", *OUT_OF_REACH],
                   seats=[{}, {}, {"purchased": WHITE4_13 + RED3}])
    act(state, "take white blue green")
    assert state.is_over() and state.outcome().winners == (2,)


def test_reaching_fifteen_points_ends_nothing() -> None:
    cards = ["L3-16", "L3-20", "L3-19", "L3-15"]  # 18 points, 2 red 2 black
    state = cities(cities=["C01", "C02", "C06"], seats=[{"purchased": cards}])
    assert state.players[0].points == 18 and not state.final_round
    for text in ["take white blue green", "take white blue green",
                 "take red black white", "take red black blue"]:
        act(state, text)
    assert not state.final_round and not state.is_over() and state.round == 3
    check_module_invariants(state)
    with pytest.raises(PositionError, match="holding a city"):
        cities(cities=["C01", "C02", "C06"], final_round=True, seats=[{"purchased": cards}])


def test_only_a_player_holding_a_city_can_win() -> None:
    many = ["L3-16", "L3-20", "L3-19", "L3-15"]  # 18 points, no city
    state = cities(cities=["C13", "C01"], current=1, turns=1,
                   seats=[{"purchased": WHITE4_13 + RED3, "city": "C04"},
                          {"purchased": many}])
    assert state.final_round
    act(state, "take white blue green")
    assert state.is_over()
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.points == (13, 18)


def _two_holders(extra: list[str]) -> ExpansionState:
    red_black = ["L3-20", "L3-19", "L3-18", "L1-25", "L1-26", "L1-27", "L1-28"]  # 13 points
    return cities(cities=["C14"], current=1, turns=1,
                  seats=[{"purchased": [*WHITE4_13, "L1-29", "L1-30", "L1-31", *extra],
                          "city": "C04"},
                         {"purchased": red_black, "city": "C09"}])


def test_a_tie_between_city_holders_goes_to_fewer_cards_then_is_shared() -> None:
    state = _two_holders(["L1-32"])  # seat 0: 14 points
    act(state, "take white blue green")
    assert state.outcome().winners == (0,) and state.outcome().tie_break is None
    state = _two_holders(["L1-36"])  # 13 points each, 8 cards against 7
    act(state, "take white blue green")
    outcome = state.outcome()
    assert outcome.points == (13, 13) and outcome.cards == (8, 7)
    assert outcome.winners == (1,) and outcome.tie_break == "fewest_cards"
    state = _two_holders([])  # 13 points, 7 cards each
    act(state, "take white blue green")
    assert state.outcome().winners == (0, 1) and state.outcome().tie_break == "shared"


def test_nobody_holding_a_city_means_nobody_wins() -> None:
    stuck = ["L3-01", "L3-02", "L3-03"]
    state = cities(current=1, turns=1, passes=1, bank={"gold": 5}, partial=True,
                   cities=["C01", "C02", "C03"],
                   seats=[{"reserved": stuck}, {"reserved": ["L3-05", "L3-06", "L3-07"]}])
    assert legal_texts(state) == ["pass"]
    act(state, "pass")
    assert state.is_over() and state.end_reason == "all_passed"
    outcome = state.outcome()
    assert outcome.winners == () and outcome.reason == "all_passed"


def test_no_noble_visits_in_the_cities() -> None:
    with pytest.raises(PositionError, match="no nobles"):
        cities(nobles=["N01", "N02", "N03"])
    state = cities(seats=[{"purchased": [*WHITE4_9, "L1-09", "L1-10", "L1-11", "L1-12"]}])
    act(state, "take white blue green")  # 4 white 4 blue would bring N01 in the base game
    assert state.players[0].nobles == [] and state.phase is Phase.MAIN
    assert state.why_illegal(ChooseNoble("N01")) is not None


def test_the_city_comes_at_the_end_of_the_turn_after_the_tokens_returned() -> None:
    ten = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}
    state = cities(cities=["C04", *OUT_OF_REACH],
                   seats=[{"purchased": WHITE4_13 + RED3, "tokens": ten}])
    act(state, "take white blue green")
    assert state.phase is Phase.RETURN and state.players[0].city is None
    act(state, "return white blue green")
    assert state.players[0].city is not None and state.current == 1
