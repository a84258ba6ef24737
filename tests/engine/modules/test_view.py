"""What a seat sees in a module game (RULES_CITIES.md, "What every player may see"): the
modules' pieces are public, the Orient decks' order and blind-reserved Orient cards are
not; worlds sampled from a view agree with it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from splendor.engine import HiddenCard, Phase, View, observe, sample_world
from splendor.engine.expansion import STEP_PHASES, ExpansionState
from splendor.engine.sampling import unseen_orient_cards
from tests.engine.modules.support import (
    DATA,
    MODULES,
    act,
    check_module_invariants,
    position,
    random_game,
)


def without_history(view: View) -> View:
    return dataclasses.replace(view, history=())


def hidden_ids(state: ExpansionState, seat: int) -> set[str]:
    """The cards `seat` must not see: every deck card, others' blind reservations."""
    hidden = {c.id for deck in state.decks for c in deck}
    for s, p in enumerate(state.players):
        if s != seat:
            hidden |= {c.id for c in p.reserved if c.id in p.blind}
    return hidden


def positions(module: str, games: int, every: int = 7) -> list[ExpansionState]:
    """Clones of positions of seeded random games: every `every`-th, and every one in a
    decision step."""
    out = []
    for seed in range(games):
        for i, state in enumerate(random_game(module, 2 + seed % 3, seed)):
            if not state.is_over() and (i % every == 0 or state.phase is not Phase.MAIN):
                out.append(state.clone())
    return out


@pytest.mark.parametrize("module", MODULES)
def test_no_hidden_card_appears_in_a_view(module: str) -> None:
    for state in positions(module, 6, every=11):
        for seat in range(state.num_players):
            text = repr(observe(state, seat))
            leaked = {i for i in hidden_ids(state, seat) if f"'{i}'" in text}
            assert not leaked, f"seat {seat} sees {sorted(leaked)[:5]}"


def test_the_orient_deck_order_is_invisible() -> None:
    state = position("orient")
    shuffled = state.clone()
    rng = random.Random(3)
    for deck in shuffled.decks:
        rng.shuffle(deck)
    assert shuffled.key() != state.key()
    for seat in (0, 1):
        assert observe(shuffled, seat) == observe(state, seat)


def test_a_blind_orient_card_is_seen_by_its_owner_only() -> None:
    state = position("orient", orient_decks={2: ["O2-04", "O2-05", "O2-06", "O2-07",
                                                 "O2-08", "O2-09", "O2-10", "O2-03"]},
                     orient_market={2: ["O2-01", "O2-02"]})
    other = position("orient", orient_decks={2: ["O2-09", "O2-05", "O2-06", "O2-07",
                                                 "O2-08", "O2-04", "O2-10", "O2-03"]},
                     orient_market={2: ["O2-01", "O2-02"]})
    for s in (state, other):
        act(s, "reserve orient 2")
    assert state.players[0].reserved[0].id == "O2-04"
    assert other.players[0].reserved[0].id == "O2-09"
    assert observe(state, 1) == observe(other, 1)
    assert observe(state, 1).players[0].reserved == (HiddenCard(2, orient=True),)
    assert observe(state, 1).players[0].reserved_blind == (True,)
    assert observe(state, 0) != observe(other, 0)
    # bought, it is public
    state = position("orient", orient_decks={2: ["O2-04", "O2-05", "O2-06", "O2-07",
                                                 "O2-08", "O2-09", "O2-10", "O2-03"]},
                     orient_market={2: ["O2-01", "O2-02"]},
                     seats=[{"tokens": {"white": 3, "black": 4}}])
    act(state, "reserve orient 2", "take white blue green", "buy O2-04")
    assert [c.id for c in observe(state, 1).players[0].purchased] == ["O2-04"]


def test_the_modules_pieces_are_public() -> None:
    state = position("orient", nobles=["N01", "N02", "N03"],
                     seats=[{"purchased": ["L1-33", "O1-07"], "pairs": {"O1-07": "L1-33"},
                             "doubles": ["O1-01"], "kept_nobles": ["N02"]}], box=["O1-02"])
    view = observe(state, 1)
    me = view.players[0]
    assert me.pairs == (("O1-07", "L1-33", 4),)
    assert [c.id for c in me.doubles] == ["O1-01"] and [n.id for n in me.kept_nobles] == ["N02"]
    assert [c.id for c in view.box] == ["O1-02"] and view.module == "orient"
    assert [len(row) for row in view.orient_market] == [2, 2, 2]
    assert view.orient_deck_sizes == (5, 8, 8)
    state = position("strongholds", holds={"L1-01": (1, 2)})
    view = observe(state, 0)
    assert view.holds == (("L1-01", 1, 2),)
    assert [p.supply for p in view.players] == [3, 1]
    state = position("trading-posts", seats=[{}, {"purchased": ["L1-01", "L1-02"],
                                                  "posts": [2]}])
    assert observe(state, 0).players[1].posts == (2,)
    state = position("cities", phase=Phase.CITY, cities=["C04", "C09", "C14"],
                     seats=[{"purchased": ["L3-04", "L3-03", "L1-01", "L1-02", "L3-16",
                                           "L1-25", "L1-26", "L1-27", "L1-33", "L1-34",
                                           "L1-35"]}])
    view = observe(state, 1)
    assert [c.id for c in view.cities] == ["C04", "C09", "C14"]
    assert [c.id for c in view.choices] == ["C04", "C09"] and view.phase is Phase.CITY


@pytest.mark.parametrize("module", MODULES)
def test_a_sampled_world_looks_the_same_from_the_seat(module: str) -> None:
    steps = set()
    for n, state in enumerate(positions(module, 8)):
        for seat in range(state.num_players):
            view = observe(state, seat)
            world = sample_world(view, DATA, random.Random(n * 7 + seat))
            assert isinstance(world, ExpansionState)
            check_module_invariants(world)
            assert without_history(observe(world, seat)) == without_history(view)
            if seat == state.current:
                assert world.legal_actions() == state.legal_actions()
                steps.add(state.phase)
                # and it plays on as the real game does
                action = state.legal_actions()[n % len(state.legal_actions())]
                real = state.clone()
                real.apply(action)
                world.apply(action)
                check_module_invariants(world)
                assert world.phase is real.phase and world.current == real.current
    assert steps & set(STEP_PHASES) or module == "cities", steps


def test_hidden_orient_cards_are_dealt_from_the_unseen_ones() -> None:
    state = position("orient", orient_market={3: ["O3-01", "O3-02"]})
    act(state, "reserve orient 3")
    secret = state.players[0].reserved[0]
    view = observe(state, 1)
    pool = {c.id for c in unseen_orient_cards(view, DATA)[3]}
    assert secret.id in pool and not pool & {"O3-01", "O3-02"} and len(pool) == 8
    guesses = set()
    for i in range(40):
        world = sample_world(view, DATA, random.Random(i))
        card = world.players[0].reserved[0]
        guesses.add(card.id)
        assert card.orient and card.level == 3
        assert world.orient_deck_sizes() == state.orient_deck_sizes()
        assert all(c.id in pool for c in world.decks[5])
    assert len(guesses) > 4 and guesses <= pool
    for i in range(5):  # the owner's worlds hold the real card
        assert sample_world(observe(state, 0), DATA, random.Random(i)).players[0].reserved == [
            secret]
