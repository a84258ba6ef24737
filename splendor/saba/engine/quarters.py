"""City quarters (S39-S46): placing a figure, using figures, the exchanges."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from splendor.saba.engine.materials import BUILDING, GOLD
from splendor.saba.engine.steps import Step

if TYPE_CHECKING:
    from splendor.saba.engine.seat import Seat
    from splendor.saba.engine.state import SabaState


def swaps(effect: str, stock: Sequence[int], supply: Sequence[int]) -> list[tuple[int, int]]:
    """The exchanges (given, taken) a quarter's effect allows with this stock and supply:
    each needs the unit given and the unit taken (S45). The Exchange trades gold for a
    building material or back; the Bazaar one building material for another."""
    if effect == "exchange_gold_and_building_material":
        out = [(GOLD, t) for t in BUILDING if stock[GOLD] and supply[t]]
        out += [(g, GOLD) for g in BUILDING if stock[g] and supply[GOLD]]
        return out
    if effect == "exchange_building_materials":
        return [(g, t) for g in BUILDING for t in BUILDING if g != t and stock[g] and supply[t]]
    return []


def exchange(s: SabaState, p: Seat, give: int, take: int) -> None:
    """One unit of `give` from `p` to the supply, one of `take` back."""
    p.stock[give] -= 1
    s.supply[give] += 1
    s.supply[take] -= 1
    p.stock[take] += 1


def use(s: SabaState, quarter_id: str, give: int | None, take: int | None) -> None:
    """S43, S45: one use of one of the player's figures there (what a production
    quarter gives is data: A10)."""
    q = s.data.quarter_index(quarter_id)
    s.used[q] += 1
    p = s.players[s.current]
    material = s.data.quarters[q].material
    if material is not None:
        s.supply[material] -= 1
        p.stock[material] += 1
    elif give is not None and take is not None:
        exchange(s, p, give, take)


def placement_cost(s: SabaState, quarter: int) -> int:
    """S40, A7: the gold a figure into this quarter costs, by figures already there."""
    return s.data.placement_costs[len(s.quarters[quarter])]


def place(s: SabaState, quarter_id: str) -> None:
    """Phase 3 (S39-S42): a figure from the supply into a quarter, paying gold; it works
    from its owner's next turn on."""
    q = s.data.quarter_index(quarter_id)
    p = s.players[s.current]
    cost = placement_cost(s, q)
    p.stock[GOLD] -= cost
    s.supply[GOLD] += cost
    p.figures -= 1
    s.quarters[q].append(s.current)
    s.fresh = q
    s.step = Step.PLACED


def quarters_of(s: SabaState, seat: int) -> list[int]:
    """The quarters holding a figure of `seat`, in board order."""
    return [q for q, seats in enumerate(s.quarters) if seat in seats]
