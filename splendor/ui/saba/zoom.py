"""A card of Saba's table shown large, as Splendor's table shows its cards: the pointer
resting on a card of the build spaces, one of the player's harbour cards or an action
card in hand for a moment, or a right-click on it; moving off, Escape or a click closes it.

The zoom holds the card drawn large, its name and every value in words (`zoom_words`);
a value invented for this program carries the "reconstructed" mark, and the mark's
sentence names the ruling (RULES_SABA.md section 8). `place_zoom` lays it out beside the
card (on the frame that shows it); `draw_zoom` only draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from splendor.i18n import tr
from splendor.saba.engine import SabaData, SabaView
from splendor.ui import theme
from splendor.ui.saba.board import MARK, draw_card
from splendor.ui.saba.layout import SabaLayout
from splendor.ui.saba.seats import draw_action_card, draw_face
from splendor.ui.saba.targets import places
from splendor.ui.saba.zoom_words import ZOOMED, ZoomWords, harbour_sides, zoom_words
from splendor.ui.widgets import draw_lines, draw_shadow, draw_text, line_height, wrap
from splendor.ui.widgets.hover_zoom import HoverZoom, beside

#: The zoom's width, in design pixels (1280x720), and how much larger its card is drawn.
WIDTH = 380
CARD_SCALE = 1.6
#: Text sizes: the title, a value, a mark's sentence.
TITLE_PX, ROW_PX, NOTE_PX = 17, 15, 14


@dataclass(frozen=True)
class SabaZoomTarget:
    """A card that can be shown large: which (its part's kind and key) and where it is."""

    key: tuple[str, str | int | None]
    rect: pygame.Rect


class SabaZoom(HoverZoom[SabaZoomTarget]):
    """What is hovered and shown large on Saba's table."""


def zoom_targets(lay: SabaLayout, view: SabaView, data: SabaData) -> list[SabaZoomTarget]:
    """Every card of the table that zooms now, with where it is drawn."""
    return [
        SabaZoomTarget((t.kind, t.key), r) for t, r in places(lay, view, data) if t.kind in ZOOMED
    ]


def target_at(targets: Sequence[SabaZoomTarget], pos: tuple[int, int]) -> SabaZoomTarget | None:
    return next((t for t in targets if t.rect.collidepoint(pos)), None)


@dataclass(frozen=True)
class ZoomPicture:
    """A zoom laid out: its box, the card's place, and each text with its box (the
    marks' chips beside the rows they mark)."""

    target: SabaZoomTarget
    words: ZoomWords
    box: pygame.Rect
    card: pygame.Rect
    title: pygame.Rect
    rows: tuple[pygame.Rect, ...]
    chips: tuple[pygame.Rect | None, ...]
    notes: tuple[pygame.Rect, ...]


def _card_size(lay: SabaLayout, target: SabaZoomTarget) -> tuple[int, int]:
    """The zoomed card's size: the card on the table, larger (a harbour card shows both
    its sides, one above the other)."""
    w, h = target.rect.size
    if target.key[0] == "face":
        return round(w * 1.4), 2 * round(h * 1.4) + lay.px(8)
    if target.key[0] == "hand":
        return round(w * 2.2), round(h * 2.2)
    return round(w * CARD_SCALE), round(h * CARD_SCALE)


def place_zoom(
    lay: SabaLayout, target: SabaZoomTarget, view: SabaView, data: SabaData
) -> ZoomPicture:
    """Lay the zoom of `target` out beside it, for the words of the language in use."""
    words = zoom_words(target.key[0], target.key[1], view, data)
    pad, gap = lay.px(12), lay.px(8)
    width = lay.px(WIDTH)
    inner = width - 2 * pad
    title_px, row_px, note_px = lay.text(TITLE_PX), lay.text(ROW_PX), lay.text(NOTE_PX)
    mark = tr("saba.reconstructed.mark")
    chip_w = theme.font(note_px, bold=True).size(mark)[0] + lay.px(12)
    chip_h = line_height(note_px)
    y = pad
    title_h = len(wrap(words.title, title_px, inner, bold=True)) * line_height(title_px)
    title = pygame.Rect(pad, y, inner, title_h)
    y += title_h + gap
    card_w, card_h = _card_size(lay, target)
    card = pygame.Rect((width - card_w) // 2, y, card_w, card_h)
    y += card_h + gap
    rows: list[pygame.Rect] = []
    chips: list[pygame.Rect | None] = []
    step = line_height(row_px)
    for row in words.rows:
        lines = wrap(row.text, row_px, inner)
        rows.append(pygame.Rect(pad, y, inner, len(lines) * step))
        y += len(lines) * step
        if row.mark:
            # After the row's last line when there is room, else on a line of its own.
            end = pad + theme.font(row_px).size(lines[-1])[0] + gap if lines else pad
            if end + chip_w > width - pad:
                end, y = pad, y + step
            chips.append(pygame.Rect(end, y - step + (step - chip_h) // 2, chip_w, chip_h))
        else:
            chips.append(None)
        y += lay.px(4)
    notes: list[pygame.Rect] = []
    dot = lay.px(14)
    for sentence in words.marks:
        y += lay.px(4)
        height = len(wrap(sentence, note_px, inner - dot)) * line_height(note_px)
        notes.append(pygame.Rect(pad + dot, y, inner - dot, height))
        y += height
    box = beside(target.rect, (width, y + pad), lay.size, lay.px(10))

    def moved(rect: pygame.Rect) -> pygame.Rect:
        return rect.move(box.x, box.y)

    return ZoomPicture(
        target,
        words,
        box,
        moved(card),
        moved(title),
        tuple(moved(r) for r in rows),
        tuple(moved(c) if c is not None else None for c in chips),
        tuple(moved(n) for n in notes),
    )


def draw_zoom(
    surface: pygame.Surface,
    lay: SabaLayout,
    picture: ZoomPicture,
    view: SabaView,
    data: SabaData,
) -> None:
    """The zoom as laid out: the card large, its name, its values and their marks."""
    box, words = picture.box, picture.words
    draw_shadow(surface, box, lay.px(12), lay.px(8))
    pygame.draw.rect(surface, theme.TABLE_DARK, box, border_radius=lay.px(12))
    pygame.draw.rect(surface, theme.TEXT_DIM, box, max(1, lay.px(2)), border_radius=lay.px(12))
    draw_lines(surface, words.title, lay.text(TITLE_PX), theme.ACCENT, picture.title, bold=True)
    _draw_card(surface, lay, picture, view, data)
    row_px, note_px = lay.text(ROW_PX), lay.text(NOTE_PX)
    for row, rect, chip in zip(words.rows, picture.rows, picture.chips, strict=True):
        draw_lines(surface, row.text, row_px, theme.TEXT, rect)
        if chip is not None:
            _draw_chip(surface, lay, chip, note_px)
    for sentence, rect in zip(words.marks, picture.notes, strict=True):
        r = lay.px(5)
        pygame.draw.circle(
            surface, MARK, (rect.x - lay.px(8), rect.y + line_height(note_px) // 2), r
        )
        draw_lines(surface, sentence, note_px, theme.TEXT_DIM, rect)


def _draw_chip(surface: pygame.Surface, lay: SabaLayout, chip: pygame.Rect, px: int) -> None:
    """The "reconstructed" mark: its word on the mark's colour."""
    pygame.draw.rect(surface, MARK, chip, border_radius=chip.h // 2)
    draw_text(surface, tr("saba.reconstructed.mark"), px, theme.TEXT, chip, bold=True)


def _draw_card(
    surface: pygame.Surface,
    lay: SabaLayout,
    picture: ZoomPicture,
    view: SabaView,
    data: SabaData,
) -> None:
    kind, key = picture.target.key
    rect = picture.card
    if kind == "card" and isinstance(key, str):
        draw_card(surface, lay, rect, data.card_by_id[key], data, CARD_SCALE)
    elif kind == "hand" and isinstance(key, str):
        draw_action_card(surface, lay, rect, data.action_by_id[key])
    elif kind == "face" and isinstance(key, int):
        face = view.me.faces[key]
        other = harbour_sides(face, data)[1]
        half = (rect.h - lay.px(8)) // 2
        draw_face(surface, lay, pygame.Rect(rect.x, rect.y, rect.w, half), data, face, 1.4)
        down = pygame.Rect(rect.x, rect.bottom - half, rect.w, half)
        draw_face(surface, lay, down, data, other, 1.4)
        shade = pygame.Surface(down.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))  # the side face down, dimmed
        surface.blit(shade, down.topleft)
