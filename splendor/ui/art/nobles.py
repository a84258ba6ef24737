"""Noble tiles: points, requirements (with the viewer's progress), a crest."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

import pygame

from splendor.engine.components import Noble
from splendor.ui import theme
from splendor.ui.art.crest import _draw_crest, _draw_crown
from splendor.ui.art.palette import (
    _WHITE_GEM,
    BLACK,
    COVERED,
    NOBLE_FRAME,
    NOBLE_INK,
    PARCHMENT,
    PARCHMENT_DARK,
    _mix,
    _rgba,
)
from splendor.ui.art.pen import _finish, _Pen
from splendor.ui.art.sizes import SizeArg, _square_size
from splendor.ui.art.symbols import draw_symbol
from splendor.ui.art.text import _ink_size, _put, _px


def noble_surface(
    noble: Noble,
    size: SizeArg,
    *,
    progress: Sequence[int] | None = None,
    owned: bool = False,
) -> pygame.Surface:
    """A noble tile, `size` px square: points, requirements down the left, a crest.

    `progress` (the viewer's bonuses per colour) adds "have/need" beside each requirement
    (green once met), or a bar of cells filled as far as the viewer has got where the text
    does not fit (small tiles); the crest is dropped if the text needs its room; `owned` gives the
    tile a gold frame (a noble that has visited). The points sit at the top left when the
    requirements leave room at this size, else at the top right (the same for every noble).

    A tile too small for its requirements (a noble that has visited, shown small in a
    player's area or panel) is drawn compact: a crown, the points and a dot per colour it
    required, rather than squares cut by the frame and points over the symbols.
    """
    s = _square_size(size)
    # Only the progress the tile shows is part of the key (a colour the noble does not
    # need, or bonuses past what it needs, look the same), so a bonus bought elsewhere
    # does not redraw every tile and push the others out of the cache.
    prog = None if progress is None else tuple(
        min(need, max(0, int(have))) for need, have in zip(noble.requires, progress[:5],
                                                            strict=False))
    if _too_small(noble, s, prog is not None, owned):
        return _compact_noble(noble, s, bool(owned))
    return _noble(noble, s, prog, bool(owned))


def _too_small(noble: Noble, s: int, progress: bool, owned: bool) -> bool:
    """Whether the full tile of `noble` at `s` px would cut its requirements or put the
    points over them (as `_noble` places them). Nobles that have visited sit side by side
    in a player's area: they are all compact when any noble would be, at that size."""
    g = _noble_metrics(s)
    count = 3 if owned else sum(1 for n in noble.requires if n)
    stack = count * g.sq + (count - 1) * g.gap
    top = s - g.o - g.pad - stack  # where the requirements start
    if top < g.o:
        return True
    if g.points_left:
        return top < g.o + g.pad + g.pts_h
    # Points at the top right: clear of the requirements' column, or above it.
    pts_w = _ink_size(str(noble.points), g.pts_px, serif=True)[0]
    column = g.o + g.pad + g.sq + 2 + g.sym + (round(max(5.0, s * 0.07)) + 2 if progress else 0)
    return column > s - g.o - g.pad * 1.5 - pts_w and top < g.o + g.pad + g.pts_h


@functools.lru_cache(maxsize=64)
def _compact_noble(noble: Noble, s: int, owned: bool) -> pygame.Surface:
    """A small tile: frame, a crown, the points, and a dot per colour required."""
    o = max(2.0, s * 0.05) if owned else max(1.5, s * 0.04)
    r = max(3.0, s * 0.1)
    pen = _Pen(s, s, NOBLE_FRAME)
    pen.rect(NOBLE_FRAME, (0, 0, s, s), r)
    if owned:
        pen.rect((222, 176, 56), (1, 1, s - 2, s - 2), r - 1)
    pen.rect(PARCHMENT, (o, o, s - 2 * o, s - 2 * o), max(1.0, r - o))
    colors = [c for c, n in enumerate(noble.requires) if n]
    dot = max(1.6, s * 0.065)
    dots_y = s - o - dot - max(1.0, s * 0.06)
    step = dot * 2.6
    x0 = s / 2 - step * (len(colors) - 1) / 2
    for i, c in enumerate(colors):
        fill = theme.GEM_FILL[c]
        edge = (70, 64, 60) if c == _WHITE_GEM else _mix(fill, BLACK, 0.45)
        pen.circle(edge, (x0 + i * step, dots_y), dot + max(0.6, s * 0.02))
        pen.circle(fill, (x0 + i * step, dots_y), dot)
    crown_h = s * 0.2
    if crown_h >= 5:
        _draw_crown(pen, s / 2, o + crown_h * 1.05, crown_h * 1.5, crown_h,
                    max(0.6, crown_h * 0.06))
    out = pen.done()
    middle = (o + (crown_h * 1.05 if crown_h >= 5 else 0) + dots_y - dot) / 2
    _put(out, str(noble.points), _px(s * 0.4), NOBLE_INK, (s / 2, middle), serif=True)
    return _finish(out)


@functools.lru_cache(maxsize=128)
def _req_square(c: int, sq: int, need: int) -> pygame.Surface:
    fill = theme.GEM_FILL[c]
    edge = (70, 64, 60) if c == _WHITE_GEM else _mix(fill, BLACK, 0.5)
    pen = _Pen(sq, sq, edge, k=6)
    rad = sq * 0.18
    e = max(1.0, sq * 0.07)
    pen.rect(edge, (0, 0, sq, sq), rad)
    pen.rect(fill, (e, e, sq - 2 * e, sq - 2 * e), rad - e)
    out = pen.done()
    outline = None if c == _WHITE_GEM else _mix(fill, BLACK, 0.6)
    _put(out, str(need), _px(sq * 0.72), theme.GEM_INK[c], (sq / 2, sq / 2), outline=outline)
    return out


@functools.lru_cache(maxsize=128)
def _progress_bar(bw: int, bh: int, need: int, have: int) -> pygame.Surface:
    """A vertical bar of `need` cells, `have` of them filled from the bottom (green if met)."""
    pen = _Pen(bw, bh, NOBLE_INK, k=6)
    met = have >= need
    gap = max(0.8, bh * 0.06)
    cell = (bh - gap * (need - 1)) / need
    for i in range(need):
        y = bh - (i + 1) * cell - i * gap
        if i < have:
            pen.rect(COVERED if met else NOBLE_INK, (0, y, bw, cell), bw * 0.2)
        else:
            pen.rect(_rgba(NOBLE_INK, 255), (0, y, bw, cell), bw * 0.25)
            pen.rect((250, 244, 228), (0.9, y + 0.9, bw - 1.8, cell - 1.8), bw * 0.2)
    return pen.done()


class _NobleMetrics(NamedTuple):
    o: float  # frame width
    pad: float
    sq: int  # requirement square
    gap: float
    sym: int  # symbol beside a square
    pts_px: int
    pts_h: int  # ink height of the points
    points_left: bool  # points above the requirements (else at the top right)


@functools.lru_cache(maxsize=32)
def _noble_metrics(s: int) -> _NobleMetrics:
    """Sizes on a noble tile; `points_left` is decided per size so a row stays consistent."""
    o = max(1.5, s * 0.025)
    pad = max(2.0, s * 0.032)
    sq = max(16, round(s * 0.17))
    gap = max(1.0, s * 0.018)
    pts_px = _px(s * 0.23)
    pts_h = _ink_size("3", pts_px, serif=True)[1]
    stack3 = 3 * sq + 2 * gap  # the most requirements a base-game noble has
    points_left = o + pad + pts_h + pad * 0.6 + stack3 + pad + o <= s
    return _NobleMetrics(o, pad, sq, gap, max(10, round(sq * 0.58)), pts_px, pts_h, points_left)


@functools.lru_cache(maxsize=128)
def _noble(noble: Noble, s: int, prog: tuple[int, ...] | None, owned: bool) -> pygame.Surface:
    g = _noble_metrics(s)
    o, pad, sq, gap, sym = g.o, g.pad, g.sq, g.gap, g.sym
    r = max(4.0, s * 0.07)
    if owned:
        o = max(2.5, s * 0.045)
    reqs = [(c, n) for c, n in enumerate(noble.requires) if n]
    points_left = g.points_left
    pts = str(noble.points)
    pts_w = _ink_size(pts, g.pts_px, serif=True)[0]
    # Progress reads "2/4" beside each requirement when that fits, else as a bar of cells.
    prog_px = _px(sq * 0.8)
    text_w = max(_ink_size(f"{n}/{n}", prog_px)[0] for _, n in reqs)
    base_w = pad + sq + 2 + sym + pad
    text_band = base_w + 3 + text_w
    as_text = prog is not None and (
        points_left or o + text_band + pad + pts_w + pad * 1.5 <= s - o
    )
    bar = round(max(5.0, s * 0.07))
    band_w = text_band if as_text else base_w + (bar + 2 if prog is not None else 0)
    crest_x0 = o + band_w + pad
    crest_top = o + pad * 0.8 + (0 if points_left else g.pts_h + pad * 0.4)
    crest_w = s - o - pad - crest_x0
    with_crest = crest_w >= s * 0.22  # decoration: dropped when the requirements need room
    if not with_crest:
        band_w = s - 2 * o

    pen = _Pen(s, s, NOBLE_FRAME)
    pen.rect(NOBLE_FRAME, (0, 0, s, s), r)
    if owned:
        pen.rect((222, 176, 56), (1, 1, s - 2, s - 2), r - 1)
        pen.ring((255, 226, 130), (1, 1, s - 2, s - 2), r - 1, max(1.0, s * 0.01))
    pen.rect(PARCHMENT, (o, o, s - 2 * o, s - 2 * o), r - o)
    # The left band holding the requirements (and the points when they fit above them).
    if with_crest:
        pen.rect(PARCHMENT_DARK, (o, o, band_w, s - 2 * o), r - o)
        pen.rect(PARCHMENT_DARK, (o + band_w - r, o, r, s - 2 * o))
        pen.stroke(_rgba(NOBLE_FRAME, 110), [(o + band_w, o), (o + band_w, s - o)],
                   max(1.0, s * 0.012))
    else:
        pen.rect(PARCHMENT_DARK, (o, o, s - 2 * o, s - 2 * o), r - o)
    vig = pen.layer(NOBLE_FRAME)  # a vignette along the inside of the frame
    step = max(1.0, s * 0.012)
    for i in range(4):
        inset = o + i * step
        vig.ring(_rgba(NOBLE_FRAME, 255), (inset, inset, s - 2 * inset, s - 2 * inset),
                 max(1.0, r - inset), step)
    vig.surf.fill((255, 255, 255, 60), special_flags=pygame.BLEND_RGBA_MULT)
    pen.paste(vig)
    stack = len(reqs) * sq + (len(reqs) - 1) * gap
    if with_crest:
        _draw_crest(pen, (crest_x0, crest_top, crest_w, s - o - pad - crest_top),
                    [c for c, _ in reqs])
    elif points_left:  # no room for the shield: a crown beside the points
        ch = min(s * 0.2, s - o - pad - stack - o - pad * 2)
        if ch >= 8:
            _draw_crown(pen, s - o - pad - ch * 0.8, o + pad + ch * 0.85, ch * 1.4, ch,
                        max(1.0, ch * 0.06))
    out = pen.done()

    if points_left:
        _put(out, pts, g.pts_px, NOBLE_INK, (o + pad + sq / 2, o + pad), "midtop", serif=True)
    else:
        _put(out, pts, g.pts_px, NOBLE_INK, (s - o - pad * 1.5, o + pad), "topright",
             serif=True)
    for i, (c, n) in enumerate(reqs):
        y = s - o - pad - stack + i * (sq + gap)
        x = o + pad
        out.blit(_req_square(c, sq, n), (round(x), round(y)))
        x += sq + 2
        have = None if prog is None else min(n, prog[c])
        if have is not None and not as_text:
            out.blit(_progress_bar(bar, sq, n, have), (round(x), round(y)))
            x += bar + 2
        draw_symbol(out, (x + sym / 2, y + sq / 2), sym, c, NOBLE_INK)
        if have is not None and as_text:
            colour = COVERED if have >= n else NOBLE_INK
            _put(out, f"{have}/{n}", prog_px, colour, (x + sym + 3, y + sq / 2), "midleft")
    return _finish(out)
