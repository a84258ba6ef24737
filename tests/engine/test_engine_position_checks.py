"""build_position refuses inconsistent positions with a message saying what is wrong,
and builds return and noble decisions and a streak of passes."""

from __future__ import annotations

from typing import Any

import pytest

from splendor.engine import (
    ChooseNoble,
    GameState,
    Pass,
    Phase,
    PositionError,
    Return,
    build_position,
    parse_action,
)
from splendor.gamedata import base_game
from tests.invariants import check_invariants

DATA = base_game()
WHITE_BLUE_BLACK = ["L1-04", "L1-05", "L1-06", "L1-07", "L1-12", "L1-13", "L1-14", "L1-15",
                    "L1-33", "L1-34", "L1-35", "L1-36"]  # 4 white, 4 blue, 4 black bonuses
FIFTEEN = ["L3-12", "L3-16", "L3-20"]  # 15 points
TEN_TOKENS = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}


def position(**kwargs: Any) -> GameState:
    return build_position(DATA, kwargs.pop("players", 2), **kwargs)


REFUSED: list[tuple[str, dict[str, Any], list[str]]] = [
    # (case, build_position arguments, words of the message)
    ("card in the wrong market row", {"market": {1: ["L2-01"]}},
     ["L2-01", "level-2 card", "level-1 market"]),
    ("card in the wrong deck", {"decks": {2: ["L1-01"]}, "partial": True},
     ["L1-01", "level-1 card", "level-2 deck"]),
    ("a deck for one level drops the rest", {"decks": {1: ["L1-05", "L1-06"]}},
     ["level-1 deck", "38 level-1 card(s) nowhere", "partial=True"]),
    ("four reserved cards", {"seats": [{"reserved": ["L1-01", "L1-02", "L1-03", "L1-04"]}]},
     ["seat 0", "4 reserved cards", "limit is 3"]),
    ("more than ten tokens", {"seats": [{"tokens": {**TEN_TOKENS, "gold": 1}}]},
     ["seat 0", "11 tokens", "limit is 10"]),
    ("the other seat above ten in a return", {
        "phase": Phase.RETURN, "seats": [{"tokens": {**TEN_TOKENS, "gold": 1}},
                                         {"tokens": {"gold": 4, "white": 2, "blue": 2,
                                                     "green": 2, "red": 1}}]},
     ["seat 1", "11 tokens"]),
    ("a held noble never dealt", {"nobles": ["N01", "N02", "N03"],
                                  "seats": [{"nobles": ["N05"]}]},
     ["seat 0", "N05", "not dealt", "N01, N02, N03"]),
    ("a noble held twice", {"seats": [{"nobles": ["N01"]}, {"nobles": ["N01"]}]},
     ["N01", "held twice"]),
    ("an unknown noble", {"seats": [{"nobles": ["N99"]}]}, ["unknown noble", "N99"]),
    ("a card in two places", {"market": {1: ["L1-01"]}, "seats": [{"reserved": ["L1-01"]}]},
     ["L1-01", "placed twice", "seat 0's reserved cards", "level-1 market"]),
    ("a card bought twice", {"seats": [{"purchased": ["L1-09"]}, {"purchased": ["L1-09"]}]},
     ["L1-09", "placed twice"]),
    ("an unknown card", {"seats": [{"purchased": ["L9-01"]}]}, ["unknown card", "L9-01"]),
    ("tokens the supply does not have", {"seats": [{"tokens": {"red": 3}},
                                                   {"tokens": {"red": 2}}]},
     ["5 red", "supply has only 4"]),
    ("a bank that loses tokens", {"bank": {"white": 4, "blue": 4, "green": 4, "red": 4,
                                           "black": 3, "gold": 5}},
     ["black", "bank 3 + players 0 = 3", "supply is 4", "partial=True"]),
    ("a bank that invents tokens", {"bank": {"gold": 5, "white": 4}, "partial": True,
                                    "seats": [{"tokens": {"white": 1}}]},
     ["white", "= 5", "supply is 4"]),
    ("an unknown seat field", {"seats": [{"token": {"red": 1}}]},
     ["seat 0", "unknown field", "'token'", "tokens"]),
    ("an unknown colour", {"seats": [{"tokens": {"purple": 1}}]}, ["seat 0", "purple"]),
    ("a fractional token count", {"seats": [{"tokens": {"red": 1.5}}]},
     ["red", "whole number"]),
    ("a negative token count", {"seats": [{"tokens": {"red": -1}}]}, ["red", "whole number"]),
    ("an unknown level", {"market": {4: ["L1-01"]}}, ["market", "no level 4"]),
    ("too many market cards", {"market": {1: ["L1-01", "L1-02", "L1-03", "L1-04", "L1-05"]}},
     ["only 4 market slots"]),
    ("an empty slot over a full deck", {"market": {1: ["L1-01", None, "L1-03", "L1-04"]}},
     ["empty level-1 market slot", "deck still holds cards"]),
    ("turns that put another seat to play", {"current": 1, "turns": 4},
     ["after 4 turns", "seat 0 plays, not seat 1"]),
    ("a seat not in the game", {"current": 2}, ["current", "seat 2"]),
    ("a pass streak as long as the table", {"passes": 2}, ["passes", "game is over"]),
    ("a final round nobody started", {"final_round": True}, ["final round", "15 points"]),
    ("a target reached without a final round", {
        "current": 1, "final_round": False, "seats": [{"purchased": FIFTEEN}]},
     ["seat 0 has 15 points", "final round has begun"]),
    ("a final round that should have ended", {
        "current": 0, "turns": 2, "seats": [{}, {"purchased": FIFTEEN}]},
     ["final round ended", "game would be over"]),
    ("a return with nothing to return", {"phase": Phase.RETURN}, ["11 to 13 tokens", "not 0"]),
    ("a return beyond what one action brings", {
        "phase": Phase.RETURN, "seats": [{"tokens": {"white": 4, "blue": 4, "green": 4,
                                                     "gold": 2}}]},
     ["11 to 13 tokens", "not 14"]),
    ("a noble choice with one noble", {"phase": Phase.NOBLE, "nobles": ["N01", "N03", "N04"],
                                       "seats": [{"purchased": WHITE_BLUE_BLACK}]},
     ["two or more nobles", "not 1"]),
    ("a finished game", {"phase": Phase.OVER}, ["phase", "play on to reach the end"]),
    ("seats that are no list", {"seats": 3}, ["seats", "list of seat descriptions"]),
    ("nobles that are no ids", {"nobles": ["N01", None]}, ["nobles", "list of noble ids"]),
    ("a market that is no mapping", {"market": ["L1-01"]}, ["market", "by level"]),
    ("a market row that is no list", {"market": {1: None}}, ["market", "level 1", "list"]),
    ("a blind card that is no id", {"seats": [{"reserved": ["L2-07"], "blind": [["L2-07"]]}]},
     ["seat 0", "blind card"]),
    ("a seat's noble that is no id", {"seats": [{"nobles": [{}]}]}, ["seat 0", "unknown noble"]),
    ("a deck that is no list", {"decks": {2: 7}, "partial": True}, ["decks", "level 2"]),
]


@pytest.mark.parametrize(("args", "words"), [case[1:] for case in REFUSED],
                         ids=[case[0] for case in REFUSED])
def test_an_inconsistent_position_is_refused_with_a_clear_message(
    args: dict[str, Any], words: list[str]
) -> None:
    with pytest.raises(PositionError) as info:
        position(**args)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"


def test_partial_positions_leave_out_exactly_what_they_say() -> None:
    state = position(market={1: ["L1-01", "L1-02", "L1-03", "L1-04"]},
                     decks={1: ["L1-05", "L1-06"]}, bank={"white": 1, "gold": 5}, partial=True)
    assert state.deck_sizes()[0] == 2 and state.deck_sizes()[1:] == (26, 16)
    assert state.bank == [1, 0, 0, 0, 0, 5]
    state.apply(parse_action("reserve L1-02"))
    assert [c.id if c else None for c in state.market[:4]] == ["L1-01", "L1-05", "L1-03", "L1-04"]


def test_consistent_positions_keep_every_invariant() -> None:
    built = [
        position(),
        position(players=4, current=3, first_player=1, turns=6,
                 seats=[{"tokens": {"red": 2}, "reserved": ["L2-07"], "blind": ["L2-07"]},
                        {"purchased": ["L1-01", "L3-02"], "tokens": {"gold": 1}}]),
        position(current=1, market={1: ["L1-10", "L1-11", "L1-12", "L1-13"]},
                 decks={1: [c.id for c in DATA.level_cards(1)
                            if c.id not in {"L1-10", "L1-11", "L1-12", "L1-13"}]},
                 seats=[{"purchased": FIFTEEN}]),
    ]
    for state in built:
        check_invariants(state)
    assert built[2].final_round, "seat 0 has 15 points: the final round is on"


# ------------------------------------------------------------------ new capabilities


def test_a_return_decision_can_be_built_and_played() -> None:
    state = position(phase=Phase.RETURN,
                     seats=[{"tokens": {"white": 3, "blue": 3, "green": 3, "red": 3}}])
    check_invariants(state)
    assert state.phase is Phase.RETURN and state.current == 0
    assert state.excess_tokens() == 2
    legal = state.legal_actions()
    assert legal and all(isinstance(a, Return) and sum(a.tokens) == 2 for a in legal)
    assert len(legal) == 10  # two of four colours, or a pair of one: C(4, 2) + 4
    state.apply(Return((1, 0, 0, 1, 0, 0)))
    assert state.phase is Phase.MAIN and state.current == 1
    assert state.players[0].tokens == [2, 3, 3, 2, 0, 0]
    check_invariants(state)


def test_a_noble_decision_can_be_built_and_played() -> None:
    state = position(phase=Phase.NOBLE, nobles=["N01", "N03", "N07"],
                     seats=[{"purchased": WHITE_BLUE_BLACK}])
    check_invariants(state)
    assert [n.id for n in state.noble_candidates()] == ["N01", "N07"]
    assert state.legal_actions() == (ChooseNoble("N01"), ChooseNoble("N07"))
    state.apply(ChooseNoble("N07"))
    assert [n.id for n in state.players[0].nobles] == ["N07"]
    assert state.players[0].points == 3 + sum(DATA.card_by_id[i].points for i in WHITE_BLUE_BLACK)
    assert state.current == 1 and state.phase is Phase.MAIN
    check_invariants(state)


def test_a_pass_streak_can_be_built_and_ends_the_game_when_it_goes_round() -> None:
    stuck = {"reserved": ["L3-05", "L3-06", "L3-07"]}
    state = position(players=3, current=2, passes=2, bank={"gold": 5}, partial=True,
                     seats=[{"reserved": ["L3-09", "L3-10", "L3-11"]},
                            {"reserved": ["L3-13", "L3-14", "L3-15"]}, stuck])
    assert state.passes_in_row == 2
    assert state.legal_actions() == (Pass(),)
    state.apply(Pass())
    assert state.is_over() and state.outcome().reason == "all_passed"
    fresh = position(players=3, current=2, bank={"gold": 5}, partial=True,
                     seats=[{}, {}, stuck])
    fresh.apply(Pass())
    assert not fresh.is_over(), "without the streak one pass does not end the game"
