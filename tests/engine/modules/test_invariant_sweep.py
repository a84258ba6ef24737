"""Seeded random games of every module keep every invariant at every decision and end
(or hit the round cap): tokens and gold conserved, every card (double golds included) in
exactly one place, three strongholds per player in supply or on cards, points equal to
cards + nobles + trading posts (tests/engine/modules/support.py). The default run plays
100 games per module (2, 3 and 4 players); `pytest -m slow` plays 2,500 per module."""

from __future__ import annotations

from collections import Counter

import pytest

from splendor.match import DEFAULT_ROUND_CAP
from tests.engine.modules.support import DATA, MODULES, check_module_invariants, random_game


def sweep(module: str, games: int, first_seed: int) -> Counter[str]:
    """Play random games checking the invariants at every decision; count the endings."""
    endings: Counter[str] = Counter()
    for i in range(games):
        seed = first_seed + i
        state = None
        # half the games favour purchases (deeper games), half play uniformly at random
        bias = 0.6 if i % 2 else 0.0
        for state in random_game(module, 2 + i % 3, seed, buy_bias=bias, cap=DEFAULT_ROUND_CAP):
            check_module_invariants(state)
        assert state is not None
        if state.is_over():
            endings[state.outcome().reason] += 1
            if state.end_reason != "all_passed":
                assert state.turns % state.num_players == 0
            if state.end_reason == "target":
                assert max(state.scores()) >= DATA.target_points
        else:
            assert state.round > DEFAULT_ROUND_CAP
            endings["capped"] += 1
    return endings


#: How random games of each module end (a cap hit would mean a stuck engine).
ENDING = {"cities": "city", "trading-posts": "target", "orient": "target",
          "strongholds": "target"}


@pytest.mark.parametrize("module", MODULES)
def test_random_games_of_every_module_keep_the_invariants(module: str) -> None:
    endings = sweep(module, 100, first_seed=20_000)
    assert sum(endings.values()) == 100
    assert endings["capped"] == 0, endings
    assert endings[ENDING[module]] >= 95, endings


@pytest.mark.slow
@pytest.mark.parametrize("module", MODULES)
def test_many_random_games_of_every_module_keep_the_invariants(module: str) -> None:
    endings = sweep(module, 2_500, first_seed=3_000_000)
    assert sum(endings.values()) == 2_500
    assert endings["capped"] == 0, endings
