"""build_position with a module: the module's pieces are placed where they belong, an
inconsistent description is refused with a message saying what is wrong, and the
end-of-turn choices of the modules can be built and played."""

from __future__ import annotations

from typing import Any

import pytest

from splendor.engine import Phase, PositionError, build_position
from tests.engine.modules.support import DATA, act, check_module_invariants, position

WHITE4_13_RED3 = ["L3-04", "L3-03", "L3-02", "L1-01", "L1-25", "L1-26", "L1-27"]

REFUSED: list[tuple[str, str | None, dict[str, Any], list[str]]] = [
    # (case, module, build_position arguments, words of the message)
    ("an unknown module", "sea", {}, ["unknown module 'sea'", "trading-posts"]),
    ("cities in the base game", None, {"cities": ["C01", "C02", "C03"]},
     ["cities", "only a game with the cities module", "the base game"]),
    ("strongholds with the Orient", "orient", {"holds": {"L1-01": (0, 1)}},
     ["holds", "strongholds module", "this game: orient"]),
    ("an Orient market with the Cities", "cities", {"orient_market": {1: ["O1-01"]}},
     ["orient_market", "orient module"]),
    ("a box in the base game", None, {"box": ["L1-01"]}, ["box", "orient module"]),
    ("a module's seat field in another module", "orient", {"seats": [{"posts": [1]}]},
     ["seat 0", "'posts' belongs to the trading-posts module", "this game: orient"]),
    ("a city in the base game", None, {"seats": [{"city": "C01"}]},
     ["'city' belongs to the cities module", "the base game"]),
    ("an unknown seat field", "cities", {"seats": [{"coats": [1]}]},
     ["unknown field", "'coats'", "city"]),
    ("nobles with the Cities", "cities", {"nobles": ["N01", "N02", "N03"]},
     ["nobles", "the Cities deal no nobles"]),
    ("an unknown city", "cities", {"cities": ["C99", "C01", "C02"]}, ["unknown city 'C99'"]),
    ("too few cities", "cities", {"cities": ["C01", "C02"]},
     ["on the table (2)", "held (0)", "3 cities dealt"]),
    ("a city on the table and held", "cities", {
        "cities": ["C04", "C01", "C02"], "seats": [{"purchased": WHITE4_13_RED3, "city": "C04"}]},
     ["city C04", "both on the table and held"]),
    ("a city held by two seats", "cities", {"seats": [{"city": "C14"}, {"city": "C14"}]},
     ["city C14", "held by two seats"]),
    ("a city held without meeting it", "cities", {"seats": [{"city": "C04"}]},
     ["seat 0 holds city C04 without meeting it", "13 points", "4 white, 3 red"]),
    ("a city without the final round", "cities", {
        "final_round": False, "seats": [{"purchased": WHITE4_13_RED3, "city": "C04"}]},
     ["seat 0 holds a city", "final round has begun"]),
    ("a final round without a city", "cities", {"final_round": True},
     ["final round needs a seat holding a city"]),
    ("a post twice", "trading-posts", {"seats": [{"purchased": ["L1-01", "L1-02"],
                                                  "posts": [2, 2]}]},
     ["one coat of arms per post", "post 2 twice"]),
    ("a post held without meeting it", "trading-posts", {"seats": [{"posts": [5]}]},
     ["seat 0 holds post 5 without meeting it", "3 black"]),
    ("no such post", "trading-posts", {"seats": [{"posts": [0]}]}, ["no trading post 0"]),
    ("a pairing of a card without the ability", "orient", {
        "seats": [{"purchased": ["L1-01", "L1-02"], "pairs": {"L1-01": "L1-02"}}]},
     ["L1-01 has no pairing ability"]),
    ("a partner not owned", "orient", {
        "seats": [{"purchased": ["O1-06"], "pairs": {"O1-06": "L1-02"}}]},
     ["pairs O1-06 -> L1-02", "'L1-02' is not among the seat's purchased cards"]),
    ("pairs not a mapping", "orient", {"seats": [{"pairs": ["O1-06"]}]},
     ["'pairs' maps an Orient card to its partner"]),
    ("a double gold that is none", "orient", {"seats": [{"doubles": ["O1-06"]}]},
     ["O1-06 is no double gold"]),
    ("a kept noble never dealt", "orient", {"nobles": ["N01", "N02", "N03"],
                                            "seats": [{"kept_nobles": ["N05"]}]},
     ["seat 0 keeps noble N05", "not dealt"]),
    ("a noble kept and visited", "orient", {
        "seats": [{"kept_nobles": ["N01"]}, {"nobles": ["N01"]}]}, ["N01", "held twice"]),
    ("a card in the box and bought", "orient", {
        "seats": [{"purchased": ["L1-33"]}], "box": ["L1-33"]}, ["L1-33", "placed twice"]),
    ("an Orient card in the wrong deck", "orient", {"orient_decks": {1: ["O2-01"]},
                                                    "partial": True},
     ["O2-01 is a level-2 card", "level-1 Orient deck"]),
    ("an Orient deck dropping cards", "orient", {"orient_decks": {1: ["O1-01"]}},
     ["level-1 Orient deck given leaves 9", "partial=True"]),
    ("too many Orient market cards", "orient", {"orient_market": {1: ["O1-01", "O1-02",
                                                                      "O1-03"]}},
     ["only 2 Orient market slots"]),
    ("an empty Orient slot over a full deck", "orient", {"orient_market": {2: [None]}},
     ["empty level-2 Orient market slot", "deck still holds cards"]),
    ("an Orient market level that is not", "orient", {"orient_market": {4: []}},
     ["orient_market: no level 4"]),
    ("no stronghold at all", "strongholds", {"holds": {"L1-01": (0, 0)}},
     ["L1-01", "1 to 3 strongholds, not 0"]),
    ("a stronghold of nobody", "strongholds", {"holds": {"L1-01": (2, 1)}},
     ["seat 2 is not in this game"]),
    ("a stronghold without its seat", "strongholds", {"holds": {"L1-01": 1}},
     ["needs (seat, count)"]),
    ("a step inside an action", "orient", {"phase": Phase.PAIR},
     ["phase pair", "build the position before that action and apply it"]),
    ("another module's choice", "orient", {"phase": Phase.POST},
     ["phase post", "trading-posts module", "this game: orient"]),
    ("a post choice with one post", "trading-posts", {
        "phase": Phase.POST, "seats": [{"purchased": ["L1-01", "L1-02"]}]},
     ["two or more posts", "not 1"]),
    ("a city choice with one city", "cities", {
        "phase": Phase.CITY, "cities": ["C04", "C13", "C14"],
        "seats": [{"purchased": WHITE4_13_RED3}]},
     ["two or more cities", "not 1"]),
]


@pytest.mark.parametrize(("module", "args", "words"), [case[1:] for case in REFUSED],
                         ids=[case[0] for case in REFUSED])
def test_an_inconsistent_module_position_is_refused_with_a_clear_message(
        module: str | None, args: dict[str, Any], words: list[str]) -> None:
    with pytest.raises(PositionError) as info:
        build_position(DATA, args.pop("players", 2), module=module, **args)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"


def test_consistent_module_positions_keep_every_invariant() -> None:
    built = [
        position("cities", players=3, current=2, turns=5, cities=["C13", "C14"],
                 seats=[{"purchased": WHITE4_13_RED3, "city": "C04"}]),
        position("trading-posts", seats=[{"purchased": ["L1-01", "L1-02", "L1-33", "L1-34",
                                                        "L1-35"], "posts": [5, 2]}]),
        position("orient", nobles=["N01", "N02", "N03"], box=["O1-05", "L1-36"],
                 orient_market={1: ["O1-06", None], 2: ["O2-01", "O2-05"]},
                 orient_decks={1: []}, partial=True,
                 seats=[{"purchased": ["L1-33", "O1-07", "O2-07"], "pairs": {"O1-07": "L1-33"},
                         "doubles": ["O1-01"], "kept_nobles": ["N02"],
                         "reserved": ["O3-01"], "blind": ["O3-01"]}]),
        position("strongholds", players=4, holds={"L1-01": (0, 3), "L2-02": (3, 1)}),
    ]
    for state in built[:2] + built[3:]:
        check_module_invariants(state)
    cities, posts, orient, strongholds = built
    assert cities.final_round and cities.players[0].points == 13
    assert posts.players[0].points == 2 and posts.players[0].posts == [5, 2]
    p = orient.players[0]
    assert p.bonuses == [0, 0, 0, 0, 4] and p.pairs == {"O1-07": 4}
    assert [n.id for n in orient.nobles] == ["N01", "N03"]
    assert orient.orient_deck_sizes() == (0, 7, 7)
    assert [c.id for c in orient.box] == ["O1-05", "L1-36"]
    assert [strongholds.supply(s) for s in range(4)] == [0, 3, 3, 2]


def test_a_post_choice_can_be_built_and_played() -> None:
    state = position("trading-posts", phase=Phase.POST,
                     seats=[{"purchased": ["L1-01", "L1-02", "L1-33", "L1-34", "L1-35"]}])
    check_module_invariants(state)
    assert [a.text() for a in state.legal_actions()] == ["post 2", "post 5"]
    act(state, "post 2")
    assert state.players[0].posts == [2] and state.current == 1


def test_a_city_choice_can_be_built_and_played() -> None:
    cards = ["L3-04", "L3-03", "L1-01", "L1-02", "L3-16", "L1-25", "L1-26", "L1-27",
             "L1-33", "L1-34", "L1-35"]
    state = position("cities", phase=Phase.CITY, cities=["C04", "C09", "C14"],
                     seats=[{"purchased": cards}])
    check_module_invariants(state)
    act(state, "city C04")
    assert state.final_round and state.current == 1
    assert [c.id for c in state.cities] == ["C09", "C14"]


def test_a_module_return_or_noble_choice_goes_on_with_the_module_steps() -> None:
    # after the return, the noble visit, then the post
    state = position("trading-posts", phase=Phase.RETURN, nobles=["N01", "N02", "N03"],
                     seats=[{"purchased": ["L1-01", "L1-02"],
                             "tokens": {"white": 3, "blue": 3, "green": 3, "red": 2}}])
    act(state, "return red")
    assert state.players[0].posts == [2] and state.current == 1
    white4_blue4_black4 = ["L1-01", "L1-02", "L1-03", "L1-04", "L1-09", "L1-10", "L1-11",
                           "L1-12", "L1-33", "L1-34", "L1-35", "L1-36"]
    state = position("trading-posts", phase=Phase.NOBLE, nobles=["N01", "N02", "N03"],
                     seats=[{"purchased": white4_blue4_black4}])
    act(state, "noble N02")
    # posts 2, 3 and 5 qualify: the choice of one comes after the noble
    assert state.phase is Phase.POST and [p.id for p in state.choices()] == [2, 3, 5]
    act(state, "post 3")
    assert state.players[0].points == 3 and state.current == 1


def test_a_game_plays_one_module_at_most() -> None:
    from splendor.engine.state import new_game

    for name in ("cities+orient", "base", "Orient"):
        with pytest.raises(ValueError, match="unknown module") as info:
            new_game(DATA, 2, 1, module=name)
        assert "cities, trading-posts, orient, strongholds" in str(info.value)
    for module in ("cities", "trading-posts", "orient", "strongholds"):
        state = new_game(DATA, 2, 1, module=module)
        assert state.setup.module == module
        assert bool(state.setup.cities) == (module == "cities")
        assert bool(state.setup.orient_decks) == (module == "orient")
