"""Actions: small immutable values with a stable text form.

Grammar (case-insensitive; colours are white, blue, green, red, black, gold)::

    take C [C [C]]          take different gem tokens (three, or fewer when fewer colours remain)
    take2 C                 take two gems of one colour
    reserve CARD            reserve a face-up card, e.g. 'reserve L2-07'
    reserve deck N          reserve the top card of the level-N deck, blind
    buy CARD                buy a market or reserved card, paying the default way
    buy CARD pay TOKENS     ... paying exactly TOKENS, e.g. 'buy L1-14 pay green gold black black'
    buy CARD pay nothing    ... when bonuses cover the whole cost
    return TOKENS           give back exactly the tokens above the limit, e.g. 'return gold white'
    return nothing          ... giving back no token: never legal, but it has a text too
    noble NOBLE             choose which of several qualifying nobles visits, e.g. 'noble N04'
    pass                    only when no other action is legal

Cities of Splendor adds (each legal only in its module, most as a decision step)::

    reserve orient N        reserve the top card of the level-N Orient deck, blind
    buy CARD doubles N ...  ... spending N double golds (Orient) in this purchase
    buy CARD discard IDS    ... a sacrifice card, giving up these purchased cards
    city CITY               choose which of several qualifying cities to take, e.g. 'city C04'
    post N                  choose which of several qualifying trading posts to claim
    gem C                   take the one gem token a trading post's power gives
    pair CARD               pair the Orient card just gained with this owned card
    free CARD               take this face-up card for free (an Orient ability)
    reserve noble NOBLE     keep this noble aside for oneself (an Orient ability)
    hold place CARD         put a stronghold from one's supply on a face-up card
    hold move FROM TO       move one of one's strongholds to another face-up card
    hold remove CARD        give an opponent's lone stronghold on CARD back to its owner
    conquer CARD [pay ...]  buy the card one's three strongholds occupy
    decline                 do not use the conquest offered

`parse_action(a.text()) == a` for every action; `text()` is canonical (colours in the
order white, blue, green, red, black, gold). Records and logs store this text, so it is
kept stable.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Any, ClassVar, Final, NoReturn, TypeVar

from splendor.engine.colors import COLOR_NAMES, GEMS, GOLD, TOKENS, counts_text
from splendor.engine.pickling import fast_pickle

#: What a card or noble id looks like in an action: one word of capitals, digits, '-' and
#: '_' (the parser upper-cases ids, so only such ids survive a round trip through text).
ID_PATTERN: Final = re.compile(r"[A-Z0-9][A-Z0-9_-]*")
#: The parser reads 'reserve deck N' for a deck: no card may be called that.
_RESERVED_WORDS: Final = frozenset({"DECK", "ORIENT", "NOBLE"})


# ------------------------------------------------------------------- field checks
# Each check raises TypeError (wrong kind of value) or ValueError (right kind, wrong value)
# with a message naming the field, and returns the value in its stored form. Construction
# and `malformed()` run the same checks, so that a value built around them is caught too.


def _whole(value: object, what: str) -> int:
    # bool is an int subclass: True would count as 1 token, so it is refused.
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"{what} cannot be negative, got {value}")
    return value


def _gem(value: object, what: str) -> int:
    colour = _whole(value, what)
    if colour == GOLD:
        raise ValueError(f"{what}: gold cannot be taken (it comes with a reservation)")
    if colour not in GEMS:
        raise ValueError(f"{what} must be a gem colour 0-4 (white, blue, green, red, black), "
                         f"got {colour}")
    return colour


def _counts(value: object, what: str) -> tuple[int, ...]:
    if not isinstance(value, tuple):
        raise TypeError(f"{what} must be a tuple of {len(TOKENS)} counts by colour "
                        f"({', '.join(COLOR_NAMES)}), got {value!r}")
    if len(value) != len(TOKENS):
        raise ValueError(f"{what} must hold {len(TOKENS)} counts by colour "
                         f"({', '.join(COLOR_NAMES)}), got {len(value)}")
    for c, n in enumerate(value):
        _whole(n, f"{what}: the {COLOR_NAMES[c]} count")
    return value


def _ident(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be text, got {value!r}")
    if not ID_PATTERN.fullmatch(value):
        raise ValueError(f"{what} {value!r} is not an id: one word of capitals, digits, "
                         "'-' and '_', e.g. 'L1-07'")
    return value


def _check_flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be True or False, got {value!r}")
    return value


def _check_take(colors: object) -> tuple[int, ...]:
    if not isinstance(colors, tuple):
        raise TypeError(f"take colours must be a tuple of gem colours, got {colors!r}")
    for c in colors:
        _gem(c, "a take colour")
    if not 1 <= len(colors) <= 3 or len(set(colors)) != len(colors):
        raise ValueError(f"a take is of one to three different colours, got {colors!r}")
    return tuple(sorted(colors))


def _check_reserve(card_id: object) -> str:
    card_id = _ident(card_id, "the card id")
    if card_id in _RESERVED_WORDS:
        raise ValueError(f"{card_id!r} is a word of the action grammar, not a card id")
    return card_id


def _check_level(level: object) -> int:
    level = _whole(level, "a deck level")
    if level < 1:
        raise ValueError(f"deck levels count from 1, got {level}")
    return level


def _check_payment(payment: object) -> tuple[int, ...] | None:
    return None if payment is None else _counts(payment, "a payment")


def _check_return(tokens: object) -> tuple[int, ...]:
    return _counts(tokens, "a return")


def _check_discard(ids: object) -> tuple[str, ...]:
    if not isinstance(ids, tuple):
        raise TypeError(f"the cards to discard must be a tuple of card ids, got {ids!r}")
    for i in ids:
        _ident(i, "a card to discard")
    if len(set(ids)) != len(ids):
        raise ValueError(f"a card can be discarded only once, got {ids!r}")
    return tuple(sorted(ids))


def _check_hold(how: object, card_id: object, source: object) -> None:
    if how not in HOLD_MOVES:
        raise ValueError(f"a stronghold move is one of {', '.join(HOLD_MOVES)}, got {how!r}")
    _check_reserve(card_id)
    if (how == "move") != (source is not None):
        raise ValueError("exactly a 'move' names the card the stronghold comes from")
    if source is not None:
        _check_reserve(source)
        if source == card_id:
            raise ValueError("a stronghold must move to another card")


#: How a stronghold can be used after a purchase.
HOLD_MOVES: Final = ("place", "move", "remove")


@fast_pickle
@dataclass(frozen=True, slots=True)
class Take:
    """Take one token of each of these different gem colours."""

    colors: tuple[int, ...]
    kind: ClassVar[str] = "take"

    def __post_init__(self) -> None:
        object.__setattr__(self, "colors", _check_take(self.colors))

    def text(self) -> str:
        return "take " + " ".join(COLOR_NAMES[c] for c in self.colors)


@fast_pickle
@dataclass(frozen=True, slots=True)
class TakeTwo:
    """Take two tokens of one gem colour."""

    color: int
    kind: ClassVar[str] = "take2"

    def __post_init__(self) -> None:
        _gem(self.color, "the take-two colour")

    def text(self) -> str:
        return f"take2 {COLOR_NAMES[self.color]}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class Reserve:
    """Reserve a face-up market card (and take a gold token if the bank has one)."""

    card_id: str
    kind: ClassVar[str] = "reserve"

    def __post_init__(self) -> None:
        _check_reserve(self.card_id)

    def text(self) -> str:
        return f"reserve {self.card_id}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class ReserveDeck:
    """Reserve the top card of a level's deck, blind (and take a gold token if any)."""

    level: int
    #: The Orient deck of that level rather than the base game's.
    orient: bool = False
    kind: ClassVar[str] = "reserve_deck"

    def __post_init__(self) -> None:
        _check_level(self.level)
        _check_flag(self.orient, "the Orient flag")

    def text(self) -> str:
        return f"reserve {'orient' if self.orient else 'deck'} {self.level}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a market card or one of one's reserved cards.

    `payment` is None for the default payment (coloured tokens first, gold for the rest),
    or an exact 6-tuple of tokens by colour, gold last, which the engine checks.
    In the Orient, `doubles` double golds may pay part of it, and a sacrifice card is
    paid with the purchased cards listed in `discard`.
    """

    card_id: str
    payment: tuple[int, ...] | None = None
    doubles: int = 0
    discard: tuple[str, ...] = ()
    kind: ClassVar[str] = "buy"

    def __post_init__(self) -> None:
        _ident(self.card_id, "the card id")
        _check_payment(self.payment)
        _whole(self.doubles, "the number of double golds")
        object.__setattr__(self, "discard", _check_discard(self.discard))

    def text(self) -> str:
        words = [f"buy {self.card_id}"]
        if self.doubles:
            words.append(f"doubles {self.doubles}")
        if self.discard:
            words.append("discard " + " ".join(self.discard))
        if self.payment is not None:
            words.append(f"pay {counts_text(self.payment) or 'nothing'}")
        return " ".join(words)


@fast_pickle
@dataclass(frozen=True, slots=True)
class Return:
    """Give back tokens (6-tuple by colour) to come down to the token limit."""

    tokens: tuple[int, ...]
    kind: ClassVar[str] = "return"

    def __post_init__(self) -> None:
        _check_return(self.tokens)

    def text(self) -> str:
        return f"return {counts_text(self.tokens) or 'nothing'}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class ChooseNoble:
    """Choose which of several qualifying nobles visits this turn."""

    noble_id: str
    kind: ClassVar[str] = "noble"

    def __post_init__(self) -> None:
        _ident(self.noble_id, "the noble id")

    def text(self) -> str:
        return f"noble {self.noble_id}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: allowed only when no other action is legal."""

    kind: ClassVar[str] = "pass"

    def text(self) -> str:
        return "pass"


# --------------------------------------------------------- Cities of Splendor


@fast_pickle
@dataclass(frozen=True, slots=True)
class ChooseCity:
    """Choose which of several qualifying cities to take (the Cities)."""

    city_id: str
    kind: ClassVar[str] = "city"

    def __post_init__(self) -> None:
        _ident(self.city_id, "the city id")

    def text(self) -> str:
        return f"city {self.city_id}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class ChoosePost:
    """Choose which of several qualifying trading posts to claim this turn."""

    post: int
    kind: ClassVar[str] = "post"

    def __post_init__(self) -> None:
        if _whole(self.post, "the trading post") < 1:
            raise ValueError("trading posts are numbered from 1")

    def text(self) -> str:
        return f"post {self.post}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class TakeGem:
    """Take the one gem token a trading post's power gives (post 1 or 2)."""

    color: int
    kind: ClassVar[str] = "gem"

    def __post_init__(self) -> None:
        _gem(self.color, "the gem colour")

    def text(self) -> str:
        return f"gem {COLOR_NAMES[self.color]}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class Pair:
    """Pair the Orient card just gained with this purchased card (it takes its colour)."""

    card_id: str
    kind: ClassVar[str] = "pair"

    def __post_init__(self) -> None:
        _ident(self.card_id, "the card id")

    def text(self) -> str:
        return f"pair {self.card_id}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class TakeFree:
    """Take this face-up card for free (an Orient card's ability)."""

    card_id: str
    kind: ClassVar[str] = "free"

    def __post_init__(self) -> None:
        _ident(self.card_id, "the card id")

    def text(self) -> str:
        return f"free {self.card_id}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class ReserveNoble:
    """Keep this noble aside: only this player can be visited by it (an Orient ability)."""

    noble_id: str
    kind: ClassVar[str] = "reserve_noble"

    def __post_init__(self) -> None:
        _ident(self.noble_id, "the noble id")

    def text(self) -> str:
        return f"reserve noble {self.noble_id}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class Stronghold:
    """After a purchase: place a stronghold on `card_id`, move one there from `source`,
    or remove an opponent's lone stronghold from it (Strongholds)."""

    how: str
    card_id: str
    source: str | None = None
    kind: ClassVar[str] = "hold"

    def __post_init__(self) -> None:
        _check_hold(self.how, self.card_id, self.source)

    def text(self) -> str:
        if self.how == "move":
            return f"hold move {self.source} {self.card_id}"
        return f"hold {self.how} {self.card_id}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class Conquer:
    """Buy the card one's three strongholds occupy, after the turn's action."""

    card_id: str
    payment: tuple[int, ...] | None = None
    kind: ClassVar[str] = "conquer"

    def __post_init__(self) -> None:
        _ident(self.card_id, "the card id")
        _check_payment(self.payment)

    def text(self) -> str:
        if self.payment is None:
            return f"conquer {self.card_id}"
        return f"conquer {self.card_id} pay {counts_text(self.payment) or 'nothing'}"


@fast_pickle
@dataclass(frozen=True, slots=True)
class Decline:
    """Do not use the conquest offered."""

    kind: ClassVar[str] = "decline"

    def text(self) -> str:
        return "decline"


Action = (
    Take | TakeTwo | Reserve | ReserveDeck | Buy | Return | ChooseNoble | Pass
    | ChooseCity | ChoosePost | TakeGem | Pair | TakeFree | ReserveNoble | Stronghold
    | Conquer | Decline
)
_A = TypeVar(
    "_A", Take, TakeTwo, Reserve, ReserveDeck, Buy, Return, ChooseNoble, Pass,
    ChooseCity, ChoosePost, TakeGem, Pair, TakeFree, ReserveNoble, Stronghold, Conquer, Decline,
)

#: For each action type, the checks of its fields (the same as on construction).
_FIELD_CHECKS: Final[dict[type, Callable[[Any], object]]] = {
    Take: lambda a: _check_take(a.colors),
    TakeTwo: lambda a: _gem(a.color, "the take-two colour"),
    Reserve: lambda a: _check_reserve(a.card_id),
    ReserveDeck: lambda a: (_check_level(a.level), _check_flag(a.orient, "the Orient flag")),
    Buy: lambda a: (_ident(a.card_id, "the card id"), _check_payment(a.payment),
                    _whole(a.doubles, "the number of double golds"),
                    _check_discard(a.discard) == a.discard or _unsorted()),
    Return: lambda a: _check_return(a.tokens),
    ChooseNoble: lambda a: _ident(a.noble_id, "the noble id"),
    Pass: lambda a: None,
    ChooseCity: lambda a: _ident(a.city_id, "the city id"),
    ChoosePost: lambda a: ChoosePost(a.post),
    TakeGem: lambda a: _gem(a.color, "the gem colour"),
    Pair: lambda a: _ident(a.card_id, "the card id"),
    TakeFree: lambda a: _ident(a.card_id, "the card id"),
    ReserveNoble: lambda a: _ident(a.noble_id, "the noble id"),
    Stronghold: lambda a: _check_hold(a.how, a.card_id, a.source),
    Conquer: lambda a: (_ident(a.card_id, "the card id"), _check_payment(a.payment)),
    Decline: lambda a: None,
}


def _unsorted() -> NoReturn:
    raise ValueError("the cards to discard must be listed in id order")


#: The ids of the interned actions below. They were checked when built and live as long
#: as this module (so their ids stay theirs): `malformed`, which runs on every `apply`,
#: need not check them again.
_INTERNED: set[int] = set()


def malformed(value: object) -> str | None:
    """Why `value` is not a well-formed action, or None if it is one. Never raises.

    Construction refuses bad fields, so this catches values that are not actions at all
    and actions built around the checks (`object.__new__`, `object.__setattr__`)."""
    if id(value) in _INTERNED:
        return None
    check = _FIELD_CHECKS.get(type(value))
    if check is None:
        return f"a {type(value).__name__} is not an action"
    try:
        check(value)
    except AttributeError:
        return f"this {type(value).__name__} action is missing its fields"
    except (TypeError, ValueError) as exc:
        return str(exc)
    except Exception as exc:  # a smuggled field may be any object at all
        return f"this {type(value).__name__} action holds an unusable value ({exc!r})"
    return None

def _intern(action: _A) -> _A:
    _INTERNED.add(id(action))
    return action


def intern_action(action: _A) -> _A:
    """Mark a checked action that lives as long as the program (kept in a table) as
    needing no check again in `malformed`."""
    return _intern(action)


# Interned instances: legal_actions() hands these out instead of building new objects.
PASS: Final = _intern(Pass())
DECLINE: Final = _intern(Decline())
TAKE2: Final = tuple(_intern(TakeTwo(c)) for c in GEMS)
_TAKES_BY_MASK: list[tuple[Take, ...]] = []
for _mask in range(1 << len(GEMS)):
    _avail = [c for c in GEMS if _mask >> c & 1]
    _size = min(3, len(_avail))
    _TAKES_BY_MASK.append(
        tuple(_intern(Take(t)) for t in combinations(_avail, _size)) if _size else ()
    )
#: The legal 'take different' actions for each bank-availability bitmask (bit c: colour c).
TAKES_BY_MASK: Final = tuple(_TAKES_BY_MASK)
_reserve: dict[str, Reserve] = {}
_buy: dict[str, Buy] = {}
_reserve_deck: dict[int, ReserveDeck] = {}
_noble: dict[str, ChooseNoble] = {}
_returns: dict[tuple[int, ...], Return] = {}


def reserve_action(card_id: str) -> Reserve:
    """The interned `Reserve` action for a card id."""
    a = _reserve.get(card_id)
    if a is None:
        a = _reserve[card_id] = _intern(Reserve(card_id))
    return a


def buy_action(card_id: str) -> Buy:
    """The interned default-payment `Buy` action for a card id."""
    a = _buy.get(card_id)
    if a is None:
        a = _buy[card_id] = _intern(Buy(card_id))
    return a


def reserve_deck_action(level: int, orient: bool = False) -> ReserveDeck:
    """The interned `ReserveDeck` action for a level (of the Orient decks if `orient`)."""
    key = -level if orient else level
    a = _reserve_deck.get(key)
    if a is None:
        a = _reserve_deck[key] = _intern(ReserveDeck(level, orient))
    return a


def noble_action(noble_id: str) -> ChooseNoble:
    """The interned `ChooseNoble` action for a noble id."""
    a = _noble.get(noble_id)
    if a is None:
        a = _noble[noble_id] = _intern(ChooseNoble(noble_id))
    return a


def return_actions(held: tuple[int, ...] | list[int], excess: int) -> tuple[Return, ...]:
    """Every way to give back exactly `excess` tokens from `held` (6 counts), gold included."""
    return _return_actions(tuple(held), excess)


@lru_cache(maxsize=4096)
def _return_actions(held: tuple[int, ...], excess: int) -> tuple[Return, ...]:
    # Cached: the same holdings recur across turns and games, and listing them is costly.
    colors = [c for c in range(len(held)) if held[c]]
    out = []
    for combo in combinations_with_replacement(colors, excess):
        counts = [0] * len(held)
        for c in combo:
            counts[c] += 1
        if all(counts[c] <= held[c] for c in colors):
            key = tuple(counts)
            a = _returns.get(key)
            if a is None:
                a = _returns[key] = _intern(Return(key))
            out.append(a)
    return tuple(out)
