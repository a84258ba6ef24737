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

`parse_action(a.text()) == a` for every action; `text()` is canonical (colours in the
order white, blue, green, red, black, gold). Records and logs store this text, so it is
kept stable.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any, ClassVar, Final, TypeVar

from splendor.engine.colors import COLOR_NAMES, GEMS, GOLD, TOKENS, color_index, counts_text
from splendor.engine.errors import ActionParseError

#: What a card or noble id looks like in an action: one word of capitals, digits, '-' and
#: '_' (the parser upper-cases ids, so only such ids survive a round trip through text).
ID_PATTERN: Final = re.compile(r"[A-Z0-9][A-Z0-9_-]*")
#: The parser reads 'reserve deck N' for a deck: no card may be called that.
_RESERVED_WORDS: Final = frozenset({"DECK"})


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


@dataclass(frozen=True, slots=True)
class Take:
    """Take one token of each of these different gem colours."""

    colors: tuple[int, ...]
    kind: ClassVar[str] = "take"

    def __post_init__(self) -> None:
        object.__setattr__(self, "colors", _check_take(self.colors))

    def text(self) -> str:
        return "take " + " ".join(COLOR_NAMES[c] for c in self.colors)


@dataclass(frozen=True, slots=True)
class TakeTwo:
    """Take two tokens of one gem colour."""

    color: int
    kind: ClassVar[str] = "take2"

    def __post_init__(self) -> None:
        _gem(self.color, "the take-two colour")

    def text(self) -> str:
        return f"take2 {COLOR_NAMES[self.color]}"


@dataclass(frozen=True, slots=True)
class Reserve:
    """Reserve a face-up market card (and take a gold token if the bank has one)."""

    card_id: str
    kind: ClassVar[str] = "reserve"

    def __post_init__(self) -> None:
        _check_reserve(self.card_id)

    def text(self) -> str:
        return f"reserve {self.card_id}"


@dataclass(frozen=True, slots=True)
class ReserveDeck:
    """Reserve the top card of a level's deck, blind (and take a gold token if any)."""

    level: int
    kind: ClassVar[str] = "reserve_deck"

    def __post_init__(self) -> None:
        _check_level(self.level)

    def text(self) -> str:
        return f"reserve deck {self.level}"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a market card or one of one's reserved cards.

    `payment` is None for the default payment (coloured tokens first, gold for the rest),
    or an exact 6-tuple of tokens by colour, gold last, which the engine checks.
    """

    card_id: str
    payment: tuple[int, ...] | None = None
    kind: ClassVar[str] = "buy"

    def __post_init__(self) -> None:
        _ident(self.card_id, "the card id")
        _check_payment(self.payment)

    def text(self) -> str:
        if self.payment is None:
            return f"buy {self.card_id}"
        return f"buy {self.card_id} pay {counts_text(self.payment) or 'nothing'}"


@dataclass(frozen=True, slots=True)
class Return:
    """Give back tokens (6-tuple by colour) to come down to the token limit."""

    tokens: tuple[int, ...]
    kind: ClassVar[str] = "return"

    def __post_init__(self) -> None:
        _check_return(self.tokens)

    def text(self) -> str:
        return f"return {counts_text(self.tokens) or 'nothing'}"


@dataclass(frozen=True, slots=True)
class ChooseNoble:
    """Choose which of several qualifying nobles visits this turn."""

    noble_id: str
    kind: ClassVar[str] = "noble"

    def __post_init__(self) -> None:
        _ident(self.noble_id, "the noble id")

    def text(self) -> str:
        return f"noble {self.noble_id}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: allowed only when no other action is legal."""

    kind: ClassVar[str] = "pass"

    def text(self) -> str:
        return "pass"


Action = Take | TakeTwo | Reserve | ReserveDeck | Buy | Return | ChooseNoble | Pass
_A = TypeVar("_A", Take, TakeTwo, Reserve, ReserveDeck, Buy, Return, ChooseNoble, Pass)

#: For each action type, the checks of its fields (the same as on construction).
_FIELD_CHECKS: Final[dict[type, Callable[[Any], object]]] = {
    Take: lambda a: _check_take(a.colors),
    TakeTwo: lambda a: _gem(a.color, "the take-two colour"),
    Reserve: lambda a: _check_reserve(a.card_id),
    ReserveDeck: lambda a: _check_level(a.level),
    Buy: lambda a: (_ident(a.card_id, "the card id"), _check_payment(a.payment)),
    Return: lambda a: _check_return(a.tokens),
    ChooseNoble: lambda a: _ident(a.noble_id, "the noble id"),
    Pass: lambda a: None,
}


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


# Interned instances: legal_actions() hands these out instead of building new objects.
PASS: Final = _intern(Pass())
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


def reserve_deck_action(level: int) -> ReserveDeck:
    """The interned `ReserveDeck` action for a level."""
    a = _reserve_deck.get(level)
    if a is None:
        a = _reserve_deck[level] = _intern(ReserveDeck(level))
    return a


def noble_action(noble_id: str) -> ChooseNoble:
    """The interned `ChooseNoble` action for a noble id."""
    a = _noble.get(noble_id)
    if a is None:
        a = _noble[noble_id] = _intern(ChooseNoble(noble_id))
    return a


def return_actions(held: tuple[int, ...] | list[int], excess: int) -> list[Return]:
    """Every way to give back exactly `excess` tokens from `held` (6 counts), gold included."""
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
    return out


def _parse_counts(words: list[str], text: str) -> tuple[int, ...]:
    counts = [0] * 6
    for w in words:
        try:
            counts[color_index(w)] += 1
        except ValueError as exc:
            raise ActionParseError(f"{text!r}: {exc}") from None
    return tuple(counts)


def _parse_gems(words: list[str], text: str) -> list[int]:
    colors = []
    for w in words:
        try:
            c = color_index(w)
        except ValueError as exc:
            raise ActionParseError(f"{text!r}: {exc}") from None
        if c == GOLD:
            raise ActionParseError(f"{text!r}: gold can only be gained by reserving")
        colors.append(c)
    return colors


def parse_action(text: str) -> Action:
    """Parse the text form of an action (see the module docstring); raise ActionParseError."""
    try:
        return _parse(text)
    except ActionParseError:
        raise
    except (TypeError, ValueError) as exc:  # the action refused a field, e.g. 'reserve deck 0'
        raise ActionParseError(f"{text!r}: {exc}") from None


def _parse(text: str) -> Action:
    words = text.strip().lower().split()
    if not words:
        raise ActionParseError("empty action")
    verb, args = words[0], words[1:]
    if verb == "take":
        colors = _parse_gems(args, text)
        if not 1 <= len(colors) <= 3 or len(set(colors)) != len(colors):
            raise ActionParseError(f"{text!r}: 'take' needs one to three different colours")
        return Take(tuple(colors))
    if verb == "take2":
        if len(args) != 1:
            raise ActionParseError(f"{text!r}: 'take2' needs exactly one colour")
        return TAKE2[_parse_gems(args, text)[0]]
    if verb == "reserve":
        if len(args) == 2 and args[0] == "deck":
            if not args[1].isdigit():
                raise ActionParseError(f"{text!r}: deck level must be a number")
            return reserve_deck_action(int(args[1]))
        if args == ["deck"]:
            raise ActionParseError(f"{text!r}: 'reserve deck' needs a level, e.g. 'reserve deck 2'")
        if len(args) != 1:
            raise ActionParseError(f"{text!r}: use 'reserve CARD' or 'reserve deck LEVEL'")
        return reserve_action(args[0].upper())
    if verb == "buy":
        if len(args) == 1:
            return buy_action(args[0].upper())
        if len(args) >= 2 and args[1] == "pay":
            if args[2:] == ["nothing"]:
                return Buy(args[0].upper(), (0,) * 6)
            if not args[2:]:
                raise ActionParseError(f"{text!r}: 'pay' needs tokens, or 'nothing'")
            return Buy(args[0].upper(), _parse_counts(args[2:], text))
        raise ActionParseError(f"{text!r}: use 'buy CARD' or 'buy CARD pay TOKENS'")
    if verb == "return":
        if not args:
            raise ActionParseError(f"{text!r}: 'return' needs the tokens to give back")
        if args == ["nothing"]:
            return Return((0,) * 6)
        return Return(_parse_counts(args, text))
    if verb == "noble":
        if len(args) != 1:
            raise ActionParseError(f"{text!r}: use 'noble ID'")
        return noble_action(args[0].upper())
    if verb == "pass":
        if args:
            raise ActionParseError(f"{text!r}: 'pass' takes nothing after it")
        return PASS
    raise ActionParseError(
        f"{text!r}: unknown action {verb!r} (expected take, take2, reserve, buy, return, "
        "noble or pass)"
    )
