"""The expert's two workers (root parallelism, `splendor.bots.search_worker`): the same
move for a fixed count every time and on every machine (one core: both shares searched
here), the total of both workers' simulations, the time budget kept, and a failed
worker's decision searched here.
"""

from __future__ import annotations

import random
import time

import pytest

import splendor.bots.search_worker as search_worker
from splendor.bots import make_bot
from splendor.bots.expert import ExpertBot, run_share
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.search_worker import SearchWorker, Share, ShareResult
from splendor.engine import GameState, Phase, new_game, observe
from splendor.gamedata import base_game
from tests.bots.sampling_spy import record_samples
from tests.bots.test_bots import opponents_blind, permute_hidden

DATA = base_game()
SIMULATIONS = 40


def positions() -> list[GameState]:
    """Main-phase positions of a game between two hard bots, a few turns apart."""
    state = new_game(DATA, 2, 17)
    bots = [make_bot("hard", 1), make_bot("hard", 2)]
    found = []
    while not state.is_over() and len(found) < 4:
        if state.phase is Phase.MAIN and state.turns % 7 == 3 and len(
                state.legal_actions()) > 4:
            found.append(state.clone())
        state.apply(bots[state.current].choose(observe(state, state.current)))
    return found


POSITIONS = positions()


def expert(seed: int, workers: int, simulations: int | None = SIMULATIONS) -> ExpertBot:
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    return ExpertBot(hard, DATA, seed, budget=None if simulations else 0.3,
                     simulations=simulations, workers=workers)


class InProcess:
    """A helper that searches its share in this process (as the worker would)."""

    def __init__(self) -> None:
        self.shares: list[Share] = []
        self._results: dict[int, ShareResult] = {}

    def submit(self, share: Share) -> bool:
        self.shares.append(share)
        self._results[share.job] = run_share(share)
        return True

    def collect(self, job: int, timeout: float) -> ShareResult | None:
        return self._results.pop(job)


class Failing:
    """A helper whose worker takes the share and never answers (died, hung)."""

    def __init__(self) -> None:
        self.asked = 0

    def submit(self, share: Share) -> bool:
        self.asked += 1
        return True

    def collect(self, job: int, timeout: float) -> ShareResult | None:
        return None


def test_two_workers_choose_the_same_move_every_time() -> None:
    view = observe(POSITIONS[1], POSITIONS[1].current)
    runs = []
    for _ in range(2):
        bot = expert(5, workers=2)
        runs.append((bot.choose(view), bot.last_simulations, bot.rng.getstate()))
        assert bot.helper is search_worker.shared_worker(run_share), "the process's worker was used"
    # The worker process and the same share searched here give the same statistics.
    inline = expert(5, workers=2)
    inline.helper = InProcess()
    runs.append((inline.choose(view), inline.last_simulations, inline.rng.getstate()))
    assert runs[0] == runs[1] == runs[2]
    assert runs[0][1] == SIMULATIONS, "last_simulations is both workers' total"
    share = inline.helper.shares[0]  # type: ignore[attr-defined]
    assert share.simulations == SIMULATIONS // 2 and share.deadline is None


def test_a_fixed_count_is_split_alike_on_one_core_and_two(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    two_cores = []
    for state in POSITIONS:
        view = observe(state, state.current)
        bot = expert(3, workers=2)
        two_cores.append((bot.choose(view), bot.last_simulations, bot.rng.getstate()))
        assert bot.helper is not None, "two cores: the worker process searched a share"
    monkeypatch.setattr(search_worker, "cores", lambda: 1)
    assert search_worker.shared_worker(run_share) is None
    differ = 0
    for state, expected in zip(POSITIONS, two_cores, strict=True):
        view = observe(state, state.current)
        bot = expert(3, workers=2)
        # One core: the second share is searched here, with its own seed: the same move.
        assert (bot.choose(view), bot.last_simulations, bot.rng.getstate()) == expected
        assert bot.helper is None
        one = expert(3, workers=1)  # one worker (challenges verify): the plain search
        one.choose(view)
        differ += one.rng.getstate() != bot.rng.getstate()
    assert differ == len(POSITIONS), "workers=1 is not split"


def test_one_core_on_a_time_budget_searches_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_worker, "cores", lambda: 1)
    view = observe(POSITIONS[0], POSITIONS[0].current)
    bot = expert(3, workers=2, simulations=None)
    start = time.perf_counter()
    assert bot.choose(view) in view.legal_actions
    assert time.perf_counter() - start < 0.3 * 1.1 + 0.1
    assert bot.helper is None and bot.last_simulations > 6


def test_a_failed_worker_leaves_the_decision_to_this_process() -> None:
    view = observe(POSITIONS[2], POSITIONS[2].current)
    good = expert(8, workers=2)
    good.helper = InProcess()
    failed = expert(8, workers=2)
    failed.helper = Failing()
    # A fixed count: the lost share is searched here with its seed, so the same move.
    assert failed.choose(view) == good.choose(view)
    assert failed.last_simulations == good.last_simulations == SIMULATIONS
    assert failed.helper.asked == 1  # type: ignore[attr-defined]
    # On a time budget the decision is this worker's search alone, on time.
    timed = expert(8, workers=2, simulations=None)
    timed.helper = Failing()
    start = time.perf_counter()
    assert timed.choose(view) in view.legal_actions
    assert time.perf_counter() - start < 0.3 * 1.1 + 0.1
    assert timed.last_simulations > 6


def test_a_killed_worker_process_is_replaced_and_the_move_kept() -> None:
    view = observe(POSITIONS[0], POSITIONS[0].current)
    worker = SearchWorker(run_share)
    first = expert(4, workers=2)
    first.helper = worker
    move = first.choose(view)
    assert worker.pid is not None and worker.failures == 0
    worker._process.kill()  # the worker dies between two decisions
    worker._process.join(5.0)
    again = expert(4, workers=2)
    again.helper = worker
    assert again.choose(view) == move and again.last_simulations == SIMULATIONS
    assert worker.starts == 2, "a new worker was started for the second decision"
    worker.close()
    assert worker.pid is None


def test_two_workers_keep_to_the_time_budget() -> None:
    view = observe(POSITIONS[1], POSITIONS[1].current)
    bot = expert(6, workers=2, simulations=None)
    bot.choose(view)  # the worker is started (once per process)
    elapsed = []
    for _ in range(2):  # one retry against a scheduling hiccup
        start = time.perf_counter()
        assert bot.choose(view) in view.legal_actions
        elapsed.append(time.perf_counter() - start)
        if elapsed[-1] <= 0.3 * 1.1 + 0.05:
            break
    assert elapsed[-1] <= 0.3 * 1.1 + 0.05, f"decisions took {elapsed} s for 0.3 s"
    assert bot.last_simulations > 6


def test_the_expert_level_searches_with_two_workers() -> None:
    bot = make_bot("expert", 0)
    assert isinstance(bot, ExpertBot) and bot.workers == 2


def test_both_workers_plan_over_sampled_worlds_of_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = record_samples(monkeypatch)
    rng = random.Random(2)
    blind = 0
    for state in POSITIONS:
        seat = state.current
        copy = permute_hidden(state, seat, rng)
        blind += opponents_blind(state, seat) > 0
        moves = []
        for view in (observe(state, seat), observe(copy, seat)):
            calls.clear()
            bot = expert(3, workers=2)
            bot.helper = InProcess()
            moves.append(bot.choose(view))
            # Both shares' worlds are sampled from the seat's view; the share sent to the
            # worker holds that view, not the game.
            assert len(calls) == bot.last_simulations == SIMULATIONS
            assert all(v is view for v in calls)
            share = bot.helper.shares[0]  # type: ignore[attr-defined]
            assert share.view is view
            assert not any(isinstance(getattr(share, f), GameState) for f in share.__slots__)
        # Only hidden information differs: the same move (the worker process too).
        assert moves[0] == moves[1]
        real = expert(3, workers=2).choose(observe(copy, seat))
        assert real == moves[0]
