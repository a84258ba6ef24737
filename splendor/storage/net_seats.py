"""The seats this computer holds at network tables, kept so that a player whose connection
dropped (or who closed the window) comes back to the same seat: the table's address and
id, the seat, and its token. JSON, versioned, written atomically.

A file this version cannot read is moved aside (logged) and the game goes on without it:
the player can still join by address, only not reclaim an old seat. A newer version's
file is left alone and not written over.

`join` keeps its bots' seats the same way in a file of its own (`path=`): the window's
Join screen offers only the seats a person holds.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from splendor.storage import paths
from splendor.storage.aside import FileProblem, keep_aside, left_alone, refuse_to_replace
from splendor.storage.atomic import StorageError, atomic_write_text, read_bytes_limited

FORMAT = 1
#: Seats kept at most (the oldest go first).
MAX_KEPT = 20
MAX_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class HeldSeat:
    """A seat at a table served at `url` (ws://host:port)."""

    url: str
    table: str
    seat: int
    token: str
    name: str
    title: str


def _parse(raw: bytes) -> list[HeldSeat]:
    doc: Any = json.loads(raw.decode("utf-8"))
    if not isinstance(doc, dict) or not isinstance(doc.get("format"), int):
        raise ValueError("not a seats file (no format number)")
    if doc["format"] > FORMAT:
        raise _Newer(f"format {doc['format']}, this version reads {FORMAT}")
    seats = doc.get("seats")
    if not isinstance(seats, list):
        raise ValueError("'seats' is not a list")
    out = []
    for i, item in enumerate(seats[:MAX_KEPT]):
        if not isinstance(item, dict):
            raise ValueError(f"seat {i} is not an object")
        try:
            held = HeldSeat(**{k: item[k] for k in HeldSeat.__slots__})
        except KeyError as exc:
            raise ValueError(f"seat {i} has no {exc.args[0]!r}") from None
        if not all(isinstance(getattr(held, k), str) for k in
                   ("url", "table", "token", "name", "title")) or not isinstance(held.seat, int):
            raise ValueError(f"seat {i} has a field of the wrong type")
        out.append(held)
    return out


class _Newer(ValueError):
    pass


def held_seats(path: Path | None = None) -> tuple[list[HeldSeat], FileProblem | None]:
    """The seats kept (in `path`, by default the window's file), newest first, and what
    became of an unusable file."""
    path = path or paths.net_seats_path()
    if not path.exists():
        return [], None
    try:
        return _parse(read_bytes_limited(path, MAX_BYTES)), None
    except _Newer as exc:
        return [], left_alone(path, "seats", "newer", str(exc))
    except (StorageError, ValueError, UnicodeDecodeError) as exc:
        return [], keep_aside(path, "seats", "unreadable", str(exc))


def _write(seats: list[HeldSeat], path: Path) -> None:
    refuse_to_replace(path, _parse, MAX_BYTES)
    doc = {"format": FORMAT, "seats": [asdict(s) for s in seats[:MAX_KEPT]]}
    atomic_write_text(path, json.dumps(doc, indent=1) + "\n")


def hold_seat(seat: HeldSeat, path: Path | None = None) -> None:
    """Keep `seat` (replacing what was kept for the same table and seat); StorageError
    when it cannot be written."""
    path = path or paths.net_seats_path()
    seats, problem = held_seats(path)
    if problem is not None and problem.reason == "newer":
        return
    kept = [s for s in seats if (s.url, s.table, s.seat) != (seat.url, seat.table, seat.seat)]
    _write([seat, *kept], path)


def release_seat(url: str, table: str, seat: int | None = None,
                 path: Path | None = None) -> None:
    """Forget the seats kept at `table` (its game is over), or only `seat` of it."""
    path = path or paths.net_seats_path()
    seats, problem = held_seats(path)

    def gone(s: HeldSeat) -> bool:
        return (s.url, s.table) == (url, table) and seat in (None, s.seat)

    if problem is not None or not any(gone(s) for s in seats):
        return
    _write([s for s in seats if not gone(s)], path)
