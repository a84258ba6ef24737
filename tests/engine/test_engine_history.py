"""The history a state and its views hold: shared rather than copied, so observing costs
the same at any length; a snapshot that later moves, and clones' moves, never change."""

from __future__ import annotations

import pickle
import tracemalloc

import pytest

from splendor.bench import endless_game
from splendor.engine import GameState, observe
from splendor.gamedata import base_game

DATA = base_game()


def endless(actions: int) -> GameState:
    return endless_game(DATA, actions)


def observe_allocation(state: GameState) -> int:
    """Bytes a call of observe() allocates at its peak."""
    observe(state, 0)  # warm caches (legal actions) before measuring
    tracemalloc.start()
    try:
        observe(state, 0)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_observe_does_not_copy_the_history() -> None:
    short, long = endless(100), endless(5000)
    small, large = observe_allocation(short), observe_allocation(long)
    # Copying 5,000 action texts alone would take well over 40 kB.
    assert large < small + 2000, (small, large)
    view = observe(long, 1)
    assert len(view.history) == 5000
    assert view.history[-1] == long.history[-1].text()
    assert view.history[:3] == tuple(a.text() for a in long.history[:3])


def test_a_view_keeps_its_history_while_the_game_goes_on() -> None:
    state = endless(40)
    view = observe(state, 0)
    texts = tuple(a.text() for a in state.history)
    snapshot = state.history
    for action in endless(60).history[40:]:
        state.apply(action)
    assert view.history == texts and len(view.history) == 40
    assert list(snapshot) == list(state.history[:40]) and len(snapshot) == 40
    assert observe(state, 0).history == tuple(a.text() for a in state.history)


def test_a_clone_and_its_original_never_see_each_others_moves() -> None:
    state = endless(30)
    clone = state.clone()
    view = observe(state, 1)
    first, second = state.legal_actions()[:2]
    clone.apply(first)  # the clone appends first to the shared log ...
    state.apply(second)  # ... the original then continues on its own copy
    assert clone.history[-1] == first and state.history[-1] == second
    assert list(clone.history[:30]) == list(state.history[:30])
    assert len(view.history) == 30 and view.history[-1] == state.history[29].text()
    more = state.legal_actions()[0]
    state.apply(more)
    assert len(clone.history) == 31 and clone.history[-1] == first


def test_histories_compare_by_content_and_pickle_only_their_part() -> None:
    state = endless(12)
    history, texts = state.history, observe(state, 0).history
    assert history == list(history) and history == tuple(history)
    assert texts == tuple(a.text() for a in history)
    assert texts == [a.text() for a in history]
    assert texts != tuple(a.text() for a in history[:-1])
    state.apply(state.legal_actions()[0])
    for value in (history, texts):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and len(again) == 12
    assert hash(texts) == hash(tuple(texts))
    with pytest.raises(IndexError):
        history[12]
    assert history[-12] == history[0]
