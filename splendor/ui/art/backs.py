"""Deck backs (with the cards left) and empty market slots."""

from __future__ import annotations

import functools
import math

import pygame

from splendor.ui.art.decor import _draw_gem
from splendor.ui.art.palette import (
    BLACK,
    LEVEL_COLORS,
    LEVEL_NUMERALS,
    ORIENT_EDGE,
    ORIENT_FRAME,
    ORIENT_GOLD,
    WHITE,
    Color,
    _mix,
    _rgba,
)
from splendor.ui.art.paths import _dashed_outline
from splendor.ui.art.pen import _finish, _Pen
from splendor.ui.art.sizes import SizeArg, _card_size
from splendor.ui.art.text import _put, _px


def _deck_numeral(level: int) -> str:
    return LEVEL_NUMERALS.get(level, str(level))


def card_back_surface(level: int, size: SizeArg, count: int | None = None, *,
                      orient: bool = False) -> pygame.Surface:
    """The back of a level's deck: its colour, a lattice, a medallion and the numeral.

    `count` shows the cards left in the medallion; 0 draws an empty dashed slot instead.
    `orient` draws the back of an Orient deck: aubergine with a gold star lattice, the
    level's colour in its border and medallion.
    """
    w, h = _card_size(size)
    count = None if count is None else int(count)
    if orient:
        return _orient_back(int(level), w, h, count)
    return _card_back(int(level), w, h, count)


@functools.lru_cache(maxsize=128)
def _card_back(level: int, w: int, h: int, count: int | None) -> pygame.Surface:
    col = LEVEL_COLORS.get(level, (110, 110, 110))
    dark, light = _mix(col, BLACK, 0.5), _mix(col, WHITE, 0.4)
    r = max(4.0, w * 0.075)
    if count == 0:
        return _empty_deck(level, w, h, light)
    o = max(1.0, w * 0.012)
    pen = _Pen(w, h, dark)
    pen.rect(dark, (0, 0, w, h), r)
    pen.rect(col, (o, o, w - 2 * o, h - 2 * o), r - o)
    inset = max(4.0, w * 0.07)
    inner = (inset, inset, w - 2 * inset, h - 2 * inset)
    ir = max(2.0, r - inset * 0.6)
    lattice = pen.layer(light)
    step = max(7.0, w * 0.13)
    line = max(1.0, w * 0.012)
    span = w + h
    i: float = -span
    while i < span:
        lattice.stroke(_rgba(light, 70), [(i, 0), (i + h * 0.6, h)], line)
        lattice.stroke(_rgba(light, 70), [(i + h * 0.6, 0), (i, h)], line)
        i += step
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), inner, ir)
    pen.paste(lattice, mask)
    pen.ring(light, inner, ir, max(1.0, w * 0.014))
    mc = (w / 2, h * 0.53)
    mr = w * 0.3
    pen.circle(light, mc, mr + max(1.5, w * 0.025))
    pen.circle(dark, mc, mr)
    pen.circle(_mix(dark, col, 0.35), mc, mr * 0.86, max(1.0, w * 0.012))
    if count is None:
        _draw_gem(pen, mc[0], mc[1] + mr * 0.05, mr * 1.2, light, _mix(col, WHITE, 0.15), col, dark)
    # Level dots under the medallion.
    dot = max(2.0, w * 0.03)
    for k in range(level):
        pen.circle(light, (w / 2 + (k - (level - 1) / 2) * dot * 3, h * 0.53 + mr + dot * 3.2), dot)
    out = pen.done()
    _put(out, _deck_numeral(level), _px(h * 0.12), WHITE, (w / 2, h * 0.53 - mr - h * 0.09),
         serif=True, outline=dark)
    if count is not None:
        label = str(count)
        px = _px(mr * (1.05 if count < 10 else 0.95))
        _put(out, label, px, WHITE, mc)
    return _finish(out)


def _empty_deck(level: int, w: int, h: int, light: Color) -> pygame.Surface:
    """An emptied deck: a dashed outline with the level's numeral, faint."""
    r = max(4.0, w * 0.075)
    pen = _Pen(w, h, light)
    pen.rect((0, 0, 0, 40), (0, 0, w, h), r)
    _dashed_outline(pen, _rgba(light, 200), (0, 0, w, h), r, max(1.5, w * 0.022))
    out = pen.done()
    _put(out, _deck_numeral(level), _px(h * 0.16), light, (w / 2, h / 2), serif=True,
         alpha=150)
    return _finish(out)


@functools.lru_cache(maxsize=64)
def _orient_back(level: int, w: int, h: int, count: int | None) -> pygame.Surface:
    col = LEVEL_COLORS.get(level, (110, 110, 110))
    if count == 0:
        return _empty_deck(level, w, h, _mix(ORIENT_GOLD, WHITE, 0.2))
    r = max(4.0, w * 0.075)
    o = max(1.0, w * 0.012)
    pen = _Pen(w, h, ORIENT_EDGE)
    pen.rect(ORIENT_EDGE, (0, 0, w, h), r)
    pen.rect(ORIENT_FRAME, (o, o, w - 2 * o, h - 2 * o), r - o)
    # The level's colour as a border, lined in gold on both sides.
    inset = max(3.0, w * 0.05)
    band = max(2.0, w * 0.05)
    line = max(1.0, w * 0.014)
    outer = (inset, inset, w - 2 * inset, h - 2 * inset)
    ir = max(2.0, r - inset * 0.6)
    pen.rect(ORIENT_GOLD, outer, ir)
    pen.rect(col, (inset + line, inset + line, w - 2 * (inset + line), h - 2 * (inset + line)),
             max(1.0, ir - line))
    e = inset + line + band
    pen.rect(ORIENT_GOLD, (e, e, w - 2 * e, h - 2 * e), max(1.0, ir - line - band))
    e += line
    inner = (e, e, w - 2 * e, h - 2 * e)
    pen.rect(_mix(ORIENT_FRAME, col, 0.18), inner, max(1.0, ir - 2 * line - band))
    # Eight-pointed stars in gold over the field.
    stars = pen.layer(ORIENT_GOLD)
    step = max(9.0, w * 0.17)
    rad = step * 0.32
    thick = max(0.8, w * 0.01)
    j = 0
    y = inner[1]
    while y < h:
        x = inner[0] + (step / 2 if j % 2 else 0.0)
        while x < w:
            for turn in (0.0, math.pi / 4):
                pts = [(x + rad * math.cos(turn + k * math.pi / 2),
                        y + rad * math.sin(turn + k * math.pi / 2)) for k in range(4)]
                stars.stroke(_rgba(ORIENT_GOLD, 120), pts, thick, closed=True)
            x += step
        y += step * 0.86
        j += 1
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), inner, max(1.0, ir - 2 * line - band))
    pen.paste(stars, mask)
    mc = (w / 2, h * 0.53)
    mr = w * 0.3
    pen.circle(ORIENT_GOLD, mc, mr + max(2.5, w * 0.04))
    pen.circle(col, mc, mr + max(1.0, w * 0.015))
    pen.circle(_mix(col, BLACK, 0.45), mc, mr)
    pen.circle(_rgba(ORIENT_GOLD, 255), mc, mr * 0.86, max(1.0, w * 0.012))
    if count is None:  # an eight-pointed star in the medallion
        for turn in (0.0, math.pi / 4):
            pts = [(mc[0] + mr * 0.6 * math.cos(turn + k * math.pi / 2),
                    mc[1] + mr * 0.6 * math.sin(turn + k * math.pi / 2)) for k in range(4)]
            pen.polygon(ORIENT_GOLD, pts)
        pen.circle(_mix(col, BLACK, 0.45), mc, mr * 0.22)
    dot = max(2.0, w * 0.03)
    for k in range(level):
        spot = (w / 2 + (k - (level - 1) / 2) * dot * 3, h * 0.53 + mr + dot * 3.2)
        pen.circle(ORIENT_EDGE, spot, dot + max(0.8, dot * 0.3))
        pen.circle(ORIENT_GOLD, spot, dot)
    out = pen.done()
    _put(out, _deck_numeral(level), _px(h * 0.12), ORIENT_GOLD, (w / 2, h * 0.53 - mr - h * 0.09),
         serif=True, outline=ORIENT_EDGE)
    if count is not None:
        px = _px(mr * (1.05 if count < 10 else 0.95))
        _put(out, str(count), px, WHITE, mc)
    return _finish(out)


def empty_slot_surface(size: SizeArg) -> pygame.Surface:
    """A dashed outline the size of a card, for an empty market slot."""
    w, h = _card_size(size)
    return _empty_slot(w, h)


@functools.lru_cache(maxsize=16)
def _empty_slot(w: int, h: int) -> pygame.Surface:
    r = max(4.0, w * 0.075)
    pen = _Pen(w, h, WHITE)
    pen.rect((0, 0, 0, 36), (0, 0, w, h), r)
    _dashed_outline(pen, (255, 255, 255, 110), (0, 0, w, h), r, max(1.5, w * 0.02))
    return _finish(pen.done())
