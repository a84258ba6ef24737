"""The Orient cards' abilities as small symbols a player learns once, and the double gold.

gold_x2: a gold coin marked "×2" (the double gold itself); pair: two chain links;
pair_and_take_level1: the links and a level I card; double_bonus: the bonus gem twice;
reserve_noble: a crown; take_level2: a level II card; sacrifice: a card of the colour to
give up, crossed out.
"""

from __future__ import annotations

import functools
import math

import pygame

from splendor.engine.components import ABILITIES
from splendor.ui import theme
from splendor.ui.art.crest import _draw_crown
from splendor.ui.art.palette import (
    _WHITE_GEM,
    BLACK,
    LEVEL_COLORS,
    LEVEL_NUMERALS,
    MISSING,
    ORIENT_EDGE,
    ORIENT_FRAME,
    ORIENT_GOLD,
    WHITE,
    Color,
    Point,
    _mix,
    _rgba,
)
from splendor.ui.art.pen import _finish, _Pen
from splendor.ui.art.symbols import draw_symbol
from splendor.ui.art.text import _ink_size, _put, _px
from splendor.ui.art.tokens import chip_surface
from splendor.ui.art.wheel import any_colour_surface

_GOLD = theme.GEM_FILL[5]
_GOLD_DARK = (150, 104, 18)
_LINK_DARK = (58, 46, 40)
_LINK = (168, 150, 128)
_LINK_LIGHT = (232, 222, 204)
_RED_GEM = 3


def ability_symbol_surface(ability: str, size: float, bonus: int | None = None
                           ) -> pygame.Surface:
    """The symbol of an Orient ability on a transparent `size`-px square, cached.

    `bonus` colours the gems of `double_bonus` and the card of `sacrifice` (the colour to
    give up); without it they are drawn in every colour at once (for legends). An unknown
    ability raises ValueError.
    """
    if ability not in ABILITIES:
        raise ValueError(f"unknown ability {ability!r}")
    colour = None if bonus is None or not 0 <= int(bonus) <= 4 else int(bonus)
    return _ability(ability, max(8, round(size)), colour)


def double_gold_surface(size: float) -> pygame.Surface:
    """A double gold as held in front of a player: a gold coin in an Orient rim marked
    "×2", on a transparent `size`-px square (two coins, unmarked, when too small for the
    text)."""
    return _double_gold(max(8, round(size)))


@functools.lru_cache(maxsize=64)
def _double_gold(s: int) -> pygame.Surface:
    out = pygame.Surface((s, s), pygame.SRCALPHA)
    label = "×2"
    px = _px(s * 0.4)
    if _ink_size(label, px)[0] > 2 * _coin_body(s) + 1:
        # No room for the mark: two coins, one behind the other.
        d = round(s * 0.78)
        out.blit(_coin(d), (0, 0))
        out.blit(_coin(d), (s - d, s - d))
        return _finish(out)
    out.blit(_coin(s), (0, 0))
    _put(out, label, px, (58, 36, 8), (s / 2, s / 2 + s * 0.02), outline=(255, 236, 160))
    return _finish(out)


def _coin_body(d: int) -> float:
    """The radius of the gold inside a `d`-px coin: a wide rim, dotted, from 34 px."""
    return d / 2 * (0.76 if d >= 34 else 0.86)


@functools.lru_cache(maxsize=64)
def _coin(d: int) -> pygame.Surface:
    """A gold coin with an aubergine rim dotted in gold (the Orient's double gold)."""
    pen = _Pen(d, d, ORIENT_EDGE, k=6 if d <= 40 else 4)
    R = d / 2
    c = (R, R)
    pen.circle(ORIENT_EDGE, c, R)
    pen.circle(ORIENT_FRAME, c, R - max(0.8, d * 0.03))
    if d >= 34:
        for i in range(12):
            a = 2 * math.pi * i / 12
            pen.circle(ORIENT_GOLD, (R + R * 0.88 * math.cos(a), R + R * 0.88 * math.sin(a)),
                       max(0.6, d * 0.022))
    body = _coin_body(d)
    pen.circle(_GOLD_DARK, c, body)
    pen.circle(_GOLD, (R - d * 0.01, R - d * 0.01), body * 0.93)
    pen.circle(_mix(_GOLD, _GOLD_DARK, 0.5), c, body * 0.78, max(0.8, d * 0.025))
    shine = pen.layer(WHITE)
    shine.circle((255, 255, 255, 80), (R * 0.75, R * 0.65), body * 0.7)
    shine.circle((255, 255, 255, 0), (R * 1.0, R * 0.95), body * 0.75)
    mask = pen.layer(WHITE)
    mask.circle((255, 255, 255, 255), c, body)
    pen.paste(shine, mask)
    out = pen.done()
    if d < 24:
        draw_symbol(out, c, round(d * 0.5), 5, theme.GEM_INK[5])
    return _finish(out)


def _stadium(cx: float, cy: float, length: float, radius: float, angle: float) -> list[Point]:
    """A closed stadium (a chain link's centre line) `length` long, turned by `angle`."""
    pts: list[Point] = []
    half = length / 2 - radius
    ca, sa = math.cos(angle), math.sin(angle)
    for end, a0 in ((half, -90), (-half, 90)):
        for i in range(13):
            a = math.radians(a0 + 180 * i / 12)
            x, y = end + radius * math.cos(a), radius * math.sin(a)
            pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    pts.append(pts[0])
    return pts


def _draw_links(pen: _Pen, cx: float, cy: float, s: float) -> None:
    """Two interlocked chain links `s` across, centred on (cx, cy)."""
    length, radius = s * 0.62, s * 0.17
    thick = max(1.6, s * 0.11)
    angle = -math.pi / 4
    off = s * 0.17
    a = _stadium(cx - off, cy + off, length, radius, angle)
    b = _stadium(cx + off, cy - off, length, radius, angle)

    def link(points: list[Point]) -> None:
        pen.stroke(_LINK_DARK, points, thick + max(1.2, s * 0.05))
        pen.stroke(_LINK, points, thick)
        pen.stroke(_LINK_LIGHT, points, max(0.6, thick * 0.3))

    link(a)
    link(b)
    # Interlock: the first link passes over the second on one side.
    n = len(a) - 1
    over = a[n // 2 - 3:n // 2 + 1]
    pen.stroke(_LINK_DARK, over, thick + max(1.2, s * 0.05))
    pen.stroke(_LINK, over, thick)
    pen.stroke(_LINK_LIGHT, over, max(0.6, thick * 0.3))


def _mini_card(pen: _Pen, box: tuple[float, float, float, float], fill: Color) -> None:
    """A small card: a dark edge, its colour, a light face below a band."""
    x, y, w, h = box
    r = max(1.5, w * 0.14)
    edge = _mix(fill, BLACK, 0.5)
    pen.rect(edge, box, r)
    o = max(0.8, w * 0.07)
    pen.rect(fill, (x + o, y + o, w - 2 * o, h - 2 * o), r - o)
    shine = pen.layer(WHITE)
    shine.rect((255, 255, 255, 50), (x + o, y + o, w - 2 * o, (h - 2 * o) * 0.45), r - o,
               bottom=0)
    pen.paste(shine)


def _card_with_numeral(out: pygame.Surface, box: tuple[float, float, float, float],
                       level: int) -> None:
    """A level's card with its numeral, drawn straight onto `out`."""
    x, y, w, h = box
    pen = _Pen(out.get_width(), out.get_height(), BLACK)
    colour = LEVEL_COLORS[level]
    _mini_card(pen, box, colour)
    out.blit(pen.done(), (0, 0))
    numeral = LEVEL_NUMERALS[level]
    _put(out, numeral, _px(min(h * 0.5, w * 0.8)), WHITE, (x + w / 2, y + h / 2), serif=True,
         outline=_mix(colour, BLACK, 0.55))


@functools.lru_cache(maxsize=256)
def _ability(ability: str, s: int, colour: int | None) -> pygame.Surface:
    out = pygame.Surface((s, s), pygame.SRCALPHA)
    if ability == "gold_x2":
        out.blit(_double_gold(s), (0, 0))
    elif ability == "pair":
        pen = _Pen(s, s, _LINK_DARK)
        _draw_links(pen, s / 2, s / 2, s * 0.98)
        out.blit(pen.done(), (0, 0))
    elif ability == "pair_and_take_level1":
        pen = _Pen(s, s, _LINK_DARK)
        _draw_links(pen, s * 0.36, s * 0.36, s * 0.7)
        out.blit(pen.done(), (0, 0))
        cw = max(9.0, s * 0.42)
        ch = max(13.0, s * 0.56)
        _card_with_numeral(out, (s - cw - s * 0.02, s - ch - s * 0.02, cw, ch), 1)
    elif ability == "double_bonus":
        d = round(s * 0.7)
        for x, y in ((0, s - d), (s - d, 0)):
            if colour is None:
                out.blit(any_colour_surface(d), (x, y))
            else:
                out.blit(chip_surface(colour, d), (x, y))
    elif ability == "reserve_noble":
        pen = _Pen(s, s, _GOLD_DARK)
        _draw_crown(pen, s / 2, s * 0.8, s * 0.86, s * 0.66, max(0.8, s * 0.035))
        out.blit(pen.done(), (0, 0))
    elif ability == "take_level2":
        ch = s * 0.92
        cw = ch * 0.72
        _card_with_numeral(out, ((s - cw) / 2, (s - ch) / 2, cw, ch), 2)
    elif ability == "sacrifice":
        _sacrifice(out, s, colour)
    return _finish(out)


def _sacrifice(out: pygame.Surface, s: int, colour: int | None) -> None:
    """A card of the colour to give up (every colour when none is named), crossed out."""
    ch = s * 0.9
    cw = ch * 0.72
    x, y = (s - cw) / 2, (s - ch) / 2
    pen = _Pen(s, s, BLACK)
    if colour is None:
        _mini_card(pen, (x, y, cw, ch), (200, 196, 190))
    else:
        fill = (226, 228, 236) if colour == _WHITE_GEM else theme.GEM_FILL[colour]
        _mini_card(pen, (x, y, cw, ch), fill)
    out.blit(pen.done(), (0, 0))
    if colour is None:
        d = round(cw * 0.8)
        out.blit(any_colour_surface(d), (round(s / 2 - d / 2), round(s / 2 - d / 2)))
    else:
        draw_symbol(out, (s / 2, s / 2), max(8, round(cw * 0.62)), colour,
                    theme.GEM_INK[colour])
    # A red cross, or a dark one on a red card, over a light halo.
    ink = (60, 16, 16) if colour == _RED_GEM else MISSING
    cross = _Pen(s, s, ink)
    t = max(1.6, s * 0.09)
    m = s * 0.16
    for a, b in (((m, m), (s - m, s - m)), ((s - m, m), (m, s - m))):
        cross.stroke(_rgba(WHITE, 230), [a, b], t + max(1.2, s * 0.05))
    for a, b in (((m, m), (s - m, s - m)), ((s - m, m), (m, s - m))):
        cross.stroke(ink, [a, b], t)
    out.blit(cross.done(), (0, 0))
