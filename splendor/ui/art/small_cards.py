"""Card faces too small for the full layout: compact and mini cards."""

from __future__ import annotations

import pygame

from splendor.engine.components import Card
from splendor.ui import theme
from splendor.ui.art.card_frame import _affordable_ring, _band_colors, _card_frame
from splendor.ui.art.card_marks import _draw_cost_disc
from splendor.ui.art.decor import _sheen
from splendor.ui.art.palette import _WHITE_GEM, BLACK, COST_SYMBOL_INK, WHITE, _mix
from splendor.ui.art.pen import _Pen
from splendor.ui.art.symbols import draw_symbol
from splendor.ui.art.text import _put, _px
from splendor.ui.art.tokens import chip_surface


def _mini_card(card: Card, w: int, h: int, g: dict[str, float], affordable: bool
               ) -> pygame.Surface:
    """The tiniest card: all bonus colour, the points at the top left, the symbol below."""
    r, o = g["r"], g["o"]
    band, edge, _ = _band_colors(card.bonus)
    fill = theme.GEM_FILL[card.bonus]
    pen = _Pen(w, h, edge)
    pen.rect(edge, (0, 0, w, h), r)
    pen.rect(band, (o, o, w - 2 * o, h - 2 * o), r - o)
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), (o, o, w - 2 * o, h - 2 * o), r - o)
    _sheen(pen, (o, o, w - 2 * o, h - 2 * o), mask)
    if affordable:
        _affordable_ring(pen, r)
    out = pen.done()
    ink = theme.INK if card.bonus == _WHITE_GEM else WHITE
    outline = None if card.bonus == _WHITE_GEM else _mix(fill, BLACK, 0.6)
    sym = max(10, round(min(w * 0.5, h * 0.36)))
    if card.points:
        _put(out, str(card.points), _px(h * 0.36), ink, (max(3.0, w * 0.12), max(3.0, h * 0.08)),
             "topleft", outline=outline)
        draw_symbol(out, (w - max(3.0, w * 0.1) - sym / 2, h - max(3.0, h * 0.08) - sym / 2), sym,
                    card.bonus, theme.GEM_INK[card.bonus])
    else:
        draw_symbol(out, (w / 2, h / 2), sym, card.bonus, theme.GEM_INK[card.bonus])
    return out


#: The smallest cost disc whose number is readable (its number is MIN_TEXT_PX).
MIN_DISC = 17


def _symbol_size(d: float) -> float:
    return max(10.0, d * 0.6)


def compact_cost_grid(w: int, h: int, g: dict[str, float], n: int
                      ) -> tuple[int, int, float] | None:
    """How `n` cost items fit under the band of a compact card: (columns, rows, disc
    diameter), the largest discs first; None when even the smallest readable disc (with
    its symbol beside it) does not fit."""
    if n == 0:
        return 0, 0, 0.0
    f, m, hh = g["f"], g["m"], g["hh"]
    room_w = w - 2 * f - m
    room_h = h - hh - f - m * 0.8
    best: tuple[int, int, float] | None = None
    for cols in range(1, n + 1):
        rows = -(-n // cols)
        d = min((room_h - (rows - 1)) / rows, max(MIN_DISC, h * 0.2))
        cell = room_w / cols
        # A disc, a pixel, its symbol (never under 10 px), two pixels to the next cell.
        d = min(d, cell - 3 - 10, (cell - 3) / 1.6)
        if d >= MIN_DISC and (best is None or d > best[2] + 0.5):
            best = (cols, rows, d)
    return best


def _compact_card(card: Card, w: int, h: int, g: dict[str, float], affordable: bool
                  ) -> pygame.Surface:
    """A card too small for the full layout (a reserved card in a side panel).

    Points and the bonus in the band; the whole cost as a grid of discs, each with its
    symbol, as large as the face allows. Only a card too small for readable discs (not a
    size the table uses for a public card) becomes a mini card without its cost.
    """
    r, f, m, hh = g["r"], g["f"], g["m"], g["hh"]
    fill = theme.GEM_FILL[card.bonus]
    items = card.cost_items
    grid = compact_cost_grid(w, h, g, len(items))
    if grid is None:
        return _mini_card(card, w, h, g, affordable)
    cols, rows, d = grid
    cd = round(d)
    sym = round(_symbol_size(cd))
    pen = _card_frame(w, h, g, card.bonus)
    if affordable:
        _affordable_ring(pen, r)
    out = pen.done()
    ink = theme.INK if card.bonus == _WHITE_GEM else WHITE
    left = f + m * 0.6
    if card.points:
        outline = None if card.bonus == _WHITE_GEM else _mix(fill, BLACK, 0.6)
        box = _put(out, str(card.points), _px(hh * 0.72), ink, (left, hh / 2), "midleft",
                   outline=outline)
        left = box.right + 2
    chip_d = round(min(hh * 0.82, w * 0.45))
    right = w - f - m * 0.4
    if chip_d >= 16 and right - chip_d >= left:
        chip = chip_surface(card.bonus, chip_d)
        out.blit(chip, (round(right - chip_d), round(hh / 2 - chip_d / 2)))
    elif right - 10 >= left:
        draw_symbol(out, (right - 5, hh / 2), 10, card.bonus, theme.GEM_INK[card.bonus])
    cell_w = (w - 2 * f - m) / max(1, cols)
    top = h - f - m * 0.5 - rows * (cd + 1) + 1
    for i, (c, amount) in enumerate(items):
        x = f + m * 0.5 + (i % cols) * cell_w
        y = top + (i // cols) * (cd + 1) + cd / 2
        _draw_cost_disc(out, c, cd, amount, (x + cd / 2, y))
        draw_symbol(out, (x + cd + 1 + sym / 2, y), sym, c, COST_SYMBOL_INK[c])
    return out
