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

The worker says `Ready` once started (its imports done, which take the longest): a share is
thought hung `HUNG_AFTER` seconds after the later of its sending and that message, so that a
worker slow to start (a busy machine) is not taken for a hung one; a worker not ready within
`START_LIMIT` of its start fails likewise, so that nothing waits on it for ever.
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
from typing import TYPE_CHECKING, Any, Protocol

from splendor.bots.profiles import HeuristicProfile
from splendor.bots.value.leaf import Leaf
from splendor.engine import Action, View

if TYPE_CHECKING:
    from splendor.bots.value.net import ValueNet  # numpy: only where a policy is used

#: How often an idle worker checks that its parent is still there (seconds).
_PARENT_CHECK = 0.5
#: A worker that owes an answer this long is thought hung and replaced (seconds), counted
#: from its `Ready` when that comes after the share: a start is not a search.
HUNG_AFTER = 10.0
#: Seconds a worker may take from its start to its `Ready` before it is thought stuck and
#: replaced, as a hung one. A start takes a fraction of a second on an idle machine but can
#: take tens of seconds on two cores shared with other busy processes; one that needs
#: longer than this is stuck, or on a machine where its shares could not help anyway.
START_LIMIT = 60.0
#: After this many failed shares (died, hung, raised) a process stops using workers.
MAX_FAILURES = 3


@dataclass(frozen=True, slots=True)
class Ready:
    """The worker's first message: it has started, its imports done."""


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
    judge: HeuristicProfile | None = None
    prior: tuple[float, ...] | None = None  # the candidates' logits (halving weighs them)
    policy: ValueNet | None = None  # the view's game's: orders the seat's next move


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
    # Unpickling `run` imported what the shares need: the start is over.
    try:
        conn.send(Ready())
    except OSError:  # the owner is gone
        return
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
    """A worker process, started on the first `submit` and again after a failure.
    `hung_after`, `start_limit`: `HUNG_AFTER`'s and `START_LIMIT`'s seconds (tests
    shorten them)."""

    def __init__(self, run: Runner, *, hung_after: float = HUNG_AFTER,
                 start_limit: float = START_LIMIT) -> None:
        self._run = run
        self.hung_after = hung_after
        self.start_limit = start_limit
        self._process: Any = None
        self._conn: Connection | None = None
        self.failures = 0
        self.starts = 0
        #: Jobs sent and not answered yet, with when they were sent.
        self._owed: dict[int, float] = {}
        self._started_at = 0.0
        #: When this process read the worker's `Ready` (None: not yet). The pipe is read
        #: only on `submit` and `collect`, so this may be late, which only lengthens the
        #: time a share may take.
        self._ready_at: float | None = None

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def ready(self) -> bool:
        """True once the worker's `Ready` has been read."""
        return self._ready_at is not None

    def _target(self) -> Callable[[Connection, Runner], None]:
        """What the worker process runs (tests start misbehaving ones)."""
        return _serve

    def _start(self) -> None:
        """Start a worker process; on an exception nothing is left half made."""
        context = multiprocessing.get_context("spawn")
        conn, child_conn = context.Pipe()
        process = context.Process(target=self._target(), args=(child_conn, self._run),
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
        self._started_at, self._ready_at = time.perf_counter(), None

    def _hung(self, now: float) -> bool:
        """Whether the worker owes an answer past its time: `hung_after` seconds after
        the later of the oldest owed share's sending and the worker's `Ready`, or, not
        ready yet, `start_limit` seconds after its start."""
        if not self._owed:
            return False
        if self._ready_at is None:
            return now - self._started_at > self.start_limit
        return now - max(min(self._owed.values()), self._ready_at) > self.hung_after

    def submit(self, share: Share) -> bool:
        """Send `share`; False (and the worker stopped) when it cannot be sent, or when
        it has failed `MAX_FAILURES` times (not started again). A worker that has left an
        answer owed past its time (`_hung`) is replaced first."""
        if self.failures >= MAX_FAILURES:
            return False
        try:
            if self._process is not None and self._process.is_alive():
                self._drain()
            now = time.perf_counter()
            if self._hung(now):
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
            self._receive()

    def _receive(self) -> Any:
        """The worker's next message (there is one), noting its `Ready` and the job
        it answers."""
        assert self._conn is not None
        message = self._conn.recv()
        if isinstance(message, Ready):
            self._ready_at = time.perf_counter()
        self._owed.pop(getattr(message, "job", -1), None)
        return message

    def collect(self, job: int, timeout: float) -> ShareResult | None:
        """`job`'s result, waiting at most `timeout` seconds; None when it did not come
        in time (its late answer is dropped when it comes: a worker on a deadline stops
        on it, so it is soon free again) or the worker failed."""
        end = time.perf_counter() + timeout
        try:
            assert self._conn is not None
            while self._conn.poll(max(0.0, end - time.perf_counter())):
                result = self._receive()
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
