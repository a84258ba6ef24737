"""Phase 1, the harbour (S15-S24): take a section, its action, flip, rotate, refill."""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor.saba.engine.components import PalaceCard
from splendor.saba.engine.palace import remove_from_display
from splendor.saba.engine.quarters import exchange, swaps
from splendor.saba.engine.steps import Step
from splendor.saba.engine.turn import draw_card

if TYPE_CHECKING:
    from splendor.saba.engine.state import SabaState


def choose_face(s: SabaState, section_id: str) -> None:
    """S15-S16: take every unit of the section (even a short or empty one, A14), then
    its action (S17-S20); a choice inside it is a step of its own."""
    k = s.data.section_index(section_id)
    p = s.players[s.current]
    p.stock[s.harbour_material[k]] += s.harbour_units[k]
    s.harbour_units[k] = 0
    s.taken = k
    action = s.data.sections[k].action
    if action == "draw_action_card":  # S17
        draw_card(s, p)
    elif action == "remove_palace_card":  # S18: mandatory while a palace card lies (A12)
        if any(isinstance(c, PalaceCard) for c in s.display):
            s.step = Step.CROSS
            return
    elif action == "move_vizier":  # S19
        s.step = Step.VIZIER
        return
    finish_harbour(s)


def remove_card(s: SabaState, card_id: str) -> None:
    """S18: the palace card leaves the game; the display slides and refills (S33). The
    last palace card gone ends the game at once (S60)."""
    card = s.data.card_by_id[card_id]
    remove_from_display(s, card)
    if not s.palace_cards_left():
        s.end("palace_cards")
        return
    finish_harbour(s)


def move_vizier(s: SabaState, quarter_id: str) -> None:
    """S19, S46: the vizier moves and its quarter's effect happens once, needing no
    figure: a production quarter's unit is simply gained if the supply has one; at the
    Exchange or the Bazaar one exchange may be made or declined (A13)."""
    q = s.data.quarter_index(quarter_id)
    s.vizier = q
    quarter = s.data.quarters[q]
    material = quarter.material
    if material is not None:
        if s.supply[material]:  # S54: nothing if the material is gone
            s.supply[material] -= 1
            s.players[s.current].stock[material] += 1
    elif swaps(quarter.effect, s.players[s.current].stock, s.supply):
        s.step = Step.SWAP
        return
    finish_harbour(s)


def swap(s: SabaState, give: int | None, take: int | None) -> None:
    """The vizier's exchange (or, with None, the exchange declined), then the harbour
    turns."""
    if give is not None and take is not None:
        exchange(s, s.players[s.current], give, take)
    finish_harbour(s)


def finish_harbour(s: SabaState) -> None:
    """S21-S23 after the section's action (S24): flip the harbour card used, move the
    sections below the one taken up a place with their materials (the material taken
    starts again at position 1, empty), then top every section up."""
    k = s.taken
    assert k is not None
    section = s.data.sections[k]
    p = s.players[s.current]
    i = p.faces.index(section.id)  # S21: which faces share a card is data (A3)
    card = s.data.harbour_cards[i]
    p.faces[i] = card.other_face if p.faces[i] == card.up_at_start else card.up_at_start
    materials, units = s.harbour_material, s.harbour_units  # S22; the row's order: A4
    taken = materials[k]
    # Capacities never shrink up the row (checked on loading), so every group fits (A5).
    for j in range(k, 0, -1):
        materials[j] = materials[j - 1]
        units[j] = units[j - 1]
    materials[0] = taken
    units[0] = 0
    s.refill_harbour()  # S23
    s.taken = None
    s.step = Step.BUILD
