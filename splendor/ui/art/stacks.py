"""A player's purchased cards of one colour as a little stack (the count is drawn beside
it by the table, in the table's text)."""

from __future__ import annotations

import functools

import pygame

from splendor.ui import theme
from splendor.ui.art.card_frame import _band_colors
from splendor.ui.art.decor import _sheen
from splendor.ui.art.palette import WHITE, _mix
from splendor.ui.art.pen import _fade, _finish, _Pen
from splendor.ui.art.sizes import SizeArg, _card_size
from splendor.ui.art.symbols import draw_symbol


def card_stack_surface(color_index: int, count: int, size: SizeArg) -> pygame.Surface:
    """`count` cards of a bonus colour as a stack exactly `size` (w, h): one card edge
    behind the front card per card up to three, the colour's symbol on the front one;
    for none, the front card faded."""
    w, h = _card_size(size)
    return _stack(int(color_index), max(0, min(3, int(count))), w, h)


@functools.lru_cache(maxsize=128)
def _stack(ci: int, layers: int, w: int, h: int) -> pygame.Surface:
    band, edge, _ = _band_colors(ci)
    step = max(1.5, w * 0.09)
    cw, ch = w - 2 * step, h - 2 * step
    r = max(2.0, cw * 0.14)
    o = max(1.0, cw * 0.05)
    pen = _Pen(w, h, edge)
    # Back cards up and to the right, the front card at the bottom left; none bought: the
    # front card alone, faded, so the colour's place still reads.
    for k in range(max(1, layers) - 1, -1, -1):
        x, y = k * step, (2 - k) * step
        pen.rect(_mix(edge, theme.SHADOW, 0.3), (x, y, cw, ch), r)
        pen.rect(band if k == 0 else _mix(band, edge, 0.35), (x + o, y + o, cw - 2 * o,
                                                               ch - 2 * o), r - o)
    front = (o, 2 * step + o, cw - 2 * o, ch - 2 * o)
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), front, r - o)
    _sheen(pen, front, mask)
    out = pen.done()
    sym = max(10, round(min(cw * 0.62, ch * 0.5)))
    draw_symbol(out, (cw / 2, 2 * step + ch / 2), sym, ci, theme.GEM_INK[ci])
    return _finish(out if layers else _fade(out, 70))
