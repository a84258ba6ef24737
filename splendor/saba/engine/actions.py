"""Saba's actions: small immutable values with a stable text form.

Grammar (ids as in levels_data/saba/components.yaml; materials alabaster, sandstone,
ebony, gold)::

    harbour SECTION          phase 1: take the harbour section a face of yours shows
    remove CARD              the cross: take this palace card out of the display
    vizier QUARTER           move the vizier to QUARTER
    swap GIVE for TAKE       the vizier's exchange at the Exchange or the Bazaar
    decline                  no exchange for the vizier; no harem marker after a displacement
    enter                    a harem marker onto space 1 after one's figure was displaced
    buy CARD                 phase 2: buy a card of the display (palace, treasure or end card)
    recall QUARTER           take one's figure out of QUARTER (one's supply is empty)
    place QUARTER            phase 3: one's figure into QUARTER
    draw                     phase 4: draw an action card
    end                      end the turn (then the end-of-turn check)
    discard CARD             at the end-of-turn check: an action card above the limit
    return MATERIAL          at the end-of-turn check: a unit above the limit
    play CARD MATERIAL       play an action card for one unit of MATERIAL
    use QUARTER              use one's figure in a quarter that produces
    use QUARTER GIVE for TAKE    ... in the Exchange or the Bazaar

`parse_action(a.text()) == a` for every action (see action_text.py). Records store the
text, so it is kept stable.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final, TypeVar, cast

from splendor.saba.engine.materials import MATERIAL_NAMES, MATERIALS

#: What an id looks like in an action (and in the data file): one word of small letters,
#: digits, '-' and '_'.
ID_PATTERN: Final = re.compile(r"[a-z0-9][a-z0-9_-]*")


# Field checks raise TypeError (wrong kind of value) or ValueError (wrong value), naming
# the field. Construction and `malformed` run the same checks.


def _ident(value: object, what: str) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be text, got {value!r}")
    if not ID_PATTERN.fullmatch(value):
        raise ValueError(
            f"{what} {value!r} is not an id: one word of small letters, digits, '-' and '_'"
        )


def _material(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be a material number 0-3, got {value!r}")
    if value not in MATERIALS:
        raise ValueError(
            f"{what} must be a material 0-3 ({', '.join(MATERIAL_NAMES)}), got {value}"
        )


def _exchange(give: object, take: object) -> None:
    _material(give, "the material given")
    _material(take, "the material taken")
    if give == take:
        raise ValueError("an exchange gives one material for another")


@dataclass(frozen=True, slots=True)
class ChooseFace:
    """Phase 1: take the harbour section named by one of one's two faces up."""

    section: str
    kind: ClassVar[str] = "harbour"

    def check(self) -> None:
        _ident(self.section, "the harbour section")

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"harbour {self.section}"


@dataclass(frozen=True, slots=True)
class Remove:
    """The cross (S18): take a palace card out of the display and out of the game."""

    card_id: str
    kind: ClassVar[str] = "remove"

    def check(self) -> None:
        _ident(self.card_id, "the card id")

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"remove {self.card_id}"


@dataclass(frozen=True, slots=True)
class MoveVizier:
    """The vizier's section (S19): move the vizier to another quarter."""

    quarter: str
    kind: ClassVar[str] = "vizier"

    def check(self) -> None:
        _ident(self.quarter, "the quarter")

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"vizier {self.quarter}"


@dataclass(frozen=True, slots=True)
class Swap:
    """The vizier's exchange at the Exchange or the Bazaar (S19, A13)."""

    give: int
    take: int
    kind: ClassVar[str] = "swap"

    def check(self) -> None:
        _exchange(self.give, self.take)

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"swap {MATERIAL_NAMES[self.give]} for {MATERIAL_NAMES[self.take]}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Make no exchange for the vizier (A13), or put no harem marker down (A24)."""

    kind: ClassVar[str] = "decline"

    def check(self) -> None:
        return None

    def text(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Enter:
    """Put a harem marker on space 1 after one's figure left a balcony (S36)."""

    kind: ClassVar[str] = "enter"

    def check(self) -> None:
        return None

    def text(self) -> str:
        return "enter"


@dataclass(frozen=True, slots=True)
class Buy:
    """Phase 2: buy a card of the display, paying its materials and its space's gold."""

    card_id: str
    kind: ClassVar[str] = "buy"

    def check(self) -> None:
        _ident(self.card_id, "the card id")

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"buy {self.card_id}"


@dataclass(frozen=True, slots=True)
class Recall:
    """Take one's figure out of a quarter for a balcony or the treasury (S30, S56)."""

    quarter: str
    kind: ClassVar[str] = "recall"

    def check(self) -> None:
        _ident(self.quarter, "the quarter")

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"recall {self.quarter}"


@dataclass(frozen=True, slots=True)
class Place:
    """Phase 3: put a figure from one's supply into a quarter, paying gold (S39-S40)."""

    quarter: str
    kind: ClassVar[str] = "place"

    def check(self) -> None:
        _ident(self.quarter, "the quarter")

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"place {self.quarter}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Phase 4: draw an action card (S51), ending phases 2 and 3."""

    kind: ClassVar[str] = "draw"

    def check(self) -> None:
        return None

    def text(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn: the end-of-turn check follows (S52)."""

    kind: ClassVar[str] = "end"

    def check(self) -> None:
        return None

    def text(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Discard:
    """At the end-of-turn check: an action card above the limit to the discard pile."""

    card_id: str
    kind: ClassVar[str] = "discard"

    def check(self) -> None:
        _ident(self.card_id, "the card id")

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"discard {self.card_id}"


@dataclass(frozen=True, slots=True)
class Return:
    """At the end-of-turn check: a unit above the limit back to the supply."""

    material: int
    kind: ClassVar[str] = "return"

    def check(self) -> None:
        _material(self.material, "the material")

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"return {MATERIAL_NAMES[self.material]}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play an action card for one unit of one material pictured on it (S48)."""

    card_id: str
    material: int
    kind: ClassVar[str] = "play"

    def check(self) -> None:
        _ident(self.card_id, "the card id")
        _material(self.material, "the material")

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        return f"play {self.card_id} {MATERIAL_NAMES[self.material]}"


@dataclass(frozen=True, slots=True)
class Use:
    """Use one of one's figures in a quarter once (S43, S45): a producing quarter names
    no materials, the Exchange and the Bazaar the one given and the one taken."""

    quarter: str
    give: int | None = None
    take: int | None = None
    kind: ClassVar[str] = "use"

    def check(self) -> None:
        _ident(self.quarter, "the quarter")
        if (self.give is None) != (self.take is None):
            raise ValueError("an exchange names both the material given and the one taken")
        if self.give is not None:
            _exchange(self.give, self.take)

    def __post_init__(self) -> None:
        self.check()

    def text(self) -> str:
        if self.give is None or self.take is None:
            return f"use {self.quarter}"
        return f"use {self.quarter} {MATERIAL_NAMES[self.give]} for {MATERIAL_NAMES[self.take]}"


Action = (
    ChooseFace
    | Remove
    | MoveVizier
    | Swap
    | Decline
    | Enter
    | Buy
    | Recall
    | Place
    | Draw
    | EndTurn
    | Discard
    | Return
    | Play
    | Use
)
ACTION_TYPES: Final = (
    ChooseFace,
    Remove,
    MoveVizier,
    Swap,
    Decline,
    Enter,
    Buy,
    Recall,
    Place,
    Draw,
    EndTurn,
    Discard,
    Return,
    Play,
    Use,
)
#: The free actions (S14): allowed at the free moments of one's own turn.
FREE_ACTIONS: Final = (Play, Use)

#: The ids of the interned actions: checked when built, kept for the program's life, so
#: `malformed` need not check them again.
_INTERNED: set[int] = set()
_CACHE: dict[tuple[object, ...], Action] = {}
_A = TypeVar("_A", bound=Action)


def malformed(value: object) -> str | None:
    """Why `value` is not a well-formed action, or None if it is one. Never raises:
    construction refuses bad fields, this catches values built around the checks."""
    if id(value) in _INTERNED:
        return None
    if type(value) not in ACTION_TYPES:
        return f"a {type(value).__name__} is not a Saba action"
    try:
        cast(Any, value).check()
    except AttributeError:
        return f"this {type(value).__name__} action is missing its fields"
    except (TypeError, ValueError) as exc:
        return str(exc)
    except Exception as exc:  # a smuggled field may be any object at all
        return f"this {type(value).__name__} action holds an unusable value ({exc!r})"
    return None


def interned(cls: Callable[..., _A], *fields: Any) -> _A:
    """The one shared instance of `cls(*fields)`: legal_actions hands these out, so that
    `apply` recognises them by identity."""
    key = (cls, *fields)
    action = _CACHE.get(key)
    if action is None:
        action = _CACHE[key] = cls(*fields)
        _INTERNED.add(id(action))
    return action  # type: ignore[return-value]


DECLINE: Final = interned(Decline)
ENTER: Final = interned(Enter)
DRAW: Final = interned(Draw)
END: Final = interned(EndTurn)
