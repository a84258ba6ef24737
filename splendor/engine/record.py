"""Game records: a JSON-ready dict holding the setup and every action in text form.

Format (version 2)::

    {
      "format": "splendor-record",
      "version": 2,
      "setup": {
        "players": 2,
        "names": ["Ada", "Bob"],
        "seed": 12345,                 # informational; null if the game was not dealt from a seed
        "first_player": 0,             # seat index, 0-based
        "decks": {"1": ["L1-07", ...], "2": [...], "3": [...]},   # draw order, top first
        "nobles": ["N04", "N09", "N01"],                           # the nobles dealt
        "module": "orient",            # null for the base game; or cities, trading-posts,
                                       # strongholds (Cities of Splendor)
        "cities": [],                  # the cities dealt (with the Cities)
        "orient_decks": {"1": ["O1-04", ...], "2": [...], "3": [...]},  # with the Orient
        "restrictions": [{"no_reserve": true, "levels": [1, 3]}, {}]  # by seat, only
                                       # when a seat is restricted (engine/restrictions.py)
      },
      "actions": ["take white blue green", "reserve deck 3", "return gold", ...]
    }

The decks hold the whole order dealt (market cards are the first ones drawn). Replaying
uses the decks, not the seed, so a record stays valid whatever the shuffling code does.
Action texts follow the grammar in `splendor.engine.actions`. A version 1 record (before
the modules) has no module fields and reads as a base game; a record without
"restrictions" is a game nobody was restricted in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from splendor.engine.action_text import parse_action
from splendor.engine.components import GameData
from splendor.engine.errors import ActionParseError, IllegalActionError, RecordError
from splendor.engine.restrictions import Restrictions, restrictions_from_json
from splendor.engine.setup import GameSetup
from splendor.engine.state import GameState

RECORD_FORMAT = "splendor-record"
RECORD_VERSION = 2
#: The record versions this code reads.
READABLE_VERSIONS = (1, 2)


def make_record(state: GameState) -> dict[str, Any]:
    """The record of `state`: its setup and every action applied so far."""
    setup = state.setup
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "setup": {
            "players": setup.players,
            "names": list(setup.names),
            "seed": setup.seed,
            "first_player": setup.first_player,
            "decks": {str(level): list(ids) for level, ids in enumerate(setup.decks, 1)},
            "nobles": list(setup.nobles),
            "module": setup.module,
            "cities": list(setup.cities),
            "orient_decks": {
                str(level): list(ids) for level, ids in enumerate(setup.orient_decks, 1)
            },
        },
        "actions": [a.text() for a in state.history],
    }
    if setup.restrictions:
        record["setup"]["restrictions"] = [r.to_json() for r in setup.restrictions]
    return record


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise RecordError(message)


def read_setup(data: GameData, record: object) -> GameSetup:
    """The setup of a record, checked for shape and for fitting `data`."""
    _require(isinstance(record, Mapping), "a record must be a JSON object")
    assert isinstance(record, Mapping)
    _require(record.get("format") == RECORD_FORMAT, f"'format' must be '{RECORD_FORMAT}'")
    version = record.get("version")
    _require(
        type(version) is int and version in READABLE_VERSIONS,
        f"unsupported record version {version!r} (this game reads versions "
        f"{', '.join(map(str, READABLE_VERSIONS))})",
    )
    raw = record.get("setup")
    _require(isinstance(raw, Mapping), "'setup' must be an object")
    assert isinstance(raw, Mapping)
    players = raw.get("players")
    _require(type(players) is int, "'setup.players' must be a number")
    assert isinstance(players, int)
    names = raw.get("names")
    _require(
        isinstance(names, list) and all(isinstance(n, str) for n in names),
        "'setup.names' must be a list of names",
    )
    seed = raw.get("seed")
    _require(seed is None or type(seed) is int, "'setup.seed' must be a number or null")
    first = raw.get("first_player")
    _require(type(first) is int, "'setup.first_player' must be a seat number")
    decks = raw.get("decks")
    _require(isinstance(decks, Mapping), "'setup.decks' must map levels to card lists")
    assert isinstance(decks, Mapping)
    orders = []
    for level in data.levels:
        ids = decks.get(str(level))
        _require(
            isinstance(ids, list) and all(isinstance(i, str) for i in ids),
            f"'setup.decks' must list the level {level} deck as card ids",
        )
        assert isinstance(ids, list)
        orders.append(tuple(ids))
    nobles = raw.get("nobles")
    _require(
        isinstance(nobles, list) and all(isinstance(i, str) for i in nobles),
        "'setup.nobles' must be a list of noble ids",
    )
    assert isinstance(names, list) and isinstance(first, int) and isinstance(nobles, list)
    module, cities, orient = _read_module(data, raw) if version != 1 else (None, (), ())
    setup = GameSetup(players, tuple(names), first, tuple(orders), tuple(nobles), seed,
                      module, cities, orient, _read_restrictions(data, raw))
    try:
        GameState.from_setup(data, setup)
    except ValueError as exc:
        raise RecordError(f"bad setup: {exc}") from None
    return setup


def _read_restrictions(data: GameData, raw: Mapping[str, Any]) -> tuple[Restrictions, ...]:
    seats = raw.get("restrictions", [])
    _require(isinstance(seats, list), "'setup.restrictions' must list each seat's restrictions")
    assert isinstance(seats, list)
    try:
        return tuple(restrictions_from_json(r, data.levels, f"'setup.restrictions' seat {i}")
                     for i, r in enumerate(seats))
    except ValueError as exc:
        raise RecordError(str(exc)) from None


def _read_module(
    data: GameData, raw: Mapping[str, Any],
) -> tuple[str | None, tuple[str, ...], tuple[tuple[str, ...], ...]]:
    module = raw.get("module")
    _require(module is None or isinstance(module, str), "'setup.module' must be a name or null")
    assert module is None or isinstance(module, str)
    cities = raw.get("cities", [])
    _require(isinstance(cities, list) and all(isinstance(i, str) for i in cities),
             "'setup.cities' must be a list of city ids")
    assert isinstance(cities, list)
    decks = raw.get("orient_decks", {})
    _require(isinstance(decks, Mapping), "'setup.orient_decks' must map levels to card lists")
    assert isinstance(decks, Mapping)
    orders = []
    if decks:
        for level in data.levels:
            ids = decks.get(str(level))
            _require(isinstance(ids, list) and all(isinstance(i, str) for i in ids),
                     f"'setup.orient_decks' must list the level {level} deck as card ids")
            assert isinstance(ids, list)
            orders.append(tuple(ids))
    return module, tuple(cities), tuple(orders)


def replay(data: GameData, record: object) -> GameState:
    """Rebuild the game a record describes by applying its actions through the engine.

    Raises RecordError naming the index (0-based) of the first unparsable or illegal action.
    """
    state = GameState.from_setup(data, read_setup(data, record))
    assert isinstance(record, Mapping)
    actions = record.get("actions")
    _require(isinstance(actions, list), "'actions' must be a list of action texts")
    assert isinstance(actions, list)
    for index, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"{text!r} is not an action text", index)
        try:
            state.apply(parse_action(text))
        except ActionParseError as exc:
            raise RecordError(f"cannot parse: {exc}", index) from None
        except IllegalActionError as exc:
            raise RecordError(f"'{text}' is illegal here: {exc.reason}", index) from None
    return state
