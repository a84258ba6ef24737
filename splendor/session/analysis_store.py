"""The analysis kept with its game: a versioned field of the save or record file, so a
second look costs nothing.

The field (top level of a save, or of a bare game record; neither's reader looks at it)::

    "analysis": {
      "version": 2,
      "game": "3f2a...",        # digest of the game analysed (deal and actions)
      "by_budget": {"240": {"seats": [0], "moves": [{...MoveAnalysis.to_json()...}]}}
    }

An analysis is found by its budget, and only for the game it was made of (a file whose
game changed has none). A field from a newer version is kept as it is (never written
over: the new analysis is then not kept). A damaged field never stops the game from
loading: reading it raises `AnalysisProblem` naming the file and the problem, and the
analysis is made again (and replaces it when kept).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from splendor.engine import GameState, make_record
from splendor.session.analysis import GameAnalysis
from splendor.storage.atomic import StorageError, atomic_write_bytes, read_bytes_limited
from splendor.storage.saves import MAX_SAVE_BYTES, SAVE_FORMAT, encode_save

FIELD = "analysis"
#: 2: every legal move compared and a drop's noise kept (version 1's figures depended on
#: the move played: they are made again, and replaced when kept).
VERSION = 2


class AnalysisProblem(ValueError):
    """A kept analysis that cannot be read (or kept): the message names the file."""


def game_digest(state: GameState) -> str:
    """What identifies the game analysed: its deal and its actions (not the names)."""
    record = make_record(state)
    setup = {k: v for k, v in record["setup"].items() if k not in ("names", "seed")}
    text = json.dumps({"setup": setup, "actions": record["actions"]}, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def stored_analysis(document: dict[str, Any], state: GameState, budget: int,
                    label: str) -> GameAnalysis | None:
    """The analysis of `state`'s game at `budget` kept in `document` (a save or a record
    as read from the file `label`), or None. AnalysisProblem when the field is damaged."""
    field = document.get(FIELD)
    if field is None:
        return None
    if not isinstance(field, dict) or type(field.get("version")) is not int:
        raise AnalysisProblem(f"{label}: the kept analysis is damaged (no version)")
    if field["version"] != VERSION:
        return None  # a newer game's (not ours to read), or an older review's: made again
    if not isinstance(field.get("game"), str):
        raise AnalysisProblem(f"{label}: the kept analysis is damaged (no game named)")
    if field["game"] != game_digest(state):
        return None  # made of another game (the file was played on, or replaced)
    budgets = field.get("by_budget")
    if not isinstance(budgets, dict):
        raise AnalysisProblem(f"{label}: the kept analysis is damaged (no analyses by budget)")
    entry = budgets.get(str(budget))
    if entry is None:
        return None
    try:
        return GameAnalysis.from_json(budget, entry)
    except ValueError as exc:
        raise AnalysisProblem(f"{label}: the kept analysis is damaged ({exc})") from None


def with_analysis(document: dict[str, Any], state: GameState, analysis: GameAnalysis
                  ) -> dict[str, Any] | None:
    """`document` with `analysis` kept in it (other budgets of the same game kept too);
    None when the field belongs to a newer version (left as it is)."""
    field = document.get(FIELD)
    digest = game_digest(state)
    budgets: dict[str, Any] = {}
    if isinstance(field, dict) and type(field.get("version")) is int:
        if field["version"] > VERSION:
            return None
        if (field.get("game") == digest and field["version"] == VERSION
                and isinstance(field.get("by_budget"), dict)):
            budgets = dict(field["by_budget"])
    budgets[str(analysis.budget)] = analysis.to_json()
    return {**document, FIELD: {"version": VERSION, "game": digest, "by_budget": budgets}}


def kept_analysis(path: Path, state: GameState, budget: int
                  ) -> tuple[GameAnalysis | None, str | None]:
    """The analysis kept in the file `path` for `state`'s game at `budget` (None when
    there is none), and what is wrong with the file's analysis (None when nothing)."""
    try:
        return stored_analysis(read_document(path), state, budget, path.name), None
    except AnalysisProblem as exc:
        return None, str(exc)


def read_document(path: Path) -> dict[str, Any]:
    """The JSON object in `path` (a save or a record); AnalysisProblem naming the file."""
    try:
        raw = read_bytes_limited(path, MAX_SAVE_BYTES)
        document = json.loads(raw.decode("utf-8"))
    except (StorageError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise AnalysisProblem(f"{path.name} cannot be read: {exc}") from None
    if not isinstance(document, dict):
        raise AnalysisProblem(f"{path.name} is not a saved game or a game record")
    return document


def keep_analysis(path: Path, state: GameState, analysis: GameAnalysis) -> bool:
    """Keep `analysis` in the file `path` (everything else in it unchanged, written
    atomically); False when the file holds a newer version's analysis, left alone.
    AnalysisProblem when the file cannot be read or written."""
    document = with_analysis(read_document(path), state, analysis)
    if document is None:
        return False
    try:
        if document.get("format") == SAVE_FORMAT:
            data = encode_save(document)
        else:
            data = (json.dumps(document, indent=1) + "\n").encode("utf-8")
        atomic_write_bytes(path, data)
    except StorageError as exc:
        raise AnalysisProblem(f"{path.name}: the analysis is not kept: {exc}") from None
    return True
