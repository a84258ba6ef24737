"""The expert's widening search (`ExpertBot(search="widening")`): priors from the rollout
profile's scores, candidates admitted best first as the simulations grow, legal and
deterministic play, and worlds sampled from the seat's view only.
"""

from __future__ import annotations

import random

import pytest

from splendor.bots import Bot, make_bot
from splendor.bots.expert import WIDEN_START, WIDEST, ExpertBot, widths
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.engine import GameState, Phase, View, observe, sample_world
from splendor.gamedata import base_game
from tests.bots.test_bots import (
    POSITIONS,
    Searches,
    opponents_blind,
    permute_hidden,
    play_checked,
)

DATA = base_game()


def widening(seed: int, simulations: int = 30) -> ExpertBot:
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    return ExpertBot(hard, DATA, seed, budget=None, simulations=simulations,
                     search="widening")


def main_positions() -> list[GameState]:
    return [s for s in POSITIONS
            if not s.is_over() and s.phase is Phase.MAIN and len(s.legal_actions()) > 8]


def test_an_unknown_search_is_refused_by_name() -> None:
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    with pytest.raises(ValueError, match=r"unknown search 'deep'.*flat, widening"):
        ExpertBot(hard, DATA, search="deep")


def test_the_pool_is_the_best_actions_with_softmax_priors() -> None:
    bot = widening(1)
    for state in main_positions()[:6]:
        view = observe(state, state.current)
        scores = bot.scores(view)
        pool, priors = bot.pool(view, scores)
        assert len(pool) == min(len(view.legal_actions), WIDEST * bot.candidates)
        assert pool[: bot.candidates] == bot.ranked(view, scores), "the flat search's first"
        assert abs(sum(priors) - 1.0) < 1e-9
        assert priors == sorted(priors, reverse=True), "a better score, a larger prior"
        worst = min(scores[view.legal_actions.index(a)] for a in pool)
        assert all(s <= worst for a, s in zip(view.legal_actions, scores, strict=True)
                   if a not in pool), "no better action left out"


def test_candidates_are_admitted_best_first_as_simulations_grow() -> None:
    bot = widening(2)
    for state in main_positions()[:4]:
        view = observe(state, state.current)
        pool, priors = bot.pool(view, bot.scores(view))
        for limit in (3, 20, 60):
            visits, totals, done = bot.statistics(view, pool, None, limit, None, priors)
            visited = [i for i, v in enumerate(visits) if v]
            assert done == sum(visits) <= limit
            assert visited[-1] < widths(len(pool), done - 1), "none beyond the width"
            assert visited[:WIDEN_START] == list(range(WIDEN_START)), "the first few all tried"
            assert all(0.0 <= t <= v for t, v in zip(totals, visits, strict=True))
    assert [widths(12, d) for d in (0, 16, 100, 300, 10_000)] == [3, 5, 8, 11, 12]


def test_the_widening_expert_plays_legal_deterministic_games() -> None:
    for game in range(2):
        searches = Searches(widening(game))
        bots: list[Bot] = [searches, make_bot("hard", game)]
        if game:
            bots.reverse()
        first = play_checked(bots, 60 + game, first_player=0)
        assert len(searches.searched) > 15
        assert all(2 <= n <= 30 for n in searches.searched), searches.searched
        bots = [widening(game), make_bot("hard", game)]
        if game:
            bots.reverse()
        again = play_checked(bots, 60 + game, first_player=0)
        assert again.state.history == first.state.history, "the same seeds, the same game"


def test_the_widening_expert_plans_over_sampled_worlds_of_its_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import splendor.bots.expert as expert_module

    calls: list[View] = []

    def recording_sample_world(view: View, data: object, rng: random.Random) -> GameState:
        assert isinstance(view, View), "the expert must sample from its view"
        calls.append(view)
        return sample_world(view, DATA, rng)

    monkeypatch.setattr(expert_module, "sample_world", recording_sample_world)
    rng = random.Random(12)
    states = sorted(main_positions(), key=lambda s: -opponents_blind(s, s.current))
    blind = 0
    for state in states[:6] + states[-3:]:
        seat = state.current
        blind += opponents_blind(state, seat) > 0
        moves = []
        for view in (observe(state, seat), observe(permute_hidden(state, seat, rng), seat)):
            calls.clear()
            bot = widening(3, simulations=12)
            moves.append(bot.choose(view))
            assert len(calls) == bot.last_simulations and all(v is view for v in calls)
        # Only hidden information differs: the same move.
        assert moves[0] == moves[1]
    assert blind >= 4
