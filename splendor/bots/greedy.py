"""The greedy: a one-ply bot written from the rules, not from the levels' value function,
the yardstick the lower levels are measured against in every game type (issue 60).

It buys what brings it most points (the card's, a noble's visit, a trading post's
claim; a conquest too), else takes the tokens that bring it nearest to its target: the
card it lacks fewest tokens for (in Trading Posts one whose bonus the nearest post not
yet held asks for), else reserves that card. In Strongholds it puts its strongholds on
the card its opponent lacks fewest tokens for. It reads its view only and counts with
the engine's rule functions (what a card lacks with a post-3 gold and double golds, a
noble's and a post's requirements, a post's points)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from splendor.bots.value import tokens_taken
from splendor.engine import (
    Action,
    Buy,
    Card,
    GameData,
    PlayerView,
    Reserve,
    Return,
    Take,
    TakeTwo,
    View,
    bonus_shortfall,
)
from splendor.engine.actions import ChoosePost, Conquer, Pair, Stronghold, TakeFree, TakeGem
from splendor.engine.components import TradingPost
from splendor.engine.module_rules import post_met, post_points, post_shortfall, tokens_short
from splendor.engine.modules import find_module
from splendor.engine.modules.trading_posts import TradingPostsState

#: The trading posts in the order it claims them when several qualify at once.
POST_ORDER = (4, 1, 3, 5, 2)
#: More tokens than any card lacks.
NEVER = 99


class GreedyBot:
    """The one-ply greedy (see the module docstring)."""

    name = "greedy"

    def __init__(self, data: GameData, seed: int = 0) -> None:
        #: The trading posts of a game with them (which posts the game has: its data).
        self.posts: tuple[TradingPost, ...] = data.posts
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        first = actions[0]
        if isinstance(first, Stronghold):
            return self._hold(view, actions)
        for a in actions:
            if isinstance(a, Conquer):
                return a  # a purchase: the card its three strongholds hold
        if isinstance(first, ChoosePost):
            return min(actions, key=_claim_order)
        free = [a for a in actions if isinstance(a, TakeFree)]
        if free:
            return max(free, key=lambda a: _card(view, a).points)
        target = self.target(view)
        if isinstance(first, TakeGem | Pair):
            return max(actions, key=lambda a: _wanted(view, target, a))
        if isinstance(first, Return):
            return min(actions, key=lambda a: _lack_with(view, target, a.tokens, -1))  # type: ignore[union-attr]
        buys = [a for a in actions if isinstance(a, Buy)]
        if buys:
            post = self._nearest_post(view)
            return max(
                buys,
                key=lambda a: (
                    self._gain(view, _card(view, a)),
                    _asked(post, view.me, _card(view, a)),
                    -a.doubles,
                    -len(a.discard),
                ),
            )
        takes = [a for a in actions if isinstance(a, Take | TakeTwo)]
        if takes and target is not None:
            return min(takes, key=lambda a: _after_take(view, target, a))
        if target is not None:
            for a in actions:
                if isinstance(a, Reserve) and a.card_id == target.id:
                    return a
        if takes:
            return self.rng.choice(takes)
        return first  # a noble, a city, a noble kept aside: any serves it alike

    # ------------------------------------------------------------------ targets

    def target(self, view: View) -> Card | None:
        """The card it aims for: the one it lacks fewest tokens for (more points first),
        among those it may take; in Trading Posts, among those whose bonus the nearest
        post it does not hold asks for, when there are such cards."""
        me = view.me
        cards = _takeable(view, me.seat)
        cards += [c for c in me.reserved if isinstance(c, Card) and _aimable(c)]
        post = self._nearest_post(view)
        cards = [c for c in cards if _asked(post, me, c)] or cards
        if not cards:
            return None
        return min(cards, key=lambda c: (lack(me, c), -c.points, c.id))

    def _nearest_post(self, view: View) -> TradingPost | None:
        """In a game with Trading Posts, the post not held that it lacks fewest bonuses
        (and nobles) for."""
        if view.module is None or not issubclass(find_module(view.module), TradingPostsState):
            return None
        me = view.me
        open_posts = [p for p in self.posts if p.id not in me.posts]
        if not open_posts:
            return None
        return min(open_posts, key=lambda p: (post_shortfall(p, me.bonuses, len(me.nobles)), p.id))

    def _gain(self, view: View, card: Card) -> int:
        """The points buying `card` brings at the end of the turn: its own, a noble's
        that its bonus brings (one a turn), a trading post's it then meets (one a turn,
        claimed in `POST_ORDER`)."""
        me = view.me
        bonuses = list(me.bonuses)
        if card.bonus >= 0:
            bonuses[card.bonus] += card.bonus_count
        gain, nobles = card.points, len(me.nobles)
        for noble in (*view.nobles, *me.kept_nobles):
            if not bonus_shortfall(bonuses, noble):
                gain, nobles = gain + noble.points, nobles + 1
                break
        if self._nearest_post(view) is not None:
            met = [p for p in self.posts if p.id not in me.posts and post_met(p, bonuses, nobles)]
            if met:
                gain += post_points(
                    min(met, key=lambda p: _claim_order(ChoosePost(p.id))), me.posts
                )
        return gain

    # ---------------------------------------------------------------- strongholds

    def _hold(self, view: View, actions: Sequence[Action]) -> Action:
        """A stronghold on the card an opponent lacks fewest tokens for (more points
        first) among those it may still take: placed from the supply, else moved there
        from the card the opponents lack most tokens for; else on the next such card.
        With no such card, the first step offered (a stronghold given back)."""
        holds = [a for a in actions if isinstance(a, Stronghold) and a.how != "remove"]
        opponents = [p for p in view.players if p.seat != view.seat]
        lacks = {c.id: min(lack(p, c) for p in opponents) for c in _market(view)}
        takeable = {
            (lack(p, c), -c.points, c.id) for p in opponents for c in _takeable(view, p.seat)
        }
        for _, _, card_id in sorted(takeable):
            placed = [a for a in holds if a.card_id == card_id]
            if placed:
                return min(
                    placed, key=lambda a: (a.how != "place", -lacks.get(a.source or "", NEVER))
                )
        return actions[0]


def lack(player: PlayerView, card: Card, tokens: Sequence[int] | None = None) -> int:
    """The tokens `player` lacks for `card` (with `tokens` instead of its own), by every
    means of payment it holds: a post-3 gold pays two, double golds."""
    return tokens_short(
        player.tokens if tokens is None else tokens,
        player.bonuses,
        card,
        gold_doubles=3 in player.posts,
        doubles=len(player.doubles),
    )


def _market(view: View) -> list[Card]:
    return [c for row in (*view.market, *view.orient_market) for c in row if c is not None]


def _card(view: View, action: Buy | TakeFree) -> Card:
    """The face-up or reserved card a purchase or a free card names."""
    card_id = action.card_id
    return next(
        c for c in (*_market(view), *view.me.reserved) if isinstance(c, Card) and c.id == card_id
    )


def _aimable(card: Card) -> bool:
    """A card that tokens bring nearer: not a sacrifice (bought by discarding cards) nor
    a double gold (no bonus, no points)."""
    return card.bonus >= 0 and card.ability != "sacrifice"


def _takeable(view: View, seat: int) -> list[Card]:
    """The market cards `seat` may buy or reserve: none under another's strongholds."""
    held = {card for card, owner, _ in view.holds if owner != seat}
    return [c for c in _market(view) if c.id not in held and _aimable(c)]


def _asked(post: TradingPost | None, me: PlayerView, card: Card) -> bool:
    """Whether `card`'s bonus is one `post` still asks `me` for."""
    return (
        post is not None
        and 0 <= card.bonus < len(post.requires)
        and post.requires[card.bonus] > me.bonuses[card.bonus]
    )


def _claim_order(action: Action) -> int:
    assert isinstance(action, ChoosePost)
    return POST_ORDER.index(action.post) if action.post in POST_ORDER else len(POST_ORDER)


def _after_take(view: View, target: Card, action: Take | TakeTwo) -> tuple[int, int]:
    """Fewest tokens still lacking for the target, then the most tokens gained (any over
    the limit are given back: those the target needs least)."""
    got = tokens_taken(action)
    assert got is not None
    return _lack_with(view, target, got, 1), -sum(got)


def _lack_with(view: View, target: Card | None, change: Sequence[int], sign: int) -> int:
    """What it would lack for `target` with its tokens changed by `sign * change`."""
    if target is None:
        return 0
    me = view.me
    return lack(me, target, [t + sign * c for t, c in zip(me.tokens, change, strict=True)])


def _wanted(view: View, target: Card | None, action: Action) -> int:
    """How much the target still wants the colour of a gem step or a pairing."""
    if target is None:
        return 0
    if isinstance(action, TakeGem):
        colour = action.color
    else:
        assert isinstance(action, Pair)
        owned = next((c for c in view.me.purchased if c.id == action.card_id), None)
        colour = owned.bonus if owned is not None else -1
    if not 0 <= colour < len(target.cost):
        return 0
    me = view.me
    return target.cost[colour] - me.bonuses[colour] - me.tokens[colour]
