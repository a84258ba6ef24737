"""Drawing Saba's board from a view: the harbour, the build spaces with their cards and
surcharges, the palace deck, the treasury, the harem track, the palace's garden spaces
with their pieces and balconies, and the city quarters with the vizier. Nothing here
changes anything: what is lit or marked comes in `Marks`."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from splendor.i18n import tr
from splendor.saba.engine import BUILDING, GOLD, PalaceCard, SabaData, SabaView, SpecialCard
from splendor.saba.words import quarter_short, section_name, surcharge_text, unit_text
from splendor.ui import theme
from splendor.ui.saba.art import draw_figure, draw_marker, draw_material, draw_piece, draw_vizier
from splendor.ui.saba.choices import Target
from splendor.ui.saba.layout import SabaLayout
from splendor.ui.widgets import draw_lines, draw_panel, draw_text, line_height
from splendor.ui.widgets.style import _mix

#: A part that a click decides now, a suggested one, the one being chosen for.
LIT, HINTED, CHOSEN = theme.ACCENT, (120, 230, 140), theme.TEXT
CARD: theme.Color = (246, 238, 218)
CARD_INK: theme.Color = (54, 40, 30)
STONE_DARK: theme.Color = (70, 52, 38)


@dataclass
class Marks:
    """What the board shows besides the game: the parts a click decides now, the part a
    hint suggests, the part whose options are being chosen, and the seat at the screen."""

    lit: set[Target] = field(default_factory=set)
    hinted: Target | None = None
    chosen: Target | None = None
    you: int | None = None


def draw_word(
    surface: pygame.Surface,
    word: str,
    px: int,
    color: theme.Color,
    x: int,
    box: pygame.Rect,
    bold: bool = False,
) -> int:
    """A short word (a number, '+1') from `x`, centred in `box`'s height, as wide as it
    is; the x after it."""
    width = theme.font(px, bold).size(word)[0]
    return draw_text(
        surface, word, px, color, pygame.Rect(x, box.y, width + 1, box.h), align="left", bold=bold
    ).right


def bold_fits(word: str, px: int, width: int) -> bool:
    """Whether `word` fits `width` in bold (else it is drawn plain, not cut)."""
    return theme.font(px, True).size(word)[0] <= width


def ring(
    surface: pygame.Surface, rect: pygame.Rect, target: Target, marks: Marks, radius: int
) -> None:
    """The edge that says a part is chosen, suggested or ready for a click."""
    color = (
        CHOSEN
        if target == marks.chosen
        else HINTED
        if target == marks.hinted
        else LIT
        if target in marks.lit
        else None
    )
    if color is not None:
        width = max(2, rect.h // 30)
        pygame.draw.rect(
            surface, color, rect.inflate(2 * width, 2 * width), width, border_radius=radius + width
        )


def draw_headings(surface: pygame.Surface, lay: SabaLayout, data: SabaData) -> None:
    for key, rect in lay.headings:
        words = (
            tr("saba.place.stock", limit=data.stock_limit)
            if key == "stock"
            else tr(f"saba_table.{key}")
            if key in ("faces", "hand")
            else tr(f"saba.place.{key}")
        )
        draw_text(surface, words, lay.text(14), theme.TEXT_DIM, rect, align="left", valign="bottom")


def draw_harbour(
    surface: pygame.Surface, lay: SabaLayout, view: SabaView, data: SabaData, marks: Marks
) -> None:
    """Each section: its name, its places (filled with the units it holds, in its
    material), what taking it gives; the faces the player to move shows are lit."""
    r = lay.px(10)
    for k, rect in enumerate(lay.sections):
        section = data.sections[k]
        section_id, material, units = view.harbour[k]
        taken = view.taken == k
        draw_panel(surface, rect, r, fill=theme.TABLE_DARK if taken else theme.PANEL)
        pad = lay.px(8)
        name = f"{section.position} · {section_name(data, section_id)}"
        px = lay.text(15)
        draw_lines(
            surface,
            name,
            px,
            theme.TEXT,
            pygame.Rect(
                rect.x + pad,
                rect.y + lay.px(4),
                rect.w - 2 * pad,
                2 * theme.font(px).get_linesize(),
            ),
            bold=True,
        )
        slot = lay.px(11)
        y = rect.y + lay.px(61)
        for i in range(section.capacity):
            cx = rect.x + pad + slot + i * (2 * slot + lay.px(6))
            draw_material(surface, (cx, y), slot, material, empty=i >= units)
        draw_text(
            surface,
            tr(f"saba_table.gives.{section.action}"),
            lay.text(14),
            theme.ACCENT,
            pygame.Rect(rect.x + pad, rect.bottom - lay.px(24), rect.w - 2 * pad, lay.px(20)),
            align="left",
        )
        ring(surface, rect, Target("section", k), marks, r)


def card_title(data: SabaData, card: PalaceCard | SpecialCard) -> str:
    """The words at the top of a card of the build spaces: its piece, or what it does."""
    if isinstance(card, PalaceCard):
        return tr(f"saba.piece.{card.piece}")
    return tr(f"saba_table.special.{card.effect}")


def draw_card(
    surface: pygame.Surface,
    lay: SabaLayout,
    rect: pygame.Rect,
    card: PalaceCard | SpecialCard,
    data: SabaData,
) -> None:
    """A card of the palace deck, face up: a palace card's piece, garden space and cost,
    or a special card's name and cost; a star in the corner marks reconstructed values."""
    radius = lay.px(8)
    pygame.draw.rect(surface, CARD, rect, border_radius=radius)
    pygame.draw.rect(surface, CARD_INK, rect, max(1, lay.px(2)), border_radius=radius)
    pad = lay.px(6)
    px = lay.text(15)
    title_h = (
        2 * theme.font(px).get_linesize()
        if isinstance(card, SpecialCard)
        else theme.font(px).get_linesize()
    )
    title = pygame.Rect(rect.x + pad, rect.y + pad // 2, rect.w - 2 * pad - lay.px(8), title_h)
    words = card_title(data, card)
    draw_lines(
        surface,
        words,
        px,
        CARD_INK,
        title,
        bold=isinstance(card, SpecialCard) or bold_fits(words, px, title.w),
    )
    if isinstance(card, PalaceCard):
        badge = lay.px(15)
        center = (rect.right - pad - badge, rect.y + pad + badge + theme.font(px).get_linesize())
        pygame.draw.circle(surface, (60, 112, 90), center, badge)
        draw_text(
            surface,
            str(card.garden),
            lay.text(17),
            theme.TEXT,
            pygame.Rect(center[0] - badge, center[1] - badge, 2 * badge, 2 * badge),
            bold=True,
        )
        piece = pygame.Rect(
            rect.x + pad,
            rect.y + pad + theme.font(px).get_linesize(),
            rect.w // 2 - pad,
            rect.h // 2 - pad,
        )
        draw_piece(surface, piece, card.level)
    if card.provenance.reconstructed:
        star = (rect.right - lay.px(9), rect.y + lay.px(9))
        pygame.draw.circle(surface, (176, 84, 40), star, lay.px(5))
    draw_cost(
        surface,
        lay,
        pygame.Rect(rect.x + pad, rect.bottom - lay.px(44), rect.w - 2 * pad, lay.px(40)),
        card.cost,
        CARD_INK,
    )


def draw_cost(
    surface: pygame.Surface,
    lay: SabaLayout,
    box: pygame.Rect,
    cost: tuple[int, ...],
    ink: theme.Color,
) -> None:
    """A cost along the bottom of `box`: each material needed, its piece and how many,
    left to right; on two lines when one is too narrow for them."""
    r, px, gap = lay.px(8), lay.text(15), lay.px(5)
    items = [(m, n) for m, n in enumerate(cost) if n]
    widths = [2 * r + lay.px(2) + theme.font(px, True).size(str(n))[0] for _, n in items]
    rows = [items] if sum(widths) + gap * (len(items) - 1) <= box.w else [items[:2], items[2:]]
    line = box.h // 2
    for i, row in enumerate(reversed(rows)):
        band = pygame.Rect(box.x, box.bottom - (i + 1) * line, box.w, line)
        x = box.x
        for m, n in row:
            draw_material(surface, (x + r, band.centery), r, m)
            x = draw_word(surface, str(n), px, ink, x + 2 * r + lay.px(2), band, True) + gap


def draw_spaces(
    surface: pygame.Surface, lay: SabaLayout, view: SabaView, data: SabaData, marks: Marks
) -> None:
    """The three build spaces: the card on each and, under it, the gold it adds."""
    for i, rect in enumerate(lay.spaces):
        if i < len(view.display):
            card = view.display[i]
            draw_card(surface, lay, rect, card, data)
            ring(surface, rect, Target("card", card.id), marks, lay.px(8))
        else:
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, rect, max(1, lay.px(2)), border_radius=lay.px(8)
            )
        words, px = surcharge_text(data.surcharges[i]), lay.text(14)
        draw_text(
            surface,
            words,
            px,
            theme.ACCENT,
            lay.surcharges[i],
            bold=bold_fits(words, px, lay.surcharges[i].w),
        )


def draw_deck(surface: pygame.Surface, lay: SabaLayout, view: SabaView) -> None:
    """The palace deck: a card back with the number of cards left."""
    rect = lay.deck
    draw_panel(surface, rect, lay.px(8), fill=(92, 60, 44), edge=(52, 34, 24))
    px = lay.text(14)
    name = pygame.Rect(
        rect.x + lay.px(6),
        rect.y + lay.px(4),
        rect.w - lay.px(12),
        2 * theme.font(px).get_linesize(),
    )
    draw_lines(surface, tr("saba.place.palace_deck"), px, theme.TEXT_DIM, name, align="center")
    draw_text(
        surface,
        str(view.deck_size),
        lay.text(30),
        theme.TEXT,
        pygame.Rect(rect.x, name.bottom, rect.w, rect.bottom - name.bottom),
        bold=True,
        serif=True,
    )


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


def draw_board(
    surface: pygame.Surface, lay: SabaLayout, view: SabaView, data: SabaData, marks: Marks
) -> None:
    """The whole board, headings first."""
    draw_headings(surface, lay, data)
    draw_harbour(surface, lay, view, data, marks)
    draw_spaces(surface, lay, view, data, marks)
    draw_deck(surface, lay, view)
    draw_treasury(surface, lay, view, data)
    draw_harem(surface, lay, view, data)
    draw_palace(surface, lay, view)
    draw_quarters(surface, lay, view, data, marks)
