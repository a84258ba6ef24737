"""Orient card faces: the base card's layout in an aubergine frame with a gold line, a
warmer face with a faint lattice, and the card's ability in a medallion.

The top right shows what the card gives: its bonus gem, the gem twice for a double bonus,
the links of a paired card, the "×2" coin of a double gold. A sacrifice card's cost is the
card to give up, crossed out, and "−2". No colour is ever looked up for a card without
one (`NO_BONUS`).
"""

from __future__ import annotations

import functools
import math

import pygame

from splendor.engine.components import NO_BONUS, Card
from splendor.ui import theme
from splendor.ui.art.abilities import ability_symbol_surface
from splendor.ui.art.card_frame import _affordable_ring, _art_spot, _band_colors
from splendor.ui.art.card_marks import _draw_cost_disc
from splendor.ui.art.decor import _sheen
from splendor.ui.art.palette import (
    _WHITE_GEM,
    BLACK,
    COST_SYMBOL_INK,
    MISSING,
    ORIENT_EDGE,
    ORIENT_FACE,
    ORIENT_FRAME,
    ORIENT_GOLD,
    PAIR_BAND,
    WHITE,
    Box,
    Color,
    _mix,
    _rgba,
)
from splendor.ui.art.pen import _Pen
from splendor.ui.art.small_cards import _symbol_size, compact_cost_grid
from splendor.ui.art.symbols import draw_symbol
from splendor.ui.art.text import _ink_size, _put, _px
from splendor.ui.art.tokens import chip_surface


def _orient_band(card: Card) -> tuple[Color, Color, bool]:
    """(band, band edge, light band?) of an Orient card, without indexing NO_BONUS."""
    if card.bonus == NO_BONUS:
        band = theme.GEM_FILL[5] if card.ability == "gold_x2" else PAIR_BAND
        return band, _mix(band, BLACK, 0.5), True
    band, edge, _ = _band_colors(card.bonus)
    return band, edge, card.bonus == _WHITE_GEM


def _band_ink(card: Card) -> tuple[Color, Color | None]:
    """The colour of the points on the band, and their outline."""
    band, _, light = _orient_band(card)
    if light:
        return theme.INK, None
    return WHITE, _mix(band, BLACK, 0.6)


def _lattice(pen: _Pen, box: Box, step: float, colour: Color, alpha: int) -> None:
    """A faint lattice of eight-pointed stars over `box` (an Orient tile pattern)."""
    x, y, w, h = box
    layer = pen.layer(colour)
    line = max(0.7, step * 0.06)
    r = step * 0.3
    rows = int(h / step) + 2
    cols = int(w / step) + 2
    for j in range(rows):
        for i in range(cols):
            cx = x + (i + (0.5 if j % 2 else 0.0)) * step
            cy = y + j * step * 0.86
            for turn in (0.0, math.pi / 4):
                pts = [(cx + r * math.cos(turn + k * math.pi / 2),
                        cy + r * math.sin(turn + k * math.pi / 2)) for k in range(4)]
                layer.stroke(_rgba(colour, alpha), pts, line, closed=True)
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), box, step * 0.2)
    pen.paste(layer, mask)


def _orient_frame(card: Card, w: int, h: int, g: dict[str, float]) -> _Pen:
    """A pen holding an Orient card's frame, band (with sheen) and patterned face."""
    r, o, f, hh = g["r"], g["o"], g["f"], g["hh"]
    band, _, _ = _orient_band(card)
    pen = _Pen(w, h, ORIENT_EDGE)
    pen.rect(ORIENT_EDGE, (0, 0, w, h), r)
    pen.rect(ORIENT_FRAME, (o, o, w - 2 * o, h - 2 * o), r - o)
    pen.rect(band, (o, o, w - 2 * o, hh - o), r - o, bottom=0)
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), (o, o, w - 2 * o, hh - o), r - o, bottom=0)
    _sheen(pen, (o, o, w - 2 * o, hh - o), mask)
    gl = max(1.0, w * 0.014)  # the gold line round the face
    face = (f, hh, w - 2 * f, h - hh - f)
    pen.rect(ORIENT_GOLD, (f - gl, hh - gl, w - 2 * f + 2 * gl, h - hh - f + 2 * gl),
             r * 0.35, bottom=max(1.0, r - f + gl))
    pen.rect(ORIENT_FACE, face, r * 0.3, bottom=max(1.0, r - f))
    _lattice(pen, face, max(9.0, w * 0.16), ORIENT_GOLD, 60)
    shade = pen.layer()
    step = max(1.0, h * 0.008)
    for i in range(3):  # an inner shadow under the band
        shade.rect((0, 0, 0, 34 - 10 * i), (f, hh + i * step, w - 2 * f, step))
    pen.paste(shade)
    return pen


@functools.lru_cache(maxsize=128)
def _bonus_mark(card: Card, d: int) -> pygame.Surface:
    """What the card gives, for the top right of its band, `d` px square."""
    if card.bonus == NO_BONUS:
        return ability_symbol_surface("gold_x2" if card.ability == "gold_x2" else "pair", d)
    if card.bonus_count >= 2:
        out = pygame.Surface((d, d), pygame.SRCALPHA)
        cd = round(d * 0.78)
        out.blit(chip_surface(card.bonus, cd), (0, d - cd))
        out.blit(chip_surface(card.bonus, cd), (d - cd, 0))
        return out
    return chip_surface(card.bonus, d)


def _medallion(out: pygame.Surface, card: Card, cx: float, cy: float, d: float) -> None:
    """The ability in a round medallion `d` px across: an aubergine ring lined in gold."""
    size = max(8, round(d))
    pen = _Pen(size, size, ORIENT_EDGE)
    R = size / 2
    pen.circle(ORIENT_EDGE, (R, R), R)
    pen.circle(ORIENT_GOLD, (R, R), R - max(1.0, size * 0.045))
    pen.circle(ORIENT_FRAME, (R, R), R - max(1.6, size * 0.075))
    pen.circle(ORIENT_GOLD, (R, R), R - max(2.4, size * 0.11))
    pen.circle(ORIENT_FACE, (R, R), R - max(3.0, size * 0.135))
    x, y = round(cx - size / 2), round(cy - size / 2)
    out.blit(pen.done(), (x, y))
    sym = round(size * 0.66)
    colour = card.discard_colour if card.ability == "sacrifice" else card.bonus
    icon = ability_symbol_surface(card.ability or "pair", sym,
                                  colour if colour is not None and colour >= 0 else None)
    out.blit(icon, (round(cx - sym / 2), round(cy - sym / 2)))


def _band_icon(out: pygame.Surface, card: Card, left: float, right: float, cy: float,
               most: float) -> bool:
    """The ability in the band between `left` and `right` (when the face has no room for
    the medallion); False when the band has no room either."""
    size = round(min(most, right - left))
    if size < 14:
        return False
    if card.ability in ("gold_x2", "pair", "double_bonus"):
        return True  # the mark at the top right already shows the ability
    colour = card.discard_colour if card.ability == "sacrifice" else card.bonus
    icon = ability_symbol_surface(card.ability or "pair", size,
                                  colour if colour is not None and colour >= 0 else None)
    out.blit(icon, (round((left + right) / 2 - size / 2), round(cy - size / 2)))
    return True


def _sacrifice_row(out: pygame.Surface, card: Card, d: int, x: float, cy: float) -> float:
    """The cost of a sacrifice card: the colour to give up, crossed, and "−2" in ink.
    Returns the right edge."""
    colour = card.discard_colour if card.discard_colour is not None else 0
    icon = ability_symbol_surface("sacrifice", d, colour)
    out.blit(icon, (round(x), round(cy - d / 2)))
    box = _put(out, f"−{card.discard_count}", _px(d * 0.72), theme.INK, (x + d + 2, cy),
               "midleft")
    return float(box.right)


def orient_full_card(card: Card, w: int, h: int, g: dict[str, float], affordable: bool,
                     rem: tuple[int, ...] | None) -> pygame.Surface:
    """An Orient card in the full layout (the base card's metrics, so rows line up)."""
    r, o, f, m, hh = g["r"], g["o"], g["f"], g["m"], g["hh"]
    cd, cg = round(g["cd"]), g["cg"]
    x0 = f + m * 0.6
    sym = max(10, round(cd * 0.62))
    miss_px = _px(cd * 0.66)
    rows: list[tuple[int, int, float, float]] = []  # colour, amount, centre y, right edge
    sacrifice = card.ability == "sacrifice"
    if sacrifice:
        cy = h - f - m * 0.6 - cd / 2
        right = x0 + cd + 2 + _ink_size(f"−{card.discard_count}", _px(cd * 0.72))[0]
        spots = [(cy, right)]
    else:
        items = card.cost_items
        for i, (c, amount) in enumerate(items):
            cy = h - f - m * 0.6 - (len(items) - 1 - i) * (cd + cg) - cd / 2
            right = x0 + cd + 2 + sym
            if rem is not None and rem[c]:
                right += 3 + _ink_size(f"−{rem[c]}", miss_px)[0]
            rows.append((c, amount, cy, right))
        spots = [(cy, right) for _, _, cy, right in rows]
    art_cx, art_cy, art_s = _art_spot(w, h, g, hh + m * 0.6, spots)

    pen = _orient_frame(card, w, h, g)
    chip_d = round(min(hh * 0.78, w * 0.34))
    chip_cx = w - f - m * 0.5 - chip_d / 2
    band_cy = hh / 2 + o / 2
    dot = max(2.0, w * 0.026)
    for i in range(card.level):  # level dots in gold, just left of the bonus
        px = chip_cx - chip_d / 2 - m * 0.6 - dot - (card.level - 1 - i) * dot * 2.7
        pen.circle(ORIENT_EDGE, (px, band_cy), dot + max(0.8, dot * 0.35))
        pen.circle(ORIENT_GOLD, (px, band_cy), dot)
    if affordable:
        _affordable_ring(pen, r)
    out = pen.done()

    band_left = f + m * 0.7
    if card.points:
        ink, outline = _band_ink(card)
        box = _put(out, str(card.points), _px(hh * 0.76), ink, (f + m * 0.7, hh / 2 + o / 2),
                   "midleft", outline=outline)
        band_left = box.right + m * 0.5
    out.blit(_bonus_mark(card, chip_d), (round(chip_cx - chip_d / 2), round(band_cy - chip_d / 2)))
    band_right = chip_cx - chip_d / 2 - m * 0.6 - 2 * dot - (card.level - 1) * dot * 2.7 - m * 0.5
    md = min(art_s * 0.9, w * 0.46)
    if md < 26 and _band_icon(out, card, band_left, band_right, band_cy, hh * 0.78):
        pass  # no room on the face: the ability sits in the band
    elif md >= 14:
        _medallion(out, card, art_cx, art_cy, md)
    if sacrifice:
        _sacrifice_row(out, card, cd, x0, spots[0][0])
    for c, amount, cy, _ in rows:
        _draw_cost_disc(out, c, cd, amount, (x0 + cd / 2, cy))
        sx = x0 + cd + 2 + sym / 2
        draw_symbol(out, (sx, cy), sym, c, COST_SYMBOL_INK[c])
        if rem is not None and rem[c]:
            _put(out, f"−{rem[c]}", miss_px, MISSING, (sx + sym / 2 + 3, cy), "midleft")
    return out


def orient_compact_card(card: Card, w: int, h: int, g: dict[str, float], affordable: bool
                        ) -> pygame.Surface:
    """An Orient card too small for the full layout: points and what it gives in the band,
    the whole cost in a grid, the ability above the cost when there is room."""
    r, f, m, hh = g["r"], g["f"], g["m"], g["hh"]
    sacrifice = card.ability == "sacrifice"
    items = card.cost_items
    grid = compact_cost_grid(w, h, g, 1 if sacrifice else len(items))
    if grid is None:
        return orient_mini_card(card, w, h, g, affordable)
    cols, rows, d = grid
    cd = round(d)
    sym = round(_symbol_size(cd))
    pen = _orient_frame(card, w, h, g)
    if affordable:
        _affordable_ring(pen, r)
    out = pen.done()
    left = f + m * 0.6
    if card.points:
        ink, outline = _band_ink(card)
        box = _put(out, str(card.points), _px(hh * 0.72), ink, (left, hh / 2), "midleft",
                   outline=outline)
        left = box.right + 2
    chip_d = round(min(hh * 0.82, w * 0.45))
    right = w - f - m * 0.4
    if chip_d >= 16 and right - chip_d >= left:
        out.blit(_bonus_mark(card, chip_d), (round(right - chip_d), round(hh / 2 - chip_d / 2)))
    elif right - 10 >= left and card.bonus != NO_BONUS:
        draw_symbol(out, (right - 5, hh / 2), 10, card.bonus, theme.GEM_INK[card.bonus])
    cell_w = (w - 2 * f - m) / max(1, cols)
    top = h - f - m * 0.5 - rows * (cd + 1) + 1
    if sacrifice:
        _sacrifice_row(out, card, cd, f + m * 0.5, top + cd / 2)
    for i, (c, amount) in enumerate(() if sacrifice else items):
        x = f + m * 0.5 + (i % cols) * cell_w
        y = top + (i // cols) * (cd + 1) + cd / 2
        _draw_cost_disc(out, c, cd, amount, (x + cd / 2, y))
        draw_symbol(out, (x + cd + 1 + sym / 2, y), sym, c, COST_SYMBOL_INK[c])
    free = top - hh - m * 0.6
    md = min(free - 1, (w - 2 * f) * 0.6)
    if md >= 18:
        _medallion(out, card, w / 2, hh + m * 0.3 + free / 2, md)
    else:
        _band_icon(out, card, left + 1, right - chip_d - 2, hh / 2, hh * 0.8)
    return out


def orient_mini_card(card: Card, w: int, h: int, g: dict[str, float], affordable: bool
                     ) -> pygame.Surface:
    """The tiniest Orient card: its band colour in the aubergine edge, the points, and its
    bonus symbol (a card without a colour shows its ability instead)."""
    r, o = g["r"], g["o"]
    band, _, _ = _orient_band(card)
    pen = _Pen(w, h, ORIENT_EDGE)
    pen.rect(ORIENT_EDGE, (0, 0, w, h), r)
    e = max(1.5, w * 0.07)
    pen.rect(ORIENT_GOLD, (o, o, w - 2 * o, h - 2 * o), r - o)
    pen.rect(band, (e, e, w - 2 * e, h - 2 * e), max(1.0, r - e))
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), (e, e, w - 2 * e, h - 2 * e), max(1.0, r - e))
    _sheen(pen, (e, e, w - 2 * e, h - 2 * e), mask)
    if affordable:
        _affordable_ring(pen, r)
    out = pen.done()
    ink, outline = _band_ink(card)
    sym = max(10, round(min(w * 0.5, h * 0.36)))
    centre = (w / 2, h / 2)
    if card.points:
        _put(out, str(card.points), _px(h * 0.36), ink, (max(3.0, w * 0.14), max(3.0, h * 0.09)),
             "topleft", outline=outline)
        centre = (w - max(3.0, w * 0.12) - sym / 2, h - max(3.0, h * 0.09) - sym / 2)
    if card.bonus == NO_BONUS:
        icon = ability_symbol_surface(card.ability or "pair", sym)
        out.blit(icon, (round(centre[0] - sym / 2), round(centre[1] - sym / 2)))
    else:
        draw_symbol(out, centre, sym, card.bonus, theme.GEM_INK[card.bonus])
    return out
