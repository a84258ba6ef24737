"""A player's own pieces in their seat colour: coats of arms (Trading Posts) and
strongholds (Strongholds).

Each seat's coat of arms also carries its own charge (a band, a chevron, a cross, a
roundel), so two players' shields differ by shape as well as by colour.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pygame

from splendor.ui.art.crest import _shield_points
from splendor.ui.art.palette import BLACK, SEAT_COLORS, WHITE, Color, Point, _mix, _rgba
from splendor.ui.art.pen import _finish, _Pen
from splendor.ui.art.sizes import SizeArg

_GOLD, _GOLD_DARK = (226, 178, 52), (118, 82, 18)
CHARGES = ("fess", "chevron", "cross", "roundel")


def _colour(c: Sequence[int]) -> Color:
    return int(c[0]), int(c[1]), int(c[2])


def coat_of_arms_surface(colour: Sequence[int], size: SizeArg,
                         charge: int | None = None) -> pygame.Surface:
    """A coat of arms: a shield in `colour`, rimmed in gold, exactly `size` ((w, h) or a
    side) on a transparent surface, cached.

    `charge` (0-3: a band, a chevron, a cross, a roundel) is drawn on it in a light tint;
    by default the charge of the seat whose colour this is (`seat_colours`), none for
    another colour.
    """
    if isinstance(size, tuple):
        w, h = max(6, round(size[0])), max(6, round(size[1]))
    else:
        w = h = max(6, round(size))
    rgb = _colour(colour)
    if charge is None:
        charge = SEAT_COLORS.index(rgb) if rgb in SEAT_COLORS else -1
    return _coat(rgb, w, h, int(charge) % len(CHARGES) if charge >= 0 else -1)


def _draw_shield(pen: _Pen, box: tuple[float, float, float, float], colour: Color,
                 charge: int) -> None:
    """A shield filling `box` (kept in proportion, centred): gold rim, field, charge."""
    bx, by, bw, bh = box
    sw = min(bw, bh / 1.2)
    sh = sw * 1.2
    x, y = bx + (bw - sw) / 2, by + (bh - sh) / 2
    line = max(0.8, sw * 0.07)
    pen.polygon(_GOLD_DARK, _shield_points(x, y, sw, sh))
    pen.polygon(_GOLD, _shield_points(x + line * 0.6, y + line * 0.6, sw - line * 1.2,
                                      sh - line * 1.4))
    b = line * 1.7
    inner = _shield_points(x + b, y + b, sw - 2 * b, sh - 2 * b * 1.2)
    pen.polygon(_mix(colour, BLACK, 0.25), inner)
    field = _shield_points(x + b, y + b, sw - 2 * b, sh - 2 * b * 1.25 - line * 0.4)
    pen.polygon(colour, field)
    mask = pen.layer(WHITE)
    mask.polygon((255, 255, 255, 255), inner)
    tint = _rgba(_mix(colour, WHITE, 0.78), 255)
    layer = pen.layer(tint)
    cx, iw, ih = x + sw / 2, sw - 2 * b, sh - 2 * b * 1.2
    t = max(1.2, iw * 0.2)
    top = y + b
    if charge == 0:  # a fess: a band across the middle
        layer.rect(tint, (x, top + ih * 0.33, sw, t))
    elif charge == 1:  # a chevron
        layer.stroke(tint, [(x + b - t, top + ih * 0.72), (cx, top + ih * 0.28),
                            (x + sw - b + t, top + ih * 0.72)], t)
    elif charge == 2:  # a cross
        layer.rect(tint, (cx - t / 2, top - 1, t, ih + 2))
        layer.rect(tint, (x, top + ih * 0.36 - t / 2, sw, t))
    elif charge == 3:  # a roundel
        layer.circle(tint, (cx, top + ih * 0.42), iw * 0.26)
    pen.paste(layer, mask)
    shine = pen.layer(WHITE)
    shine.polygon((255, 255, 255, 55), [(x, y), (x + sw, y), (x + sw, y + sh * 0.25),
                                         (x, y + sh * 0.45)])
    pen.paste(shine, mask)


@functools.lru_cache(maxsize=128)
def _coat(colour: Color, w: int, h: int, charge: int) -> pygame.Surface:
    pen = _Pen(w, h, _GOLD_DARK, k=8 if max(w, h) <= 32 else 4)
    _draw_shield(pen, (0, 0, w, h), colour, charge)
    return _finish(pen.done())


def stronghold_surface(colour: Sequence[int], size: float, count: int = 1) -> pygame.Surface:
    """A stronghold in a player's `colour`: a tower (or 2-3 towers together, for that many
    strongholds on one card), on a transparent `size`-px square, cached. A dark outline
    and a light halo keep it readable on a light card face and on a dark band alike."""
    s = max(8, round(size))
    return _stronghold(_colour(colour), s, max(1, min(3, int(count))))


def _tower(x: float, y: float, tw: float, th: float) -> list[Point]:
    """The outline of a tower in the box (x, y, tw, th): three merlons on a parapet over a
    slightly narrower body."""
    body_l, body_r = x + tw * 0.12, x + tw * 0.88
    par_top, par_bot = y + th * 0.14, y + th * 0.34
    m = tw / 5
    pts: list[Point] = [(body_l, y + th), (body_l, par_bot), (x, par_bot), (x, y)]
    for k in range(5):
        up = k % 2 == 0
        xa, xb = x + k * m, x + (k + 1) * m
        ya = y if up else par_top
        pts += [(xa, ya), (xb, ya)]
    pts += [(x + tw, y), (x + tw, par_bot), (body_r, par_bot), (body_r, y + th)]
    return pts


def _draw_tower(pen: _Pen, halo: _Pen, box: tuple[float, float, float, float],
                colour: Color, s: float) -> None:
    x, y, tw, th = box
    edge = _mix(colour, BLACK, 0.6)
    line = max(1.0, s * 0.045)
    outline = _tower(x, y, tw, th)
    halo.stroke((255, 255, 255, 255), [*outline, outline[0]], line * 2 + max(1.5, s * 0.07))
    halo.polygon((255, 255, 255, 255), outline)
    pen.stroke(edge, [*outline, outline[0]], line * 2)
    pen.polygon(colour, outline)
    # Shade on the right of the body and under the parapet; a door and a window slit.
    pen.rect(_mix(colour, BLACK, 0.25), (x + tw * 0.66, y + th * 0.34, tw * 0.22, th * 0.66))
    pen.rect(_mix(colour, BLACK, 0.3), (x + tw * 0.12, y + th * 0.34, tw * 0.76, th * 0.05))
    pen.rect(_mix(colour, WHITE, 0.3), (x + line * 0.5, y + line * 0.5, tw * 0.16, th * 0.3))
    door_w = tw * 0.3
    pen.rect(edge, (x + tw / 2 - door_w / 2, y + th * 0.76, door_w, th * 0.24), door_w / 2,
             bottom=0)
    slit = max(1.0, tw * 0.09)
    pen.rect(edge, (x + tw / 2 - slit / 2, y + th * 0.46, slit, th * 0.16), slit / 2)


@functools.lru_cache(maxsize=64)
def _stronghold(colour: Color, s: int, count: int) -> pygame.Surface:
    pen = _Pen(s, s, _mix(colour, BLACK, 0.6), k=8 if s <= 32 else 4)
    halo = pen.layer(WHITE)
    m = max(1.0, s * 0.06)
    if count == 1:
        tw, th = s * 0.62, s - 2 * m
        boxes = [((s - tw) / 2, m, tw, th)]
    elif count == 2:  # the left one a little behind
        tw, th = s * 0.48, s * 0.78
        boxes = [(m, s - m - th * 0.86, tw, th * 0.86), (s - m - tw, s - m - th, tw, th)]
    else:  # two behind, one in front
        bw, bh = s * 0.38, s * 0.58
        tw, th = s * 0.44, s * 0.7
        boxes = [(m, s - m - bh, bw, bh), (s - m - bw, s - m - bh, bw, bh),
                 ((s - tw) / 2, s - m - th, tw, th)]
    towers = pen.layer(WHITE)
    for box in boxes:  # back to front
        _draw_tower(towers, halo, box, colour, s)
    halo.surf.fill((255, 255, 255, 190), special_flags=pygame.BLEND_RGBA_MULT)
    pen.paste(halo)
    pen.paste(towers)
    return _finish(pen.done())
