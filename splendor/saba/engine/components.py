"""Immutable Saba components and the rules' numbers, as `splendor.saba.data` loads them
from levels_data/saba/components.yaml (docs/RULES_SABA.md, section 7).

Every component keeps its provenance (`seed`, `reviews`, `derived`, `reconstructed`), so
that a screen can mark the values invented for this program."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Final

#: The provenance tags, strongest evidence first (docs/RULES_SABA.md, "How to read the tags").
TAGS: Final = ("seed", "reviews", "derived", "reconstructed")

#: What a harbour section does when taken (S17-S20).
SECTION_ACTIONS: Final = ("draw_action_card", "remove_palace_card", "move_vizier", "none")
#: What using a city quarter does (S45).
QUARTER_EFFECTS: Final = (
    "produce",
    "exchange_gold_and_building_material",
    "exchange_building_materials",
)
#: What buying a special card does (S55, S60).
SPECIAL_EFFECTS: Final = ("treasury_scoring", "end_game")
#: The palace pieces by level (S28): arch 1, fountain 2, pillar 3.
PIECES: Final = ("arch", "fountain", "pillar")


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where an entry's values come from: the weakest `tag` of its gameplay fields, the
    tag per field where they differ, and the rulings (A1-A25) that chose it."""

    tag: str
    fields: tuple[tuple[str, str], ...] = ()
    rulings: tuple[str, ...] = ()

    def of(self, name: str) -> str:
        """The tag of one field (the entry's tag when the field has none of its own)."""
        return next((tag for f, tag in self.fields if f == name), self.tag)

    @property
    def reconstructed(self) -> bool:
        """Whether some value of the entry was invented here (the app marks it, section 8)."""
        return self.tag == "reconstructed"


@dataclass(frozen=True, slots=True)
class PalaceCard:
    """A palace building card: a piece of `level` for garden space `garden` (1-8). `cost`
    is a 4-tuple by material (gold always 0)."""

    id: str
    level: int
    piece: str
    garden: int
    cost: tuple[int, int, int, int]
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class SpecialCard:
    """A treasure card ("1. Wertung", "2. Wertung") or the end card."""

    id: str
    title_de: str
    effect: str
    cost: tuple[int, int, int, int]
    provenance: Provenance

    @property
    def ends_game(self) -> bool:
        return self.effect == "end_game"


#: A card of the palace deck: what the display holds.
DeckCard = PalaceCard | SpecialCard


@dataclass(frozen=True, slots=True)
class BuildSpace:
    """One of the three display spaces and its gold surcharge (S26)."""

    space: int
    rulebook_label: str
    surcharge: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class HarbourSection:
    """A harbour section: its place in the row (1 = where a taken material re-enters),
    how many units it holds, and its extra action (one of SECTION_ACTIONS)."""

    id: str
    position: int
    capacity: int
    action: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class HarbourCard:
    """A two-sided harbour card: the section face up at the start and the other face."""

    id: str
    up_at_start: str
    other_face: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Quarter:
    """A city quarter; `material` is what a production quarter gives (None for the
    Exchange and the Bazaar)."""

    id: str
    name_de: str
    effect: str
    material: int | None
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class ActionCard:
    """A basic action card: played for one unit of one of its `materials`."""

    id: str
    materials: tuple[int, ...]
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class SabaData:
    """Everything static about a game of Saba. Built by `splendor.saba.data.load_saba_data`,
    which checks what the engine relies on (24 palace cards, one per level and garden
    space; capacities that never shrink up the harbour row; ...)."""

    version: int
    status: str
    players: tuple[int, int]
    #: Units of each material in the game (I1).
    supply: tuple[int, int, int, int]
    figures: int
    markers: int
    hand_limit: int
    stock_limit: int
    #: Units dealt at the start by position in turn order (S4): the first player's first.
    start_units: tuple[int, ...]
    build_spaces: tuple[BuildSpace, ...]
    #: In row order, position 1 first.
    sections: tuple[HarbourSection, ...]
    harbour_cards: tuple[HarbourCard, ...]
    quarters: tuple[Quarter, ...]
    quarter_limit: int
    #: The gold a quarter placement costs, by figures already there (A7).
    placement_costs: tuple[int, ...]
    vizier_start: int
    #: (players, spaces in use) for each player count (S11).
    harem_spaces: tuple[tuple[int, int], ...]
    palace_cards: tuple[PalaceCard, ...]
    #: "1. Wertung", "2. Wertung", the end card, in that order.
    special_cards: tuple[SpecialCard, ...]
    action_cards: tuple[ActionCard, ...]
    #: The provenance of the entries that are no component (limits, counts, ...), by name.
    provenance: tuple[tuple[str, Provenance], ...] = ()
    #: The player's copy of the data file when it is what is played (section 8), else None.
    edited_from: Path | None = field(default=None, compare=False)
    #: Why a player's copy was refused (file, entry, problem): the shipped data is played.
    refused: str | None = field(default=None, compare=False)
    card_by_id: Mapping[str, DeckCard] = field(init=False, repr=False, compare=False)
    action_by_id: Mapping[str, ActionCard] = field(init=False, repr=False, compare=False)
    surcharges: tuple[int, ...] = field(init=False, repr=False, compare=False)
    gardens: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards: dict[str, DeckCard] = {c.id: c for c in self.palace_cards}
        cards.update((c.id, c) for c in self.special_cards)
        object.__setattr__(self, "card_by_id", MappingProxyType(cards))
        object.__setattr__(
            self, "action_by_id", MappingProxyType({c.id: c for c in self.action_cards})
        )
        object.__setattr__(self, "surcharges", tuple(s.surcharge for s in self.build_spaces))
        object.__setattr__(self, "gardens", max((c.garden for c in self.palace_cards), default=0))

    def price_on(self, card: DeckCard, space: int) -> tuple[int, int, int, int]:
        """What `card` costs on build space `space`: its materials and the space's gold
        (S26)."""
        a, s, e, g = card.cost
        return a, s, e, g + self.surcharges[space]

    def harem_size(self, players: int) -> int:
        """The harem track's spaces in use with `players` players (S11)."""
        return dict(self.harem_spaces)[players]

    def quarter_index(self, quarter_id: str) -> int:
        """The index of a quarter id; ValueError naming the quarters if unknown."""
        for i, q in enumerate(self.quarters):
            if q.id == quarter_id:
                return i
        raise ValueError(
            f"unknown quarter {quarter_id!r} (the quarters: "
            f"{', '.join(q.id for q in self.quarters)})"
        )

    def section_index(self, section_id: str) -> int:
        """The row index (0-based) of a harbour section id; ValueError if unknown."""
        for i, s in enumerate(self.sections):
            if s.id == section_id:
                return i
        raise ValueError(
            f"unknown harbour section {section_id!r} (the sections: "
            f"{', '.join(s.id for s in self.sections)})"
        )

    def provenance_of(self, name: str) -> Provenance:
        """The provenance of a non-component entry, e.g. 'per_player.figures'."""
        return dict(self.provenance)[name]

    def fingerprint(self) -> str:
        """A hash of everything that decides play (not the provenance): a record names it,
        so that a game is never replayed with other cards (section 8)."""
        play = (
            self.players,
            self.supply,
            self.figures,
            self.markers,
            self.hand_limit,
            self.stock_limit,
            self.start_units,
            self.surcharges,
            tuple((s.id, s.position, s.capacity, s.action) for s in self.sections),
            tuple((c.id, c.up_at_start, c.other_face) for c in self.harbour_cards),
            tuple((q.id, q.effect, q.material) for q in self.quarters),
            self.quarter_limit,
            self.placement_costs,
            self.vizier_start,
            self.harem_spaces,
            tuple((c.id, c.level, c.garden, c.cost) for c in self.palace_cards),
            tuple((c.id, c.effect, c.cost) for c in self.special_cards),
            tuple((c.id, c.materials) for c in self.action_cards),
        )
        return hashlib.sha256(repr(play).encode()).hexdigest()[:16]
