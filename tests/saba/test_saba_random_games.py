"""Seeded random games of 2-4 players keep every invariant of docs/RULES_SABA.md 9.1 at
every step, and all end."""

from __future__ import annotations

from collections import Counter

import pytest

from splendor.saba.engine import SabaState
from tests.saba.helpers import random_game
from tests.saba.invariants import check_invariants

GAMES = 40


def play_checked(players: int, seed: int) -> SabaState:
    before: SabaState | None = None
    state = None
    for state in random_game(players, seed):
        check_invariants(state, before)
        before = state.clone()
    assert state is not None
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants_and_end(players: int) -> None:
    endings: Counter[str] = Counter()
    for seed in range(GAMES):
        state = play_checked(players, 1000 * players + seed)
        assert state.is_over(), f"seed {seed}: no end after 300 rounds"
        outcome = state.outcome()
        endings[outcome.reason] += 1
        assert outcome.points == state.scores()
        assert set(outcome.winners) <= set(range(players)) and outcome.winners
    # Random players end games both ways (S60 a and b).
    assert endings["palace_cards"] and endings["end_card"], endings
