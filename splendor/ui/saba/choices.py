"""Which decisions a click on a part of Saba's table makes (no pygame).

A `Target` names a part of the table: a harbour section, a card of the build spaces, a
city quarter, an action card in hand, one of one's materials, one of one's harbour cards.
`legal_at` gives the legal decisions a click on it may make now (none, one to make at
once, or several to choose from); `asked_at` the decision the click asks for when none is
legal, so that the engine can say why not. The decisions that belong to no part of the
board (draw, end the turn, the harem's answer, the vizier's exchange) are `side_actions`.
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor.saba.engine import (
    BUILDING,
    GOLD,
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
    SabaView,
    Step,
    Swap,
    Use,
)


@dataclass(frozen=True, slots=True)
class Target:
    """A part of the table: `kind` and which one (`key`: a section's row index, a card or
    quarter id, a material, a harbour card's index, a seat...)."""

    kind: str
    key: str | int | None = None


#: The decisions a click on each kind of part may make.
_KINDS: dict[str, tuple[type, ...]] = {
    "section": (ChooseFace,),
    "face": (ChooseFace,),
    "card": (Remove, Buy),
    "quarter": (MoveVizier, Recall, Place, Use),
    "hand": (Discard, Play),
    "stock": (Return,),
}


def _matches(view: SabaView, data: SabaData, target: Target, action: Action) -> bool:
    kind, key = target.kind, target.key
    if not isinstance(action, _KINDS.get(kind, ())):
        return False
    if kind == "section":
        return isinstance(key, int) and getattr(action, "section", None) == view.harbour[key][0]
    if kind == "face":
        faces = view.me.faces
        return isinstance(key, int) and getattr(action, "section", None) == faces[key]
    if kind in ("card", "hand"):
        return getattr(action, "card_id", None) == key
    if kind == "quarter":
        return getattr(action, "quarter", None) == key
    return getattr(action, "material", None) == key


def legal_at(view: SabaView, data: SabaData, target: Target) -> tuple[Action, ...]:
    """The legal decisions of `view`'s seat a click on `target` may make now."""
    return tuple(a for a in view.legal_actions if _matches(view, data, target, a))


def asked_at(view: SabaView, data: SabaData, target: Target) -> Action | None:
    """The decision a click on `target` asks for (to be told why it is refused); None
    for a part that makes no decision."""
    kind, key, step = target.kind, target.key, view.step
    if kind == "section" and isinstance(key, int):
        return ChooseFace(view.harbour[key][0])
    if kind == "face" and isinstance(key, int):
        return ChooseFace(view.me.faces[key])
    if kind == "card" and isinstance(key, str):
        return Remove(key) if step is Step.CROSS else Buy(key)
    if kind == "quarter" and isinstance(key, str):
        if step is Step.VIZIER:
            return MoveVizier(key)
        if step is Step.RECALL:
            return Recall(key)
        q = data.quarter_index(key)
        if step is Step.BUILD and view.seat not in view.quarters[q]:
            return Place(key)
        return _use_asked(view, data, q)
    if kind == "hand" and isinstance(key, str):
        if step is Step.LIMIT:
            return Discard(key)
        return Play(key, data.action_by_id[key].materials[0])
    if kind == "stock" and isinstance(key, int):
        return Return(key)
    return None


def _use_asked(view: SabaView, data: SabaData, q: int) -> Use:
    """A use of quarter `q` as a click asks for it: a producing quarter's, or an exchange
    giving a building material the player holds (for gold at the Exchange, for another
    one at the Bazaar), so that the refusal names what is missing."""
    quarter = data.quarters[q]
    if quarter.material is not None:
        return Use(quarter.id)
    give = next((m for m in BUILDING if view.me.stock[m]), BUILDING[0])
    gold = quarter.effect == "exchange_gold_and_building_material"
    take = GOLD if gold else next(m for m in BUILDING if m != give)
    return Use(quarter.id, give, take)


def side_actions(view: SabaView) -> tuple[Action, ...]:
    """The legal decisions that belong to no part of the board, in the order shown:
    the vizier's exchanges, the harem's answer, drawing, ending the turn, declining."""
    kinds = (Swap, Enter, Draw, EndTurn, Decline)
    return tuple(a for kind in kinds for a in view.legal_actions if isinstance(a, kind))


def target_of(action: Action, view: SabaView) -> Target | None:
    """The part of the table a decision is made on (to mark a suggested move); None for
    a side action."""
    if isinstance(action, ChooseFace):
        row = next(i for i, (s, _, _) in enumerate(view.harbour) if s == action.section)
        return Target("section", row)
    if isinstance(action, Remove | Buy):
        return Target("card", action.card_id)
    if isinstance(action, MoveVizier | Recall | Place | Use):
        return Target("quarter", action.quarter)
    if isinstance(action, Discard | Play):
        return Target("hand", action.card_id)
    if isinstance(action, Return):
        return Target("stock", action.material)
    return None
