"""Why a suggested move is good, as data a screen words in the player's language.

The expert chooses the move; `explain` finds the short reason a player would give for it
from the same view (never more): it buys the most points, it completes a noble, it blocks
the card an opponent could buy next turn, or it works towards a named card. With a Cities
of Splendor module: a city or a trading post within reach, an Orient card's ability, a
double gold, a stronghold that keeps a card from an opponent.
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
    state_class,
    tokens_missing,
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
from splendor.engine.module_rules import city_shortfall, post_met
from splendor.engine.view import PlayerView

#: Reason codes, each with the fields it fills (`card`, `noble`, `seat`, `points`, `level`,
#: `color`, `post`, `city`, `count`):
#: only_move; pass; buy_points (card, points); buy_noble (card, noble); buy_bonus (card);
#: block (card, seat); reserve_towards (card); reserve_deck (level); towards (card);
#: keep_towards (card); tokens; noble_choice (noble, points).
#: Cities of Splendor: buy_city (card, city, points: the city's prestige); city_choice
#: (city, points); buy_post (card, post); post_choice (post); buy_double_gold (card);
#: double_gold (card, count: double golds spent); sacrifice (card, points, count: cards
#: given up); buy_pair (card); buy_double_bonus (card, color); buy_keep_noble (card);
#: buy_free (card, level: of the free card); pair (card: the partner, color); free_points
#: (card, points); free_bonus (card); keep_noble (noble); free_token; hold_block (card,
#: seat); hold_conquest (card); hold_claim (card); hold_remove (card, seat: the owner);
#: decline.
REASONS = ("only_move", "pass", "buy_points", "buy_noble", "buy_bonus", "block",
           "reserve_towards", "reserve_deck", "towards", "keep_towards", "tokens",
           "noble_choice",
           "buy_city", "city_choice", "buy_post", "post_choice", "buy_double_gold",
           "double_gold", "sacrifice", "buy_pair", "buy_double_bonus", "buy_keep_noble",
           "buy_free", "pair", "free_points", "free_bonus", "keep_noble", "free_token",
           "hold_block", "hold_conquest", "hold_claim", "hold_remove", "decline")


@dataclass(frozen=True, slots=True)
class HintReason:
    code: str
    card: str | None = None
    noble: str | None = None
    seat: int | None = None
    points: int = 0
    level: int = 0
    color: int | None = None
    post: int | None = None
    city: str | None = None
    count: int = 0


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
    market = [c for level in (*view.market, *view.orient_market) for c in level
              if c is not None]
    mine = [c for c in view.me.reserved if isinstance(c, Card)]
    return market + mine


def _bonuses_after(bonuses: tuple[int, ...], color: int, count: int = 1) -> list[int]:
    """`bonuses` with `count` more of `color` (none for a card without a colour)."""
    after = list(bonuses)
    if 0 <= color < len(after):
        after[color] += count
    return after


def _nobles_won(view: View, card: Card) -> list[str]:
    return _nobles_won_by(view, _bonuses_after(view.me.bonuses, card.bonus, card.bonus_count))


def _nobles_won_by(view: View, after: list[int]) -> list[str]:
    """The nobles (on the table or kept aside for this seat) `after` bonuses would bring."""
    before = list(view.me.bonuses)
    return [n.id for n in (*view.nobles, *view.me.kept_nobles)
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
        return _buy_reason(view, data.card_by_id[action.card_id], data, action)
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
    return _step_reason(view, action, data)


def _buy_reason(view: View, card: Card, data: GameData, action: Buy | None = None
                ) -> HintReason:
    """Why buying `card` (or conquering it, or taking it for free) is good: a city, a
    noble, a trading post it brings, then its ability, its points, its bonus."""
    me = view.me
    after = _bonuses_after(me.bonuses, card.bonus, card.bonus_count)
    nobles = _nobles_won(view, card)
    if me.city is None:  # the cities on the table (none without the Cities)
        points = me.points + card.points + sum(
            data.noble_by_id[n].points for n in nobles[:1])
        for city in view.cities:
            if city_shortfall(city, points, after) == 0 \
                    and city_shortfall(city, me.points, me.bonuses) > 0:
                return HintReason("buy_city", card=card.id, city=city.id, points=city.points)
    if nobles:
        return HintReason("buy_noble", card=card.id, noble=nobles[0])
    if state_class(view.module).has_posts:
        held = len(me.nobles)
        for post in data.posts:
            if post.id not in me.posts and post_met(post, after, held + bool(nobles)) \
                    and not post_met(post, me.bonuses, held):
                return HintReason("buy_post", card=card.id, post=post.id)
    if action is not None and action.discard:
        return HintReason("sacrifice", card=card.id, points=card.points,
                          count=len(action.discard))
    ability = card.ability
    if ability == "gold_x2":
        return HintReason("buy_double_gold", card=card.id)
    if ability in ("take_level2", "pair_and_take_level1"):
        return HintReason("buy_free", card=card.id, level=2 if ability == "take_level2" else 1)
    if ability == "reserve_noble":
        return HintReason("buy_keep_noble", card=card.id)
    if card.points:
        return HintReason("buy_points", card=card.id, points=card.points)
    if action is not None and action.doubles:
        return HintReason("double_gold", card=card.id, count=action.doubles)
    if ability == "double_bonus":
        return HintReason("buy_double_bonus", card=card.id, color=card.bonus)
    if ability == "pair":
        return HintReason("buy_pair", card=card.id)
    return HintReason("buy_bonus", card=card.id)


def _step_reason(view: View, action: Action, data: GameData) -> HintReason:
    """Why a module's action or decision step is good."""
    if isinstance(action, Conquer):
        return _buy_reason(view, data.card_by_id[action.card_id], data)
    if isinstance(action, TakeFree):
        reason = _buy_reason(view, data.card_by_id[action.card_id], data)
        if reason.code == "buy_points":
            return HintReason("free_points", card=reason.card, points=reason.points)
        if reason.code in ("buy_bonus", "buy_double_bonus", "buy_pair"):
            return HintReason("free_bonus", card=reason.card)
        return reason
    if isinstance(action, Pair):
        partner = data.card_by_id[action.card_id]
        nobles = _nobles_won_by(view, _bonuses_after(view.me.bonuses, partner.bonus))
        if nobles:
            return HintReason("buy_noble", card=partner.id, noble=nobles[0])
        return HintReason("pair", card=partner.id, color=partner.bonus)
    if isinstance(action, TakeGem):
        target = _towards(view, _after_take(view, (action.color,), 1))
        if target is None:
            return HintReason("free_token")
        return HintReason("towards", card=target.id, points=target.points)
    if isinstance(action, ReserveNoble):
        return HintReason("keep_noble", noble=action.noble_id)
    if isinstance(action, Stronghold):
        return _hold_reason(view, action, data)
    if isinstance(action, ChoosePost):
        return HintReason("post_choice", post=action.post)
    if isinstance(action, ChooseCity):
        city = data.city_by_id.get(action.city_id)
        return HintReason("city_choice", city=action.city_id,
                          points=city.points if city is not None else 0)
    if isinstance(action, Decline):
        return HintReason("decline")
    return HintReason("tokens")


def _hold_reason(view: View, action: Stronghold, data: GameData) -> HintReason:
    if action.how == "remove":
        owner = next((o for c, o, _ in view.holds if c == action.card_id), None)
        return HintReason("hold_remove", card=action.card_id, seat=owner)
    card = data.card_by_id[action.card_id]
    seat = _blocked_seat(view, card)
    if seat is not None:
        return HintReason("hold_block", card=card.id, seat=seat)
    mine = next((n for c, o, n in view.holds if c == card.id and o == view.seat), 0)
    if mine + 1 >= data.strongholds:
        return HintReason("hold_conquest", card=card.id)
    return HintReason("hold_claim", card=card.id)
