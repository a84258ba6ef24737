"""Reading an action from its text form (`parse_action`): the inverse of each action's
`text()` (see actions.py, whose docstring lists the forms)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from splendor.engine.actions import (
    DECLINE,
    PASS,
    TAKE2,
    Action,
    Buy,
    ChooseCity,
    ChoosePost,
    Conquer,
    Pair,
    ReserveNoble,
    Return,
    Stronghold,
    Take,
    TakeFree,
    TakeGem,
    buy_action,
    noble_action,
    reserve_action,
    reserve_deck_action,
)
from splendor.engine.colors import GOLD, color_index
from splendor.engine.errors import ActionParseError


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
        if len(args) == 2 and args[0] in ("deck", "orient"):
            if not args[1].isdigit():
                raise ActionParseError(f"{text!r}: deck level must be a number")
            return reserve_deck_action(int(args[1]), args[0] == "orient")
        if len(args) == 2 and args[0] == "noble":
            return ReserveNoble(args[1].upper())
        if args in (["deck"], ["orient"]):
            raise ActionParseError(
                f"{text!r}: 'reserve {args[0]}' needs a level, e.g. 'reserve {args[0]} 2'")
        if args == ["noble"]:
            raise ActionParseError(f"{text!r}: 'reserve noble' needs a noble, e.g. "
                                   "'reserve noble N04'")
        if len(args) != 1:
            raise ActionParseError(f"{text!r}: use 'reserve CARD' or 'reserve deck LEVEL'")
        return reserve_action(args[0].upper())
    if verb == "buy":
        return _parse_buy(args, text)
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
    if verb in ("pass", "decline"):
        if args:
            raise ActionParseError(f"{text!r}: '{verb}' takes nothing after it")
        return PASS if verb == "pass" else DECLINE
    parse = _MODULE_VERBS.get(verb)
    if parse is not None:
        return parse(args, text)
    raise ActionParseError(
        f"{text!r}: unknown action {verb!r} (expected take, take2, reserve, buy, return, "
        "noble, pass, city, post, gem, pair, free, hold, conquer or decline)"
    )


def _parse_payment(args: list[str], text: str) -> tuple[int, ...]:
    if args == ["nothing"]:
        return (0,) * 6
    if not args:
        raise ActionParseError(f"{text!r}: 'pay' needs tokens, or 'nothing'")
    return _parse_counts(args, text)


def _parse_buy(args: list[str], text: str) -> Buy:
    if not args:
        raise ActionParseError(f"{text!r}: use 'buy CARD' or 'buy CARD pay TOKENS'")
    card, rest = args[0].upper(), args[1:]
    if not rest:
        return buy_action(card)
    doubles = 0
    discard: list[str] = []
    payment = None
    if rest[0] == "doubles":
        if len(rest) < 2 or not rest[1].isdigit():
            raise ActionParseError(f"{text!r}: 'doubles' needs a number")
        doubles, rest = int(rest[1]), rest[2:]
    if rest and rest[0] == "discard":
        end = rest.index("pay") if "pay" in rest else len(rest)
        discard, rest = [w.upper() for w in rest[1:end]], rest[end:]
        if not discard:
            raise ActionParseError(f"{text!r}: 'discard' needs card ids")
    if rest and rest[0] == "pay":
        payment, rest = _parse_payment(rest[1:], text), []
    if rest:
        raise ActionParseError(
            f"{text!r}: use 'buy CARD' or 'buy CARD pay TOKENS' (in the Orient also "
            "'buy CARD doubles N ...' and 'buy CARD discard CARDS')")
    return Buy(card, payment, doubles, tuple(sorted(discard)))


def _one_word(args: list[str], text: str, verb: str, what: str) -> str:
    if len(args) != 1:
        raise ActionParseError(f"{text!r}: use '{verb} {what}'")
    return args[0]


def _parse_hold(args: list[str], text: str) -> Stronghold:
    if len(args) == 2 and args[0] in ("place", "remove"):
        return Stronghold(args[0], args[1].upper())
    if len(args) == 3 and args[0] == "move":
        return Stronghold("move", args[2].upper(), args[1].upper())
    raise ActionParseError(
        f"{text!r}: use 'hold place CARD', 'hold move FROM TO' or 'hold remove CARD'")


def _parse_conquer(args: list[str], text: str) -> Conquer:
    if len(args) == 1:
        return Conquer(args[0].upper())
    if len(args) >= 2 and args[1] == "pay":
        return Conquer(args[0].upper(), _parse_payment(args[2:], text))
    raise ActionParseError(f"{text!r}: use 'conquer CARD' or 'conquer CARD pay TOKENS'")


def _parse_post(args: list[str], text: str) -> ChoosePost:
    word = _one_word(args, text, "post", "NUMBER")
    if not word.isdigit():
        raise ActionParseError(f"{text!r}: a trading post is a number, e.g. 'post 3'")
    return ChoosePost(int(word))


_MODULE_VERBS: Final[dict[str, Callable[[list[str], str], Action]]] = {
    "city": lambda a, t: ChooseCity(_one_word(a, t, "city", "CITY").upper()),
    "post": _parse_post,
    "gem": lambda a, t: TakeGem(_parse_gems([_one_word(a, t, "gem", "COLOUR")], t)[0]),
    "pair": lambda a, t: Pair(_one_word(a, t, "pair", "CARD").upper()),
    "free": lambda a, t: TakeFree(_one_word(a, t, "free", "CARD").upper()),
    "hold": _parse_hold,
    "conquer": _parse_conquer,
}
