"""Saved games: a game record plus what is needed to resume it, in a versioned JSON file.

Format (version 3)::

    {
      "format": "splendor-save",
      "version": 3,
      "game": "splendor",
      "name": "Ada vs Hard bot, round 12",
      "saved_at": "2026-11-22T04:15:00+00:00",
      "seats": [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Hard bot"}],
      "module": "orient",
      "summary": {"round": 12, "scores": [5, 7], "over": false},
      "bots": {},
      "mode": {"competitive": false, "first_player_drawn": true},
      "assists": {"undos": 0, "hints": 2},
      "record": { ...a game record, see splendor.engine.record... }
    }

"name" is the save's name as the player typed it (optional: the autosave has none, and
older saves lack it); the file's name keeps only letters, digits, spaces, '-' and '_' of it
(`save_path_for`), so the load screen shows the typed name while it still names the file.
"module" names the Cities of Splendor module played, null for the base game (version 2;
the record, version 2 too, holds the module's setup, and decides: the load screen shows
the record's module, which is what loading plays, and "module" is only a copy for
readers that do not open the record). Versions 1 and 0 are base games.
"game" (version 3) names the game of the registry (`splendor.games`) the record is a game
of: "splendor", or "saba" with a Saba record (`splendor.saba.engine.record`); a save
without it is Splendor's. A game this version does not know is refused as a newer
version's. Only the callers that play any game (Continue, Load, the autosave's check,
`replay`) read another game's save; the others (review, analysis) are told it is another
game's. A record played with other components than the game's loaded ones (Saba's card
data: a player's copy, or the shipped one) is refused saying which it needs
(`Game.data_mismatch`), the file left as it is.
"mode" and "assists" are the session's (optional; older saves lack them; "mode" says
whether the game is competitive and whether its first player was drawn at random). "bots" held the
bots' random states in earlier saves; the game no longer needs them (a bot's decisions
are seeded by its seat and the game's progress) and writes it empty.

Lists of plain values (the actions, a bot's random state) are written on one line each,
which keeps a save small: what the game writes stays far below what it reads back
(MAX_SAVE_ACTIONS, MAX_SAVE_BYTES), and a game too long for that is refused by the writer
with `SaveTooLong`, never written and then found unreadable.

Loading replays the record through the engine, so a file that does not describe a legal
game is refused with the reason. A bare game record of any game (as written by `splendor
play --record`) counts as version 0 and is upgraded. A newer version is refused with a message.
Nothing here deletes or overwrites a file except `write_*` and `delete_save`, which the
player asks for; an autosave or backup that cannot be read is moved aside before a new
one is written (see `splendor.storage.aside`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from splendor.engine import GameData, RecordError, replay
from splendor.engine.modules import module_ids
from splendor.games import Game, default_game, find_game, game_of, games
from splendor.storage import paths, untrusted
from splendor.storage.aside import FileProblem, keep_aside
from splendor.storage.atomic import (
    StorageError,
    atomic_write_bytes,
    read_bytes_limited,
)
from splendor.storage.logfile import logger as log

SAVE_FORMAT = "splendor-save"
SAVE_VERSION = 3
#: The longest game a save holds (a real game has a few hundred actions; this many take
#: about 4 s to replay). Longer ones are neither written nor read.
MAX_SAVE_ACTIONS = 200_000
#: A larger file is refused before it is read. Far above what the writer can produce:
#: MAX_SAVE_ACTIONS of the longest repeatable action texts take about 5.2 MB.
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: Fields of a save that belong to the session (the mode and the assists used).
SESSION_FIELDS = ("mode", "assists")
#: The longest save name, in characters (its file name keeps letters, digits, spaces and
#: dashes of it): room for the offered "Ada vs Hard bot vs Easy bot - round 12" and more;
#: at most 4 bytes each, the file name stays far under the 255 bytes systems allow.
SAVE_NAME_LENGTH = 60
#: Names Windows keeps for devices, with or without an extension, in any case: a file
#: called so cannot be made there, so no save is named so on any system.
WINDOWS_DEVICES = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [f"{port}{n}" for port in ("COM", "LPT") for n in (*"123456789", "¹", "²", "³")])
#: The stem of the game's own autosave file (its backup's name, cleaned, is "autosavebak").
RESERVED_NAME = "autosave"


class SaveError(ValueError):
    """A saved game that cannot be loaded; the message names the file and the reason.

    `kind` sorts the reason for the player's language: 'empty', 'not_save', 'newer',
    'damaged', 'illegal', 'unreadable' (the system refused to read it), 'bad_name', one
    of `untrusted.SAVE_PROBLEMS` or a `DataMismatch.kind` (played with other card data);
    `params` fill that sentence's placeholders (the unknown module's name, the data's
    fingerprint). `game`: for a data mismatch, the game whose loaded components refused
    the record (its screens may say why those are what they are), else None.
    """

    def __init__(self, message: str, kind: str = "damaged",
                 params: dict[str, str] | None = None, game: Game | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.params = params or {}
        self.game = game


#: The `SaveError` kinds of a file that is broken (its game cannot be read from it), as
#: against one that is whole but not for this program or this card data.
DAMAGE: frozenset[str] = frozenset({"empty", "not_save", "damaged", "illegal", "unreadable"})


class SaveNameError(SaveError):
    """A name that cannot be a save's: `reason` is 'empty' (nothing usable left),
    'reserved' (the game's own autosave) or 'device' (a Windows device name)."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message, "bad_name")
        self.reason = reason


class SaveTooLong(StorageError):
    """A game the writer refuses: longer than the reader accepts. `actions` and `size`
    (bytes, 0 when not measured) say how long it is."""

    def __init__(self, message: str, actions: int, size: int = 0) -> None:
        super().__init__(message)
        self.actions = actions
        self.size = size


@dataclass(frozen=True)
class SavedGame:
    """A loaded save: the resumed game (a state of `game`) and what the table needs
    around it."""

    path: Path
    state: Any
    seats: tuple[dict[str, str], ...]
    saved_at: str
    bots: dict[int, Any] = field(default_factory=dict)
    #: The session's own fields ("mode", "assists"), unchecked: the session reads them.
    session: dict[str, Any] = field(default_factory=dict)
    game: Game = field(default_factory=default_game)


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
    #: The Cities of Splendor module played, as its record says, which is what loading
    #: plays (None: the base game).
    module: str | None = None
    #: SaveError.params of `error`.
    error_params: dict[str, str] = field(default_factory=dict)
    #: The game saved (`splendor.games`), by its id.
    game: str = field(default_factory=lambda: default_game().id)


def save_document(
    state: Any,
    seats: list[dict[str, str]],
    bots: dict[int, Any] | None = None,
    now: datetime | None = None,
    session: dict[str, Any] | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """The JSON-ready save of `state` (a game of any registered game) with its seats
    (kind and name), bot states, the session's own fields (`session`: "mode" and
    "assists", see `splendor.session.saving`) and the `name` the player gave it, as typed."""
    moment = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    game = game_of(state.data)
    return {
        **{k: v for k, v in (session or {}).items() if k in SESSION_FIELDS},
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.id,
        **({"name": name} if name is not None else {}),
        "saved_at": moment,
        "seats": seats,
        # Only Splendor's setups name a module (None: none).
        "module": getattr(state.setup, "module", None),
        "summary": {"round": state.round, "scores": list(state.scores()),
                    "over": state.is_over()},
        "bots": {str(seat): value for seat, value in (bots or {}).items()},
        "record": game.make_record(state),
    }


def _dump(value: Any, depth: int = 0) -> str:
    """JSON indented by one space per level, except that a list holding no object or
    list is written on one line, compactly: the action list costs a line, not 200,000."""
    pad = " " * (depth + 1)
    if isinstance(value, dict) and value:
        items = [f"{pad}{json.dumps(str(k))}: {_dump(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        items = [pad + _dump(v, depth + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"
    return json.dumps(value, separators=(",", ":"))


def _action_count(document: Any) -> int:
    record = document.get("record") if isinstance(document, dict) else None
    actions = record.get("actions") if isinstance(record, dict) else None
    return len(actions) if isinstance(actions, list) else 0


def encode_save(document: dict[str, Any]) -> bytes:
    """The bytes of a save; SaveTooLong when the game could not be read back."""
    actions = _action_count(document)
    if actions > MAX_SAVE_ACTIONS:
        raise SaveTooLong(f"the game is too long to save ({actions:,} actions; a save holds "
                          f"at most {MAX_SAVE_ACTIONS:,})", actions)
    data = (_dump(document) + "\n").encode("utf-8")
    if len(data) > MAX_SAVE_BYTES:
        raise SaveTooLong(f"the game is too large to save ({len(data):,} bytes; a save "
                          f"holds at most {MAX_SAVE_BYTES:,})", actions, len(data))
    return data


def write_save(path: Path, document: dict[str, Any]) -> None:
    """Write a save atomically; StorageError if the disk or folder refuses (SaveTooLong
    when the game is longer than a save can hold, and nothing is written)."""
    atomic_write_bytes(path, encode_save(document))


#: The digest of the bytes this process last wrote to each autosave file: a file that
#: still holds them is known to read, without replaying it again every turn.
_written: dict[Path, bytes] = {}


def _digest(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def _readable_autosave(path: Path, data: GameData | None) -> bytes:
    """The bytes of an autosave file if it reads; SaveError otherwise.

    With `data`, "reads" means it loads and replays; without, that it decodes.
    """
    try:
        raw = read_bytes_limited(path, MAX_SAVE_BYTES)
    except StorageError as exc:
        raise SaveError(str(exc), "unreadable") from None
    if _written.get(path) == _digest(raw):
        return raw
    if data is not None:
        load_save(path, data, any_game=True)  # raises SaveError unless it replays
        if read_bytes_limited(path, MAX_SAVE_BYTES) != raw:
            raise SaveError(f"{path.name} changed while it was read", "unreadable")
    else:
        _upgrade(_decode(raw, path.name), path.name)
    return raw


def _aside(path: Path, error: SaveError) -> FileProblem:
    """Move an autosave file the game cannot read aside; StorageError if it cannot be."""
    reason = "newer" if error.kind == "newer" else "unreadable"
    problem = keep_aside(path, "autosave", reason, str(error))
    if problem.kept is None:
        raise StorageError(f"{path.name} cannot be read and is not written over: "
                           f"{problem.detail}")
    return problem


def keep_unreadable_autosaves(data: GameData | None = None) -> list[FileProblem]:
    """Move aside the autosave and its backup if they cannot be read, before a game that
    will autosave starts; what was moved. StorageError if one cannot be moved."""
    problems = []
    for path in (paths.autosave_path(), paths.autosave_backup_path()):
        if os.path.lexists(path):
            try:
                _readable_autosave(path, data)
            except SaveError as exc:
                problems.append(_aside(path, exc))
    return problems


def write_autosave(document: dict[str, Any], data: GameData | None = None
                   ) -> list[FileProblem]:
    """Write the autosave, first keeping the previous one as the backup if it reads.

    A file there that does not read (damaged, or from a newer version) is never written
    over: it is moved aside first, and returned so that the player can be told where.
    SaveTooLong (nothing written, nothing moved) when the game is too long to save;
    StorageError when the disk or folder refuses.
    """
    encoded = encode_save(document)
    current, backup = paths.autosave_path(), paths.autosave_backup_path()
    problems: list[FileProblem] = []
    old: bytes | None = None
    if os.path.lexists(current):
        try:
            old = _readable_autosave(current, data)
        except SaveError as exc:
            problems.append(_aside(current, exc))  # a damaged autosave never replaces a backup
    if old is not None:
        if os.path.lexists(backup):
            try:
                _readable_autosave(backup, data)
            except SaveError as exc:
                problems.append(_aside(backup, exc))
        atomic_write_bytes(backup, old)
        _written[backup] = _digest(old)
    atomic_write_bytes(current, encoded)
    _written[current] = _digest(encoded)
    return problems


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
    recorded = next((g for g in games() if g.record_format == doc.get("format")), None)
    if recorded is not None:
        doc = _from_record(doc, recorded)
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
    actions = _action_count(doc)
    if actions > MAX_SAVE_ACTIONS:
        raise SaveError(f"{name} holds {actions:,} actions; a save holds at most "
                        f"{MAX_SAVE_ACTIONS:,}")
    upgraded: dict[str, Any] = doc
    return upgraded


def _from_record(record: dict[str, Any], game: Game) -> dict[str, Any]:
    """Version 0: a bare record of `game`. Every seat becomes a human with the record's
    names."""
    setup = record.get("setup")
    names = setup.get("names") if isinstance(setup, dict) else None
    seats = [{"kind": "human", "name": str(n)} for n in names] if isinstance(names, list) else []
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game.id, "saved_at": "",
            "seats": seats, "summary": {}, "bots": {}, "record": record}


def _data_problem(game: Game, record: Any, label: str) -> SaveError | None:
    """The refusal of a record played with other components than `game`'s loaded ones."""
    mismatch = game.data_mismatch(record)
    if mismatch is None:
        return None
    return SaveError(f"{label}: {mismatch.message}", mismatch.kind, dict(mismatch.params), game)


def load_save(path: Path, data: GameData, *, any_game: bool = False) -> SavedGame:
    """Read, upgrade and replay a save; SaveError naming the file and the problem.

    A Splendor game is replayed with `data`. A save of another game (its "game") is read
    only with `any_game`, with that game's own components; without it, it is refused as
    another game's (kind 'other_game'). One played with other components than those is
    refused saying which it needs (`Game.data_mismatch`).

    Names are cleaned (`untrusted.clean_name`, logged); an unknown seat kind is a
    SaveError of kind `untrusted.UNKNOWN_SEAT`. Bot states (a field of format 1) are
    returned as saved; the game does not use them (a bot's decisions are seeded by its
    seat and the game's progress).
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
    _check_module(doc, label)
    game = _saved_game(doc, label)
    if not any_game and not isinstance(data, game.data_type):
        raise SaveError(f"{label} holds a game of {game.id}, not of this game",
                        "other_game", {"game": game.id})
    record = _clean_record_names(doc.get("record"))
    problem = None if isinstance(data, game.data_type) else _data_problem(game, record, label)
    if problem is not None:
        raise problem
    try:
        state = replay(data, record) if isinstance(data, game.data_type) \
            else game.replay(record)
    except RecordError as exc:
        if exc.index is None:  # the setup, before any move: not a rule broken
            raise SaveError(f"{label} is damaged: {exc}") from None
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
    return SavedGame(path, state, tuple(seats), str(doc.get("saved_at", "")), bots,
                     {k: doc[k] for k in SESSION_FIELDS if k in doc}, game)


def _saved_game(doc: dict[str, Any], label: str) -> Game:
    """The game a save holds ("game"; none: Splendor's); one this version does not know
    is refused as a newer version's (SaveError of kind 'newer')."""
    name = doc.get("game", default_game().id)
    if isinstance(name, str):
        with contextlib.suppress(ValueError):
            return find_game(name)
    raise SaveError(f"{label} holds a game this version does not know "
                    f"({untrusted.quoted(str(name))!r})", "newer")


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
    # str.isdigit() also accepts superscripts such as '²', which int() refuses, and a
    # key of thousands of digits is past what int() converts.
    return key.isascii() and key.isdigit() and len(key) <= 3


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
    try:
        module = _check_module(doc, label)
        game = _saved_game(doc, label)
        problem = _data_problem(game, doc.get("record"), label)
        if problem is not None:
            raise problem
    except SaveError as exc:
        return SaveInfo(path, name, str(doc.get("saved_at", "")), players, 0, (),
                        error=str(exc), error_kind=exc.kind, error_params=exc.params)
    summary = doc.get("summary")
    if not isinstance(summary, dict):
        summary = {}
    scores = summary.get("scores", [])
    round_number = summary.get("round", 0)
    return SaveInfo(
        path, _typed_name(doc, path) or name, str(doc.get("saved_at", "")), players,
        round_number if isinstance(round_number, int) else 0,
        tuple(s for s in scores if isinstance(s, int)) if isinstance(scores, list) else (),
        over=summary.get("over") is True,
        module=module,
        game=game.id,
    )


def _check_module(doc: dict[str, Any], label: str) -> str | None:
    """The module the save's record was played with, which is what loading plays (the
    top-level "module" is only a copy: a file where the two disagree is listed as what
    it loads); SaveError of kind UNKNOWN_MODULE for a module this version does not have.
    Any other problem with the record is left to the replay."""
    record = doc.get("record")
    if not isinstance(record, dict) or record.get("version") == 1:
        return None  # no record (the replay says so), or one from before the modules
    setup = record.get("setup")
    if not isinstance(setup, dict):
        return None
    module = setup.get("module")
    if not isinstance(module, str) or module in module_ids():
        return module if isinstance(module, str) else None
    shown = untrusted.quoted(module)
    raise SaveError(f"{label} was played with an unknown module {shown!r} (the modules: "
                    f"{', '.join(module_ids())})", untrusted.UNKNOWN_MODULE, {"module": shown})


def _typed_name(doc: dict[str, Any], path: Path) -> str | None:
    """The name the save was given, as typed, when the file still goes by it (a file
    renamed or copied under another name shows its own name); None otherwise."""
    typed = doc.get("name")
    if not isinstance(typed, str):
        return None
    shown = untrusted.printable(typed).strip()
    if not shown or len(shown) > SAVE_NAME_LENGTH:
        return None
    try:
        return shown if save_path_for(shown).name == path.name else None
    except SaveNameError:
        return None


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


def portable_characters(name: str) -> str:
    """What a file name keeps of `name`: letters, digits, spaces, '-' and '_', without
    spaces at the ends (any length)."""
    return re.sub(r"[^\w \-]", "", name, flags=re.UNICODE).strip()


def clean_save_name(name: str) -> str:
    """The stem of the file a save named `name` goes to: its `portable_characters`, cut
    to SAVE_NAME_LENGTH (and no space at the end, which Windows drops)."""
    return portable_characters(name)[:SAVE_NAME_LENGTH].rstrip()


def save_path_for(name: str) -> Path:
    """The file a named save goes to: letters, digits, spaces, '-' and '_' only.

    SaveNameError when nothing usable is left, for the game's own autosave names, and for
    Windows device names (a save folder may be shared with, or copied to, Windows).
    """
    clean = clean_save_name(name)
    if not clean:
        raise SaveNameError(f"{name!r} cannot be used as a save name: no letter or digit",
                            "empty")
    if clean.lower() == RESERVED_NAME:
        raise SaveNameError(f"{name!r} cannot be used as a save name: the autosave's name",
                            "reserved")
    # Windows ignores what follows the device name's first dot, and trailing spaces.
    device = name.strip().split(".")[0].rstrip(" ").upper()
    if device in WINDOWS_DEVICES or clean.upper() in WINDOWS_DEVICES:
        raise SaveNameError(f"{name!r} cannot be used as a save name: a device name on "
                            "Windows", "device")
    return paths.saves_dir() / f"{clean}.json"


def delete_save(path: Path) -> None:
    """Delete a save the player chose to delete; StorageError if it cannot be."""
    try:
        path.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(f"cannot delete {path.name}: {exc.strerror or exc}") from exc
