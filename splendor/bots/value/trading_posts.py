"""Trading Posts' value terms: the powers held and the posts in reach, each by its worth
(a power's over the rest of the game, `post_time`) and how many bonuses (or the noble) it
lacks; the posts' requirements pull on the colours;
post 3 makes a gold pay two; post 2 makes taking two tokens bring a gem (a step the
engine plays); a purchase that claims posts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor.bots.value.terms import ModuleValue, Wants
from splendor.engine import Card, GameData
from splendor.engine.components import City, TradingPost
from splendor.engine.module_rules import post_shortfall
from splendor.engine.modules.trading_posts import TradingPostsState

if TYPE_CHECKING:
    from splendor.bots.value.evaluator import Evaluator
    from splendor.bots.value.situation import Side, Situation, Weights


class TradingPostsValue(ModuleValue):
    """Trading Posts."""

    engine = TradingPostsState

    @classmethod
    def wants(cls, w: Weights, cities: tuple[City, ...],
              posts: tuple[TradingPost, ...]) -> Wants:
        return tuple((w.post_demand, post.requires) for post in posts)

    @classmethod
    def table_posts(cls, data: GameData) -> tuple[TradingPost, ...]:
        return data.posts

    @classmethod
    def gold_doubles(cls, posts: tuple[int, ...]) -> bool:
        return 3 in posts

    @classmethod
    def own_value(cls, ev: Evaluator, s: Situation, side: Side) -> float:
        if ev.w.post_time:
            lead = max(side.points, max((o.points for o in s.opponents), default=0))
            return cls.memoized(ev, s, side, cls.post_value, (lead, s.target))
        return cls.memoized(ev, s, side, cls.post_value)

    @staticmethod
    def game_left(s: Situation, side: Side) -> float:
        """The share of the game still to play, roughly: how far the leader (of `side`
        and the opponents) is from the target, 1 at the start, 0 once it is reached."""
        lead = max(side.points, max((o.points for o in s.opponents), default=0))
        return max(0, s.target - lead) / s.target

    @classmethod
    def powers(cls, ev: Evaluator, s: Situation, side: Side) -> tuple[float, float, float]:
        """The worth of posts 1-3's powers to `side` over the rest of the game: each
        power's weight, times 1 + `post_time` * the share of the game left."""
        w = ev.w
        if not w.post_time:
            return w.post_gem, w.post_extra, w.post_gold
        scale = 1.0 + w.post_time * cls.game_left(s, side)
        return w.post_gem * scale, w.post_extra * scale, w.post_gold * scale

    @staticmethod
    def post_worth(ev: Evaluator, post: TradingPost, side: Side,
                   powers: tuple[float, float, float]) -> float:
        """What a trading post not yet claimed would bring `side` (`powers`: posts
        1-3's, see `powers`)."""
        w = ev.w
        worth = (*powers, 5 * w.points, (len(side.posts) + 1) * w.points)[post.id - 1]
        return worth + (w.points if 5 in side.posts else 0.0)

    @classmethod
    def post_value(cls, ev: Evaluator, s: Situation, side: Side) -> float:
        """The powers held (their points are in the points), and the posts in reach."""
        w = ev.w
        powers = cls.powers(ev, s, side)
        v = 0.0
        for post in s.posts:
            if post.id in side.posts:
                if post.id <= 3:
                    v += powers[post.id - 1]
                continue
            short = post_shortfall(post, side.bonuses, side.nobles)
            v += w.post * cls.post_worth(ev, post, side, powers) * ev.post_decay[min(39, short)]
        return v

    @classmethod
    def completes(cls, ev: Evaluator, s: Situation, side: Side, card: Card) -> float:
        """The posts the purchase claims."""
        bonuses = side.bonuses[:]
        bonuses[card.bonus] += card.bonus_count
        powers = cls.powers(ev, s, side)
        return sum(cls.post_worth(ev, post, side, powers) for post in s.posts
                   if post.id not in side.posts
                   and post_shortfall(post, side.bonuses, side.nobles)
                   and not post_shortfall(post, bonuses, side.nobles))

    @classmethod
    def take_two_played(cls, s: Situation) -> bool:
        return 2 in s.me.posts
