"""Statistics of the human players' games, per bot level and player count.

A game counts when it has a human and a bot; its key is the strongest bot level at the
table and the number of players. Games between humans only count under 'humans'.
Bot-only games (watching) are not counted. Saved atomically; a damaged file is kept
aside as statistics.json.bak and counting starts again, with a message.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from splendor.engine import GameState
from splendor.i18n import has, tr
from splendor.storage import paths
from splendor.storage.atomic import (
    StorageError,
    atomic_write_text,
    keep_aside,
    read_bytes_limited,
)

STATS_VERSION = 1
#: Bot levels from weakest to strongest; the table's level is its strongest bot.
LEVEL_ORDER = ("random", "greedy", "easy", "medium", "hard", "expert")


@dataclass
class Record:
    played: int = 0
    won: int = 0
    best_score: int = 0
    fastest_win: int | None = None  # rounds


def table_key(kinds: list[str], players: int) -> str | None:
    """'hard/2' for a human against bots whose strongest is hard; None for bots only."""
    bots = [k for k in kinds if k != "human"]
    if len(bots) == len(kinds):
        return None
    if not bots:
        return f"humans/{players}"
    level = max(bots, key=lambda k: LEVEL_ORDER.index(k) if k in LEVEL_ORDER else -1)
    return f"{level}/{players}"


def load_stats() -> tuple[dict[str, Record], str | None]:
    """The records by key, and the problem (technical detail) if the file could not be used;
    an unusable file is kept aside as .bak and counting starts again."""
    path = paths.stats_path()
    if not path.exists():
        return {}, None
    try:
        doc = json.loads(read_bytes_limited(path, 1024 * 1024).decode("utf-8"))
        if not isinstance(doc, dict) or doc.get("version") != STATS_VERSION:
            raise ValueError("unknown format")
        records = {}
        for key, raw in doc.get("records", {}).items():
            record = Record(**raw)
            if not all(isinstance(v, int) for v in (record.played, record.won,
                                                      record.best_score)):
                raise ValueError(f"bad entry {key}")
            records[str(key)] = record
        return records, None
    except (StorageError, UnicodeDecodeError, ValueError, TypeError, AttributeError) as exc:
        problem = str(exc) or type(exc).__name__
    keep_aside(path)
    # The technical detail only: the screen wraps it in a sentence in the player's language.
    return {}, f"{path.name} kept as {path.name}.bak: {problem}"


def save_stats(records: dict[str, Record]) -> None:
    doc: dict[str, Any] = {"version": STATS_VERSION,
                           "records": {k: asdict(v) for k, v in sorted(records.items())}}
    atomic_write_text(paths.stats_path(), json.dumps(doc, indent=1) + "\n")


def add_game(records: dict[str, Record], state: GameState, kinds: list[str]) -> str | None:
    """Count a finished game in `records`; return its key (None when it does not count)."""
    key = table_key(kinds, state.num_players)
    if key is None or not state.is_over():
        return None
    outcome = state.outcome()
    humans = [s for s, k in enumerate(kinds) if k == "human"]
    record = records.setdefault(key, Record())
    record.played += 1
    record.best_score = max(record.best_score, max(state.players[s].points for s in humans))
    if any(s in outcome.winners for s in humans):
        record.won += 1
        rounds = -(-state.turns // state.num_players)
        if record.fastest_win is None or rounds < record.fastest_win:
            record.fastest_win = rounds
    return key


def describe(key: str, record: Record) -> str:
    """'Against hard bots, 2 players: 3 won of 7, best score 18, fastest win 21 rounds.',
    in the language in use (results.record in the catalogs)."""
    level, players = key.split("/")
    entry = f"results.record.table.{level}"
    table = tr(entry) if has(entry) else level
    if record.fastest_win is not None:
        return tr("results.record.summary_fastest", count=record.fastest_win, table=table,
                  players=players, won=record.won, played=record.played,
                  best=record.best_score)
    return tr("results.record.summary", table=table, players=players, won=record.won,
              played=record.played, best=record.best_score)
