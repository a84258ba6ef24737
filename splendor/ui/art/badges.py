"""Bonus badges: small card-shaped badges with a symbol and a count."""

from __future__ import annotations

import functools
import math

import pygame

from splendor.ui import theme
from splendor.ui.art.decor import _sheen
from splendor.ui.art.palette import _BLACK_GEM, _WHITE_GEM, BLACK, WHITE, _mix
from splendor.ui.art.pen import _fade, _finish, _Pen
from splendor.ui.art.sizes import SizeArg
from splendor.ui.art.symbols import draw_symbol
from splendor.ui.art.text import _ink_size, _put, _px


def bonus_badge_surface(color_index: int, count: int, size: SizeArg) -> pygame.Surface:
    """A small card-shaped badge in a bonus colour with its symbol and the count.

    `size` is (w, h) or a height (width = 0.75 x height). Tall badges put the symbol above
    the count, short or wide ones beside it. A count of 0 is drawn faded.
    """
    if isinstance(size, tuple):
        w, h = max(8, round(size[0])), max(8, round(size[1]))
    else:
        h = max(8, round(size))
        w = max(8, round(h * 0.75))
    return _badge(int(color_index), int(count), w, h)


@functools.lru_cache(maxsize=256)
def _badge(ci: int, count: int, w: int, h: int) -> pygame.Surface:
    fill = theme.GEM_FILL[ci]
    edge = (96, 98, 110) if ci == _WHITE_GEM else _mix(fill, BLACK, 0.5)
    if ci == _BLACK_GEM:
        edge = theme.GEM_RIM[ci]
    r = max(3.0, min(w, h) * 0.16)
    o = max(1.2, min(w, h) * 0.05)
    pen = _Pen(w, h, edge)
    pen.rect(edge, (0, 0, w, h), r)
    pen.rect(fill, (o, o, w - 2 * o, h - 2 * o), r - o)
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), (o, o, w - 2 * o, h - 2 * o), r - o)
    _sheen(pen, (o, o, w - 2 * o, h - 2 * o), mask)
    out = pen.done()
    ink = theme.GEM_INK[ci]
    outline = None if ci in (_WHITE_GEM, 5) else _mix(fill, BLACK, 0.6)
    if h >= 28 and h >= w * 1.05:  # portrait: symbol above the count
        sym = max(10, round(min(w * 0.5, h * 0.32)))
        draw_symbol(out, (w / 2, h * 0.27), sym, ci, ink)
        _put(out, str(count), _px(h * 0.4), ink, (w / 2, h * 0.7), outline=outline)
    else:  # short or wide: symbol and count side by side, centred together
        px = _px(h * 0.62)
        if w < 28:  # every pixel counts: no outline round the number
            outline = None
        tw = _ink_size(str(count), px)[0] + (2 if outline else 0)
        gap = 2 if w >= 28 else 1
        sym = max(10, round(min(h * 0.55, w * 0.36)))
        sym = min(sym, math.floor(w - 2 * o - 1 - tw - gap))
        if sym < 8:  # a two-digit count on a tiny badge: the number wins
            _put(out, str(count), px, ink, (w / 2, h / 2), outline=outline)
        else:
            x = (w - (sym + gap + tw)) / 2
            draw_symbol(out, (x + sym / 2, h / 2), sym, ci, ink)
            _put(out, str(count), px, ink, (x + sym + gap, h / 2), "midleft", outline=outline)
    if count == 0:
        out = _fade(out, 110)
    return _finish(out)
