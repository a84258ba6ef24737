"""Card faces: the full layout with points, bonus, level, cost and illustration."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pygame

from splendor.engine.components import Card
from splendor.ui import theme
from splendor.ui.art.card_frame import (
    _affordable_ring,
    _art_spot,
    _band_colors,
    _card_frame,
    _card_metrics,
)
from splendor.ui.art.card_marks import _draw_cost_disc
from splendor.ui.art.decor import _draw_gem
from splendor.ui.art.orient_cards import orient_compact_card, orient_full_card
from splendor.ui.art.palette import _WHITE_GEM, BLACK, COST_SYMBOL_INK, MISSING, WHITE, _mix
from splendor.ui.art.pen import _dim, _finish
from splendor.ui.art.sizes import SizeArg, _card_size
from splendor.ui.art.small_cards import _compact_card, compact_cost_grid
from splendor.ui.art.symbols import draw_symbol
from splendor.ui.art.text import _ink_size, _put, _px
from splendor.ui.art.tokens import chip_surface


def card_surface(
    card: Card,
    size: SizeArg,
    *,
    dimmed: bool = False,
    affordable: bool = False,
    remaining: Sequence[int] | None = None,
) -> pygame.Surface:
    """A card's face, `size` = (w, h) or a width; cached by card id, size and flags.

    Points large at the top left (none for 0), the bonus gem at the top right with the
    level's dots beside it, the cost as gem discs with numbers, each with its symbol in
    the gem's colour, at the bottom left in colour order. `affordable` adds a sky-blue
    ring; `remaining` (gems still missing per colour after bonuses and tokens) adds a small
    red "−n" beside each short cost and nothing beside the covered ones; `dimmed` greys it
    out. Small cards keep the whole cost in a grid (see `card_cost_fits`).

    Orient cards (`card.orient`) have an aubergine frame lined in gold, a patterned face
    and their ability in a medallion (see `orient_cards`); a card without a colour of its
    own shows its double gold or its links where the bonus gem goes. A sacrifice card's
    cost is the colour to give up, crossed, and "−2": `remaining` marks nothing on it.
    """
    w, h = _card_size(size)
    rem = None if remaining is None else tuple(max(0, int(n)) for n in remaining[:5])
    return _card(card, w, h, bool(dimmed), bool(affordable), rem)


def card_cost_fits(size: SizeArg, items: int = 4) -> bool:
    """Whether a card of `size` shows a cost of `items` colours whole and readable (every
    card of the game has at most four)."""
    w, h = _card_size(size)
    g = _card_metrics(w, h)
    return not g["compact"] or compact_cost_grid(w, h, g, items) is not None


@functools.lru_cache(maxsize=64)
def readable_card_width(h: int, ratio: float = 1 / 1.4) -> int:
    """The narrowest card `h` px tall, at least `ratio` times `h` wide, that shows any
    card's whole cost: where room is short, a card is drawn a little wider than the
    printed ones rather than lose its cost."""
    w = max(8, round(h * ratio))
    while not card_cost_fits((w, h)) and w < 2 * h:
        w += 1
    return w


@functools.lru_cache(maxsize=256)
def _card(card: Card, w: int, h: int, dimmed: bool, affordable: bool,
          rem: tuple[int, ...] | None) -> pygame.Surface:
    g = _card_metrics(w, h)
    if card.orient:
        if g["compact"]:
            out = orient_compact_card(card, w, h, g, affordable)
        else:
            out = orient_full_card(card, w, h, g, affordable, rem)
        return _finish(_dim(out) if dimmed else out)
    if g["compact"]:
        out = _compact_card(card, w, h, g, affordable)
        return _finish(_dim(out) if dimmed else out)
    r, o, f, m, hh = g["r"], g["o"], g["f"], g["m"], g["hh"]
    cd, cg = round(g["cd"]), g["cg"]
    _, edge, face = _band_colors(card.bonus)
    fill = theme.GEM_FILL[card.bonus]

    # Where the cost rows go (bottom up, colour order), and how wide each one gets.
    items = card.cost_items
    x0 = f + m * 0.6
    sym = max(10, round(cd * 0.62))
    miss_px = _px(cd * 0.66)
    rows: list[tuple[int, int, float, float]] = []  # colour, amount, centre y, right edge
    for i, (c, amount) in enumerate(items):
        cy = h - f - m * 0.6 - (len(items) - 1 - i) * (cd + cg) - cd / 2
        right = x0 + cd + 2 + sym
        if rem is not None and rem[c]:
            right += 3 + _ink_size(f"−{rem[c]}", miss_px)[0]
        rows.append((c, amount, cy, right))
    art_cx, art_cy, art_s = _art_spot(w, h, g, hh + m * 0.6,
                                      [(cy, right) for _, _, cy, right in rows])

    pen = _card_frame(w, h, g, card.bonus)
    # The illustration: a cut gem of the bonus colour.
    if art_s >= max(18.0, w * 0.24):
        tone = (150, 156, 176) if card.bonus == _WHITE_GEM else fill
        _draw_gem(pen, art_cx, art_cy, art_s, _mix(face, tone, 0.2), _mix(face, tone, 0.3),
                  _mix(face, tone, 0.42), _mix(face, tone, 0.55))
    chip_d = round(min(hh * 0.78, w * 0.34))
    chip_cx = w - f - m * 0.5 - chip_d / 2
    band_cy = hh / 2 + o / 2
    dot = max(2.0, w * 0.026)
    pip = theme.INK if card.bonus == _WHITE_GEM else WHITE
    for i in range(card.level):  # level dots in the band, just left of the bonus gem
        px = chip_cx - chip_d / 2 - m * 0.6 - dot - (card.level - 1 - i) * dot * 2.7
        pen.circle(_mix(edge, BLACK, 0.3), (px, band_cy), dot + max(0.8, dot * 0.35))
        pen.circle(pip, (px, band_cy), dot)
    if affordable:
        _affordable_ring(pen, r)
    out = pen.done()

    if card.points:
        ink = theme.INK if card.bonus == _WHITE_GEM else WHITE
        outline = None if card.bonus == _WHITE_GEM else _mix(fill, BLACK, 0.6)
        _put(out, str(card.points), _px(hh * 0.76), ink, (f + m * 0.7, hh / 2 + o / 2), "midleft",
             outline=outline)
    out.blit(chip_surface(card.bonus, chip_d),
             (round(chip_cx - chip_d / 2), round(band_cy - chip_d / 2)))
    for c, amount, cy, _ in rows:
        _draw_cost_disc(out, c, cd, amount, (x0 + cd / 2, cy))
        sx = x0 + cd + 2 + sym / 2
        draw_symbol(out, (sx, cy), sym, c, COST_SYMBOL_INK[c])
        if rem is not None and rem[c]:
            # Only what is still missing is marked: plain red, no badge.
            _put(out, f"−{rem[c]}", miss_px, MISSING, (sx + sym / 2 + 3, cy), "midleft")
    if dimmed:
        out = _dim(out)
    return _finish(out)
