"""The server's bots: a few child processes (`BotProcess`) deciding for every table, driven
from the server's event loop, which never waits on them.

Decisions queue in the order they are asked (FIFO, so that no table overtakes another)
and go to the first idle child; a child is started when a decision waits and every child
is busy, up to `size`. The loop learns of an answer from the child's pipe becoming
readable (`add_reader`; a loop that cannot watch a pipe, Windows' proactor, looks every
`POLL` seconds instead) and looks at a busy child every `TICK` seconds besides, for its
deadline (`BotProcess`'s, counted from the later of the request and the child's readiness,
so that a child slow to start at nice 19 is not taken for a hung one: a hung, dead or
never ready child is replaced and asked again). What can take milliseconds (starting,
replacing and stopping a child) runs in a thread.

A decision that fails (the bot raised, its child died or missed the deadline again and
again: `BotProcess`'s error answer) is asked once more of the next weaker level
(`weaker`); if that fails too, the answer has no action and the table plays its first
legal move. Children run at a lower CPU priority (`NICE`): on a machine of two cores the
loop, which every player waits on, stays responsive while bots think.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from typing import Protocol, TypeVar

from splendor.session.bot_process import MIN_DEADLINE, Answer, BotProcess, Request, _serve

log = logging.getLogger(__name__)

T = TypeVar("T")

#: The children's niceness above the server's (Unix): the lowest priority, so that a
#: thinking bot yields a shared core to the loop at once. On 2 cores, 200 tables, experts
#: thinking at 20 of them (benchmarks/server_load.py): p95 26-30 ms at 19, 55 ms at 10,
#: over 500 ms at 0; the bots' pace is their time budget's either way.
NICE = 19
#: How often a busy child is looked at without news from its pipe (its deadline), and how
#: often a loop that cannot watch pipes polls them (seconds).
TICK = 0.25
POLL = 0.005


def default_size() -> int:
    """One child per core but one (for the loop), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def weaker(level: str) -> str | None:
    """The level asked when `level` fails: the next weaker of the ladder
    (levels_data/bots.yaml, then random); None for random."""
    from splendor.bots import BOT_NAMES
    from splendor.bots.profiles import shipped_profiles

    if level == "random":
        return None
    if level not in BOT_NAMES:
        return "random"
    ladder = {*shipped_profiles(), "random"}
    below = BOT_NAMES[:BOT_NAMES.index(level)]
    return next((name for name in reversed(below) if name in ladder), None)


def _niced_serve(nice: int, conn: Connection, data_name: str) -> None:
    """A child's main: lower its priority, then serve as the window's bots do."""
    if nice and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(nice)
    _serve(conn, data_name)


class PoolProcess(BotProcess):
    """A `BotProcess` whose child runs `nice` steps below its parent's priority."""

    def __init__(self, data_name: str = "base", *, nice: int = NICE,
                 min_deadline: float = MIN_DEADLINE) -> None:
        self.nice = nice  # before the child starts (in BotProcess.__init__)
        super().__init__(data_name, min_deadline=min_deadline)

    def _target(self) -> Callable[[Connection, str], None]:
        return functools.partial(_niced_serve, self.nice)


class Decides(Protocol):
    """What a table needs of its bots."""

    async def decide(self, request: Request) -> Answer: ...


@dataclass
class _Job:
    request: Request
    future: asyncio.Future[Answer]


@dataclass
class _Child:
    process: BotProcess
    #: A cancelled request may still be in the child: the next submit may start a new
    #: child (BotProcess does, rather than queue behind two), so it runs in a thread.
    dirty: bool = False


class BotPool:
    """Bot children shared by a server's tables; use from one event loop (the
    constructor may run anywhere). `close` stops every child."""

    def __init__(self, size: int | None = None, *, data_name: str = "base", nice: int = NICE,
                 process: Callable[[], BotProcess] | None = None,
                 watch_pipes: bool = True) -> None:
        """`size` children at most (default `default_size()`); `process` makes one (tests
        give misbehaving ones); `watch_pipes` False polls every `POLL` s instead of
        watching the children's pipes."""
        self.size = size if size is not None else default_size()
        if self.size < 1:
            raise ValueError(f"a bot pool of {self.size} processes")
        self._make = process or functools.partial(PoolProcess, data_name, nice=nice)
        self.watch_pipes = watch_pipes
        self._jobs: deque[_Job] = deque()
        #: Children waiting for a job: each waits on its future.
        self._idle: list[asyncio.Future[None]] = []
        self._workers: set[asyncio.Task[None]] = set()
        #: Every child process started and not closed (appended in the starting thread).
        self._processes: list[BotProcess] = []
        self._threads: ThreadPoolExecutor | None = None
        self._closed = False
        #: Decisions asked again of a weaker level, and those that failed there too.
        self.fallbacks = 0
        self.failures = 0

    # ------------------------------------------------------------ asking

    async def decide(self, request: Request) -> Answer:
        """The answer to `request`, from its level or, when that fails, the next weaker
        one; an answer without action (its `error` says why) when both fail."""
        answer = await self._ask(request)
        if answer.action is not None:
            return answer
        level = weaker(request.kind)
        if level is None:
            self.failures += 1
            return answer
        log.warning("bot %s failed (%s); asking %s", request.kind, answer.error, level)
        self.fallbacks += 1
        # Ahead of the queue: this decision has waited its turn already.
        retried = await self._ask(replace(request, kind=level), first=True)
        if retried.action is None:
            self.failures += 1
            return replace(retried, error=f"{request.kind}: {answer.error}; "
                                           f"{level}: {retried.error}")
        return retried

    async def _ask(self, request: Request, first: bool = False) -> Answer:
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        job = _Job(request, asyncio.get_running_loop().create_future())
        if first:
            self._jobs.appendleft(job)
        else:
            self._jobs.append(job)
        while self._idle:
            waiter = self._idle.pop()
            if not waiter.done():
                waiter.set_result(None)
                break
        else:
            if len(self._workers) < self.size:
                worker = asyncio.get_running_loop().create_task(self._work())
                self._workers.add(worker)
                worker.add_done_callback(self._workers.discard)
        answer = await job.future  # cancelled: the worker drops it
        return replace(answer, ticket=request.ticket)  # the child's ticket was its own

    async def _next_job(self) -> _Job:
        loop = asyncio.get_running_loop()
        while True:
            while self._jobs:
                job = self._jobs.popleft()
                if not job.future.done():  # else cancelled while it waited
                    return job
            waiter: asyncio.Future[None] = loop.create_future()
            self._idle.append(waiter)
            try:
                await waiter
            finally:
                if waiter in self._idle:
                    self._idle.remove(waiter)

    # ------------------------------------------------------------ one child

    async def _work(self) -> None:
        """One child's life: started, then deciding the jobs it takes, one at a time."""
        child: _Child | None = None
        while True:
            job = await self._next_job()
            try:
                if child is None:
                    child = _Child(await self._in_thread(self._start_process))
                answer = await self._answer(child, job)
            except asyncio.CancelledError:
                job.future.cancel()  # the pool closes: nobody waits on this job for ever
                raise
            except Exception as exc:  # a child that cannot start: the job fails, not the loop
                log.exception("the bot pool failed on a decision")
                answer = Answer(job.request.ticket, None, None, 0.0,
                                error=f"{type(exc).__name__}: {exc}")
            if answer is not None and not job.future.done():
                job.future.set_result(answer)

    def _start_process(self) -> BotProcess:
        process = self._make()
        self._processes.append(process)  # before returning: `close` finds it even then
        return process

    async def _answer(self, child: _Child, job: _Job) -> Answer | None:
        """The child's answer to `job`, or None once the job is cancelled."""
        process, request = child.process, job.request
        if process.alive() and not child.dirty:
            process.submit(request)
        else:  # it may start a new child first
            await self._in_thread(process.submit, request)
        child.dirty = False
        while True:
            if job.future.done():
                process.cancel()
                child.dirty = True
                return None
            if process.alive() and time.monotonic() <= process.deadline_at():
                # Reads what has come (the child's readiness too), never waits; only a
                # child dying or late between the test and here is replaced on the loop
                # (a few milliseconds, rarely).
                answer = process.poll()
            else:  # dead or late: poll replaces the child
                answer = await self._in_thread(process.poll)
            if answer is not None:
                return answer
            await self._news(process, job)

    async def _news(self, process: BotProcess, job: _Job) -> None:
        """Until the child's pipe is readable, the job is cancelled or a while passed."""
        loop = asyncio.get_running_loop()
        woken: asyncio.Future[None] = loop.create_future()

        def wake(*_: object) -> None:
            if not woken.done():
                woken.set_result(None)

        fd = self._fileno(process) if self.watch_pipes else None
        if fd is not None:
            try:
                loop.add_reader(fd, wake)
            except NotImplementedError:  # Windows' proactor loop: poll from now on
                self.watch_pipes, fd = False, None
        timer = loop.call_later(TICK if fd is not None else POLL, wake)
        job.future.add_done_callback(wake)
        try:
            await woken
        finally:
            timer.cancel()
            job.future.remove_done_callback(wake)
            if fd is not None:
                loop.remove_reader(fd)

    @staticmethod
    def _fileno(process: BotProcess) -> int | None:
        conn = getattr(process, "_conn", None)  # BotProcess's end of the pipe
        if conn is None or conn.closed:
            return None
        return int(conn.fileno())

    async def _in_thread(self, fn: Callable[..., T], *args: object) -> T:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(self.size + 1,
                                               thread_name_prefix="splendor-bot-pool")
        return await asyncio.get_running_loop().run_in_executor(self._threads, fn, *args)

    # ------------------------------------------------------------ the end

    def pids(self) -> list[int]:
        """The children's process ids (tests)."""
        return [p.pid for p in self._processes if p.pid is not None and p.alive()]

    async def close(self) -> None:
        """Stop every child (busy ones are killed); decisions still asked get
        CancelledError."""
        self._closed = True
        for job in self._jobs:
            job.future.cancel()
        self._jobs.clear()
        workers = list(self._workers)
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        loop = asyncio.get_running_loop()
        if self._threads is not None:
            # A child being started or replaced in a thread is in `_processes` once that
            # ends: wait for it, so that none is left behind.
            await loop.run_in_executor(None, functools.partial(
                self._threads.shutdown, wait=True, cancel_futures=True))
        processes, self._processes = self._processes, []
        if processes:
            await loop.run_in_executor(None, _close_all, processes)


def _close_all(processes: list[BotProcess]) -> None:
    for process in processes:
        process.close()
