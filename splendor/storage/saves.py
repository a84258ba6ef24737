"""Saved games: a game record plus what is needed to resume it, in a versioned JSON file.

Format (version 1)::

    {
      "format": "splendor-save",
      "version": 1,
      "saved_at": "2026-11-22T04:15:00+00:00",
      "seats": [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Hard bot"}],
      "summary": {"round": 12, "scores": [5, 7], "over": false},
      "bots": {"1": <the bot's random state>},
      "record": { ...a game record, see splendor.engine.record... }
    }

Loading replays the record through the engine, so a file that does not describe a legal
game is refused with the reason. A bare game record (as written by `splendor play
--record`) counts as version 0 and is upgraded. A newer version is refused with a message.
Nothing here deletes or overwrites a file except `write_*` and `delete_save`, which the
player asks for.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from splendor.engine import GameData, GameState, RecordError, make_record, replay
from splendor.storage import paths, untrusted
from splendor.storage.atomic import (
    StorageError,
    atomic_write_bytes,
    atomic_write_text,
    read_bytes_limited,
)
from splendor.storage.logfile import logger as log

SAVE_FORMAT = "splendor-save"
SAVE_VERSION = 1
#: No real save comes near this; a larger file is refused before it is read.
MAX_SAVE_BYTES = 4 * 1024 * 1024
#: The longest save name (letters, digits, spaces and dashes are kept).
SAVE_NAME_LENGTH = 40


class SaveError(ValueError):
    """A saved game that cannot be loaded; the message names the file and the reason.

    `kind` sorts the reason for the player's language: 'empty', 'not_save', 'newer',
    'damaged', 'illegal', 'unreadable' (the system refused to read it) or 'bad_name'.
    """

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class SavedGame:
    """A loaded save: the resumed game and what the table needs around it."""

    path: Path
    state: GameState
    seats: tuple[dict[str, str], ...]
    saved_at: str
    bots: dict[int, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SaveInfo:
    """What the load screen lists about a file, without replaying it."""

    path: Path
    name: str
    saved_at: str
    players: tuple[str, ...]
    round: int
    scores: tuple[int, ...]
    error: str | None = None
    over: bool = False
    #: SaveError.kind of `error` ('unreadable' when the system refused to read the file).
    error_kind: str = ""


def save_document(
    state: GameState,
    seats: list[dict[str, str]],
    bots: dict[int, Any] | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The JSON-ready save of `state` with its seats (kind and name) and bot states."""
    moment = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": moment,
        "seats": seats,
        "summary": {"round": state.round, "scores": list(state.scores()),
                    "over": state.is_over()},
        "bots": {str(seat): value for seat, value in (bots or {}).items()},
        "record": make_record(state),
    }


def write_save(path: Path, document: dict[str, Any]) -> None:
    """Write a save atomically; StorageError if the disk or folder refuses."""
    atomic_write_text(path, json.dumps(document, indent=1) + "\n")


def write_autosave(document: dict[str, Any], data: GameData | None = None) -> None:
    """Write the autosave, first keeping the previous one as the backup if it reads.

    With `data`, "reads" means it loads and replays; without, that it decodes.
    """
    current = paths.autosave_path()
    if current.exists():
        try:
            if data is not None:
                load_save(current, data)  # raises SaveError unless it replays
                old = current.read_bytes()
            else:
                old = read_bytes_limited(current, MAX_SAVE_BYTES)
                _upgrade(_decode(old, current.name), current.name)
        except (SaveError, StorageError, OSError):
            pass  # a damaged autosave never replaces a good backup
        else:
            atomic_write_bytes(paths.autosave_backup_path(), old)
    write_save(current, document)


def _decode(data: bytes, name: str) -> Any:
    if not data.strip():
        raise SaveError(f"{name} is empty", "empty")
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not a saved game (it is not text)", "not_save") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{name} is not a saved game (broken JSON at line {exc.lineno}, "
                        f"column {exc.colno}: {exc.msg})", "not_save") from None
    except (ValueError, RecursionError) as exc:
        # Valid-looking JSON the decoder still refuses: an integer over Python's digit
        # limit (ValueError) or nesting deeper than the recursion limit (RecursionError).
        reason = ("nested too deeply" if isinstance(exc, RecursionError)
                  else str(exc).split(":")[0])
        raise SaveError(f"{name} is not a saved game (unreadable JSON: {reason})",
                        "not_save") from None


def _upgrade(doc: Any, name: str) -> dict[str, Any]:
    """Bring an older document up to SAVE_VERSION; refuse newer or unknown ones."""
    if not isinstance(doc, dict):
        raise SaveError(f"{name} is not a saved game (expected a JSON object)", "not_save")
    if doc.get("format") == "splendor-record":
        doc = _from_record(doc)
    if doc.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name} is not a saved game (format {doc.get('format')!r})",
                        "not_save")
    version = doc.get("version")
    if type(version) is not int:
        raise SaveError(f"{name} has no valid version number")
    if version > SAVE_VERSION:
        raise SaveError(f"{name} was saved by a newer version of Splendor (save format "
                        f"{version}; this version reads up to {SAVE_VERSION})", "newer")
    if version < 0:
        raise SaveError(f"{name} has an unknown version {version}")
    upgraded: dict[str, Any] = doc
    return upgraded


def _from_record(record: dict[str, Any]) -> dict[str, Any]:
    """Version 0: a bare game record. Every seat becomes a human with the record's names."""
    setup = record.get("setup")
    names = setup.get("names") if isinstance(setup, dict) else None
    seats = [{"kind": "human", "name": str(n)} for n in names] if isinstance(names, list) else []
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "saved_at": "", "seats": seats,
            "summary": {}, "bots": {}, "record": record}


def load_save(path: Path, data: GameData) -> SavedGame:
    """Read, upgrade and replay a save; SaveError naming the file and the problem.

    Names are cleaned (`untrusted.clean_name`, logged); an unknown seat kind is a
    SaveError of kind `untrusted.UNKNOWN_SEAT`. Bot states are kept as saved: the
    controller that reads them checks them.
    """
    label = untrusted.printable(path.name)
    try:
        raw = read_bytes_limited(path, MAX_SAVE_BYTES)
    except StorageError as exc:
        raise SaveError(str(exc), "unreadable") from None
    doc = _upgrade(_decode(raw, label), label)
    seats = doc.get("seats")
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and isinstance(s.get("kind"), str) and isinstance(s.get("name"), str)
        for s in seats
    ):
        raise SaveError(f"{label} is damaged: 'seats' must list each seat's kind and name")
    kind = untrusted.unknown_kind(seats)
    if kind is not None:
        raise SaveError(f"{label} has a seat of unknown kind {kind[:40]!r} (known: "
                        f"{', '.join(untrusted.SEAT_KINDS)})", untrusted.UNKNOWN_SEAT)
    seats = [{**s, "name": untrusted.clean_name(s["name"])} for s in seats]
    try:
        state = replay(data, _clean_record_names(doc.get("record")))
    except RecordError as exc:
        raise SaveError(f"{label} does not hold a legal game: {exc}", "illegal") from None
    if len(seats) != state.num_players:
        raise SaveError(f"{label} is damaged: {len(seats)} seats for "
                        f"{state.num_players} players")
    if any(s["name"] != raw_seat["name"] for s, raw_seat in zip(seats, doc["seats"],
                                                                strict=True)):
        log().warning("%s: player names with characters the game cannot show, or longer "
                      "than %d characters, are shown cleaned", label, untrusted.MAX_NAME_CHARS)
    bots_raw = doc.get("bots") or {}
    bots = {int(k): v for k, v in bots_raw.items() if _is_seat_key(k)} \
        if isinstance(bots_raw, dict) else {}
    return SavedGame(path, state, tuple(seats), str(doc.get("saved_at", "")), bots)


def _clean_record_names(record: Any) -> Any:
    """`record` with its players' names cleaned as the seats' are (anything else as is:
    the engine checks the record's shape)."""
    setup = record.get("setup") if isinstance(record, dict) else None
    if not isinstance(setup, dict) or not isinstance(setup.get("names"), list):
        return record
    names = setup["names"]
    clean = [untrusted.clean_name(n) if isinstance(n, str) else n for n in names]
    return {**record, "setup": {**setup, "names": clean}}


def _is_seat_key(key: str) -> bool:
    # str.isdigit() also accepts superscripts such as '²', which int() refuses.
    return key.isascii() and key.isdigit()


def save_info(path: Path) -> SaveInfo:
    """The summary the load screen shows; `error` says why a file cannot be loaded.

    Names (the file's own too, which may not even be UTF-8) come cleaned for display.
    """
    name = untrusted.printable(path.stem)
    label = untrusted.printable(path.name)
    try:
        doc = _upgrade(_decode(read_bytes_limited(path, MAX_SAVE_BYTES), label), label)
    except (SaveError, StorageError) as exc:
        kind = exc.kind if isinstance(exc, SaveError) else "unreadable"
        return SaveInfo(path, name, "", (), 0, (), error=str(exc), error_kind=kind)
    raw_seats = doc.get("seats")
    seats = [s for s in raw_seats if isinstance(s, dict)] if isinstance(raw_seats, list) else []
    players = tuple(untrusted.clean_name(str(s.get("name", "?"))) for s in seats)
    unknown = untrusted.unknown_kind([s for s in seats if isinstance(s.get("kind"), str)])
    if unknown is not None:
        return SaveInfo(path, name, str(doc.get("saved_at", "")), players, 0, (),
                        error=f"{label} has a seat of unknown kind {unknown[:40]!r}",
                        error_kind=untrusted.UNKNOWN_SEAT)
    summary = doc.get("summary")
    if not isinstance(summary, dict):
        summary = {}
    scores = summary.get("scores", [])
    round_number = summary.get("round", 0)
    return SaveInfo(
        path, name, str(doc.get("saved_at", "")), players,
        round_number if isinstance(round_number, int) else 0,
        tuple(s for s in scores if isinstance(s, int)) if isinstance(scores, list) else (),
        over=summary.get("over") is True,
    )


def list_saves() -> list[SaveInfo]:
    """Every save in the saves folder (the autosave and its backup first), newest first."""
    folder = paths.saves_dir()
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StorageError(f"cannot list {folder}: {exc.strerror or exc}") from exc
    infos = [save_info(p) for p in files]
    special = {paths.autosave_path().name: 0, paths.autosave_backup_path().name: 1}
    newest_first = sorted(infos, key=lambda i: i.saved_at, reverse=True)
    # Stable: the autosave, its backup, undated files, then the rest newest first.
    return sorted(newest_first, key=lambda i: (special.get(i.path.name, 2), i.saved_at != ""))


def save_path_for(name: str) -> Path:
    """The file a named save goes to: letters, digits, spaces, '-' and '_' only."""
    clean = re.sub(r"[^\w \-]", "", name, flags=re.UNICODE).strip()[:SAVE_NAME_LENGTH]
    if not clean or clean.lower() in {"autosave", "autosave.bak"}:
        raise SaveError(f"{name!r} cannot be used as a save name", "bad_name")
    return paths.saves_dir() / f"{clean}.json"


def delete_save(path: Path) -> None:
    """Delete a save the player chose to delete; StorageError if it cannot be."""
    try:
        path.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(f"cannot delete {path.name}: {exc.strerror or exc}") from exc
