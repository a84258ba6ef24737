"""The expert's rollout policy in fast form: `Evaluator.score_actions` for a base-game
main action, computed straight from a sampled world's `GameState`, with the same
arithmetic in the same order, so every score is the same float (tests compare them
over thousands of positions) and a rollout plays the same game for the same random
numbers.

Why it is faster: the situation is not built as objects; the value of a holding that
differs from the mover's only in tokens (every take, every return tried after it, a
blind reservation) reads tables made once per decision (each card's worth and the
tokens it still needs after bonuses, the nobles' terms) and is memoized by the tokens
(the returns tried after different takes often reach the same holding).

Only what the base game's main action needs is here; every other decision (a return,
a noble choice, a module's game) is scored by the `Evaluator` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import mul

from splendor.bots.value.evaluator import Evaluator
from splendor.bots.value.situation import demand_of
from splendor.engine import (
    GOLD,
    Action,
    Buy,
    Card,
    GameData,
    GameState,
    Noble,
    PlayerState,
    Reserve,
    ReserveDeck,
    Take,
    TakeTwo,
    bonus_shortfall,
    default_payment,
    tokens_missing,
)

#: Token counts of one colour the tables cover (a base-game holding never comes near).
_COUNTS = 24
#: For a gold count g, each byte b mapped to max(0, b - g): what gold leaves unpaid.
_LESS_GOLD = tuple(bytes(max(0, b - g) for b in range(256)) for g in range(_COUNTS))


def fits(data: GameData) -> bool:
    """Whether `data`'s numbers fit the tables: a card's cost below 256 (one byte), a
    seat's tokens of one kind below `_COUNTS` (the base game's: 14 and 7)."""
    most = max(max(s.gems, s.gold) for s in data.setups.values())
    return most + 2 < _COUNTS and all(sum(c.cost) < 256 for c in data.cards)


class FastScorer:
    """`Evaluator.score_actions` for the base game's main action (see the module
    docstring), for one evaluator's weights.

    The tokens each card still lacks are counted for all the cards at once: one byte a
    card in one integer, the sum over the five colours of a table made once per decision
    (`_tables`), then gold taken off each byte by `bytes.translate`.
    """

    def __init__(self, evaluator: Evaluator) -> None:
        self.ev = evaluator
        self.w = evaluator.w

    # ------------------------------------------------------------------ tables

    def _head(self, points: int, bonuses: list[int], demand: list[float]) -> float:
        w = self.w
        v = w.points * points
        v += w.bonus * sum(b * d for b, d in zip(bonuses, demand, strict=False))
        return v

    def _noble_terms(self, missing: list[int], nobles: list[Noble]) -> list[float]:
        """Each noble's term of the value, `missing[i]` bonuses short of noble i."""
        w = self.w
        if not w.noble:
            return []
        ndecay = self.ev.noble_decay
        return [(w.points if not m else w.noble * ndecay[m]) * noble.points
                for m, noble in zip(missing, nobles, strict=True)]

    @staticmethod
    def _tables(cards: list[Card], bonuses: list[int]) -> list[list[int]]:
        """By colour and token count k: each card's max(0, need - k) (need: its cost of
        that colour after `bonuses`), card i in byte i."""
        tables = [[0] * _COUNTS for _ in range(5)]
        shift = 0
        for card in cards:
            for c, n in card.cost_items:
                need = n - bonuses[c]
                if need > 0:
                    row = tables[c]
                    for k in range(need):
                        row[k] += (need - k) << shift
            shift += 8
        return tables

    def _value(self, head: float, tokens: tuple[int, ...] | list[int], reserve_cost: float,
               tables: list[list[int]], short: tuple[int, ...] | list[int],
               worths: list[float], skip: int, nobles: list[float]) -> float:
        """`Evaluator.value` from the tables: the same terms, added in the same order.
        `short` are the tokens the cards' shortfalls are counted with (the tokens, plus a
        bonus just bought), `skip` the index of a card gone (-1: none)."""
        w = self.w
        decay = self.ev.decay
        gold = tokens[GOLD]
        v = head
        v += w.token * (sum(tokens) - gold) + w.gold * gold
        v -= reserve_cost
        t0, t1, t2, t3, t4 = tables
        lacks = (t0[short[0]] + t1[short[1]] + t2[short[2]] + t3[short[3]] + t4[short[4]])
        missing = lacks.to_bytes(len(worths), "little").translate(_LESS_GOLD[gold])
        prospects: list[float] = list(map(mul, worths, map(decay.__getitem__, missing)))
        if skip >= 0:
            del prospects[skip]
        if prospects:
            prospects.sort(reverse=True)
            v += w.prospect * sum(prospects[: w.prospect_cards])
        for term in nobles:
            v += term
        return v

    def value_of(self, state: GameState, seat: int) -> float:
        """`Evaluator.value` of `seat`'s position as its situation in `state` gives it
        (`situation_from_state(state, seat)`: its own reserve, the table's demand)."""
        w, ev = self.w, self.ev
        p = state.players[seat]
        tokens, bonuses, reserved = p.tokens, p.bonuses, p.reserved
        market = state.market_cards()
        demand = demand_of(market, reserved, state.nobles)
        v = self._head(p.points, bonuses, demand)
        gold = tokens[GOLD]
        v += w.token * (sum(tokens) - gold) + w.gold * gold
        v -= w.reserve_slot * len(reserved)
        decay, card_bonus = ev.decay, w.card_bonus
        prospects = []
        for group, factor in ((market, 1.0), (reserved, w.reserved_factor)):
            for card in group:
                worth = card.points + card_bonus * demand[card.bonus]
                prospects.append(factor * worth * decay[tokens_missing(tokens, bonuses, card)])
        if prospects:
            prospects.sort(reverse=True)
            v += w.prospect * sum(prospects[: w.prospect_cards])
        for term in self._noble_terms([bonus_shortfall(bonuses, n) for n in state.nobles],
                                      state.nobles):
            v += term
        return v

    # ----------------------------------------------------------------- scoring

    def main_scores(self, state: GameState, actions: tuple[Action, ...]) -> list[float]:
        """The scores `Evaluator.score_actions` gives `actions` (the legal actions of a
        base game's main phase) for the current player of `state`."""
        w = self.w
        seat = state.current
        me = state.players[seat]
        tokens, bonuses, reserved = me.tokens, me.bonuses, me.reserved
        market = state.market_cards()
        nobles = state.nobles
        demand = demand_of(market, reserved, nobles)
        card_bonus, factor = w.card_bonus, w.reserved_factor
        head = self._head(me.points, bonuses, demand)
        short_of = [bonus_shortfall(bonuses, n) for n in nobles]
        nterms = self._noble_terms(short_of, nobles)
        #: By the colour of a card bought: the nobles' terms and the points of the noble
        #: that would visit (bonuses short of a noble: one fewer where it wants more).
        after_buy: dict[int, tuple[list[float], int]] = {}
        in_market = len(market)
        worths = [c.points + card_bonus * demand[c.bonus] for c in market]
        worths += [factor * (c.points + card_bonus * demand[c.bonus]) for c in reserved]
        cards = [*market, *reserved]
        tables = self._tables(cards, bonuses)
        reserve_cost = w.reserve_slot * len(reserved)
        memo: dict[tuple[int, ...], float] = {}
        value = self._value

        def by_tokens(t: tuple[int, ...]) -> float:
            v = memo.get(t)
            if v is None:
                v = memo[t] = value(head, t, reserve_cost, tables, t, worths, -1, nterms)
            return v

        mine = tuple(tokens)
        base = by_tokens(mine)
        limit = state.data.token_limit
        others = [p for i, p in enumerate(state.players) if i != seat]
        best_other = max((o.points for o in others), default=0)
        finish = (state.final_round, seat == state.last_seat, state.data.target_points,
                  best_other)
        scores: list[float] = []
        reserving: Callable[[int], float] | None = None
        for action in actions:
            if isinstance(action, Take | TakeTwo):
                scores.append(take_score(action, mine, limit, by_tokens, base, w.null_move))
            elif isinstance(action, Buy):
                card_id = action.card_id
                i = next(i for i, c in enumerate(cards) if c.id == card_id)
                card = cards[i]
                pay = default_payment(tokens, bonuses, card)
                after = [t - n for t, n in zip(tokens, pay, strict=True)]
                colour = card.bonus
                bought = bonuses[:]
                bought[colour] += 1
                if colour not in after_buy:
                    have = bonuses[colour]
                    left = [m - (n.requires[colour] > have) for m, n in zip(
                        short_of, nobles, strict=True)]
                    gain = next((n.points for m, n in zip(left, nobles, strict=True) if not m),
                                0)
                    after_buy[colour] = (self._noble_terms(left, nobles), gain)
                bought_terms, gain = after_buy[colour]
                short = after[:]
                short[card.bonus] += 1  # a bonus more counts as a token more for every card
                points = me.points + card.points
                v = value(self._head(points, bought, demand), after,
                          reserve_cost if i < in_market else w.reserve_slot * (len(reserved) - 1),
                          tables, short, worths, i, bought_terms)
                v += w.buy
                if i < in_market:
                    v += self._deny(card, demand, others)
                scores.append(v + self._finish(points + gain, finish) - base)
            elif isinstance(action, Reserve):
                if reserving is None:
                    reserving = self._reserving(head, mine, len(reserved), tables, worths,
                                                nterms)
                card_id = action.card_id
                i = next(i for i, c in enumerate(market) if c.id == card_id)
                v = reserving(i)
                v += self._deny(market[i], demand, others)
                scores.append(v - w.token * max(0, sum(mine) + 1 - limit) - base)
            elif isinstance(action, ReserveDeck):
                after = list(mine)
                after[GOLD] += 1
                v = by_tokens(tuple(after)) - w.reserve_slot + w.blind_card
                scores.append(v - w.token * max(0, sum(after) - limit) - base)
            else:
                scores.append(0.0)
        return scores

    def _reserving(self, head: float, mine: tuple[int, ...], reserved: int,
                   tables: list[list[int]], worths: list[float],
                   nobles: list[float]) -> Callable[[int], float]:
        """The value after reserving market card i, for each i: `_value` with a gold more
        and card i's worth times the reserved factor, its shared part computed once."""
        w = self.w
        decay = self.ev.decay
        after = list(mine)
        after[GOLD] += 1
        gold = after[GOLD]
        v0 = head
        v0 += w.token * (sum(after) - gold) + w.gold * gold
        v0 -= w.reserve_slot * (reserved + 1)
        t0, t1, t2, t3, t4 = tables
        lacks = (t0[after[0]] + t1[after[1]] + t2[after[2]] + t3[after[3]] + t4[after[4]])
        missing = lacks.to_bytes(len(worths), "little").translate(_LESS_GOLD[gold])
        prospects: list[float] = list(map(mul, worths, map(decay.__getitem__, missing)))
        factor, prospect, count = w.reserved_factor, w.prospect, w.prospect_cards

        def value(i: int) -> float:
            trial = prospects[:]
            trial[i] = factor * worths[i] * decay[missing[i]]
            trial.sort(reverse=True)
            v = v0 + prospect * sum(trial[:count])
            for term in nobles:
                v += term
            return v

        return value

    def _deny(self, card: Card, demand: list[float], others: list[PlayerState]) -> float:
        """`Evaluator.deny`."""
        w = self.w
        if not w.deny:
            return 0.0
        best = 0.0
        for o in others:
            d = tokens_missing(o.tokens, o.bonuses, card)
            if d <= 1:
                worth = card.points + w.card_bonus * demand[card.bonus]
                best = max(best, worth * (1.0 if d == 0 else 0.5))
        return w.deny * best

    def _finish(self, points: int, finish: tuple[bool, bool, int, int]) -> float:
        """`Evaluator.finish_bonus`."""
        final_round, last_to_play, target, best_other = finish
        if points < target:
            return 0.0
        w = self.w
        if final_round or last_to_play:
            return w.win if points > best_other else w.win / 4
        return w.win / 2


def take_score(action: Take | TakeTwo, mine: tuple[int, ...], limit: int,
               by_tokens: Callable[[tuple[int, ...]], float], base: float,
               null_move: float) -> float:
    """The evaluator's score of a take from `mine` (tokens), less `base`: the value of
    the tokens left after the best returns down to `limit`, a take that changes nothing
    costing `null_move`."""
    after = list(mine)
    if isinstance(action, Take):
        for c in action.colors:
            after[c] += 1
    else:
        after[action.color] += 2
    t = tuple(after)
    for _ in range(max(0, sum(t) - limit)):
        t = _best_return(t, by_tokens)
    score = by_tokens(t) - base
    if t == mine:
        score -= null_move
    return score


def _best_return(t: tuple[int, ...],
                 by_tokens: Callable[[tuple[int, ...]], float]) -> tuple[int, ...]:
    """`Evaluator._best_single_return`: the first single return valued highest."""
    best: tuple[int, ...] | None = None
    best_value = 0.0
    for c, n in enumerate(t):
        if not n:
            continue
        trial = list(t)
        trial[c] -= 1
        tt = tuple(trial)
        v = by_tokens(tt)
        if best is None or v > best_value:
            best, best_value = tt, v
    assert best is not None
    return best
