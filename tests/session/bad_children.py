"""Misbehaving bot processes, for `BotProcess` to survive (`never_ready` and
`starts_when` serve the expert's search worker too): each is a child's main function
(spawned children import it from here), and `Flaky` runs one of them first and then
well-behaved children, or the bad one every time."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from splendor.session.bot_process import (
    START_LIMIT,
    AnalysisRequest,
    BotProcess,
    Ready,
    Request,
    _serve,
)

#: How long a hanging child waits at most (the parent kills it long before).
_HANG = 120.0


def never_answers(conn: Connection, data_name: str) -> None:
    """Says it is ready, reads requests and never answers (a bot looping for ever)."""
    conn.send(Ready())
    end = time.monotonic() + _HANG
    while time.monotonic() < end:
        if conn.poll(0.1):
            conn.recv()


def never_ready(conn: Connection, arg: object) -> None:
    """Never says it is ready (stuck while it loads): a bot process or a search worker."""
    time.sleep(_HANG)


def starts_when(release: str, conn: Connection, arg: Any,
                serve: Callable[[Connection, Any], None] = _serve) -> None:
    """The real child (`serve`: a bot process's, or the expert's search worker's), which
    starts once the file `release` exists (a start slowed down by a busy machine, for as
    long as the test wants)."""
    end = time.monotonic() + _HANG
    while not Path(release).exists() and time.monotonic() < end:
        time.sleep(0.01)
    serve(conn, arg)


def dies_on_request(conn: Connection, data_name: str) -> None:
    """Dies as a request comes (a crash in native code, out of memory)."""
    conn.recv()
    os._exit(3)


def closes_its_pipe(conn: Connection, data_name: str) -> None:
    """Closes its end of the pipe and lingers (a child on its way out, not yet reaped)."""
    conn.close()
    time.sleep(_HANG)


def sends_garbage(conn: Connection, data_name: str) -> None:
    """Answers with bytes that are no pickle."""
    conn.recv()
    conn.send_bytes(b"\x80\x05 certainly not a pickle")
    time.sleep(_HANG)


def sends_no_answer(conn: Connection, data_name: str) -> None:
    """Answers with an object that is not an `Answer`."""
    conn.recv()
    conn.send({"action": "take white blue green"})
    time.sleep(_HANG)


class Flaky(BotProcess):
    """A `BotProcess` whose first `bad_starts` children run `bad`, the next ones the
    real child (`bad_starts` None: every child is bad). A bad child's decisions have
    the deadline `bad_deadline` (seconds; None: the usual one), a good child's the usual
    one, so that a busy machine's slow start of a good child never fails a test.
    `start_limit`: every child's (`BotProcess`'s)."""

    def __init__(self, bad: Callable[[Connection, str], None], bad_starts: int | None = 1,
                 bad_deadline: float | None = None, start_limit: float = START_LIMIT
                 ) -> None:
        self.bad = bad
        self.bad_starts = bad_starts
        self.bad_deadline = bad_deadline
        self.starts = 0
        self.bad_now = False
        super().__init__(start_limit=start_limit)

    def _target(self) -> Callable[[Connection, str], None]:
        self.starts += 1
        self.bad_now = self.bad_starts is None or self.starts <= self.bad_starts
        return self.bad if self.bad_now else _serve

    def deadline_for(self, request: Request | AnalysisRequest) -> float:
        if self.bad_now and self.bad_deadline is not None:
            return self.bad_deadline
        return super().deadline_for(request)
