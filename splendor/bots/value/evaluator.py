"""The value function over one player's prospects, and the one-step chooser built on it.

The bots score each legal action by the change it makes to the mover's position value
(points, bonuses weighted by what the table demands, the cards and nobles in reach,
tokens) plus action terms (denying a card an opponent is about to buy, reaching the
target). Weights come from `levels_data/bots.yaml` (see `profiles.py`).

With a Cities of Splendor module the value also counts the module's own terms, which its
file in this package holds (`Situation.terms`, see terms.py and registry.py). Taking
tokens and reserving are scored from the situation as in the base game; every other
action of a module game is played by the engine on a copy of a world consistent with the
view, and scored by the mover's value after (see module_games.py): the engine executes,
the bots copy no rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import cos as _cos
from math import log as _log
from math import pi as _pi
from math import sin as _sin
from math import sqrt as _sqrt

from splendor.bots.value.module_games import deny, module_value, score_module
from splendor.bots.value.situation import Side, Situation, Weights, WorldSource, tokens_taken
from splendor.engine import (
    GOLD,
    Action,
    Buy,
    Card,
    ChooseNoble,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    bonus_shortfall,
    default_payment,
    tokens_missing,
)


class Evaluator:
    """Scores positions and actions with one set of `Weights`."""

    def __init__(self, weights: Weights) -> None:
        self.w = weights
        self.decay = [weights.prospect_decay**d for d in range(40)]
        self.noble_decay = [weights.noble_decay**d for d in range(40)]
        self.city_decay = [weights.city_decay**d for d in range(60)]
        self.post_decay = [weights.post_decay**d for d in range(40)]
        #: Module terms by what they depend on: a turn's options mostly share them.
        self.memo: dict[tuple[object, ...], float] = {}

    def value(self, s: Situation, side: Side, market: list[Card]) -> float:
        """The worth of `side`'s position on a table showing `market`."""
        if s.terms is not None:
            return module_value(self, s, side, market)
        w = self.w
        tokens, bonuses, demand = side.tokens, side.bonuses, s.demand
        v = w.points * side.points
        v += w.bonus * sum(b * d for b, d in zip(bonuses, demand, strict=False))
        v += w.token * (sum(tokens) - tokens[GOLD]) + w.gold * tokens[GOLD]
        v -= w.reserve_slot * len(side.reserved)
        decay = self.decay
        prospects = []
        for group, factor in ((market, 1.0), (side.reserved, w.reserved_factor)):
            for card in group:
                worth = card.points + w.card_bonus * demand[card.bonus]
                prospects.append(factor * worth * decay[tokens_missing(tokens, bonuses, card)])
        if prospects:
            prospects.sort(reverse=True)
            v += w.prospect * sum(prospects[: w.prospect_cards])
        if w.noble:
            ndecay = self.noble_decay
            for noble in s.nobles:
                missing = bonus_shortfall(bonuses, noble)
                # A noble already earned visits at the end of the turn: count it in full.
                v += (w.points if not missing else w.noble * ndecay[missing]) * noble.points
        return v

    def deny(self, s: Situation, card: Card) -> float:
        """What taking `card` off the table costs the opponent closest to buying it."""
        if not self.w.deny:
            return 0.0
        if s.terms is not None:
            return deny(self, s, card)
        best = 0.0
        for o in s.opponents:
            d = tokens_missing(o.tokens, o.bonuses, card)
            if d <= 1:
                worth = card.points + self.w.card_bonus * s.demand[card.bonus]
                best = max(best, worth * (1.0 if d == 0 else 0.5))
        return self.w.deny * best

    def score_actions(
        self, s: Situation, actions: tuple[Action, ...], world: WorldSource | None = None,
        resolve: bool = True,
    ) -> list[float]:
        """A score for each action: the change in the mover's value plus action terms.

        In a module game `world` gives a world consistent with the mover's view, on
        copies of which the engine plays the module's actions; with `resolve` the
        decision steps an action brings are played too (greedily) before judging."""
        if s.terms is not None:
            return score_module(self, s, actions, world, resolve)
        me = s.me
        base = self.value(s, me, s.market)
        first = actions[0]
        if isinstance(first, ChooseNoble):
            return [self._noble_choice(s, a) for a in actions]  # type: ignore[arg-type]
        scores = []
        for action in actions:
            if isinstance(action, Take | TakeTwo):
                scores.append(self.take(s, action, base))
            elif isinstance(action, Buy):
                scores.append(self._buy(s, action) - base)
            elif isinstance(action, Reserve):
                scores.append(self.reserve(s, action) - base)
            elif isinstance(action, ReserveDeck):
                scores.append(self.reserve_deck(s) - base)
            elif isinstance(action, Return):
                scores.append(self.give_back(s, action) - base)
            else:
                scores.append(0.0)
        return scores

    def take(self, s: Situation, action: Take | TakeTwo, base: float) -> float:
        me = s.me
        taken = tokens_taken(action)
        assert taken is not None
        tokens = [t + n for t, n in zip(me.tokens, taken, strict=True)]
        side = me.changed(tokens=tokens)
        excess = sum(tokens) - s.token_limit
        for _ in range(max(0, excess)):
            side = self._best_single_return(s, side)
        score = self.tokens_value(s, side) - base
        if side.tokens == me.tokens:
            score -= self.w.null_move  # taking and giving back the same tokens: no progress
        return score

    def tokens_value(self, s: Situation, side: Side) -> float:
        """`value` of `side`, the mover's holding with other tokens (nothing else
        changed), on the table: memoized in `s` by the tokens."""
        key = tuple(side.tokens)
        v = s.token_values.get(key)
        if v is None:
            v = s.token_values[key] = self.value(s, side, s.market)
        return v

    def _best_single_return(self, s: Situation, side: Side) -> Side:
        best: Side | None = None
        best_value = 0.0
        for c, n in enumerate(side.tokens):
            if not n:
                continue
            tokens = side.tokens[:]
            tokens[c] -= 1
            trial = side.changed(tokens=tokens)
            v = self.tokens_value(s, trial)
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
            v += self.deny(s, card)
        return v + self.finish_bonus(s, points + self._noble_gain(s, bonuses))

    def reserve(self, s: Situation, action: Reserve) -> float:
        me = s.me
        card = next(c for c in s.market if c.id == action.card_id)
        tokens = me.tokens[:]
        tokens[GOLD] += 1  # optimistic: a gold token when the bank has one
        side = me.changed(tokens=tokens, reserved=[*me.reserved, card])
        market = [c for c in s.market if c is not card]
        v = self.value(s, side, market) + self.deny(s, card)
        return v - self._overflow_cost(s, tokens)

    def reserve_deck(self, s: Situation) -> float:
        me = s.me
        tokens = me.tokens[:]
        tokens[GOLD] += 1
        side = me.changed(tokens=tokens)
        v = self.value(s, side, s.market) - self.w.reserve_slot + self.w.blind_card
        return v - self._overflow_cost(s, tokens)

    def _overflow_cost(self, s: Situation, tokens: list[int]) -> float:
        return self.w.token * max(0, sum(tokens) - s.token_limit)

    def give_back(self, s: Situation, action: Return) -> float:
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

    def finish_bonus(self, s: Situation, points: int) -> float:
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



#: 2 pi, as `random.gauss` computes it.
_TWOPI = 2.0 * _pi


class Evaluators:
    """A profile's evaluators, one a game type (the module's weights, `weights_for`), each
    made when first asked for and kept: the bots' one cache of them."""

    def __init__(self, weights_for: Callable[[str | None], Weights]) -> None:
        self._weights_for = weights_for
        self._made: dict[str | None, Evaluator] = {}

    def __call__(self, module: str | None) -> Evaluator:
        ev = self._made.get(module)
        if ev is None:
            ev = self._made[module] = Evaluator(self._weights_for(module))
        return ev


def pick(scores: list[float], actions: tuple[Action, ...], rng: random.Random,
         noise: float) -> Action:
    """The best-scoring action after adding Gaussian noise of `noise` (0: none)."""
    if noise:
        if type(rng) is random.Random:
            scores = noisy(scores, rng, noise)
        else:
            scores = [x + rng.gauss(0.0, noise) for x in scores]
    best = max(range(len(actions)), key=scores.__getitem__)
    return actions[best]


def noisy(scores: list[float], rng: random.Random, sigma: float) -> list[float]:
    """`[x + rng.gauss(0.0, sigma) for x in scores]`, the same floats from the same
    random numbers (`random.Random.gauss` spelled out: its pairs of normal deviates, the
    second kept in `rng.gauss_next`), without a method call a score: the rollouts' hot
    path (tests compare the two)."""
    uniform = rng.random
    z: float | None = rng.gauss_next  # type: ignore[attr-defined]  # random.Random's own
    out = []
    for x in scores:
        if z is None:
            x2pi = uniform() * _TWOPI
            g2rad = _sqrt(-2.0 * _log(1.0 - uniform()))
            out.append(x + (0.0 + _cos(x2pi) * g2rad * sigma))
            z = _sin(x2pi) * g2rad
        else:
            out.append(x + (0.0 + z * sigma))
            z = None
    rng.gauss_next = z  # type: ignore[attr-defined]
    return out
