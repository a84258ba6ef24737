"""Action cards and the turn's end (S47-S53)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from splendor.saba.engine.steps import Step

if TYPE_CHECKING:
    from splendor.saba.engine.seat import Seat
    from splendor.saba.engine.state import SabaState


def draw_card(s: SabaState, p: Seat) -> None:
    """Draw the top action card (S17, S51). An empty deck is first made again from the
    shuffled discard pile; with both empty nothing is drawn (S50)."""
    if not s.action_deck:
        if not s.discard:
            return
        pile = sorted(s.discard)
        s.discard.clear()
        # Seeded by the game's seed and the reshuffle's number: a replay shuffles alike.
        random.Random(f"saba-reshuffle:{s.setup.seed}:{s.reshuffles}").shuffle(pile)
        s.reshuffles += 1
        s.action_deck = pile
    p.hand.append(s.action_deck.pop())


def play(s: SabaState, card_id: str, material: int) -> None:
    """S48: the card goes face up to the discard pile; one unit of a material on it
    comes from the supply. A card drawn this turn may be played too (S49)."""
    p = s.players[s.current]
    p.hand.remove(card_id)
    s.discard.append(card_id)
    s.supply[material] -= 1
    p.stock[material] += 1


def draw(s: SabaState) -> None:
    """Phase 4 (S51): draw one action card; free actions may follow (A22)."""
    draw_card(s, s.players[s.current])
    s.step = Step.DRAWN


def over_limits(s: SabaState) -> bool:
    """S52: more than 3 action cards or 7 units (all four materials together)."""
    p = s.players[s.current]
    return len(p.hand) > s.data.hand_limit or sum(p.stock) > s.data.stock_limit


def end_turn(s: SabaState) -> None:
    """The end-of-turn check (S52): come down to the limits, a choice at a time; then
    the next player (S53)."""
    if over_limits(s):
        s.step = Step.LIMIT
    else:
        next_turn(s)


def discard(s: SabaState, card_id: str) -> None:
    s.players[s.current].hand.remove(card_id)
    s.discard.append(card_id)
    end_turn(s)


def give_back(s: SabaState, material: int) -> None:
    s.players[s.current].stock[material] -= 1
    s.supply[material] += 1
    end_turn(s)


def next_turn(s: SabaState) -> None:
    """S53: the next player clockwise (in seat order) begins."""
    s.turns += 1
    s.current = (s.current + 1) % len(s.players)
    s.decider = s.current
    s.step = Step.START
    s.start_turn()
