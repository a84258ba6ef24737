"""Card faces too small for the full layout: compact and mini cards."""

from __future__ import annotations

import pygame

from splendor.engine.components import Card
from splendor.ui import theme
from splendor.ui.art.card_frame import _affordable_ring, _band_colors, _card_frame
from splendor.ui.art.card_marks import _draw_cost_disc
from splendor.ui.art.decor import _sheen
from splendor.ui.art.palette import _WHITE_GEM, BLACK, WHITE, _mix
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


def _compact_card(card: Card, w: int, h: int, g: dict[str, float], affordable: bool
                  ) -> pygame.Surface:
    """A card too small for the full layout (a reserved card in a side panel).

    Points and the bonus in the band; the cost as a grid of discs with symbols when it
    fits, else the bonus chip alone (the cost is dropped before any text shrinks).
    """
    r, f, m, hh = g["r"], g["f"], g["m"], g["hh"]
    cd = round(g["cd"])
    sym = 10
    fill = theme.GEM_FILL[card.bonus]
    items = card.cost_items
    cell_w, cell_h = cd + 1 + sym + 1, cd + 1
    cols = max(0, int((w - 2 * f - m) // cell_w))
    rows = max(0, int((h - hh - f - m) // cell_h))
    show_cost = cols * rows >= len(items)
    if not show_cost and min(w - 2 * f - 2 * m, h - hh - f - 2 * m) * 0.9 < 14:
        return _mini_card(card, w, h, g, affordable)
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
    elif right - sym >= left:
        draw_symbol(out, (right - sym / 2, hh / 2), sym, card.bonus, theme.GEM_INK[card.bonus])
    if show_cost and items:
        used_rows = -(-len(items) // cols)
        top = h - f - m * 0.5 - used_rows * cell_h + 1
        for i, (c, amount) in enumerate(items):
            x = f + m * 0.5 + (i % cols) * cell_w
            y = top + (i // cols) * cell_h + cd / 2
            _draw_cost_disc(out, c, cd, amount, (x + cd / 2, y))
            draw_symbol(out, (x + cd + 1 + sym / 2, y), sym, c, (70, 62, 56))
    else:
        face_h = h - hh - f
        d = round(min(w - 2 * f - 2 * m, face_h - 2 * m) * 0.9)
        if d >= 12:
            out.blit(chip_surface(card.bonus, d),
                     (round(w / 2 - d / 2), round(hh + face_h / 2 - d / 2)))
    return out
