"""A bot process that misbehaves never stalls or crashes the game: a hung or stopped
child is replaced after the decision's deadline (a slow start is not counted in it, a
child never ready fails after the start limit), a dying one is not restarted for ever, a
closed pipe is not an error, and garbage is the bot's failure; a failed seat can be
handed to another level and the game goes on from the same position."""

from __future__ import annotations

import functools
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from splendor.engine import Reserve, new_game, observe
from splendor.gamedata import base_game
from splendor.session import saving
from splendor.session.bot_process import (
    MAX_DEATHS,
    MAX_TIMEOUTS,
    MIN_DEADLINE,
    Answer,
    BotProcess,
    InlineBots,
    Request,
    _serve,
    decide,
    fresh_random_state,
)
from splendor.session.game import Session
from tests.helpers import options_for
from tests.session import bad_children
from tests.session.bad_children import Flaky

DATA = base_game()
#: Seconds a test waits at most for what it expects (nothing hangs the suite).
LIMIT = 60.0
linux_only = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc, sends SIGSTOP")


def request(kind: str = "easy", budget: float | None = None) -> Request:
    state = new_game(DATA, 2, 21)
    return Request(0, kind, 3, fresh_random_state(3), observe(state, state.current),
                   budget=budget)


def running(pid: int | None) -> bool:
    """True while `pid` is a live process (a zombie counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def until(done: Callable[[], bool], session: Session) -> None:
    """Poll `session` (as the table does each frame) until `done()`, at most LIMIT s."""
    end = time.monotonic() + LIMIT
    while not done():
        assert time.monotonic() < end, "the session never got there"
        session.poll()
        session.commit_incoming()
        time.sleep(0.002)


def until_ready(process: BotProcess) -> None:
    """Read the child's pipe until it has said it is ready, at most LIMIT s (a test that
    stops a deciding child stops it once started, not while it starts)."""
    end = time.monotonic() + LIMIT
    while not process.ready:
        assert time.monotonic() < end, "the child never got ready"
        process.poll()
        time.sleep(0.01)


# ------------------------------------------------------------------ deadlines


def test_the_deadline_is_well_above_the_levels_budget() -> None:
    process = BotProcess.__new__(BotProcess)  # no child needed to read deadlines
    process.min_deadline = MIN_DEADLINE
    assert process.deadline_for(request("easy")) == MIN_DEADLINE
    assert process.deadline_for(request("expert")) == MIN_DEADLINE  # 1 s budget
    assert process.deadline_for(request("expert", budget=4.0)) == 20.0


@linux_only
def test_a_stopped_child_is_replaced_and_asked_again() -> None:
    process = Flaky(_serve, bad_deadline=1.0)  # a real child, stopped below
    try:
        until_ready(process)
        stopped = process.pid
        assert stopped is not None
        os.kill(stopped, signal.SIGSTOP)
        process.submit(request("easy"))
        answer = process.wait(timeout=LIMIT)
        assert answer is not None and answer.error is None
        assert answer.action == decide(request("easy"), DATA).action
        assert process.restarts == 1 and process.pid != stopped
        assert not running(stopped), "the stopped child was left behind"
    finally:
        process.close()


@linux_only
def test_pause_and_resume_over_a_stopped_child_do_not_stall_the_game() -> None:
    """Resuming asked the same stopped child again, for ever: now its deadline passes."""
    process = Flaky(_serve, bad_deadline=1.0)  # a real child, stopped below
    try:
        until_ready(process)
        session = Session(DATA, options_for(["easy", "human"]), process)
        stopped = process.pid
        os.kill(stopped or 0, signal.SIGSTOP)
        session.poll()
        assert session.thinking
        for _ in range(3):
            session.pause()
            session.resume()
            session.poll()
        until(lambda: len(session.state.history) == 1, session)
        assert session.bot_error is None and not running(stopped)
    finally:
        process.close()


def test_a_child_that_never_answers_fails_the_move_and_the_game_waits() -> None:
    process = Flaky(bad_children.never_answers, bad_starts=None, bad_deadline=0.5)
    try:
        session = Session(DATA, options_for(["easy", "human"]), process)
        until(lambda: session.bot_error is not None, session)
        assert "no answer" in (session.bot_error or "")
        assert session.failed_seat == 0 and not session.thinking
        assert process.restarts == 1  # asked twice, once on a fresh child
        assert session.state.history == []
    finally:
        process.close()
    assert not process.alive()


@pytest.mark.slow
@linux_only
def test_a_stopped_child_does_not_stall_a_game_with_the_real_deadline() -> None:
    process = BotProcess()
    try:
        until_ready(process)
        session = Session(DATA, options_for(["expert", "easy"], seed=5), process)
        session.poll()
        assert session.thinking
        stopped = process.pid
        os.kill(stopped or 0, signal.SIGSTOP)
        until(lambda: len(session.state.history) >= 2, session)
        assert process.restarts == 1 and not running(stopped)
    finally:
        process.close()


# ------------------------------------------------------------------ starting


def test_a_child_slow_to_start_answers_and_is_not_replaced(tmp_path: Path) -> None:
    """Its start, held past the decision's deadline (a busy machine), is not thinking:
    the deadline runs from its readiness. Before, it was killed as hung."""
    release = tmp_path / "release"
    process = Flaky(functools.partial(bad_children.starts_when, str(release)),
                    bad_deadline=1.0)  # the first child, the slow one; no other
    try:
        process.submit(request("easy"))
        held = time.monotonic() + 1.5  # until the deadline has passed since the request
        while time.monotonic() < held:
            assert process.poll() is None and not process.ready
            time.sleep(0.01)
        release.touch()
        answer = process.wait(timeout=LIMIT)
        assert answer is not None and answer.error is None
        assert answer.action == decide(request("easy"), DATA).action
        assert process.starts == 1 and process.restarts == 0 and process.alive()
    finally:
        process.close()


def test_a_child_that_never_becomes_ready_fails_the_move_after_the_start_limit() -> None:
    started = time.monotonic()
    process = Flaky(bad_children.never_ready, bad_starts=None, bad_deadline=0.2,
                    start_limit=1.0)
    try:
        process.submit(request("easy"))
        answer = process.wait(timeout=LIMIT)
        assert answer is not None and answer.action is None
        assert "not ready in 1 s" in (answer.error or "")
        # Each child had the start limit, not the decision's shorter deadline.
        assert time.monotonic() - started >= MAX_TIMEOUTS * 1.0
        assert process.starts == MAX_TIMEOUTS and not process.alive()
    finally:
        process.close()


# ------------------------------------------------------------------ closing


@linux_only
@pytest.mark.parametrize("stop", [False, True], ids=["thinking", "stopped"])
def test_closing_while_a_bot_thinks_is_immediate(stop: bool) -> None:
    process = BotProcess()
    process.submit(request("expert", budget=30.0))
    pid = process.pid
    time.sleep(0.3)  # the child is started and thinking (or about to)
    if stop:
        os.kill(pid or 0, signal.SIGSTOP)
    started = time.monotonic()
    process.close()
    # Before: the child was asked to stop and awaited 1 s (2 s when stopped).
    assert time.monotonic() - started < 0.5
    assert not running(pid)


# ------------------------------------------------------------------ deaths


def test_a_child_that_dies_on_every_request_is_not_restarted_for_ever() -> None:
    process = Flaky(bad_children.dies_on_request, bad_starts=None)
    try:
        session = Session(DATA, options_for(["easy", "human"]), process)
        until(lambda: session.bot_error is not None, session)
        assert "died" in (session.bot_error or "")
        assert process.starts == MAX_DEATHS and process.restarts == MAX_DEATHS - 1
        for _ in range(20):  # the game waits: no new process, no new request
            session.poll()
        assert process.starts == MAX_DEATHS and not session.thinking
    finally:
        process.close()


def test_a_child_that_died_once_is_replaced_and_the_answer_is_the_same() -> None:
    process = Flaky(bad_children.dies_on_request, bad_starts=1)
    try:
        process.submit(request("medium"))
        answer = process.wait(timeout=LIMIT)
        assert answer is not None and answer.error is None
        assert answer.action == decide(request("medium"), DATA).action
        assert process.restarts == 1
    finally:
        process.close()


def test_a_closed_pipe_of_a_child_not_yet_reaped_is_no_crash() -> None:
    process = Flaky(bad_children.closes_its_pipe, bad_starts=1)
    try:
        assert process._conn.poll(LIMIT)  # its end is closed; it is still alive
        assert process.alive()
        process.submit(request("easy"))  # raised BrokenPipeError
        answer = process.wait(timeout=LIMIT)
        assert answer is not None and answer.error is None
        assert answer.action == decide(request("easy"), DATA).action
    finally:
        process.close()


# ------------------------------------------------------------------ garbage


@pytest.mark.parametrize("bad, said", [(bad_children.sends_garbage, "unreadable"),
                                        (bad_children.sends_no_answer, "not an answer")])
def test_garbage_from_the_child_is_a_bot_error_and_a_new_child_serves_on(
        bad: object, said: str) -> None:
    process = Flaky(bad, bad_starts=1)  # type: ignore[arg-type]
    try:
        session = Session(DATA, options_for(["easy", "human"]), process)
        until(lambda: session.bot_error is not None, session)  # raised out of poll
        assert said in (session.bot_error or "")
        session.replace_bot(0, "greedy")
        until(lambda: len(session.state.history) == 1, session)
        assert process.restarts == 1
    finally:
        process.close()


class IllegalBots(InlineBots):
    """Answers every request with a move that is not legal (and not even a move)."""

    def __init__(self, action: object) -> None:
        super().__init__()
        self.action = action

    def poll(self) -> Answer | None:
        answer = super().poll()
        if answer is None:
            return None
        return Answer(answer.ticket, self.action, None, 0.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [Reserve("L9-99"), "take white", None],
                         ids=["illegal", "not-an-action", "none"])
def test_a_wrong_answer_stops_the_game_which_is_kept_and_goes_on_with_another_level(
        action: object, tmp_path: Path) -> None:
    session = Session(DATA, options_for(["human", "hard"], seed=4), InlineBots())
    session.play(session.view().legal_actions[0])
    session._bots = IllegalBots(action)
    until(lambda: session.bot_error is not None, session)  # raised IllegalActionError
    assert session.failed_seat == 1 and session.incoming is None
    kept = list(session.state.history)
    assert len(kept) == 1
    saving.save_as(session, tmp_path / "kept.json")  # the game can be saved as it is
    session._bots = InlineBots()
    assert session.fallback_level(1) == "medium"
    session.replace_bot(1, "medium")
    assert session.bot_error is None and session.options.seats[1].kind == "medium"
    until(lambda: len(session.state.history) == 2, session)
    assert session.state.history[:1] == kept
    resumed = saving.load(tmp_path / "kept.json", DATA, InlineBots())
    assert resumed.state.history == kept and resumed.options.seats[1].kind == "hard"


def test_a_wrong_hint_is_no_hint_and_stops_nothing() -> None:
    session = Session(DATA, options_for(["human", "hard"]), IllegalBots("nonsense"))
    assert session.request_hint() is None
    session.poll()
    session.poll()
    assert session.hint is None and not session.hint_pending
    assert session.bot_error is None


def test_the_weakest_level_is_offered_again_and_a_person_is_never_replaced() -> None:
    session = Session(DATA, options_for(["human", "random", "expert"]), InlineBots())
    assert session.fallback_level(1) == "random"
    # Not advanced: a weaker search runs the machinery that just failed.
    assert session.fallback_level(2) == "hard"
    assert Session(DATA, options_for(["human", "advanced"]), InlineBots()
                   ).fallback_level(1) == "hard"
    assert Session(DATA, options_for(["human", "hard"]), InlineBots()
                   ).fallback_level(1) == "medium"
    with pytest.raises(ValueError):
        session.replace_bot(0, "easy")
    with pytest.raises(ValueError):
        session.replace_bot(1, "nobody")
