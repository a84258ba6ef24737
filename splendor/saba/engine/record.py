"""Saba game records: a JSON-ready dict holding the data's fingerprint, the setup and every
action in text form.

Format (version 1)::

    {
      "format": "saba-record",
      "version": 1,
      "data": {"version": 1, "fingerprint": "9481c90883be6fd9",  # the cards played with
               "edited": false},          # true: a player's copy of the data file
      "setup": {
        "players": 3,
        "names": ["Ada", "Bob", "Cy"],
        "seed": 12345,                        # also drives the action deck's reshuffles
        "first_player": 0,                    # seat index, 0-based
        "start_draw": ["gold", "ebony", "alabaster", "sandstone"],   # S4
        "harbour_draw": ["ebony", "alabaster", "gold", "sandstone"], # S5, position 1 first
        "palace_deck": ["arch-4", ...],       # top first (S6)
        "action_deck": ["action-07", ...]     # top first (S9)
      },
      "actions": ["harbour vizier", "vizier goldsmiths", "buy arch-4", ...]
    }

A record is replayed only with the data it was played with: a record whose fingerprint
differs from the data's is refused (docs/RULES_SABA.md, section 8). "edited" tells the
player which data that was (records written before it lack it: the shipped data).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from splendor.engine.errors import ActionParseError, IllegalActionError, RecordError
from splendor.saba.engine.action_text import parse_action
from splendor.saba.engine.components import SabaData
from splendor.saba.engine.materials import MATERIAL_NAMES
from splendor.saba.engine.setup import SabaSetup
from splendor.saba.engine.state import SabaState

RECORD_FORMAT = "saba-record"
RECORD_VERSION = 1
#: The record versions this code reads.
READABLE_VERSIONS = (1,)


def make_record(state: SabaState) -> dict[str, Any]:
    """The record of `state`: its data, its setup and every action applied so far."""
    setup = state.setup
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "data": {
            "version": state.data.version,
            "fingerprint": state.data.fingerprint(),
            "edited": state.data.edited_from is not None,
        },
        "setup": {
            "players": setup.players,
            "names": list(setup.names),
            "seed": setup.seed,
            "first_player": setup.first_player,
            "start_draw": [MATERIAL_NAMES[m] for m in setup.start_draw],
            "harbour_draw": [MATERIAL_NAMES[m] for m in setup.harbour_draw],
            "palace_deck": list(setup.palace_deck),
            "action_deck": list(setup.action_deck),
        },
        "actions": [a.text() for a in state.history],
    }


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise RecordError(message)


def _texts(raw: Mapping[str, Any], name: str, what: str) -> list[str]:
    value = raw.get(name)
    _require(
        isinstance(value, list) and all(isinstance(v, str) for v in value),
        f"'setup.{name}' must be a list of {what}",
    )
    assert isinstance(value, list)
    return value


def _materials(raw: Mapping[str, Any], name: str) -> tuple[int, ...]:
    names = _texts(raw, name, "material names")
    _require(
        all(n in MATERIAL_NAMES for n in names),
        f"'setup.{name}' names a material that is none of {', '.join(MATERIAL_NAMES)}",
    )
    return tuple(MATERIAL_NAMES.index(n) for n in names)


def read_setup(data: SabaData, record: object) -> SabaSetup:
    """The setup of a record, checked for shape, for its data and for fitting `data`."""
    _require(isinstance(record, Mapping), "a record must be a JSON object")
    assert isinstance(record, Mapping)
    _require(record.get("format") == RECORD_FORMAT, f"'format' must be '{RECORD_FORMAT}'")
    version = record.get("version")
    _require(
        type(version) is int and version in READABLE_VERSIONS,
        f"unsupported record version {version!r} (this game reads versions "
        f"{', '.join(map(str, READABLE_VERSIONS))})",
    )
    played = record.get("data")
    _require(isinstance(played, Mapping), "'data' must name the card data played with")
    assert isinstance(played, Mapping)
    fingerprint = played.get("fingerprint")
    _require(
        fingerprint == data.fingerprint(),
        f"this game was played with other card data (fingerprint {fingerprint!r}; the "
        f"data loaded has {data.fingerprint()!r}): it cannot be replayed with these cards",
    )
    raw = record.get("setup")
    _require(isinstance(raw, Mapping), "'setup' must be an object")
    assert isinstance(raw, Mapping)
    players, seed, first = raw.get("players"), raw.get("seed"), raw.get("first_player")
    _require(type(players) is int, "'setup.players' must be a number")
    _require(type(seed) is int, "'setup.seed' must be a whole number")
    _require(type(first) is int, "'setup.first_player' must be a seat number")
    assert isinstance(players, int) and isinstance(seed, int) and isinstance(first, int)
    setup = SabaSetup(
        players=players,
        names=tuple(_texts(raw, "names", "names")),
        first_player=first,
        start_draw=_materials(raw, "start_draw"),
        harbour_draw=_materials(raw, "harbour_draw"),
        palace_deck=tuple(_texts(raw, "palace_deck", "card ids")),
        action_deck=tuple(_texts(raw, "action_deck", "card ids")),
        seed=seed,
    )
    try:
        SabaState(data, setup)
    except ValueError as exc:
        raise RecordError(f"bad setup: {exc}") from None
    return setup


def replay(data: SabaData, record: object) -> SabaState:
    """Rebuild the game a record describes by applying its actions through the engine.

    Raises RecordError naming the index (0-based) of the first unparsable or illegal action.
    """
    state = SabaState(data, read_setup(data, record))
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
