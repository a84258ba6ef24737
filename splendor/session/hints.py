"""Why a suggested move is good, as data a screen words in the player's language.

The expert chooses the move; `explain` finds the short reason a player would give for it
from the same view (never more): it buys the most points, it completes a noble, it blocks
the card an opponent could buy next turn, or it works towards a named card.
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor.engine import (
    Action,
    Buy,
    Card,
    ChooseNoble,
    GameData,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    View,
    bonus_shortfall,
    tokens_missing,
)
from splendor.engine.view import PlayerView

#: Reason codes, each with the fields it fills (`card`, `noble`, `seat`, `points`, `level`):
#: only_move; pass; buy_points (card, points); buy_noble (card, noble); buy_bonus (card);
#: block (card, seat); reserve_towards (card); reserve_deck (level); towards (card);
#: keep_towards (card); tokens; noble_choice (noble, points).
REASONS = ("only_move", "pass", "buy_points", "buy_noble", "buy_bonus", "block",
           "reserve_towards", "reserve_deck", "towards", "keep_towards", "tokens",
           "noble_choice")


@dataclass(frozen=True, slots=True)
class HintReason:
    code: str
    card: str | None = None
    noble: str | None = None
    seat: int | None = None
    points: int = 0
    level: int = 0


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action for `seat` and why."""

    seat: int
    action: Action
    reason: HintReason


def missing(player: PlayerView, card: Card, tokens: tuple[int, ...] | None = None) -> int:
    """Tokens `player` still lacks for `card` once their gold is spent (0: affordable)."""
    own = list(tokens if tokens is not None else player.tokens)
    return tokens_missing(own, list(player.bonuses), card)


def _visible_cards(view: View) -> list[Card]:
    market = [c for level in view.market for c in level if c is not None]
    mine = [c for c in view.me.reserved if isinstance(c, Card)]
    return market + mine


def _nobles_won(view: View, card: Card) -> list[str]:
    before = list(view.me.bonuses)
    after = list(before)
    after[card.bonus] += 1
    return [n.id for n in view.nobles
            if bonus_shortfall(after, n) == 0 and bonus_shortfall(before, n) > 0]


def _blocked_seat(view: View, card: Card) -> int | None:
    """An opponent who could buy `card` on their next turn, if any."""
    for other in view.players:
        if other.seat != view.seat and missing(other, card) == 0:
            return other.seat
    return None


def _towards(view: View, tokens: tuple[int, ...]) -> Card | None:
    """The card the new `tokens` bring closest: most missing tokens removed, then fewest
    left, then most points."""
    best: tuple[int, int, int] | None = None
    chosen = None
    for card in _visible_cards(view):
        before, after = missing(view.me, card), missing(view.me, card, tokens)
        if after >= before:
            continue
        key = (before - after, -after, card.points)
        if best is None or key > best:
            best, chosen = key, card
    return chosen


def _after_take(view: View, colors: tuple[int, ...], each: int) -> tuple[int, ...]:
    tokens = list(view.me.tokens)
    for c in colors:
        tokens[c] += each
    return tuple(tokens)


def explain(view: View, action: Action, data: GameData) -> Hint:
    """The suggestion `action` for the seat of `view`, with its reason."""
    return Hint(view.seat, action, _reason(view, action, data))


def _reason(view: View, action: Action, data: GameData) -> HintReason:
    if len(view.legal_actions) == 1 and not isinstance(action, Pass):
        return HintReason("only_move")
    if isinstance(action, Pass):
        return HintReason("pass")
    if isinstance(action, ChooseNoble):
        noble = data.noble_by_id[action.noble_id]
        return HintReason("noble_choice", noble=noble.id, points=noble.points)
    if isinstance(action, Buy):
        card = data.card_by_id[action.card_id]
        nobles = _nobles_won(view, card)
        if nobles:
            return HintReason("buy_noble", card=card.id, noble=nobles[0])
        if card.points:
            return HintReason("buy_points", card=card.id, points=card.points)
        return HintReason("buy_bonus", card=card.id)
    if isinstance(action, Reserve):
        card = data.card_by_id[action.card_id]
        seat = _blocked_seat(view, card)
        if seat is not None:
            return HintReason("block", card=card.id, seat=seat)
        return HintReason("reserve_towards", card=card.id, points=card.points)
    if isinstance(action, ReserveDeck):
        return HintReason("reserve_deck", level=action.level)
    if isinstance(action, Take | TakeTwo):
        colors = action.colors if isinstance(action, Take) else (action.color,)
        tokens = _after_take(view, colors, 1 if isinstance(action, Take) else 2)
        target = _towards(view, tokens)
        if target is None:
            return HintReason("tokens")
        return HintReason("towards", card=target.id, points=target.points)
    if isinstance(action, Return):
        kept = tuple(n - r for n, r in zip(view.me.tokens, action.tokens, strict=True))
        target = min(_visible_cards(view), default=None,
                     key=lambda c: (missing(view.me, c, kept), -c.points))
        if target is None:
            return HintReason("tokens")
        return HintReason("keep_towards", card=target.id, points=target.points)
    return HintReason("tokens")
