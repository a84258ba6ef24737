"""The expert's second worker: a process that searches its own share of a decision.

Root-parallel search: the expert sends a `Share` (the seat's view, never the game; the
candidates; a seed of its own; a simulation count or a deadline) and searches its own
share meanwhile; the worker answers with its per-candidate visits and value sums, which
the expert adds to its own. One worker per process, started on the first decision that
wants it and reused for the next ones (`shared_worker`); it is never started when only one
core is available, nor in a daemonic process (a tournament's pool worker: the cores are
busy already). It exits with the process that owns it: closed at exit, killed with it
(it watches its parent), and killed on a failure; the next decision starts a new one, up
to `MAX_FAILURES` times.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import multiprocessing
import multiprocessing.connection
import os
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Protocol

from splendor.bots.profiles import HeuristicProfile
from splendor.bots.value.leaf import Leaf
from splendor.engine import Action, View

#: How often an idle worker checks that its parent is still there (seconds).
_PARENT_CHECK = 0.5
#: A worker that owes an answer this long is thought hung and replaced (seconds).
HUNG_AFTER = 10.0
#: After this many failed shares (died, hung, raised) a process stops using workers.
MAX_FAILURES = 3


@dataclass(frozen=True, slots=True)
class Share:
    """One worker's part of a decision: search `candidates` from `view` (a seat's view)
    with its own seed, for `simulations` or until the wall-clock `deadline`."""

    job: int
    profile: HeuristicProfile
    view: View
    candidates: tuple[Action, ...]
    seed: int
    simulations: int | None
    deadline: float | None  # time.time() when the share must stop
    lean: bool
    rollout_turns: int
    replies: int = 0
    leaves: tuple[tuple[str | None, Leaf], ...] = ()
    halving: tuple[str | None, ...] = ()
    follow: int = 0


@dataclass(frozen=True, slots=True)
class ShareResult:
    """A share's statistics: visits and value sums by candidate, simulations run."""

    job: int
    visits: list[int]
    totals: list[float]
    done: int
    error: str | None = None


class Helper(Protocol):
    """What the expert needs of a second worker (tests give in-process or failing ones)."""

    def submit(self, share: Share) -> bool: ...

    def collect(self, job: int, timeout: float) -> ShareResult | None: ...


#: What a worker does with a share (the expert's `run_share`).
Runner = Callable[[Share], ShareResult]


def owner_messages(conn: Connection) -> Iterator[Any]:
    """What the owning process sends on `conn`, until it sends None, the pipe closes or
    the owner is gone (so that an orphaned child process ends)."""
    parent = multiprocessing.parent_process()
    watch: list[Any] = [conn] + ([parent.sentinel] if parent is not None else [])
    while True:
        ready = multiprocessing.connection.wait(watch, timeout=_PARENT_CHECK)
        if parent is not None and (parent.sentinel in ready or not parent.is_alive()):
            return
        if conn not in ready:
            continue
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        yield message


def _serve(conn: Connection, run: Runner) -> None:
    """The worker's loop: search shares with `run` until told to stop or orphaned."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # its owner decides what Ctrl+C means
    for share in owner_messages(conn):
        try:
            conn.send(run(share))
        except OSError:
            return


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class SearchWorker:
    """A worker process, started on the first `submit` and again after a failure."""

    def __init__(self, run: Runner) -> None:
        self._run = run
        self._process: Any = None
        self._conn: Connection | None = None
        self.failures = 0
        self.starts = 0
        #: Jobs sent and not answered yet, with when they were sent.
        self._owed: dict[int, float] = {}

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def _start(self) -> None:
        """Start a worker process; on an exception nothing is left half made."""
        context = multiprocessing.get_context("spawn")
        conn, child_conn = context.Pipe()
        process = context.Process(target=_serve, args=(child_conn, self._run),
                                  name="splendor-search", daemon=True)
        self.starts += 1
        try:
            process.start()
        except BaseException:
            conn.close()
            raise
        finally:
            child_conn.close()
        # Kept only once started: a process that never started cannot be joined.
        self._process, self._conn = process, conn

    def submit(self, share: Share) -> bool:
        """Send `share`; False (and the worker stopped) when it cannot be sent, or when
        it has failed `MAX_FAILURES` times (not started again). A worker that has left an
        answer owed for `HUNG_AFTER` seconds is replaced first."""
        if self.failures >= MAX_FAILURES:
            return False
        try:
            if self._process is not None and self._process.is_alive():
                self._drain()
            now = time.perf_counter()
            if self._owed and now - min(self._owed.values()) > HUNG_AFTER:
                self._failed()
            if self._process is None or not self._process.is_alive():
                self.close(wait=0.0)
                self._start()
            assert self._conn is not None
            self._conn.send(share)
            self._owed[share.job] = now
        except Exception:  # no worker: the expert searches alone
            self._failed()
            return False
        return True

    def _drain(self) -> None:
        """Drop the late answers that have come (their decisions were made without)."""
        while self._conn is not None and self._conn.poll(0):
            result = self._conn.recv()
            self._owed.pop(getattr(result, "job", -1), None)

    def collect(self, job: int, timeout: float) -> ShareResult | None:
        """`job`'s result, waiting at most `timeout` seconds; None when it did not come
        in time (its late answer is dropped when it comes: a worker on a deadline stops
        on it, so it is soon free again) or the worker failed."""
        end = time.perf_counter() + timeout
        try:
            assert self._conn is not None
            while self._conn.poll(max(0.0, end - time.perf_counter())):
                result = self._conn.recv()
                self._owed.pop(getattr(result, "job", -1), None)
                if isinstance(result, ShareResult) and result.job == job:
                    if result.error is not None:
                        self.failures += 1
                        return None
                    return result
            return None
        except Exception:  # died or garbled: searched alone
            self._failed()
            return None

    def _failed(self) -> None:
        self.failures += 1
        self.close(wait=0.0)

    def close(self, wait: float = 0.2) -> None:
        """Stop the worker now and reap it (one still busy after `wait` s is killed)."""
        if self._conn is not None:
            with contextlib.suppress(Exception):  # already gone
                self._conn.send(None)
            self._conn.close()
            self._conn = None
        self._owed.clear()
        if self._process is not None:
            self._process.join(wait)
            if self._process.is_alive():
                self._process.kill()
                self._process.join(5.0)
            self._process = None


_jobs = itertools.count(1)
_shared: SearchWorker | None = None


def next_job() -> int:
    return next(_jobs)


def shared_worker(run: Runner) -> SearchWorker | None:
    """This process's worker, searching shares with `run` (not started until a share is
    sent), or None when a second worker cannot help: one core, a daemonic process, or
    too many failures."""
    global _shared
    if cores() < 2 or multiprocessing.current_process().daemon:
        return None
    if _shared is None:
        _shared = SearchWorker(run)
        atexit.register(_shared.close)
    if _shared.failures >= MAX_FAILURES:
        return None
    return _shared


def close_shared_worker() -> None:
    """Stop this process's worker (the bots' process does so before it exits)."""
    if _shared is not None:
        _shared.close()
