"""Immutable game components: development cards, nobles and the rules' numbers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Card:
    """A development card. `cost` is a 5-tuple indexed by gem colour; `bonus` a gem index."""

    id: str
    level: int
    bonus: int
    points: int
    cost: tuple[int, int, int, int, int]
    #: (colour, amount) for every colour the card costs: the hot path iterates only these.
    cost_items: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        items = tuple((c, n) for c, n in enumerate(self.cost) if n)
        object.__setattr__(self, "cost_items", items)


@dataclass(frozen=True, slots=True)
class Noble:
    """A noble tile: visits a player whose bonuses reach `requires` (5-tuple by gem)."""

    id: str
    points: int
    requires: tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class PlayerCountSetup:
    """What the bank and the noble row hold for one player count."""

    gems: int
    gold: int
    nobles: int


@dataclass(frozen=True, slots=True)
class GameData:
    """Everything static about a game: the components and the rules' numbers.

    Built from `levels_data/` by `splendor.gamedata.load_game_data`; tests may build
    their own. Cards are kept in id order; `levels` lists the deck levels, lowest first.
    """

    cards: tuple[Card, ...]
    nobles: tuple[Noble, ...]
    setups: Mapping[int, PlayerCountSetup]
    target_points: int = 15
    token_limit: int = 10
    reserve_limit: int = 3
    market_slots: int = 4
    take_two_minimum: int = 4
    levels: tuple[int, ...] = field(init=False)
    card_by_id: Mapping[str, Card] = field(init=False, repr=False, compare=False)
    noble_by_id: Mapping[str, Noble] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "setups", MappingProxyType(dict(self.setups)))
        object.__setattr__(self, "levels", tuple(sorted({c.level for c in self.cards})))
        cards = MappingProxyType({c.id: c for c in self.cards})
        object.__setattr__(self, "card_by_id", cards)
        object.__setattr__(self, "noble_by_id", MappingProxyType({n.id: n for n in self.nobles}))

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts this data has a setup for."""
        return tuple(sorted(self.setups))

    def level_cards(self, level: int) -> tuple[Card, ...]:
        """The cards of one level, in id order."""
        return tuple(c for c in self.cards if c.level == level)
