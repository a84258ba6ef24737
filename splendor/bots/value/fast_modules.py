"""A module game's rollout scoring in fast form: `Evaluator.score_actions` on a quick look
(`resolve=False`) with the takes (and a take of two the engine does not follow with a
step) and the reservations valued from tables made once per decision, the same
arithmetic in the same order as `module_parts` and `with_holds`, so every score is the
same float (tests compare them over hundreds of positions a module).

Why it is faster: a holding that differs from the mover's only in tokens (every take,
every return tried after it, a blind reservation) has the same points, bonuses, pieces,
nobles, city, posts and cards' worths; only the tokens each card still lacks change.
Those are read from `FastScorer`'s tables (one byte a card) and the value memoized by
the tokens. A reservation from the market moves one card to the reserve; only the cards
whose worth counts the market (an Orient card's free card) are judged again. That holds
for a module whose terms value a card's ability, the pieces, the kept nobles and their
own term without reading the tokens: the modules in `FAST_TERMS`. Every other action (a
purchase, a conquest, a step, a return) is scored by the evaluator as before.
"""

from __future__ import annotations

import math
from operator import mul

from splendor.bots.value.cities import CitiesValue
from splendor.bots.value.evaluator import Evaluator
from splendor.bots.value.fast import _LESS_GOLD, FastScorer, take_score
from splendor.bots.value.module_games import _Simulator
from splendor.bots.value.orient import OrientValue
from splendor.bots.value.situation import Side, Situation, WorldSource
from splendor.bots.value.strongholds import StrongholdsValue
from splendor.bots.value.terms import ModuleValue
from splendor.bots.value.trading_posts import TradingPostsValue
from splendor.engine import (
    GOLD,
    Action,
    Card,
    GameData,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    bonus_shortfall,
)

#: The modules whose takes and reservations are scored in fast form: their terms read no
#: tokens in a card's worth (`ability_worth`), the pieces, the kept nobles or their own
#: term (`own_value`), no reserved card in a card's lack (`missing`) or worth, and the
#: market in a card's worth only for the abilities in `READS_MARKET`. A module not named
#: here (the default terms) is scored as before.
FAST_TERMS: frozenset[type[ModuleValue]] = frozenset({
    CitiesValue, TradingPostsValue, OrientValue, StrongholdsValue,
})


#: The abilities whose worth counts the market (the Orient's free card): a reservation
#: judges them again; the worth of any other card is the same whichever card it takes.
READS_MARKET: frozenset[str | None] = frozenset({"take_level2", "pair_and_take_level1"})


def fits_modules(data: GameData) -> bool:
    """Whether every card of `data` (the Orient's too) lacks fewer than 40 tokens at most
    (the evaluator's `min(39, ...)` is then the count itself)."""
    return all(sum(c.cost) < 40 for c in (*data.cards, *data.orient))


class FastModuleScorer(FastScorer):
    """`Evaluator.score_actions` of a module game's quick look (see the module
    docstring), for one evaluator's weights."""

    def module_scores(self, s: Situation, actions: tuple[Action, ...],
                      world: WorldSource) -> list[float]:
        """The scores `Evaluator.score_actions(s, actions, world, resolve=False)` gives."""
        ev, terms = self.ev, s.terms
        assert terms is not None and terms in FAST_TERMS
        base = ev.value(s, s.me, s.market)
        scores: list[float] = []
        take_two_played = terms.take_two_played(s)
        sim: _Simulator | None = None
        skipped = terms.skipped(actions, False)
        holding: _Holding | None = None
        for i, action in enumerate(actions):
            kind = type(action)
            if skipped and i in skipped:
                scores.append(-math.inf)
            elif kind is Take or (kind is TakeTwo and not take_two_played) \
                    or kind is ReserveDeck or kind is Reserve:
                if holding is None:
                    holding = _Holding(self, s)
                scores.append(self._token_action(s, action, holding, base))
            elif kind is Return:
                scores.append(ev.give_back(s, action) - base)  # type: ignore[arg-type]
            elif kind is Pass:
                scores.append(0.0)
            else:
                if sim is None:
                    sim = _Simulator(ev, s, world(), base)
                scores.append(sim.score(action, False))
        return scores

    def _token_action(self, s: Situation, action: Action, holding: _Holding,
                      base: float) -> float:
        """`Evaluator.take`, `Evaluator.reserve` or `Evaluator.reserve_deck` minus
        `base`."""
        w = self.w
        mine = tuple(s.me.tokens)
        limit = s.token_limit
        after = list(mine)
        by_tokens = holding.value
        if isinstance(action, Reserve | ReserveDeck):
            after[GOLD] += 1  # optimistic: a gold token when the bank has one
            if isinstance(action, Reserve):
                card = next(c for c in s.market if c.id == action.card_id)
                v = holding.reserving(card, tuple(after)) + self.ev.deny(s, card)
            else:
                v = by_tokens(tuple(after)) - w.reserve_slot + w.blind_card
            return v - w.token * max(0, sum(after) - limit) - base
        assert isinstance(action, Take | TakeTwo)
        return take_score(action, mine, limit, by_tokens, base, w.null_move)


class _Holding:
    """`module_value` of the mover's holding with other tokens (`value`, memoized by
    them), or with a gold more and a market card reserved (`reserving`): the parts that
    do not change made once, the same terms added in the same order."""

    def __init__(self, fast: FastModuleScorer, s: Situation) -> None:
        ev, w, terms = fast.ev, fast.w, s.terms
        assert terms is not None
        self.ev, self.w, self.s, self.terms = ev, w, s, terms
        me, market, demand = s.me, s.market, s.demand
        v = w.points * me.points
        v += w.bonus * sum(b * d for b, d in zip(me.bonuses, demand, strict=False))
        self.head = v
        self.pieces = terms.pieces(w, me)
        plain = not (me.gold2 or me.doubles)
        #: The tables count a card's lack with double golds too (each pays two tokens);
        #: not with post 3's golds (each pays two of one colour: colour by colour).
        self.less = 2 * me.doubles
        reach = max(me.tokens) + 3 + self.less  # a take adds three tokens at most
        self.tabled = tabled = not me.gold2 and reach < len(_LESS_GOLD)
        card_bonus = w.card_bonus
        ability_worth = terms.ability_worth
        # The cards whose lack the tables count (the tokens alone tell it), and the
        # others (counted by the terms' `missing`), each with its worth.
        table_cards: list[Card] = []
        self.table_worths: list[float] = []
        self.table_ids: list[str] = []
        #: The market cards the terms count (their worth may depend on the market).
        self.market_other: list[Card] = [c for c in market
                                          if c.ability is not None or not tabled]
        self.other: list[tuple[Card, float]] = []
        self.other_ids: list[str] = []
        #: The worth of each card with an ability that does not read the market (the
        #: same after any reservation: `FAST_TERMS`), by id.
        self.fixed_worth: dict[str, float] = {}
        for card in market:
            if card.ability is None:
                worth = card.points + card_bonus * demand[card.bonus]
                if tabled:
                    if plain or worth > 0:  # the evaluator's plain path keeps every one
                        table_cards.append(card)
                        self.table_worths.append(worth)
                        self.table_ids.append(card.id)
                    continue
            else:
                worth = ability_worth(ev, s, me, card, market)
                if card.ability not in READS_MARKET:
                    self.fixed_worth[card.id] = worth
            if worth > 0:
                self.other.append((card, worth))
                self.other_ids.append(card.id)
        self.in_market = len(self.other)
        self.from_reserve = len(table_cards)
        for card in me.reserved:
            if card.ability is None:
                worth = card.points + card_bonus * demand[card.bonus]
            else:
                worth = ability_worth(ev, s, me, card, market)
                if card.ability not in READS_MARKET:
                    self.fixed_worth[card.id] = worth
            if worth > 0:
                if tabled and card.ability is None:
                    table_cards.append(card)
                    self.table_worths.append(w.reserved_factor * worth)
                else:
                    self.other.append((card, w.reserved_factor * worth))
        self.table_cards = table_cards
        self.tables = FastScorer._tables(table_cards, me.bonuses)
        self.nterms = fast._noble_terms([bonus_shortfall(me.bonuses, n) for n in s.nobles],
                                        s.nobles)
        self.own = terms.own_value(ev, s, me)
        self.memo: dict[tuple[int, ...], float] = {}
        #: The tokens of the reservations judged (`reserving`), the table cards'
        #: prospects and each card's lack (by id) with them.
        self.reserve_tokens: tuple[int, ...] | None = None
        self.reserve_tables: list[float] = []
        self.reserve_missing: dict[str, int] = {}

    def _fixed(self, t: tuple[int, ...], reserved: int) -> float:
        """The value's first terms: points, bonuses, tokens, pieces, reserve slots."""
        w = self.w
        gold = t[GOLD]
        v = self.head
        v += w.token * (sum(t) - gold) + w.gold * gold
        v += self.pieces
        v -= w.reserve_slot * reserved
        return v

    def _table_prospects(self, t: tuple[int, ...]) -> list[float]:
        """The table cards' prospects with the tokens `t`."""
        t0, t1, t2, t3, t4 = self.tables
        lacks = t0[t[0]] + t1[t[1]] + t2[t[2]] + t3[t[3]] + t4[t[4]]
        missing = lacks.to_bytes(len(self.table_cards), "little").translate(
            _LESS_GOLD[t[GOLD] + self.less])
        prospects: list[float] = list(map(mul, self.table_worths,
                                          map(self.ev.decay.__getitem__, missing)))
        return prospects

    def _last(self, v: float, side: Side, raw: list[tuple[str, float]] | None,
              prospects: list[float]) -> float:
        """The value's last terms: nobles, kept nobles, the module's own, the prospects
        (`raw`: the market's by card id, when strongholds are on the table)."""
        w = self.w
        if w.noble:
            for term in self.nterms:
                v += term
            v = self.terms.add_kept(self.ev, side, v)
        v += self.own
        if raw is not None:
            holds = self.s.holds
            prospects = self.terms.prospects(w, raw, prospects, holds, side.seat)
            held_back = self.terms.held_back(w, raw, holds, side.seat)
            if held_back:
                v -= held_back
        if prospects:
            prospects.sort(reverse=True)
            v += w.prospect * sum(prospects[: w.prospect_cards])
        return v

    def value(self, t: tuple[int, ...]) -> float:
        """The value of the mover's holding with the tokens `t`."""
        found = self.memo.get(t)
        if found is not None:
            return found
        me = self.s.me
        v = self._fixed(t, len(me.reserved))
        table_p = self._table_prospects(t)
        other_p: list[float] = []
        if self.other:
            decay, missing_of = self.ev.decay, self.terms.missing
            side = me.changed(tokens=list(t))
            other_p = [worth * decay[min(39, missing_of(side, card))]
                       for card, worth in self.other]
        raw = None
        if self.s.holds:
            split, mine = self.from_reserve, self.in_market
            raw = [*zip(self.table_ids, table_p[:split], strict=True),
                   *zip(self.other_ids, other_p[:mine], strict=True)]
            prospects = [*table_p[split:], *other_p[mine:]]
        else:
            prospects = table_p + other_p
        v = self.memo[t] = self._last(v, me, raw, prospects)
        return v

    def reserving(self, card: Card, t: tuple[int, ...]) -> float:
        """The value after reserving the market card `card`, holding the tokens `t`."""
        ev, w, s, terms = self.ev, self.w, self.s, self.terms
        me, demand = s.me, s.demand
        side = me.changed(tokens=list(t), reserved=[*me.reserved, card])
        market = [c for c in s.market if c is not card]
        v = self._fixed(t, len(side.reserved))
        decay, fixed_worth = ev.decay, self.fixed_worth

        def ability_worth(ev: Evaluator, s: Situation, side: Side, c: Card,
                          market: list[Card]) -> float:
            worth = fixed_worth.get(c.id)
            return terms.ability_worth(ev, s, side, c, market) if worth is None else worth
        if self.reserve_tokens != t:  # the same for every reservation of a decision
            self.reserve_tokens = t
            self.reserve_tables = self._table_prospects(t)
            self.reserve_missing = {}
        table_p = self.reserve_tables
        known = self.reserve_missing

        def missing_of(side: Side, c: Card) -> int:
            # The terms' `missing` reads no reserved card (`FAST_TERMS`): with the same
            # tokens, every reservation's side lacks as much for a card.
            m = known.get(c.id)
            if m is None:
                m = known[c.id] = terms.missing(side, c)
            return m

        split = self.from_reserve
        market_p = [(i, p) for i, p, c in zip(self.table_ids, table_p[:split],
                                               self.table_cards, strict=False)
                    if c is not card]
        for c in self.market_other:  # their worth may count the market (a free card)
            if c is card:
                continue
            if c.ability is None:
                worth = c.points + w.card_bonus * demand[c.bonus]
            else:
                worth = ability_worth(ev, s, side, c, market)
            if worth > 0:
                market_p.append((c.id, worth * decay[min(39, missing_of(side, c))]))
        reserved_p = table_p[split:]
        for c in (*me.reserved, card):
            if c.ability is None:
                if self.tabled and c is not card:
                    continue  # counted by the tables
                worth = c.points + w.card_bonus * demand[c.bonus]
            else:
                worth = ability_worth(ev, s, side, c, market)
            if worth > 0:
                missing = min(39, missing_of(side, c))
                reserved_p.append(w.reserved_factor * worth * decay[missing])
        if s.holds:
            return self._last(v, side, market_p, reserved_p)
        return self._last(v, side, None, [p for _, p in market_p] + reserved_p)
