"""Load and check Saba's component data (levels_data/saba/components.yaml) into a `SabaData`.

The file is the YAML of docs/RULES_SABA.md section 7.6: a player with the printed game may
type its values in. Every problem is a `DataError` naming the file, the entry and what is
wrong, e.g. ``components.yaml: palace_cards entry 3 (arch-3): 'level' must be 1, 2 or 3,
got 4``. What the rules need is checked (24 palace cards, one per level and garden space,
no gold on them, ...); the reconstruction's balance (section 7.1) is not, since a copy of
the real cards may differ.

A player's copy of the file in the user-data folder (`splendor.storage.paths.saba_data_path`)
replaces the shipped one when it passes the same checks; one that fails is refused, the
shipped data played, and the data's `refused` keeps the message for the screens.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import logging
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from splendor.gamedata import Checker, DataError, read_yaml
from splendor.resources import levels_data_dir
from splendor.saba.engine.actions import ID_PATTERN
from splendor.saba.engine.components import (
    PIECES,
    QUARTER_EFFECTS,
    SECTION_ACTIONS,
    SPECIAL_EFFECTS,
    TAGS,
    ActionCard,
    BuildSpace,
    HarbourCard,
    HarbourSection,
    PalaceCard,
    Provenance,
    Quarter,
    SabaData,
    SpecialCard,
)
from splendor.saba.engine.materials import BUILDING, GOLD, MATERIAL_NAMES
from splendor.storage.paths import saba_data_path

#: Where the shipped data lies, under levels_data/.
DATA_FILE: Final = Path("saba") / "components.yaml"
SUPPORTED_VERSION: Final = 1
log = logging.getLogger(__name__)
#: Provenance ranks: an entry's tag is the weakest of its fields' (seed and reviews equal).
_RANK: Final = {"seed": 0, "reviews": 0, "derived": 1, "reconstructed": 2}
_RULING: Final = re.compile(r"[AS][1-9][0-9]*")
_META: Final = {"provenance", "field_provenance", "ruling"}
_TOP: Final = {
    "saba_data_version",
    "data_status",
    "players",
    "materials",
    "per_player",
    "limits",
    "start_materials",
    "build_spaces",
    "harbour_sections",
    "harbour_cards",
    "quarters",
    "quarter_rules",
    "vizier_start",
    "harem_track_spaces",
    "palace_deck_bottom_to_top",
    "palace_cards",
    "special_cards",
    "action_cards",
    "advanced_action_cards",
}


def load_saba_data(path: Path | None = None) -> SabaData:
    """Read and check a components file (default: the shipped levels_data/saba/...)."""
    path = path or levels_data_dir() / DATA_FILE
    return parse_saba_data(read_yaml(path), path.name)


def saba_game() -> SabaData:
    """The data Saba is played with: the player's copy (`saba_data_path`) when there is one
    and it passes the checks (its `edited_from` names it), else the shipped data (with
    `refused` saying why a copy was not played). Read again when the copy changes."""
    path = saba_data_path()
    try:
        info = path.stat()
    except OSError:
        return shipped_saba_data()
    return _player_copy(path, info.st_mtime_ns, info.st_size)


@functools.cache
def shipped_saba_data() -> SabaData:
    """The shipped Saba data, loaded once."""
    return load_saba_data()


@functools.lru_cache(maxsize=4)
def _player_copy(path: Path, mtime_ns: int, size: int) -> SabaData:
    """The player's copy at `path` as it is at `mtime_ns` and `size` (which key the cache),
    or the shipped data refusing it."""
    try:
        data = load_saba_data(path)
    except DataError as exc:
        # The message starts with the file's name: the folder before it names the copy.
        refused = f"{path.parent}{os.sep}{exc}"
        log.warning("Saba card data refused, the shipped data is played: %s", refused)
        return dataclasses.replace(shipped_saba_data(), refused=refused)
    log.info("Saba card data: the player's copy %s", path)
    return dataclasses.replace(data, edited_from=path)


class _Reader(Checker):
    """Checker with the entry shapes of the Saba file."""

    def provenance(self, entry: Mapping[str, Any], where: str) -> Provenance:
        tag = self.field(entry, "provenance", where)
        if tag not in TAGS:
            raise self.fail(where, f"'provenance' must be one of {', '.join(TAGS)}, got {tag!r}")
        fields: list[tuple[str, str]] = []
        raw = entry.get("field_provenance")
        if raw is not None:
            for name, field_tag in self.mapping(raw, f"{where} field_provenance").items():
                if name not in entry or name in _META:
                    raise self.fail(
                        where,
                        f"field_provenance names {name!r}, which is not a field of this entry",
                    )
                if field_tag not in TAGS:
                    raise self.fail(
                        where,
                        f"field_provenance of {name!r} must be one of "
                        f"{', '.join(TAGS)}, got {field_tag!r}",
                    )
                fields.append((str(name), field_tag))
            weakest = max(_RANK[t] for _, t in fields) if fields else _RANK[tag]
            if _RANK[tag] != weakest:
                raise self.fail(
                    where,
                    f"'provenance' {tag!r} must be the weakest tag of "
                    "its fields' (field_provenance)",
                )
        rulings = entry.get("ruling", [])
        if not isinstance(rulings, list) or not all(
            isinstance(r, str) and _RULING.fullmatch(r) for r in rulings
        ):
            raise self.fail(where, f"'ruling' must list rulings such as A6 or S26, got {rulings!r}")
        return Provenance(tag, tuple(fields), tuple(rulings))

    def value_entry(
        self, top: Mapping[str, Any], name: str, key: str, extra: frozenset[str] = frozenset()
    ) -> tuple[Any, Provenance]:
        """A `{value: ..., provenance: ...}` entry under `top[key]`."""
        where = f"{name}.{key}"
        entry = self.mapping(self.field(top, key, name), where)
        self.known_fields(entry, {"value", *extra, *_META}, where)
        return self.field(entry, "value", where), self.provenance(entry, where)

    def count(self, value: object, where: str, what: str, low: int = 0) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise self.fail(where, f"{what} must be a whole number >= {low}, got {value!r}")
        return value

    def material(self, value: object, where: str, what: str) -> int:
        if value not in MATERIAL_NAMES:
            raise self.fail(
                where,
                f"{what} {value!r} is not a material (the materials: {', '.join(MATERIAL_NAMES)})",
            )
        return MATERIAL_NAMES.index(str(value))

    def cost(self, entry: Mapping[str, Any], where: str) -> tuple[int, int, int, int]:
        counts = [0, 0, 0, 0]
        for name, amount in self.mapping(self.field(entry, "cost", where), where).items():
            m = self.material(name, where, "the cost names")
            counts[m] = self.count(amount, where, f"the cost in {name}")
        return counts[0], counts[1], counts[2], counts[3]

    def listed(
        self, top: Mapping[str, Any], name: str, size: int | None = None
    ) -> list[tuple[str, Mapping[str, Any]]]:
        """The entries of a list, each with its place for messages ('name entry N (id)')."""
        entries = self.entries(top, name)
        if size is not None and len(entries) != size:
            raise self.fail(name, f"expected {size} entries, found {len(entries)}")
        out = []
        for n, raw in enumerate(entries, 1):
            where = f"{name} entry {n}"
            entry = self.mapping(raw, where)
            if "id" in entry:
                where = f"{where} ({entry['id']})"
            out.append((where, entry))
        return out

    def ids(self, entries: list[tuple[str, Mapping[str, Any]]], seen: set[Any]) -> list[str]:
        """The entries' ids, each text and new in `seen` (which they join)."""
        out = []
        for where, entry in entries:
            entry_id = self.field(entry, "id", where)
            if not isinstance(entry_id, str) or not ID_PATTERN.fullmatch(entry_id):
                raise self.fail(
                    where,
                    f"'id' must be one word of small letters, digits, '-' "
                    f"and '_' (actions name it), got {entry_id!r}",
                )
            if entry_id in seen:
                raise self.fail(where, f"duplicate id {entry_id}")
            seen.add(entry_id)
            out.append(entry_id)
        return out


def parse_saba_data(doc: object, filename: str = "components.yaml") -> SabaData:
    """A `SabaData` from the parsed components file; DataError on any problem."""
    ck = _Reader(filename)
    top = ck.mapping(doc, "")
    ck.known_fields(top, _TOP, "")
    version = top.get("saba_data_version")
    if version != SUPPORTED_VERSION:
        raise ck.fail("saba_data_version", f"expected {SUPPORTED_VERSION}, got {version!r}")
    status = ck.field(top, "data_status", "")
    if status not in ("reconstructed", "transcribed"):
        raise ck.fail("data_status", f"must be 'reconstructed' or 'transcribed', got {status!r}")
    notes: dict[str, Provenance] = {}
    players = _players(ck, top, notes)
    supply = _materials(ck, top, notes)
    numbers: dict[str, int] = {}
    for name, keys in (
        ("per_player", ("figures", "harem_markers", "harbour_cards")),
        ("limits", ("hand_at_end_of_turn", "materials_at_end_of_turn")),
    ):
        group = ck.mapping(ck.field(top, name, ""), name)
        ck.known_fields(group, set(keys), name)
        for key in keys:
            value, notes[f"{name}.{key}"] = ck.value_entry(group, name, key)
            numbers[key] = ck.count(value, f"{name}.{key}", "'value'", low=1)
    sections = _sections(ck, top)
    quarters = _quarters(ck, top)
    quarter_limit, costs = _quarter_rules(ck, top, notes)
    palace = _palace_cards(ck, top)
    special = _special_cards(ck, top, palace)
    _deck_order(ck, top, special, notes)
    cards = _harbour_cards(ck, top, sections, numbers["harbour_cards"])
    return SabaData(
        version=SUPPORTED_VERSION,
        status=str(status),
        players=players,
        supply=supply,
        figures=numbers["figures"],
        markers=numbers["harem_markers"],
        hand_limit=numbers["hand_at_end_of_turn"],
        stock_limit=numbers["materials_at_end_of_turn"],
        start_units=_start_units(ck, top, players, notes),
        build_spaces=_build_spaces(ck, top),
        sections=sections,
        harbour_cards=cards,
        quarters=quarters,
        quarter_limit=quarter_limit,
        placement_costs=costs,
        vizier_start=_vizier_start(ck, top, quarters, notes),
        harem_spaces=_harem_spaces(ck, top, players, notes),
        palace_cards=palace,
        special_cards=special,
        action_cards=_action_cards(ck, top, notes),
        provenance=tuple(sorted(notes.items())),
    )


def _players(ck: _Reader, top: Mapping[str, Any], notes: dict[str, Provenance]) -> tuple[int, int]:
    entry = ck.mapping(ck.field(top, "players", ""), "players")
    ck.known_fields(entry, {"min", "max", *_META}, "players")
    low = ck.count(ck.field(entry, "min", "players"), "players", "'min'", low=2)
    high = ck.count(ck.field(entry, "max", "players"), "players", "'max'", low=low)
    if high > 4:
        raise ck.fail("players", f"'max' is at most 4 (S1: four colours), got {high}")
    notes["players"] = ck.provenance(entry, "players")
    return low, high


def _materials(
    ck: _Reader, top: Mapping[str, Any], notes: dict[str, Provenance]
) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    seen: set[Any] = set()
    entries = ck.listed(top, "materials", size=len(MATERIAL_NAMES))
    for (where, entry), material_id in zip(entries, ck.ids(entries, seen), strict=True):
        ck.known_fields(entry, {"id", "colour", "count", "building_material", *_META}, where)
        m = ck.material(material_id, where, "the id")
        building = ck.field(entry, "building_material", where)
        if building is not (m in BUILDING):
            raise ck.fail(
                where,
                f"'building_material' must be {m in BUILDING} "
                "(gold is the one material no palace card costs)",
            )
        if not isinstance(ck.field(entry, "colour", where), str):
            raise ck.fail(where, "'colour' must be text")
        counts[m] = ck.count(ck.field(entry, "count", where), where, "'count'", low=1)
        notes[f"materials.{MATERIAL_NAMES[m]}"] = ck.provenance(entry, where)
    return counts[0], counts[1], counts[2], counts[3]


def _start_units(
    ck: _Reader, top: Mapping[str, Any], players: tuple[int, int], notes: dict[str, Provenance]
) -> tuple[int, ...]:
    units: list[int] = []
    for n, (where, entry) in enumerate(ck.listed(top, "start_materials", size=players[1]), 1):
        ck.known_fields(entry, {"seat", "units", "same_material", *_META}, where)
        if entry.get("seat") != n:
            raise ck.fail(where, f"'seat' must be {n} (seats in turn order)")
        count = ck.count(ck.field(entry, "units", where), where, "'units'")
        if n == 1 and count:
            raise ck.fail(where, "the first player is dealt nothing (S4)")
        if count > 1 and entry.get("same_material") is not True:
            raise ck.fail(
                where,
                "more than one unit needs 'same_material: true' (S4: more "
                "of the material just dealt)",
            )
        notes[f"start_materials.seat_{n}"] = ck.provenance(entry, where)
        units.append(count)
    return tuple(units)


def _build_spaces(ck: _Reader, top: Mapping[str, Any]) -> tuple[BuildSpace, ...]:
    spaces = []
    for n, (where, entry) in enumerate(ck.listed(top, "build_spaces", size=3), 1):
        ck.known_fields(entry, {"space", "rulebook_label", "surcharge_gold", *_META}, where)
        if entry.get("space") != n:
            raise ck.fail(where, f"'space' must be {n} (spaces in order)")
        label = ck.field(entry, "rulebook_label", where)
        if not isinstance(label, str):
            raise ck.fail(where, "'rulebook_label' must be text")
        surcharge = ck.count(ck.field(entry, "surcharge_gold", where), where, "'surcharge_gold'")
        spaces.append(BuildSpace(n, label, surcharge, ck.provenance(entry, where)))
    return tuple(spaces)


def _sections(ck: _Reader, top: Mapping[str, Any]) -> tuple[HarbourSection, ...]:
    sections = []
    seen: set[Any] = set()
    entries = ck.listed(top, "harbour_sections", size=len(MATERIAL_NAMES))
    for (where, entry), section_id in zip(entries, ck.ids(entries, seen), strict=True):
        ck.known_fields(entry, {"id", "position", "capacity", "action", *_META}, where)
        position = ck.count(ck.field(entry, "position", where), where, "'position'", low=1)
        action = ck.field(entry, "action", where)
        if action not in SECTION_ACTIONS:
            raise ck.fail(
                where, f"'action' must be one of {', '.join(SECTION_ACTIONS)}, got {action!r}"
            )
        capacity = ck.count(ck.field(entry, "capacity", where), where, "'capacity'", low=1)
        sections.append(
            HarbourSection(section_id, position, capacity, action, ck.provenance(entry, where))
        )
    sections.sort(key=lambda s: s.position)
    if [s.position for s in sections] != list(range(1, len(sections) + 1)):
        raise ck.fail("harbour_sections", "the positions must be 1, 2, 3 and 4, once each")
    for lower, upper in itertools.pairwise(sections):
        if upper.capacity < lower.capacity:
            raise ck.fail(
                f"harbour_sections ({upper.id})",
                "capacities must not shrink going up the row: a group moving up must fit (S22, A5)",
            )
    return tuple(sections)


def _harbour_cards(
    ck: _Reader, top: Mapping[str, Any], sections: tuple[HarbourSection, ...], count: int
) -> tuple[HarbourCard, ...]:
    cards = []
    seen: set[Any] = set()
    entries = ck.listed(top, "harbour_cards", size=count)
    known = {s.id for s in sections}
    for (where, entry), card_id in zip(entries, ck.ids(entries, seen), strict=True):
        ck.known_fields(entry, {"id", "up_at_start", "other_face", *_META}, where)
        faces = [ck.field(entry, "up_at_start", where), ck.field(entry, "other_face", where)]
        for face in faces:
            if face not in known:
                raise ck.fail(
                    where,
                    f"{face!r} is not a harbour section ({', '.join(s.id for s in sections)})",
                )
        cards.append(HarbourCard(card_id, faces[0], faces[1], ck.provenance(entry, where)))
    faces = sorted(f for c in cards for f in (c.up_at_start, c.other_face))
    if faces != sorted(known):
        raise ck.fail(
            "harbour_cards", "the cards' faces must show the four harbour sections once each"
        )
    return tuple(cards)


def _quarters(ck: _Reader, top: Mapping[str, Any]) -> tuple[Quarter, ...]:
    quarters = []
    seen: set[Any] = set()
    entries = ck.listed(top, "quarters", size=6)
    for (where, entry), quarter_id in zip(entries, ck.ids(entries, seen), strict=True):
        ck.known_fields(entry, {"id", "name_de", "effect", "material", *_META}, where)
        effect = ck.field(entry, "effect", where)
        if effect not in QUARTER_EFFECTS:
            raise ck.fail(
                where, f"'effect' must be one of {', '.join(QUARTER_EFFECTS)}, got {effect!r}"
            )
        material = None
        if effect == "produce":
            material = ck.material(ck.field(entry, "material", where), where, "'material'")
        elif "material" in entry:
            raise ck.fail(where, "only a quarter that produces names a material")
        name = ck.field(entry, "name_de", where)
        if not isinstance(name, str):
            raise ck.fail(where, "'name_de' must be text")
        quarters.append(Quarter(quarter_id, name, effect, material, ck.provenance(entry, where)))
    return tuple(quarters)


def _quarter_rules(
    ck: _Reader, top: Mapping[str, Any], notes: dict[str, Provenance]
) -> tuple[int, tuple[int, ...]]:
    rules = ck.mapping(ck.field(top, "quarter_rules", ""), "quarter_rules")
    ck.known_fields(rules, {"max_figures_per_quarter", "placement_cost_gold"}, "quarter_rules")
    where = "quarter_rules.max_figures_per_quarter"
    value, notes["quarter_rules.max_figures_per_quarter"] = ck.value_entry(
        rules, "quarter_rules", "max_figures_per_quarter", frozenset({"counted"})
    )
    limit = ck.count(value, where, "'value'", low=1)
    if rules["max_figures_per_quarter"].get("counted") != "all_players_together":
        raise ck.fail(
            where, "'counted' must be all_players_together (A7: the engine plays reading 1)"
        )
    where = "quarter_rules.placement_cost_gold"
    value, notes[where] = ck.value_entry(rules, "quarter_rules", "placement_cost_gold")
    if not isinstance(value, list) or len(value) != limit:
        raise ck.fail(where, f"'value' must list {limit} prices, one per figure already there")
    return limit, tuple(ck.count(v, where, "a price") for v in value)


def _vizier_start(
    ck: _Reader, top: Mapping[str, Any], quarters: tuple[Quarter, ...], notes: dict[str, Provenance]
) -> int:
    entry = ck.mapping(ck.field(top, "vizier_start", ""), "vizier_start")
    ck.known_fields(entry, {"quarter", *_META}, "vizier_start")
    quarter = ck.field(entry, "quarter", "vizier_start")
    index = next((i for i, q in enumerate(quarters) if q.id == quarter), None)
    if index is None:
        raise ck.fail("vizier_start", f"{quarter!r} is not a quarter")
    notes["vizier_start"] = ck.provenance(entry, "vizier_start")
    return index


def _harem_spaces(
    ck: _Reader, top: Mapping[str, Any], players: tuple[int, int], notes: dict[str, Provenance]
) -> tuple[tuple[int, int], ...]:
    entry = ck.mapping(ck.field(top, "harem_track_spaces", ""), "harem_track_spaces")
    wanted = [f"players_{n}" for n in range(players[0], players[1] + 1)]
    ck.known_fields(entry, set(wanted), "harem_track_spaces")
    spaces = []
    for n, key in zip(range(players[0], players[1] + 1), wanted, strict=True):
        value, notes[f"harem_track_spaces.{key}"] = ck.value_entry(entry, "harem_track_spaces", key)
        spaces.append((n, ck.count(value, f"harem_track_spaces.{key}", "'value'", low=1)))
    return tuple(spaces)


def _palace_cards(ck: _Reader, top: Mapping[str, Any]) -> tuple[PalaceCard, ...]:
    cards: list[PalaceCard] = []
    seen: set[Any] = set()
    entries = ck.listed(top, "palace_cards", size=24)
    for (where, entry), card_id in zip(entries, ck.ids(entries, seen), strict=True):
        ck.known_fields(entry, {"id", "level", "piece", "garden", "cost", *_META}, where)
        level = ck.field(entry, "level", where)
        if level not in (1, 2, 3) or isinstance(level, bool):
            raise ck.fail(where, f"'level' must be 1, 2 or 3, got {level!r}")
        piece = ck.field(entry, "piece", where)
        if piece != PIECES[level - 1]:
            raise ck.fail(
                where, f"a level-{level} card builds a {PIECES[level - 1]}, not {piece!r}"
            )
        garden = ck.count(ck.field(entry, "garden", where), where, "'garden'", low=1)
        cost = ck.cost(entry, where)
        if cost[GOLD]:
            raise ck.fail(where, "palace cards never cost gold")
        for other in cards:
            if (other.level, other.garden) == (level, garden):
                raise ck.fail(
                    where, f"garden space {garden} already has its level-{level} card ({other.id})"
                )
        cards.append(PalaceCard(card_id, level, piece, garden, cost, ck.provenance(entry, where)))
    for level in (1, 2, 3):
        gardens = sorted(c.garden for c in cards if c.level == level)
        if gardens != list(range(1, 9)):
            raise ck.fail(
                "palace_cards",
                f"the level-{level} cards must name garden spaces "
                f"1 to 8 once each, found {gardens}",
            )
    return tuple(cards)


def _special_cards(
    ck: _Reader, top: Mapping[str, Any], palace: tuple[PalaceCard, ...]
) -> tuple[SpecialCard, ...]:
    cards = []
    seen: set[Any] = {c.id for c in palace}
    entries = ck.listed(top, "special_cards", size=3)
    for (where, entry), card_id in zip(entries, ck.ids(entries, seen), strict=True):
        ck.known_fields(entry, {"id", "title_de", "effect", "cost", *_META}, where)
        effect = ck.field(entry, "effect", where)
        if effect not in SPECIAL_EFFECTS:
            raise ck.fail(
                where, f"'effect' must be one of {', '.join(SPECIAL_EFFECTS)}, got {effect!r}"
            )
        title = ck.field(entry, "title_de", where)
        if not isinstance(title, str):
            raise ck.fail(where, "'title_de' must be text")
        cards.append(
            SpecialCard(card_id, title, effect, ck.cost(entry, where), ck.provenance(entry, where))
        )
    if [c.effect for c in cards] != ["treasury_scoring", "treasury_scoring", "end_game"]:
        raise ck.fail(
            "special_cards",
            "list the two treasure cards (effect treasury_scoring, "
            "'1. Wertung' first), then the end card (effect end_game)",
        )
    return tuple(cards)


def _deck_order(
    ck: _Reader,
    top: Mapping[str, Any],
    special: tuple[SpecialCard, ...],
    notes: dict[str, Provenance],
) -> None:
    """The deck's structure is the rule S6; the file states it, and must state it so."""
    parts = ck.listed(top, "palace_deck_bottom_to_top", size=6)
    for n, (where, entry) in enumerate(parts, 1):
        ck.known_fields(entry, {"part", "cards", *_META}, where)
        if entry.get("part") != n or not isinstance(entry.get("cards"), str):
            raise ck.fail(where, f"must be part {n} with its 'cards' as text")
        notes[f"palace_deck_bottom_to_top.part_{n}"] = ck.provenance(entry, where)
    for n, card in ((3, special[1]), (5, special[0])):
        if parts[n - 1][1]["cards"] != card.id:
            raise ck.fail(parts[n - 1][0], f"part {n} is the treasure card {card.id} (S6)")


def _action_cards(
    ck: _Reader, top: Mapping[str, Any], notes: dict[str, Provenance]
) -> tuple[ActionCard, ...]:
    cards: list[ActionCard] = []
    seen: set[Any] = set()
    entries = ck.listed(top, "action_cards", size=20)
    for (where, entry), card_id in zip(entries, ck.ids(entries, seen), strict=True):
        ck.known_fields(entry, {"id", "materials", *_META}, where)
        names = ck.field(entry, "materials", where)
        if not isinstance(names, list) or not 1 <= len(names) <= 4:
            raise ck.fail(where, "'materials' must list one to four materials")
        materials = tuple(ck.material(n, where, "'materials' names") for n in names)
        if len(set(materials)) != len(materials):
            raise ck.fail(where, "'materials' names a material twice")
        cards.append(ActionCard(card_id, materials, ck.provenance(entry, where)))
    where = "advanced_action_cards"
    advanced = ck.mapping(ck.field(top, where, ""), where)
    ck.known_fields(advanced, {"count", "included", "content", *_META}, where)
    if advanced.get("included") is not False:
        raise ck.fail(
            where, "'included' must be false: the advanced game is not part of this program"
        )
    ck.count(ck.field(advanced, "count", where), where, "'count'")
    notes[where] = ck.provenance(advanced, where)
    return tuple(cards)
