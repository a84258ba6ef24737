"""Misbehaving bot processes, for `BotProcess` to survive: each is a child's main
function (spawned children import it from here), and `Flaky` runs one of them first and
then well-behaved children, or the bad one every time."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from multiprocessing.connection import Connection

from splendor.session.bot_process import BotProcess, Request, _serve

#: How long a hanging child waits at most (the parent kills it long before).
_HANG = 120.0


def never_answers(conn: Connection, data_name: str) -> None:
    """Reads requests and never answers (a bot looping for ever)."""
    end = time.monotonic() + _HANG
    while time.monotonic() < end:
        if conn.poll(0.1):
            conn.recv()


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
    one, so that a busy machine's slow start of a good child never fails a test."""

    def __init__(self, bad: Callable[[Connection, str], None], bad_starts: int | None = 1,
                 bad_deadline: float | None = None) -> None:
        self.bad = bad
        self.bad_starts = bad_starts
        self.bad_deadline = bad_deadline
        self.starts = 0
        self.bad_now = False
        super().__init__()

    def _target(self) -> Callable[[Connection, str], None]:
        self.starts += 1
        self.bad_now = self.bad_starts is None or self.starts <= self.bad_starts
        return self.bad if self.bad_now else _serve

    def deadline_for(self, request: Request) -> float:
        if self.bad_now and self.bad_deadline is not None:
            return self.bad_deadline
        return super().deadline_for(request)
