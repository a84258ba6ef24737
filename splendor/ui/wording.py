"""Moves and refusals in the player's language, for the game log and the table.

Every sentence comes from the catalogs (`log.*`, `reason.*`, `hint.*`, `common.*`); this module only
chooses the entry and fills its placeholders.
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor.engine import (
    COLOR_NAMES,
    Action,
    Buy,
    Card,
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
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    Decline,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.engine.components import ABILITIES, TradingPost
from splendor.engine.modules import module_ids
from splendor.i18n import has, tr
from splendor.i18n import said as said  # re-exported: the screens word with it here
from splendor.i18n import you_key as you_key
from splendor.session.hints import Hint, HintReason
from splendor.session.log import LogEntry


def color_name(color: int) -> str:
    """A colour's name in the language in use (a gem or gold; never a missing colour)."""
    if not 0 <= color < len(COLOR_NAMES):
        raise ValueError(f"no colour {color}: a card without a colour has no colour name")
    return tr(f"common.color.{COLOR_NAMES[color]}")


def join(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the language in use."""
    if len(items) <= 1:
        return "".join(items)
    return tr("common.list_and", rest=tr("common.list_comma").join(items[:-1]), last=items[-1])


def subject(seat: int, names: Sequence[str], you: int | None) -> str | None:
    """Who a sentence about `seat` names: None (said to them) for `you`, the person at the
    screen, else the seat's name."""
    return None if seat == you else names[seat]


def tokens_text(counts: tuple[int, ...]) -> str:
    """'2 red and white' style list of a token count per colour."""
    return join([tr("log.color_count", count=n, color=color_name(c))
                 for c, n in enumerate(counts) if n])


def card_text(data: GameData, card_id: str) -> str:
    """A card as a player sees it: level, bonus colour and points. An Orient card says so;
    one without a colour of its own is named by what it is (a double gold), or as an
    Orient card of its level."""
    card = data.card_by_id.get(card_id)
    if card is None:
        return tr("log.a_card")
    if card.ability == "gold_x2":
        return tr("log.card_double_gold")
    if card.orient and not 0 <= card.bonus < len(COLOR_NAMES):
        if card.points:
            return tr("log.card_orient_plain_points", count=card.points, level=card.level)
        return tr("log.card_orient_plain", level=card.level)
    prefix = "log.card_orient" if card.orient else "log.card"
    if card.points:
        return tr(f"{prefix}_points", count=card.points, level=card.level,
                  color=color_name(card.bonus))
    return tr(prefix, level=card.level, color=color_name(card.bonus))


def module_name(module: str | None) -> str:
    """A Cities of Splendor module's name ('The Orient'; None: the base game alone)."""
    if module in module_ids():
        return tr(f"modules.{module.replace('-', '_')}.name")
    return tr("modules.none.name")


def module_about(module: str | None) -> str:
    """One line saying what a module changes (None: the base game alone)."""
    if module in module_ids():
        return tr(f"modules.{module.replace('-', '_')}.about")
    return tr("modules.none.about")


def post_power_text(power: str) -> str:
    """A trading post's power in a few words, for the table ('+1 gem after a purchase')."""
    return tr(f"table.module.power.{power}")


def post_text(post: TradingPost) -> str:
    """What claims a trading post and what it gives, for the post shown large."""
    key = "pieces.post.line_noble" if post.requires_noble else "pieces.post.line"
    return tr(key, needs=needs_text(post.requires), power=post_power_text(post.power))


def ability_text(card: Card) -> str:
    """What an Orient card's ability does, in one sentence, for the table's hover ('' for
    a card without one)."""
    ability = card.ability
    if ability is None:
        return ""
    if ability not in ABILITIES:
        raise ValueError(f"unknown ability {ability!r}")
    if ability == "sacrifice" and card.discard_colour is not None:
        return tr("table.module.ability.sacrifice", count=card.discard_count,
                  color=color_name(card.discard_colour))
    return tr(f"table.module.ability.{ability}")


#: The module decision steps (Phase values) the table's status line names.
STEP_STATUS = ("gem", "pair", "free", "keep_noble", "stronghold", "conquest", "post", "city")


def step_status(step: str, name: str | None) -> str:
    """The table's status while `name` decides a module step ('Ada chooses a city'; None:
    the person at the screen, 'You choose a city')."""
    if step not in STEP_STATUS:
        raise ValueError(f"unknown module step {step!r}")
    return said(f"table.module.status.{step}", name)


def describe(name: str | None, action: Action, data: GameData) -> str:
    """'Ada takes white, blue and green', 'Bob buys a level 2 blue card (2 points)', ...;
    `name` None: said to the person at the screen ('You take ...')."""
    if isinstance(action, Take):
        return said("log.take", name, colors=join([color_name(c) for c in action.colors]))
    if isinstance(action, TakeTwo):
        return said("log.take_two", name, color=color_name(action.color))
    if isinstance(action, Reserve):
        return said("log.reserve", name, card=card_text(data, action.card_id))
    if isinstance(action, ReserveDeck):
        key = "log.reserve_orient" if action.orient else "log.reserve_deck"
        return said(key, name, level=action.level)
    if isinstance(action, Buy):
        card = card_text(data, action.card_id)
        if action.discard:
            return said("log.buy_discard", name, len(action.discard), card=card)
        if action.doubles:
            return said("log.buy_doubles", name, action.doubles, card=card)
        return said("log.buy", name, card=card)
    if isinstance(action, Return):
        return said("log.return", name, tokens=tokens_text(action.tokens))
    if isinstance(action, ChooseNoble):
        noble = data.noble_by_id.get(action.noble_id)
        return said("log.noble", name, noble.points if noble else 3)
    if isinstance(action, Pass):
        return said("log.pass", name)
    return _describe_module(name, action, data)


def _describe_module(name: str | None, action: Action, data: GameData) -> str:
    """A Cities of Splendor action or decision step in words."""
    if isinstance(action, ChooseCity):
        return said("log.city", name, points=_city_points(data, action.city_id))
    if isinstance(action, ChoosePost):
        return said("log.post", name, post=action.post)
    if isinstance(action, TakeGem):
        return said("log.gem", name, color=color_name(action.color))
    if isinstance(action, Pair):
        return said("log.pair", name, card=card_text(data, action.card_id))
    if isinstance(action, TakeFree):
        return said("log.free", name, card=card_text(data, action.card_id))
    if isinstance(action, ReserveNoble):
        return said("log.keep_noble", name)
    if isinstance(action, Stronghold):
        card = card_text(data, action.card_id)
        if action.how == "move":
            return said("log.hold_move", name, card=card,
                        source=card_text(data, action.source or ""))
        return said(f"log.hold_{action.how}", name, card=card)
    if isinstance(action, Conquer):
        return said("log.conquer", name, card=card_text(data, action.card_id))
    assert isinstance(action, Decline)
    return said("log.decline", name)


def needs_text(requires: Sequence[int]) -> str:
    """Bonuses asked for, by colour: 'white ×4, blue ×4'."""
    return ", ".join(f"{color_name(c)} ×{n}" for c, n in enumerate(requires) if n)


def _noble_needs(data: GameData, noble_id: str) -> str:
    """A noble told apart by what it asks, 'white ×4, blue ×4' (every noble is worth 3,
    so its points tell none apart)."""
    noble = data.noble_by_id.get(noble_id)
    if noble is None:
        return noble_id
    return needs_text(noble.requires)


def _city_points(data: GameData, city_id: str) -> int:
    city = data.city_by_id.get(city_id)
    return city.points if city is not None else 0


def describe_entry(name: str, entry: LogEntry, data: GameData,
                   names: Sequence[str] = (), you: int | None = None) -> list[str]:
    """The log's lines for one applied action: the move, then what it brought without a
    decision of its own: each noble's visit (a single qualifying noble visits without an
    action), the trading posts claimed and the city taken. With the seats' `names`, a
    stronghold sent back names its owner. Said to the person at the screen when the
    entry is theirs (`you`, their seat: 'You take ...'), of `name` otherwise."""
    action = entry.action
    who = None if entry.seat == you else name
    if isinstance(action, Stronghold) and entry.owner is not None \
            and entry.owner < len(names):
        card = card_text(data, action.card_id)
        if entry.owner == you:
            lines = [tr("log.hold_remove_yours", name=name, card=card)]
        else:
            lines = [said("log.hold_remove_owned", who, owner=names[entry.owner], card=card)]
    else:
        lines = [describe(who, action, data)]
    if not isinstance(action, ChooseNoble):
        for noble_id in entry.nobles:
            noble = data.noble_by_id.get(noble_id)
            lines.append(said("log.noble", who, noble.points if noble else 3))
    for post in entry.posts:
        if not (isinstance(action, ChoosePost) and action.post == post):
            lines.append(said("log.post", who, post=post))
    if entry.city is not None and not (
            isinstance(action, ChooseCity) and action.city_id == entry.city):
        lines.append(said("log.city", who, points=_city_points(data, entry.city)))
    return lines


def log_line(round_number: int, text: str) -> str:
    """One line of the game log: the round and what happened."""
    return tr("log.line", round=round_number, text=text)


def refusal_text(reason: str, names: Sequence[str] = ()) -> str:
    """A refusal in the player's language (the engine's Refusal, or a catalog key's text).
    A refusal naming a seat (whose stronghold holds a card) names its player when the
    seats' `names` are given: `reason.<code>_by`."""
    if isinstance(reason, Refusal):
        params = dict(reason.params)
        count = params.pop("count", None)
        if "color" in params:
            params["color"] = color_name(int(params["color"]))
        code = reason.code
        seat = params.pop("seat", None)
        if seat is not None and 0 <= int(seat) < len(names):
            code, params["name"] = f"{code}_by", names[int(seat)]
        return tr(f"reason.{code}", int(count) if count is not None else None, **params)
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
        key = "hint.move.reserve_orient" if action.orient else "hint.move.reserve_deck"
        return tr(key, level=action.level)
    if isinstance(action, Buy):
        card = card_text(data, action.card_id)
        if action.discard:
            return tr("hint.move.buy_discard", count=len(action.discard), card=card)
        if action.doubles:
            return tr("hint.move.buy_doubles", count=action.doubles, card=card)
        return tr("hint.move.buy", card=card)
    if isinstance(action, Return):
        return tr("hint.move.return", tokens=tokens_text(action.tokens))
    if isinstance(action, ChooseNoble):
        return tr("hint.move.noble", needs=_noble_needs(data, action.noble_id))
    if isinstance(action, Pass):
        return tr("hint.move.pass")
    return _hint_module_move(action, data)


def _hint_module_move(action: Action, data: GameData) -> str:
    if isinstance(action, ChooseCity):
        return tr("hint.move.city", points=_city_points(data, action.city_id))
    if isinstance(action, ChoosePost):
        return tr("hint.move.post", post=action.post)
    if isinstance(action, TakeGem):
        return tr("hint.move.gem", color=color_name(action.color))
    if isinstance(action, Pair):
        return tr("hint.move.pair", card=card_text(data, action.card_id))
    if isinstance(action, TakeFree):
        return tr("hint.move.free", card=card_text(data, action.card_id))
    if isinstance(action, ReserveNoble):
        return tr("hint.move.keep_noble", needs=_noble_needs(data, action.noble_id))
    if isinstance(action, Stronghold):
        card = card_text(data, action.card_id)
        if action.how == "move":
            return tr("hint.move.hold_move", card=card,
                      source=card_text(data, action.source or ""))
        return tr(f"hint.move.hold_{action.how}", card=card)
    if isinstance(action, Conquer):
        return tr("hint.move.conquer", card=card_text(data, action.card_id))
    assert isinstance(action, Decline)
    return tr("hint.move.decline")


#: Reasons whose sentence has plural forms, chosen by `HintReason.count`.
_COUNTED_REASONS = frozenset({"double_gold", "sacrifice"})


def hint_why(reason: HintReason, names: tuple[str, ...], data: GameData,
             player: str | None = None, you: int | None = None) -> str:
    """The reason of a hint in words ('it works towards a level 2 blue card.'), said to
    the player who moves; with `player` (a name), said of that player instead, as the
    review words another seat's move ('Ada keeps it for later and takes a gold token.':
    `hint.why_other.*` where the words differ, `hint.why.*` where they do not). An
    opponent the reason names who is `you`, the person at the screen, is spoken to
    ('you could buy it on your next turn.')."""
    params: dict[str, object] = {"points": reason.points, "level": reason.level}
    if reason.seat is not None and 0 <= reason.seat < len(names):
        params["name"] = names[reason.seat]
    else:
        params["name"] = ""
    if reason.card is not None:
        params["card"] = card_text(data, reason.card)
    if reason.color is not None and 0 <= reason.color < len(COLOR_NAMES):
        params["color"] = color_name(reason.color)
    if player is not None:
        params["player"] = player
    if reason.post is not None:
        params["post"] = reason.post
        power = next((p.power for p in data.posts if p.id == reason.post), None)
        params["power"] = "" if power is None else tr(_said_of(f"hint.power.{power}", player))
    count = reason.count if reason.code in _COUNTED_REASONS else None
    key = _said_of(f"hint.why.{reason.code}", player)
    if reason.seat is not None and reason.seat == you and has(you_key(key)):
        key = you_key(key)
    return tr(key, count, **params)


def _said_of(key: str, player: str | None) -> str:
    """`key` ('hint.why.x'), or its third-person twin ('hint.why_other.x') when the words
    are said of `player` and the twin exists."""
    if player is None:
        return key
    section, _, code = key.rpartition(".")
    other = f"{section}_other.{code}"
    return other if has(other) else key


def hint_text(hint: Hint, names: tuple[str, ...], data: GameData) -> str:
    """The suggestion and its reason in one sentence, in the language in use."""
    return tr("hint.sentence", move=hint_move(hint.action, data),
              why=hint_why(hint.reason, names, data))
