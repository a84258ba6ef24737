"""A module's value terms, for the bots: `ModuleValue`, which each module's file here
(cities.py, trading_posts.py, ...) subclasses, overriding only what its module adds to
the value. Used as it is, it is the default: a module with no file here (one a test
defines) is judged with the base game's terms, its actions played by the engine on a
world consistent with the mover's view (see module_games.py).

The terms are class methods: they hold no state; the evaluator passed in holds the
weights and the memo. Each hook is called where its terms were always added, so that
splitting the value did not change a single sum.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from splendor.engine import Action, Card, GameData, tokens_missing
from splendor.engine.components import City, TradingPost
from splendor.engine.module_rules import tokens_short
from splendor.engine.modules import ModuleState

if TYPE_CHECKING:
    from splendor.bots.value.evaluator import Evaluator
    from splendor.bots.value.situation import Side, Situation, Weights

#: What a module's requirements pull on the colours: (weight, requirement by colour).
Wants = tuple[tuple[float, tuple[int, ...]], ...]


class ModuleValue:
    """The value terms of a module game; by itself, those of a module without its own."""

    #: The engine module these terms are for (its subclasses get them too).
    engine: ClassVar[type[ModuleState]] = ModuleState

    # ------------------------------------------------------------ the situation

    @classmethod
    def wants(cls, w: Weights, cities: tuple[City, ...],
              posts: tuple[TradingPost, ...]) -> Wants:
        """The module's requirements that pull on the colours (see `demand_of`)."""
        return ()

    @classmethod
    def table_posts(cls, data: GameData) -> tuple[TradingPost, ...]:
        """The trading posts in play."""
        return ()

    @classmethod
    def gold_doubles(cls, posts: tuple[int, ...]) -> bool:
        """Whether a seat holding `posts` pays two of a colour with one gold."""
        return False

    # ------------------------------------------------------------------ value

    @classmethod
    def pieces(cls, w: Weights, side: Side) -> float:
        """The worth of `side`'s own pieces, beside its tokens."""
        return 0.0

    @classmethod
    def add_kept(cls, ev: Evaluator, side: Side, v: float) -> float:
        """`v` with the nobles `side` keeps aside (when nobles count at all)."""
        return v

    @classmethod
    def own_value(cls, ev: Evaluator, s: Situation, side: Side) -> float:
        """The module's own term of `side`'s value (a city, trading posts...)."""
        return 0.0

    @classmethod
    def memoized(cls, ev: Evaluator, s: Situation, side: Side,
                 term: Callable[[Evaluator, Situation, Side], float],
                 extra: object = None) -> float:
        """`term` of `side`, memoized by what it depends on (and `extra`, whatever
        else the term reads): a turn's options mostly share it."""
        memo = ev.memo
        key = (cls, side.points, *side.bonuses, side.city, side.posts, side.nobles,
               tuple(c.id for c in s.cities), extra)
        value = memo.get(key)
        if value is None:
            if len(memo) > 50_000:
                memo.clear()
            value = memo[key] = term(ev, s, side)
        return value

    @classmethod
    def missing(cls, side: Side, card: Card) -> int:
        """Tokens `side` still lacks for `card`, with its post-3 gold or double golds."""
        return tokens_lacking(side, card)

    @classmethod
    def lack_is_tokens(cls, card: Card) -> bool:
        """Whether `missing(side, card)` is always `tokens_lacking(side, card)` (a fast
        scorer then counts it from its tables)."""
        return True

    @classmethod
    def ability_worth(cls, ev: Evaluator, s: Situation, side: Side, card: Card,
                      market: list[Card]) -> float:
        """What a card with an ability would bring `side` (here: its points and bonuses)."""
        return card.points + ev.w.card_bonus * s.demand[card.bonus] * card.bonus_count

    @classmethod
    def prospects(cls, w: Weights, raw: list[tuple[str, float]], reserved: list[float],
                  holds: dict[str, tuple[int, int]], seat: int) -> list[float]:
        """The prospects of the market cards (`raw`, by card id) and reserved cards."""
        prospects = [p for _, p in raw]
        prospects += reserved
        return prospects

    @classmethod
    def held_back(cls, w: Weights, raw: list[tuple[str, float]],
                  holds: dict[str, tuple[int, int]], seat: int) -> float:
        """What the market cards `raw` (by card id) that strongholds `holds` keep from
        `seat` cost it (subtracted before the prospects are added; here: nothing)."""
        return 0.0

    # ---------------------------------------------------------------- actions

    @classmethod
    def completes(cls, ev: Evaluator, s: Situation, side: Side, card: Card) -> float:
        """What buying `card` (a gem card) would bring `side` beyond the card."""
        return 0.0

    @classmethod
    def quiet_purchase(cls, s: Situation, after: Side) -> bool:
        """Whether the end of a turn in which a plain card was bought, leaving the mover
        `after`, claims nothing of the module's (no city, no post: nothing but a noble
        can follow); a fast scorer then judges the purchase without the engine playing
        it. Here False: every purchase is played."""
        return False

    @classmethod
    def finish(cls, ev: Evaluator, s: Situation, after: Side) -> float:
        """What ending in `after` is worth for the game's end (here: the target)."""
        return ev.finish_bonus(s, after.points)

    @classmethod
    def take_two_played(cls, s: Situation) -> bool:
        """Whether taking two tokens brings a step of its own (so the engine plays it)."""
        return False

    @classmethod
    def skipped(cls, actions: tuple[Action, ...], resolve: bool) -> frozenset[int]:
        """The indexes of actions not worth trying (`resolve` False: a quick look)."""
        return frozenset()


def tokens_lacking(side: Side, card: Card) -> int:
    """Tokens `side` still lacks for `card`, with its post-3 gold or double golds (a
    function, so that a module's terms call it without the cost of super())."""
    if side.gold2 or side.doubles:
        return tokens_short(side.tokens, side.bonuses, card,
                            gold_doubles=side.gold2, doubles=side.doubles)
    return tokens_missing(side.tokens, side.bonuses, card)
