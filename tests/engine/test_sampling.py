"""Determinization: worlds sampled from a seat's view agree with the view and hide nothing."""

from __future__ import annotations

import dataclasses
import random

import pytest

from splendor.engine import (
    GameState,
    HiddenCard,
    View,
    WorldSampler,
    new_game,
    observe,
    sample_world,
)
from splendor.gamedata import base_game
from tests.invariants import check_invariants


def without_history(view: View) -> View:
    return dataclasses.replace(view, history=())


def random_position(seed: int, players: int, moves: int) -> GameState:
    state = new_game(base_game(), players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sampled_world_looks_the_same_from_the_seat(players: int) -> None:
    for seed in range(40):
        state = random_position(seed, players, moves=seed * 3)
        if state.is_over():
            continue
        for seat in range(players):
            view = observe(state, seat)
            world = sample_world(view, base_game(), random.Random(seed))
            check_invariants(world)
            assert without_history(observe(world, seat)) == without_history(view)
            if seat == state.current:
                assert world.legal_actions() == state.legal_actions()


def test_hidden_cards_are_dealt_from_the_unseen_ones_not_copied() -> None:
    # Seat 0 reserves blind from level 3; seat 1's worlds must vary that card.
    state = new_game(base_game(), 2, 8, first_player=0)
    from splendor.engine import parse_action

    state.apply(parse_action("reserve deck 3"))
    secret = state.players[0].reserved[0]
    view = observe(state, 1)
    assert view.players[0].reserved == (HiddenCard(3),)
    guesses = {
        sample_world(view, base_game(), random.Random(i)).players[0].reserved[0].id
        for i in range(60)
    }
    assert len(guesses) > 5, "the sampled blind card should vary across worlds"
    assert all(g.startswith("L3-") for g in guesses)
    market = {c.id for c in state.market_cards()}
    assert not guesses & market, "a visible market card cannot be the hidden one"
    # The owner's worlds always hold the real card.
    own = observe(state, 0)
    for i in range(10):
        assert sample_world(own, base_game(), random.Random(i)).players[0].reserved[0] == secret


def test_sampling_is_deterministic_for_a_seeded_generator() -> None:
    state = random_position(5, 3, moves=40)
    view = observe(state, 2)
    a = sample_world(view, base_game(), random.Random(99))
    b = sample_world(view, base_game(), random.Random(99))
    assert a == b


def test_a_sampled_world_plays_on_to_the_end() -> None:
    state = random_position(12, 4, moves=30)
    world = sample_world(observe(state, state.current), base_game(), random.Random(1))
    rng = random.Random(2)
    while not world.is_over():
        world.apply(rng.choice(world.legal_actions()))
        check_invariants(world)
    assert world.outcome().winners


def test_worlds_sampled_in_a_row_from_one_view_are_independent_and_alike() -> None:
    # What every world of a view shares is made once: a world changed by play leaves the
    # next world of that sampler as it would be, the same as a world sampled afresh.
    state = random_position(3, 2, moves=25)
    view = observe(state, 0)
    worlds = WorldSampler(view, base_game())
    first = worlds.deal(random.Random(4))
    play = random.Random(6)
    while not first.is_over():
        first.apply(play.choice(first.legal_actions()))
    rng = random.Random(4)
    again = worlds.deal(rng)
    later = worlds.deal(rng)
    assert again == sample_world(dataclasses.replace(view), base_game(), random.Random(4))
    assert without_history(observe(later, 0)) == without_history(view)
    assert later.decks != again.decks, "each world deals the unseen cards anew"


def test_no_world_of_a_finished_game() -> None:
    state = random_position(3, 2, moves=25)
    play = random.Random(8)
    while not state.is_over():
        state.apply(play.choice(state.legal_actions()))
    with pytest.raises(ValueError, match="game is over"):
        WorldSampler(observe(state, 0), base_game())
