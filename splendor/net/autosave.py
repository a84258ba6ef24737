"""A server's tables on disk: one versioned JSON file per table, written atomically after
each move and each change of who sits where, and read back when a server starts again.

A file holds what it takes to rebuild the table exactly: its spec, title, seed, seats
(token, kind, name, bot level), the names the game was dealt with, and the moves as
action texts (replayed through the engine). Writing happens off the event loop, one file
at a time, the latest snapshot of a table replacing one not yet written; once a snapshot
is on disk its table is told (`Table.saved`), and only then shows its moves. A write
that fails is tried again, and the table told (`Table.storage_problem`), until it works.

One server at a time uses a folder: `Saver.claim` takes a lock the operating system
drops when the process ends, however it ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

from splendor.engine import GameData, parse_action
from splendor.net.game_table import SeatSlot, Table
from splendor.net.protocol import Chat
from splendor.net.table import TableSpec
from splendor.session.log import replayed_log
from splendor.storage.atomic import (
    StorageError,
    atomic_write_bytes,
    atomic_write_text,
    read_bytes_limited,
)
from splendor.storage.folder_lock import FolderLock

log = logging.getLogger(__name__)

FORMAT: Final = "splendor-net-table"
VERSION: Final = 1
#: A table's file is a few kilobytes; anything much bigger is not one of ours.
_MAX_FILE: Final = 4 * 1024 * 1024
#: Seconds between tries of a save that failed: doubling from the first to the last.
RETRY_FIRST: Final = 0.5
RETRY_MOST: Final = 10.0
#: Files written at once (each table's in order, one at a time): a move waits for its
#: file's fsync before it is shown, and the disk syncs several files about as fast as one.
WRITERS: Final = 16
#: The lock file that keeps a second server out of a save folder.
LOCK_NAME: Final = "serve.lock"


class FolderBusy(Exception):
    """Another server (or window hosting tables) uses the save folder."""


def table_path(folder: Path, table_id: str) -> Path:
    return folder / f"table-{table_id}.json"


def snapshot(table: Table) -> dict[str, Any]:
    """What `restore` needs to rebuild `table`."""
    state = table.state
    return {
        "format": FORMAT, "version": VERSION, "id": table.id, "title": table.title,
        "spec": {"players": table.spec.players, "module": table.spec.module,
                 "bots": list(table.spec.bots)},
        "seed": table.seed, "auto_start": table.auto_start,
        "local_seats": list(table.local_seats), "finished": table.over,
        "record": str(table.record_path) if table.record_path is not None else None,
        "recorded": table.recorded or table.record_path is None,
        "seats": [{"token": s.token, "kind": s.kind, "name": s.name, "level": s.level}
                  for s in table.seats],
        "names": list(state.setup.names) if state is not None else None,
        "actions": table.texts,
        "chat": [{"text": c.text, "seat": c.seat, "name": c.name} for c in table.chat],
    }


def restore(data: GameData, saved: Any, **table_args: Any) -> Table:
    """The table `saved` (a file's JSON) describes, its game replayed to where it was;
    ValueError (or another exception from the engine) if the file is not one."""
    if not isinstance(saved, dict) or saved.get("format") != FORMAT:
        raise ValueError("not a saved table")
    if saved.get("version") != VERSION:
        raise ValueError(f"a saved table of version {saved.get('version')!r}, this reads "
                         f"{VERSION}")
    spec_data = saved["spec"]
    spec = TableSpec(int(spec_data["players"]), spec_data["module"], tuple(spec_data["bots"]))
    seats = saved["seats"]
    if len(seats) != spec.players:
        raise ValueError("the seats do not match the player count")
    table = Table(data, spec, table_id=str(saved["id"]), title=str(saved["title"]),
                  seed=int(saved["seed"]), tokens=[str(s["token"]) for s in seats],
                  auto_start=bool(saved["auto_start"]),
                  local_seats=tuple(int(s) for s in saved["local_seats"]), **table_args)
    for i, seat in enumerate(seats):
        if seat["kind"] not in {"open", "player", "bot"}:
            raise ValueError(f"a seat of kind {seat['kind']!r}")
        table.seats[i] = SeatSlot(table.seats[i].token, seat["kind"], seat["name"],
                                  seat["level"], local=table.seats[i].local)
    for line in saved["chat"]:
        table.chat.append(Chat(text=line["text"], seat=line["seat"], name=line["name"]))
    record = saved.get("record")
    table.record_path = Path(record) if isinstance(record, str) else table.record_path
    table.recorded = saved.get("recorded", True) is True
    if saved["names"] is not None:
        start = table.new_state(tuple(str(n) for n in saved["names"]))
        entries = replayed_log(start, [parse_action(text) for text in saved["actions"]])
        table.resume(start, entries)
    else:  # nobody is connected to a table that comes back: its seats are free again
        table.free_absent_seats()
    return table


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


class Saver:
    """Writes tables' files in threads (each table's in order), never blocking the event
    loop."""

    def __init__(self, folder: Path, on_problem: ProblemHook | None = None) -> None:
        self.folder = folder
        self.on_problem = on_problem
        self._pool = ThreadPoolExecutor(max_workers=WRITERS, thread_name_prefix="splendor-save")
        #: Per table: the snapshot to write, the moves it holds, its table.
        self._pending: dict[str, tuple[bytes, int, Table]] = {}
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
        """Write `table` as it is now (soon; a newer snapshot replaces an unwritten one)."""
        raw = json.dumps(snapshot(table)).encode()
        self._pending[table.id] = (raw, len(table.texts), table)
        if table.id not in self._writers:
            task = asyncio.get_running_loop().create_task(self._drain(table.id))
            self._writers[table.id] = task

    async def _drain(self, table_id: str) -> None:
        loop = asyncio.get_running_loop()
        path = table_path(self.folder, table_id)
        wait = RETRY_FIRST
        try:
            while (item := self._pending.pop(table_id, None)) is not None:
                raw, moves, table = item
                try:
                    await loop.run_in_executor(self._pool, atomic_write_bytes, path, raw)
                except StorageError as exc:
                    self._pending.setdefault(table_id, item)  # unless a newer one came
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
                wait = RETRY_FIRST
                if table.save_problem is not None:
                    log.warning("table %s is saved again", table_id)
                    self._tell(table, None)
                table.saved(moves)
        finally:
            del self._writers[table_id]

    def _tell(self, table: Table, problem: str | None) -> None:
        table.storage_problem(problem)
        if self.on_problem is not None:
            self.on_problem(table, problem)

    async def flush(self) -> None:
        """Until every snapshot taken so far is written (or, closing, tried once)."""
        while self._writers:
            await asyncio.gather(*self._writers.values(), return_exceptions=True)

    async def close(self) -> None:
        """Write what is pending (one more try for what fails), then let the folder go."""
        self._closing = True
        self._wake.set()
        await self.flush()
        self._pool.shutdown(wait=True)
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
        for path in sorted(self.folder.glob("table-*.json")):
            try:
                saved = json.loads(read_bytes_limited(path, _MAX_FILE))
                if (isinstance(saved, dict) and saved.get("finished") is True
                        and saved.get("recorded", True) is True):
                    continue
                tables.append(restore(data, saved, **table_args))
            # Whatever is wrong with a file (bad JSON, a missing key, an illegal move in
            # its history) must not stop a server from starting: it is skipped, and kept.
            except Exception as exc:
                log.warning("The saved table %s cannot be resumed and is left as it is: "
                            "%s: %s", path, type(exc).__name__, exc)
        return tables
