"""A module game's rollout scoring in fast form: `Evaluator.score_actions` on a quick look
(`resolve=False`) with the takes (and a take of two the engine does not follow with a
step) and the reservations valued from tables made once per decision, the same
arithmetic in the same order as `module_parts` and `with_holds`, so every score is the
same float (tests compare them over hundreds of positions a module).

Why it is faster: a holding that differs from the mover's only in tokens (every take,
every return tried after it, a blind reservation) has the same points, bonuses, pieces,
nobles, city, posts and cards' worths; only the tokens each card still lacks change.
Those are read from `FastScorer`'s tables (one byte a card, an Orient card's too unless
its lack is not in tokens) and the value memoized by the tokens. A reservation from the
market moves one card to the reserve: what every reservation of a decision shares is
made once, and only the card reserved and the cards whose worth counts the market (an
Orient card's free card) are judged for each. That holds
for a module whose terms value a card's ability, the pieces, the kept nobles and their
own term without reading the tokens: the modules in `FAST_TERMS`.

A plain card's purchase after which the turn brings nothing more (no noble visits, and
the module's terms say it claims nothing: `ModuleValue.quiet_purchase`, the Cities' when
no city is met) is judged from the situation as the simulator would after playing it: the
mover's side with the payment and the card, the known market without it, its value from
the holding's tables (a bonus more counting as a token more of its colour) when every
card's prospect is in them. The mover's value before (the base of every score) is read
from the tables too. Every other action (any other purchase, a conquest, a step, a
return) is scored by the evaluator as before.
"""

from __future__ import annotations

import math
from operator import mul

from splendor.bots.value.cities import CitiesValue
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
    Buy,
    Card,
    GameData,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    bonus_shortfall,
    default_payment,
)

#: The modules whose takes and reservations are scored in fast form: their terms read no
#: tokens in a card's worth (`ability_worth`), the pieces, the kept nobles or their own
#: term (`own_value`), no reserved card in a card's lack (`missing`) or worth or in the
#: kept nobles, and the market in a card's worth only for the abilities in
#: `READS_MARKET`; a card's lack is the tokens it lacks where `lack_is_tokens` says so.
#: A module not named here (the default terms) is scored as before.
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
        # The mover's value from the holding's tables: `ev.value(s, s.me, s.market)`,
        # the same terms in the same order (tests compare them).
        holding = _Holding(self, s)
        base = holding.value(tuple(s.me.tokens))
        scores: list[float] = []
        take_two_played = terms.take_two_played(s)
        sim: _Simulator | None = None
        skipped = terms.skipped(actions, False)
        for i, action in enumerate(actions):
            kind = type(action)
            if skipped and i in skipped:
                scores.append(-math.inf)
            elif kind is Take or (kind is TakeTwo and not take_two_played) \
                    or kind is ReserveDeck or kind is Reserve:
                scores.append(self._token_action(s, action, holding, base))
            elif kind is Return:
                scores.append(ev.give_back(s, action) - base)  # type: ignore[arg-type]
            elif kind is Pass:
                scores.append(0.0)
            else:
                if kind is Buy:
                    quiet = self._quiet_buy(s, action, holding, base)  # type: ignore[arg-type]
                    if quiet is not None:
                        scores.append(quiet)
                        continue
                if sim is None:
                    sim = _Simulator(ev, s, world(), base)
                scores.append(sim.score(action, False))
        return scores

    def _quiet_buy(self, s: Situation, action: Buy, holding: _Holding,
                   base: float) -> float | None:
        """`_Simulator.score` of a purchase after which the engine does nothing but pay,
        move the card and refill the market (no noble visits, the module claims nothing:
        `ModuleValue.quiet_purchase`), judged from the situation without playing it: the
        same side and known market the simulator would build, the same terms added in its
        order. None where the purchase must be played."""
        me, terms = s.me, s.terms
        assert terms is not None
        if me.gold2 or me.doubles or action.doubles or action.discard:
            return None
        card = next((c for c in s.market if c.id == action.card_id), None)
        from_market = card is not None
        if card is None:
            card = next(c for c in me.reserved if c.id == action.card_id)
        if card.ability is not None:
            return None
        pay = action.payment
        if pay is None:
            pay = default_payment(me.tokens, me.bonuses, card)
        bonuses = me.bonuses[:]
        bonuses[card.bonus] += card.bonus_count
        for noble in s.nobles:
            if not bonus_shortfall(bonuses, noble):
                return None  # a noble visits: played by the engine
        after = me.changed(
            tokens=[t - n for t, n in zip(me.tokens, pay, strict=True)], bonuses=bonuses,
            points=me.points + card.points, cards=me.cards + 1,
            reserved=me.reserved if from_market else [c for c in me.reserved if c is not card])
        if not terms.quiet_purchase(s, after):
            return None
        ev = self.ev
        v = holding.buying(card, after)
        if v is None:
            market = [c for c in s.market if c is not card] if from_market else s.market
            v = ev.value(s, after, market)
        # As `_Simulator.score` adds them: the value, the tempo, the card denied.
        score = v - base + 0.0
        score += ev.w.buy
        if from_market:
            score += ev.deny(s, card)
        return score + terms.finish(ev, s, after)

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
        self.ev, self.w, self.s, self.terms, self.fast = ev, w, s, terms, fast
        me, market, demand = s.me, s.market, s.demand
        self.head = fast._head(me.points, me.bonuses, demand)
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
        # The market cards with an ability whose lack the tables count too (their worth
        # is fixed while the market is: every take and return of the decision).
        abilities: list[tuple[Card, float]] = []
        lack_is_tokens = terms.lack_is_tokens
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
                if tabled and worth > 0 and lack_is_tokens(card):
                    abilities.append((card, worth))
                    continue
            if worth > 0:
                self.other.append((card, worth))
                self.other_ids.append(card.id)
        #: The market cards without an ability in the tables, first: a reservation
        #: keeps their prospects and judges the others again (`market_other`).
        self.plain_market = len(table_cards)
        for card, worth in abilities:
            table_cards.append(card)
            self.table_worths.append(worth)
            self.table_ids.append(card.id)
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
        #: Whether every card's prospect comes from the tables, none with an ability
        #: (whose worth may read the holding): a purchase is then judged from them.
        self.all_tabled = tabled and not self.other and all(
            c.ability is None for c in table_cards)
        self.tables = FastScorer._tables(table_cards, me.bonuses)
        self.nterms = fast._noble_terms([bonus_shortfall(me.bonuses, n) for n in s.nobles],
                                        s.nobles)
        self.own = terms.own_value(ev, s, me)
        self.memo: dict[tuple[int, ...], float] = {}
        #: What the reservations of a decision share (`_Reserving`), made for the tokens
        #: they hold (one gold more than the mover's: the same for all of them).
        self.shared: _Reserving | None = None

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

    def buying(self, card: Card, after: Side) -> float | None:
        """`module_value` of `after`, the mover once the plain card `card` (from the
        market or its reserve) is bought and paid, on the known market without it; None
        where the tables cannot tell it (a card with an ability, strongholds, a bonus
        worth more than one). A bonus more of the card's colour counts in the tables as
        a token more of it for every card (`FastScorer.main_scores`)."""
        if not self.all_tabled or self.s.holds or card.bonus_count != 1:
            return None
        ev, w, s, terms = self.ev, self.w, self.s, self.terms
        i = next(i for i, c in enumerate(self.table_cards) if c is card)
        t = after.tokens
        gold = t[GOLD]
        v = self.fast._head(after.points, after.bonuses, s.demand)
        v += w.token * (sum(t) - gold) + w.gold * gold
        v += terms.pieces(w, after)
        v -= w.reserve_slot * len(after.reserved)
        short = t[:]
        short[card.bonus] += 1
        prospects = self._table_prospects(tuple(short))
        del prospects[i]
        if w.noble:
            bonuses = after.bonuses
            for term in self.fast._noble_terms(
                    [bonus_shortfall(bonuses, n) for n in s.nobles], s.nobles):
                v += term
            v = terms.add_kept(ev, after, v)
        v += terms.own_value(ev, s, after)
        if prospects:
            prospects.sort(reverse=True)
            v += w.prospect * sum(prospects[: w.prospect_cards])
        return v

    def reserving(self, card: Card, t: tuple[int, ...]) -> float:
        """The value after reserving the market card `card`, holding the tokens `t`: the
        terms `module_value` adds, in its order, with what every reservation of the
        decision shares made once (`_Reserving`); only the cards whose worth counts the
        market, and the card reserved, are judged for each."""
        shared = self.shared
        if shared is None or shared.tokens != t:
            shared = self.shared = _Reserving(self, t)
        ev, w, s, terms = self.ev, self.w, self.s, self.terms
        side, decay, missing_of = shared.side, ev.decay, shared.missing_of
        market: list[Card] | None = None  # without `card`: made when a worth reads it

        def worth_of(c: Card) -> float:
            nonlocal market
            if c.ability is None:
                return c.points + w.card_bonus * s.demand[c.bonus]
            worth = self.fixed_worth.get(c.id)
            if worth is None:
                if market is None:
                    market = [m for m in s.market if m is not card]
                worth = terms.ability_worth(ev, s, side, c, market)
            return worth

        market_p = [(i, p) for i, p, c in shared.plain if c is not card]
        for c, p in shared.other:
            if c is card:
                continue
            if p is None:  # its worth counts the market, which `card` leaves
                worth = worth_of(c)
                if worth <= 0:
                    continue
                p = worth * decay[min(39, missing_of(c))]
            market_p.append((c.id, p))
        reserved_p = shared.reserved[:]
        for c in shared.judged:
            worth = worth_of(c)
            if worth > 0:
                reserved_p.append(w.reserved_factor * worth * decay[min(39, missing_of(c))])
        worth = worth_of(card)
        if worth > 0:
            reserved_p.append(w.reserved_factor * worth * decay[min(39, missing_of(card))])
        if s.holds:
            return self._last(shared.fixed, side, market_p, reserved_p)
        return self._last(shared.fixed, side, None, [p for _, p in market_p] + reserved_p)


class _Reserving:
    """What every reservation of a decision shares, each holding the tokens `tokens`:
    the mover with them (its reserve as it is: the terms read no reserved card, see
    `FAST_TERMS`), the first terms of the value, the prospects of the market cards
    whose worth does not count the market and of the cards already reserved, and each
    card's lack (by id, memoized)."""

    def __init__(self, holding: _Holding, tokens: tuple[int, ...]) -> None:
        ev, w, s, terms = holding.ev, holding.w, holding.s, holding.terms
        decay, demand = ev.decay, s.demand
        self.tokens = tokens
        self.side = s.me.changed(tokens=list(tokens))
        self.terms = terms
        self.known: dict[str, int] = {}
        self.fixed = holding._fixed(tokens, len(s.me.reserved) + 1)
        table_p = holding._table_prospects(tokens)
        split = holding.from_reserve
        #: The plain market cards in the tables: (id, prospect, card).
        self.plain = list(zip(holding.table_ids, table_p[:holding.plain_market],
                              holding.table_cards, strict=False))
        #: The other market cards, each with its prospect, or None where its worth
        #: counts the market (judged again for each reservation).
        self.other: list[tuple[Card, float | None]] = []
        for c in holding.market_other:
            if c.ability in READS_MARKET:
                self.other.append((c, None))
                continue
            if c.ability is None:
                worth = c.points + w.card_bonus * demand[c.bonus]
            else:
                worth = holding.fixed_worth[c.id]
            if worth > 0:
                self.other.append((c, worth * decay[min(39, self.missing_of(c))]))
        #: The reserved cards' prospects from the tables, and the reserved cards the
        #: terms judge (with an ability, or all when the tables are not used).
        self.reserved = table_p[split:]
        self.judged = [c for c in s.me.reserved
                       if c.ability is not None or not holding.tabled]

    def missing_of(self, c: Card) -> int:
        """The terms' `missing` of card `c` with these tokens."""
        m = self.known.get(c.id)
        if m is None:
            m = self.known[c.id] = self.terms.missing(self.side, c)
        return m
