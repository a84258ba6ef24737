"""Scenario tests for the token rulings of RULES.md ("A turn", actions 1 and 2, and
"End of the turn: ten tokens at most"). Every test starts from a position built for it."""

from __future__ import annotations

from itertools import product

import pytest

from splendor.engine import (
    GOLD,
    TOKENS,
    ActionParseError,
    GameState,
    IllegalActionError,
    Phase,
    Return,
    Take,
    TakeTwo,
    build_position,
    new_game,
    parse_action,
)
from splendor.engine.colors import BLACK, BLUE, GREEN, RED, WHITE
from splendor.gamedata import base_game
from tests.engine.forged import forge

# ---------------------------------------------------------------- helpers


def position(players: int = 2, **kwargs: object) -> GameState:
    """The described position; `partial=True` where a test's bank leaves tokens out of the
    game."""
    return build_position(base_game(), players, **kwargs)  # type: ignore[arg-type]


def act(state: GameState, text: str) -> None:
    state.apply(parse_action(text))


def refused(state: GameState, action: object) -> str:
    """Assert that `action` is refused with a reason and leaves the state untouched."""
    before = state.key()
    if isinstance(action, str):
        action = parse_action(action)
    assert action not in state.legal_actions(), f"{action!r} should not be a legal action"
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert info.value.reason, "an illegal action must come with a reason"
    assert state.key() == before, "a refused action must not change the state"
    return info.value.reason


def takes(state: GameState) -> set[str]:
    return {a.text() for a in state.legal_actions() if a.kind == "take"}


def take_twos(state: GameState) -> set[str]:
    return {a.text() for a in state.legal_actions() if a.kind == "take2"}


def tokens(state: GameState, seat: int) -> dict[str, int]:
    names = ("white", "blue", "green", "red", "black", "gold")
    return {names[c]: n for c, n in enumerate(state.players[seat].tokens) if n}


# ------------------------------------------------ take three different colours


def test_take_three_different_moves_one_of_each_from_bank_to_player() -> None:
    state = position()
    act(state, "take white blue green")
    assert tokens(state, 0) == {"white": 1, "blue": 1, "green": 1}
    assert state.bank == [3, 3, 3, 4, 4, 5], "the bank must lose exactly the tokens taken"
    assert state.current == 1 and state.phase is Phase.MAIN, "taking ends the turn"


def test_take_fewer_than_three_refused_while_three_colours_remain() -> None:
    state = position(bank={"white": 1, "blue": 1, "green": 1}, partial=True)
    assert takes(state) == {"take white blue green"}, "three colours left: take all three"
    reason = refused(state, "take white blue")
    assert "three" in reason, reason
    refused(state, "take green")


def test_take_fewer_than_three_refused_in_a_full_bank() -> None:
    state = position()
    assert all(len(a.colors) == 3 for a in state.legal_actions() if isinstance(a, Take))
    refused(state, "take red black")
    refused(state, "take red")


def test_take_two_colours_when_only_two_colours_are_left() -> None:
    state = position(bank={"red": 2, "black": 1, "gold": 5}, partial=True)
    assert takes(state) == {"take red black"}, "with two colours left, take one of each"
    refused(state, "take red")
    refused(state, "take black")
    act(state, "take red black")
    assert tokens(state, 0) == {"red": 1, "black": 1}
    assert state.bank == [0, 0, 0, 1, 0, 5]


def test_take_one_token_when_only_one_colour_is_left() -> None:
    state = position(bank={"green": 2, "gold": 3}, partial=True)
    assert takes(state) == {"take green"}, "with one colour left, take one token of it"
    act(state, "take green")
    assert tokens(state, 0) == {"green": 1}
    assert state.bank[GREEN] == 1


def test_no_take_when_no_gem_colour_is_left_even_with_gold_in_bank() -> None:
    state = position(bank={"gold": 5}, partial=True)
    assert takes(state) == set(), "gold alone in the bank cannot be taken"
    assert take_twos(state) == set()


def test_take_cannot_repeat_a_colour() -> None:
    with pytest.raises(ValueError, match="different"):
        Take((WHITE, WHITE, BLUE))
    state = position()
    assert "different" in refused(state, forge(Take, colors=(WHITE, WHITE, BLUE)))


def test_take_refused_for_a_colour_with_an_empty_pile() -> None:
    state = position(
        bank={"white": 0, "blue": 4, "green": 4, "red": 4, "black": 4, "gold": 5}, partial=True
    )
    reason = refused(state, "take white blue green")
    assert "white" in reason, reason


# ---------------------------------------------------------------- gold


def test_gold_never_taken_with_take_three() -> None:
    with pytest.raises(ValueError, match="gold cannot be taken"):
        Take((WHITE, BLUE, GOLD))
    state = position()
    reason = refused(state, forge(Take, colors=(WHITE, BLUE, GOLD)))
    assert "gold" in reason, reason
    assert all(GOLD not in a.colors for a in state.legal_actions() if isinstance(a, Take))


def test_gold_never_taken_with_take_two() -> None:
    with pytest.raises(ValueError, match="gold cannot be taken"):
        TakeTwo(GOLD)
    state = position()
    reason = refused(state, forge(TakeTwo, color=GOLD))
    assert "gold" in reason, reason
    assert all(a.color != GOLD for a in state.legal_actions() if isinstance(a, TakeTwo))


def test_gold_take_text_is_rejected_by_the_parser() -> None:
    for text in ("take gold", "take white blue gold", "take2 gold"):
        with pytest.raises(ActionParseError):
            parse_action(text)


def test_gold_not_taken_even_when_only_two_gem_colours_and_gold_remain() -> None:
    state = position(bank={"white": 1, "blue": 1, "gold": 5}, partial=True)
    assert takes(state) == {"take white blue"}, "gold must not complete a take of three"
    refused(state, forge(Take, colors=(WHITE, BLUE, GOLD)))


# ---------------------------------------------------------------- take two


def test_take_two_from_a_pile_of_exactly_four() -> None:
    state = position(
        bank={"white": 4, "blue": 3, "green": 3, "red": 3, "black": 3, "gold": 5}, partial=True
    )
    assert take_twos(state) == {"take2 white"}, "only the pile of four allows taking two"
    act(state, "take2 white")
    assert tokens(state, 0) == {"white": 2}
    assert state.bank[WHITE] == 2


def test_take_two_refused_from_a_pile_of_three() -> None:
    state = position(
        bank={"white": 3, "blue": 4, "green": 4, "red": 4, "black": 4, "gold": 5}, partial=True
    )
    reason = refused(state, "take2 white")
    assert "4" in reason or "four" in reason, reason
    assert take_twos(state) == {"take2 blue", "take2 green", "take2 red", "take2 black"}


def test_take_two_counts_the_pile_before_taking_not_after() -> None:
    # Four before taking leaves two: allowed. The next player then faces a pile of two.
    state = position()
    act(state, "take2 red")
    assert state.bank[RED] == 2
    assert "take2 red" not in take_twos(state), "a pile of two cannot give two"
    refused(state, "take2 red")


def test_take_two_from_larger_piles_in_three_and_four_player_games() -> None:
    three = position(3)
    act(three, "take2 black")
    assert three.bank[BLACK] == 3 and tokens(three, 0) == {"black": 2}
    assert "take2 black" not in take_twos(three), "5 - 2 = 3 left: no longer four"
    four = position(4)
    act(four, "take2 black")
    assert four.bank[BLACK] == 5
    assert "take2 black" in take_twos(four), "7 - 2 = 5 left: still four or more"


# --------------------------------------------------- ten tokens at end of turn


def _nine_tokens() -> GameState:
    # Seat 0 holds 9 tokens (gold included); the bank still has every colour.
    return position(seats=[{"tokens": {"white": 2, "blue": 2, "green": 2, "red": 1, "gold": 2}}])


def test_reaching_exactly_ten_tokens_needs_no_return() -> None:
    state = position(seats=[{"tokens": {"white": 2, "blue": 2, "green": 2, "red": 1}}])
    act(state, "take white blue black")
    assert sum(state.players[0].tokens) == 10
    assert state.phase is Phase.MAIN and state.current == 1, "ten tokens is within the limit"


def test_taking_above_ten_is_allowed_then_the_excess_must_be_returned() -> None:
    state = _nine_tokens()
    assert "take white blue black" in {a.text() for a in state.legal_actions()}, (
        "the limit is counted at the end of the turn, not when taking"
    )
    act(state, "take white blue black")
    assert sum(state.players[0].tokens) == 12
    assert state.phase is Phase.RETURN and state.current == 0, "same player must return"
    assert state.excess_tokens() == 2
    assert {a.kind for a in state.legal_actions()} == {"return"}
    reason = refused(state, "take red green black")
    assert "return" in reason, reason
    refused(state, "pass")


def test_ten_tokens_held_before_the_turn_still_allow_taking() -> None:
    # Four players: 7 of each colour, so 5 are left in every pile after the seat's 2.
    ten = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}
    state = position(4, seats=[{"tokens": ten}])
    kinds = {a.kind for a in state.legal_actions()}
    assert {"take", "take2", "reserve", "reserve_deck"} <= kinds, kinds
    act(state, "take2 green")
    assert state.phase is Phase.RETURN and state.excess_tokens() == 2


def test_return_must_be_exactly_the_excess() -> None:
    state = _nine_tokens()
    act(state, "take white blue black")
    assert "2" in refused(state, "return white")
    assert "2" in refused(state, "return white blue green")
    act(state, "return white green")
    assert sum(state.players[0].tokens) == 10
    assert state.phase is Phase.MAIN and state.current == 1, "the turn ends after the return"


def test_returned_tokens_go_back_to_the_bank() -> None:
    state = _nine_tokens()
    act(state, "take white blue black")
    bank = state.bank[:]
    act(state, "return green red")
    assert state.bank[GREEN] == bank[GREEN] + 1 and state.bank[RED] == bank[RED] + 1
    assert tokens(state, 0) == {"white": 3, "blue": 3, "green": 1, "black": 1, "gold": 2}


def test_return_may_give_back_the_tokens_just_taken() -> None:
    state = _nine_tokens()
    act(state, "take2 black")
    act(state, "return black")
    assert tokens(state, 0) == {"white": 2, "blue": 2, "green": 2, "red": 1, "black": 1, "gold": 2}
    assert state.bank[BLACK] == 3


def test_return_may_give_back_gold() -> None:
    state = _nine_tokens()
    act(state, "take white blue black")
    act(state, "return gold gold")
    assert state.players[0].tokens[GOLD] == 0
    assert state.bank[GOLD] == 5, "returned gold goes back to the bank"


def test_return_cannot_give_back_tokens_not_held() -> None:
    state = _nine_tokens()
    act(state, "take white blue green")
    reason = refused(state, "return black black")
    assert "black" in reason, reason


def test_return_options_are_every_choice_of_exactly_the_excess() -> None:
    state = _nine_tokens()
    act(state, "take white blue black")  # holds white 3, blue 3, green 2, red 1, black 1, gold 2
    held = state.players[0].tokens
    expected = {counts for counts in product(*(range(n + 1) for n in held)) if sum(counts) == 2}
    offered = {a.tokens for a in state.legal_actions() if isinstance(a, Return)}
    assert offered == expected, "every mix of held tokens, gold and new ones included"
    # C(7,2) = 21 multisets of two from six colours, minus red+red and black+black.
    assert len(offered) == 19, sorted(offered)


def test_return_is_refused_outside_the_return_phase() -> None:
    state = _nine_tokens()
    assert "no tokens to return" in refused(state, Return((1, 0, 0, 0, 0, 0)))


def test_reserving_with_ten_tokens_brings_gold_then_a_return() -> None:
    state = position(seats=[{"tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}}])
    act(state, "reserve deck 1")
    assert state.players[0].tokens[GOLD] == 1
    assert state.phase is Phase.RETURN and state.excess_tokens() == 1
    act(state, "return gold")
    assert state.players[0].tokens == [2, 2, 2, 2, 2, 0] and state.current == 1


def test_bonuses_are_not_tokens_for_the_limit() -> None:
    state = position(
        seats=[
            {
                "tokens": {"white": 2, "blue": 2, "green": 2, "red": 2},
                "purchased": ["L1-01", "L1-09", "L1-17", "L1-25", "L1-33", "L1-02"],
            }
        ]
    )
    act(state, "take2 black")
    assert sum(state.players[0].tokens) == 10
    assert state.phase is Phase.MAIN and state.current == 1, (
        "six purchased cards plus ten tokens must not trigger a return"
    )


def test_tokens_conserved_through_take_and_return() -> None:
    state = _nine_tokens()
    act(state, "take white blue black")
    act(state, "return white gold")
    for c in TOKENS:
        total = state.bank[c] + sum(p.tokens[c] for p in state.players)
        assert total == (5 if c == GOLD else 4), f"colour {c} leaked: {total}"


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "gems"), [(2, 4), (3, 5), (4, 7)])
def test_setup_bank_by_player_count(players: int, gems: int) -> None:
    state = new_game(base_game(), players, seed=5)
    assert state.bank == [gems] * 5 + [5], f"{players} players: {gems} of each gem, 5 gold"
    assert all(p.tokens == [0] * 6 for p in state.players), "players start with no token"


def test_reserving_with_ten_tokens_and_no_gold_left_needs_no_return() -> None:
    ten = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}
    state = position(4, seats=[{"tokens": ten}, {"tokens": {"gold": 5}}])
    assert state.bank[GOLD] == 0
    act(state, "reserve deck 2")
    assert sum(state.players[0].tokens) == 10 and len(state.players[0].reserved) == 1
    assert state.phase is Phase.MAIN and state.current == 1, "no gold came, nothing to return"
