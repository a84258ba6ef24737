"""Load and validate the game data in `levels_data/` (YAML) into engine values.

The base game (cards.yaml, nobles.yaml, setup.yaml) and the pieces of the four Cities of
Splendor modules (cities.yaml, trading_posts.yaml, orient.yaml, strongholds.yaml) load into
one `GameData`. Every problem is reported as a `DataError` naming the file, the entry and
what is wrong, e.g. ``cards.yaml: level 1, entry 3 (L1-03): unknown colour 'purple' in cost``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from splendor.engine.colors import COLOR_NAMES, GEMS
from splendor.engine.components import (
    ABILITIES,
    NO_BONUS,
    Card,
    City,
    GameData,
    Noble,
    PlayerCountSetup,
    TradingPost,
)
from splendor.plain_yaml import YamlFileError, read_plain
from splendor.resources import levels_data_dir

GEM_NAMES = tuple(COLOR_NAMES[c] for c in GEMS)
SUPPORTED_VERSION = 1

#: The powers of the five trading posts (RULES_CITIES.md, "Trading Posts"), in board order.
POST_POWERS = (
    "take_token_after_purchase",
    "extra_token_of_other_colour_when_taking_two_same",
    "gold_counts_as_two_same_colour",
    "five_prestige",
    "one_prestige_per_own_coat_of_arms",
)
#: The `bonus` an Orient card without a gem colour of its own names in orient.yaml, by ability.
COLOURLESS_BONUS = {"gold_x2": "none", "pair": "paired", "pair_and_take_level1": "paired"}
#: How many bonuses an Orient card is worth, by ability.
ABILITY_BONUS_COUNT = {"gold_x2": 0, "double_bonus": 2}


class DataError(ValueError):
    """A game data file that is missing, unreadable or wrong."""


def read_yaml(path: Path) -> Any:
    """`yaml.safe_load` a file (`plain_yaml.read_plain`: anchors and aliases, deep nesting
    and oversized files refused), turning every failure into a DataError naming it."""
    try:
        return read_plain(path)
    except YamlFileError as exc:
        raise DataError(f"{path.name}: {exc}") from None


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

    def entry_id(self, entry: Mapping[str, Any], where: str, seen: set[Any]) -> str:
        """The entry's text id, new in `seen` (which it joins)."""
        entry_id = self.field(entry, "id", where)
        if not isinstance(entry_id, str) or not entry_id:
            raise self.fail(f"{where} ({entry_id})", "'id' must be text")
        if entry_id in seen:
            raise self.fail(f"{where} ({entry_id})", f"duplicate id {entry_id}")
        seen.add(entry_id)
        return entry_id

    def entries(self, top: Mapping[str, Any], name: str) -> list[Any]:
        value = self.field(top, name, "")
        if not isinstance(value, list):
            raise self.fail(name, "expected a list")
        return value

    def level_lists(self, top: Mapping[str, Any]) -> list[tuple[int, list[Any]]]:
        """The `levels` mapping as (level, entries) pairs: levels numbered from 1."""
        levels = self.mapping(self.field(top, "levels", ""), "levels")
        pairs: list[tuple[int, list[Any]]] = []
        for level, entries in levels.items():
            if not isinstance(level, int) or isinstance(level, bool) or level < 1:
                raise self.fail("levels", f"level {level!r} must be a number from 1")
            if not isinstance(entries, list):
                raise self.fail(f"level {level}", "expected a list of cards")
            pairs.append((level, entries))
        return pairs

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
    data = GameData(
        cards=cards, nobles=nobles, setups=setups, target_points=values["target_points"],
        token_limit=values["token_limit"], reserve_limit=values["reserve_limit"],
        market_slots=values["market_slots"], take_two_minimum=values["take_two_minimum"])
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


# ------------------------------------------------------------ Cities of Splendor


def parse_cities(doc: object, filename: str = "cities.yaml") -> tuple[tuple[City, ...], int]:
    """The city faces and how many are laid out at setup."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    ck.version(top)
    ck.known_fields(top, {"version", "face_count", "city_count", "cities"}, "")
    cities: list[City] = []
    seen: set[Any] = set()
    for n, raw in enumerate(ck.entries(top, "cities"), 1):
        where = f"entry {n}"
        entry = ck.mapping(raw, where)
        city_id = ck.entry_id(entry, where, seen)
        where = f"entry {n} ({city_id})"
        ck.known_fields(entry, {"id", "points", "requires", "any_single"}, where)
        points = ck.int_field(entry, "points", where, low=1)
        requires = ck.gems(ck.field(entry, "requires", where), "requires", where)
        any_single = ck.int_field(entry, "any_single", where)
        if any_single and all(requires):
            raise ck.fail(where, "any_single needs a colour not named in requires, and all "
                          "five are")
        cities.append(City(city_id, points, requires, any_single))
    want = ck.int_field(top, "face_count", "face_count", low=1)
    if len(cities) != want:
        raise ck.fail("cities", f"{len(cities)} city faces, but face_count says {want}")
    count = ck.int_field(top, "city_count", "city_count", low=1)
    if count > len(cities):
        raise ck.fail("city_count", f"{count} cities laid out but only {len(cities)} faces")
    return tuple(cities), count


def parse_trading_posts(doc: object, filename: str = "trading_posts.yaml"
                        ) -> tuple[TradingPost, ...]:
    """The five trading posts, numbered 1 to 5 in board order, each power exactly once."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    ck.version(top)
    ck.known_fields(top, {"version", "trading_posts"}, "")
    posts: list[TradingPost] = []
    for n, raw in enumerate(ck.entries(top, "trading_posts"), 1):
        where = f"entry {n}"
        entry = ck.mapping(raw, where)
        post_id = ck.int_field(entry, "id", where, low=1)
        where = f"entry {n} (post {post_id})"
        if any(p.id == post_id for p in posts):
            raise ck.fail(where, f"duplicate id {post_id}")
        ck.known_fields(entry, {"id", "requires", "requires_noble", "power"}, where)
        requires = ck.gems(ck.field(entry, "requires", where), "requires", where)
        if not any(requires):
            raise ck.fail(where, "a trading post must require some bonuses")
        noble = ck.field(entry, "requires_noble", where)
        if not isinstance(noble, bool):
            raise ck.fail(where, f"'requires_noble' must be true or false, got {noble!r}")
        power = ck.field(entry, "power", where)
        if power not in POST_POWERS:
            raise ck.fail(where, f"unknown power {power!r} (known: {', '.join(POST_POWERS)})")
        if any(p.power == power for p in posts):
            raise ck.fail(where, f"power {power} is already post "
                          f"{next(p.id for p in posts if p.power == power)}'s")
        posts.append(TradingPost(post_id, requires, noble, power))
    ids = [p.id for p in posts]
    if ids != list(range(1, len(POST_POWERS) + 1)):
        raise ck.fail("trading_posts", f"expected posts 1 to {len(POST_POWERS)} in board "
                      f"order (one per power), found {ids}")
    return tuple(posts)


def parse_orient(doc: object, base: tuple[Card, ...] = (), filename: str = "orient.yaml"
                 ) -> tuple[tuple[Card, ...], int]:
    """The Orient cards and how many of each level lie face up. With the base game's
    `base` cards, the Orient levels must be theirs and no id may be one of theirs."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    ck.version(top)
    ck.known_fields(top, {"version", "deck_sizes", "face_up_per_level", "levels"}, "")
    base_ids = {c.id for c in base}
    seen: set[Any] = set()
    cards: list[Card] = []
    for level, entries in ck.level_lists(top):
        for n, raw in enumerate(entries, 1):
            where = f"level {level}, entry {n}"
            card_id = ck.entry_id(ck.mapping(raw, where), where, seen)
            where = f"level {level}, entry {n} ({card_id})"
            if card_id in base_ids:
                raise ck.fail(where, f"id {card_id} is already a base game card's")
            cards.append(_orient_card(ck, raw, level, card_id, where))
    sizes: Mapping[Any, Any] = ck.mapping(ck.field(top, "deck_sizes", ""), "deck_sizes")
    have_levels = {c.level for c in cards}
    for level in sorted(set(sizes) | have_levels, key=str):
        want = sizes.get(level)
        have = sum(c.level == level for c in cards)
        if want != have:
            raise ck.fail(f"level {level}", f"{have} cards, but deck_sizes says {want}")
    base_levels = {c.level for c in base}
    if base and have_levels != base_levels:
        raise ck.fail("levels", f"levels {sorted(have_levels)}, but the base game has "
                      f"{sorted(base_levels)}")
    slots = ck.int_field(top, "face_up_per_level", "face_up_per_level", low=1)
    for level in sorted(have_levels):
        have = sum(c.level == level for c in cards)
        if have < slots:
            raise ck.fail("face_up_per_level", f"level {level} has only {have} cards")
    return tuple(sorted(cards, key=lambda c: (c.level, c.id))), slots


def _orient_card(ck: Checker, entry: Mapping[str, Any], level: int, card_id: str,
                 where: str) -> Card:
    ck.known_fields(entry, {"id", "ability", "bonus", "bonus_count", "points", "cost",
                            "discard"}, where)
    ability = ck.field(entry, "ability", where)
    if ability not in ABILITIES:
        raise ck.fail(where, f"unknown ability {ability!r} (known: {', '.join(ABILITIES)})")
    bonus_name = ck.field(entry, "bonus", where)
    colourless = COLOURLESS_BONUS.get(ability)
    if bonus_name not in (*GEM_NAMES, *COLOURLESS_BONUS.values()):
        raise ck.fail(where, f"unknown bonus colour {bonus_name!r}")
    if colourless is not None and bonus_name != colourless:
        raise ck.fail(where, f"the bonus of a {ability} card must be '{colourless}', "
                      f"got {bonus_name!r}")
    if colourless is None and bonus_name not in GEM_NAMES:
        raise ck.fail(where, f"a {ability} card needs a gem colour as bonus, got "
                      f"{bonus_name!r}")
    bonus_count = ck.int_field(entry, "bonus_count", where)
    want_count = ABILITY_BONUS_COUNT.get(ability, 1)
    if bonus_count != want_count:
        raise ck.fail(where, f"'bonus_count' of a {ability} card must be {want_count}, "
                      f"got {bonus_count}")
    points = ck.int_field(entry, "points", where)
    cost = ck.gems(ck.field(entry, "cost", where), "cost", where)
    discard_colour: int | None = None
    discard_count = 0
    if ability == "sacrifice":
        discard = ck.mapping(ck.field(entry, "discard", where), where)
        ck.known_fields(discard, {"colour", "count"}, f"{where}, discard")
        colour = ck.field(discard, "colour", f"{where}, discard")
        if colour not in GEM_NAMES:
            raise ck.fail(where, f"unknown colour {colour!r} in discard")
        discard_colour = GEM_NAMES.index(colour)
        discard_count = ck.int_field(discard, "count", f"{where}, discard", low=1)
    elif "discard" in entry:
        raise ck.fail(where, f"only sacrifice cards have 'discard', not a {ability} card")
    bonus = GEM_NAMES.index(bonus_name) if bonus_name in GEM_NAMES else NO_BONUS
    try:
        return Card(card_id, level, bonus, points, cost, ability=ability,
                    bonus_count=bonus_count, discard_colour=discard_colour,
                    discard_count=discard_count)
    except ValueError as exc:  # the card's own checks
        problem = str(exc).removeprefix(f"card {card_id}: ")
        raise ck.fail(where, problem) from None


def parse_strongholds(doc: object, filename: str = "strongholds.yaml") -> int:
    """How many strongholds each player has."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    ck.version(top)
    ck.known_fields(top, {"version", "per_player"}, "")
    return ck.int_field(top, "per_player", "per_player", low=1)


def load_game_data(folder: Path | None = None) -> GameData:
    """Read the base game (cards.yaml, nobles.yaml, setup.yaml) and the Cities of Splendor
    modules (cities.yaml, trading_posts.yaml, orient.yaml, strongholds.yaml) from `folder`
    (default: levels_data/) into one GameData."""
    folder = folder or levels_data_dir()
    cards = parse_cards(read_yaml(folder / "cards.yaml"))
    nobles = parse_nobles(read_yaml(folder / "nobles.yaml"))
    data = parse_setup(read_yaml(folder / "setup.yaml"), cards, nobles)
    cities, city_count = parse_cities(read_yaml(folder / "cities.yaml"))
    posts = parse_trading_posts(read_yaml(folder / "trading_posts.yaml"))
    orient, orient_slots = parse_orient(read_yaml(folder / "orient.yaml"), data.cards)
    strongholds = parse_strongholds(read_yaml(folder / "strongholds.yaml"))
    return dataclasses.replace(
        data, cities=cities, city_count=city_count, posts=posts, orient=orient,
        orient_slots=orient_slots, strongholds=strongholds)


@functools.cache
def base_game() -> GameData:
    """The base game's data from the shipped levels_data/, loaded once."""
    return load_game_data()
