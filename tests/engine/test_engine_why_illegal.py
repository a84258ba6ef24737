"""why_illegal answers for any value in any phase and never raises; apply refuses what it
refuses and changes nothing; apply_unchecked plays legal actions exactly as apply does."""

from __future__ import annotations

import random
from typing import Any

import pytest

from splendor.engine import (
    Action,
    Buy,
    ChooseNoble,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    Refusal,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    build_position,
    new_game,
    parse_action,
)
from splendor.gamedata import base_game, load_game_data
from tests.engine.forged import forge
from tests.invariants import check_invariants

DATA = base_game()
ACTION_TYPES = (Take, TakeTwo, Reserve, ReserveDeck, Buy, Return, ChooseNoble, Pass)
NOBLE_ROW = ["N01", "N02", "N07"]  # N01 w4 b4, N02 ..., N07 w3 b3 k3
WHITE_BLUE_BLACK = ["L1-04", "L1-05", "L1-06", "L1-07", "L1-12", "L1-13", "L1-14", "L1-15",
                    "L1-33", "L1-34", "L1-35", "L1-36"]


def returning() -> GameState:
    """Seat 0 holds 12 tokens and must give back two."""
    return build_position(DATA, 2, phase=Phase.RETURN,
                          seats=[{"tokens": {"white": 3, "blue": 3, "green": 3, "red": 3}}])


def choosing_noble() -> GameState:
    return build_position(DATA, 2, phase=Phase.NOBLE, nobles=NOBLE_ROW,
                          seats=[{"purchased": WHITE_BLUE_BLACK}])


def finished() -> GameState:
    state = new_game(DATA, 2, seed=3)
    rng = random.Random(3)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


def positions() -> list[GameState]:
    return [new_game(DATA, 3, seed=5), returning(), choosing_noble(), finished()]


class Hostile:
    """A value whose every dunder but the type lookup fails."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")

    def __hash__(self) -> int:
        raise RuntimeError("no hash")


class Weird(int):
    """An int whose comparisons blow up."""

    def __lt__(self, other: object) -> bool:
        raise RuntimeError("no order")


VALUES: list[Any] = [
    None, 42, "take white blue green", b"pass", object(), Hostile(), [Pass()], Take,
    *[forge(cls) for cls in ACTION_TYPES if cls is not Pass],  # no fields at all
    forge(Take, colors=None), forge(Take, colors=[0, 1, 2]), forge(Take, colors=("a",)),
    forge(Take, colors=(0, 1, 5)), forge(Take, colors=(Weird(1),)),
    forge(TakeTwo, color="red"), forge(TakeTwo, color=5),
    forge(Reserve, card_id=None), forge(Reserve, card_id=Hostile()),
    forge(ReserveDeck, level="2"), forge(ReserveDeck, level=0), forge(ReserveDeck, level=99),
    forge(Buy, card_id="L1-01", payment=(True, 0, 0, 0, 0, 0)),
    forge(Buy, card_id="L1-01", payment="lots"), forge(Buy, card_id=3, payment=None),
    forge(Return, tokens=(1.5, 0.5, 0, 0, 0, 0)), forge(Return, tokens="ab"),
    forge(Return, tokens=(1, 1)), forge(Return, tokens=(2, 0, 0, 0, 0, -1, 1)),
    forge(ChooseNoble, noble_id=None), forge(ChooseNoble, noble_id="N 01"),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_any_value_gets_a_refusal_and_leaves_the_state_alone(value: Any) -> None:
    for state in positions():
        before = state.key()
        reason = state.why_illegal(value)
        assert isinstance(reason, Refusal) and reason, f"{type(value).__name__} not refused"
        with pytest.raises(IllegalActionError) as info:
            state.apply(value)
        assert info.value.reason == reason
        assert state.key() == before


def test_a_fractional_return_is_refused_and_tokens_stay_whole() -> None:
    """The issue's case: Return((1.5, 0.5, 0, 0, 0, 0)) used to be applied, leaving the
    seat 1.5 white tokens short and the bank with fractions."""
    state = returning()
    assert state.excess_tokens() == 2
    fractional = forge(Return, tokens=(1.5, 0.5, 0, 0, 0, 0))
    reason = state.why_illegal(fractional)
    assert reason is not None and reason.code == "not_an_action"
    assert "whole number" in reason
    with pytest.raises(IllegalActionError):
        state.apply(fractional)
    assert state.players[0].tokens == [3, 3, 3, 3, 0, 0]
    assert all(type(n) is int for n in state.bank + state.players[0].tokens)
    state.apply(Return((1, 1, 0, 0, 0, 0)))
    check_invariants(state)


@pytest.mark.parametrize("cls", ACTION_TYPES, ids=lambda c: c.__name__)
def test_every_action_type_is_answered_in_every_phase(cls: type) -> None:
    """A well-formed action of each type gets None or a refusal, whatever the phase."""
    samples: dict[type, Action] = {
        Take: Take((0, 1, 2)), TakeTwo: TakeTwo(0), Reserve: Reserve("L1-01"),
        ReserveDeck: ReserveDeck(1), Buy: Buy("L1-01"), Return: Return((1, 1, 0, 0, 0, 0)),
        ChooseNoble: ChooseNoble("N01"), Pass: Pass(),
    }
    for state in positions():
        reason = state.why_illegal(samples[cls])
        legal = samples[cls] in state.legal_actions()
        assert (reason is None) == legal, (state.phase, reason)


def test_phase_refusals_come_before_the_action_checks() -> None:
    def code(state: GameState, value: object) -> str:
        reason = state.why_illegal(value)
        assert reason is not None
        return reason.code

    ret, noble, over = returning(), choosing_noble(), finished()
    assert code(ret, Take((0, 1, 2))) == "return_first"
    assert code(ret, ChooseNoble("N01")) == "return_first"
    assert code(noble, Buy("L1-01")) == "noble_first"
    assert code(noble, Return((1, 0, 0, 0, 0, 0))) == "nothing_to_return"
    assert code(over, forge(Take)) == "game_over"


# ------------------------------------------------------------------- apply_unchecked


def test_apply_unchecked_plays_legal_actions_exactly_as_apply() -> None:
    for seed in range(6):
        checked = new_game(DATA, 2 + seed % 3, seed)
        unchecked = new_game(DATA, 2 + seed % 3, seed)
        rng = random.Random(seed)
        while not checked.is_over():
            action = rng.choice(checked.legal_actions())
            checked.apply(action)
            unchecked.apply_unchecked(action)
            assert unchecked == checked
        assert unchecked.outcome() == checked.outcome()


def test_apply_unchecked_is_documented_as_unchecked_and_apply_still_checks() -> None:
    doc = GameState.apply_unchecked.__doc__ or ""
    assert "without checking" in doc and "legal_actions()" in doc
    state = new_game(DATA, 2, seed=1)
    with pytest.raises(IllegalActionError):
        state.apply(parse_action("pass"))


@pytest.mark.parametrize("module", [None, "orient", "strongholds"])
def test_apply_after_listing_accepts_the_listed_actions_and_still_refuses_the_rest(
        module: str | None) -> None:
    """apply takes a listed action without asking why_illegal again (the fast path): an
    equal action typed as text is accepted, and anything unlisted is still refused."""
    data = load_game_data()
    for seed in range(4):
        state = new_game(data, 2 + seed % 3, seed, module=module)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            well_formed = [a for a in (Take((0, 1, 2)), TakeTwo(0), Buy("L3-01"))
                           if a not in legal]
            for value in (*VALUES, *well_formed):  # VALUES are never actions
                before = state.key()
                with pytest.raises(IllegalActionError):
                    state.apply(value)
                assert state.key() == before and state.legal_actions() is legal
            state.apply(parse_action(rng.choice(legal).text()))
