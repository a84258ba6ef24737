"""City tiles (the Cities module): the prestige a city asks for, large, over a skyline, and
the bonuses it asks for as gem discs with their symbols above them."""

from __future__ import annotations

import functools

import pygame

from splendor.engine.components import City
from splendor.ui.art.card_marks import _draw_cost_disc
from splendor.ui.art.palette import (
    _WHITE_GEM,
    BLACK,
    CITY_FRAME,
    CITY_INK,
    CITY_STONE,
    CITY_STONE_DARK,
    COST_SYMBOL_INK,
    COVERED,
    MISSING,
    WHITE,
    _mix,
    _rgba,
)
from splendor.ui.art.paths import _check_points
from splendor.ui.art.pen import _finish, _Pen
from splendor.ui.art.symbols import draw_symbol
from splendor.ui.art.text import _ink_size, _put, _px
from splendor.ui.art.wheel import any_colour_surface

#: A viewer's progress towards a city: the prestige still missing, and the bonuses still
#: missing for each requirement disc, in the tile's order (named colours, then "N of one
#: colour").
CityProgress = tuple[int, tuple[int, ...]]


def city_surface(city: City, size: tuple[int, int],
                 progress: CityProgress | None = None) -> pygame.Surface:
    """A city tile exactly `size` (w, h), cached.

    The prestige the city asks for large at the top left over a skyline; its bonus
    requirements along the bottom as gem discs with numbers, each colour's symbol above
    its disc; "N of one colour" (`any_single`) as a disc ringed in every colour the city
    does not name, with N in it. `progress` marks each disc with the bonuses of that
    colour still missing ("−2" in red, as a card's remaining cost) or a green tick, and
    a green tick beside the prestige when it is reached (the words for the prestige
    still missing go in `city_note_rect`, left free of skyline); a city met gets a green
    frame.
    """
    w, h = max(16, round(size[0])), max(12, round(size[1]))
    prog = None
    if progress is not None:
        prog = (max(0, int(progress[0])), tuple(max(0, int(n)) for n in progress[1]))
    return _city(city, w, h, prog)


def _requirements(city: City) -> list[tuple[int | None, int]]:
    """The requirement discs in the tile's order: (colour, count), None for any colour."""
    reqs: list[tuple[int | None, int]] = [(c, n) for c, n in enumerate(city.requires) if n]
    if city.any_single:
        reqs.append((None, city.any_single))
    return reqs


def _discs(city: City, w: int, h: int) -> tuple[int, int, float]:
    """(disc diameter, symbol size, gap) of the requirement row."""
    reqs = _requirements(city)
    if not reqs:
        return 0, 0, 0.0
    s = min(w, h)
    gap = max(1.0, s * 0.02)
    room = w - 2 * max(1.5, s * 0.03) - 2 * max(2.0, s * 0.045)
    d = round(min(h * 0.3, (room - gap * (len(reqs) - 1)) / len(reqs)))
    return d, max(10, round(min(d * 0.58, h * 0.15))), gap


def _frame(h: int, s: int, met: bool) -> float:
    o = max(1.5, s * 0.03)
    return o * 1.6 if met else o


def _top(city: City, w: int, h: int, o: float, marked: bool) -> tuple[float, float, int, int]:
    """(pad, ground y, prestige px, prestige width) of a tile with frame `o`; a `marked`
    tile (with progress) has a smaller prestige, leaving room for the words beside it."""
    pad = max(2.0, min(w, h) * 0.045)
    d, sym, _ = _discs(city, w, h)
    ground = h - o - pad - (d + sym + 1) - pad * 0.5 if d else h - o - pad * 1.5
    pts_px = _px(min(h * 0.38, (ground - o - pad) * 1.3) * (0.85 if marked else 1))
    return pad, ground, pts_px, _ink_size(str(city.points), pts_px, serif=True)[0]


def city_note_rect(city: City, size: tuple[int, int]) -> pygame.Rect:
    """Where, on a tile drawn with progress, the words for the prestige still missing
    go: the sky right of the prestige (relative to the tile)."""
    w, h = max(16, round(size[0])), max(12, round(size[1]))
    o = _frame(h, min(w, h), False)
    pad, ground, _, pts_w = _top(city, w, h, o, True)
    x = round(o + pad + pts_w + pad * 0.5)
    y = round(o + pad * 0.5)
    return pygame.Rect(x, y, max(1, round(w - o - pad * 0.3) - x), max(1, round(ground) - y))


def _skyline(pen: _Pen, seed: str, x0: float, x1: float, base: float, top: float) -> None:
    """A row of towers, domes and minarets between x0 and x1 standing on `base`, none
    taller than `top`; the same city always gets the same skyline."""
    if x1 - x0 < 8 or base - top < 8:
        return
    state = sum((i + 1) * ord(ch) for i, ch in enumerate(seed)) or 1

    def rand() -> float:
        nonlocal state
        state = (state * 1103515245 + 12345) % (2 ** 31)
        return state / 2 ** 31

    tall = base - top
    fill = CITY_STONE_DARK
    shade = _mix(CITY_STONE_DARK, CITY_FRAME, 0.35)
    x = x0
    unit = tall * 0.32
    while x < x1 - unit * 0.5:
        kind = int(rand() * 3)
        if kind == 0:  # a tower with battlements
            bw = unit * (0.9 + rand() * 0.5)
            bh = tall * (0.55 + rand() * 0.3)
            bw = min(bw, x1 - x)
            pen.rect(fill, (x, base - bh, bw, bh))
            m = bw / 5
            for k in (0, 2, 4):
                pen.rect(fill, (x + k * m, base - bh - m * 0.9, m, m * 0.9 + 0.5))
            pen.rect(shade, (x + bw * 0.4, base - bh * 0.6, bw * 0.2, bh * 0.22), bw * 0.1)
        elif kind == 1:  # a domed hall
            bw = unit * (1.3 + rand() * 0.5)
            bw = min(bw, x1 - x)
            bh = tall * (0.3 + rand() * 0.15)
            pen.rect(fill, (x, base - bh, bw, bh))
            dr = bw * 0.34
            pen.circle(fill, (x + bw / 2, base - bh), dr)
            pen.stroke(fill, [(x + bw / 2, base - bh - dr), (x + bw / 2, base - bh - dr * 1.6)],
                       max(0.8, bw * 0.05))
            for k in range(3):
                pen.rect(shade, (x + bw * (0.18 + 0.27 * k), base - bh * 0.65, bw * 0.1,
                                 bh * 0.4), bw * 0.05)
        else:  # a minaret
            bw = unit * (0.45 + rand() * 0.2)
            bw = min(bw, x1 - x)
            bh = tall * (0.7 + rand() * 0.25)
            pen.rect(fill, (x, base - bh * 0.85, bw, bh * 0.85))
            pen.rect(fill, (x - bw * 0.2, base - bh * 0.7, bw * 1.4, max(1.0, bw * 0.25)))
            pen.polygon(fill, [(x, base - bh * 0.85), (x + bw / 2, base - bh),
                               (x + bw, base - bh * 0.85)])
        x += bw + unit * (0.05 + rand() * 0.25)
    pen.rect(fill, (x0, base - max(1.0, tall * 0.05), x1 - x0, max(1.0, tall * 0.05)))


@functools.lru_cache(maxsize=128)
def _city(city: City, w: int, h: int, prog: CityProgress | None) -> pygame.Surface:
    s = min(w, h)
    o = max(1.5, s * 0.03)
    pad = max(2.0, s * 0.045)
    r = max(4.0, s * 0.09)
    reqs = _requirements(city)
    named = tuple(c for c, n in enumerate(city.requires) if n)
    d, sym, gap = _discs(city, w, h)
    met = prog is not None and not prog[0] and not any(prog[1])

    pen = _Pen(w, h, CITY_FRAME)
    pen.rect(CITY_FRAME, (0, 0, w, h), r)
    if met:
        pen.rect(COVERED, (0, 0, w, h), r)
        pen.rect(_mix(COVERED, WHITE, 0.35), (o * 0.6, o * 0.6, w - 1.2 * o, h - 1.2 * o),
                 r - o * 0.6)
        pen.rect(CITY_FRAME, (o * 1.3, o * 1.3, w - 2.6 * o, h - 2.6 * o), r - o * 1.3)
        o = _frame(h, s, True)
    pen.rect(CITY_STONE, (o, o, w - 2 * o, h - 2 * o), r - o)
    # The sky behind the skyline, and the street the requirements stand on.
    _, ground, pts_px, pts_w = _top(city, w, h, o, prog is not None)
    sky = pen.layer(CITY_STONE)
    sky.rect(_rgba(_mix(CITY_STONE, WHITE, 0.45), 255), (o, o, w - 2 * o, ground - o), r - o,
             bottom=0)
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), (o, o, w - 2 * o, h - 2 * o), r - o)
    pen.paste(sky, mask)
    pts = str(city.points)
    # With prestige still missing the sky beside it is left for the words saying so.
    if prog is None or not prog[0]:
        sky_x0 = o + pad + pts_w + pad * (4 if prog is not None else 1.5)
        skyline = pen.layer(CITY_STONE_DARK)
        _skyline(skyline, city.id, sky_x0, w - o - pad * 0.5, ground, o + pad * 0.6)
        pen.paste(skyline, mask)
    pen.rect(_mix(CITY_STONE_DARK, CITY_FRAME, 0.3), (o, ground, w - 2 * o, max(1.0, h * 0.015)))
    vig = pen.layer(CITY_FRAME)  # a soft vignette inside the frame
    step = max(1.0, s * 0.014)
    for i in range(3):
        inset = o + i * step
        vig.ring(_rgba(CITY_FRAME, 255), (inset, inset, w - 2 * inset, h - 2 * inset),
                 max(1.0, r - inset), step)
    vig.surf.fill((255, 255, 255, 55), special_flags=pygame.BLEND_RGBA_MULT)
    pen.paste(vig)
    out = pen.done()

    box = _put(out, pts, pts_px, CITY_INK, (o + pad, o + pad * 0.6), "topleft", serif=True,
               outline=_mix(CITY_STONE, WHITE, 0.5))
    if prog is not None and not prog[0]:
        px = _px(h * 0.2)
        tick = _Pen(w, h, COVERED)
        cx = box.right + pad * 0.6 + px * 0.4
        tick.stroke(COVERED, _check_points(cx, box.top + px * 0.4, px * 0.8),
                    max(1.5, px * 0.14))
        out.blit(tick.done(), (0, 0))
    if reqs:
        total = len(reqs) * d + (len(reqs) - 1) * gap
        x = (w - total) / 2
        cy = h - o - pad - d / 2
        for k, (c, n) in enumerate(reqs):
            # With progress, the colour's symbol above its disc gives way to what is
            # still missing of it: every size has room for it there, none beside.
            above = pygame.Rect(round(x), round(cy - d / 2 - 1 - sym), d, sym)
            if c is None:
                out.blit(any_colour_surface(d, n, named), (round(x), round(cy - d / 2)))
            else:
                _draw_cost_disc(out, c, d, n, (x + d / 2, cy))
                ink = COST_SYMBOL_INK[c] if c != _WHITE_GEM else _mix(COST_SYMBOL_INK[c], BLACK,
                                                                      0.2)
                if prog is None:
                    draw_symbol(out, above.center, sym, c, ink)
            if prog is not None and k < len(prog[1]):
                _disc_mark(out, prog[1][k], above, d + gap)
            x += d + gap
    return _finish(out)


def disc_mark_text(missing: int, d: int, room_h: int, pitch: float) -> tuple[str, int]:
    """The mark of `missing` bonuses above a disc `d` wide (`pitch` apart) and its font
    size: '−2', or where that would run into the next disc's mark (five discs on a
    small tile), the red digit alone, so that the marks stay apart ('1 2', not '−1−2')."""
    px, most = _px(room_h * 1.1), pitch - disc_mark_space(d)
    text = f"−{missing}"
    if _ink_size(text, px)[0] > most:
        text = str(missing)
        wide = _ink_size(text, px)[0]
        if wide > most:
            px = _px(max(6, px * most / wide))
    return text, px


def disc_mark_space(d: int) -> float:
    """The least room left between the marks of two discs `d` wide."""
    return max(4.0, d * 0.2)


def _disc_mark(out: pygame.Surface, missing: int, room: pygame.Rect, pitch: float) -> None:
    """Above a requirement disc, in `room`: the bonuses of its colour still missing
    ("−2" in red, as beside a card's cost), or a green tick when none is; `pitch` is
    the distance from one disc to the next."""
    if missing:
        text, px = disc_mark_text(missing, room.w, room.h, pitch)
        _put(out, text, px, MISSING, room.center, outline=_mix(CITY_STONE, WHITE, 0.6))
        return
    size = min(room.w, room.h) * 1.1
    pen = _Pen(out.get_width(), out.get_height(), COVERED)
    pen.stroke(COVERED, _check_points(room.centerx, room.centery, size), max(1.5, size * 0.18))
    out.blit(pen.done(), (0, 0))
