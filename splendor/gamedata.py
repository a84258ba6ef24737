"""Load and validate the game data in `levels_data/` (YAML) into engine values.

Every problem is reported as a `DataError` naming the file, the entry and what is
wrong, e.g. ``cards.yaml: level 1, entry 3 (L1-03): unknown colour 'purple' in cost``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from splendor.engine.colors import COLOR_NAMES, GEMS
from splendor.engine.components import Card, GameData, Noble, PlayerCountSetup
from splendor.plain_yaml import load_plain
from splendor.resources import levels_data_dir

GEM_NAMES = tuple(COLOR_NAMES[c] for c in GEMS)
SUPPORTED_VERSION = 1


class DataError(ValueError):
    """A game data file that is missing, unreadable or wrong."""


def read_yaml(path: Path) -> Any:
    """`yaml.safe_load` a file (anchors and aliases refused), turning every failure into a
    DataError naming it."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path.name}: cannot read {path}: {exc.strerror or exc}") from None
    try:
        return load_plain(text)
    except yaml.YAMLError as exc:
        raise DataError(f"{path.name}: not valid YAML: {exc}") from None


class Checker:
    """Builds error messages that always name the file and the entry."""

    def __init__(self, filename: str) -> None:
        self.filename = filename

    def fail(self, where: str, problem: str) -> DataError:
        prefix = f"{self.filename}: {where}" if where else self.filename
        return DataError(f"{prefix}: {problem}")

    def mapping(self, value: object, where: str) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected a mapping, got {type(value).__name__}")
        return value

    def field(self, entry: Mapping[str, Any], name: str, where: str) -> Any:
        if name not in entry:
            raise self.fail(where, f"missing field '{name}'")
        return entry[name]

    def int_field(self, entry: Mapping[str, Any], name: str, where: str, low: int = 0) -> int:
        value = self.field(entry, name, where)
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise self.fail(where, f"'{name}' must be a whole number >= {low}, got {value!r}")
        return value

    def known_fields(self, entry: Mapping[str, Any], allowed: set[str], where: str) -> None:
        extra = sorted(set(map(str, entry)) - allowed)
        if extra:
            raise self.fail(where, f"unknown field(s) {', '.join(extra)}")

    def gems(self, value: object, name: str, where: str) -> tuple[int, int, int, int, int]:
        counts = [0] * 5
        if value is None:
            value = {}
        for colour, amount in self.mapping(value, where).items():
            if colour not in GEM_NAMES:
                raise self.fail(where, f"unknown colour {colour!r} in {name}")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                raise self.fail(where, f"{name} of {colour} must be a whole number >= 0")
            counts[GEM_NAMES.index(colour)] = amount
        return (counts[0], counts[1], counts[2], counts[3], counts[4])

    def version(self, doc: Mapping[str, Any]) -> None:
        version = doc.get("version")
        if version != SUPPORTED_VERSION:
            raise self.fail("version", f"expected {SUPPORTED_VERSION}, got {version!r}")


def parse_cards(doc: object, filename: str = "cards.yaml") -> tuple[Card, ...]:
    """Cards from the parsed cards file: ids unique, colours known, costs non-negative."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    ck.version(top)
    levels = ck.mapping(ck.field(top, "levels", ""), "levels")
    cards: list[Card] = []
    seen: set[str] = set()
    for level, entries in levels.items():
        if not isinstance(level, int) or isinstance(level, bool) or level < 1:
            raise ck.fail("levels", f"level {level!r} must be a number from 1")
        if not isinstance(entries, list):
            raise ck.fail(f"level {level}", "expected a list of cards")
        for n, raw in enumerate(entries, 1):
            where = f"level {level}, entry {n}"
            entry = ck.mapping(raw, where)
            card_id = ck.field(entry, "id", where)
            where = f"level {level}, entry {n} ({card_id})"
            if not isinstance(card_id, str) or not card_id:
                raise ck.fail(where, "'id' must be text")
            if card_id in seen:
                raise ck.fail(where, f"duplicate id {card_id}")
            seen.add(card_id)
            ck.known_fields(entry, {"id", "bonus", "points", "cost"}, where)
            bonus = ck.field(entry, "bonus", where)
            if bonus not in GEM_NAMES:
                raise ck.fail(where, f"unknown bonus colour {bonus!r}")
            cost = ck.gems(ck.field(entry, "cost", where), "cost", where)
            points = ck.int_field(entry, "points", where)
            cards.append(Card(card_id, level, GEM_NAMES.index(bonus), points, cost))
    found = sorted({c.level for c in cards})
    if found != list(range(1, len(found) + 1)):
        raise ck.fail("levels", f"levels must be numbered 1, 2, 3...; found {found}")
    return tuple(sorted(cards, key=lambda c: (c.level, c.id)))


def parse_nobles(doc: object, filename: str = "nobles.yaml") -> tuple[Noble, ...]:
    """Nobles from the parsed nobles file."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    ck.version(top)
    entries = ck.field(top, "nobles", "")
    if not isinstance(entries, list):
        raise ck.fail("nobles", "expected a list of nobles")
    nobles: list[Noble] = []
    for n, raw in enumerate(entries, 1):
        where = f"entry {n}"
        entry = ck.mapping(raw, where)
        noble_id = ck.field(entry, "id", where)
        where = f"entry {n} ({noble_id})"
        if not isinstance(noble_id, str) or not noble_id:
            raise ck.fail(where, "'id' must be text")
        if any(x.id == noble_id for x in nobles):
            raise ck.fail(where, f"duplicate id {noble_id}")
        ck.known_fields(entry, {"id", "points", "requires"}, where)
        requires = ck.gems(ck.field(entry, "requires", where), "requires", where)
        if not any(requires):
            raise ck.fail(where, "a noble must require some bonuses")
        nobles.append(Noble(noble_id, ck.int_field(entry, "points", where), requires))
    return tuple(nobles)


def parse_setup(
    doc: object, cards: tuple[Card, ...], nobles: tuple[Noble, ...], filename: str = "setup.yaml"
) -> GameData:
    """Combine the setup file with cards and nobles, checking that they fit together."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    ck.version(top)
    numbers = {"target_points", "token_limit", "reserve_limit", "market_slots", "take_two_minimum"}
    ck.known_fields(top, {"version", "players", "deck_sizes", "noble_count", *numbers}, "")
    values = {name: ck.int_field(top, name, name, low=1) for name in sorted(numbers)}
    per_count = ck.mapping(ck.field(top, "players", ""), "players")
    setups: dict[int, PlayerCountSetup] = {}
    for count, raw in per_count.items():
        where = f"players {count}"
        if not isinstance(count, int) or isinstance(count, bool) or count < 2:
            raise ck.fail(where, "player counts must be numbers from 2")
        entry = ck.mapping(raw, where)
        ck.known_fields(entry, {"gems", "gold", "nobles"}, where)
        setup = PlayerCountSetup(
            gems=ck.int_field(entry, "gems", where, low=1),
            gold=ck.int_field(entry, "gold", where),
            nobles=ck.int_field(entry, "nobles", where),
        )
        if setup.nobles > len(nobles):
            raise ck.fail(where, f"{setup.nobles} nobles shown but only {len(nobles)} exist")
        setups[count] = setup
    if not setups:
        raise ck.fail("players", "no player counts")
    data = GameData(cards=cards, nobles=nobles, setups=setups, **values)
    _check_counts(ck, top, data)
    for level in data.levels:
        have = len(data.level_cards(level))
        if have < data.market_slots:
            raise ck.fail("market_slots", f"level {level} has only {have} cards")
    return data


def _check_counts(ck: Checker, top: Mapping[str, Any], data: GameData) -> None:
    sizes: Mapping[Any, Any] = ck.mapping(ck.field(top, "deck_sizes", ""), "deck_sizes")
    for level in sorted(set(sizes) | set(data.levels), key=str):
        want = sizes.get(level)
        have = len(data.level_cards(level)) if isinstance(level, int) else 0
        if want != have:
            raise DataError(
                f"cards.yaml: level {level}: {have} cards, but {ck.filename} deck_sizes says {want}"
            )
    want_nobles = ck.int_field(top, "noble_count", "noble_count", low=1)
    if len(data.nobles) != want_nobles:
        raise DataError(
            f"nobles.yaml: {len(data.nobles)} nobles, but {ck.filename} noble_count says "
            f"{want_nobles}"
        )


def load_game_data(folder: Path | None = None) -> GameData:
    """Read cards.yaml, nobles.yaml and setup.yaml from `folder` (default: levels_data/)."""
    folder = folder or levels_data_dir()
    cards = parse_cards(read_yaml(folder / "cards.yaml"))
    nobles = parse_nobles(read_yaml(folder / "nobles.yaml"))
    return parse_setup(read_yaml(folder / "setup.yaml"), cards, nobles)


@functools.cache
def base_game() -> GameData:
    """The base game's data from the shipped levels_data/, loaded once."""
    return load_game_data()
