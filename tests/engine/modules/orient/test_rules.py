"""The Orient (RULES_CITIES.md, "The Orient"): one scenario per ruling, each from a position
built for it.

Orient cards used (levels_data/orient.yaml): O1-01..05 double golds (3 of one colour);
O1-06 pair (3 white 2 red); O2-01 pair and take a level-1 card (4 white 3 blue 1 black);
O2-05 two green bonuses (4 white 3 red); O2-07 two black bonuses; O2-08 keep a noble (white,
1 point; 2 blue 2 green 2 red 2 black); O3-01 take a level-2 card (white; 1 white 6 blue 3
green); O3-06 sacrifice (white, 3 points; two black bonuses given up)."""

from __future__ import annotations

import pytest

from splendor.engine import GOLD, Buy, Phase, PositionError, observe
from splendor.engine.actions import ReserveDeck
from splendor.engine.expansion import ExpansionState
from splendor.engine.state import new_game
from splendor.engine.view import HiddenCard
from tests.engine.modules.support import (
    DATA,
    act,
    check_module_invariants,
    ids,
    legal_texts,
    market_ids,
    of_kind,
    position,
)

BASE_SLOTS = 12  # the Orient rows follow the 12 base slots: level 1 at 12-13, 2 at 14-15...


def orient(**kwargs: object) -> ExpansionState:
    return position("orient", **kwargs)


def refusal_code(state: ExpansionState, text: str) -> str | None:
    from splendor.engine import parse_action

    refusal = state.why_illegal(parse_action(text))
    return refusal.code if refusal is not None else None


# ------------------------------------------------------------------ the market


def test_setup_shows_two_orient_cards_per_level_beside_the_base_market() -> None:
    for players in (2, 3, 4):
        state = new_game(DATA, players, 9, module="orient")
        assert isinstance(state, ExpansionState)
        base, rows = state.market_rows()
        assert len(base) == 12 and all(c is not None and not c.orient for c in base)
        assert [c.level for c in rows if c is not None] == [1, 1, 2, 2, 3, 3]
        assert all(c is not None and c.orient for c in rows)
        assert state.orient_deck_sizes() == (8, 8, 8)
        assert state.deck_sizes() == (36, 26, 16)
        check_module_invariants(state)


def test_an_orient_card_taken_is_replaced_from_its_own_deck() -> None:
    state = orient(orient_market={1: ["O1-06", "O1-07"]})
    top = state.decks[3][-1].id  # the level-1 Orient deck
    assert top == "O1-01"
    act(state, "reserve O1-06")
    assert ids(state.market_rows()[1][:2]) == ["O1-01", "O1-07"]
    assert state.deck_sizes() == (36, 26, 16) and state.orient_deck_sizes() == (7, 8, 8)
    assert state.players[0].tokens[GOLD] == 1
    check_module_invariants(state)


def test_an_orient_card_can_be_reserved_blind_from_its_deck() -> None:
    state = orient()
    top = state.decks[4][-1]  # the level-2 Orient deck
    act(state, "reserve orient 2")
    p = state.players[0]
    assert p.reserved == [top] and p.blind == {top.id} and p.tokens[GOLD] == 1
    assert state.orient_deck_sizes() == (8, 7, 8)
    assert observe(state, 1).players[0].reserved == (HiddenCard(2, orient=True),)
    assert observe(state, 0).players[0].reserved == (top,)
    check_module_invariants(state)


def test_the_three_card_limit_counts_base_and_orient_cards() -> None:
    state = orient(seats=[{"reserved": ["L1-01", "O1-06", "O2-03"], "blind": ["O2-03"]}])
    assert of_kind(state, "reserve") == [] and of_kind(state, "reserve_deck") == []
    assert refusal_code(state, "reserve orient 1") == "reserve_limit"
    assert refusal_code(state, "reserve O1-07") == "reserve_limit"
    state = orient(seats=[{"reserved": ["L1-01", "O1-06"]}])
    assert len(of_kind(state, "reserve_deck")) == 6  # three base decks, three Orient decks


def test_an_orient_card_is_bought_from_the_market_or_the_reserve() -> None:
    state = orient(orient_market={2: ["O2-05", "O2-04"]},
                   seats=[{"tokens": {"white": 4, "red": 3}, "reserved": ["O2-07"]}])
    act(state, "buy O2-05")
    assert [c.id for c in state.players[0].purchased] == ["O2-05"]
    assert ids(state.market_rows()[1][2:4])[1] == "O2-04"
    state = orient(seats=[{"tokens": {"blue": 3, "red": 4}, "reserved": ["O2-07"]}])
    act(state, "buy O2-07")
    assert state.players[0].reserved == [] and state.players[0].bonuses[4] == 2


# ------------------------------------------------------------------ double golds


def test_a_double_gold_is_kept_aside_not_bought_as_a_bonus() -> None:
    state = orient(orient_market={1: ["O1-01", "O1-02"]}, seats=[{"tokens": {"white": 3}}])
    act(state, "buy O1-01")
    p = state.players[0]
    assert [c.id for c in p.doubles] == ["O1-01"]
    assert p.purchased == [] and p.bonuses == [0] * 5 and p.points == 0
    assert p.tokens == [0] * 6  # it is no token
    check_module_invariants(state)


def test_a_double_gold_pays_two_tokens_once_then_leaves_the_game() -> None:
    # L1-25 costs 3 white: one white token and a double gold pay it
    state = orient(market={1: ["L1-25"]},
                   seats=[{"tokens": {"white": 1}, "doubles": ["O1-02", "O1-03"]}])
    assert "buy L1-25" not in legal_texts(state)
    assert of_kind(state, "buy").count("buy L1-25 doubles 1") == 1
    assert "buy L1-25 doubles 2" in legal_texts(state)  # or both, keeping the white
    assert refusal_code(state, "buy L1-25 doubles 1 pay white") is None
    assert refusal_code(state, "buy L1-25 doubles 1 pay nothing") == "gold_exactly"
    assert refusal_code(state, "buy L1-25 doubles 3") == "doubles_held"
    act(state, "buy L1-25 doubles 1")
    p = state.players[0]
    assert p.tokens == [0] * 6 and len(p.doubles) == 1
    assert [c.id for c in state.box] == ["O1-03"]
    assert [c.id for c in p.purchased] == ["L1-25"]
    check_module_invariants(state)


def test_the_unused_part_of_a_double_gold_is_lost() -> None:
    # L1-23 costs 3 red; two red bonuses leave one to pay: the double gold pays it alone
    state = orient(market={1: ["L1-23"]},
                   seats=[{"purchased": ["L1-25", "L1-26"], "doubles": ["O1-04", "O1-05"]}])
    assert of_kind(state, "buy")[:1] == ["buy L1-23 doubles 1"]
    assert "buy L1-23 doubles 2" not in legal_texts(state)
    assert refusal_code(state, "buy L1-23 doubles 2") == "doubles_unused"
    act(state, "buy L1-23 doubles 1")
    assert len(state.players[0].doubles) == 1 and len(state.box) == 1
    check_module_invariants(state)


def test_double_golds_do_not_count_toward_ten_tokens() -> None:
    nine = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1}
    state = orient(seats=[{"tokens": nine, "doubles": ["O1-01", "O1-02", "O1-03"]}])
    act(state, "reserve L1-01")
    assert sum(state.players[0].tokens) == 10
    assert state.phase is Phase.MAIN and state.current == 1


# ------------------------------------------------------------------ pairing


def test_a_pairing_card_needs_a_card_with_a_bonus() -> None:
    state = orient(orient_market={1: ["O1-06", "O1-07"]},
                   seats=[{"tokens": {"white": 3, "red": 2}}])
    assert "buy O1-06" not in legal_texts(state)
    assert refusal_code(state, "buy O1-06") == "pair_needs_card"
    # a paired card gives no gem bonus of its own to pair with
    state = orient(orient_market={1: ["O1-07", "O1-08"]},
                   seats=[{"tokens": {"white": 2, "black": 3},
                           "purchased": ["O1-06", "L1-25"], "pairs": {"O1-06": "L1-25"}}])
    act(state, "buy O1-07")
    assert legal_texts(state) == ["pair L1-25"]


def test_a_paired_card_gives_one_bonus_of_its_partners_colour() -> None:
    seat = {"tokens": {"white": 3, "red": 2}, "purchased": ["L1-25", "O2-05"]}
    state = orient(orient_market={1: ["O1-06", "O1-07"]}, seats=[seat])
    act(state, "buy O1-06")
    assert state.phase is Phase.PAIR and state.step() == (Phase.PAIR, "O1-06")
    assert legal_texts(state) == ["pair L1-25", "pair O2-05"]
    assert state.market[BASE_SLOTS] is None, "the market refills after the step"
    check_module_invariants(state)
    assert refusal_code(state, "pair L1-26") == "not_offered"
    assert refusal_code(state, "take white blue green") == "pair_first"
    act(state, "pair O2-05")  # a double-bonus partner: still one bonus
    p = state.players[0]
    assert p.pairs == {"O1-06": 2} and p.partners == {"O1-06": "O2-05"}
    assert p.bonuses == [0, 0, 3, 1, 0]
    assert state.market[BASE_SLOTS] is not None
    check_module_invariants(state)


def test_pairing_then_a_free_level_one_card_whose_ability_applies() -> None:
    seat = {"tokens": {"white": 4, "blue": 3, "black": 1}, "purchased": ["L1-25"]}
    state = orient(market={1: ["L1-01", "L1-02", "L1-03", "L1-04"]},
                   orient_market={1: ["O1-06", "O1-01"], 2: ["O2-01", "O2-03"]},
                   seats=[seat])
    act(state, "buy O2-01", "pair L1-25")
    assert state.phase is Phase.FREE and state.step() == (Phase.FREE, 1)
    # every face-up level-1 card, base or Orient; the bought card's slot is not refilled yet
    assert legal_texts(state) == ["free L1-01", "free L1-02", "free L1-03", "free L1-04",
                                  "free O1-06", "free O1-01"]
    assert state.market[BASE_SLOTS + 2] is None
    check_module_invariants(state)
    after = state.clone()
    act(after, "free L1-02")
    p = after.players[0]
    assert [c.id for c in p.purchased] == ["L1-25", "O2-01", "L1-02"]
    assert p.bonuses == [1, 0, 0, 2, 0] and p.tokens == [0] * 6
    assert after.market[BASE_SLOTS + 2] is not None and after.market[1] is not None
    assert after.phase is Phase.MAIN and after.current == 1
    # the free card's own ability: a pairing card asks for its partner in turn
    after = state.clone()
    act(after, "free O1-06")
    assert after.phase is Phase.PAIR and legal_texts(after) == ["pair L1-25"]
    act(after, "pair L1-25")
    assert after.players[0].bonuses == [0, 0, 0, 3, 0]
    check_module_invariants(after)
    # a double gold taken for free is kept aside
    after = state.clone()
    act(after, "free O1-01")
    assert [c.id for c in after.players[0].doubles] == ["O1-01"]


# ------------------------------------------------------------------ double bonus


def test_a_double_bonus_card_counts_two_for_nobles_too() -> None:
    seat = {"tokens": {"white": 4, "red": 3},
            "purchased": ["L1-17", "L1-18", "L1-25", "L1-26", "L1-27", "L1-28"]}
    state = orient(nobles=["N04", "N01", "N02"], orient_market={2: ["O2-05", "O2-04"]},
                   seats=[seat])
    act(state, "buy O2-05")
    p = state.players[0]
    assert p.bonuses == [0, 0, 4, 4, 0]
    assert [n.id for n in p.nobles] == ["N04"] and p.points == 3
    check_module_invariants(state)


# ------------------------------------------------------------------ keeping a noble


def test_a_noble_kept_aside_visits_only_its_keeper() -> None:
    cost = {"blue": 2, "green": 2, "red": 2, "black": 2}
    state = orient(nobles=["N01", "N02", "N03"], orient_market={2: ["O2-08", "O2-09"]},
                   seats=[{"tokens": cost}])
    act(state, "buy O2-08")
    assert state.phase is Phase.KEEP_NOBLE
    assert legal_texts(state) == ["reserve noble N01", "reserve noble N02", "reserve noble N03"]
    act(state, "reserve noble N02")
    p = state.players[0]
    assert [n.id for n in p.kept_nobles] == ["N02"] and [n.id for n in state.nobles] == [
        "N01", "N03"]
    assert p.tokens[GOLD] == 0 and state.bank[GOLD] == 5  # no gold with it
    assert p.points == 1
    check_module_invariants(state)


def test_another_player_meeting_a_kept_noble_is_not_visited() -> None:
    white4_black4 = ["L1-01", "L1-02", "L1-03", "L1-04", "L1-33", "L1-34", "L1-35", "L1-36"]
    state = orient(nobles=["N01", "N02", "N03"], current=1, turns=1,
                   seats=[{"kept_nobles": ["N02"]}, {"purchased": white4_black4}])
    act(state, "take white blue green")
    assert state.players[1].nobles == []
    # its keeper is visited when meeting it, at the end of a turn, as a normal visit
    act(state, "take white blue green")  # seat 0: not yet
    assert [n.id for n in state.players[0].kept_nobles] == ["N02"]
    state = orient(nobles=["N01", "N02", "N03"],
                   seats=[{"kept_nobles": ["N02"], "purchased": white4_black4}])
    act(state, "take white blue green")
    p = state.players[0]
    assert [n.id for n in p.nobles] == ["N02"] and p.kept_nobles == [] and p.points == 3
    check_module_invariants(state)


def test_a_kept_noble_is_one_of_the_choices_when_several_qualify() -> None:
    white4_blue4_black4 = ["L1-01", "L1-02", "L1-03", "L1-04", "L1-09", "L1-10", "L1-11",
                           "L1-12", "L1-33", "L1-34", "L1-35", "L1-36"]
    state = orient(nobles=["N01", "N02", "N03"],
                   seats=[{"kept_nobles": ["N02"], "purchased": white4_blue4_black4}])
    act(state, "take white blue green")
    assert state.phase is Phase.NOBLE
    assert legal_texts(state) == ["noble N01", "noble N02"]
    act(state, "noble N02")
    assert [n.id for n in state.players[0].nobles] == ["N02"]
    assert [n.id for n in state.nobles] == ["N01", "N03"]


def test_nobles_kept_aside_have_no_limit_and_need_a_noble_on_the_table() -> None:
    cost = {"blue": 2, "green": 2, "red": 2, "black": 2}
    state = orient(nobles=["N01", "N02", "N03"], orient_market={2: ["O2-08", "O2-09"]},
                   seats=[{"tokens": cost, "kept_nobles": ["N01", "N03"]}])
    act(state, "buy O2-08", "reserve noble N02")
    assert [n.id for n in state.players[0].kept_nobles] == ["N01", "N03", "N02"]
    assert state.nobles == []
    check_module_invariants(state)
    # with no noble left on the table the ability does nothing
    state = orient(nobles=["N01", "N02", "N03"], orient_market={2: ["O2-08", "O2-09"]},
                   seats=[{"tokens": cost, "kept_nobles": ["N01", "N02", "N03"]}])
    act(state, "buy O2-08")
    assert state.phase is Phase.MAIN and state.current == 1


# ------------------------------------------------------------------ a free level-2 card


def test_take_level_two_gives_a_face_up_level_two_card_whose_ability_applies() -> None:
    seat = {"tokens": {"white": 1, "blue": 2, "green": 3},
            "purchased": ["L1-09", "L1-10", "L1-11", "L1-12"]}
    state = orient(market={2: ["L2-01", "L2-02", "L2-03", "L2-04"]},
                   orient_market={2: ["O2-08", "O2-05"], 3: ["O3-01", "O3-02"]},
                   seats=[seat])
    act(state, "buy O3-01")
    assert state.phase is Phase.FREE and state.step() == (Phase.FREE, 2)
    assert legal_texts(state) == ["free L2-01", "free L2-02", "free L2-03", "free L2-04",
                                  "free O2-08", "free O2-05"]
    assert state.market[BASE_SLOTS + 4] is None  # O3-01's slot waits for the refill
    act(state, "free O2-08")
    assert state.phase is Phase.KEEP_NOBLE  # the free card's ability
    act(state, "reserve noble N01")
    p = state.players[0]
    assert [c.id for c in p.purchased] == ["L1-09", "L1-10", "L1-11", "L1-12", "O3-01",
                                            "O2-08"]
    assert p.bonuses == [2, 4, 0, 0, 0] and p.points == 1
    assert [n.id for n in p.kept_nobles] == ["N01"]
    # both slots refilled from their Orient decks once the steps are done
    assert None not in market_ids(state)
    check_module_invariants(state)


# ------------------------------------------------------------------ sacrifice


def test_a_sacrifice_is_paid_with_two_bonuses_of_its_colour() -> None:
    black3 = ["L1-33", "L1-34", "L1-35"]
    state = orient(orient_market={3: ["O3-06", "O3-07"]}, seats=[{"purchased": black3}])
    assert of_kind(state, "buy") == ["buy O3-06 discard L1-33 L1-34",
                                     "buy O3-06 discard L1-33 L1-35",
                                     "buy O3-06 discard L1-34 L1-35"]
    act(state, "buy O3-06 discard L1-33 L1-35")
    p = state.players[0]
    assert [c.id for c in p.purchased] == ["L1-34", "O3-06"]
    assert p.bonuses == [1, 0, 0, 0, 1] and p.points == 3
    assert sorted(c.id for c in state.box) == ["L1-33", "L1-35"]
    check_module_invariants(state)


def test_a_sacrifice_gives_up_the_points_and_bonuses_of_the_cards() -> None:
    state = orient(orient_market={3: ["O3-06", "O3-07"]},
                   seats=[{"purchased": ["L1-40", "L2-30", "L1-33"]}])  # 1 + 3 points
    assert state.players[0].points == 4
    act(state, "buy O3-06 discard L1-40 L2-30")
    assert state.players[0].points == 3 and state.players[0].bonuses == [1, 0, 0, 0, 1]


def test_a_paired_card_of_the_colour_goes_first() -> None:
    seat = {"purchased": ["L1-33", "L1-34", "L1-35", "O1-07"], "pairs": {"O1-07": "L1-33"}}
    state = orient(orient_market={3: ["O3-06", "O3-07"]}, seats=[seat])
    assert of_kind(state, "buy") == ["buy O3-06 discard L1-33 O1-07",
                                     "buy O3-06 discard L1-34 O1-07",
                                     "buy O3-06 discard L1-35 O1-07"]
    assert refusal_code(state, "buy O3-06 discard L1-34 L1-35") == "sacrifice_choice"
    act(state, "buy O3-06 discard L1-34 O1-07")
    p = state.players[0]
    assert p.pairs == {} and p.partners == {} and p.bonuses == [1, 0, 0, 0, 2]
    check_module_invariants(state)


def test_a_double_bonus_card_counts_two_in_a_sacrifice() -> None:
    state = orient(orient_market={3: ["O3-06", "O3-07"]},
                   seats=[{"purchased": ["L1-33", "O2-07"]}])
    assert of_kind(state, "buy") == ["buy O3-06 discard O2-07"]
    assert refusal_code(state, "buy O3-06 discard L1-33 O2-07") == "sacrifice_choice"
    act(state, "buy O3-06 discard O2-07")
    assert state.players[0].bonuses == [1, 0, 0, 0, 1]


def test_reserved_cards_cannot_be_sacrificed() -> None:
    state = orient(orient_market={3: ["O3-06", "O3-07"]},
                   seats=[{"purchased": ["L1-33"], "reserved": ["L1-34"]}])
    assert of_kind(state, "buy") == []
    assert refusal_code(state, "buy O3-06 discard L1-33 L1-34") == "sacrifice_short"
    assert refusal_code(state, "buy O3-06") == "sacrifice_short"


def test_a_sacrifice_costs_cards_not_tokens() -> None:
    state = orient(orient_market={3: ["O3-06", "O3-07"]},
                   seats=[{"purchased": ["L1-33", "L1-34"], "tokens": {"gold": 1}}])
    assert refusal_code(state, "buy O3-06 discard L1-33 L1-34 pay nothing") == "sacrifice_cards"
    assert refusal_code(state, "buy O3-06 doubles 1 discard L1-33 L1-34") == "sacrifice_cards"
    assert refusal_code(state, "buy L1-01 discard L1-33") is not None
    legal = state.legal_actions()
    assert Buy("O3-06", discard=("L1-33", "L1-34")) in legal


# ------------------------------------------------------------------ positions


def test_orient_positions_refuse_what_the_orient_cannot_produce() -> None:
    with pytest.raises(PositionError, match="double gold: it goes in 'doubles'"):
        orient(seats=[{"purchased": ["O1-01"]}])
    with pytest.raises(PositionError, match="O1-06 was bought, so it is paired"):
        orient(seats=[{"purchased": ["O1-06", "L1-01"]}])
    with pytest.raises(PositionError, match="gives no gem bonus"):
        orient(seats=[{"purchased": ["O1-06", "O1-07", "L1-01"],
                       "pairs": {"O1-06": "O1-07", "O1-07": "L1-01"}}])
    with pytest.raises(PositionError, match="not an Orient card"):
        orient(orient_market={1: ["L1-01"]})
    with pytest.raises(PositionError, match="is an Orient card"):
        orient(market={1: ["O1-01"]})
    with pytest.raises(PositionError, match="without the Orient module"):
        position("cities", seats=[{"reserved": ["O1-01"]}])
    assert ReserveDeck(1, orient=True).text() == "reserve orient 1"
