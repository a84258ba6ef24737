"""Thousands of seeded random games keep every invariant and all end (RULES.md).

The CI run plays 2,000 games (2, 3 and 4 players); `pytest -m slow` plays 10,000.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from splendor.engine import GameData, Phase, new_game
from splendor.gamedata import base_game
from splendor.match import DEFAULT_ROUND_CAP
from tests.invariants import check_invariants


def sweep(data: GameData, games: int, first_seed: int) -> Counter[str]:
    """Play random games, checking invariants at the end of every turn; count how they end."""
    endings: Counter[str] = Counter()
    for i in range(games):
        seed = first_seed + i
        state = new_game(data, 2 + i % 3, seed)
        rng = random.Random(seed)
        check_invariants(state)
        while not state.is_over() and state.round <= DEFAULT_ROUND_CAP:
            state.apply(rng.choice(state.legal_actions()))
            if state.phase in (Phase.MAIN, Phase.OVER):
                check_invariants(state)
        if state.is_over():
            endings[state.outcome().reason] += 1
            # Everyone has had the same number of turns when the target ends the game.
            if state.end_reason == "target":
                assert state.turns % state.num_players == 0
                assert max(state.scores()) >= data.target_points
        else:
            endings["capped"] += 1
    return endings


def test_two_thousand_random_games_keep_invariants() -> None:
    endings = sweep(base_game(), 2000, first_seed=10_000)
    assert sum(endings.values()) == 2000
    # Random play reaches the target far below the cap; a cap hit would mean a stuck engine.
    assert endings["capped"] == 0, endings
    assert endings["target"] > 1900, endings


@pytest.mark.slow
def test_ten_thousand_random_games_keep_invariants() -> None:
    endings = sweep(base_game(), 10_000, first_seed=1_000_000)
    assert sum(endings.values()) == 10_000
    assert endings["capped"] == 0, endings
