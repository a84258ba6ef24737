"""Strongholds on the table: towers in their owner's colour standing on the cards (the
base game's layout otherwise), and each player's strongholds left in the supply."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from splendor.engine import GameData, PlayerView, View
from splendor.engine.modules.strongholds import StrongholdsState
from splendor.ui import art
from splendor.ui.table import marks
from splendor.ui.table.hits import Hit, hold_rects
from splendor.ui.table.modules.base import Badge, TableModule

if TYPE_CHECKING:
    from splendor.ui.table.layout import TableLayout
    from splendor.ui.table.view import TableUi


class StrongholdsTable(TableModule):
    engine = StrongholdsState
    seat_counts = True

    @classmethod
    def draw_pieces(cls, surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
                    data: GameData, colours: Sequence[art.Color]) -> None:
        """The towers on the cards (not while their card is dragged)."""
        for card_id, owner, count, rect in hold_rects(lay, view):
            if ui.drag_card == card_id:
                continue
            tower = art.stronghold_surface(colours[owner], rect.w, count)
            surface.blit(tower, rect)
            if Hit("hold", card_id) in ui.hint_marks or ui.selected == Hit("hold", card_id):
                marks.draw_selected_frame(surface, rect, lay.px)

    @classmethod
    def badges(cls, player: PlayerView, view: View, icon: int, *, theirs: bool
               ) -> list[Badge]:
        """The strongholds left in the supply: a tower in the seat colour."""
        colour = art.seat_colours(view.num_players)[player.seat]
        return [(art.stronghold_surface(colour, icon), player.supply)]
