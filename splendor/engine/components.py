"""Immutable game components: development cards, nobles, the Cities of Splendor pieces
(city tiles, trading posts, Orient cards) and the rules' numbers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from splendor.engine.pickling import fast_pickle

#: `Card.bonus` of an Orient card that gives no bonus of its own (a double gold, or a card
#: that takes its colour from the card it is paired with).
NO_BONUS: Final = -1

#: The abilities of Orient cards (see RULES_CITIES.md, "The Orient").
ABILITIES: Final = (
    "gold_x2", "pair", "pair_and_take_level1", "double_bonus", "reserve_noble",
    "take_level2", "sacrifice",
)


@fast_pickle
@dataclass(frozen=True, slots=True)
class Card:
    """A development card. `cost` is a 5-tuple indexed by gem colour; `bonus` a gem index
    (NO_BONUS for an Orient card without a colour of its own), worth `bonus_count` bonuses.

    Orient cards have an `ability`; a sacrifice card is bought by discarding owned cards
    worth `discard_count` bonuses of `discard_colour` instead of paying tokens.
    """

    id: str
    level: int
    bonus: int
    points: int
    cost: tuple[int, int, int, int, int]
    ability: str | None = None
    bonus_count: int = 1
    discard_colour: int | None = None
    discard_count: int = 0
    #: (colour, amount) for every colour the card costs: the hot path iterates only these.
    cost_items: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        items = tuple((c, n) for c, n in enumerate(self.cost) if n)
        object.__setattr__(self, "cost_items", items)
        if self.ability is not None or not 0 <= self.bonus <= 4:
            _check_orient(self)

    @property
    def orient(self) -> bool:
        """Whether this is a card of the Orient module."""
        return self.ability is not None


def _check_orient(card: Card) -> None:
    where = f"card {card.id}"
    if card.ability is not None and card.ability not in ABILITIES:
        raise ValueError(f"{where}: unknown ability {card.ability!r}")
    colourless = card.ability in ("gold_x2", "pair", "pair_and_take_level1")
    if colourless != (card.bonus == NO_BONUS):
        raise ValueError(f"{where}: only double golds and paired cards have no bonus colour")
    if card.bonus != NO_BONUS and not 0 <= card.bonus <= 4:
        raise ValueError(f"{where}: bonus must be a gem colour 0-4, got {card.bonus}")
    if (card.discard_colour is None) != (card.ability != "sacrifice"):
        raise ValueError(f"{where}: exactly the sacrifice cards name a colour to discard")
    if card.ability == "sacrifice" and (card.discard_count < 1 or any(card.cost)):
        raise ValueError(f"{where}: a sacrifice card costs cards, not tokens")


@fast_pickle
@dataclass(frozen=True, slots=True)
class City:
    """A city tile: taken by a player with at least `points` prestige and the bonuses in
    `requires`, plus, when `any_single` > 0, that many bonuses of one colour not named in
    `requires`. Gives no points."""

    id: str
    points: int
    requires: tuple[int, int, int, int, int]
    any_single: int = 0
    #: (colour, amount) for every colour named, and the colours not named (where the
    #: `any_single` bonuses may be): the bots judge a city for every option of a turn.
    require_items: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    free_colours: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        items = tuple((c, n) for c, n in enumerate(self.requires) if n)
        object.__setattr__(self, "require_items", items)
        free = tuple(c for c, n in enumerate(self.requires) if not n)
        object.__setattr__(self, "free_colours", free)


@fast_pickle
@dataclass(frozen=True, slots=True)
class TradingPost:
    """A trading post: claimed with the bonuses in `requires` (and a noble if
    `requires_noble`); gives its `power` to the end of the game."""

    id: int
    requires: tuple[int, int, int, int, int]
    requires_noble: bool
    power: str


@fast_pickle
@dataclass(frozen=True, slots=True)
class Noble:
    """A noble tile: visits a player whose bonuses reach `requires` (5-tuple by gem)."""

    id: str
    points: int
    requires: tuple[int, int, int, int, int]


@fast_pickle
@dataclass(frozen=True, slots=True)
class PlayerCountSetup:
    """What the bank and the noble row hold for one player count."""

    gems: int
    gold: int
    nobles: int


@fast_pickle
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
    #: Cities of Splendor: the 14 city faces, the five trading posts, the 30 Orient cards
    #: (kept apart from `cards`, the base game's), and the numbers of the modules.
    cities: tuple[City, ...] = ()
    posts: tuple[TradingPost, ...] = ()
    orient: tuple[Card, ...] = ()
    city_count: int = 3
    orient_slots: int = 2
    strongholds: int = 3
    levels: tuple[int, ...] = field(init=False)
    card_by_id: Mapping[str, Card] = field(init=False, repr=False, compare=False)
    noble_by_id: Mapping[str, Noble] = field(init=False, repr=False, compare=False)
    city_by_id: Mapping[str, City] = field(init=False, repr=False, compare=False)
    #: `level_cards` and `orient_cards` by level, made once (sampling asks for every world).
    _by_level: Mapping[tuple[bool, int], tuple[Card, ...]] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "setups", MappingProxyType(dict(self.setups)))
        object.__setattr__(self, "levels", tuple(sorted({c.level for c in self.cards})))
        cards = MappingProxyType({c.id: c for c in (*self.cards, *self.orient)})
        object.__setattr__(self, "card_by_id", cards)
        object.__setattr__(self, "noble_by_id", MappingProxyType({n.id: n for n in self.nobles}))
        object.__setattr__(self, "city_by_id", MappingProxyType({c.id: c for c in self.cities}))
        by_level = {(orient, level): tuple(c for c in group if c.level == level)
                    for orient, group in ((False, self.cards), (True, self.orient))
                    for level in {c.level for c in group}}
        object.__setattr__(self, "_by_level", MappingProxyType(by_level))

    def orient_cards(self, level: int) -> tuple[Card, ...]:
        """The Orient cards of one level, in id order."""
        return self._by_level.get((True, level), ())

    def post(self, post_id: int) -> TradingPost:
        """The trading post numbered `post_id` (1-5)."""
        return next(p for p in self.posts if p.id == post_id)

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts this data has a setup for."""
        return tuple(sorted(self.setups))

    def level_cards(self, level: int) -> tuple[Card, ...]:
        """The cards of one level, in id order."""
        return self._by_level.get((False, level), ())

