"""A value function over one player's prospects, and the one-step chooser built on it.

The bots score each legal action by the change it makes to the mover's position value
(points, bonuses weighted by what the table demands, the cards and nobles in reach,
tokens) plus action terms (denying a card an opponent is about to buy, reaching the
target). Weights come from `levels_data/bots.yaml` (see `profiles.py`).

The chooser works on a `Situation`, built either from a seat's `View` (bots at the
table) or from a sampled world's `GameState` (the expert's rollouts): both hold only
what the mover may know.

With a Cities of Splendor module the value also knows the module's pieces: the cities
in reach (prestige and bonuses; only a city holder can win), the trading posts in reach
and the worth of their powers, double golds, Orient cards by ability, nobles kept aside
(for their keeper only), and strongholds (a card under another player's strongholds is
out of reach, one under one's own is protected). Taking tokens and reserving are scored
from the situation as in the base game; every other action of a module game (a
purchase, a conquest, each decision step) is played by the engine on a copy of one world
consistent with the view (`sample_world`, or the rollout's own world), the steps it
brings resolved greedily, and scored by the mover's value after: the engine executes,
the bots copy no rule.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from splendor.engine import (
    GEMS,
    GOLD,
    Action,
    Buy,
    Card,
    ChooseNoble,
    GameData,
    GameState,
    Noble,
    Pass,
    Phase,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    View,
    bonus_shortfall,
    default_payment,
    parse_action,
    tokens_missing,
)
from splendor.engine.actions import Conquer, Stronghold
from splendor.engine.components import City, TradingPost
from splendor.engine.expansion import ExpansionState
from splendor.engine.module_rules import city_shortfall, post_shortfall, tokens_short

#: A world consistent with the mover's view, made on demand (sampling costs time).
WorldSource = Callable[[], GameState]


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the value function; one set per bot profile."""

    points: float = 1.0
    bonus: float = 0.35
    card_bonus: float = 0.5
    prospect: float = 0.5
    prospect_decay: float = 0.55
    prospect_cards: int = 3
    reserved_factor: float = 1.2
    noble: float = 0.5
    noble_decay: float = 0.5
    token: float = 0.12
    gold: float = 0.2
    null_move: float = 0.3
    buy: float = 0.5
    deny: float = 0.0
    reserve_slot: float = 0.25
    blind_card: float = 0.6
    win: float = 20.0
    # Cities of Splendor (used only in a game with that module).
    city: float = 4.0
    city_decay: float = 0.8
    city_held: float = 8.0
    city_demand: float = 1.0
    post: float = 0.6
    post_decay: float = 0.6
    post_demand: float = 0.5
    post_gem: float = 1.5
    post_extra: float = 0.6
    post_gold: float = 1.0
    double: float = 0.6
    free_card: float = 0.8
    keep_noble: float = 0.5
    kept_factor: float = 1.3
    hold: float = 0.3
    block: float = 1.0


_DEFAULT_WEIGHTS = Weights()


@dataclass(slots=True)
class Side:
    """One player's possessions as lists, cheap to copy and change."""

    tokens: list[int]
    bonuses: list[int]
    points: int
    reserved: list[Card]
    cards: int
    # A module's pieces: the seat, its trading posts, double golds, city, nobles kept
    # aside, nobles held (post 4 asks for one), and whether its gold pays two (post 3).
    seat: int = -1
    posts: tuple[int, ...] = ()
    doubles: int = 0
    city: City | None = None
    kept: tuple[Noble, ...] = ()
    nobles: int = 0
    gold2: bool = False

    def changed(
        self, tokens: list[int] | None = None, bonuses: list[int] | None = None,
        points: int | None = None, reserved: list[Card] | None = None, cards: int | None = None,
    ) -> Side:
        """A copy with some possessions replaced (the module's pieces kept)."""
        return Side(
            self.tokens if tokens is None else tokens,
            self.bonuses if bonuses is None else bonuses,
            self.points if points is None else points,
            self.reserved if reserved is None else reserved,
            self.cards if cards is None else cards,
            self.seat, self.posts, self.doubles, self.city, self.kept, self.nobles, self.gold2,
        )


@dataclass(slots=True)
class Situation:
    """What the mover knows and needs: its side, the opponents' public sides, the table."""

    me: Side
    opponents: list[Side]
    market: list[Card]
    nobles: list[Noble]
    candidates: list[Noble]
    deck_sizes: tuple[int, ...]
    target: int
    token_limit: int
    final_round: bool
    last_to_play: bool
    #: Tokens taken earlier this turn (during a return decision), else None.
    just_taken: tuple[int, ...] | None
    demand: list[float]
    #: The module played (None: the base game) and its table: cities on the table, the
    #: trading posts, strongholds as card id -> (owner seat, count).
    module: str | None = None
    cities: tuple[City, ...] = ()
    posts: tuple[TradingPost, ...] = ()
    holds: dict[str, tuple[int, int]] = field(default_factory=dict)


def _demand(
    market: list[Card], reserved: list[Card], nobles: list[Noble],
    wants: tuple[tuple[float, tuple[int, ...]], ...] = (),
) -> list[float]:
    """How much each gem colour is wanted by the visible cards and nobles (mean 1), and
    by a module's `wants` (weight, bonuses by colour): cities' and posts' requirements."""
    raw = [1.0] * 5
    for card in (*market, *reserved):
        for c, n in card.cost_items:
            raw[c] += n
    for noble in nobles:
        for c, n in enumerate(noble.requires):
            raw[c] += n
    for weight, requires in wants:
        for c, n in enumerate(requires):
            raw[c] += weight * n
    mean = sum(raw) / 5
    return [r / mean for r in raw]


def _wants(
    module: str | None, cities: tuple[City, ...], posts: tuple[TradingPost, ...],
    weights: Weights | None = None,
) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """The module's requirements that pull on colours (see `_demand`)."""
    w = weights or _DEFAULT_WEIGHTS
    if module == "cities":
        return tuple((w.city_demand, city.requires) for city in cities)
    if module == "trading-posts":
        return tuple((w.post_demand, post.requires) for post in posts)
    return ()


def tokens_taken(action: object) -> tuple[int, ...] | None:
    """The tokens (6 counts) a take or take-two gains; None for any other action."""
    counts = [0] * 6
    if isinstance(action, Take):
        for c in action.colors:
            counts[c] += 1
        return tuple(counts)
    if isinstance(action, TakeTwo):
        counts[action.color] = 2
        return tuple(counts)
    return None


def situation_from_view(
    view: View, data: GameData, weights: Weights | None = None
) -> Situation:
    """The mover's situation as its seat sees it, in a game of `data` (`weights` say how
    much a module's requirements pull on the colours)."""
    market = [c for row in (*view.market, *view.orient_market) for c in row if c is not None]
    module = view.module
    sides = []
    for p in view.players:
        reserved = [c for c in p.reserved if isinstance(c, Card)]
        side = Side(list(p.tokens), list(p.bonuses), p.points, reserved, len(p.purchased))
        if module is not None:
            side.seat, side.posts, side.doubles = p.seat, p.posts, len(p.doubles)
            side.city, side.kept, side.nobles = p.city, p.kept_nobles, len(p.nobles)
            side.gold2 = module == "trading-posts" and 3 in p.posts
        sides.append(side)
    me = sides[view.seat]
    opponents = [s for i, s in enumerate(sides) if i != view.seat]
    just_taken = None
    if view.phase is Phase.RETURN and view.history:
        just_taken = tokens_taken(parse_action(view.history[-1]))
    last_seat = (view.first_player - 1) % view.num_players
    cities = view.cities
    posts = data.posts if module == "trading-posts" else ()
    wants = _wants(module, cities, posts, weights)
    return Situation(
        me=me,
        opponents=opponents,
        market=market,
        nobles=list(view.nobles),
        candidates=list(view.noble_candidates),
        deck_sizes=view.deck_sizes,
        target=data.target_points,
        token_limit=data.token_limit,
        final_round=view.final_round,
        last_to_play=view.seat == last_seat,
        just_taken=just_taken,
        demand=_demand(market, me.reserved, list(view.nobles), wants),
        module=module,
        cities=cities,
        posts=posts,
        holds={card: (owner, n) for card, owner, n in view.holds},
    )


def situation_from_state(
    state: GameState, seat: int | None = None, weights: Weights | None = None,
    demand: list[float] | None = None,
) -> Situation:
    """A seat's situation (default: the current player's) in a sampled world. Other
    players' blind reserves are left out: that seat could not see them. `demand`, when
    given, is used instead of the table's (see `_demand`)."""
    seat = state.current if seat is None else seat
    market = state.market_cards()
    module = state.module if isinstance(state, ExpansionState) else None
    sides = []
    for s, p in enumerate(state.players):
        # Other players' blind reserves are left out: the mover could not see them.
        reserved = [c for c in p.reserved if s == seat or c.id not in p.blind]
        side = Side(p.tokens[:], p.bonuses[:], p.points, reserved, len(p.purchased))
        if isinstance(state, ExpansionState):
            mp = state.players[s]
            side.seat, side.posts, side.doubles = s, tuple(mp.posts), len(mp.doubles)
            side.city, side.kept, side.nobles = mp.city, tuple(mp.kept_nobles), len(mp.nobles)
            side.gold2 = module == "trading-posts" and 3 in mp.posts
        sides.append(side)
    me = sides[seat]
    just_taken = None
    if state.phase is Phase.RETURN and state.history and seat == state.current:
        just_taken = tokens_taken(state.history[-1])
    cities: tuple[City, ...] = ()
    posts: tuple[TradingPost, ...] = ()
    holds: dict[str, tuple[int, int]] = {}
    if isinstance(state, ExpansionState):
        cities = tuple(state.cities)
        posts = state.data.posts if module == "trading-posts" else ()
        holds = state.holds
    if demand is None:
        demand = _demand(market, me.reserved, list(state.nobles),
                         _wants(module, cities, posts, weights))
    return Situation(
        me=me,
        opponents=[x for i, x in enumerate(sides) if i != seat],
        market=market,
        nobles=list(state.nobles),
        candidates=list(state.noble_candidates()),
        deck_sizes=state.deck_sizes(),
        target=state.data.target_points,
        token_limit=state.data.token_limit,
        final_round=state.final_round,
        last_to_play=seat == state.last_seat,
        just_taken=just_taken,
        demand=demand,
        module=module,
        cities=cities,
        posts=posts,
        holds=holds,
    )


class Evaluator:
    """Scores positions and actions with one set of `Weights`."""

    def __init__(self, weights: Weights) -> None:
        self.w = weights
        self._decay = [weights.prospect_decay**d for d in range(40)]
        self._noble_decay = [weights.noble_decay**d for d in range(40)]
        self._city_decay = [weights.city_decay**d for d in range(60)]
        self._post_decay = [weights.post_decay**d for d in range(40)]
        #: Module terms by what they depend on: a turn's options mostly share them.
        self._memo: dict[tuple[object, ...], float] = {}

    def value(self, s: Situation, side: Side, market: list[Card]) -> float:
        """The worth of `side`'s position on a table showing `market`."""
        if s.module is not None:
            return self._module_value(s, side, market)
        w = self.w
        tokens, bonuses, demand = side.tokens, side.bonuses, s.demand
        v = w.points * side.points
        v += w.bonus * sum(b * d for b, d in zip(bonuses, demand, strict=False))
        v += w.token * (sum(tokens) - tokens[GOLD]) + w.gold * tokens[GOLD]
        v -= w.reserve_slot * len(side.reserved)
        decay = self._decay
        prospects = []
        for group, factor in ((market, 1.0), (side.reserved, w.reserved_factor)):
            for card in group:
                worth = card.points + w.card_bonus * demand[card.bonus]
                prospects.append(factor * worth * decay[tokens_missing(tokens, bonuses, card)])
        if prospects:
            prospects.sort(reverse=True)
            v += w.prospect * sum(prospects[: w.prospect_cards])
        if w.noble:
            ndecay = self._noble_decay
            for noble in s.nobles:
                missing = bonus_shortfall(bonuses, noble)
                # A noble already earned visits at the end of the turn: count it in full.
                v += (w.points if not missing else w.noble * ndecay[missing]) * noble.points
        return v

    # ------------------------------------------------------------ module games

    def _module_value(self, s: Situation, side: Side, market: list[Card]) -> float:
        """`value` in a game with a module: the same terms, each card judged by what it
        gives (`_worth`) and how far it is (`_missing`), plus the module's own pieces."""
        fixed, raw, reserved = self._module_parts(s, side, market)
        return self._with_holds(fixed, raw, reserved, s.holds, side.seat)

    def _with_holds(
        self, fixed: float, raw: list[tuple[str, float]], reserved: list[float],
        holds: dict[str, tuple[int, int]], seat: int,
    ) -> float:
        """The value from its parts (`_module_parts`) with the strongholds `holds`: a card
        under another player's is out of reach, one under one's own counts more."""
        if holds:
            hold_weight = self.w.hold
            prospects = reserved[:]
            for card_id, p in raw:
                hold = holds.get(card_id)
                if hold is None:
                    prospects.append(p)
                elif hold[0] == seat:
                    prospects.append(p * (1.0 + hold_weight * hold[1]))
        else:
            prospects = [p for _, p in raw]
            prospects += reserved
        if not prospects:
            return fixed
        prospects.sort(reverse=True)
        return fixed + self.w.prospect * sum(prospects[: self.w.prospect_cards])

    def _module_parts(
        self, s: Situation, side: Side, market: list[Card],
    ) -> tuple[float, list[tuple[str, float]], list[float]]:
        """The value's parts: everything but the prospects; each market card's prospect
        (strongholds aside); the reserved cards' prospects."""
        w = self.w
        tokens, bonuses, demand = side.tokens, side.bonuses, s.demand
        v = w.points * side.points
        v += w.bonus * sum(b * d for b, d in zip(bonuses, demand, strict=False))
        v += w.token * (sum(tokens) - tokens[GOLD]) + w.gold * tokens[GOLD]
        v += w.double * side.doubles
        v -= w.reserve_slot * len(side.reserved)
        decay = self._decay
        plain = not (side.gold2 or side.doubles)
        card_bonus = w.card_bonus
        raw = []
        for card in market:
            if plain and card.ability is None:  # the common case, inline
                worth = card.points + card_bonus * demand[card.bonus]
                raw.append((card.id, worth * decay[tokens_missing(tokens, bonuses, card)]))
                continue
            worth = self._worth(s, side, card, market)
            if worth > 0:
                raw.append((card.id, worth * decay[min(39, self._missing(side, card))]))
        reserved = []
        for card in side.reserved:
            worth = self._worth(s, side, card, market)
            if worth > 0:
                missing = min(39, self._missing(side, card))
                reserved.append(w.reserved_factor * worth * decay[missing])
        if w.noble:
            ndecay = self._noble_decay
            for noble in s.nobles:
                missing = bonus_shortfall(bonuses, noble)
                v += (w.points if not missing else w.noble * ndecay[missing]) * noble.points
            for noble in side.kept:  # kept aside: no one else can have it
                missing = bonus_shortfall(bonuses, noble)
                v += w.kept_factor * w.noble * ndecay[missing] * noble.points
        if s.module == "cities" or s.module == "trading-posts":
            memo = self._memo
            key = (side.points, *bonuses, side.city, side.posts, side.nobles,
                   tuple(c.id for c in s.cities))
            term = memo.get(key)
            if term is None:
                if len(memo) > 50_000:
                    memo.clear()
                term = memo[key] = (self._city_value(s, side) if s.module == "cities"
                                    else self._post_value(s, side))
            v += term
        return v, raw, reserved

    def _missing(self, side: Side, card: Card) -> int:
        """Tokens `side` still lacks for `card`, with its post-3 gold or double golds; for
        a sacrifice card, the bonuses of the colour to give up that it lacks."""
        if card.ability == "sacrifice":
            assert card.discard_colour is not None
            return max(0, card.discard_count - side.bonuses[card.discard_colour])
        if side.gold2 or side.doubles:
            return tokens_short(side.tokens, side.bonuses, card,
                                gold_doubles=side.gold2, doubles=side.doubles)
        return tokens_missing(side.tokens, side.bonuses, card)

    def _worth(self, s: Situation, side: Side, card: Card, market: list[Card]) -> float:
        """What `card` would bring `side`: points and bonuses, and its Orient ability."""
        w, demand = self.w, s.demand
        ability = card.ability
        if ability is None:
            return card.points + w.card_bonus * demand[card.bonus]
        if ability == "gold_x2":
            return w.double
        if ability == "pair" or ability == "pair_and_take_level1":
            # It takes the colour of a card one owns: the most wanted of those.
            colours = [demand[c] for c in GEMS if side.bonuses[c] > 0]
            if not colours:
                return 0.0  # nothing to pair it with: it cannot be bought
            worth = card.points + w.card_bonus * max(colours)
            if ability == "pair_and_take_level1":
                worth += w.free_card * self._best_free(s, market, 1, card)
            return worth
        worth = card.points + w.card_bonus * demand[card.bonus] * card.bonus_count
        if ability == "reserve_noble":
            if s.nobles:
                worth += w.keep_noble
        elif ability == "take_level2":
            worth += w.free_card * self._best_free(s, market, 2, card)
        elif ability == "sacrifice":
            assert card.discard_colour is not None
            worth -= w.card_bonus * demand[card.discard_colour] * card.discard_count
        return worth

    def _best_free(self, s: Situation, market: list[Card], level: int, card: Card) -> float:
        """The worth of the best face-up card of `level` (a free card), roughly."""
        best = 0.0
        for c in market:
            if c.level == level and c is not card:
                gives = self.w.card_bonus * (s.demand[c.bonus] if c.bonus >= 0 else 1.0)
                best = max(best, c.points + gives * max(1, c.bonus_count))
        return best

    def _city_value(self, s: Situation, side: Side) -> float:
        """Cities: holding one (only holders can win), else the nearest one in reach,
        by prestige and bonuses together."""
        if side.city is not None:
            return self.w.city_held
        short = min((city_shortfall(c, side.points, side.bonuses) for c in s.cities),
                    default=None)
        if short is None:
            return 0.0
        return self.w.city * self._city_decay[min(59, short)]

    def _post_worth(self, post: TradingPost, side: Side) -> float:
        """What a trading post not yet claimed would bring `side`."""
        w = self.w
        worth = (w.post_gem, w.post_extra, w.post_gold, 5 * w.points,
                 (len(side.posts) + 1) * w.points)[post.id - 1]
        return worth + (w.points if 5 in side.posts else 0.0)

    def _post_value(self, s: Situation, side: Side) -> float:
        """Trading posts: the powers held (their points are in the points), and the posts
        in reach, each by its worth and how many bonuses (or the noble) it lacks."""
        w = self.w
        v = 0.0
        for post in s.posts:
            if post.id in side.posts:
                if post.id <= 3:
                    v += (w.post_gem, w.post_extra, w.post_gold)[post.id - 1]
                continue
            short = post_shortfall(post, side.bonuses, side.nobles)
            v += w.post * self._post_worth(post, side) * self._post_decay[min(39, short)]
        return v

    def _module_finish(self, s: Situation, after: Side) -> float:
        """`_finish_bonus` in a module game: with the Cities, taking a city (it ends the
        game, and only holders win); otherwise reaching the target."""
        if s.module != "cities":
            return self._finish_bonus(s, after.points)
        if after.city is None or s.me.city is not None:
            return 0.0
        rivals = [o.points for o in s.opponents if o.city is not None]
        if rivals and max(rivals) >= after.points:
            return self.w.win / 4
        if s.final_round or s.last_to_play:
            return self.w.win
        return self.w.win / 2

    def _score_module(
        self, s: Situation, actions: tuple[Action, ...], world: WorldSource | None,
        resolve: bool,
    ) -> list[float]:
        """`score_actions` in a module game (see the module docstring)."""
        base = self.value(s, s.me, s.market)
        scores = []
        gem_power = s.module == "trading-posts" and 2 in s.me.posts
        sim: _Simulator | None = None
        # A quick look (rollouts): moving a stronghold is not tried while one can be placed.
        skip_moves = not resolve and any(
            isinstance(a, Stronghold) and a.how == "place" for a in actions)
        for action in actions:
            kind = type(action)
            if skip_moves and isinstance(action, Stronghold) and action.how == "move":
                scores.append(-math.inf)
            elif kind is Take or (kind is TakeTwo and not gem_power):
                scores.append(self._take(s, action, base))  # type: ignore[arg-type]
            elif kind is Reserve:
                scores.append(self._reserve(s, action) - base)  # type: ignore[arg-type]
            elif kind is ReserveDeck:
                scores.append(self._reserve_deck(s) - base)
            elif kind is Return:
                scores.append(self._return(s, action) - base)  # type: ignore[arg-type]
            elif kind is Pass:
                scores.append(0.0)
            else:
                if sim is None:
                    if world is None:
                        raise ValueError("a module game's actions are scored on a world: "
                                         "pass one consistent with the mover's view")
                    sim = _Simulator(self, s, world(), base)
                scores.append(sim.score(action, resolve))
        return scores

    def _deny(self, s: Situation, card: Card) -> float:
        """What taking `card` off the table costs the opponent closest to buying it."""
        if not self.w.deny:
            return 0.0
        best = 0.0
        if s.module is not None:
            hold = s.holds.get(card.id)
            for o in s.opponents:
                if hold is not None and hold[0] != o.seat:
                    continue  # they could not have taken it
                d = self._missing(o, card)
                if d <= 1:
                    worth = self._worth(s, o, card, s.market) + self._completes(s, o, card)
                    best = max(best, worth * (1.0 if d == 0 else 0.5))
            return self.w.deny * best
        for o in s.opponents:
            d = tokens_missing(o.tokens, o.bonuses, card)
            if d <= 1:
                worth = card.points + self.w.card_bonus * s.demand[card.bonus]
                best = max(best, worth * (1.0 if d == 0 else 0.5))
        return self.w.deny * best

    def _completes(self, s: Situation, side: Side, card: Card) -> float:
        """What buying `card` would bring `side` beyond the card: a city it takes (the
        Cities) or trading posts it claims (Trading Posts)."""
        if card.bonus < 0 or s.module not in ("cities", "trading-posts"):
            return 0.0
        bonuses = side.bonuses[:]
        bonuses[card.bonus] += card.bonus_count
        if s.module == "cities":
            if side.city is None:
                points = side.points + card.points
                if any(not city_shortfall(c, points, bonuses) for c in s.cities):
                    return self.w.city_held
            return 0.0
        return sum(self._post_worth(post, side) for post in s.posts
                   if post.id not in side.posts
                   and post_shortfall(post, side.bonuses, side.nobles)
                   and not post_shortfall(post, bonuses, side.nobles))

    def score_actions(
        self, s: Situation, actions: tuple[Action, ...], world: WorldSource | None = None,
        resolve: bool = True,
    ) -> list[float]:
        """A score for each action: the change in the mover's value plus action terms.

        In a module game `world` gives a world consistent with the mover's view, on
        copies of which the engine plays the module's actions; with `resolve` the
        decision steps an action brings are played too (greedily) before judging."""
        if s.module is not None:
            return self._score_module(s, actions, world, resolve)
        me = s.me
        base = self.value(s, me, s.market)
        first = actions[0]
        if isinstance(first, ChooseNoble):
            return [self._noble_choice(s, a) for a in actions]  # type: ignore[arg-type]
        scores = []
        for action in actions:
            if isinstance(action, Take | TakeTwo):
                scores.append(self._take(s, action, base))
            elif isinstance(action, Buy):
                scores.append(self._buy(s, action) - base)
            elif isinstance(action, Reserve):
                scores.append(self._reserve(s, action) - base)
            elif isinstance(action, ReserveDeck):
                scores.append(self._reserve_deck(s) - base)
            elif isinstance(action, Return):
                scores.append(self._return(s, action) - base)
            else:
                scores.append(0.0)
        return scores

    def _take(self, s: Situation, action: Take | TakeTwo, base: float) -> float:
        me = s.me
        taken = tokens_taken(action)
        assert taken is not None
        tokens = [t + n for t, n in zip(me.tokens, taken, strict=True)]
        side = me.changed(tokens=tokens)
        excess = sum(tokens) - s.token_limit
        for _ in range(max(0, excess)):
            side = self._best_single_return(s, side)
        score = self.value(s, side, s.market) - base
        if side.tokens == me.tokens:
            score -= self.w.null_move  # taking and giving back the same tokens: no progress
        return score

    def _best_single_return(self, s: Situation, side: Side) -> Side:
        best: Side | None = None
        best_value = 0.0
        for c, n in enumerate(side.tokens):
            if not n:
                continue
            tokens = side.tokens[:]
            tokens[c] -= 1
            trial = side.changed(tokens=tokens)
            v = self.value(s, trial, s.market)
            if best is None or v > best_value:
                best, best_value = trial, v
        assert best is not None
        return best

    def _buy(self, s: Situation, action: Buy) -> float:
        me = s.me
        card = next((c for c in s.market if c.id == action.card_id), None)
        from_market = card is not None
        if card is None:
            card = next(c for c in me.reserved if c.id == action.card_id)
        pay = default_payment(me.tokens, me.bonuses, card)
        tokens = [t - n for t, n in zip(me.tokens, pay, strict=True)]
        bonuses = me.bonuses[:]
        bonuses[card.bonus] += 1
        points = me.points + card.points
        reserved = me.reserved if from_market else [c for c in me.reserved if c is not card]
        market = [c for c in s.market if c is not card] if from_market else s.market
        side = Side(tokens, bonuses, points, reserved, me.cards + 1)
        v = self.value(s, side, market) + self.w.buy
        if from_market:
            v += self._deny(s, card)
        return v + self._finish_bonus(s, points + self._noble_gain(s, bonuses))

    def _reserve(self, s: Situation, action: Reserve) -> float:
        me = s.me
        card = next(c for c in s.market if c.id == action.card_id)
        tokens = me.tokens[:]
        tokens[GOLD] += 1  # optimistic: a gold token when the bank has one
        side = me.changed(tokens=tokens, reserved=[*me.reserved, card])
        market = [c for c in s.market if c is not card]
        v = self.value(s, side, market) + self._deny(s, card)
        return v - self._overflow_cost(s, tokens)

    def _reserve_deck(self, s: Situation) -> float:
        me = s.me
        tokens = me.tokens[:]
        tokens[GOLD] += 1
        side = me.changed(tokens=tokens)
        v = self.value(s, side, s.market) - self.w.reserve_slot + self.w.blind_card
        return v - self._overflow_cost(s, tokens)

    def _overflow_cost(self, s: Situation, tokens: list[int]) -> float:
        return self.w.token * max(0, sum(tokens) - s.token_limit)

    def _return(self, s: Situation, action: Return) -> float:
        me = s.me
        tokens = [t - r for t, r in zip(me.tokens, action.tokens, strict=True)]
        side = me.changed(tokens=tokens)
        v = self.value(s, side, s.market)
        if s.just_taken is not None and action.tokens == s.just_taken:
            v -= self.w.null_move
        return v

    def _noble_gain(self, s: Situation, bonuses: list[int]) -> int:
        for noble in s.nobles:
            if not bonus_shortfall(bonuses, noble):
                return noble.points
        return 0

    def _finish_bonus(self, s: Situation, points: int) -> float:
        """Reaching the target is worth more than its points, most of all when it wins."""
        if points < s.target:
            return 0.0
        best_other = max((o.points for o in s.opponents), default=0)
        if s.final_round or s.last_to_play:
            return self.w.win if points > best_other else self.w.win / 4
        return self.w.win / 2

    def _noble_choice(self, s: Situation, action: ChooseNoble) -> float:
        # Every noble is worth the same to the mover: take the one an opponent is nearest.
        noble = next(n for n in s.candidates if n.id == action.noble_id)
        nearest = min((bonus_shortfall(o.bonuses, noble) for o in s.opponents), default=0)
        return -float(nearest)


#: The decision steps whose choice can cost an opponent something (a card blocked or
#: taken, a noble kept aside or visiting, a city): their score counts that loss too.
_RIVAL_PHASES = frozenset({
    Phase.STRONGHOLD, Phase.KEEP_NOBLE, Phase.NOBLE, Phase.CITY, Phase.FREE,
})


class _Simulator:
    """Scores a module game's actions by playing them on copies of one world consistent
    with the mover's view, and judging the mover's value after (the table as the mover
    knew it: a card dealt to refill the market is not counted, its demand unchanged)."""

    def __init__(self, ev: Evaluator, s: Situation, world: GameState, base: float) -> None:
        self.ev, self.s, self.world, self.base = ev, s, world, base
        self.seat = world.current
        self.known = frozenset(c.id for c in s.market)
        self._before: list[tuple[int, Situation, float]] | None = None
        #: Value parts by situation (kept with it, so that its id stays its own).
        self._parts: dict[int, tuple[Situation, tuple[float, list[tuple[str, float]],
                                                       list[float]]]] = {}

    def score(self, action: Action, resolve: bool) -> float:
        ev, s, world = self.ev, self.s, self.world
        if world.phase in _RIVAL_PHASES and self._before is None:
            self._before = self._rivals(world)
        if world.phase is Phase.STRONGHOLD:
            assert self._before is not None
            mine, loss = self._hold_option(world, s, self._before, action)
            return mine - self.base + loss
        after = world.clone()
        after.apply_unchecked(action)
        extra = 0.0
        if self._before is not None:
            extra += self._loss(self._before, after)
        if resolve:
            extra += self._resolve(after)
        sa = self._judged(after, self.seat)
        score = ev.value(sa, sa.me, sa.market) - self.base + extra
        if isinstance(action, Buy | Conquer):
            if sa.me.cards > s.me.cards:
                score += ev.w.buy  # tempo: cards gained (not a double gold)
            left = {c.id for c in sa.market}
            for card in s.market:
                if card.id not in left:
                    score += ev._deny(s, card)
        return score + ev._module_finish(s, sa.me)

    def _judged(self, world: GameState, seat: int) -> Situation:
        sa = situation_from_state(world, seat, self.ev.w, self.s.demand)
        known = self.known
        sa.market = [c for c in sa.market if c.id in known]
        return sa

    def _rivals(self, world: GameState) -> list[tuple[int, Situation, float]]:
        """Each opponent's seat, situation and value in `world`."""
        out = []
        for seat in range(world.num_players):
            if seat != self.seat:
                so = situation_from_state(world, seat, self.ev.w)
                so.market = [c for c in so.market if c.id in self.known]
                out.append((seat, so, self.ev.value(so, so.me, so.market)))
        return out

    def _loss(self, before: list[tuple[int, Situation, float]], after: GameState) -> float:
        """What the opponent hurt most loses from `before` to `after` (negative when they
        all gain), weighted by `block`."""
        worst = -math.inf
        for seat, so, value in before:
            sa = situation_from_state(after, seat, self.ev.w, so.demand)
            sa.market = [c for c in sa.market if c.id in self.known]
            worst = max(worst, value - self.ev.value(sa, sa.me, sa.market))
        return self.ev.w.block * worst

    def _hold_option(
        self, world: GameState, s: Situation, rivals: list[tuple[int, Situation, float]],
        action: Action,
    ) -> tuple[float, float]:
        """A stronghold step judged on the situations before it with the strongholds as
        the engine leaves them (nothing else changes at that step): the mover's value
        and the opponents' loss."""
        trial = world.clone()
        trial.apply_unchecked(action)
        assert isinstance(trial, ExpansionState)
        holds = trial.holds
        mine = self._value_with(s, holds)
        worst = max(value - self._value_with(so, holds) for _, so, value in rivals)
        return mine, self.ev.w.block * worst

    def _value_with(self, s: Situation, holds: dict[str, tuple[int, int]]) -> float:
        """`s`'s value with other strongholds (the rest of it computed once)."""
        parts = self._parts.get(id(s))
        if parts is None:
            parts = self._parts[id(s)] = (s, self.ev._module_parts(s, s.me, s.market))
        fixed, raw, reserved = parts[1]
        return self.ev._with_holds(fixed, raw, reserved, holds, s.me.seat)

    def _resolve(self, world: GameState) -> float:
        """Play the mover's following decision steps greedily (each option judged by the
        mover's value after it); the opponents' losses of the chosen ones."""
        ev, seat = self.ev, self.seat
        extra = 0.0
        for _ in range(8):
            if world.phase is Phase.MAIN or world.phase is Phase.OVER or world.current != seat:
                break
            actions = world.legal_actions()
            chosen, gain = actions[0], 0.0
            if len(actions) > 1:
                before = self._rivals(world) if world.phase in _RIVAL_PHASES else None
                mover = self._judged(world, seat) if world.phase is Phase.STRONGHOLD else None
                best = None
                for action in actions:
                    if mover is not None and before is not None:
                        score, loss = self._hold_option(world, mover, before, action)
                    else:
                        trial = world.clone()
                        trial.apply_unchecked(action)
                        loss = self._loss(before, trial) if before is not None else 0.0
                        sa = self._judged(trial, seat)
                        score = ev.value(sa, sa.me, sa.market)
                    score += loss
                    if best is None or score > best:
                        best, chosen, gain = score, action, loss
            world.apply_unchecked(chosen)
            extra += gain
        return extra


def pick(scores: list[float], actions: tuple[Action, ...], rng: random.Random,
         noise: float) -> Action:
    """The best-scoring action after adding Gaussian noise of `noise` (0: none)."""
    if noise:
        scores = [x + rng.gauss(0.0, noise) for x in scores]
    best = max(range(len(actions)), key=scores.__getitem__)
    return actions[best]
