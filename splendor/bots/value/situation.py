"""What the value function reads: the `Weights` of a bot profile, and a `Situation`, what
the mover knows, built either from a seat's `View` (bots at the table) or from a sampled
world's `GameState` (the expert's rollouts): both hold only what the mover may know.

A module game's situation carries the module's value terms (`Situation.terms`, found by
the engine module through registry.py); the module's own parts of the situation (what its
requirements pull on the colours, its trading posts, a seat's gold paying two) come from
them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from splendor.bots.value.registry import terms_for, value_terms
from splendor.engine import (
    Card,
    GameData,
    GameState,
    Noble,
    Phase,
    Take,
    TakeTwo,
    View,
    parse_action,
)
from splendor.engine.components import City, TradingPost
from splendor.engine.modules import ModuleState

if TYPE_CHECKING:
    from splendor.bots.value.terms import ModuleValue

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
    blocked: float = 0.0
    guard: float = 0.0
    post_time: float = 0.0


DEFAULT_WEIGHTS = Weights()


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
    #: The module played (its id; None: the base game), its value terms (see terms.py)
    #: and its table: cities on the table, the trading posts, strongholds as card id ->
    #: (owner seat, count).
    module: str | None = None
    terms: type[ModuleValue] | None = None
    cities: tuple[City, ...] = ()
    posts: tuple[TradingPost, ...] = ()
    holds: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: The mover's value with other tokens (a take, the returns tried after it), by the
    #: tokens: different takes often come back to the same holding.
    token_values: dict[tuple[int, ...], float] = field(default_factory=dict)


def demand_of(
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
    terms = value_terms(view.module)
    sides = []
    for p in view.players:
        reserved = [c for c in p.reserved if isinstance(c, Card)]
        side = Side(list(p.tokens), list(p.bonuses), p.points, reserved, len(p.purchased))
        if terms is not None:
            side.seat, side.posts, side.doubles = p.seat, p.posts, len(p.doubles)
            side.city, side.kept, side.nobles = p.city, p.kept_nobles, len(p.nobles)
            side.gold2 = terms.gold_doubles(p.posts)
        sides.append(side)
    me = sides[view.seat]
    opponents = [s for i, s in enumerate(sides) if i != view.seat]
    just_taken = None
    if view.phase is Phase.RETURN and view.history:
        just_taken = tokens_taken(parse_action(view.history[-1]))
    last_seat = (view.first_player - 1) % view.num_players
    cities = view.cities
    posts: tuple[TradingPost, ...] = ()
    wants: tuple[tuple[float, tuple[int, ...]], ...] = ()
    if terms is not None:
        posts = terms.table_posts(data)
        wants = terms.wants(weights or DEFAULT_WEIGHTS, cities, posts)
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
        demand=demand_of(market, me.reserved, list(view.nobles), wants),
        module=view.module,
        terms=terms,
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
    given, is used instead of the table's (see `demand_of`)."""
    seat = state.current if seat is None else seat
    market = state.market_cards()
    terms = terms_for(type(state)) if isinstance(state, ModuleState) else None
    sides = []
    for s, p in enumerate(state.players):
        # Other players' blind reserves are left out: the mover could not see them.
        reserved = [c for c in p.reserved if s == seat or c.id not in p.blind]
        side = Side(p.tokens[:], p.bonuses[:], p.points, reserved, len(p.purchased))
        if terms is not None:
            assert isinstance(state, ModuleState)
            mp = state.players[s]
            posts = tuple(mp.posts)
            side.seat, side.posts, side.doubles = s, posts, len(mp.doubles)
            side.city, side.kept, side.nobles = mp.city, tuple(mp.kept_nobles), len(mp.nobles)
            side.gold2 = terms.gold_doubles(posts)
        sides.append(side)
    me = sides[seat]
    just_taken = None
    if state.phase is Phase.RETURN and state.history and seat == state.current:
        just_taken = tokens_taken(state.history[-1])
    cities: tuple[City, ...] = ()
    table_posts: tuple[TradingPost, ...] = ()
    holds: dict[str, tuple[int, int]] = {}
    wants: tuple[tuple[float, tuple[int, ...]], ...] = ()
    if terms is not None:
        assert isinstance(state, ModuleState)
        cities = tuple(state.cities)
        table_posts = terms.table_posts(state.data)
        holds = state.holds
        if demand is None:
            wants = terms.wants(weights or DEFAULT_WEIGHTS, cities, table_posts)
    if demand is None:
        demand = demand_of(market, me.reserved, list(state.nobles), wants)
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
        module=state.module,
        terms=terms,
        cities=cities,
        posts=table_posts,
        holds=holds,
    )
