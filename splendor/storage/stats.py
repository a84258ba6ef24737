"""Statistics of the human players' games, per bot level and player count.

A game counts when it has a human and a bot; its key is the strongest bot level at the
table and the number of players ('hard/2'), and competitive games (no undo, no hints, no
assists) are kept apart ('hard/2/competitive'). A game with a Cities of Splendor module
is counted apart from base games, the module after the player count ('hard/2/orient',
'hard/2/orient/competitive'), and a game of another game than Splendor
(`splendor.games`) likewise under that game's id ('hard/2/saba',
'hard/2/saba/competitive'); a version that does not know such keys keeps them as they
are. Games between humans only count under 'humans'. Bot-only games (watching) are not
counted. A game in which undo or a hint was used counts as assisted (`Record.assisted`).
Saved atomically. Fields a newer version added (at the top or in a record) are kept and
written back. A file that cannot be read is moved aside under a name that says so and
counting starts again; one a newer version wrote is left as it is and games are not
counted. Either way the player is told, and the file is never written over. Challenges
are not counted as games: their best results are kept apart, in the top-level field
"challenges" (see challenge_stats.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from splendor.engine.modules import module_ids
from splendor.games import default_game, find_game, game_ids, game_of
from splendor.i18n import has, tr
from splendor.storage import paths
from splendor.storage.aside import FileProblem, keep_aside, left_alone, refuse_to_replace
from splendor.storage.atomic import StorageError, atomic_write_text, read_bytes_limited
from splendor.storage.challenge_stats import ChallengeBest, parse_challenges

STATS_VERSION = 1
#: A larger statistics file is refused before it is read.
MAX_STATS_BYTES = 1024 * 1024
#: Bot levels from weakest to strongest; the table's level is its strongest bot.
LEVEL_ORDER = ("random", "greedy", "easy", "medium", "hard", "advanced", "expert")
#: The table of games played over the network, whoever sat at them ('online/2/...').
ONLINE = "online"


@dataclass
class Record:
    played: int = 0
    won: int = 0
    best_score: int = 0
    fastest_win: int | None = None  # rounds
    #: Games of `played` in which the player used undo or asked for a hint.
    assisted: int = 0
    #: Fields a newer version added to the record, written back as they were.
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {**self.extra, "played": self.played, "won": self.won,
                "best_score": self.best_score, "fastest_win": self.fastest_win,
                "assisted": self.assisted}


class Records(dict[str, Record]):
    """The records by table key; `extra` holds the top-level fields a newer version added,
    `other` the records under keys this version cannot read: both written back as they
    were. `challenges`: the best result of each challenge by its id."""

    def __init__(self, records: dict[str, Record] | None = None,
                 extra: dict[str, Any] | None = None, other: dict[str, Any] | None = None,
                 challenges: dict[str, ChallengeBest] | None = None) -> None:
        super().__init__(records or {})
        self.extra: dict[str, Any] = extra or {}
        self.other: dict[str, Any] = other or {}
        self.challenges: dict[str, ChallengeBest] = challenges or {}


class NewerStats(ValueError):
    """A statistics file from a newer version of the game (a higher version number)."""


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


#: The last part of a competitive table's key.
COMPETITIVE = "competitive"


def _other_games() -> tuple[str, ...]:
    """The ids of the games counted apart from Splendor's."""
    return tuple(g for g in game_ids() if g != default_game().id)


def _known_key(key: str) -> bool:
    """'hard/2', 'hard/2/orient', 'hard/2/competitive' or 'hard/2/orient/competitive': a
    level, a player count, the module (or another game) if any and the mode, as this
    version writes them."""
    parts = key.split("/")
    if len(parts) < 2 or parts[0] == "" or not (parts[1].isascii() and parts[1].isdigit()):
        return False
    rest = parts[2:]
    if rest and rest[-1] == COMPETITIVE:
        rest = rest[:-1]
    return not rest or (len(rest) == 1 and rest[0] in (*module_ids(), *_other_games()))


class TableKey(NamedTuple):
    """A table key's parts: the strongest bot level (or 'humans'), the player count, the
    Cities of Splendor module (None: the base game), the mode, and the game when it is
    another than Splendor (None: Splendor)."""

    level: str
    players: int
    module: str | None
    competitive: bool
    game: str | None = None


def parse_key(key: str) -> TableKey:
    """The parts of a key this version writes ('hard/2/orient/competitive')."""
    parts = key.split("/")
    competitive = parts[-1] == COMPETITIVE and len(parts) > 2
    rest = parts[2:len(parts) - int(competitive)]
    if rest and rest[0] in _other_games():
        return TableKey(parts[0], int(parts[1]), None, competitive, rest[0])
    return TableKey(parts[0], int(parts[1]), rest[0] if rest else None, competitive)


def split_key(key: str) -> tuple[str, int, bool]:
    """('hard', 2, competitive) from a table key (its module: `parse_key`)."""
    parts = parse_key(key)
    return parts.level, parts.players, parts.competitive


def _record(key: str, raw: object) -> Record:
    if not isinstance(raw, dict):
        raise ValueError(f"bad entry {key}")
    record = Record(extra={k: v for k, v in raw.items() if k not in _RECORD_FIELDS})
    for name in ("played", "won", "best_score", "assisted"):
        value = raw.get(name, 0)
        if not _is_count(value):
            raise ValueError(f"bad entry {key}: {name!r} must be a count")
        setattr(record, name, value)
    fastest = raw.get("fastest_win")
    if fastest is not None and not _is_count(fastest):
        raise ValueError(f"bad entry {key}: 'fastest_win' must be a count or null")
    record.fastest_win = fastest
    return record


_RECORD_FIELDS = frozenset({"played", "won", "best_score", "fastest_win", "assisted"})


def _parse(raw: bytes) -> Records:
    """The records in a statistics file's bytes; ValueError (NewerStats for a newer
    version) naming the problem."""
    try:
        doc = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if not isinstance(doc, dict):
        raise ValueError("unknown format")
    version = doc.get("version")
    if type(version) is int and version > STATS_VERSION:
        raise NewerStats(f"written by a newer version (statistics version {version}; "
                         f"this version reads {STATS_VERSION})")
    if version != STATS_VERSION:
        raise ValueError("unknown format")
    raw_records = doc.get("records", {})
    if not isinstance(raw_records, dict):
        raise ValueError("'records' must map tables to records")
    return Records({k: _record(k, v) for k, v in raw_records.items() if _known_key(k)},
                   {k: v for k, v in doc.items() if k not in _TOP_FIELDS},
                   {k: v for k, v in raw_records.items() if not _known_key(k)},
                   parse_challenges(doc.get("challenges", {})))


_TOP_FIELDS = frozenset({"version", "records", "challenges"})


def table_key(kinds: list[str], players: int, competitive: bool = False,
              module: str | None = None, online: bool = False,
              game: str | None = None) -> str | None:
    """'hard/2' for a human against bots whose strongest is hard ('hard/2/competitive' in
    a competitive game, 'hard/2/orient' with the Orient, 'hard/2/saba' for `game` saba);
    None for bots only. `online`: a network game, 'online/2/...' whoever the others were
    ('human': this window's)."""
    bots = [k for k in kinds if k != "human"]
    if len(bots) == len(kinds):
        return None
    if module is not None and module not in module_ids():
        raise ValueError(f"unknown module {module!r}")
    if game is not None and game not in _other_games():
        raise ValueError(f"no table for the game {game!r}")
    group = module or game
    mode = (f"/{group}" if group else "") + (f"/{COMPETITIVE}" if competitive else "")
    if online:
        return f"{ONLINE}/{players}{mode}"
    if not bots:
        return f"humans/{players}{mode}"
    level = max(bots, key=lambda k: LEVEL_ORDER.index(k) if k in LEVEL_ORDER else -1)
    return f"{level}/{players}{mode}"


def read_stats() -> tuple[Records, FileProblem | None]:
    """The records by key, or none and why the file cannot be used; the file is left as
    it is (see `load_stats`)."""
    path = paths.stats_path()
    if not path.exists():
        return Records(), None
    try:
        return _parse(read_bytes_limited(path, MAX_STATS_BYTES)), None
    except NewerStats as exc:
        return Records(), FileProblem(path, "statistics", "newer", str(exc))
    except (StorageError, ValueError) as exc:
        return Records(), FileProblem(path, "statistics", "unreadable",
                                      str(exc) or type(exc).__name__)


def load_stats() -> tuple[Records, FileProblem | None]:
    """The records by key, and what became of the file if it could not be used: moved
    aside when unreadable (counting starts again), left as it is when a newer version
    wrote it (games are then not counted: `save_stats` will not write over it)."""
    records, problem = read_stats()
    if problem is None:
        return records, None
    if problem.reason == "newer":
        return records, left_alone(problem.path, "statistics", "newer", problem.detail)
    return records, keep_aside(problem.path, "statistics", problem.reason, problem.detail)


def counts(problem: FileProblem | None) -> bool:
    """Whether games can be counted after `load_stats` gave `problem`: not while the file
    is still there unread (a newer version's, or one that could not be moved)."""
    return problem is None or problem.kept is not None


def save_stats(records: dict[str, Record]) -> None:
    """Write the statistics atomically, with any fields a newer version added; StorageError
    if the folder refuses, or if the file there cannot be read (never written over)."""
    path = paths.stats_path()
    refuse_to_replace(path, _parse, MAX_STATS_BYTES)
    extra = records.extra if isinstance(records, Records) else {}
    other = records.other if isinstance(records, Records) else {}
    known = {k: v.to_json() for k, v in sorted(records.items())}
    doc: dict[str, Any] = {**extra, "version": STATS_VERSION, "records": {**other, **known}}
    challenges = records.challenges if isinstance(records, Records) else {}
    if challenges:
        doc["challenges"] = {k: v.to_json() for k, v in sorted(challenges.items())}
    atomic_write_text(path, json.dumps(doc, indent=1) + "\n")


def add_game(records: dict[str, Record], state: Any, kinds: list[str], *,
             competitive: bool = False, assisted: bool = False,
             online: bool = False) -> str | None:
    """Count a finished game (a state of any registered game) in `records`; return its key
    (None when it does not count). `assisted`: the player used undo or a hint in it. A game
    of a Cities of Splendor module counts under its module's key, a game of another game
    than Splendor under that game's; a network game (`online`) under the online table's,
    won when one of its 'human' seats (this window's) won."""
    game = game_of(state.data)
    key = table_key(kinds, state.num_players, competitive,
                    getattr(state.setup, "module", None),  # only Splendor's setups have one
                    online, None if game == default_game() else game.id)
    if key is None or not state.is_over():
        return None
    outcome = state.outcome()
    humans = [s for s, k in enumerate(kinds) if k == "human"]
    record = records.setdefault(key, Record())
    record.played += 1
    record.assisted += int(assisted)
    scores = state.scores()
    record.best_score = max(record.best_score, max(scores[s] for s in humans))
    if any(s in outcome.winners for s in humans):
        record.won += 1
        rounds = -(-state.turns // state.num_players)
        if record.fastest_win is None or rounds < record.fastest_win:
            record.fastest_win = rounds
    return key


def describe(key: str, record: Record) -> str:
    """'Against hard bots, 2 players: 3 won of 7, best score 18, fastest win 21 rounds.',
    in the language in use (results.record in the catalogs)."""
    level, count, module, competitive, game = parse_key(key)
    players = str(count)
    entry = f"results.record.table.{level}"
    table = tr(entry) if has(entry) else level
    if module is not None:
        table = tr("results.record.module", table=table,
                   module=tr(f"modules.{module.replace('-', '_')}.name"))
    if game is not None:
        table = tr("results.record.module", table=table, module=tr(find_game(game).name_key))
    if competitive:
        table = tr("results.record.competitive", table=table)
    if record.fastest_win is not None:
        return tr("results.record.summary_fastest", count=record.fastest_win, table=table,
                  players=players, won=record.won, played=record.played,
                  best=record.best_score)
    return tr("results.record.summary", table=table, players=players, won=record.won,
              played=record.played, best=record.best_score)
