"""A value function over one player's prospects, and the one-step chooser built on it.

The bots score each legal action by the change it makes to the mover's position value
(points, bonuses weighted by what the table demands, the cards and nobles in reach,
tokens) plus action terms (denying a card an opponent is about to buy, reaching the
target). Weights come from `levels_data/bots.yaml` (see `profiles.py`).

The chooser works on a `Situation`, built either from a seat's `View` (bots at the
table) or from a sampled world's `GameState` (the expert's rollouts): both hold only
what the mover may know.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from splendor.engine import (
    GOLD,
    Action,
    Buy,
    Card,
    ChooseNoble,
    GameData,
    GameState,
    Noble,
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


@dataclass(slots=True)
class Side:
    """One player's possessions as lists, cheap to copy and change."""

    tokens: list[int]
    bonuses: list[int]
    points: int
    reserved: list[Card]
    cards: int


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


def _demand(market: list[Card], reserved: list[Card], nobles: list[Noble]) -> list[float]:
    """How much each gem colour is wanted by the visible cards and nobles (mean 1)."""
    raw = [1.0] * 5
    for card in (*market, *reserved):
        for c, n in card.cost_items:
            raw[c] += n
    for noble in nobles:
        for c, n in enumerate(noble.requires):
            raw[c] += n
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


def situation_from_view(view: View, data: GameData) -> Situation:
    """The mover's situation as its seat sees it, in a game of `data`."""
    market = [c for row in view.market for c in row if c is not None]
    sides = []
    for p in view.players:
        reserved = [c for c in p.reserved if isinstance(c, Card)]
        sides.append(Side(list(p.tokens), list(p.bonuses), p.points, reserved, len(p.purchased)))
    me = sides[view.seat]
    opponents = [s for i, s in enumerate(sides) if i != view.seat]
    just_taken = None
    if view.phase is Phase.RETURN and view.history:
        just_taken = tokens_taken(parse_action(view.history[-1]))
    last_seat = (view.first_player - 1) % view.num_players
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
        demand=_demand(market, me.reserved, list(view.nobles)),
    )


def situation_from_state(state: GameState, seat: int | None = None) -> Situation:
    """A seat's situation (default: the current player's) in a sampled world. Other
    players' blind reserves are left out: that seat could not see them."""
    seat = state.current if seat is None else seat
    market = state.market_cards()
    sides = []
    for s, p in enumerate(state.players):
        # Other players' blind reserves are left out: the mover could not see them.
        reserved = [c for c in p.reserved if s == seat or c.id not in p.blind]
        sides.append(Side(p.tokens[:], p.bonuses[:], p.points, reserved, len(p.purchased)))
    me = sides[seat]
    just_taken = None
    if state.phase is Phase.RETURN and state.history and seat == state.current:
        just_taken = tokens_taken(state.history[-1])
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
        demand=_demand(market, me.reserved, list(state.nobles)),
    )


class Evaluator:
    """Scores positions and actions with one set of `Weights`."""

    def __init__(self, weights: Weights) -> None:
        self.w = weights
        self._decay = [weights.prospect_decay**d for d in range(40)]
        self._noble_decay = [weights.noble_decay**d for d in range(40)]

    def value(self, s: Situation, side: Side, market: list[Card]) -> float:
        """The worth of `side`'s position on a table showing `market`."""
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

    def _deny(self, s: Situation, card: Card) -> float:
        """What taking `card` off the table costs the opponent closest to buying it."""
        if not self.w.deny:
            return 0.0
        best = 0.0
        for o in s.opponents:
            d = tokens_missing(o.tokens, o.bonuses, card)
            if d <= 1:
                worth = card.points + self.w.card_bonus * s.demand[card.bonus]
                best = max(best, worth * (1.0 if d == 0 else 0.5))
        return self.w.deny * best

    def score_actions(self, s: Situation, actions: tuple[Action, ...]) -> list[float]:
        """A score for each action: the change in the mover's value plus action terms."""
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
        side = Side(tokens, me.bonuses, me.points, me.reserved, me.cards)
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
            trial = Side(tokens, side.bonuses, side.points, side.reserved, side.cards)
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
        side = Side(tokens, me.bonuses, me.points, [*me.reserved, card], me.cards)
        market = [c for c in s.market if c is not card]
        v = self.value(s, side, market) + self._deny(s, card)
        return v - self._overflow_cost(s, tokens)

    def _reserve_deck(self, s: Situation) -> float:
        me = s.me
        tokens = me.tokens[:]
        tokens[GOLD] += 1
        side = Side(tokens, me.bonuses, me.points, me.reserved, me.cards)
        v = self.value(s, side, s.market) - self.w.reserve_slot + self.w.blind_card
        return v - self._overflow_cost(s, tokens)

    def _overflow_cost(self, s: Situation, tokens: list[int]) -> float:
        return self.w.token * max(0, sum(tokens) - s.token_limit)

    def _return(self, s: Situation, action: Return) -> float:
        me = s.me
        tokens = [t - r for t, r in zip(me.tokens, action.tokens, strict=True)]
        side = Side(tokens, me.bonuses, me.points, me.reserved, me.cards)
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


def pick(scores: list[float], actions: tuple[Action, ...], rng: random.Random,
         noise: float) -> Action:
    """The best-scoring action after adding Gaussian noise of `noise` (0: none)."""
    if noise:
        scores = [x + rng.gauss(0.0, noise) for x in scores]
    best = max(range(len(actions)), key=scores.__getitem__)
    return actions[best]
