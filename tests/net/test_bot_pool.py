"""The server's bots in child processes (net/bot_pool.py): the same choices as in this
process, in the order asked, a hung or dying child replaced and its decision asked of the
next weaker level (a child slow to start is not hung), the event loop never held while
bots think, and no process left."""

from __future__ import annotations

import asyncio
import functools
import os
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from splendor.engine import GameState, new_game, observe
from splendor.net.bot_pool import NICE, BotPool, weaker
from splendor.net.client import play_bot
from splendor.net.protocol import State
from splendor.net.table import TableSpec
from splendor.session.bot_process import (
    MAX_DEATHS,
    Answer,
    Request,
    child_pids,
    decide,
    fresh_random_state,
)
from tests.engine.modules.support import DATA
from tests.net.serving import client, receive_until, run, serving
from tests.session import bad_children
from tests.session.bad_children import Flaky

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")


#: The children this process had before each test (another test's may linger): a test
#: checks that none of its own is left.
BEFORE: set[int] = set()


@pytest.fixture(autouse=True)
def _children_before() -> None:
    BEFORE.clear()
    BEFORE.update(child_pids())


def new_children() -> set[int]:
    """This test's children still alive."""
    return set(child_pids()) - BEFORE


def request(kind: str, seed: int = 3, moves: int = 0, budget: float | None = None
            ) -> Request:
    """A decision of seat to move after `moves` moves of a game dealt from `seed`."""
    state = new_game(DATA, 3, seed)
    for _ in range(moves):
        state.apply(state.legal_actions()[seed % len(state.legal_actions())])
    return Request(moves, kind, seed, fresh_random_state(seed), observe(state, state.current),
                   budget=budget)


def running(pid: int) -> bool:
    """True while `pid` is a live process (a zombie counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def children_of(pids: list[int]) -> list[int]:
    """The live processes whose parent is one of `pids` (an expert's search worker)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) in pids:
            found.append(int(stat.parent.name))
    return found


async def gone(pids: list[int], within: float = 60.0) -> bool:
    """Whether every process of `pids` ends within `within` seconds (a process that
    watches its parent leaves some time after it; a nice-19 search worker still starting
    on a loaded machine took over 10 s to see it)."""
    end = time.monotonic() + within
    while any(running(p) for p in pids):
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.05)
    return True


class Recorded(Flaky):
    """A Flaky child that remembers the pid of every child it started."""

    def __init__(self, bad: Callable[[Connection, str], None], bad_starts: int | None,
                 bad_deadline: float | None = None) -> None:
        self.started: list[int] = []
        super().__init__(bad, bad_starts, bad_deadline)

    def _start(self) -> None:
        super()._start()
        assert self.pid is not None
        self.started.append(self.pid)


# ------------------------------------------------------------------ deciding


def test_the_ladder_goes_down_one_level_at_a_time() -> None:
    chain, level = [], "expert"
    while (lower := weaker(level)) is not None:
        chain.append(lower)
        level = lower
    assert chain == ["advanced", "hard", "medium", "easy", "random"]
    assert weaker("greedy") == "random" and weaker("no such bot") == "random"


@linux_only
def test_the_pool_decides_as_this_process_does_in_niced_children() -> None:
    asked = [request(kind, seed, moves) for kind, seed, moves in
             [("hard", 3, 0), ("easy", 5, 4), ("medium", 8, 7), ("random", 2, 1),
              ("hard", 9, 12), ("greedy", 4, 3)]]

    async def scenario() -> list[Answer]:
        pool = BotPool(2)
        try:
            answers = await asyncio.gather(*(pool.decide(r) for r in asked))
            pids = pool.pids()
            assert 1 <= len(pids) <= 2
            mine = os.getpriority(os.PRIO_PROCESS, 0)
            assert all(os.getpriority(os.PRIO_PROCESS, p) == min(19, mine + NICE)
                       for p in pids)
            return list(answers)
        finally:
            await pool.close()

    answers = run(scenario())
    for r, answer in zip(asked, answers, strict=True):
        wanted = decide(r, DATA)
        assert answer == replace(wanted, seconds=answer.seconds), r.kind
    assert not new_children()


def test_decisions_are_answered_in_the_order_they_were_asked() -> None:
    async def scenario() -> list[int]:
        pool = BotPool(1)
        order: list[int] = []

        async def table(number: int) -> None:
            await pool.decide(request("easy", seed=number))
            order.append(number)

        try:
            await pool.decide(request("random"))  # the child is up: none waits on its start
            tables = []
            for number in range(8):
                tables.append(asyncio.create_task(table(number)))
                await asyncio.sleep(0)  # asked in this order
            await asyncio.gather(*tables)
            return order
        finally:
            await pool.close()

    assert run(scenario()) == list(range(8))


# ------------------------------------------------------------------ failures


@linux_only
def test_a_hung_child_is_replaced_and_the_next_weaker_level_decides() -> None:
    made: list[Recorded] = []

    def hangs_twice() -> Recorded:  # the hard bot's child hangs, and its replacement too
        made.append(Recorded(bad_children.never_answers, bad_starts=2, bad_deadline=1.0))
        return made[-1]

    async def scenario() -> Answer:
        pool = BotPool(1, process=hangs_twice)
        try:
            answer = await pool.decide(request("hard", seed=6, moves=5))
            assert pool.fallbacks == 1 and pool.failures == 0
            hung = made[0].started[:2]
            assert await gone(hung, within=5.0), "a hung child was left behind"
            return answer
        finally:
            await pool.close()

    answer = run(scenario())
    assert len(made) == 1 and len(made[0].started) == 3  # two hung, one good
    wanted = decide(request("medium", seed=6, moves=5), DATA)
    assert answer.action == wanted.action and answer.error is None
    assert not new_children()


def test_a_child_slow_to_start_decides_and_is_not_replaced(tmp_path: Path) -> None:
    """A child at nice 19 on a busy machine may start slower than a decision's deadline:
    it was killed as hung and a weaker level played; now the deadline runs from its
    readiness."""
    release = tmp_path / "release"
    made: list[Recorded] = []

    def slow_start() -> Recorded:
        made.append(Recorded(functools.partial(bad_children.starts_when, str(release)),
                             bad_starts=1, bad_deadline=1.0))
        return made[-1]

    async def scenario() -> Answer:
        pool = BotPool(1, process=slow_start)
        try:
            deciding = asyncio.create_task(pool.decide(request("easy", seed=6, moves=5)))
            await asyncio.sleep(1.5)  # held until the deadline has passed since the request
            assert not deciding.done()
            release.touch()
            answer = await deciding
            assert pool.fallbacks == 0 and pool.failures == 0
            return answer
        finally:
            await pool.close()

    answer = run(scenario())
    assert len(made) == 1 and len(made[0].started) == 1  # never replaced
    wanted = decide(request("easy", seed=6, moves=5), DATA)
    assert answer == replace(wanted, seconds=answer.seconds)
    assert not new_children()


def test_when_the_weaker_level_fails_too_the_answer_has_no_action() -> None:
    made: list[Flaky] = []

    def always_dies() -> Flaky:
        made.append(Flaky(bad_children.dies_on_request, bad_starts=None))
        return made[-1]

    async def scenario() -> tuple[Answer, int, int]:
        pool = BotPool(1, process=always_dies)
        try:
            return await pool.decide(request("easy")), pool.fallbacks, pool.failures
        finally:
            await pool.close()

    answer, fallbacks, failures = run(scenario())
    assert answer.action is None and answer.error is not None
    assert "easy: " in answer.error and "random: " in answer.error
    assert fallbacks == 1 and failures == 1
    assert made[0].starts == 2 * MAX_DEATHS  # each level asked of MAX_DEATHS children
    assert not new_children()


# ------------------------------------------------------------------ the loop


@linux_only
def test_the_loop_keeps_its_beat_while_experts_think_elsewhere() -> None:
    """A heartbeat every 5 ms while two experts think a second each, four times: its
    gaps stay short (a decision that held the loop would leave a gap of a second) and
    this process does not spend the bots' thinking time."""
    gaps: list[float] = []

    async def scenario() -> tuple[float, float]:
        pool = BotPool(2)
        beating = True

        async def heartbeat() -> None:
            last = time.perf_counter()
            while beating:
                await asyncio.sleep(0.005)
                now = time.perf_counter()
                gaps.append(now - last)
                last = now

        beat = asyncio.create_task(heartbeat())
        cpu = time.process_time()
        try:
            answers = await asyncio.gather(*(
                pool.decide(request("expert", seed, moves=seed, budget=1.0))
                for seed in range(4)))
            cpu = time.process_time() - cpu
            assert all(a.action is not None for a in answers)
            workers = children_of(pool.pids())  # the experts' second search processes
        finally:
            beating = False
            await beat
            await pool.close()
        assert await gone(workers), "a search worker outlived its child"
        return cpu, sum(a.seconds for a in answers)

    cpu, thinking = run(scenario())
    assert thinking >= 2.0
    assert max(gaps) < 0.3, f"the loop stalled {max(gaps):.3f} s"
    assert cpu < 0.25 * thinking, f"this process spent {cpu:.2f} s of {thinking:.2f}"
    assert not new_children()


@linux_only
def test_closing_stops_busy_and_idle_children_and_fails_what_waits() -> None:
    async def scenario() -> list[int]:
        pool = BotPool(2)
        await asyncio.gather(pool.decide(request("random")), pool.decide(request("easy")))
        thinking = [asyncio.create_task(pool.decide(request("expert", s, budget=60.0)))
                    for s in range(3)]  # two think, one waits
        while len(pool._jobs) != 1 or pool._idle:  # two children took theirs
            await asyncio.sleep(0.01)
        pids = pool.pids()
        started = time.monotonic()
        await pool.close()
        assert time.monotonic() - started < 5.0
        for task in thinking:
            with pytest.raises(asyncio.CancelledError):
                await task
        with pytest.raises(RuntimeError):
            await pool.decide(request("easy"))
        return pids

    pids = run(scenario())
    assert len(pids) == 2 and not any(running(p) for p in pids)
    assert not new_children()


# ------------------------------------------------------------------ on a server


def test_a_server_s_bot_seat_plays_through_the_pool_and_its_children_go_with_it() -> None:
    async def game() -> tuple[bool, list[int]]:
        async with serving() as (server, url):
            table = server.open_table(TableSpec(2, None, ("easy",)), seed=11)
            await play_bot(client(url, "Ana"), "random", 1)
            assert table.finished.is_set() and table.over
            return table.state is not None, child_pids()

    played, during = run(game())
    assert played and len(set(during) - BEFORE) == 1, "one bot process played the bot seat"
    assert not new_children()


def test_a_bot_seat_whose_levels_both_fail_plays_its_first_legal_move() -> None:
    async def game() -> tuple[str, str]:
        bots = BotPool(1, process=lambda: Flaky(bad_children.dies_on_request, bad_starts=None))
        async with serving(bots=bots) as (server, url):
            table = server.open_table(TableSpec(2, None, ("hard",)), seed=5)
            ana = client(url, "Ana")
            await ana.connect()
            while not any(entry.seat == 1 for entry in table.log):  # until the bot moved
                await receive_until(ana, lambda m: isinstance(m, State))
                if ana.to_act() and ana.view is not None:
                    await ana.play(ana.view.legal_actions[0], turn=len(ana.view.history))
            assert table.state is not None and bots.failures == 1
            moved = next(e.index for e in table.log if e.seat == 1)
            position = GameState.from_setup(DATA, table.state.setup)
            for action in table.state.history[:moved]:
                position.apply(action)
            return table.state.history[moved].text(), position.legal_actions()[0].text()

    played, first_legal = run(game())
    assert played == first_legal
    assert not new_children()
