"""Bots in their own process, so that a search bot never holds the frame loop.

The parent keeps everything that belongs to the game: which bot sits where, its seed and
its random state between moves. A request carries a seat's view (never the full game),
the bot's name and its random state; the child builds the bot, restores that state,
decides, and answers with the action and the state after deciding. Because the child
keeps nothing between requests, a cancelled or discarded request changes nothing: asking
again gives the same answer, which is what makes undo and pause exact.

The child uses the spawn start method (the only one on Windows and macOS, and the one a
PyInstaller one-file build supports once `multiprocessing.freeze_support()` has run) and
exits on its own when its parent goes away, so no process outlives the window.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import multiprocessing.connection
import os
import random
import signal
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from splendor.engine import Action, GameData, View

#: JSON-ready state of a bot's random generator: [version, [internal...], gauss].
RandomState = list[Any]
#: How often an idle child checks that its parent is still there (seconds).
_PARENT_CHECK = 0.5


def fresh_random_state(seed: int) -> RandomState:
    """The random state a bot seeded with `seed` starts from (as `bot_states` saves it)."""
    version, internal, gauss = random.Random(seed).getstate()
    return [version, list(internal), gauss]


def to_python_state(state: RandomState) -> tuple[Any, ...]:
    """`random.Random.setstate`'s argument from a JSON-ready state."""
    return (state[0], tuple(state[1]), state[2])


@dataclass(frozen=True, slots=True)
class Request:
    """One decision to make: `kind` is a bot name (`splendor.bots.BOT_NAMES`)."""

    ticket: int
    kind: str
    seed: int
    random_state: RandomState
    view: View
    budget: float | None = None
    simulations: int | None = None


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


def decide(request: Request, data: GameData) -> Answer:
    """Make one decision as the child does (also usable in-process, for tests and tools)."""
    from splendor.bots import make_bot

    started = time.perf_counter()
    try:
        bot = make_bot(request.kind, request.seed, data=data, budget=request.budget)
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


def game_data(name: str) -> GameData:
    """The game data called `name` (only "base" so far), loaded from levels_data."""
    from splendor.gamedata import base_game

    if name != "base":
        raise ValueError(f"unknown game data {name!r}")
    return base_game()


def _serve(conn: Connection, data_name: str) -> None:
    """The child's loop: answer requests until told to stop or orphaned."""
    # Ctrl+C in a terminal reaches the whole process group: the window decides what it
    # means (save, then close this process), so the child does not die of it on its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    data = game_data(data_name)
    parent = multiprocessing.parent_process()
    watch: list[Any] = [conn] + ([parent.sentinel] if parent is not None else [])
    while True:
        ready = multiprocessing.connection.wait(watch, timeout=_PARENT_CHECK)
        if parent is not None and (parent.sentinel in ready or not parent.is_alive()):
            return
        if conn not in ready:
            continue
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        try:
            conn.send(decide(request, data))
        except (BrokenPipeError, OSError):
            return


class BotProcess:
    """A child process that makes bot decisions; one outstanding request at a time.

    `submit` sends a request and returns its ticket; `poll` returns the answer once it
    has come (never blocks); `cancel` forgets the outstanding request, so its answer is
    dropped when it arrives. `close` stops the child (and kills it if it does not stop).
    """

    def __init__(self, data_name: str = "base") -> None:
        """Start the child; it loads the game data called `data_name` itself (game data
        holds read-only mappings that do not pickle, and loading is cheap)."""
        self._data_name = data_name
        self._tickets = itertools.count(1)
        self._waiting: int | None = None
        #: How many times a child that had died was started again.
        self.restarts = 0
        self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, child_conn = context.Pipe()
        self._process = context.Process(
            target=_serve, args=(child_conn, self._data_name), name="splendor-bots",
            daemon=True)
        self._process.start()
        child_conn.close()

    @property
    def pid(self) -> int | None:
        return self._process.pid

    @property
    def busy(self) -> bool:
        """True while a request is outstanding."""
        return self._waiting is not None

    def alive(self) -> bool:
        return self._process.is_alive()

    def submit(self, request: Request) -> int:
        """Send `request` (its ticket is replaced by a fresh one, returned). A child that
        has died (killed from outside, out of memory) is started again first."""
        if self._waiting is not None:
            self.cancel()
        if not self._process.is_alive():
            self._conn.close()
            self._start()
            self.restarts += 1
        ticket = next(self._tickets)
        self._conn.send(Request(ticket, request.kind, request.seed, request.random_state,
                                request.view, request.budget, request.simulations))
        self._waiting = ticket
        return ticket

    def poll(self) -> Answer | None:
        """The answer to the outstanding request if it has come, else None. If the child
        died meanwhile the request is dropped (`busy` turns False: ask again)."""
        try:
            while self._conn.poll():
                answer: Answer = self._conn.recv()
                if answer.ticket == self._waiting:
                    self._waiting = None
                    return answer
        except (EOFError, OSError):
            self._waiting = None
            return None
        if self._waiting is not None and not self._process.is_alive():
            self._waiting = None
        return None

    def wait(self, timeout: float | None = None) -> Answer | None:
        """Block until the outstanding request's answer comes (tools and tests only)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._waiting is not None:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not self._conn.poll(left):
                return None
            answer = self.poll()
            if answer is not None:
                return answer
        return None

    def cancel(self) -> None:
        """Forget the outstanding request; its answer will be dropped."""
        self._waiting = None

    def close(self, timeout: float = 1.0) -> None:
        """Stop the child; it is terminated, then killed, if it does not stop in time."""
        if self._process.pid is None:
            return
        with contextlib.suppress(BrokenPipeError, OSError):
            self._conn.send(None)
        self._process.join(timeout)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout)
        if self._process.is_alive() and hasattr(self._process, "kill"):
            self._process.kill()
            self._process.join(timeout)
        self._conn.close()


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
        self._request: Request | None = None

    @property
    def busy(self) -> bool:
        return self._request is not None

    def submit(self, request: Request) -> int:
        ticket = next(self._tickets)
        self._request = Request(ticket, request.kind, request.seed, request.random_state,
                                request.view, request.budget, request.simulations)
        return ticket

    def poll(self) -> Answer | None:
        request, self._request = self._request, None
        return None if request is None else decide(request, self._data)

    def wait(self, timeout: float | None = None) -> Answer | None:
        return self.poll()

    def cancel(self) -> None:
        self._request = None

    def close(self, timeout: float = 1.0) -> None:
        self._request = None
