"""The legal actions of each decision step: the single source of truth for `apply`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor.saba.engine.actions import (
    DECLINE,
    DRAW,
    END,
    ENTER,
    Action,
    Buy,
    ChooseFace,
    Discard,
    MoveVizier,
    Place,
    Play,
    Recall,
    Remove,
    Return,
    Swap,
    Use,
    interned,
)
from splendor.saba.engine.components import DeckCard, PalaceCard
from splendor.saba.engine.materials import GOLD
from splendor.saba.engine.quarters import placement_cost, quarters_of, swaps
from splendor.saba.engine.steps import Step

if TYPE_CHECKING:
    from splendor.saba.engine.state import SabaState


def generate(s: SabaState) -> tuple[Action, ...]:
    """Every action `s.current_player()` may take now, in a fixed order."""
    step = s.step
    p = s.players[s.current]
    acts: list[Action]
    if step is Step.START:
        acts = [interned(ChooseFace, face) for face in p.faces]  # S15
        acts += free_actions(s)
    elif step is Step.BUILD:
        acts = [interned(Buy, c.id) for c in s.display if buyable(s, c)]
        if s.built:
            acts += placements(s)
        acts.append(DRAW)
        acts += free_actions(s)
    elif step is Step.PLACED:
        acts = [DRAW, *free_actions(s)]
    elif step is Step.DRAWN:
        acts = [END, *free_actions(s)]
    elif step is Step.CROSS:
        acts = [interned(Remove, c.id) for c in s.display if isinstance(c, PalaceCard)]
    elif step is Step.VIZIER:
        acts = [interned(MoveVizier, q.id) for i, q in enumerate(s.data.quarters) if i != s.vizier]
    elif step is Step.SWAP:
        effect = s.data.quarters[s.vizier].effect
        acts = [interned(Swap, g, t) for g, t in swaps(effect, p.stock, s.supply)]
        acts.append(DECLINE)
    elif step is Step.HAREM:
        acts = [ENTER, DECLINE]
    elif step is Step.RECALL:
        acts = [interned(Recall, s.data.quarters[q].id) for q in quarters_of(s, s.decider)]
    elif step is Step.LIMIT:
        acts = limit_actions(s)
    else:
        acts = []
    return tuple(acts)


def free_actions(s: SabaState) -> list[Action]:
    """S14: action cards to play (S48) and quarter uses to make (S43-S45)."""
    p = s.players[s.current]
    supply = s.supply
    acts: list[Action] = []
    for card_id in p.hand:
        for m in s.data.action_by_id[card_id].materials:
            if supply[m]:
                acts.append(interned(Play, card_id, m))
    seat = s.current
    for q, quarter in enumerate(s.data.quarters):
        if seat not in s.quarters[q] or not s.quarter_uses(q):
            continue
        if quarter.material is not None:
            if supply[quarter.material]:
                acts.append(interned(Use, quarter.id))
        else:
            acts += [
                interned(Use, quarter.id, g, t) for g, t in swaps(quarter.effect, p.stock, supply)
            ]
    return acts


def affordable(stock: list[int], price: tuple[int, int, int, int]) -> bool:
    return all(have >= need for have, need in zip(stock, price, strict=True))


def buyable(s: SabaState, card: DeckCard) -> bool:
    """S25-S27: one palace card and one special card a turn; a palace card only for a
    garden space below its level, by a builder who can put a figure on the balcony (his
    supply, a quarter, or his own figure it pushes off: A16); paid exactly (S26)."""
    if isinstance(card, PalaceCard):
        if s.built or s.levels[card.garden - 1] >= card.level:
            return False
        seat = s.current
        if not (
            s.players[seat].figures or s.balconies[card.garden - 1] == seat or quarters_of(s, seat)
        ):
            return False
    elif s.bought_special:  # A15: two treasure cards in one turn are not allowed either
        return False
    return affordable(s.players[s.current].stock, s.price(card))


def placements(s: SabaState) -> list[Action]:
    """Phase 3 (S39-S41): a figure from the supply into a quarter with room, paying its
    gold; the vizier's quarter too (A8)."""
    p = s.players[s.current]
    if not p.figures:
        return []
    return [
        interned(Place, quarter.id)
        for q, quarter in enumerate(s.data.quarters)
        if len(s.quarters[q]) < s.data.quarter_limit and p.stock[GOLD] >= placement_cost(s, q)
    ]


def limit_actions(s: SabaState) -> list[Action]:
    """S52: while above a limit, one card to discard or one unit to give back at a time."""
    p = s.players[s.current]
    acts: list[Action] = []
    if len(p.hand) > s.data.hand_limit:
        acts += [interned(Discard, card_id) for card_id in p.hand]
    if sum(p.stock) > s.data.stock_limit:
        acts += [interned(Return, m) for m, n in enumerate(p.stock) if n]
    return acts
