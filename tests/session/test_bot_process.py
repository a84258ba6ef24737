"""Bots in their own process: same choices as in this process, cancellable, no orphans."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from splendor.engine import new_game, observe
from splendor.gamedata import base_game
from splendor.session.bot_process import (
    BotProcess,
    InlineBots,
    Request,
    decide,
    fresh_random_state,
)
from splendor.session.game import Session
from splendor.session.seats import GameOptions, SeatOption

DATA = base_game()
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bots() -> Iterator[BotProcess]:
    process = BotProcess()
    yield process
    process.close()


def request(kind: str, seed: int = 3, simulations: int | None = None,
            budget: float | None = None) -> Request:
    state = new_game(DATA, 2, 21)
    return Request(0, kind, seed, fresh_random_state(seed), observe(state, state.current),
                   budget=budget, simulations=simulations)


def test_the_process_chooses_as_this_process_does(bots: BotProcess) -> None:
    for kind, simulations in (("expert", 40), ("hard", None), ("easy", None)):
        wanted = decide(request(kind, simulations=simulations), DATA)
        bots.submit(request(kind, simulations=simulations))
        answer = bots.wait(timeout=60)
        assert answer is not None and answer.error is None
        assert answer.action == wanted.action
        assert answer.random_state == wanted.random_state


def test_a_cancelled_request_never_answers(bots: BotProcess) -> None:
    bots.submit(request("expert", budget=0.5))
    bots.cancel()
    assert not bots.busy
    assert bots.poll() is None
    ticket = bots.submit(request("medium"))
    answer = bots.wait(timeout=60)
    assert answer is not None and answer.ticket == ticket
    assert answer.action == decide(request("medium"), DATA).action


def test_an_unknown_bot_comes_back_as_an_error_not_a_crash(bots: BotProcess) -> None:
    bots.submit(request("nobody"))
    answer = bots.wait(timeout=60)
    assert answer is not None and answer.action is None
    assert "nobody" in (answer.error or "")
    assert bots.alive()


def test_a_session_plays_a_whole_bot_game_through_the_process(bots: BotProcess) -> None:
    seats = (SeatOption("medium", "A"), SeatOption("easy", "B"))
    session = Session(DATA, GameOptions(seats, first_player=0, seed=2), bots)
    deadline = time.monotonic() + 120
    while not session.is_over():
        assert time.monotonic() < deadline, "the game did not finish"
        session.poll()
        session.commit_incoming()
        time.sleep(0.0005)
    assert session.bot_error is None
    assert session.state.outcome().winners


def test_close_stops_the_process() -> None:
    process = BotProcess()
    process.submit(request("hard"))
    assert process.wait(timeout=60) is not None
    pid = process.pid
    process.close()
    assert not process.alive()
    assert pid is not None and not _running(pid)


def _running(pid: int) -> bool:
    """True while `pid` is a live process (a zombie counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to watch the child")
def test_no_orphan_survives_a_killed_parent(tmp_path: Path) -> None:
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent("""
        import os, signal, sys
        from splendor.session.bot_process import BotProcess
        if __name__ == "__main__":
            bots = BotProcess()
            print(bots.pid, flush=True)
            sys.stdin.readline()
            os.kill(os.getpid(), signal.SIGKILL)
    """))
    parent = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert parent.stdout is not None and parent.stdin is not None
    child = int(parent.stdout.readline())
    assert _running(child)
    parent.stdin.write("go\n")
    parent.stdin.flush()
    parent.wait(timeout=30)
    deadline = time.monotonic() + 10
    while _running(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(child), "the bot process outlived its parent"


def test_a_killed_bot_process_is_replaced_and_the_game_goes_on() -> None:
    process = BotProcess()
    try:
        seats = (SeatOption("hard", "A"), SeatOption("medium", "B"))
        session = Session(DATA, GameOptions(seats, first_player=0, seed=8), process)
        session.poll()
        assert session.thinking
        pid = process.pid
        assert pid is not None
        os.kill(pid, 9)
        deadline = time.monotonic() + 60
        while len(session.state.history) < 4:
            assert time.monotonic() < deadline, "the game did not go on"
            session.poll()
            session.commit_incoming()
            time.sleep(0.001)
        assert process.restarts == 1 and process.pid != pid
        # The moves are the ones the bots would have made anyway.
        straight = Session(DATA, GameOptions(seats, first_player=0, seed=8), InlineBots())
        while len(straight.state.history) < len(session.state.history):
            straight.poll()
            straight.commit_incoming()
        assert straight.state.history == session.state.history
    finally:
        process.close()


def _children(pid: int) -> list[int]:
    """The live processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
            except OSError:
                continue
            if f"\nPPid:\t{pid}\n" in status and "State:\tZ" not in status:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to find the worker")
def test_the_experts_second_worker_is_the_bot_process_child_and_closes_with_it() -> None:
    process = BotProcess()
    try:
        seconds = []
        for _ in range(3):  # the worker is started once and kept for the next decisions
            process.submit(request("expert", budget=0.3))
            answer = process.wait(timeout=60)
            assert answer is not None and answer.error is None
            seconds.append(answer.seconds)
        # The first decision also loads the bots; the next ones keep to the budget (give
        # or take what a loaded machine costs: benchmarks/expert_workers.py measures it),
        # and do not wait the 5 s a silent worker would cost.
        assert max(seconds[1:]) < 0.3 + 2.0, f"decisions took {seconds} s for 0.3 s"
        assert process.pid is not None
        workers = [p for p in _children(process.pid)
                   if "resource_tracker" not in Path(f"/proc/{p}/cmdline").read_text()]
        assert len(workers) == 1, f"one search worker expected, found {workers}"
    finally:
        process.close()
    deadline = time.monotonic() + 10
    while _running(workers[0]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(workers[0]), "the search worker outlived the bots' process"
