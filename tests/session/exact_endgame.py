"""Exact values of small two-player endgames, from one seat's view (test support for the
review's judge: docs/review.md; issue 57).

What "exact" means here
-----------------------
The value of a decision of `view.seat` (the *seat*) is its win share at the game's end
(1 / number of winners when it is among them, else 0: `Outcome.winners`, the engine's own
scoring, ties on points broken by fewer purchased cards, else shared) under expectimax
over the rest of the game:

- **The seat** picks, at each of its decisions, a move of greatest value (max node).
- **The opponent** picks a move of least value for the seat (min node): in two-player
  Splendor a win share is zero-sum, so this is the opponent playing to win.
- **Chance** deals every card the seat cannot see when it is revealed: the unseen cards
  of a level are those in its deck and in the opponent's blind reserves of that level
  (`splendor.engine.unseen_cards`), and, given everything the seat has seen so far, each
  of them is equally likely to be the next one revealed. So a market refill (after a
  reservation or a purchase from the market) and the seat's own blind reservation weigh
  each distinct unseen card of the level by 1 / (the number of unseen cards of that
  level). The opponent's blind reserves are dealt (all their possible contents, equally
  likely, from the unseen cards left) when the opponent's turn begins: the opponent
  decides knowing them, the seat never does.

Horizon: the rest of the seat's turn, then at most the next turn (`turns` = 1 or 2). A
line that reaches the game's end within it is scored exactly; a line still going on after
it is unknown and counts as the interval [0, 1]. Values are therefore intervals
(`Bounds`), propagated exactly (max and min of bounds, chance-weighted sums): `lo == hi`
is the exact value, else the true value lies between them. A move that closes the final
round, or that brings the seat to 15 points when the opponent closes the round, ends the
game within the horizon whatever follows: its value is exact. So is any other whose every
line ends, or whose opponent wins at once in every deal.

Information: every decision of the seat lies in its current turn, before any decision of
the opponent, so the seat decides on exactly what it has seen (its view, and the cards
revealed since), never on a card it cannot see. The opponent's one turn is the horizon's
last: what it decides there can only end the game, with a result every player sees, or
leave a line whose bounds are [0, 1] whatever anyone knows. So the values are those of
the real game of imperfect information, not of one where a player sees through the
cards (the "determinized" value, which would let the seat choose knowing the deal).

Moves come from the engine only (`legal_actions`, `apply_unchecked` on clones of a world
dealt by `WorldSampler` from the view); the only thing done by hand is the deal itself:
which unseen card lies on top of a deck or in the opponent's blind reserve (cards are
swapped between those unseen places, as `WorldSampler` deals them).

Pruning, none of which changes a value: a max node stops at a sure win (lo == 1), a min
node at a sure loss (hi == 0); a refill revealed in the horizon's last turn is not dealt
out (no decision or score left in the horizon can depend on it: a turn's remaining steps,
returning tokens and choosing a noble, and the final score do not look at the market or
the decks); in the opponent's turn (always the horizon's last) a deal of its blind
reserves matters only through the one it buys, so each unseen card's purchase is solved
once and the deals are weighed from those (`_opponent_turn`); positions are memoised on
`GameState.key()` without the history, the decks as sets (their order is never looked at
before a card is dealt on top), without the setup (the same throughout) and with which
opponent cards are still undealt. A solve gives up (`TooBig`) past `NODE_LIMIT` positions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, product
from math import comb

from splendor.engine import (
    Action,
    Buy,
    Card,
    GameData,
    GameState,
    PlayerState,
    Reserve,
    ReserveDeck,
    View,
    WorldSampler,
)

#: The most positions a solve may visit before it gives up (a test's time stays small).
NODE_LIMIT = 2_000_000


class TooBig(RuntimeError):
    """The endgame asked for is larger than `NODE_LIMIT` positions."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """The seat's win share lies in [lo, hi]; exact when they are equal."""

    lo: float
    hi: float

    @property
    def exact(self) -> bool:
        return self.hi - self.lo < 1e-12

    @property
    def value(self) -> float:
        """The exact value (raises when the horizon left it open)."""
        if not self.exact:
            raise ValueError(f"not exact: [{self.lo:.4f}, {self.hi:.4f}]")
        return self.lo

    def __str__(self) -> str:
        return f"{self.lo:.4f}" if self.exact else f"[{self.lo:.4f}, {self.hi:.4f}]"


UNKNOWN = Bounds(0.0, 1.0)


def _mix(parts: list[tuple[float, Bounds]]) -> Bounds:
    return Bounds(sum(p * b.lo for p, b in parts), sum(p * b.hi for p, b in parts))


class EndgameSolver:
    """Exact expectimax over a small endgame of `view.seat` (see the module docstring).

    `values()` gives every legal move of the view's decision its bounds; `value()` the
    decision's (the best move's). The view must be the seat's own decision in a
    two-player base game. `prune=False` turns every pruning off (no cut-off, no memo,
    every refill dealt out, every deal of the opponent's blind reserves played out): the
    same values, slowly, for checking the pruning."""

    def __init__(self, view: View, data: GameData, turns: int = 2,
                 node_limit: int = NODE_LIMIT, prune: bool = True) -> None:
        if view.num_players != 2 or view.module is not None:
            raise ValueError("the solver plays two-player base games only")
        if view.current_player != view.seat:
            raise ValueError("the view is not the seat's decision")
        if turns not in (1, 2):
            raise ValueError("the horizon is the seat's turn and at most the next one")
        self.view, self.data, self.seat = view, data, view.seat
        # Any deal will do: every unseen card is dealt again when it matters.
        self.root = WorldSampler(view, data).deal(random.Random(0))
        #: The last turn explored (GameState.turns counts the turns finished); the
        #: seat's turn is the last when it closes the final round.
        closes = self.root.final_round and self.root.current == self.root.last_seat
        self.last_turn = self.root.turns + (0 if closes else turns - 1)
        other = 1 - self.seat
        hidden = self.root.players[other].blind
        #: The opponent's blind reserves not dealt yet (placeholders: any unseen card).
        self.undealt0 = frozenset(hidden)
        self.nodes = 0
        self.node_limit = node_limit
        self.prune = prune
        self.memo: dict[tuple[object, ...], Bounds] = {}

    # ------------------------------------------------------------------ public

    def values(self) -> dict[Action, Bounds]:
        """Every legal move of the view's decision and its bounds (no move pruned)."""
        return {a: self._after(self.root, a, self.undealt0)
                for a in self.root.legal_actions()}

    def value_of(self, action: Action) -> Bounds:
        """The bounds of one legal move of the view's decision."""
        if action not in self.root.legal_actions():
            raise ValueError(f"{action.text()!r} is not a legal move of this decision")
        return self._after(self.root, action, self.undealt0)

    def value(self) -> Bounds:
        """The decision's bounds: those of its best move."""
        vs = list(self.values().values())
        return Bounds(max(b.lo for b in vs), max(b.hi for b in vs))

    # ----------------------------------------------------------------- search

    def _node(self, state: GameState, undealt: frozenset[str]) -> Bounds:
        """The bounds of `state` (a decision, the end, or past the horizon)."""
        if state.is_over():
            winners = state.outcome().winners
            share = 1.0 / len(winners) if self.seat in winners else 0.0
            return Bounds(share, share)
        if state.turns > self.last_turn:
            return UNKNOWN
        key = self._key(state, undealt) if self.prune else None
        known = self.memo.get(key) if key is not None else None
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooBig(f"more than {self.node_limit} positions")
        if state.current != self.seat and undealt and not self.prune:
            # The opponent's turn begins: its blind reserves are dealt, and it knows them.
            result = _mix([(p, self._decide(world, frozenset(), world.legal_actions()))
                           for p, world in self._deal_reserves(state, undealt)])
        elif state.current != self.seat and undealt:
            result = self._opponent_turn(state, undealt)
        else:
            result = self._decide(state, undealt, state.legal_actions())
        if key is not None:
            self.memo[key] = result
        return result

    def _decide(self, state: GameState, undealt: frozenset[str],
                actions: Iterable[Action]) -> Bounds:
        """The seat's best of `actions` (max), or the opponent's worst for it (min)."""
        mine = state.current == self.seat
        lo = hi = 0.0 if mine else 1.0
        for action in sorted(actions, key=_promise):
            b = self._after(state, action, undealt)
            if mine:
                lo, hi = max(lo, b.lo), max(hi, b.hi)
                if lo >= 1.0 and self.prune:
                    break
            else:
                lo, hi = min(lo, b.lo), min(hi, b.hi)
                if hi <= 0.0 and self.prune:
                    break
        return Bounds(lo, hi)

    def _after(self, state: GameState, action: Action, undealt: frozenset[str]) -> Bounds:
        """The bounds of playing `action` at `state`: chance first when it reveals a card."""
        level = self._revealed_level(state, action)
        if level is None:
            return self._play(state, action, undealt)
        parts = []
        pool = self._pool(state, level, undealt)
        for card in pool:
            world, left = self._on_top(state, level, card, undealt)
            parts.append((1.0 / len(pool), self._play(world, action, left)))
        return _mix(parts)

    def _play(self, state: GameState, action: Action, undealt: frozenset[str]) -> Bounds:
        child = state.clone()
        child.apply_unchecked(action)  # taken from legal_actions()
        return self._node(child, undealt)

    def _opponent_turn(self, state: GameState, undealt: frozenset[str]) -> Bounds:
        """The opponent's turn, its blind reserves dealt (it knows them; the seat never
        decides again in the horizon). It is the horizon's last turn, so a deal matters
        only through the blind card the opponent buys: every other move's value is the
        same whatever the deal (the turn's remaining steps and the final score never look
        at a reserved card, and a line still going on is [0, 1] in any deal). So the
        value of a deal D is min(rest, min over h in D of buy(h)), `rest` the best other
        move for it, `buy(h)` that of buying h (none when it cannot pay for h), each
        worked out once; then every D is weighed."""
        if state.turns != self.last_turn:
            raise ValueError("the opponent's turn must be the horizon's last")
        other = state.players[state.current]
        hidden = [c for c in other.reserved if c.id in undealt]
        moves = [a for a in state.legal_actions()
                 if not (isinstance(a, Buy) and a.card_id in undealt)]
        if not moves:
            raise ValueError("the opponent may only buy blind cards: not supported")
        rest = self._decide(state, frozenset(), moves)
        if rest.hi <= 0.0:
            return rest
        buys: dict[str, Bounds | None] = {}
        deals = []
        for level in sorted({c.level for c in hidden}):
            held = [c for c in hidden if c.level == level]
            pool = [*state.decks[level - 1], *held]
            for card in pool:
                world = state.clone()
                if card not in held:  # the deck's card and a blind one change places
                    deck = world.decks[level - 1]
                    deck[deck.index(card)] = held[0]
                    _swap_reserved(world, state.current, held[0], card)
                buy = next((a for a in world.legal_actions()
                            if isinstance(a, Buy) and a.card_id == card.id), None)
                buys[card.id] = None if buy is None else self._play(world, buy, frozenset())
            weight = 1.0 / comb(len(pool), len(held))
            deals.append([(weight, chosen) for chosen in combinations(pool, len(held))])
        parts = []
        for picks in product(*deals):
            p, lo, hi = 1.0, rest.lo, rest.hi
            for weight, chosen in picks:
                p *= weight
                for card in chosen:
                    b = buys[card.id]
                    if b is not None:
                        lo, hi = min(lo, b.lo), min(hi, b.hi)
            parts.append((p, Bounds(lo, hi)))
        return _mix(parts)

    # ------------------------------------------------------------------- chance

    def _revealed_level(self, state: GameState, action: Action) -> int | None:
        """The deck level whose top card `action` shows the seat (a refill, or the seat's
        blind reservation) when that card can still matter in the horizon; else None."""
        if state.turns >= self.last_turn and self.prune:
            return None  # the horizon's last turn: nothing left looks at the card
        slots = self.data.market_slots
        if isinstance(action, ReserveDeck):
            if state.current != self.seat:
                return None  # the opponent's blind card: the seat never sees it
            level = action.level
        elif isinstance(action, Reserve | Buy):
            at = [i for i, c in enumerate(state.market) if c is not None and c.id == action.card_id]
            if not at:
                return None  # a reserved card bought: nothing refills
            level = at[0] // slots + 1
        else:
            return None
        return level if state.decks[level - 1] else None

    def _pool(self, state: GameState, level: int, undealt: frozenset[str]) -> list[Card]:
        """The unseen cards of `level`: its deck and the opponent's undealt blind cards."""
        other = state.players[1 - self.seat]
        return [*state.decks[level - 1],
                *(c for c in other.reserved if c.id in undealt and c.level == level)]

    def _on_top(self, state: GameState, level: int, card: Card,
                undealt: frozenset[str]) -> tuple[GameState, frozenset[str]]:
        """A copy of `state` with `card` on top of its level's deck (swapped with an
        undealt opponent card when it was one), and the undealt cards then."""
        world = state.clone()
        deck = world.decks[level - 1]
        if card in deck:
            deck.remove(card)
            deck.append(card)
            _dealt(world)
            return world, undealt
        top = deck[-1]
        _swap_reserved(world, 1 - self.seat, card, top)
        deck[-1] = card
        return world, (undealt - {card.id}) | {top.id}

    def _deal_reserves(self, state: GameState,
                       undealt: frozenset[str]) -> Iterator[tuple[float, GameState]]:
        """Every content of the opponent's undealt blind reserves and its chance: by
        level, each set of that many unseen cards is equally likely (`prune=False`)."""
        other = state.players[state.current]
        choices = []
        for level in sorted({c.level for c in other.reserved if c.id in undealt}):
            held = [c for c in other.reserved if c.id in undealt and c.level == level]
            pool = [*state.decks[level - 1], *held]
            weight = 1.0 / comb(len(pool), len(held))
            choices.append([(level, held, chosen, weight)
                            for chosen in combinations(pool, len(held))])
        for picks in product(*choices):
            world, p = state.clone(), 1.0
            for level, held, chosen, weight in picks:
                p *= weight
                deck = world.decks[level - 1]
                spare = [c for c in held if c not in chosen]
                for card in chosen:
                    if card not in held:  # a deck's card and a blind one change places
                        give = spare.pop()
                        deck[deck.index(card)] = give
                        _swap_reserved(world, state.current, give, card)
            yield p, world

    # ------------------------------------------------------------------ memo

    def _key(self, state: GameState, undealt: frozenset[str]) -> tuple[object, ...]:
        # GameState.key(): (setup, bank, decks, market, nobles, players, current, phase,
        # final_round, passes_in_row, turns, end_reason, candidates, history).
        k = state.key()
        decks = tuple(tuple(sorted(c.id for c in d)) for d in state.decks)
        return (k[1], decks, *k[3:-1], undealt)


def _swap_reserved(world: GameState, seat: int, out: Card, into: Card) -> None:
    """`seat`'s blind reserved card `out` becomes `into` (same place, still blind)."""
    player: PlayerState = world.players[seat]
    player.reserved[player.reserved.index(out)] = into
    player.blind.discard(out.id)
    player.blind.add(into.id)
    _dealt(world)


def _dealt(world: GameState) -> None:
    """A world whose cards were dealt again: its legal moves, which `clone` copies from
    the world it was made from, are worked out anew (the only private field touched)."""
    world._legal = None


def _promise(action: Action) -> int:
    """Search order (only the pruning's speed depends on it): buys, then the rest."""
    return 0 if isinstance(action, Buy) else 1


def exact_values(view: View, data: GameData, turns: int = 2) -> dict[Action, Bounds]:
    """Every legal move of `view`'s decision and its exact bounds (see the module)."""
    return EndgameSolver(view, data, turns).values()


__all__ = ["UNKNOWN", "Bounds", "EndgameSolver", "TooBig", "exact_values"]
