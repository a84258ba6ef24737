"""The table's mouse gestures: press, drag and release, turned into the player's intents.

A press on a bank pile starts dragging a token; a press on a card (or on the strongholds
standing on it) becomes a drag once the pointer moves a few pixels (a drop in the player's
area reserves it) or a click that selects it, as a click selects a deck (base or
Orient); buttons act on release over them, so the release cannot reach an overlay the
button opens. What the gestures mean for the game is the scene's (`PointerTarget`).
"""

from __future__ import annotations

import math
from typing import Protocol

from splendor.engine import GOLD, Refusal
from splendor.ui.table.hits import Hit
from splendor.ui.table.view import TableUi

#: Pixels the mouse must move before a press on a card becomes a drag.
DRAG_THRESHOLD = 8


class PointerTarget(Protocol):
    """What the pointer asks of the table scene."""

    ui: TableUi

    def hit(self, pos: tuple[int, int]) -> Hit | None: ...
    def acting(self) -> bool: ...
    def in_area(self, pos: tuple[int, int]) -> bool: ...
    def button_enabled(self, index: int) -> bool: ...
    def button_contains(self, index: int, pos: tuple[int, int]) -> bool: ...
    def press_button(self, index: int) -> None: ...
    def add_token(self, color: int) -> bool: ...
    def reserve_dropped(self, card_id: str) -> None: ...
    def select(self, target: Hit) -> None: ...
    def open_move(self, line: int) -> None: ...


class Pointer:
    """The gesture in progress, if any."""

    def __init__(self, target: PointerTarget) -> None:
        self.target = target
        self._press: tuple[Hit, tuple[int, int]] | None = None
        self._button: int | None = None

    def down(self, pos: tuple[int, int]) -> None:
        table, ui = self.target, self.target.ui
        hit = table.hit(pos)
        if hit is None:
            return
        if hit.kind == "button":
            if table.button_enabled(hit.number):
                self._button = hit.number
            return
        if hit.kind == "log":
            table.open_move(hit.number)  # look at that position, whoever's turn it is
            return
        if not table.acting():
            return
        if hit.kind == "bank":
            if hit.number == GOLD:
                ui.refusal = Refusal("no_gold_take", "gold comes only with a reservation")
                return
            ui.drag_color = hit.number
            ui.drag_pos = pos
            self._press = (hit, pos)
        elif hit.kind == "hold":
            # The towers on a card are part of it: the card is pressed.
            self._press = (Hit("card", hit.card_id), pos)
        elif hit.kind in ("card", "deck", "orient_deck"):
            self._press = (hit, pos)

    def move(self, pos: tuple[int, int]) -> None:
        if self._press is None:
            return
        hit, start = self._press
        ui = self.target.ui
        if ui.drag_color is not None:
            ui.drag_pos = pos
        elif hit.kind == "card" and math.dist(start, pos) > DRAG_THRESHOLD:
            ui.drag_card = hit.card_id
            ui.drag_pos = pos

    def up(self, pos: tuple[int, int]) -> None:
        table, ui = self.target, self.target.ui
        button, self._button = self._button, None
        if button is not None:
            if table.button_contains(button, pos):
                table.press_button(button)
            return
        press, self._press = self._press, None
        if press is None:
            return
        hit, start = press
        # Anywhere in the area counts, over one of its reserved cards too.
        in_area = table.in_area(pos)
        clicked = math.dist(start, pos) <= DRAG_THRESHOLD
        if ui.drag_color is not None:
            color, ui.drag_color = ui.drag_color, None
            if clicked or in_area:
                table.add_token(color)
            else:
                ui.refusal = Refusal("drop_in_area", "drop the token in your area")
            return
        if ui.drag_card is not None:
            card_id, ui.drag_card = ui.drag_card, None
            if in_area:
                table.reserve_dropped(card_id)
            return
        if clicked:
            table.select(hit)

    def cancel(self) -> None:
        """Drop any gesture in progress (the game moved on under it)."""
        self._press = None
        self._button = None
        self.target.ui.drag_color = None
        self.target.ui.drag_card = None
