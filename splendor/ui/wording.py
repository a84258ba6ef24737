"""Moves and refusals in the player's language, for the game log and the table.

Every sentence comes from the catalogs (`log.*`, `reason.*`, `hint.*`, `common.*`); this module only
chooses the entry and fills its placeholders.
"""

from __future__ import annotations

from splendor.engine import (
    COLOR_NAMES,
    Action,
    Buy,
    ChooseNoble,
    GameData,
    Pass,
    Refusal,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
)
from splendor.i18n import tr
from splendor.session.hints import Hint
from splendor.session.log import LogEntry


def color_name(color: int) -> str:
    """A colour's name in the language in use."""
    return tr(f"common.color.{COLOR_NAMES[color]}")


def join(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the language in use."""
    if len(items) <= 1:
        return "".join(items)
    return tr("common.list_and", rest=tr("common.list_comma").join(items[:-1]), last=items[-1])


def tokens_text(counts: tuple[int, ...]) -> str:
    """'2 red and white' style list of a token count per colour."""
    return join([tr("log.color_count", count=n, color=color_name(c))
                 for c, n in enumerate(counts) if n])


def card_text(data: GameData, card_id: str) -> str:
    """A card as a player sees it: level, bonus colour and points."""
    card = data.card_by_id.get(card_id)
    if card is None:
        return tr("log.a_card")
    if card.points:
        return tr("log.card_points", count=card.points, level=card.level,
                  color=color_name(card.bonus))
    return tr("log.card", level=card.level, color=color_name(card.bonus))


def describe(name: str, action: Action, data: GameData) -> str:
    """'Ada takes white, blue and green', 'Bob buys a level 2 blue card (2 points)', ..."""
    if isinstance(action, Take):
        return tr("log.take", name=name, colors=join([color_name(c) for c in action.colors]))
    if isinstance(action, TakeTwo):
        return tr("log.take_two", name=name, color=color_name(action.color))
    if isinstance(action, Reserve):
        return tr("log.reserve", name=name, card=card_text(data, action.card_id))
    if isinstance(action, ReserveDeck):
        return tr("log.reserve_deck", name=name, level=action.level)
    if isinstance(action, Buy):
        return tr("log.buy", name=name, card=card_text(data, action.card_id))
    if isinstance(action, Return):
        return tr("log.return", name=name, tokens=tokens_text(action.tokens))
    if isinstance(action, ChooseNoble):
        noble = data.noble_by_id.get(action.noble_id)
        return tr("log.noble", name=name, count=noble.points if noble else 3)
    assert isinstance(action, Pass)
    return tr("log.pass", name=name)


def describe_entry(name: str, entry: LogEntry, data: GameData) -> list[str]:
    """The log's lines for one applied action: the move, then each noble's visit it
    brought (a single qualifying noble visits without an action of its own)."""
    lines = [describe(name, entry.action, data)]
    if not isinstance(entry.action, ChooseNoble):
        for noble_id in entry.nobles:
            noble = data.noble_by_id.get(noble_id)
            lines.append(tr("log.noble", name=name, count=noble.points if noble else 3))
    return lines


def log_line(round_number: int, text: str) -> str:
    """One line of the game log: the round and what happened."""
    return tr("log.line", round=round_number, text=text)


def refusal_text(reason: str) -> str:
    """A refusal in the player's language (the engine's Refusal, or a catalog key's text)."""
    if isinstance(reason, Refusal):
        params = dict(reason.params)
        count = params.pop("count", None)
        if "color" in params:
            params["color"] = color_name(int(params["color"]))
        return tr(f"reason.{reason.code}", int(count) if count is not None else None, **params)
    return reason


def hint_move(action: Action, data: GameData) -> str:
    """A suggested move as advice to the player: 'Take white, blue and green'."""
    if isinstance(action, Take):
        return tr("hint.move.take", colors=join([color_name(c) for c in action.colors]))
    if isinstance(action, TakeTwo):
        return tr("hint.move.take_two", color=color_name(action.color))
    if isinstance(action, Reserve):
        return tr("hint.move.reserve", card=card_text(data, action.card_id))
    if isinstance(action, ReserveDeck):
        return tr("hint.move.reserve_deck", level=action.level)
    if isinstance(action, Buy):
        return tr("hint.move.buy", card=card_text(data, action.card_id))
    if isinstance(action, Return):
        return tr("hint.move.return", tokens=tokens_text(action.tokens))
    if isinstance(action, ChooseNoble):
        noble = data.noble_by_id.get(action.noble_id)
        return tr("hint.move.noble", noble.points if noble else 3)
    return tr("hint.move.pass")


def hint_text(hint: Hint, names: tuple[str, ...], data: GameData) -> str:
    """The suggestion and its reason in one sentence, in the language in use."""
    reason = hint.reason
    key = f"hint.why.{reason.code}"
    if reason.code == "block":
        why = tr(key, name=names[reason.seat] if reason.seat is not None else "")
    elif reason.code in ("towards", "keep_towards"):
        why = tr(key, card=card_text(data, reason.card or ""))
    else:
        why = tr(key)
    return tr("hint.sentence", move=hint_move(hint.action, data), why=why)
