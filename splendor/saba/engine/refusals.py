"""Why an action is refused, in words a player understands (with a code and parameters a
screen can translate). `explain` is asked only about well-formed actions that
`legal_actions()` does not list, so the reasons never decide what is legal."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from splendor.engine.errors import Refusal
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
from splendor.saba.engine.components import PalaceCard
from splendor.saba.engine.materials import BUILDING, GOLD, MATERIAL_NAMES, units_text
from splendor.saba.engine.quarters import placement_cost
from splendor.saba.engine.steps import Step

if TYPE_CHECKING:
    from splendor.saba.engine.state import SabaState

_FREE = (Play, Use)
#: The action types each step accepts.
_ALLOWED: Final[dict[Step, tuple[type, ...]]] = {
    Step.START: (ChooseFace, *_FREE),
    Step.CROSS: (Remove,),
    Step.VIZIER: (MoveVizier,),
    Step.SWAP: (Swap, Decline),
    Step.BUILD: (Buy, Place, Draw, *_FREE),
    Step.HAREM: (Enter, Decline),
    Step.RECALL: (Recall,),
    Step.PLACED: (Draw, *_FREE),
    Step.DRAWN: (EndTurn, *_FREE),
    Step.LIMIT: (Discard, Return),
}
#: What must happen first, by step, when an action of another kind is asked for.
_FIRST: Final[dict[Step, tuple[str, str]]] = {
    Step.CROSS: ("remove_first", "first remove a palace card from the display (the cross)"),
    Step.VIZIER: ("vizier_first", "first move the vizier to another quarter"),
    Step.SWAP: ("swap_first", "first make the vizier's exchange or decline it"),
    Step.RECALL: ("recall_first", "first choose the quarter the figure leaves"),
    Step.LIMIT: ("limit_first", "first come down to the end-of-turn limits"),
}

#: Why a decision that belongs inside a step is not open at a free moment.
_NOT_NOW: Final[dict[type, str]] = {
    Remove: "a palace card is removed only right after taking the cross section",
    MoveVizier: "the vizier moves only right after taking the vizier section",
    Swap: "the vizier's exchange comes only right after moving it to the Exchange or the Bazaar",
    Enter: "no figure has just been pushed off a balcony",
    Recall: "a figure leaves a quarter only for a balcony or the treasury, when its owner's "
    "supply is empty",
}


def explain(s: SabaState, action: Action) -> Refusal:
    """Why the well-formed `action` is not legal now."""
    reason = _out_of_step(s, action) or _WHY[type(action)](s, action)
    if reason is None:  # a case the reasons above do not cover: still refused
        return Refusal("not_now", f"'{action.text()}' is not possible now", action=action.text())
    return reason


def _out_of_step(s: SabaState, action: Action) -> Refusal | None:
    step, kind = s.step, type(action)
    if kind in _ALLOWED[step]:
        return None
    if step is Step.HAREM:
        name = s.setup.names[s.decider]
        return Refusal(
            "harem_first",
            f"{name} first decides whether to put a harem marker down",
            seat=s.decider,
        )
    if step in _FIRST:
        code, text = _FIRST[step]
        return Refusal(code, text)
    if step is Step.START and kind in (Buy, Place, Draw, EndTurn):
        faces = " or ".join(s.players[s.current].faces)
        return Refusal("harbour_first", f"phase 1 comes first: take a harbour section ({faces})")
    if kind is ChooseFace:
        return Refusal("harbour_done", "you have already taken a harbour section this turn")
    if kind in (Buy, Place):
        return Refusal(
            "phase_over",
            "buying and placing a figure come before the draw "
            "(phase 4) and a figure into a quarter ends the buying (phase 3)",
        )
    if kind is Draw and step is Step.DRAWN:
        return Refusal("drawn", "you have drawn your action card this turn")
    if kind is EndTurn:
        return Refusal("draw_first", "draw your action card first (phase 4)")
    if kind in (Discard, Return):
        return Refusal(
            "limits_later",
            f"the limits of {s.data.hand_limit} action cards and {s.data.stock_limit} units "
            "are checked only at the end of the turn",
            hand_limit=s.data.hand_limit,
            stock_limit=s.data.stock_limit,
        )
    return Refusal(
        "nothing_to_decide",
        _NOT_NOW.get(kind, f"there is nothing to {action.kind} now"),
        kind=action.kind,
    )


def _face(s: SabaState, a: ChooseFace) -> Refusal:
    faces = s.players[s.current].faces
    return Refusal(
        "face_not_up",
        f"the {a.section} face is not up on your harbour cards (you show {' and '.join(faces)})",
        section=a.section,
    )


def _in_display(s: SabaState, card_id: str) -> Refusal | None:
    if any(c.id == card_id for c in s.display):
        return None
    return Refusal("not_in_display", f"card {card_id} is not in the display", card=card_id)


def _remove(s: SabaState, a: Remove) -> Refusal | None:
    return _in_display(s, a.card_id) or Refusal(
        "cannot_remove", "treasure cards and the end card cannot be removed", card=a.card_id
    )


def _quarter(s: SabaState, quarter_id: str) -> Refusal | None:
    if any(q.id == quarter_id for q in s.data.quarters):
        return None
    names = ", ".join(q.id for q in s.data.quarters)
    return Refusal("no_quarter", f"there is no quarter {quarter_id} ({names})", quarter=quarter_id)


def _vizier(s: SabaState, a: MoveVizier) -> Refusal | None:
    return _quarter(s, a.quarter) or Refusal(
        "vizier_stays",
        f"the vizier stands on the {a.quarter} quarter: it must move to another one",
        quarter=a.quarter,
    )


def _exchange(s: SabaState, effect: str, give: int, take: int) -> Refusal | None:
    if effect == "exchange_gold_and_building_material" and GOLD not in (give, take):
        return Refusal(
            "exchange_gold",
            "the Exchange trades gold for alabaster, sandstone or ebony, or one of these for gold",
        )
    if effect == "exchange_building_materials" and not (give in BUILDING and take in BUILDING):
        return Refusal(
            "bazaar_no_gold",
            "the Bazaar swaps alabaster, sandstone and ebony "
            "among themselves; gold is never involved",
        )
    if not s.players[s.current].stock[give]:
        return Refusal("hold_none", f"you hold no {MATERIAL_NAMES[give]}", material=give)
    if not s.supply[take]:
        return Refusal(
            "supply_none", f"the supply has no {MATERIAL_NAMES[take]} left", material=take
        )
    return None


def _swap(s: SabaState, a: Swap) -> Refusal | None:
    return _exchange(s, s.data.quarters[s.vizier].effect, a.give, a.take)


def _buy(s: SabaState, a: Buy) -> Refusal | None:
    refusal = _in_display(s, a.card_id)
    if refusal is not None:
        return refusal
    card = s.data.card_by_id[a.card_id]
    p = s.players[s.current]
    if isinstance(card, PalaceCard):
        if s.built:
            return Refusal("built_already", "you have already built a palace piece this turn")
        level = s.levels[card.garden - 1]
        if level >= card.level:
            return Refusal(
                "garden_higher",
                f"garden space {card.garden} already has a piece "
                f"of level {level}: {card.id} cannot be built there",
                card=card.id,
                garden=card.garden,
            )
        if not (
            p.figures
            or s.balconies[card.garden - 1] == s.current
            or any(s.current in q for q in s.quarters)
        ):
            return Refusal(
                "no_figure",
                "you have no figure in your supply or in a quarter to put on the balcony",
                card=card.id,
            )
    elif s.bought_special:
        return Refusal(
            "special_already", "you have already bought a treasure or end card this turn"
        )
    price = s.price(card)
    short = tuple(max(0, need - have) for need, have in zip(price, p.stock, strict=True))
    space = s.display.index(card) + 1
    return Refusal(
        "cannot_pay",
        f"{card.id} costs {units_text(price)} on build space {space}: "
        f"you are short of {units_text(short)}",
        card=card.id,
        space=space,
    )


def _place(s: SabaState, a: Place) -> Refusal | None:
    if not s.built:
        return Refusal(
            "place_needs_build",
            "only a player who built a palace piece this turn may place a figure in a quarter",
        )
    refusal = _quarter(s, a.quarter)
    if refusal is not None:
        return refusal
    q = s.data.quarter_index(a.quarter)
    p = s.players[s.current]
    if len(s.quarters[q]) >= s.data.quarter_limit:
        return Refusal(
            "quarter_full",
            f"the {a.quarter} quarter is full ({s.data.quarter_limit} figures)",
            quarter=a.quarter,
            limit=s.data.quarter_limit,
        )
    if not p.figures:
        return Refusal("no_figure_supply", "you have no figure in your supply")
    cost = placement_cost(s, q)
    return Refusal(
        "place_gold",
        f"a figure into the {a.quarter} quarter costs {cost} gold; you hold {p.stock[GOLD]}",
        quarter=a.quarter,
        count=cost,
    )


def _recall(s: SabaState, a: Recall) -> Refusal | None:
    return _quarter(s, a.quarter) or Refusal(
        "no_figure_there",
        f"{s.setup.names[s.decider]} has no figure in the {a.quarter} quarter",
        quarter=a.quarter,
    )


def _hand(s: SabaState, card_id: str) -> Refusal | None:
    if card_id in s.players[s.current].hand:
        return None
    return Refusal("not_in_hand", f"you do not hold action card {card_id}", card=card_id)


def _discard(s: SabaState, a: Discard) -> Refusal | None:
    if len(s.players[s.current].hand) <= s.data.hand_limit:
        return Refusal(
            "hand_within",
            f"you hold no more than {s.data.hand_limit} action cards",
            limit=s.data.hand_limit,
        )
    return _hand(s, a.card_id)


def _return(s: SabaState, a: Return) -> Refusal | None:
    if sum(s.players[s.current].stock) <= s.data.stock_limit:
        return Refusal(
            "stock_within",
            f"you hold no more than {s.data.stock_limit} units",
            limit=s.data.stock_limit,
        )
    return Refusal("hold_none", f"you hold no {MATERIAL_NAMES[a.material]}", material=a.material)


def _play(s: SabaState, a: Play) -> Refusal | None:
    refusal = _hand(s, a.card_id)
    if refusal is not None:
        return refusal
    shown = s.data.action_by_id[a.card_id].materials
    if a.material not in shown:
        names = " or ".join(MATERIAL_NAMES[m] for m in shown)
        return Refusal(
            "not_on_card",
            f"{a.card_id} shows {names}, not {MATERIAL_NAMES[a.material]}",
            card=a.card_id,
            material=a.material,
        )
    return Refusal(
        "supply_none", f"the supply has no {MATERIAL_NAMES[a.material]} left", material=a.material
    )


def _use(s: SabaState, a: Use) -> Refusal | None:
    refusal = _quarter(s, a.quarter)
    if refusal is not None:
        return refusal
    q = s.data.quarter_index(a.quarter)
    quarter = s.data.quarters[q]
    if s.current not in s.quarters[q]:
        return Refusal(
            "no_figure_there", f"you have no figure in the {a.quarter} quarter", quarter=a.quarter
        )
    if q == s.vizier:
        return Refusal(
            "vizier_closes", f"the vizier closes the {a.quarter} quarter", quarter=a.quarter
        )
    if not s.quarter_uses(q):
        if s.fresh == q and s.quarters[q].count(s.current) == 1:
            return Refusal(
                "placed_this_turn",
                "a figure placed this turn works from your next turn on",
                quarter=a.quarter,
            )
        return Refusal(
            "used_up",
            f"your figures in the {a.quarter} quarter have been used this turn",
            quarter=a.quarter,
        )
    if quarter.material is not None:
        if a.give is not None:
            return Refusal(
                "produces",
                f"the {a.quarter} quarter gives "
                f"{MATERIAL_NAMES[quarter.material]}; it makes no exchange",
                quarter=a.quarter,
            )
        return Refusal(
            "supply_none",
            f"the supply has no {MATERIAL_NAMES[quarter.material]} left",
            material=quarter.material,
        )
    if a.give is None or a.take is None:
        return Refusal(
            "name_exchange",
            f"name the exchange: 'use {a.quarter} GIVE for TAKE'",
            quarter=a.quarter,
        )
    return _exchange(s, quarter.effect, a.give, a.take)


def _never(s: SabaState, a: Any) -> None:
    """Actions refused only for their step (enter, decline, draw, end)."""
    return None


_WHY: Final[dict[type, Callable[[SabaState, Any], Refusal | None]]] = {
    ChooseFace: _face,
    Remove: _remove,
    MoveVizier: _vizier,
    Swap: _swap,
    Decline: _never,
    Enter: _never,
    Buy: _buy,
    Recall: _recall,
    Place: _place,
    Draw: _never,
    EndTurn: _never,
    Discard: _discard,
    Return: _return,
    Play: _play,
    Use: _use,
}
