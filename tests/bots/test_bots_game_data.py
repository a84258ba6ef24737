"""Bots are built for a game's data (make_bot takes it) and play by its numbers; the
expert plays its rollouts through the engine's unchecked path, its candidate checked."""

from __future__ import annotations

import dataclasses
import random

import pytest

from splendor.bots import BOT_NAMES, make_bot
from splendor.bots.expert import ExpertBot
from splendor.bots.heuristic import HeuristicBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.value import situation_from_view
from splendor.engine import GameState, Phase, new_game, observe
from splendor.gamedata import base_game
from splendor.match import play_match

#: The base game played to 9 points with at most 7 tokens in hand.
SHORT = dataclasses.replace(base_game(), target_points=9, token_limit=7)


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_plays_a_game_with_other_numbers_legally(name: str) -> None:
    bots = [make_bot(name, seed, data=SHORT, budget=0.01) for seed in (1, 2)]
    kept_limit = []

    def check(state: GameState, seat: int, action: object) -> None:
        assert action in state.legal_actions(), f"{name} chose {action!r}"
        if state.phase is Phase.MAIN:
            kept_limit.append(all(sum(p.tokens) <= 7 for p in state.players))

    result = play_match(SHORT, bots, seed=5, first_player=0, on_action=check)
    assert result.finished, f"{name} did not finish a game to 9 points"
    assert result.state.outcome().reason == "target" and max(result.state.scores()) >= 9
    assert all(kept_limit)


def test_the_bots_read_the_rules_numbers_from_the_data_they_are_given() -> None:
    hard, expert = (make_bot(n, 0, data=SHORT) for n in ("hard", "expert"))
    assert isinstance(hard, HeuristicBot) and hard.data is SHORT
    assert isinstance(expert, ExpertBot) and expert.data is SHORT
    view = observe(new_game(SHORT, 2, seed=1), 0)
    situation = situation_from_view(view, SHORT)
    assert (situation.target, situation.token_limit) == (9, 7)
    default = make_bot("hard", 0)
    assert isinstance(default, HeuristicBot) and default.data.token_limit == base_game().token_limit


def test_the_expert_checks_its_candidates_and_not_its_rollout_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts = {"apply": 0, "apply_unchecked": 0}
    checked, unchecked = GameState.apply, GameState.apply_unchecked

    def counting_apply(self: GameState, action: object) -> None:
        counts["apply"] += 1
        checked(self, action)  # type: ignore[arg-type]

    def counting_unchecked(self: GameState, action: object) -> None:
        counts["apply_unchecked"] += 1
        unchecked(self, action)  # type: ignore[arg-type]

    state = new_game(base_game(), 3, seed=4)
    rng = random.Random(4)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase is Phase.MAIN and len(state.legal_actions()) > 2
    view = observe(state, state.current)
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    bot = ExpertBot(hard, base_game(), 1, budget=None, simulations=20)
    monkeypatch.setattr(GameState, "apply", counting_apply)
    monkeypatch.setattr(GameState, "apply_unchecked", counting_unchecked)
    action = bot.choose(view)
    assert action in view.legal_actions
    # One checked apply per simulation (its candidate move), then only unchecked moves:
    # the checked apply itself goes through apply_unchecked once.
    assert counts["apply"] == bot.last_simulations > 0
    assert counts["apply_unchecked"] > 3 * counts["apply"]
