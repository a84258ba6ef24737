"""The Cities on the table: three city tiles where the nobles were, larger, over
slightly smaller cards, with the viewer's progress towards each; the viewer's city at
the top of the column beside their reserved cards, another player's beside their stacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from splendor.engine import PlayerView, View
from splendor.engine.components import City
from splendor.engine.modules.cities import CitiesState
from splendor.i18n import tr
from splendor.ui import art, theme
from splendor.ui.table import marks
from splendor.ui.table.hits import Hit
from splendor.ui.table.modules.base import Middle, Px, TableModule, TableParts
from splendor.ui.widgets import draw_text, fit_text

if TYPE_CHECKING:
    from splendor.ui.table.layout import TableLayout
    from splendor.ui.table.view import Assists, TableUi


class CitiesTable(TableModule):
    engine = CitiesState

    @classmethod
    def middle(cls, market_slots: int) -> Middle:
        # Taller city tiles above slightly smaller cards.
        w, gap = 94, 6
        return Middle((w, 131), 150, 6, 12, 12 + w + gap + 2, w + gap)

    @classmethod
    def place(cls, parts: TableParts) -> None:
        super().place(parts)
        # The three tiles where the nobles were, as large as the strip over the cards.
        market_x = parts.mid.market_x
        parts.cities = [parts.rect(market_x + i * 158, 34, 150, 110) for i in range(3)]
        parts.nobles = []
        parts.legend = parts.rect(596, 40, 354, 68)

    @classmethod
    def draw_above_cards(cls, surface: pygame.Surface, lay: TableLayout, view: View,
                         ui: TableUi, assists: Assists) -> None:
        """The city tiles on the table, with the viewer's progress towards each when
        that assist is on: the prestige still missing in words beside the city's."""
        for rect, city in zip(lay.cities, view.cities, strict=False):
            progress = city_progress(city, view.me) if assists.noble_progress else None
            surface.blit(art.city_surface(city, rect.size, progress), rect)
            if progress is not None and progress[0]:
                note = art.city_note_rect(city, rect.size).move(rect.topleft)
                _draw_points_missing(surface, note, progress[0])
            marks.draw_card_marks(surface, rect, Hit("city", city.id), ui, lay.px,
                                  lay.pieces)

    @classmethod
    def draw_side(cls, surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
                  assists: Assists) -> None:
        """The viewer's city (or where it will stand), under its label."""
        assert lay.area is not None
        draw_text(surface, tr("table.module.city"), lay.px(14), theme.TEXT_DIM,
                  lay.area.side_label, align="left")
        slot = city_slot(lay)
        if view.me.city is not None:
            surface.blit(art.city_surface(view.me.city, slot.size), slot)
        else:  # where the city will stand
            surface.blit(art.empty_slot_surface(slot.size), slot)

    @classmethod
    def draw_seat_side(cls, surface: pygame.Surface, box: pygame.Rect, player: PlayerView,
                       px: Px) -> None:
        """Another player's city, once they have one."""
        if player.city is not None:
            surface.blit(art.city_surface(player.city, box.size), box)


def city_progress(city: City, me: PlayerView) -> art.CityProgress:
    """(prestige still missing, bonuses still missing for each requirement disc of the
    tile) for `me` to take `city`: the named colours, then "N of one colour" (counted
    for the best colour the city does not name, as `city_shortfall` does)."""
    missing = [max(0, need - me.bonuses[c]) for c, need in enumerate(city.requires) if need]
    if city.any_single:
        free = [me.bonuses[c] for c in range(len(city.requires)) if not city.requires[c]]
        missing.append(max(0, city.any_single - max(free, default=0)))
    return max(0, city.points - me.points), tuple(missing)


def _draw_points_missing(surface: pygame.Surface, box: pygame.Rect, points: int) -> None:
    """The prestige a city still asks of the viewer, in words on two lines ("10 pts" /
    "to go"), centred in `box` in the red of what is missing."""
    lines = tr("table.city.points_missing", count=points).split("\n")
    px = max(theme.MIN_TEXT_PX, min(round(box.h / (len(lines) * 1.25)), round(box.h * 0.4)))
    images = [fit_text(line, px, box.w, art.MISSING, bold=True) for line in lines]
    y = box.centery - sum(i.get_height() for i in images) // 2
    for image in images:
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += image.get_height()


def city_slot(lay: TableLayout) -> pygame.Rect:
    """Where the viewer's city stands in their area: at the top of the side column, as
    tall as the reserved cards, in the tiles' proportions (110 by 80)."""
    a = lay.area
    assert a is not None
    h = min(a.side.h, round(a.side.w * 80 / 110), a.reserved[0].h)
    return pygame.Rect(a.side.x, a.side.y, round(h * 110 / 80), h)
