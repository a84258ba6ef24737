"""Drawing Saba's board from a view: the harbour, the build spaces with their cards and
surcharges, the palace deck (the palace, the treasury, the harem and the quarters are in
`palace.py`). Nothing here changes anything: what is lit or marked comes in `Marks`."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from splendor.i18n import tr
from splendor.saba.engine import PalaceCard, SabaData, SabaView, SpecialCard
from splendor.saba.words import section_name, surcharge_text
from splendor.ui import theme
from splendor.ui.saba.art import draw_material, draw_piece
from splendor.ui.saba.choices import Target
from splendor.ui.saba.data_note import edited_line
from splendor.ui.saba.layout import SabaLayout
from splendor.ui.widgets import draw_lines, draw_panel, draw_text

#: A part that a click decides now, a suggested one, the one being chosen for.
LIT, HINTED, CHOSEN = theme.ACCENT, (120, 230, 140), theme.TEXT
CARD: theme.Color = (246, 238, 218)
CARD_INK: theme.Color = (54, 40, 30)
STONE_DARK: theme.Color = (70, 52, 38)
#: The mark of a reconstructed value (RULES_SABA.md section 8), and words in its colour
#: on the table's dark green.
MARK: theme.Color = (176, 84, 40)
MARK_TEXT: theme.Color = (236, 150, 100)


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
    """The title over each part of the board; right of the first (the table's top line),
    'Card data: edited by you' while the player's copy of the data is played."""
    for key, rect in lay.headings:
        words = (
            tr("saba.place.stock", limit=data.stock_limit)
            if key == "stock"
            else tr(f"saba_table.{key}")
            if key in ("faces", "hand")
            else tr(f"saba.place.{key}")
        )
        draw_text(surface, words, lay.text(14), theme.TEXT_DIM, rect, align="left", valign="bottom")
    edited = edited_line(data)
    if edited and lay.headings:
        top = lay.headings[0][1]
        draw_text(
            surface, edited, lay.text(14), MARK_TEXT, top, align="right", valign="bottom", bold=True
        )


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
    scale: float = 1.0,
) -> None:
    """A card of the palace deck, face up: a palace card's piece, garden space and cost,
    or a special card's name and cost; a dot in the corner marks reconstructed values.
    `scale`: its marks and words as much larger as the card is (a zoomed card)."""

    def px(value: float) -> int:
        return lay.px(value * scale)

    radius = px(8)
    pygame.draw.rect(surface, CARD, rect, border_radius=radius)
    pygame.draw.rect(surface, CARD_INK, rect, max(1, px(2)), border_radius=radius)
    pad = px(6)
    size = lay.text(15 * scale)
    line = theme.font(size).get_linesize()
    title_h = 2 * line if isinstance(card, SpecialCard) else line
    title = pygame.Rect(rect.x + pad, rect.y + pad // 2, rect.w - 2 * pad - px(8), title_h)
    words = card_title(data, card)
    draw_lines(
        surface,
        words,
        size,
        CARD_INK,
        title,
        bold=isinstance(card, SpecialCard) or bold_fits(words, size, title.w),
    )
    if isinstance(card, PalaceCard):
        badge = px(15)
        center = (rect.right - pad - badge, rect.y + pad + badge + line)
        pygame.draw.circle(surface, (60, 112, 90), center, badge)
        draw_text(
            surface,
            str(card.garden),
            lay.text(17 * scale),
            theme.TEXT,
            pygame.Rect(center[0] - badge, center[1] - badge, 2 * badge, 2 * badge),
            bold=True,
        )
        piece = pygame.Rect(rect.x + pad, rect.y + pad + line, rect.w // 2 - pad, rect.h // 2 - pad)
        draw_piece(surface, piece, card.level)
    if card.provenance.reconstructed:
        pygame.draw.circle(surface, MARK, (rect.right - px(9), rect.y + px(9)), px(5))
    draw_cost(
        surface,
        lay,
        pygame.Rect(rect.x + pad, rect.bottom - px(44), rect.w - 2 * pad, px(40)),
        card.cost,
        CARD_INK,
        scale,
    )


def draw_cost(
    surface: pygame.Surface,
    lay: SabaLayout,
    box: pygame.Rect,
    cost: tuple[int, ...],
    ink: theme.Color,
    scale: float = 1.0,
) -> None:
    """A cost along the bottom of `box`: each material needed, its piece and how many,
    left to right; on two lines when one is too narrow for them."""
    r, px, gap = lay.px(8 * scale), lay.text(15 * scale), lay.px(5 * scale)
    items = [(m, n) for m, n in enumerate(cost) if n]
    space = lay.px(2 * scale)
    widths = [2 * r + space + theme.font(px, True).size(str(n))[0] for _, n in items]
    rows = [items] if sum(widths) + gap * (len(items) - 1) <= box.w else [items[:2], items[2:]]
    line = box.h // 2
    for i, row in enumerate(reversed(rows)):
        band = pygame.Rect(box.x, box.bottom - (i + 1) * line, box.w, line)
        x = box.x
        for m, n in row:
            draw_material(surface, (x + r, band.centery), r, m)
            x = draw_word(surface, str(n), px, ink, x + 2 * r + space, band, True) + gap


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
