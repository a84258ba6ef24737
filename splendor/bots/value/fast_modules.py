"""A module game's rollout scoring in fast form: `Evaluator.score_actions` (quick look,
`resolve=False`) with the token actions (a take, a take of two the engine does not
follow with a step, a blind reservation) valued from tables made once per decision, the
same arithmetic in the same order as `module_parts` and `with_holds`, so every score is
the same float (tests compare them over thousands of module positions).

Why it is faster: a holding that differs from the mover's only in tokens (every take,
every return tried after it, a blind reservation) has the same points, bonuses, pieces,
nobles, city, posts and cards' worths; only the tokens each card still lacks change.
Those are read from `FastScorer`'s tables (one byte a card) and the value memoized by
the tokens. That holds for a module whose terms value a card's ability and the module's
own pieces without reading the tokens: the modules in `FAST_TERMS`. Every other action
(a purchase, a reservation from the market, a conquest, a step) is scored as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from splendor.bots.value.cities import CitiesValue
from splendor.bots.value.fast import _LESS_GOLD, FastScorer, _best_return
from splendor.bots.value.module_games import _Simulator
from splendor.bots.value.orient import OrientValue
from splendor.bots.value.situation import Situation, WorldSource
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

#: The mover's value with other tokens (nothing else changed), by the tokens.
_TokenValues = Callable[[tuple[int, ...]], float]

#: The modules whose token actions are scored in fast form: their terms read no tokens
#: in a card's worth (`ability_worth`), the pieces, the kept nobles or their own term
#: (`own_value`). A module not named here is scored by the evaluator alone.
FAST_TERMS: frozenset[type[ModuleValue]] = frozenset({
    CitiesValue, TradingPostsValue, OrientValue, StrongholdsValue,
})


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
        by_tokens = None
        for i, action in enumerate(actions):
            kind = type(action)
            if skipped and i in skipped:
                scores.append(-math.inf)
            elif kind is Take or (kind is TakeTwo and not take_two_played) \
                    or kind is ReserveDeck:
                if by_tokens is None:
                    by_tokens = self._by_tokens(s)
                scores.append(self._token_action(s, action, by_tokens, base))
            elif kind is Reserve:
                scores.append(ev.reserve(s, action) - base)  # type: ignore[arg-type]
            elif kind is Return:
                scores.append(ev.give_back(s, action) - base)  # type: ignore[arg-type]
            elif kind is Pass:
                scores.append(0.0)
            else:
                if sim is None:
                    sim = _Simulator(ev, s, world(), base)
                scores.append(sim.score(action, False))
        return scores

    def _token_action(self, s: Situation, action: Action, by_tokens: _TokenValues,
                      base: float) -> float:
        """`Evaluator.take` or `Evaluator.reserve_deck` minus `base`."""
        w = self.w
        mine = tuple(s.me.tokens)
        limit = s.token_limit
        after = list(mine)
        if isinstance(action, ReserveDeck):
            after[GOLD] += 1
            v = by_tokens(tuple(after)) - w.reserve_slot + w.blind_card
            return v - w.token * max(0, sum(after) - limit) - base
        if isinstance(action, Take):
            for c in action.colors:
                after[c] += 1
        else:
            assert isinstance(action, TakeTwo)
            after[action.color] += 2
        t = tuple(after)
        for _ in range(max(0, sum(t) - limit)):
            t = _best_return(t, by_tokens)
        score = by_tokens(t) - base
        if t == mine:
            score -= w.null_move
        return score

    def _by_tokens(self, s: Situation) -> _TokenValues:
        """`module_value` of the mover's holding with other tokens, memoized by them."""
        ev, w, terms = self.ev, self.w, s.terms
        assert terms is not None
        me, market, demand = s.me, s.market, s.demand
        v = w.points * me.points
        v += w.bonus * sum(b * d for b, d in zip(me.bonuses, demand, strict=False))
        head = v
        pieces = terms.pieces(w, me)
        reserve_cost = w.reserve_slot * len(me.reserved)
        plain = not (me.gold2 or me.doubles)
        card_bonus, decay = w.card_bonus, ev.decay
        missing_of, ability_worth = terms.missing, terms.ability_worth
        # The cards whose lack the tables count (with the tokens alone), and the others
        # (counted by the terms' `missing`), each with its worth, in the evaluator's order.
        table_cards: list[Card] = []
        table_worths: list[float] = []
        table_ids: list[str] = []
        other: list[tuple[Card, float]] = []
        other_ids: list[str] = []
        for card in market:
            if card.ability is None:
                worth = card.points + card_bonus * demand[card.bonus]
                if plain:
                    table_cards.append(card)
                    table_worths.append(worth)
                    table_ids.append(card.id)
                    continue
            else:
                worth = ability_worth(ev, s, me, card, market)
            if worth > 0:
                other.append((card, worth))
                other_ids.append(card.id)
        in_market = len(other)
        reserved_from = len(table_cards)
        for card in me.reserved:
            if card.ability is None:
                worth = card.points + card_bonus * demand[card.bonus]
            else:
                worth = ability_worth(ev, s, me, card, market)
            if worth > 0:
                if plain and card.ability is None:
                    table_cards.append(card)
                    table_worths.append(w.reserved_factor * worth)
                else:
                    other.append((card, w.reserved_factor * worth))
        tables = self._tables(table_cards, me.bonuses)
        nterms = self._noble_terms([bonus_shortfall(me.bonuses, n) for n in s.nobles],
                                   s.nobles)
        own = terms.own_value(ev, s, me)
        holds = s.holds
        by_hold = bool(holds)  # the terms judge the market cards by their strongholds
        prospect, count, seat = w.prospect, w.prospect_cards, me.seat
        memo: dict[tuple[int, ...], float] = {}
        t0, t1, t2, t3, t4 = tables
        n_table = len(table_cards)

        def value(t: tuple[int, ...]) -> float:
            found = memo.get(t)
            if found is not None:
                return found
            gold = t[GOLD]
            v = head
            v += w.token * (sum(t) - gold) + w.gold * gold
            v += pieces
            v -= reserve_cost
            lacks = t0[t[0]] + t1[t[1]] + t2[t[2]] + t3[t[3]] + t4[t[4]]
            missing = lacks.to_bytes(n_table, "little").translate(_LESS_GOLD[gold])
            table_p = [worth * decay[m] for worth, m in zip(table_worths, missing, strict=True)]
            if other:
                side = me.changed(tokens=list(t))
                other_p = [worth * decay[min(39, missing_of(side, card))]
                           for card, worth in other]
            else:
                other_p = []
            if w.noble:
                for term in nterms:
                    v += term
                v = terms.add_kept(ev, me, v)
            v += own
            if by_hold:
                raw = [*zip(table_ids, table_p[:reserved_from], strict=True),
                       *zip(other_ids, other_p[:in_market], strict=True)]
                prospects = terms.prospects(w, raw, [*table_p[reserved_from:],
                                                     *other_p[in_market:]], holds, seat)
            else:
                prospects = table_p + other_p
            if prospects:
                prospects.sort(reverse=True)
                v += prospect * sum(prospects[:count])
            memo[t] = v
            return v

        return value
