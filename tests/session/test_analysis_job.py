"""The analysis as the window runs it: a decision at a time through the bots (never
waiting), the result the same as in one go, kept whole in the file only when finished,
nothing kept after a cancel or a failure, and every seat analysed answering for fewer."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from splendor.engine import GameState, make_record
from splendor.session import analysis as analysis_module
from splendor.session.analysis import Analysis
from splendor.session.analysis_job import AnalysisJob, AnalysisSource
from splendor.session.analysis_store import FIELD, kept_analysis
from splendor.session.bot_process import (
    AnalysisRequest,
    Answer,
    BotProcess,
    InlineBots,
    child_pids,
)
from splendor.storage.saves import save_document, write_save
from tests.session.test_analysis import DATA, bot_game

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Hal"}]
BUDGET = 6


@pytest.fixture(scope="module")
def state() -> GameState:
    return bot_game(5, ("hard", "hard"), actions=14)


def source_for(tmp_path: Path, state: GameState) -> AnalysisSource:
    path = tmp_path / "game.json"
    write_save(path, save_document(state, SEATS))
    return AnalysisSource(DATA, state, ("human", "hard"), path)


def run_out(job: AnalysisJob, limit: int = 1000) -> int:
    """Tick until the job ends; how many ticks it took."""
    for ticks in range(1, limit):
        job.tick()
        if not job.running:
            return ticks
    raise AssertionError("the job never ended")


def test_the_job_judges_through_the_bots_and_keeps_the_whole_result(
        tmp_path: Path, state: GameState) -> None:
    source = source_for(tmp_path, state)
    assert source.people == (0,) and source.offers_choice
    job = AnalysisJob(source, [0], BUDGET, InlineBots())
    assert job.total > 2 and job.progress == 0.0
    job.tick()  # asks for the first decision: nothing judged yet, nothing waited for
    assert job.done == 0 and job.running
    run_out(job)
    expected = Analysis(DATA, make_record(state), [0], BUDGET).run()
    assert job.result == expected and job.progress == 1.0
    kept, problem = kept_analysis(source.path, state, BUDGET)  # type: ignore[arg-type]
    assert problem is None and kept == expected
    assert source.kept([0], BUDGET) == expected


def test_a_cancel_or_a_failure_keeps_nothing(tmp_path: Path, state: GameState) -> None:
    source = source_for(tmp_path, state)
    assert source.path is not None
    before = source.path.read_bytes()
    job = AnalysisJob(source, [0, 1], BUDGET, InlineBots())
    for _ in range(5):
        job.tick()
    assert 0 < job.done < job.total
    job.cancel()
    assert job.cancelled and not job.running and job.tick() is None
    assert job.result is None and source.kept([0], BUDGET) is None
    assert source.path.read_bytes() == before

    class Failing(InlineBots):
        def poll(self) -> Answer | None:
            return Answer(1, None, None, 0.0, error="the bot process died 3 times")

    failed = AnalysisJob(source, [0], BUDGET, Failing())
    run_out(failed)
    assert failed.error == "the bot process died 3 times" and failed.result is None
    assert source.path.read_bytes() == before and FIELD not in source.path.read_text()


def test_every_seat_analysed_answers_for_fewer_and_a_second_look_costs_nothing(
        tmp_path: Path, state: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    source = source_for(tmp_path, state)
    run_out(AnalysisJob(source, [0], BUDGET, InlineBots()))
    run_out(AnalysisJob(source, [1], BUDGET, InlineBots()))
    both = source.kept([0, 1], BUDGET)
    assert both is not None and both.seats == (0, 1), "the seats of both runs, kept"
    assert both == Analysis(DATA, make_record(state), [0, 1], BUDGET).run()

    def refuse(*args: object) -> None:
        raise AssertionError("judged again")

    monkeypatch.setattr(analysis_module, "judge", refuse)
    fresh = AnalysisSource(DATA, state, ("human", "hard"), source.path)
    asked: list[AnalysisRequest] = []

    class Watching(InlineBots):
        def submit(self, request: object) -> int:
            asked.append(request)  # type: ignore[arg-type]
            return 0

    again = AnalysisJob(fresh, [0], BUDGET, Watching())
    assert again.total == 0
    assert run_out(again) == 1 and not asked, "finished in one tick, nothing asked"
    assert again.result == source.kept([0], BUDGET)


def test_a_second_process_judges_beside_the_bots_and_the_figures_are_the_same(
        tmp_path: Path, state: GameState) -> None:
    """Both cores: the job's own extra process judges every other decision; the result
    is the one analysis (each judgement is seeded by its position), and the extra
    process is gone when the job ends."""
    source = source_for(tmp_path, state)
    before = set(child_pids())  # another test's may linger
    bots = BotProcess()
    try:
        job = AnalysisJob(source, [0, 1], BUDGET, bots, extra=1)
        deadline = time.monotonic() + 120
        while job.running and time.monotonic() < deadline:
            job.tick()
            time.sleep(0.005)
        assert job.result == Analysis(DATA, make_record(state), [0, 1], BUDGET).run()
        assert set(child_pids()) - before == {bots.pid}  # the extra one closed
    finally:
        bots.close()
