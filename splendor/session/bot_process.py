"""Bots in their own process, so that a search bot never holds the frame loop.

The process plays one game of the registry (`splendor.games`), named when it starts
("splendor", its old name "base", or "saba"): its bots are that game's levels, built by
`Game.make_bot`. The parent keeps everything that belongs to the game: which bot sits
where, its seed and its random state between moves. A request carries a seat's view
(never the full game), the bot's name and its random state; the child builds the bot,
restores that state, decides, and answers with the action and the state after deciding.
Because the child keeps nothing between requests, a cancelled or discarded request
changes nothing: asking again gives the same answer, which is what makes undo and pause
exact.

The child says `Ready` once its imports are done and its game's data and bots loaded: a
decision's deadline runs from the later of its sending and that message, so that a child
slow to start (a busy machine, a server's children at the lowest priority) is not taken
for a hung one; a child not ready within `START_LIMIT` of its start fails as a missed
deadline, so that nothing waits on a child for ever.

The child may own the expert's second search worker (`splendor.bots.search_worker`),
started on the first decision that wants it and stopped with the child.

The child uses the spawn start method (the only one on Windows and macOS, and the one a
PyInstaller one-file build supports once `multiprocessing.freeze_support()` has run) and
exits on its own when its parent goes away, so no process outlives the window.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import random
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from typing import Any

from splendor.engine import Action, GameData
from splendor.games import find_game, game_of

#: JSON-ready state of a bot's random generator: [version, [internal...], gauss].
RandomState = list[Any]
#: A decision's deadline, after which its child is thought hung (stopped, looping) and
#: replaced: this many times its time budget, and never under MIN_DEADLINE seconds, far
#: above any level's thinking time (about a second) even on a slow, busy machine. It runs
#: from the child's `Ready` when that comes after the request: a start is not thinking.
DEADLINE_FACTOR = 5
MIN_DEADLINE = 10.0
#: Seconds a child may take from its start to its `Ready` before it is thought stuck
#: (stopped, or hung while loading) and replaced, as a missed deadline. A start takes half
#: a second on an idle machine but can take tens of seconds on two cores shared with a
#: loaded server and its bots at nice 19; a child that needs longer than this is stuck
#: or on a machine where no bot could play in time anyway.
START_LIMIT = 60.0
#: A request is answered with an error after this many missed deadlines, or deaths of
#: its child: a bot that fails so is not asked again for ever.
MAX_TIMEOUTS = 2
MAX_DEATHS = 3


def fresh_random_state(seed: int) -> RandomState:
    """The random state a bot seeded with `seed` starts from (as `bot_states` saves it)."""
    version, internal, gauss = random.Random(seed).getstate()
    return [version, list(internal), gauss]


def to_python_state(state: RandomState) -> tuple[Any, ...]:
    """`random.Random.setstate`'s argument from a JSON-ready state."""
    return (state[0], tuple(state[1]), state[2])


@dataclass(frozen=True, slots=True)
class Request:
    """One decision to make: `kind` is a bot level of the process's game
    (`Game.bot_levels()`), `view` the deciding seat's view of that game."""

    ticket: int
    kind: str
    seed: int
    random_state: RandomState
    view: Any
    budget: float | None = None
    simulations: int | None = None


#: A generous guess of one analysis simulation's time on a slow, busy machine (seconds):
#: an analysis request's deadline follows from it.
SIMULATION_SECONDS = 0.01


@dataclass(frozen=True, slots=True)
class AnalysisRequest:
    """One decision of a game to judge (`task`: a `splendor.session.judge.DecisionTask`,
    which holds the seat's view, never the game). Its answer's `action` is the best move
    found and its `detail` the `Judgement`; asked again, it comes out the same."""

    ticket: int
    task: Any
    kind: str = "analysis"

    @property
    def budget(self) -> float:
        """The time the judgement may take, guessed from its simulations (seconds)."""
        return float(self.task.simulations) * SIMULATION_SECONDS


@dataclass(frozen=True, slots=True)
class Ready:
    """The child's first message: its imports are done, its game's data and bots loaded."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The child's reply to the request with the same ticket."""

    ticket: int
    action: Action | None
    random_state: RandomState | None
    seconds: float
    #: The bot's own summary of its choice (for hints); None when it gives none.
    detail: Any = None
    #: Why no action came back (the bot raised): the exception's text.
    error: str | None = None


def decide(request: Request, data: Any) -> Answer:
    """Make one decision as the child does (also usable in-process, for tests and tools),
    with the bots of the game `data` belongs to (Splendor's `GameData`, Saba's data)."""
    started = time.perf_counter()
    try:
        bot = game_of(data).make_bot(request.kind, request.seed, request.budget, data)
        if request.simulations is not None and hasattr(bot, "simulations"):
            # A fixed simulation count instead of a time budget: the choice repeats.
            setattr(bot, "simulations", request.simulations)  # noqa: B010
            setattr(bot, "budget", None)  # noqa: B010
        rng = getattr(bot, "rng", None)
        if rng is not None:
            rng.setstate(to_python_state(request.random_state))
        action = bot.choose(request.view)
    except Exception as exc:  # the parent decides what a failed bot means
        return Answer(request.ticket, None, None, time.perf_counter() - started,
                      error=f"{type(exc).__name__}: {exc}")
    state = None
    if rng is not None:
        version, internal, gauss = rng.getstate()
        state = [version, list(internal), gauss]
    detail = getattr(bot, "last_detail", None)
    return Answer(request.ticket, action, state, time.perf_counter() - started, detail)


def judge_request(request: AnalysisRequest, data: GameData) -> Answer:
    """Judge one decision as the child does (also usable in-process)."""
    from splendor.session.judge import judge

    started = time.perf_counter()
    try:
        judgement = judge(request.task, data)
    except Exception as exc:  # the parent decides what a failed analysis means
        return Answer(request.ticket, None, None, time.perf_counter() - started,
                      error=f"{type(exc).__name__}: {exc}")
    return Answer(request.ticket, judgement.best, None, time.perf_counter() - started,
                  judgement)


def answer(request: Request | AnalysisRequest, data: Any) -> Answer:
    """The answer to a bot's decision or to an analysis request (Splendor's)."""
    if isinstance(request, AnalysisRequest):
        return judge_request(request, data)
    return decide(request, data)


def game_data(name: str) -> Any:
    """The data of the game called `name` (`splendor.games.find_game`: "base" is
    Splendor's), loaded from levels_data."""
    return find_game(name).data()


def _serve(conn: Connection, data_name: str) -> None:
    """The child's loop: answer requests until told to stop or orphaned."""
    # Ctrl+C in a terminal reaches the whole process group: the window decides what it
    # means (save, then close this process), so the child does not die of it on its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The expert's second worker is this process's child (`search_worker`), which a
    # daemonic process may not have: this process is still killed by its parent's
    # `close` and leaves when its parent goes, and the worker leaves with it.
    multiprocessing.current_process().daemon = False
    try:
        data = game_data(data_name)
        game = game_of(data)
        # Building the weakest bot imports every level's modules and loads their profiles:
        # what is slow in a start is done before `Ready`, not in the first decision.
        game.make_bot(game.bot_levels()[0], 0, None, data)
        try:
            conn.send(Ready())
        except OSError:  # the parent is gone
            return
        _answer_requests(conn, data)
    finally:
        from splendor.bots.search_worker import close_shared_worker

        close_shared_worker()


def _answer_requests(conn: Connection, data: Any) -> None:
    from splendor.bots.search_worker import owner_messages

    for request in owner_messages(conn):
        try:
            conn.send(answer(request, data))
        except OSError:
            return


class BotProcess:
    """A child process that makes bot decisions; one outstanding request at a time.

    `submit` sends a request and returns its ticket; `poll` returns the answer once it
    has come (never blocks); `cancel` forgets the outstanding request, so its answer is
    dropped when it arrives. `close` stops the child at once (killing it if it is busy).

    A misbehaving child never stalls the game: one that dies is started again and asked
    again; one that misses the request's deadline (`deadline_for`, counted from the later
    of the sending and the child's `Ready`: hung, stopped) or is not ready `start_limit`
    seconds after its start is killed, started again and asked again. The request is
    answered with an `error` (as a bot that raised) after `MAX_DEATHS` deaths or
    `MAX_TIMEOUTS` missed deadlines on it, or at once when the child sends something
    that is not an answer.
    """

    #: The game the child plays (`splendor.games.find_game`).
    _data_name = "base"

    def __init__(self, data_name: str = "base", *, min_deadline: float = MIN_DEADLINE,
                 start_limit: float = START_LIMIT) -> None:
        """Start the child for the game called `data_name` (`splendor.games.find_game`);
        it loads the game's data itself (game data holds read-only mappings that do not
        pickle, and loading is cheap).
        `min_deadline`: the shortest deadline of a decision; `start_limit`: the longest
        wait for a child's `Ready` (tests shorten both)."""
        find_game(data_name)  # an unknown game fails here, not in the child
        self._data_name = data_name
        self.min_deadline = min_deadline
        self.start_limit = start_limit
        self._tickets = itertools.count(1)
        #: The outstanding request (kept to be sent again to a new child).
        self._request: Request | AnalysisRequest | None = None
        self._sent_at = 0.0
        #: The outstanding request's deadline (`deadline_for`), set when it is sent.
        self._deadline = 0.0
        self._deaths = 0
        self._timeouts = 0
        #: Requests the child has been sent and not answered yet (cancelled ones too).
        self._in_flight = 0
        #: How many times the child was started again (died, hung or garbled).
        self.restarts = 0
        self._start()

    def _target(self) -> Callable[[Connection, str], None]:
        """What the child runs (tests give a misbehaving child)."""
        return _serve

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, child_conn = context.Pipe()
        self._process = context.Process(
            target=self._target(), args=(child_conn, self._data_name),
            name="splendor-bots", daemon=True)
        self._process.start()
        child_conn.close()
        self._in_flight = 0
        self._started_at = time.monotonic()
        #: When this process read the child's `Ready` (None: not yet). The parent reads
        #: its pipe each frame, or when it is readable (the server's pool), so this is
        #: at most a moment late, which only lengthens a deadline.
        self._ready_at: float | None = None

    def _stop(self) -> None:
        """Kill the child now (busy, stopped or hung alike) and reap it: no orphan."""
        if self._process.is_alive():
            self._process.kill()
        self._process.join(5.0)  # a killed process is reaped at once
        self._conn.close()

    def _restart(self) -> None:
        self._stop()
        self._start()
        self.restarts += 1

    @property
    def pid(self) -> int | None:
        return self._process.pid

    @property
    def busy(self) -> bool:
        """True while a request is outstanding."""
        return self._request is not None

    def alive(self) -> bool:
        return self._process.is_alive()

    @property
    def ready(self) -> bool:
        """True once the child's `Ready` has been read (by `poll`)."""
        return self._ready_at is not None

    def deadline_for(self, request: Request | AnalysisRequest) -> float:
        """Seconds `request` may take before the child is thought hung: `DEADLINE_FACTOR`
        times its time budget (the level's when the request names none), never under
        `min_deadline`."""
        budget = request.budget
        if budget is None:
            budget = find_game(self._data_name).level_budget(request.kind)
        return max(self.min_deadline, DEADLINE_FACTOR * budget)

    def deadline_at(self) -> float:
        """The `time.monotonic()` after which `poll` gives up on the outstanding
        request's child: its deadline after the later of the sending and the child's
        `Ready`, or, while the child is not ready, `start_limit` after its start."""
        if self._ready_at is None:
            return self._started_at + self.start_limit
        return max(self._sent_at, self._ready_at) + self._deadline

    def submit(self, request: Request | AnalysisRequest) -> int:
        """Send `request` (its ticket is replaced by a fresh one, returned). A child that
        has died (killed from outside, out of memory) is started again first."""
        self.cancel()
        self.poll()  # drops the answers to cancelled requests that have come
        ticket = next(self._tickets)
        self._request = replace(request, ticket=ticket)
        self._deaths = self._timeouts = 0
        if self._in_flight >= 2:
            # Still busy with cancelled requests (or stopped): no queue that could fill
            # the pipe and block the window; a fresh child answers sooner anyway.
            self._restart()
        self._send()
        return ticket

    def _send(self) -> None:
        """Send the outstanding request to the child, starting a new one if it has died,
        and start its deadline."""
        assert self._request is not None
        if not self._process.is_alive():
            self._restart()
        try:
            self._conn.send(self._request)
        except OSError:
            # Died after the check (its pipe closed before it was reaped): a new child.
            self._restart()
            with contextlib.suppress(OSError):  # dead at once: `poll` sees it
                self._conn.send(self._request)
        self._in_flight += 1
        self._sent_at = time.monotonic()
        self._deadline = self.deadline_for(self._request)

    def poll(self) -> Answer | None:
        """The answer to the outstanding request if it has come, else None. A child that
        died or missed the deadline is replaced and asked again, up to the limits; then
        the answer is an error."""
        dead = False
        try:
            while self._conn.poll():
                answer = self._conn.recv()
                if isinstance(answer, Ready):
                    self._ready_at = time.monotonic()
                    continue
                self._in_flight = max(0, self._in_flight - 1)
                if not isinstance(answer, Answer):
                    return self._garbled(f"not an answer: {type(answer).__name__}")
                if self._request is not None and answer.ticket == self._request.ticket:
                    self._request = None
                    return answer
        except (EOFError, OSError):
            dead = True  # the child closed its pipe: it died or is dying
        except Exception as exc:  # unreadable bytes fail to unpickle in many ways
            return self._garbled(f"unreadable answer: {type(exc).__name__}: {exc}")
        if self._request is None:
            return None
        if dead or not self._process.is_alive():
            self._deaths += 1
            if self._deaths >= MAX_DEATHS:
                return self._fail(f"the bot process died {self._deaths} times on this move")
            self._restart()
            self._send()
        elif time.monotonic() > self.deadline_at():
            self._timeouts += 1
            if self._timeouts >= MAX_TIMEOUTS:
                late = (f"no answer in {self._deadline:g} s" if self.ready else
                        f"the bot process was not ready in {self.start_limit:g} s")
                return self._fail(f"{late}, {self._timeouts} times")
            self._restart()
            self._send()
        return None

    def _garbled(self, why: str) -> Answer | None:
        """The child sent something that is not an answer: what follows cannot be
        trusted, so it is replaced; the outstanding request fails with `why`."""
        self._restart()
        return self._fail(why) if self._request is not None else None

    def _fail(self, why: str) -> Answer:
        """Give up on the outstanding request: its answer is the error `why`."""
        request, self._request = self._request, None
        assert request is not None
        if self._process.is_alive() and self._in_flight:
            self._stop()  # hung or stopped: the next request starts a new child
        return Answer(request.ticket, None, None, time.monotonic() - self._sent_at,
                      error=why)

    def wait(self, timeout: float | None = None) -> Answer | None:
        """Block until the outstanding request's answer comes (tools and tests only)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._request is not None:
            answer = self.poll()
            if answer is not None:
                return answer
            left = 0.05 if deadline is None else min(0.05, deadline - time.monotonic())
            if left <= 0:
                return None
            with contextlib.suppress(EOFError, OSError):
                self._conn.poll(left)
        return None

    def cancel(self) -> None:
        """Forget the outstanding request; its answer will be dropped."""
        self._request = None

    def close(self, timeout: float = 1.0) -> None:
        """Stop the child without delay: an idle one is asked to stop (and killed if it
        does not within a moment, as a stopped one would not); a busy one is killed."""
        if self._process.pid is None or self._conn.closed:
            return
        if self._request is None and not self._in_flight and self._process.is_alive():
            with contextlib.suppress(OSError):
                self._conn.send(None)
            self._process.join(min(timeout, 0.2))
        self._stop()


def child_pids() -> list[int]:
    """Process ids of this process's live children (tests check that none is left)."""
    return [p.pid for p in multiprocessing.active_children() if p.pid is not None
            and p.pid != os.getpid()]


class InlineBots:
    """`BotProcess`'s interface, deciding in this process when `poll` is called.

    For tools and tests that need no frame loop; the window always uses `BotProcess`.
    """

    def __init__(self, data_name: str = "base") -> None:
        self._data = game_data(data_name)
        self._tickets = itertools.count(1)
        self._request: Request | AnalysisRequest | None = None

    @property
    def busy(self) -> bool:
        return self._request is not None

    def submit(self, request: Request | AnalysisRequest) -> int:
        ticket = next(self._tickets)
        self._request = replace(request, ticket=ticket)
        return ticket

    def poll(self) -> Answer | None:
        request, self._request = self._request, None
        return None if request is None else answer(request, self._data)

    def wait(self, timeout: float | None = None) -> Answer | None:
        return self.poll()

    def cancel(self) -> None:
        self._request = None

    def close(self, timeout: float = 1.0) -> None:
        self._request = None
