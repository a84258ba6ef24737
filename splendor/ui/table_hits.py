"""What is under the pointer on the table, as a typed value rather than a string.

`Hit("card", "L2-07")` is a face-up or reserved card, `Hit("deck", 2)` the level-2 deck,
`Hit("bank", 4)` the black pile, `Hit("button", i)` the i-th action-panel button and
`Hit("area")` the player's own area (where things are dropped), `Hit("log", i)` the i-th
line of the game log. The same values name the table's selection and the highlights of
the last move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from splendor.engine import Action, Buy, Card, Reserve, ReserveDeck, Take, TakeTwo, View
from splendor.ui.layout import TableLayout

HitKind = Literal["button", "bank", "card", "deck", "area", "log"]


@dataclass(frozen=True, slots=True)
class Hit:
    kind: HitKind
    key: str | int = ""

    @property
    def card_id(self) -> str:
        """The card's id (only for kind 'card')."""
        assert self.kind == "card" and isinstance(self.key, str)
        return self.key

    @property
    def number(self) -> int:
        """The colour, level or button index (kinds 'bank', 'deck', 'button')."""
        assert isinstance(self.key, int)
        return self.key


def card_hit(card_id: str) -> Hit:
    return Hit("card", card_id)


def hint_marks(action: Action) -> set[Hit]:
    """What a suggested action touches on the table: the piles it takes from, the card it
    buys or reserves, the deck it reserves from (nothing for the other decisions)."""
    if isinstance(action, Take):
        return {Hit("bank", c) for c in action.colors}
    if isinstance(action, TakeTwo):
        return {Hit("bank", action.color)}
    if isinstance(action, Buy | Reserve):
        return {card_hit(action.card_id)}
    if isinstance(action, ReserveDeck):
        return {Hit("deck", action.level)}
    return set()


def reserved_rects(slots: Sequence[pygame.Rect], view: View) -> list[tuple[str, pygame.Rect]]:
    """The viewer's reserved cards with where they are drawn (`slots` from the layout)."""
    return [(card.id, slots[i]) for i, card in enumerate(view.me.reserved)
            if isinstance(card, Card)]


def hit_test(lay: TableLayout, view: View, buttons: Sequence[pygame.Rect],
             reserved: Sequence[tuple[str, pygame.Rect]], pos: tuple[int, int],
             log: Sequence[tuple[int, pygame.Rect]] = ()) -> Hit | None:
    """The topmost thing at `pos`: a panel button, a line of the log, a bank pile, a
    market card, a deck, one of the viewer's reserved cards, or their area; None over
    nothing."""
    for i, rect in enumerate(buttons):
        if rect.collidepoint(pos):
            return Hit("button", i)
    for line, rect in log:
        if rect.collidepoint(pos):
            return Hit("log", line)
    for color, rect in enumerate(lay.bank):
        if rect.collidepoint(pos):
            return Hit("bank", color)
    for level_index, row in enumerate(lay.market):
        for slot, rect in enumerate(row):
            card = view.market[level_index][slot]
            if card is not None and rect.collidepoint(pos):
                return card_hit(card.id)
    for level_index, rect in enumerate(lay.decks):
        if rect.collidepoint(pos):
            return Hit("deck", level_index + 1)
    for card_id, rect in reserved:
        if rect.collidepoint(pos):
            return card_hit(card_id)
    if in_area(lay, pos):
        return Hit("area")
    return None


def in_area(lay: TableLayout, pos: tuple[int, int]) -> bool:
    """Whether `pos` is a drop into the viewer's area (or the action panel)."""
    return bool(lay.my_area.collidepoint(pos) or lay.action_panel.collidepoint(pos))
