"""Carry out an action the rules allow (the state's `apply_unchecked` calls `perform`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from splendor.saba.engine import harbour, palace, quarters, turn
from splendor.saba.engine.actions import (
    Action,
    Buy,
    ChooseFace,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Enter,
    MoveVizier,
    Place,
    Play,
    Recall,
    Remove,
    Return,
    Swap,
    Use,
)
from splendor.saba.engine.steps import Step

if TYPE_CHECKING:
    from splendor.saba.engine.state import SabaState


def _decline(s: SabaState, action: Decline) -> None:
    if s.step is Step.SWAP:
        harbour.swap(s, None, None)
    else:
        palace.harem_answer(s, enter=False)


#: What each action type does.
_PERFORM: Final[dict[type, Callable[[SabaState, Any], None]]] = {
    ChooseFace: lambda s, a: harbour.choose_face(s, a.section),
    Remove: lambda s, a: harbour.remove_card(s, a.card_id),
    MoveVizier: lambda s, a: harbour.move_vizier(s, a.quarter),
    Swap: lambda s, a: harbour.swap(s, a.give, a.take),
    Decline: _decline,
    Enter: lambda s, a: palace.harem_answer(s, enter=True),
    Buy: lambda s, a: palace.buy(s, a.card_id),
    Recall: lambda s, a: palace.recall(s, a.quarter),
    Place: lambda s, a: quarters.place(s, a.quarter),
    Draw: lambda s, a: turn.draw(s),
    EndTurn: lambda s, a: turn.end_turn(s),
    Discard: lambda s, a: turn.discard(s, a.card_id),
    Return: lambda s, a: turn.give_back(s, a.material),
    Play: lambda s, a: turn.play(s, a.card_id, a.material),
    Use: lambda s, a: quarters.use(s, a.quarter, a.give, a.take),
}


def perform(s: SabaState, action: Action) -> None:
    """Change `s` as `action` says; the action must be legal (nothing is checked)."""
    _PERFORM[type(action)](s, action)
