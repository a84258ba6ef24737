"""Scenario tests for the card rulings of RULES.md ("A turn", actions 3 and 4, and the
market refill). Every test starts from a position built for it."""

from __future__ import annotations

import pytest

from splendor.engine import (
    GOLD,
    TOKENS,
    ActionParseError,
    Buy,
    GameState,
    IllegalActionError,
    Phase,
    ReserveDeck,
    build_position,
    new_game,
    parse_action,
)
from splendor.engine.colors import BLUE, GREEN, RED, WHITE
from splendor.gamedata import base_game
from tests.engine.forged import forge

# ---------------------------------------------------------------- helpers

L1_ROW = ["L1-01", "L1-02", "L1-03", "L1-04"]
L2_ROW = ["L2-01", "L2-02", "L2-03", "L2-04"]
L3_ROW = ["L3-01", "L3-02", "L3-03", "L3-04"]


def position(players: int = 2, **kwargs: object) -> GameState:
    """The described position; `partial=True` where a test's short deck leaves the other
    cards of its level out of the game."""
    return build_position(base_game(), players, **kwargs)  # type: ignore[arg-type]


def act(state: GameState, text: str) -> None:
    state.apply(parse_action(text))


def legal_texts(state: GameState) -> set[str]:
    return {a.text() for a in state.legal_actions()}


def refused(state: GameState, action: object) -> str:
    """Assert that `action` is refused with a reason and leaves the state untouched."""
    before = state.key()
    if isinstance(action, str):
        action = parse_action(action)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert info.value.reason, "an illegal action must come with a reason"
    assert state.key() == before, "a refused action must not change the state"
    return info.value.reason


def market_ids(state: GameState, level: int) -> list[str | None]:
    slots = state.data.market_slots
    row = state.market[(level - 1) * slots : level * slots]
    return [c.id if c else None for c in row]


def reserved_ids(state: GameState, seat: int) -> list[str]:
    return [c.id for c in state.players[seat].reserved]


def purchased_ids(state: GameState, seat: int) -> list[str]:
    return [c.id for c in state.players[seat].purchased]


def assert_tokens_conserved(state: GameState) -> None:
    supply = state.data.setups[state.num_players]
    for c in TOKENS:
        total = state.bank[c] + sum(p.tokens[c] for p in state.players)
        expected = supply.gold if c == GOLD else supply.gems
        assert total == expected, f"token colour {c}: {total} in play, expected {expected}"


# ------------------------------------------------------------- reserving


def test_reserve_face_up_card_gives_gold_and_refills_slot_from_its_deck() -> None:
    state = position(market={1: L1_ROW}, decks={1: ["L1-05", "L1-06"]}, partial=True)
    act(state, "reserve L1-03")
    assert reserved_ids(state, 0) == ["L1-03"]
    assert "L1-03" not in state.players[0].blind, "a face-up reservation is not blind"
    assert state.players[0].tokens[GOLD] == 1 and state.bank[GOLD] == 4
    assert market_ids(state, 1) == ["L1-01", "L1-02", "L1-05", "L1-04"], (
        "the reserved card is replaced at once by the top of the level-1 deck, in its slot"
    )
    assert state.deck_sizes()[0] == 1
    assert state.current == 1


def test_reserve_blind_takes_the_top_card_of_the_chosen_deck() -> None:
    state = position(market={2: L2_ROW}, decks={2: ["L2-10", "L2-11"]}, partial=True)
    before_market = market_ids(state, 1) + market_ids(state, 2) + market_ids(state, 3)
    act(state, "reserve deck 2")
    assert reserved_ids(state, 0) == ["L2-10"], "the top card of the level-2 deck"
    assert state.players[0].blind == {"L2-10"}, "a deck reservation is blind"
    assert state.players[0].tokens[GOLD] == 1 and state.bank[GOLD] == 4
    assert state.deck_sizes()[1] == 1
    after_market = market_ids(state, 1) + market_ids(state, 2) + market_ids(state, 3)
    assert after_market == before_market, "a blind reservation leaves the market alone"


def test_reserve_without_gold_left_is_allowed_and_gives_nothing() -> None:
    state = position(seats=[{}, {"tokens": {"gold": 5}}])
    assert state.bank[GOLD] == 0
    assert "reserve L1-01" in legal_texts(state) and "reserve deck 3" in legal_texts(state)
    act(state, "reserve L1-01")
    assert reserved_ids(state, 0) == ["L1-01"]
    assert state.players[0].tokens[GOLD] == 0 and state.bank[GOLD] == 0
    act(state, "take white blue green")
    act(state, "reserve deck 3")
    assert len(state.players[0].reserved) == 2 and state.players[0].tokens[GOLD] == 0
    assert_tokens_conserved(state)


def test_last_gold_goes_to_the_first_reserver_only() -> None:
    state = position(seats=[{}, {"tokens": {"gold": 4}}])
    act(state, "reserve L1-01")
    assert state.players[0].tokens[GOLD] == 1 and state.bank[GOLD] == 0
    act(state, "reserve L1-02")
    assert state.players[1].tokens[GOLD] == 4, "no gold left: the reservation brings none"
    assert reserved_ids(state, 1) == ["L1-02"]


def test_at_most_three_reserved_cards() -> None:
    state = position(seats=[{"reserved": ["L2-05", "L2-06"]}])
    act(state, "reserve L1-01")
    assert len(state.players[0].reserved) == 3
    act(state, "take white blue green")  # seat 1
    kinds = {a.kind for a in state.legal_actions()}
    assert "reserve" not in kinds and "reserve_deck" not in kinds, kinds
    assert "3" in refused(state, "reserve L1-02")
    assert "3" in refused(state, "reserve deck 1")


def test_empty_deck_cannot_be_reserved_from_but_its_market_still_can() -> None:
    state = position(market={3: L3_ROW}, decks={3: []}, partial=True)
    assert "reserve deck 3" not in legal_texts(state)
    assert {"reserve deck 1", "reserve deck 2"} <= legal_texts(state)
    assert "empty" in refused(state, ReserveDeck(3))
    act(state, "reserve L3-02")
    assert market_ids(state, 3) == ["L3-01", None, "L3-03", "L3-04"], (
        "with its deck empty, the slot stays empty"
    )


def test_reserving_an_unknown_or_missing_card_is_refused() -> None:
    state = position(market={1: L1_ROW}, seats=[{}, {"reserved": ["L1-30"]}])
    assert "market" in refused(state, "reserve L1-20"), "L1-20 is in the deck, not face up"
    assert "market" in refused(state, "reserve L1-30"), "another seat's reserved card"
    assert "deck" in refused(state, "reserve deck 4")


def test_reserved_cards_cannot_be_discarded() -> None:
    state = position(
        seats=[
            {
                "tokens": {"red": 3, "white": 2, "gold": 1},
                "reserved": ["L1-25", "L2-05", "L3-06"],
                "blind": ["L3-06"],
            }
        ]
    )
    with pytest.raises(ActionParseError):
        parse_action("discard L2-05")
    before = reserved_ids(state, 0)
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        bought = {action.card_id} if isinstance(action, Buy) else set()
        assert set(reserved_ids(after, 0)) == set(before) - bought, (
            f"'{action.text()}' removed a reserved card without buying it"
        )


# ---------------------------------------------------------------- buying


def test_buy_from_market_pays_takes_bonus_and_refills_slot() -> None:
    state = position(
        market={1: ["L1-08", "L1-02", "L1-03", "L1-04"]},
        decks={1: ["L1-09", "L1-10"]},
        partial=True,
        seats=[{"tokens": {"green": 4, "blue": 1}}],
    )
    act(state, "buy L1-08")
    p = state.players[0]
    assert purchased_ids(state, 0) == ["L1-08"]
    assert p.bonuses == [1, 0, 0, 0, 0], "L1-08 gives a white bonus"
    assert p.points == 1
    assert p.tokens == [0, 1, 0, 0, 0, 0]
    assert market_ids(state, 1) == ["L1-09", "L1-02", "L1-03", "L1-04"]
    assert state.deck_sizes()[0] == 1


def test_buy_own_blind_reserved_card() -> None:
    state = position(
        seats=[{"tokens": {"red": 4, "gold": 1}, "reserved": ["L2-05"], "blind": ["L2-05"]}]
    )
    market_before = [c.id if c else None for c in state.market]
    decks_before = state.deck_sizes()
    assert "buy L2-05" in legal_texts(state)
    act(state, "buy L2-05")
    p = state.players[0]
    assert purchased_ids(state, 0) == ["L2-05"] and p.reserved == [] and p.blind == set()
    assert p.points == 2 and p.tokens == [0] * 6, "red 5 paid with four red and one gold"
    assert [c.id if c else None for c in state.market] == market_before, "no market change"
    assert state.deck_sizes() == decks_before, "buying a reserved card draws nothing"


def test_buy_own_face_up_reserved_card() -> None:
    state = position(seats=[{"tokens": {"white": 3}, "reserved": ["L1-25"]}])
    act(state, "buy L1-25")
    assert purchased_ids(state, 0) == ["L1-25"] and reserved_ids(state, 0) == []


def test_cannot_buy_another_seats_reserved_card() -> None:
    state = position(
        seats=[
            {"tokens": {"white": 3, "blue": 3}},
            {"reserved": ["L1-25", "L1-02"], "blind": ["L1-02"]},
        ]
    )
    assert not {"buy L1-25", "buy L1-02"} & legal_texts(state), (
        "seat 0 could pay for them, but they are seat 1's"
    )
    assert "reserved by you" in refused(state, "buy L1-25")
    assert "reserved by you" in refused(state, "buy L1-02")


def test_cannot_buy_a_card_in_a_deck() -> None:
    state = position(market={1: L1_ROW}, seats=[{"tokens": {"white": 3}}])
    refused(state, "buy L1-25")


def test_unaffordable_card_is_refused_with_the_shortfall() -> None:
    state = position(market={1: L1_ROW}, seats=[{"tokens": {"blue": 1, "gold": 1}}])
    assert "buy L1-02" not in legal_texts(state)
    reason = refused(state, "buy L1-02")
    assert "1 token" in reason, reason


def test_bonuses_lower_the_cost() -> None:
    state = position(
        market={1: L1_ROW},
        seats=[{"tokens": {"blue": 3}, "purchased": ["L1-09", "L1-10"]}],
    )
    assert state.players[0].bonuses[BLUE] == 2
    assert "1 blue" in refused(state, "buy L1-02 pay blue blue blue"), "cost is 3 - 2 = 1"
    act(state, "buy L1-02 pay blue")
    assert state.players[0].tokens[BLUE] == 2 and state.bank[BLUE] == 2
    assert state.players[0].bonuses[BLUE] == 2, "bonuses are not spent"


def test_bonuses_lower_the_cost_for_default_payment_and_legality() -> None:
    state = position(
        market={1: L1_ROW},
        seats=[{"tokens": {"blue": 1}, "purchased": ["L1-09", "L1-10"]}],
    )
    assert "buy L1-02" in legal_texts(state), "one blue token plus two blue bonuses pay blue 3"
    act(state, "buy L1-02")
    assert state.players[0].tokens == [0] * 6


def test_a_card_can_cost_nothing_when_bonuses_cover_it() -> None:
    state = position(market={1: L1_ROW}, seats=[{"purchased": ["L1-09", "L1-10", "L1-11"]}])
    assert state.players[0].tokens == [0] * 6
    assert "buy L1-02" in legal_texts(state), "three blue bonuses pay for blue 3"
    bank = state.bank[:]
    act(state, "buy L1-02 pay nothing")
    assert "L1-02" in purchased_ids(state, 0)
    assert state.bank == bank and state.players[0].tokens == [0] * 6


def test_free_card_refuses_any_token_payment() -> None:
    state = position(
        market={1: L1_ROW},
        seats=[{"tokens": {"blue": 1, "gold": 1}, "purchased": ["L1-09", "L1-10", "L1-11"]}],
    )
    assert "0 blue" in refused(state, "buy L1-02 pay blue")
    assert "0 gold" in refused(state, "buy L1-02 pay gold")
    act(state, "buy L1-02")
    assert state.players[0].tokens == [0, 1, 0, 0, 0, 1], "default payment spends nothing"


def test_gold_is_the_payers_choice_even_holding_the_colour() -> None:
    state = position(market={1: L1_ROW}, seats=[{"tokens": {"blue": 3, "gold": 2}}])
    act(state, "buy L1-02 pay blue gold gold")
    assert state.players[0].tokens == [0, 2, 0, 0, 0, 0]
    assert state.bank[BLUE] == 2 and state.bank[GOLD] == 5, "spent blue and gold back in bank"
    assert_tokens_conserved(state)


def test_gold_may_pay_a_whole_card_while_holding_the_colour() -> None:
    state = position(
        market={1: L1_ROW}, seats=[{"tokens": {"blue": 3, "gold": 3}}, {"tokens": {"gold": 2}}]
    )
    act(state, "buy L1-02 pay gold gold gold")
    assert state.players[0].tokens == [0, 3, 0, 0, 0, 0]
    assert state.bank[GOLD] == 3


@pytest.mark.parametrize(
    ("payment", "fragment"),
    [
        ((0, 2, 0, 1, 0, 0), "red"),  # a colour the card does not cost
        ((0, 2, 0, 0, 0, 0), "gold"),  # underpaying: one blue missing
        ((0, 1, 0, 0, 0, 1), "gold"),  # underpaying with gold
        ((0, 3, 0, 0, 0, 1), "gold"),  # overpaying with gold
        ((0, 4, 0, 0, 0, 0), "blue"),  # overpaying in the colour
        ((0, 1, 0, 0, 0, 2), "gold"),  # more gold than held
    ],
)
def test_wrong_explicit_payment_is_refused_with_a_reason(
    payment: tuple[int, ...], fragment: str
) -> None:
    state = position(market={1: L1_ROW}, seats=[{"tokens": {"blue": 3, "red": 1, "gold": 1}}])
    reason = refused(state, Buy("L1-02", payment))
    assert fragment in reason, reason


@pytest.mark.parametrize(
    ("payment", "fragment"),
    [
        ((0, 3, 0, 0, 0), "6 counts by colour"),  # five counts
        ((0, 3, 0, 0, 0, 0, 0), "6 counts by colour"),  # seven counts
        ((1, 3, 0, 0, 0, -1), "gold count cannot be negative"),
    ],
)
def test_malformed_payment_is_refused_when_built_and_when_forged(
    payment: tuple[int, ...], fragment: str
) -> None:
    with pytest.raises(ValueError, match=fragment):
        Buy("L1-02", payment)
    state = position(market={1: L1_ROW}, seats=[{"tokens": {"blue": 3, "red": 1, "gold": 1}}])
    reason = refused(state, forge(Buy, card_id="L1-02", payment=payment))
    assert fragment in reason, reason


def test_explicit_payment_cannot_use_tokens_not_held() -> None:
    state = position(market={1: L1_ROW}, seats=[{"tokens": {"blue": 2, "gold": 1}}])
    assert "hold only 2 blue" in refused(state, "buy L1-02 pay blue blue blue")


def test_exact_explicit_payments_are_accepted() -> None:
    for text, left in [
        ("buy L1-02 pay blue blue blue", [0, 0, 0, 1, 0, 1]),
        ("buy L1-02 pay blue blue gold", [0, 1, 0, 1, 0, 0]),
    ]:
        state = position(market={1: L1_ROW}, seats=[{"tokens": {"blue": 3, "red": 1, "gold": 1}}])
        act(state, text)
        assert state.players[0].tokens == left, text
        assert_tokens_conserved(state)


def test_default_payment_uses_coloured_tokens_before_gold() -> None:
    state = position(market={1: L1_ROW}, seats=[{"tokens": {"blue": 3, "gold": 2}}])
    act(state, "buy L1-02")
    assert state.players[0].tokens == [0, 0, 0, 0, 0, 2], "gold kept, blue spent"


def test_default_payment_fills_the_gap_with_gold() -> None:
    state = position(
        market={1: ["L1-14", "L1-02", "L1-03", "L1-04"]},
        seats=[{"tokens": {"green": 1, "black": 2, "gold": 2}}],
    )
    act(state, "buy L1-14")  # green 2, black 2
    assert state.players[0].tokens == [0, 0, 0, 0, 0, 1], "one gold stands in for green"
    assert state.bank[GREEN] == 4 and state.bank[GOLD] == 4


def test_spent_tokens_return_to_the_bank() -> None:
    state = position(
        market={2: ["L2-01", "L2-02", "L2-03", "L2-04"]},
        seats=[{"tokens": {"white": 2, "blue": 3, "red": 2, "gold": 1}}],
    )
    bank = state.bank[:]
    act(state, "buy L2-01")  # white 2, blue 3, red 3
    assert state.bank[WHITE] == bank[WHITE] + 2
    assert state.bank[BLUE] == bank[BLUE] + 3
    assert state.bank[RED] == bank[RED] + 2
    assert state.bank[GOLD] == bank[GOLD] + 1
    assert state.players[0].tokens == [0] * 6
    assert_tokens_conserved(state)


# ---------------------------------------------------------------- refill


def test_bought_card_is_replaced_from_its_own_level_deck() -> None:
    state = position(
        market={1: L1_ROW, 2: L2_ROW},
        decks={1: ["L1-20", "L1-21"], 2: ["L2-20", "L2-21"]},
        partial=True,
        seats=[{"tokens": {"green": 3, "red": 2, "black": 2}}],
    )
    act(state, "buy L2-02")  # green 3, red 2, black 2
    assert market_ids(state, 2) == ["L2-01", "L2-20", "L2-03", "L2-04"]
    assert market_ids(state, 1) == L1_ROW
    assert state.deck_sizes()[:2] == (2, 1), "only the level-2 deck gave a card"


def test_slot_stays_empty_when_the_deck_is_empty() -> None:
    state = position(
        market={1: L1_ROW}, decks={1: []}, seats=[{"tokens": {"blue": 3}}], partial=True
    )
    act(state, "buy L1-02")
    assert market_ids(state, 1) == ["L1-01", None, "L1-03", "L1-04"]
    assert len(state.market_cards()) == 11
    assert "buy L1-02" not in legal_texts(state) and state.phase is Phase.MAIN
    # The empty slot offers nothing to reserve either.
    assert sum(1 for a in state.legal_actions() if a.kind == "reserve") == 11


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_four_face_up_cards_per_level_from_shuffled_decks(players: int) -> None:
    state = new_game(base_game(), players, seed=21)
    for level, size in zip((1, 2, 3), (40, 30, 20), strict=True):
        row = market_ids(state, level)
        assert len(row) == 4 and None not in row, f"level {level}: four face-up cards"
        assert all(i is not None and i.startswith(f"L{level}-") for i in row), row
        assert state.deck_sizes()[level - 1] == size - 4, f"level {level} deck after dealing"
        deck = [c.id for c in state.decks[level - 1]]
        assert len(set(deck) | set(row)) == size, f"level {level}: every card exactly once"


def test_setup_shuffles_each_deck_by_seed() -> None:
    a = new_game(base_game(), 2, seed=1)
    b = new_game(base_game(), 2, seed=1)
    c = new_game(base_game(), 2, seed=2)
    assert a.setup.decks == b.setup.decks, "the same seed deals the same game"
    assert a.setup.decks != c.setup.decks, "another seed deals another game"
    for deck in a.setup.decks:
        assert list(deck) != sorted(deck), "each deck is shuffled"
