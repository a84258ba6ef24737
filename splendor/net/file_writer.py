"""A server's table files written by a process of its own.

Each move's line is synced to disk before the move is shown (`autosave.Saver`); with 200
busy tables that is hundreds of syncs a second. Done in threads of the server's process,
their hand-offs compete with the event loop for the interpreter; here the loop only
sends each write down a pipe and reads the answers when the pipe is readable, and the
child syncs many files at once in threads of its own.

The child leaves when its pipe closes (the server gone, however it ended). A child that
dies fails the writes it had (`StorageError`: the saver writes those tables whole again)
and the next write starts a new one. Needs a loop that watches pipes (`add_reader`):
`available()` says whether this one does (Windows' proactor loop does not: the saver
writes in threads there).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Final

from splendor.storage.atomic import StorageError, append_synced, atomic_write_bytes

#: Files written at once (each table's in order: the saver waits for a table's write
#: before its next), by the child or by the saver's threads: a move waits for its file's
#: sync before it is shown, and the disk syncs many files at once about as fast as one
#: (200 busy tables: 16 writers gave a p95 of 130-150 ms, 64 about 75 ms, both rewriting
#: the file: docs/online.md).
WRITERS: Final = 64
#: What a write does: add lines at the end of a file, or write the file whole (then the
#: file a version-1 server kept is removed).
APPEND: Final = "append"
WHOLE: Final = "whole"


def available() -> bool:
    """Whether the running loop can watch the child's pipe."""
    loop = asyncio.get_running_loop()
    return os.name == "posix" and isinstance(loop, asyncio.SelectorEventLoop)


def write(op: str, path: Path, raw: bytes, legacy: Path | None = None) -> None:
    """One write as the child does it (also the threads' way): StorageError on failure."""
    if op == APPEND:
        append_synced(path, raw)
        return
    atomic_write_bytes(path, raw)
    if legacy is not None:
        with contextlib.suppress(FileNotFoundError):
            legacy.unlink()


def _serve(conn: Connection) -> None:
    """The child: do the writes it is sent, answer each with its ticket and error."""
    sending = threading.Lock()

    def one(ticket: int, op: str, path: str, raw: bytes, legacy: str | None) -> None:
        try:
            write(op, Path(path), raw, Path(legacy) if legacy else None)
            error = None
        except StorageError as exc:
            error = str(exc)
        except Exception as exc:  # anything else is told too, never lost in a thread
            error = f"{type(exc).__name__}: {exc}"
        with sending, contextlib.suppress(OSError):
            conn.send((ticket, error))

    with ThreadPoolExecutor(WRITERS, thread_name_prefix="splendor-write") as pool:
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                break
            if message is None:
                break
            pool.submit(one, *message)


class FileWriter:
    """The child process and the writes waiting for its answer; use from one loop."""

    def __init__(self) -> None:
        self._conn: Connection | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        self._waiting: dict[int, asyncio.Future[str | None]] = {}
        self._tickets = itertools.count()
        #: Children started (a dead one is replaced at the next write).
        self.starts = 0

    def _start(self) -> Connection:
        context = multiprocessing.get_context("spawn")
        conn, child = context.Pipe()
        process = context.Process(target=_serve, args=(child,), name="splendor-writer",
                                  daemon=True)
        process.start()
        child.close()
        self._conn, self._process = conn, process
        self.starts += 1
        asyncio.get_running_loop().add_reader(conn.fileno(), self._readable)
        return conn

    async def write(self, op: str, path: Path, raw: bytes, legacy: Path | None = None
                    ) -> None:
        """Do `op` on `path` in the child; StorageError when it fails (or the child dies)."""
        conn = self._conn if self._conn is not None else self._start()
        ticket = next(self._tickets)
        answer: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        self._waiting[ticket] = answer
        try:
            conn.send((ticket, op, str(path), raw, str(legacy) if legacy else None))
        except OSError as exc:
            self._lost()
            raise StorageError(f"cannot write {path}: the writing process is gone ({exc})"
                               ) from exc
        error = await answer
        if error is not None:
            raise StorageError(error)

    def _readable(self) -> None:
        conn = self._conn
        assert conn is not None
        try:
            while conn.poll():
                ticket, error = conn.recv()
                answer = self._waiting.pop(ticket, None)
                if answer is not None and not answer.done():
                    answer.set_result(error)
        except (EOFError, OSError):
            self._lost()

    def _lost(self) -> None:
        """The child died: its writes fail (their tables are written whole next)."""
        self._drop()
        waiting, self._waiting = self._waiting, {}
        for answer in waiting.values():
            if not answer.done():
                answer.set_result("the writing process stopped")

    def _drop(self) -> None:
        conn, process, self._conn, self._process = self._conn, self._process, None, None
        if conn is not None:
            with contextlib.suppress(ValueError, OSError, RuntimeError):
                asyncio.get_running_loop().remove_reader(conn.fileno())
            conn.close()
        if process is not None:
            process.join(1.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)

    def close(self) -> None:
        """After the last write's answer: the child finishes and leaves."""
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.send(None)
        self._drop()
