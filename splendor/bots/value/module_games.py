"""The value and the scoring of a module game, for any module: the base game's terms,
each card judged by what it gives and how far it is, plus what the module's value terms
(`Situation.terms`, see terms.py) add.

Taking tokens and reserving are scored from the situation as in the base game; every
other action (a purchase, a conquest, each decision step) is played by the engine on a
copy of one world consistent with the view (`sample_world`, or the rollout's own world),
the steps it brings resolved greedily, and scored by the mover's value after (the
`_Simulator`): the engine executes, the bots copy no rule.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from splendor.bots.value.situation import Side, Situation, WorldSource, situation_from_state
from splendor.bots.value.terms import ModuleValue
from splendor.engine import (
    GOLD,
    Action,
    Buy,
    Card,
    GameState,
    Pass,
    Phase,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    bonus_shortfall,
    tokens_missing,
)
from splendor.engine.actions import Conquer
from splendor.engine.modules import ModuleState

if TYPE_CHECKING:
    from splendor.bots.value.evaluator import Evaluator

#: A value's parts: everything but the prospects; each market card's prospect by card id
#: (strongholds aside); the reserved cards' prospects.
Parts = tuple[float, list[tuple[str, float]], list[float]]


def _terms(s: Situation) -> type[ModuleValue]:
    assert s.terms is not None, "a module game's situation names its value terms"
    return s.terms


def module_value(ev: Evaluator, s: Situation, side: Side, market: list[Card]) -> float:
    """`Evaluator.value` in a game with a module."""
    fixed, raw, reserved = module_parts(ev, s, side, market)
    return with_holds(ev, _terms(s), fixed, raw, reserved, s.holds, side.seat)


def with_holds(
    ev: Evaluator, terms: type[ModuleValue], fixed: float, raw: list[tuple[str, float]],
    reserved: list[float], holds: dict[str, tuple[int, int]], seat: int,
) -> float:
    """The value from its parts (`module_parts`) with the strongholds `holds`."""
    prospects = terms.prospects(ev.w, raw, reserved, holds, seat)
    if holds:
        held_back = terms.held_back(ev.w, raw, holds, seat)
        if held_back:
            fixed -= held_back
    if not prospects:
        return fixed
    prospects.sort(reverse=True)
    return fixed + ev.w.prospect * sum(prospects[: ev.w.prospect_cards])


def module_parts(ev: Evaluator, s: Situation, side: Side, market: list[Card]) -> Parts:
    """The value's parts (see `Parts`)."""
    w, terms = ev.w, _terms(s)
    tokens, bonuses, demand = side.tokens, side.bonuses, s.demand
    v = w.points * side.points
    v += w.bonus * sum(b * d for b, d in zip(bonuses, demand, strict=False))
    v += w.token * (sum(tokens) - tokens[GOLD]) + w.gold * tokens[GOLD]
    v += terms.pieces(w, side)
    v -= w.reserve_slot * len(side.reserved)
    decay = ev.decay
    plain = not (side.gold2 or side.doubles)
    card_bonus = w.card_bonus
    # The terms' methods looked up once: this loop runs for every option of every turn.
    missing_of, ability_worth = terms.missing, terms.ability_worth
    raw = []
    for card in market:
        if card.ability is None:
            worth = card.points + card_bonus * demand[card.bonus]
            if plain:  # the common case, inline
                raw.append((card.id, worth * decay[tokens_missing(tokens, bonuses, card)]))
                continue
        else:
            worth = ability_worth(ev, s, side, card, market)
        if worth > 0:
            raw.append((card.id, worth * decay[min(39, missing_of(side, card))]))
    reserved = []
    for card in side.reserved:
        if card.ability is None:
            worth = card.points + card_bonus * demand[card.bonus]
        else:
            worth = ability_worth(ev, s, side, card, market)
        if worth > 0:
            missing = min(39, missing_of(side, card))
            reserved.append(w.reserved_factor * worth * decay[missing])
    if w.noble:
        ndecay = ev.noble_decay
        for noble in s.nobles:
            missing = bonus_shortfall(bonuses, noble)
            v += (w.points if not missing else w.noble * ndecay[missing]) * noble.points
        v = terms.add_kept(ev, side, v)
    v += terms.own_value(ev, s, side)
    return v, raw, reserved


def card_worth(ev: Evaluator, s: Situation, side: Side, card: Card,
               market: list[Card]) -> float:
    """What `card` would bring `side`: points and bonuses, and its ability."""
    if card.ability is None:
        return card.points + ev.w.card_bonus * s.demand[card.bonus]
    return _terms(s).ability_worth(ev, s, side, card, market)


def deny(ev: Evaluator, s: Situation, card: Card) -> float:
    """`Evaluator.deny` in a module game: an opponent who could not take `card` (under
    another's strongholds) loses nothing."""
    best = 0.0
    hold = s.holds.get(card.id)
    for o in s.opponents:
        if hold is not None and hold[0] != o.seat:
            continue  # they could not have taken it
        d = _terms(s).missing(o, card)
        if d <= 1:
            worth = card_worth(ev, s, o, card, s.market) + completes(ev, s, o, card)
            best = max(best, worth * (1.0 if d == 0 else 0.5))
    return ev.w.deny * best


def completes(ev: Evaluator, s: Situation, side: Side, card: Card) -> float:
    """What buying `card` would bring `side` beyond the card (a city, trading posts)."""
    if card.bonus < 0:
        return 0.0
    return _terms(s).completes(ev, s, side, card)


def score_module(
    ev: Evaluator, s: Situation, actions: tuple[Action, ...], world: WorldSource | None,
    resolve: bool,
) -> list[float]:
    """`Evaluator.score_actions` in a module game (see the module docstring)."""
    terms = _terms(s)
    base = ev.value(s, s.me, s.market)
    scores = []
    take_two_played = terms.take_two_played(s)
    sim: _Simulator | None = None
    skipped = terms.skipped(actions, resolve)
    for i, action in enumerate(actions):
        kind = type(action)
        if skipped and i in skipped:
            scores.append(-math.inf)
        elif kind is Take or (kind is TakeTwo and not take_two_played):
            scores.append(ev.take(s, action, base))  # type: ignore[arg-type]
        elif kind is Reserve:
            scores.append(ev.reserve(s, action) - base)  # type: ignore[arg-type]
        elif kind is ReserveDeck:
            scores.append(ev.reserve_deck(s) - base)
        elif kind is Return:
            scores.append(ev.give_back(s, action) - base)  # type: ignore[arg-type]
        elif kind is Pass:
            scores.append(0.0)
        else:
            if sim is None:
                if world is None:
                    raise ValueError("a module game's actions are scored on a world: "
                                     "pass one consistent with the mover's view")
                sim = _Simulator(ev, s, world(), base)
            scores.append(sim.score(action, resolve))
    return scores


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
        self._parts: dict[int, tuple[Situation, Parts]] = {}

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
                    score += ev.deny(s, card)
        return score + _terms(s).finish(ev, s, sa.me)

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
        assert isinstance(trial, ModuleState) and isinstance(world, ModuleState)
        holds = trial.holds
        mine = self._value_with(s, holds)
        worst = max(value - self._value_with(so, holds) for _, so, value in rivals)
        loss = self.ev.w.block * worst
        if self.ev.w.guard:
            loss += self.ev.w.guard * self._guarded(world.holds, holds, rivals)
        return mine, loss

    def _guarded(self, before: dict[str, tuple[int, int]],
                 after: dict[str, tuple[int, int]],
                 rivals: list[tuple[int, Situation, float]]) -> float:
        """Blocking: the best prospect, to the opponent it matters most to, of a card
        the strongholds `after` keep from that opponent and `before` did not (its worth
        to them, decayed by the tokens they lack: the card they are closest to counts
        most)."""
        ev, best = self.ev, 0.0
        for seat, so, _ in rivals:
            for card in so.market:
                hold = after.get(card.id)
                if hold is None or hold[0] == seat:
                    continue
                was = before.get(card.id)
                if was is not None and was[0] != seat:
                    continue  # already out of their reach
                worth = card_worth(ev, so, so.me, card, so.market)
                if worth > 0:
                    missing = min(39, _terms(so).missing(so.me, card))
                    best = max(best, worth * ev.decay[missing])
        return best

    def _value_with(self, s: Situation, holds: dict[str, tuple[int, int]]) -> float:
        """`s`'s value with other strongholds (the rest of it computed once)."""
        parts = self._parts.get(id(s))
        if parts is None:
            parts = self._parts[id(s)] = (s, module_parts(self.ev, s, s.me, s.market))
        fixed, raw, reserved = parts[1]
        return with_holds(self.ev, _terms(s), fixed, raw, reserved, holds, s.me.seat)

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
