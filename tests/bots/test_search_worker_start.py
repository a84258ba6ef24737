"""The expert's second worker slow to start (a busy machine) is not taken for a hung one:
a share is thought hung `hung_after` seconds after the later of its sending and the
worker's `Ready`; a worker never ready fails after the start limit, and the expert
searches alone meanwhile."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

import splendor.bots.search_worker as search_worker
from splendor.bots.expert import run_share
from splendor.bots.search_worker import Runner, SearchWorker, ShareResult
from splendor.engine import observe
from tests.bots.test_expert_workers import POSITIONS, SIMULATIONS, InProcess, expert
from tests.session import bad_children


class Held(SearchWorker):
    """A worker process running `target` (held before its start, or never ready), whose
    `collect` notes what it returned."""

    def __init__(self, target: Callable[[Connection, Runner], None], **limits: float
                 ) -> None:
        super().__init__(run_share, **limits)
        self.target = target
        self.collected: list[ShareResult | None] = []

    def _target(self) -> Callable[[Connection, Runner], None]:
        return self.target

    def collect(self, job: int, timeout: float) -> ShareResult | None:
        self.collected.append(super().collect(job, timeout))
        return self.collected[-1]


def wait_until(moment: float) -> None:
    """Wait until `time.perf_counter()` passes `moment` (a limit under test)."""
    while time.perf_counter() < moment:
        time.sleep(0.01)


def test_a_worker_slow_to_start_answers_and_is_not_failed(tmp_path: Path) -> None:
    """Its start, held past `hung_after` since the first share was sent, is not a search.
    Before, the next decision killed it as hung (a failure: after three, no second worker
    for the rest of the process) and lost its share."""
    release = tmp_path / "release"
    worker = Held(functools.partial(bad_children.starts_when, str(release),
                                    serve=search_worker._serve), hung_after=0.5)
    view = observe(POSITIONS[1], POSITIONS[1].current)
    try:
        first = expert(5, workers=2, simulations=None)
        first.helper = worker
        assert first.choose(view) in view.legal_actions  # alone: the worker is held
        assert worker.collected == [None] and worker.starts == 1
        held = 2 * worker.hung_after  # since the share was sent; far below the start limit
        assert held < worker.start_limit
        wait_until(time.perf_counter() + held)
        release.touch()
        # A fixed count: the worker's share is the same statistics as one searched here.
        second = expert(5, workers=2)
        second.helper = worker
        good = expert(5, workers=2)
        good.helper = InProcess()
        assert second.choose(view) == good.choose(view)
        assert second.last_simulations == SIMULATIONS
        assert worker.collected[-1] is not None, "the worker answered the share"
        assert worker.failures == 0 and worker.starts == 1 and worker.ready
    finally:
        worker.close()


def test_a_worker_never_ready_fails_after_the_start_limit() -> None:
    worker = Held(bad_children.never_ready, hung_after=0.2, start_limit=1.0)
    view = observe(POSITIONS[0], POSITIONS[0].current)
    try:
        first = expert(3, workers=2, simulations=None)
        first.helper = worker
        assert first.choose(view) in view.legal_actions
        started = time.perf_counter()  # after the worker's start
        assert worker.starts == 1 and worker.failures == 0
        wait_until(started + worker.start_limit)
        # The next decision fails it (and starts another, never ready either): the
        # decision is this process's search alone, on time.
        second = expert(3, workers=2, simulations=None)
        second.helper = worker
        start = time.perf_counter()
        assert second.choose(view) in view.legal_actions
        assert time.perf_counter() - start < (second.budget or 0.0) + 2.0  # against a hang
        assert second.last_simulations > 0
        assert worker.collected == [None, None], "no share answered"
        assert worker.failures == 1 and worker.starts == 2 and not worker.ready
    finally:
        worker.close()
    assert worker.pid is None
