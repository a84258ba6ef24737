"""A server's tables on disk (the files' format: `table_file`), written after each move
and each change of who sits where, and read back when a server starts again.

Writing happens off the event loop, each table's in order: written whole the first time,
then by appending what changed; once a table's new lines are synced its table is told
(`Table.saved`), and only then shows its moves. A write that fails is tried again (the
file written whole), and the table told (`Table.storage_problem`), until it works.

One server at a time uses a folder: `Saver.claim` takes a lock the operating system
drops when the process ends, however it ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from splendor.engine import GameData
from splendor.net import file_writer
from splendor.net.file_writer import APPEND, WHOLE, WRITERS, FileWriter
from splendor.net.game_table import Table
from splendor.net.table_file import (
    legacy_path,
    meta_line,
    move_lines,
    read_table,
    restore,
    table_files,
    table_meta,
    table_path,
    whole_file,
)
from splendor.storage.atomic import StorageError, atomic_write_text
from splendor.storage.folder_lock import FolderLock

log = logging.getLogger(__name__)

#: Seconds between tries of a save that failed: doubling from the first to the last.
RETRY_FIRST: Final = 0.5
RETRY_MOST: Final = 10.0
#: A table written whole again after this many `table` lines appended (seats and chat
#: change them), so that its file stays about the size of its moves.
REWRITE_AFTER: Final = 64
#: The lock file that keeps a second server out of a save folder.
LOCK_NAME: Final = "serve.lock"


class FolderBusy(Exception):
    """Another server (or window hosting tables) uses the save folder."""


def check_writable(folder: Path) -> None:
    """StorageError saying why tables cannot be saved in `folder` (made if missing)."""
    probe = folder / f".probe-{os.getpid()}.json"
    atomic_write_text(probe, "{}\n")
    try:
        probe.unlink()
    except OSError as exc:
        raise StorageError(f"cannot remove {probe}: {exc.strerror or exc}") from exc


#: Told when saving a table starts failing (with the reason) and works again (None).
ProblemHook = Callable[[Table, "str | None"], None]


@dataclass(slots=True)
class _OnDisk:
    """What a table's file holds: its moves, its last `table` line, and how many of
    those were appended since it was written whole."""

    moves: int
    meta: dict[str, Any]
    appended: int


class Saver:
    """Writes tables' files in threads (each table's in order), never blocking the event
    loop."""

    def __init__(self, folder: Path, on_problem: ProblemHook | None = None, *,
                 processes: bool = True) -> None:
        """`processes` False: the writes in threads of this process even where a writing
        process could do them (`file_writer`)."""
        self.folder = folder
        self.on_problem = on_problem
        self.processes = processes
        self._files: FileWriter | None = None
        self._pool = ThreadPoolExecutor(max_workers=WRITERS, thread_name_prefix="splendor-save")
        #: The tables changed since their last write.
        self._pending: dict[str, Table] = {}
        self._disk: dict[str, _OnDisk] = {}
        self._writers: dict[str, asyncio.Task[None]] = {}
        self._lock: FolderLock | None = None
        self._closing = False
        self._wake = asyncio.Event()

    def claim(self) -> None:
        """Take the folder for this server; FolderBusy if another has it."""
        if self._lock is None:
            lock = FolderLock(self.folder, LOCK_NAME)
            if not lock.acquire():
                raise FolderBusy(f"another Splendor server is using {self.folder} (its "
                                 f"tables are served there)")
            self._lock = lock

    def save(self, table: Table) -> None:
        """Write `table` as it is (soon, with whatever else changes before the write)."""
        self._pending[table.id] = table
        if table.id not in self._writers:
            task = asyncio.get_running_loop().create_task(self._drain(table.id))
            self._writers[table.id] = task

    async def _drain(self, table_id: str) -> None:
        wait = RETRY_FIRST
        try:
            while (table := self._pending.pop(table_id, None)) is not None:
                moves, meta = len(table.texts), table_meta(table)
                disk = self._disk.get(table_id)
                whole = disk is None or disk.appended >= REWRITE_AFTER
                try:
                    if disk is None or whole:
                        await self._write(WHOLE, table_path(self.folder, table_id),
                                          whole_file(table), legacy_path(self.folder, table_id))
                        disk = _OnDisk(moves, meta, 0)
                    else:
                        new_meta = meta != disk.meta
                        raw = ((meta_line(meta) if new_meta else b"")
                               + move_lines(table.texts[disk.moves:]))
                        if raw:
                            await self._write(APPEND, table_path(self.folder, table_id), raw)
                        disk = _OnDisk(moves, meta, disk.appended + new_meta)
                except StorageError as exc:
                    # Part of an append may be there: the file is written whole next.
                    self._disk.pop(table_id, None)
                    self._pending.setdefault(table_id, table)
                    if table.save_problem is None:
                        log.error("table %s is not saved (its moves wait): %s",
                                  table_id, exc)
                        self._tell(table, str(exc))
                    if self._closing:
                        return
                    with contextlib.suppress(TimeoutError):  # closing wakes it for a last try
                        await asyncio.wait_for(self._wake.wait(), wait)
                    wait = min(RETRY_MOST, wait * 2)
                    continue
                self._disk[table_id] = disk
                wait = RETRY_FIRST
                if table.save_problem is not None:
                    log.warning("table %s is saved again", table_id)
                    self._tell(table, None)
                table.saved(moves)
        finally:
            del self._writers[table_id]

    async def _write(self, op: str, path: Path, raw: bytes, legacy: Path | None = None
                     ) -> None:
        """One write, in the writing process where the loop can watch its pipe, else in
        a thread; StorageError when it fails."""
        if self._files is None and self.processes and file_writer.available():
            self._files = FileWriter()
        if self._files is not None:
            await self._files.write(op, path, raw, legacy)
        else:
            await asyncio.get_running_loop().run_in_executor(self._pool, file_writer.write,
                                                             op, path, raw, legacy)

    def remove(self, table_id: str) -> None:
        """Delete a closed table's file (call after `flush`)."""
        self._disk.pop(table_id, None)
        for path in (table_path(self.folder, table_id), legacy_path(self.folder, table_id)):
            path.unlink(missing_ok=True)

    def _tell(self, table: Table, problem: str | None) -> None:
        table.storage_problem(problem)
        if self.on_problem is not None:
            self.on_problem(table, problem)

    async def flush(self) -> None:
        """Until every change so far is written (or, closing, tried once)."""
        while self._writers:
            await asyncio.gather(*self._writers.values(), return_exceptions=True)

    async def close(self) -> None:
        """Write what is pending (one more try for what fails), then let the folder go."""
        self._closing = True
        self._wake.set()
        await self.flush()
        self._pool.shutdown(wait=True)
        if self._files is not None:
            self._files.close()
            self._files = None
        self.release()

    def release(self) -> None:
        """Let the folder go (another server may use it from now)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def load_all(self, data: GameData, **table_args: Any) -> list[Table]:
        """Every unfinished table saved in the folder, and the finished ones whose record
        was not written yet (the server was stopped in between: they write it again); a
        file that cannot be read is left as it is, with a sentence in the log naming it."""
        tables = []
        for path in table_files(self.folder):
            try:
                saved = read_table(path)
                if saved.get("finished") is True and saved.get("recorded", True) is True:
                    continue
                tables.append(restore(data, saved, **table_args))
            # Whatever is wrong with a file (bad JSON, a missing key, an illegal move in
            # its history) must not stop a server from starting: it is skipped, and kept.
            except Exception as exc:
                log.warning("The saved table %s cannot be resumed and is left as it is: "
                            "%s: %s", path, type(exc).__name__, exc)
        return tables
