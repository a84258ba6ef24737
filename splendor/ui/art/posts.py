"""The Trading Posts board: five stations along a road, each with its requirement, its
power as a symbol, and the coats of arms of the players holding it.

The powers, drawn the same on the board and in legends (`post_power_surface`):
1. a card, an arrow, a token of any colour (a token after buying a card);
2. two tokens of one colour + one of any other colour;
3. a gold token = two tokens of one colour;
4. "+5" (prestige);
5. "+1 / shield" (a point per own coat of arms on the board).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

import pygame

from splendor.engine.components import TradingPost
from splendor.ui import theme
from splendor.ui.art.card_marks import _draw_cost_disc
from splendor.ui.art.crest import _draw_crown
from splendor.ui.art.palette import (
    BLACK,
    BOARD_WOOD,
    BOARD_WOOD_DARK,
    COST_SYMBOL_INK,
    NOBLE_FRAME,
    NOBLE_INK,
    PARCHMENT,
    PARCHMENT_DARK,
    WHITE,
    Color,
    _mix,
    _rgba,
)
from splendor.ui.art.pen import _finish, _Pen
from splendor.ui.art.seats import _coat, _draw_shield
from splendor.ui.art.symbols import draw_symbol
from splendor.ui.art.text import _ink_size, _put, _px
from splendor.ui.art.tokens import chip_surface
from splendor.ui.art.wheel import any_colour_surface

#: The powers, in board order (TradingPost.power).
POWERS = (
    "take_token_after_purchase",
    "extra_token_of_other_colour_when_taking_two_same",
    "gold_counts_as_two_same_colour",
    "five_prestige",
    "one_prestige_per_own_coat_of_arms",
)
#: The example colour of "two of one colour" in the powers' symbols.
_SAME = 3
_SHIELD_NEUTRAL: Color = (214, 200, 170)
#: The light edge of the powers' ink, so a legend reads on a dark background too.
_HALO: Color = _mix(PARCHMENT, WHITE, 0.4)


def post_power_surface(power: str, size: tuple[int, int]) -> pygame.Surface:
    """A post's power as a symbol exactly `size` (w, h) on a transparent surface, cached
    (for the board and for legends). An unknown power raises ValueError."""
    if power not in POWERS:
        raise ValueError(f"unknown trading post power {power!r}")
    return _power(power, max(16, round(size[0])), max(12, round(size[1])))


def _arrow(pen: _Pen, x0: float, x1: float, y: float, t: float, colour: Color) -> None:
    """An arrow in `colour` with a light edge (so it reads on the board and on the table)."""
    head = t * 2.2
    halo = _HALO
    e = max(1.0, t * 0.5)
    pen.stroke(halo, [(x0, y), (x1 - head * 0.6, y)], t + 2 * e)
    pen.stroke(halo, [(x1 - head, y - head * 0.8), (x1, y), (x1 - head, y + head * 0.8)], 2 * e,
               closed=True)
    pen.stroke(colour, [(x0, y), (x1 - head * 0.6, y)], t)
    pen.polygon(colour, [(x1 - head, y - head * 0.8), (x1, y), (x1 - head, y + head * 0.8)])


def _small_card(pen: _Pen, box: tuple[float, float, float, float]) -> None:
    """A development card in miniature: a coloured band over a light face with a gem."""
    x, y, cw, ch = box
    r = cw * 0.16
    band = theme.GEM_FILL[2]
    edge = _mix(band, BLACK, 0.5)
    pen.rect(edge, box, r)
    e = max(0.8, cw * 0.07)
    pen.rect(band, (x + e, y + e, cw - 2 * e, ch - 2 * e), r - e)
    face = (x + e * 1.6, y + ch * 0.34, cw - 3.2 * e, ch * 0.66 - e * 1.6)
    pen.rect(theme.CARD_FACE, face, r * 0.4, bottom=r - e)
    gx, gy, gs = x + cw / 2, face[1] + face[3] * 0.5, min(face[2], face[3]) * 0.7
    pen.polygon(_mix(band, theme.CARD_FACE, 0.35), [(gx - gs * 0.5, gy - gs * 0.15),
                                                     (gx - gs * 0.25, gy - gs * 0.4),
                                                     (gx + gs * 0.25, gy - gs * 0.4),
                                                     (gx + gs * 0.5, gy - gs * 0.15),
                                                     (gx, gy + gs * 0.45)])


def _pair(out: pygame.Surface, d: int, x: float, cy: float) -> float:
    """Two tokens of one colour, one behind the other, from `x`; returns the right edge."""
    step = d * 0.42
    for k in range(2):
        out.blit(chip_surface(_SAME, d), (round(x + k * step), round(cy - d / 2 - (1 - k) * 1)))
    return x + step + d


@functools.lru_cache(maxsize=64)
def _power(power: str, w: int, h: int) -> pygame.Surface:
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    d = round(min(h * 0.8, w * 0.3))
    cy = h / 2
    sign_px = _px(d * 0.75)
    if power == "take_token_after_purchase":
        ch = min(h * 0.96, d * 1.3)
        cw = ch * 0.72
        aw = d * 0.7
        total = cw + aw + d
        x = (w - total) / 2
        pen = _Pen(w, h, NOBLE_INK)
        _small_card(pen, (x, cy - ch / 2, cw, ch))
        _arrow(pen, x + cw + aw * 0.15, x + cw + aw * 0.85, cy, max(1.5, d * 0.1), NOBLE_INK)
        out.blit(pen.done(), (0, 0))
        out.blit(any_colour_surface(d), (round(x + cw + aw), round(cy - d / 2)))
    elif power == "extra_token_of_other_colour_when_taking_two_same":
        plus_w = _ink_size("+", sign_px)[0] + 4
        total = d * 1.42 + plus_w + d
        x = (w - total) / 2
        right = _pair(out, d, x, cy)
        _put(out, "+", sign_px, NOBLE_INK, (right + plus_w / 2, cy), outline=_HALO)
        out.blit(any_colour_surface(d), (round(right + plus_w), round(cy - d / 2)))
    elif power == "gold_counts_as_two_same_colour":
        eq_w = _ink_size("=", sign_px)[0] + 4
        total = d + eq_w + d * 1.42
        x = (w - total) / 2
        out.blit(chip_surface(5, d), (round(x), round(cy - d / 2)))
        _put(out, "=", sign_px, NOBLE_INK, (x + d + eq_w / 2, cy), outline=_HALO)
        _pair(out, d, x + d + eq_w, cy)
    elif power == "five_prestige":
        _put(out, "+5", _px(h * 0.7), NOBLE_INK, (w / 2, cy), serif=True,
             outline=_HALO)
    elif power == "one_prestige_per_own_coat_of_arms":
        text = "+1/"
        sh = h * 0.82
        px = _px(h * 0.62)

        def text_w(px: int) -> float:  # the ink and its outline
            return _ink_size(text, px, serif=True)[0] + (4 if px >= 28 else 2)

        while px > theme.MIN_TEXT_PX and text_w(px) + 2 + sh / 1.2 > w - 2:
            px -= 1
        sh = min(sh, max(10.0, (w - 4 - text_w(px)) * 1.2))
        x = (w - (text_w(px) + 2 + sh / 1.2)) / 2
        box = _put(out, text, px, NOBLE_INK, (x, cy), "midleft", serif=True,
                   outline=_HALO)
        pen = _Pen(w, h, NOBLE_INK)
        _draw_shield(pen, (box.right + 2, cy - sh / 2, sh / 1.2, sh), _SHIELD_NEUTRAL, -1)
        out.blit(pen.done(), (0, 0))
    return _finish(out)


def _noble_icon(pen: _Pen, x: float, y: float, s: float) -> None:
    """A small noble tile: a framed square of parchment with a crown."""
    r = s * 0.14
    pen.rect(NOBLE_FRAME, (x, y, s, s), r)
    e = max(1.0, s * 0.09)
    pen.rect(PARCHMENT, (x + e, y + e, s - 2 * e, s - 2 * e), r - e)
    _draw_crown(pen, x + s / 2, y + s * 0.76, s * 0.66, s * 0.5, max(0.6, s * 0.03))


def posts_board_surface(
    posts: Sequence[TradingPost],
    holders: Mapping[int, Sequence[int]],
    size: tuple[int, int],
    seat_colours: Sequence[Sequence[int]],
) -> pygame.Surface:
    """The Trading Posts board exactly `size` (w, h), cached: the posts left to right in
    the order given, each with its requirement (gem discs with symbols, and a noble tile
    for a post that needs one), its power as a symbol, and a coat of arms for each seat in
    `holders[post.id]`, in that seat's colour from `seat_colours` (and its charge)."""
    w, h = max(60, round(size[0])), max(40, round(size[1]))
    held = tuple(sorted((int(pid), tuple(int(s) for s in seats))
                        for pid, seats in holders.items()))
    colours = tuple((int(c[0]), int(c[1]), int(c[2])) for c in seat_colours)
    return _board(tuple(posts), held, w, h, colours)


@functools.lru_cache(maxsize=32)
def _board(posts: tuple[TradingPost, ...], held: tuple[tuple[int, tuple[int, ...]], ...],
           w: int, h: int, colours: tuple[Color, ...]) -> pygame.Surface:
    holders = dict(held)
    n = max(1, len(posts))
    o = max(2.0, h * 0.03)
    pad = max(2.0, h * 0.03)
    gap = max(3.0, w * 0.012)
    r = max(4.0, h * 0.07)
    cw = (w - 2 * o - 2 * pad - gap * (n - 1)) / n
    ch = h - 2 * o - 2 * pad
    d = round(max(12.0, min(h * 0.17, cw * 0.24)))
    sym = max(10, round(d * 0.58))
    coat_h = round(max(10.0, min(h * 0.2, ch * 0.24)))
    coat_w = round(coat_h / 1.2)

    pen = _Pen(w, h, BOARD_WOOD_DARK)
    pen.rect(BOARD_WOOD_DARK, (0, 0, w, h), r)
    pen.rect(BOARD_WOOD, (o, o, w - 2 * o, h - 2 * o), r - o)
    grain = pen.layer(BOARD_WOOD)
    for i in range(7):
        y = o + (h - 2 * o) * (i + 0.5) / 7
        grain.stroke(_rgba(_mix(BOARD_WOOD, BLACK, 0.25), 70),
                     [(o, y), (w * 0.3, y + h * 0.01), (w * 0.7, y - h * 0.01), (w - o, y)],
                     max(0.6, h * 0.006))
    pen.paste(grain)
    # The road from post to post, behind the stations.
    road_y = o + pad + ch * 0.58
    road = max(2.0, h * 0.05)
    road_x0, road_x1 = o + pad + cw / 2, w - o - pad - cw / 2
    pen.rect(_mix(BOARD_WOOD, PARCHMENT_DARK, 0.45), (road_x0, road_y - road / 2,
                                                     road_x1 - road_x0, road))
    dash = max(3.0, road * 1.4)
    x = road_x0
    while x < road_x1 - dash * 0.6:
        pen.rect(_mix(PARCHMENT, WHITE, 0.3), (x, road_y - road * 0.12, dash * 0.6,
                                               max(1.0, road * 0.24)))
        x += dash
    boxes = []
    for i in range(n):
        bx = o + pad + i * (cw + gap)
        box = (bx, o + pad, cw, ch)
        boxes.append(box)
        sr = max(3.0, cw * 0.09)
        pen.rect(_mix(BOARD_WOOD_DARK, BLACK, 0.2), (bx - 1, o + pad - 1, cw + 2, ch + 2.5), sr)
        pen.rect(PARCHMENT, box, sr)
        pen.rect(PARCHMENT_DARK, (bx, o + pad + ch - coat_h - pad * 1.6, cw, coat_h + pad * 1.6),
                 sr, top=0)
        pen.stroke(_rgba(NOBLE_FRAME, 120), [(bx, o + pad + ch - coat_h - pad * 1.6),
                                              (bx + cw, o + pad + ch - coat_h - pad * 1.6)],
                   max(0.8, h * 0.008))
    # Requirements along the top of each station: discs with their symbols, then the
    # noble tile of a post that needs one.
    req_top = o + pad * 2
    noble_s = d * 0.95
    discs: list[tuple[int, int, float]] = []  # colour, amount, x
    for post, (bx, _, bw, _) in zip(posts, boxes, strict=False):
        items = [(c, k) for c, k in enumerate(post.requires) if k]
        total = len(items) * (d + 1 + sym) + (len(items) - 1) * pad
        if post.requires_noble:
            total += pad + noble_s
        x = bx + (bw - total) / 2
        for c, k in items:
            discs.append((c, k, x))
            x += d + 1 + sym + pad
        if post.requires_noble:
            _noble_icon(pen, x, req_top + (d - noble_s) / 2, noble_s)
    out = pen.done()

    cy = req_top + d / 2
    for c, k, x in discs:
        _draw_cost_disc(out, c, d, k, (x + d / 2, cy))
        draw_symbol(out, (x + d + 1 + sym / 2, cy), sym, c, COST_SYMBOL_INK[c])
    power_top = req_top + d + pad * 1.5
    coat_top = o + pad + ch - coat_h - pad * 0.8
    power_h = coat_top - pad * 1.6 - power_top
    for post, (bx, _, bw, _) in zip(posts, boxes, strict=False):
        if power_h >= 12:
            icon = post_power_surface(post.power, (round(bw - pad * 2), round(power_h)))
            out.blit(icon, (round(bx + pad), round(power_top)))
        seats = holders.get(post.id, ())
        if not seats or not colours:
            continue
        step = coat_w + max(1.0, pad * 0.6)
        if len(seats) > 1:  # overlap the shields when they do not fit side by side
            step = min(step, (bw - pad - coat_w) / (len(seats) - 1))
        span = coat_w + step * (len(seats) - 1)
        sx = bx + (bw - span) / 2
        for k, seat in enumerate(seats):
            colour = colours[seat % len(colours)]
            out.blit(_coat(colour, coat_w, coat_h, seat % 4),
                     (round(sx + k * step), round(coat_top)))
    return _finish(out)
