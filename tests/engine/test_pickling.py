"""Engine values cross process lines (bots' processes, search workers) by pickle: every
frozen dataclass comes back equal, with its fields in place (`engine/pickling.py`)."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from splendor.engine import actions as actions_module
from splendor.engine import new_game, observe
from splendor.gamedata import base_game

DATA = base_game()


def _played(module: str | None, moves: int, seed: int):  # type: ignore[no-untyped-def]
    state = new_game(DATA, 3, seed, module=module)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _round_trip(value: object) -> object:
    return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


@pytest.mark.parametrize("module", [None, "cities", "trading-posts", "orient", "strongholds"])
def test_a_view_and_every_legal_action_come_back_equal(module: str | None) -> None:
    state = _played(module, 45, seed=7)
    for seat in range(state.num_players):
        view = observe(state, seat)
        again = _round_trip(view)
        assert again == view
        assert hash(again) == hash(view)
    for action in state.legal_actions():
        assert _round_trip(action) == action


def test_actions_with_no_field_and_with_one_come_back() -> None:
    classes = [c for c in vars(actions_module).values()
               if isinstance(c, type) and dataclasses.is_dataclass(c)]
    sizes = {len(dataclasses.fields(c)) for c in classes}
    assert 0 in sizes and 1 in sizes  # the special cases of fast_pickle are exercised
    assert _round_trip(actions_module.Pass()) == actions_module.Pass()
