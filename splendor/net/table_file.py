"""A server's table on disk: the file's format, written and read.

Version 2, `table-<id>.jsonl`, is JSON lines. A `table` line holds everything about the
table but its moves (spec, title, seed, seats with their tokens, the names dealt, chat,
whether it is over and recorded); a `move` line holds one move's action text. The file is
written whole once (atomically), then grows by appended lines, synced before the moves
they hold are shown: the last `table` line is the table as it is, and the `move` lines
in order are its game. A last line cut short by a crash was never synced, so no move of
it was ever shown: it is left out. A table written whole again (a server starting, a
write that failed, many `table` lines) drops the old lines.

Version 1, `table-<id>.json` (one JSON object, its moves under "actions", rewritten
whole after every move), is still read; such a table is written as version 2 the first
time it is saved, and the old file removed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from splendor.engine import GameData, parse_action
from splendor.net.game_table import SeatSlot, Table
from splendor.net.protocol import Chat
from splendor.net.table import TableSpec
from splendor.session.log import replayed_log
from splendor.storage.atomic import read_bytes_limited

FORMAT: Final = "splendor-net-table"
VERSION: Final = 2
#: A move's line is about 40 bytes: a million moves of an endless game fit.
MAX_FILE: Final = 64 * 1024 * 1024


def table_path(folder: Path, table_id: str) -> Path:
    return folder / f"table-{table_id}.jsonl"


def legacy_path(folder: Path, table_id: str) -> Path:
    """Where a version-1 server kept the table."""
    return folder / f"table-{table_id}.json"


def table_files(folder: Path) -> list[Path]:
    """The tables' files in `folder`, sorted; a table kept in both formats (its server
    stopped between writing the new file and removing the old) by its new one."""
    if not folder.is_dir():
        return []
    newer = {path.name.removesuffix(".jsonl") for path in folder.glob("table-*.jsonl")}
    return sorted([*folder.glob("table-*.jsonl"),
                   *(path for path in folder.glob("table-*.json") if path.stem not in newer)])


def table_meta(table: Table) -> dict[str, Any]:
    """A `table` line's content: the table as it is now, but its moves."""
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
        "chat": [{"text": c.text, "seat": c.seat, "name": c.name} for c in table.chat],
    }


def meta_line(meta: dict[str, Any]) -> bytes:
    return (json.dumps({"t": "table", **meta}) + "\n").encode()


def move_lines(texts: list[str]) -> bytes:
    return "".join(json.dumps({"t": "move", "a": text}) + "\n" for text in texts).encode()


def whole_file(table: Table) -> bytes:
    return meta_line(table_meta(table)) + move_lines(table.texts)


def read_table(path: Path) -> dict[str, Any]:
    """The table a file holds, as one object (its moves under "actions"), whichever
    version wrote it; ValueError (or OSError) if it is not a table's file."""
    raw = read_bytes_limited(path, MAX_FILE)
    if path.suffix == ".json":
        saved = json.loads(raw)
        if not isinstance(saved, dict) or saved.get("format") != FORMAT:
            raise ValueError("not a saved table")
        if saved.get("version") != 1:
            raise ValueError(f"a saved table of version {saved.get('version')!r} in a "
                             f".json file, this reads version 1 there")
        return saved
    lines = raw.split(b"\n")
    if lines[-1]:  # cut short by a crash: never synced, so nothing in it was shown
        lines.pop()
    meta: dict[str, Any] | None = None
    actions: list[str] = []
    for number, line in enumerate(filter(None, lines), 1):
        item = json.loads(line)
        kind = item.get("t") if isinstance(item, dict) else None
        if number == 1 and (kind != "table" or item.get("format") != FORMAT):
            raise ValueError("not a saved table")
        if kind == "table":
            if item.get("version") != VERSION:
                raise ValueError(f"a saved table of version {item.get('version')!r}, this "
                                 f"reads {VERSION}")
            meta = item
        elif kind == "move" and isinstance(item.get("a"), str):
            actions.append(item["a"])
        else:
            raise ValueError(f"line {number} is neither the table nor a move")
    if meta is None:
        raise ValueError("an empty file")
    return {**meta, "actions": actions}


def restore(data: GameData, saved: dict[str, Any], **table_args: Any) -> Table:
    """The table `saved` (from `read_table`) describes, its game replayed to where it
    was; ValueError (or another exception from the engine) if it cannot be."""
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
