"""Drawing the palace side of Saba's board from a view: the treasury, the harem track, the
palace's garden spaces with their pieces and balconies, and the city quarters with their
effects, places, prices and the vizier."""

from __future__ import annotations

import pygame

from splendor.i18n import tr
from splendor.saba.engine import BUILDING, GOLD, SabaData, SabaView
from splendor.saba.words import quarter_short, unit_text
from splendor.ui import theme
from splendor.ui.saba.art import draw_figure, draw_marker, draw_material, draw_piece, draw_vizier
from splendor.ui.saba.board import STONE_DARK, Marks, bold_fits, draw_word, ring
from splendor.ui.saba.choices import Target
from splendor.ui.saba.layout import SabaLayout
from splendor.ui.widgets import draw_panel, draw_text, line_height
from splendor.ui.widgets.style import _mix


def draw_treasury(surface: pygame.Surface, lay: SabaLayout, view: SabaView, data: SabaData) -> None:
    """The treasury: a vault with the figures in it, for good."""
    rect = lay.treasury
    draw_panel(surface, rect, lay.px(10), fill=(70, 52, 26), edge=theme.ACCENT)
    slots = sum(1 for card in data.special_cards if not card.ends_game)  # a figure a scoring
    w = rect.w // (slots + 1)
    for i in range(slots):
        spot = pygame.Rect(0, 0, lay.px(30), lay.px(44))
        spot.center = (rect.x + (i + 1) * w, rect.centery)
        if i < len(view.treasury):
            draw_figure(surface, spot, view.treasury[i])
        else:
            pygame.draw.ellipse(
                surface,
                _mix(theme.ACCENT, (70, 52, 26), 0.6),
                spot.inflate(0, -spot.h * 2 // 3).move(0, spot.h // 3),
                2,
            )


def draw_harem(surface: pygame.Surface, lay: SabaLayout, view: SabaView, data: SabaData) -> None:
    """The harem track's spaces in use, space 1 first, each with its marker if any; an
    arrow shows the way markers are pushed."""
    rect = lay.harem
    draw_panel(surface, rect, lay.px(10))
    spaces = data.harem_size(view.num_players)
    gap = lay.px(5)
    w = (rect.w - lay.px(12) - gap * (spaces - 1)) // spaces
    for i in range(spaces):
        cell = pygame.Rect(
            rect.x + lay.px(6) + i * (w + gap), rect.y + lay.px(8), w, rect.h - lay.px(40)
        )
        pygame.draw.rect(surface, theme.TABLE_DARK, cell, border_radius=lay.px(6))
        draw_text(
            surface,
            str(i + 1),
            lay.text(14),
            theme.TEXT_DIM,
            pygame.Rect(cell.x, cell.y + lay.px(1), cell.w, line_height(lay.text(14))),
            bold=True,
        )
        if i < len(view.harem):
            draw_marker(
                surface,
                (cell.centerx, cell.centery + lay.px(8)),
                min(w, cell.h) // 3,
                view.harem[i],
            )
    y = rect.bottom - lay.px(18)
    start, end = rect.x + lay.px(16), rect.right - lay.px(16)
    pygame.draw.line(surface, theme.TEXT_DIM, (start, y), (end, y), max(1, lay.px(2)))
    tip = lay.px(7)
    pygame.draw.polygon(
        surface, theme.TEXT_DIM, [(end + tip, y), (end - tip, y - tip), (end - tip, y + tip)]
    )


def draw_palace(surface: pygame.Surface, lay: SabaLayout, view: SabaView) -> None:
    """The eight garden spaces: the balcony above each with its figure, the piece standing
    there (the highest counts), the space's number."""
    for g, rect in enumerate(lay.gardens):
        draw_panel(surface, rect, lay.px(8), fill=(44, 92, 66))
        balcony = pygame.Rect(
            rect.x + lay.px(6), rect.y + lay.px(6), rect.w - lay.px(12), lay.px(40)
        )
        pygame.draw.rect(surface, (110, 84, 60), balcony, border_radius=lay.px(5))
        ledge = pygame.Rect(balcony.x, balcony.bottom - lay.px(6), balcony.w, lay.px(6))
        pygame.draw.rect(surface, STONE_DARK, ledge, border_radius=lay.px(3))
        owner = view.balconies[g]
        if owner is not None:
            figure = pygame.Rect(0, 0, lay.px(24), lay.px(32))
            figure.midbottom = (balcony.centerx, ledge.y + lay.px(2))
            draw_figure(surface, figure, owner)
        badge = lay.px(12)
        center = (rect.x + lay.px(6) + badge, balcony.bottom + lay.px(6) + badge)
        pygame.draw.circle(surface, theme.TABLE_DARK, center, badge)
        draw_text(
            surface,
            str(g + 1),
            lay.text(15),
            theme.TEXT,
            pygame.Rect(center[0] - badge, center[1] - badge, 2 * badge, 2 * badge),
            bold=True,
        )
        piece = pygame.Rect(
            rect.x + lay.px(20),
            balcony.bottom + lay.px(6),
            rect.w - lay.px(26),
            rect.bottom - balcony.bottom - lay.px(10),
        )
        draw_piece(surface, piece, view.levels[g])


def draw_quarters(
    surface: pygame.Surface, lay: SabaLayout, view: SabaView, data: SabaData, marks: Marks
) -> None:
    """Each city quarter: its name, what a figure there does (in pieces: +1 of its
    material, or the exchange it makes), its two places with the figures there, what a
    figure costs to put there; the vizier on the quarter it closes."""
    for q, rect in enumerate(lay.quarters):
        quarter = data.quarters[q]
        closed = view.vizier == q
        draw_panel(surface, rect, lay.px(10), fill=(56, 48, 40) if closed else theme.PANEL)
        pad = lay.px(6)
        name, px = quarter_short(data, quarter.id), lay.text(15)
        room = rect.w - 2 * pad
        draw_text(
            surface,
            name,
            px,
            theme.TEXT,
            pygame.Rect(rect.x + pad, rect.y + lay.px(3), room, lay.px(22)),
            align="left",
            bold=bold_fits(name, px, room),
        )
        effect = pygame.Rect(rect.x + pad, rect.y + lay.px(27), rect.w - 2 * pad, lay.px(24))
        _draw_effect(surface, lay, effect, quarter.effect, quarter.material)
        seats = view.quarters[q]
        for i in range(data.quarter_limit):
            spot = pygame.Rect(0, 0, lay.px(24), lay.px(32))
            spot.midbottom = (rect.x + pad + lay.px(16) + i * lay.px(32), rect.bottom - lay.px(24))
            if i < len(seats):
                draw_figure(surface, spot, seats[i])
            else:
                pygame.draw.ellipse(
                    surface,
                    theme.PANEL_EDGE,
                    pygame.Rect(spot.x, spot.bottom - lay.px(8), spot.w, lay.px(8)),
                    max(1, lay.px(2)),
                )
        below = pygame.Rect(rect.x + pad, rect.bottom - lay.px(22), rect.w - 2 * pad, lay.px(20))
        if closed:
            draw_text(
                surface,
                tr("saba_table.closed"),
                lay.text(14),
                theme.DANGER,
                below,
                align="left",
                bold=True,
            )
        elif len(seats) >= data.quarter_limit:
            draw_text(
                surface, tr("saba_table.full"), lay.text(14), theme.TEXT_DIM, below, align="left"
            )
        else:
            cost = data.placement_costs[len(seats)]
            draw_text(
                surface, unit_text(GOLD, cost), lay.text(14), theme.TEXT_DIM, below, align="left"
            )
        if closed:
            vizier = pygame.Rect(0, 0, lay.px(26), lay.px(40))
            vizier.bottomright = (rect.right - pad, rect.bottom - lay.px(6))
            draw_vizier(surface, vizier)
        ring(surface, rect, Target("quarter", quarter.id), marks, lay.px(10))


def _draw_effect(
    surface: pygame.Surface, lay: SabaLayout, box: pygame.Rect, effect: str, material: int | None
) -> None:
    """A quarter's effect in pieces: '+1' and its material, or the two sides of an
    exchange with a double arrow between them."""
    r = lay.px(8)
    if material is not None:
        right = draw_word(surface, "+1", lay.text(15), theme.TEXT, box.x, box, True)
        draw_material(surface, (right + lay.px(4) + r, box.centery), r, material)
        return
    gold = effect == "exchange_gold_and_building_material"
    left = [GOLD] if gold else list(BUILDING)
    chips = len(left) + len(BUILDING)
    arrow_w = lay.px(18)
    r = min(r, (box.w - arrow_w - 2 * chips) // (2 * chips))
    x = box.x + r
    for m in left:
        draw_material(surface, (x, box.centery), r, m)
        x += 2 * r + lay.px(2)
    arrow = pygame.Rect(x - r, box.y, arrow_w, box.h)
    _double_arrow(surface, arrow)
    x = arrow.right + r
    for m in BUILDING:
        draw_material(surface, (x, box.centery), r, m)
        x += 2 * r + lay.px(2)


def _double_arrow(surface: pygame.Surface, box: pygame.Rect) -> None:
    y, head = box.centery, max(3, box.w // 4)
    a, b = box.x + 2, box.right - 2
    pygame.draw.line(surface, theme.TEXT, (a, y), (b, y), max(1, box.h // 12))
    pygame.draw.polygon(surface, theme.TEXT, [(b, y), (b - head, y - head), (b - head, y + head)])
    pygame.draw.polygon(surface, theme.TEXT, [(a, y), (a + head, y - head), (a + head, y + head)])
