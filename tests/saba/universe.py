"""Every Saba action the data can name, and some it cannot: for the tests that compare
what `apply` accepts with what `legal_actions` lists."""

from __future__ import annotations

from itertools import permutations

from splendor.saba.engine import (
    MATERIALS,
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
    SabaData,
    Swap,
    Use,
)


def universe(data: SabaData) -> list[Action]:
    """All actions over the data's ids, plus ids no component has."""
    cards = [*data.card_by_id, "arch-9", "treasury-3"]
    quarters = [q.id for q in data.quarters] + ["harbour"]
    sections = [s.id for s in data.sections] + ["bridge"]
    actions = [*data.action_by_id, "action-21"]
    pairs = list(permutations(MATERIALS, 2))
    out: list[Action] = [Decline(), Enter(), Draw(), EndTurn()]
    out += [ChooseFace(s) for s in sections]
    out += [Remove(c) for c in cards] + [Buy(c) for c in cards]
    for q in quarters:
        out += [MoveVizier(q), Recall(q), Place(q), Use(q)]
        out += [Use(q, g, t) for g, t in pairs]
    out += [Swap(g, t) for g, t in pairs]
    out += [Discard(c) for c in actions] + [Return(m) for m in MATERIALS]
    out += [Play(c, m) for c in actions for m in MATERIALS]
    return out
