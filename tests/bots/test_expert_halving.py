"""The expert's sequential halving: candidates compared on the same sampled worlds with the
same rollout luck, the worse half dropped after each phase."""

from __future__ import annotations

import pytest

from splendor.bots import make_bot
from splendor.bots.expert import ExpertBot, run_share
from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
from splendor.engine import Action, Phase, View, observe
from tests.bots.sampling_spy import record_samples
from tests.bots.test_expert_workers import InProcess
from tests.bots.test_leaf_model import DATA, positions


def bot(seed: int = 7, **kwargs: object) -> ExpertBot:
    profiles = shipped_profiles()
    hard, expert = profiles["hard"], profiles["expert"]
    assert isinstance(hard, HeuristicProfile) and isinstance(expert, SearchProfile)
    return ExpertBot(hard, DATA, seed, halving=(None, "strongholds"), leaves=expert.leaves(),
                     **kwargs)  # type: ignore[arg-type]


def decisions(count: int, module: str | None = None) -> list[tuple[View, list[Action]]]:
    """Main-phase views with at least six legal moves, and the expert's candidates."""
    out = []
    for state in positions(4 * count, module):
        if state.phase is Phase.MAIN and len(state.legal_actions()) >= 6:
            view = observe(state, state.current)
            searcher = bot()
            out.append((view, searcher.ranked(view, searcher.scores(view))))
    return out[:count]


@pytest.mark.parametrize("module", [None, "strongholds"])
def test_each_phase_halves_the_candidates_and_the_finalists_are_visited_most(
    module: str | None,
) -> None:
    for view, candidates in decisions(4, module):
        visits, totals, done = bot(budget=None).statistics(view, candidates, None, 200)
        n = len(candidates)
        assert n == 6
        assert sum(visits) == done and 200 - 3 * n < done <= 200
        # Six candidates: three dropped after the first phase, one after the second, two
        # played to the end; each group visited more than the one dropped before it.
        levels = sorted(set(visits))
        assert [visits.count(v) for v in levels] == [3, 1, 2]
        # The budget is split evenly between the three phases.
        first, second, last = 6 * levels[0], 3 * (levels[1] - levels[0]), 2 * (
            levels[2] - levels[1])
        assert max(first, second, last) - min(first, second, last) <= 6
        # The move played is the finalist with the better mean.
        move = bot(budget=None, simulations=200).choose(view)
        finalists = [k for k in range(n) if visits[k] == levels[-1]]
        assert move == candidates[max(finalists, key=lambda k: totals[k])]


def test_every_candidate_in_a_phase_plays_the_same_worlds_with_the_same_luck(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = record_samples(monkeypatch)
    for view, candidates in decisions(3):
        # The same move twice: on the same worlds with the same rollout luck it scores the
        # same to the last bit (with UCB1's own worlds and luck it would not).
        calls.clear()
        twice = [candidates[0], candidates[0]]
        visits, totals, _ = bot(budget=None).statistics(view, twice, None, 60)
        assert visits == [30, 30] and totals[0] == totals[1]
        # One world dealt a round, from the seat's view: the finalists saw every one.
        calls.clear()
        visits, _, _ = bot(budget=None).statistics(view, candidates, None, 120)
        assert len(calls) == max(visits) and all(v is view for v in calls)


def test_a_fixed_count_plays_the_same_move_for_a_seed() -> None:
    for view, _ in decisions(4):
        runs = {(move := (b := bot(budget=None, simulations=60)).choose(view),
                 b.last_simulations) for _ in range(2)}
        assert len(runs) == 1
        move, done = runs.pop()
        assert move in view.legal_actions and 0 < done <= 60


def test_on_a_clock_every_phase_plays_at_least_one_world() -> None:
    view, candidates = decisions(1)[0]
    visits, _, done = bot(budget=0.001).statistics(view, candidates, 0.0)
    assert sorted(visits) == [1, 1, 1, 2, 3, 3] and done == 11


def test_with_two_workers_the_second_halves_its_own_worlds_too() -> None:
    view, _ = decisions(1)[0]
    searcher = bot(budget=None, simulations=240, workers=2)
    searcher.helper = InProcess()
    searcher.choose(view)
    share = searcher.helper.shares[0]  # type: ignore[attr-defined]
    assert None in share.halving and share.simulations == 120
    theirs = run_share(share)
    levels = sorted(set(theirs.visits))
    assert [theirs.visits.count(v) for v in levels] == [3, 1, 2]
    assert 240 - 36 < searcher.last_simulations <= 240


def test_only_the_games_named_are_searched_by_halving() -> None:
    # Cities is not named: UCB1, whose visits are not the halving's three groups.
    view, candidates = decisions(1, "cities")[0]
    visits, _, _ = bot(budget=None).statistics(view, candidates, None, 200)
    assert [visits.count(v) for v in sorted(set(visits))] != [3, 1, 2]


def test_the_shipped_expert_halves_in_the_games_its_profile_names() -> None:
    # levels_data/bots.yaml's `halving:` (validated in test_bot_profiles).
    expert = shipped_profiles()["expert"]
    assert isinstance(expert, SearchProfile)
    made = make_bot("expert", 1)
    assert isinstance(made, ExpertBot)
    assert made.halving == expert.halving_games() == {None}
