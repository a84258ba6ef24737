"""Strongholds (RULES_CITIES.md, "Strongholds"): one scenario per ruling, each from a
position built for it. The market, unless given: L1-01..04, L2-01..04, L3-01..04."""

from __future__ import annotations

import pytest

from splendor.engine import Phase, PositionError, parse_action
from splendor.engine.actions import Conquer, Decline
from splendor.engine.expansion import ExpansionState
from splendor.engine.state import new_game
from tests.engine.modules.support import (
    DATA,
    act,
    check_module_invariants,
    legal_texts,
    market_ids,
    of_kind,
    position,
)

MARKET = [f"L{lv}-0{i}" for lv in (1, 2, 3) for i in (1, 2, 3, 4)]


def holds(**kwargs: object) -> ExpansionState:
    return position("strongholds", **kwargs)


def refusal_code(state: ExpansionState, text: str) -> str | None:
    refusal = state.why_illegal(parse_action(text))
    return refusal.code if refusal is not None else None


def test_setup_gives_each_player_three_strongholds_in_supply() -> None:
    for players in (2, 3, 4):
        state = new_game(DATA, players, 3, module="strongholds")
        assert isinstance(state, ExpansionState)
        assert state.holds == {} and len(state.nobles) == players + 1
        assert [state.supply(s) for s in range(players)] == [3] * players


def test_every_purchase_places_moves_or_removes_a_stronghold_before_the_refill() -> None:
    state = holds(holds={"L2-01": (1, 1), "L3-01": (1, 2)}, seats=[{"tokens": {"blue": 3}}])
    top = state.decks[0][-1].id
    act(state, "buy L1-02")
    assert state.phase is Phase.STRONGHOLD and state.market[1] is None
    free = [c for c in MARKET if c not in ("L1-02", "L2-01", "L3-01")]
    assert legal_texts(state) == [f"hold place {c}" for c in free] + ["hold remove L2-01"]
    # it is mandatory: nothing else, not even declining, comes first
    assert refusal_code(state, "decline") == "stronghold_first"
    assert refusal_code(state, "take white blue green") == "stronghold_first"
    check_module_invariants(state)
    act(state, "hold place L1-03")
    assert state.holds["L1-03"] == (0, 1) and state.supply(0) == 2
    assert market_ids(state)[1] == top, "the slot refills after the stronghold"
    assert state.phase is Phase.MAIN and state.current == 1
    check_module_invariants(state)


def test_a_take_or_reserve_brings_no_stronghold() -> None:
    state = holds()
    act(state, "take white blue green", "reserve L1-01")
    assert state.holds == {} and state.phase is Phase.MAIN and state.current == 0


def test_a_purchase_from_the_reserve_places_one_too() -> None:
    state = holds(seats=[{"reserved": ["L1-40"], "tokens": {"blue": 4}}])
    act(state, "buy L1-40")
    assert state.phase is Phase.STRONGHOLD and len(legal_texts(state)) == 12


def test_a_stronghold_moves_from_another_card_and_may_join_ones_own() -> None:
    state = holds(holds={"L1-03": (0, 1), "L1-04": (0, 2)}, seats=[{"tokens": {"blue": 3}}])
    assert state.supply(0) == 0
    act(state, "buy L1-02")
    moves = of_kind(state, "hold")
    assert not [m for m in moves if m.startswith("hold place")]  # the supply is empty
    assert "hold move L1-03 L1-04" in moves and "hold move L1-04 L1-03" in moves
    assert "hold move L1-03 L1-03" not in moves
    assert len(moves) == 2 * 10  # from either of two cards to any of the other 10
    act(state, "hold move L1-03 L1-04")
    assert state.holds == {"L1-04": (0, 3)}


def test_a_stronghold_never_goes_on_a_card_with_anothers() -> None:
    state = holds(holds={"L1-01": (1, 1), "L1-03": (0, 1)}, seats=[{"tokens": {"blue": 3}}])
    act(state, "buy L1-02")
    moves = of_kind(state, "hold")
    assert "hold place L1-01" not in moves and "hold move L1-03 L1-01" not in moves
    assert refusal_code(state, "hold place L1-01") == "not_offered"
    assert "hold place L1-03" in moves  # one's own: allowed


def test_remove_only_a_lone_opponent_stronghold() -> None:
    state = holds(players=3, holds={"L2-01": (1, 1), "L2-02": (1, 2), "L2-03": (2, 1)},
                  seats=[{"tokens": {"blue": 3}}])
    act(state, "buy L1-02")
    removes = [m for m in of_kind(state, "hold") if m.startswith("hold remove")]
    assert removes == ["hold remove L2-01", "hold remove L2-03"]
    act(state, "hold remove L2-01")
    assert "L2-01" not in state.holds and state.supply(1) == 1 and state.supply(0) == 3
    check_module_invariants(state)


def test_nothing_happens_when_no_stronghold_can_be_used() -> None:
    # the only face-up card carries two of the opponent's strongholds; the decks are empty
    state = holds(market={1: ["L1-01"], 2: [], 3: []}, decks={1: [], 2: [], 3: []},
                  partial=True, holds={"L1-01": (1, 2)},
                  seats=[{"reserved": ["L1-02"], "tokens": {"blue": 3}}])
    act(state, "buy L1-02")
    assert state.phase is Phase.MAIN and state.current == 1
    assert state.holds == {"L1-01": (1, 2)}


def test_an_occupied_card_is_bought_and_reserved_by_its_owner_only() -> None:
    state = holds(current=1, turns=1, holds={"L1-02": (0, 1)},
                  seats=[{}, {"tokens": {"blue": 3}}])
    assert "buy L1-02" not in legal_texts(state) and "reserve L1-02" not in legal_texts(state)
    assert refusal_code(state, "buy L1-02") == "occupied"
    assert refusal_code(state, "reserve L1-02") == "occupied"
    assert "reserve deck 1" in legal_texts(state)
    state = holds(holds={"L1-02": (0, 1)}, seats=[{"tokens": {"blue": 3}}])
    assert "buy L1-02" in legal_texts(state) and "reserve L1-02" in legal_texts(state)


def test_strongholds_come_back_when_their_owner_buys_or_reserves_the_card() -> None:
    state = holds(holds={"L1-02": (0, 2)})
    act(state, "reserve L1-02")
    assert state.holds == {} and state.supply(0) == 3
    check_module_invariants(state)
    state = holds(holds={"L1-02": (0, 1), "L1-03": (0, 2)}, seats=[{"tokens": {"blue": 3}}])
    act(state, "buy L1-02")
    assert state.supply(0) == 1 and "hold place L1-04" in legal_texts(state)


# ------------------------------------------------------------------ conquest

# L2-14 (green, 1 point) costs 2 white 3 blue 2 black; seat 0 has 4 blue and 3 green
# bonuses, so it owes 2 white and 2 black. With N03 (4 blue 4 green) on the table, the
# conquest brings that noble.
CONQUEST_ROW = ["L2-01", "L2-14", "L2-03", "L2-04"]
CONQUEROR = {"purchased": ["L1-09", "L1-10", "L1-11", "L1-12", "L1-17", "L1-18", "L1-19"],
             "tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}}


def conquest(**kwargs: object) -> ExpansionState:
    return holds(nobles=["N03", "N01", "N02"], market={2: CONQUEST_ROW},
                 holds={"L2-14": (0, 3)}, seats=[CONQUEROR], **kwargs)


def test_a_conquest_is_offered_after_the_action_and_can_be_declined() -> None:
    state = conquest()
    act(state, "take white blue green")  # 13 tokens
    assert state.phase is Phase.CONQUEST and state.step() == (Phase.CONQUEST, "L2-14")
    assert state.legal_actions() == (Conquer("L2-14"), Decline())
    check_module_invariants(state)
    act(state, "decline")
    assert state.phase is Phase.RETURN and state.excess_tokens() == 3  # then the limit
    assert state.holds == {"L2-14": (0, 3)}


def test_a_conquest_comes_before_the_noble_and_the_ten_token_limit() -> None:
    state = conquest()
    act(state, "take white blue green", "conquer L2-14")
    p = state.players[0]
    assert "L2-14" in [c.id for c in p.purchased] and p.tokens == [1, 3, 3, 2, 0, 0]
    # the strongholds came back: place or remove one, as after any purchase
    assert state.holds == {} and state.supply(0) == 3
    assert state.phase is Phase.STRONGHOLD
    assert state.market[5] is None, "the conquered card's slot refills after the stronghold"
    act(state, "hold place L3-01")
    assert state.phase is Phase.MAIN and state.current == 1  # 9 tokens: nothing to return
    assert [n.id for n in p.nobles] == ["N03"] and p.points == 1 + 3
    assert market_ids(state)[5] is not None
    check_module_invariants(state)


def test_a_conquest_may_be_paid_explicitly() -> None:
    state = conquest()
    act(state, "take white blue green")
    assert refusal_code(state, "conquer L2-14 pay white white black black") is None
    assert refusal_code(state, "conquer L2-14 pay white black black") == "gold_exactly"
    assert refusal_code(state, "conquer L2-01") == "not_offered"
    act(state, "conquer L2-14 pay white white black black")
    assert state.players[0].tokens == [1, 3, 3, 2, 0, 0]


def test_no_conquest_without_all_three_on_one_card_or_the_means_to_pay() -> None:
    state = holds(market={2: CONQUEST_ROW}, holds={"L2-14": (0, 3)})  # no tokens
    act(state, "take white blue green")
    assert state.phase is Phase.MAIN and state.current == 1
    state = holds(market={2: CONQUEST_ROW}, holds={"L2-14": (0, 2), "L2-03": (0, 1)},
                  seats=[CONQUEROR])
    act(state, "reserve L1-01")
    assert state.phase is Phase.RETURN  # straight to the limit: no conquest
    assert refusal_code(state, "conquer L2-14") is not None


def test_a_purchase_with_all_three_on_one_card_must_move_one_unless_it_removes() -> None:
    seat = {**CONQUEROR, "tokens": {"blue": 3, "white": 2, "black": 2}}
    state = holds(market={2: CONQUEST_ROW}, holds={"L2-14": (0, 3)}, seats=[seat])
    act(state, "buy L1-02")
    assert all(m.startswith("hold move L2-14") for m in of_kind(state, "hold"))
    act(state, "hold move L2-14 L1-03")  # the three are broken: no conquest
    assert state.phase is Phase.MAIN and state.current == 1
    # removing an opponent's lone stronghold keeps the three together
    state = holds(market={2: CONQUEST_ROW}, holds={"L2-14": (0, 3), "L1-04": (1, 1)},
                  seats=[seat])
    act(state, "buy L1-02", "hold remove L1-04")
    assert state.phase is Phase.CONQUEST and legal_texts(state) == ["conquer L2-14", "decline"]


def test_strongholds_positions_refuse_what_the_game_cannot_hold() -> None:
    with pytest.raises(PositionError, match="seat 0 has only 3 strongholds, 4 placed"):
        holds(holds={"L1-01": (0, 3), "L1-02": (0, 1)})
    with pytest.raises(PositionError, match="'L1-05' is not a face-up market card"):
        holds(holds={"L1-05": (0, 1)})
    with pytest.raises(PositionError, match="a conquest needs all 3"):
        holds(phase=Phase.CONQUEST, holds={"L1-01": (0, 2)})
    with pytest.raises(PositionError, match="cannot pay"):
        holds(phase=Phase.CONQUEST, holds={"L1-01": (0, 3)})
    with pytest.raises(PositionError, match="only a game with the strongholds module"):
        position("orient", holds={"L1-01": (0, 1)})


def test_a_conquest_decision_can_be_built() -> None:
    state = holds(phase=Phase.CONQUEST, holds={"L2-14": (0, 3)}, nobles=["N03", "N01", "N02"],
                  market={2: CONQUEST_ROW}, seats=[CONQUEROR])
    assert legal_texts(state) == ["conquer L2-14", "decline"]
    check_module_invariants(state)
    act(state, "conquer L2-14", "hold place L1-01")
    assert [n.id for n in state.players[0].nobles] == ["N03"]
    assert state.phase is Phase.MAIN and state.current == 1
