"""The game's art, drawn in code: gem symbols, tokens, cards, deck backs, nobles, badges.

All of it is the project's own drawing; no image files are used. Every function is pure:
it draws from its arguments alone. The `*_surface` functions are cached, so a frame costs
blits, not redraws; the surfaces they return are shared, so treat them as read-only (copy
one before changing it). Call `clear_caches()` after a large resize to free old sizes.

How it is drawn: shapes go onto a supersampled canvas (`_Pen`, 2-8x the final size) that
is smoothscaled down, which gives clean anti-aliased edges; text is rendered afterwards at
the final size through `theme.text`, never below `theme.MIN_TEXT_PX`. Where a small size
leaves no room, decoration is dropped and text keeps its size.

Sizes: every surface is exactly the size asked for. Cards, deck backs and empty slots
take `(width, height)` or a width (height is `CARD_RATIO` times it); nobles a side or
`(side, side)`; badges `(width, height)` or a height; tokens a diameter (the surface is
that square, the chip a little smaller to leave room for its shadow and glow).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from typing import NamedTuple

import pygame

from splendor.engine.components import Card, Noble
from splendor.ui import theme

Color = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]
Box = tuple[float, float, float, float]
SizeArg = int | float | tuple[int, int] | tuple[float, float]

#: A card's height over its width (the physical cards are 63 x 88 mm).
CARD_RATIO = 1.4
#: Deck colours by level: green, amber, blue.
LEVEL_COLORS: dict[int, Color] = {1: (40, 128, 72), 2: (204, 144, 30), 3: (42, 88, 172)}
LEVEL_NUMERALS = {1: "I", 2: "II", 3: "III"}
PARCHMENT: Color = (238, 224, 190)
PARCHMENT_DARK: Color = (218, 198, 154)
NOBLE_FRAME: Color = (104, 74, 42)
NOBLE_INK: Color = (66, 42, 22)
#: The colour of "still missing" marks on cards.
MISSING: Color = (196, 40, 40)
#: The colour of "covered" ticks.
COVERED: Color = (34, 140, 66)

WHITE: Color = (255, 255, 255)
BLACK: Color = (0, 0, 0)
_WHITE_GEM, _BLACK_GEM = 0, 4


# --------------------------------------------------------------------------- helpers


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> Color:
    """The colour a fraction `t` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _rgba(c: Sequence[int], alpha: int) -> RGBA:
    return (c[0], c[1], c[2], alpha)


def _px(value: float) -> int:
    """A text size in pixels, never below the game's minimum."""
    return max(theme.MIN_TEXT_PX, round(value))


def _card_size(size: SizeArg) -> tuple[int, int]:
    if isinstance(size, tuple):
        return max(8, round(size[0])), max(8, round(size[1]))
    return max(8, round(size)), max(8, round(size * CARD_RATIO))


def _square_size(size: SizeArg) -> int:
    if isinstance(size, tuple):
        return max(8, round(min(size)))
    return max(8, round(size))


def _finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blitting once a display exists (the pixels stay the same)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


class _Pen:
    """A supersampled canvas: draw in final-pixel coordinates, `done()` scales it down.

    `bg` is the colour of the transparent background; choosing the colour of the outermost
    shape avoids dark fringes when the edges are averaged.
    """

    def __init__(self, w: int, h: int, bg: Sequence[int] = BLACK, k: int | None = None) -> None:
        self.w, self.h = w, h
        self.k = k or (4 if max(w, h) <= 170 else 3 if max(w, h) <= 420 else 2)
        self.surf = pygame.Surface((w * self.k, h * self.k), pygame.SRCALPHA)
        self.surf.fill(_rgba(bg, 0))

    def layer(self, bg: Sequence[int] = BLACK) -> _Pen:
        return _Pen(self.w, self.h, bg, self.k)

    def p(self, x: float, y: float) -> tuple[int, int]:
        return round(x * self.k), round(y * self.k)

    def circle(self, color: Sequence[int], c: Point, r: float, width: float = 0) -> None:
        w = max(1, round(width * self.k)) if width else 0
        pygame.draw.circle(self.surf, color, self.p(*c), max(1, round(r * self.k)), w)

    def polygon(self, color: Sequence[int], points: Sequence[Point]) -> None:
        pygame.draw.polygon(self.surf, color, [self.p(x, y) for x, y in points])

    def rect(
        self,
        color: Sequence[int],
        box: Box,
        radius: float = 0,
        *,
        top: float | None = None,
        bottom: float | None = None,
    ) -> None:
        """A filled rectangle with rounded corners (`top`/`bottom` override the radius)."""
        k = self.k
        x, y, w, h = box
        rect = pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))
        t = round((radius if top is None else top) * k)
        b = round((radius if bottom is None else bottom) * k)
        pygame.draw.rect(
            self.surf,
            color,
            rect,
            border_top_left_radius=t,
            border_top_right_radius=t,
            border_bottom_left_radius=b,
            border_bottom_right_radius=b,
        )

    def ring(self, color: Sequence[int], box: Box, radius: float, width: float) -> None:
        """A rounded-rectangle outline `width` wide inside `box`, drawn on its own layer."""
        layer = self.layer(color)
        layer.rect(_rgba(color, 255), box, radius)
        x, y, w, h = box
        layer.rect(_rgba(color, 0), (x + width, y + width, w - 2 * width, h - 2 * width),
                   max(0.0, radius - width))
        self.paste(layer)

    def stroke(
        self, color: Sequence[int], points: Sequence[Point], width: float, closed: bool = False
    ) -> None:
        """A polyline with round joints and caps."""
        pts = list(points) + ([points[0]] if closed else [])
        half = width / 2
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            length = math.hypot(x1 - x0, y1 - y0)
            if length < 1e-6:
                continue
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            self.polygon(color, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                 (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
        for pt in pts:
            self.circle(color, pt, half)

    def paste(self, other: _Pen, mask: _Pen | None = None) -> None:
        """Blend another layer on top, optionally clipped to `mask`'s opaque area."""
        src = other.surf
        if mask is not None:
            src = src.copy()
            src.blit(mask.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(src, (0, 0))

    def done(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surf, (self.w, self.h))


@functools.lru_cache(maxsize=1024)
def _label(
    value: str,
    px: int,
    color: Color,
    bold: bool = True,
    serif: bool = False,
    outline: Color | None = None,
) -> tuple[pygame.Surface, pygame.Rect]:
    """Rendered text (with an optional 1-2 px outline) and the rectangle of its ink."""
    main = theme.text(value, _px(px), color, bold, serif)
    if outline is None:
        return main, main.get_bounding_rect()
    t = 2 if px >= 28 else 1
    back = theme.text(value, _px(px), outline, bold, serif)
    surf = pygame.Surface((main.get_width() + 2 * t, main.get_height() + 2 * t), pygame.SRCALPHA)
    for dx in range(-t, t + 1):
        for dy in range(-t, t + 1):
            if dx * dx + dy * dy <= t * t + 1:
                surf.blit(back, (t + dx, t + dy))
    surf.blit(main, (t, t))
    return surf, surf.get_bounding_rect()


def _put(
    dst: pygame.Surface,
    value: str,
    px: int,
    color: Color,
    pos: Point,
    anchor: str = "center",
    *,
    bold: bool = True,
    serif: bool = False,
    outline: Color | None = None,
    alpha: int = 255,
) -> pygame.Rect:
    """Draw text so that its visible ink sits at `pos` by `anchor`; return the ink rect."""
    surf, ink = _label(value, _px(px), color, bold, serif, outline)
    box = ink.copy()
    setattr(box, anchor, (round(pos[0]), round(pos[1])))
    if alpha < 255:
        surf = surf.copy()
        surf.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    dst.blit(surf, (box.x - ink.x, box.y - ink.y))
    return box


def _ink_size(value: str, px: int, bold: bool = True, serif: bool = False) -> tuple[int, int]:
    _, ink = _label(value, _px(px), theme.INK, bold, serif, None)
    return ink.width, ink.height


def _dim(surface: pygame.Surface) -> pygame.Surface:
    """Greyed out: mostly grey, darker, with a trace of the original colour."""
    grey = pygame.transform.grayscale(surface)
    grey.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    tint = surface.copy()
    tint.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    tint.set_alpha(64)
    grey.blit(tint, (0, 0))
    return grey


def _fade(surface: pygame.Surface, alpha: int) -> pygame.Surface:
    out = surface.copy()
    out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _rrect_path(box: Box, r: float, steps: int = 10) -> list[Point]:
    """Points around a rounded rectangle, clockwise from the top edge, closed."""
    x, y, w, h = box
    r = max(0.0, min(r, w / 2, h / 2))
    corners = ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0),
               (x + r, y + h - r, 90), (x + r, y + r, 180))
    pts: list[Point] = []
    for cx, cy, a0 in corners:
        for i in range(steps + 1):
            a = math.radians(a0 + 90 * i / steps)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pts.append(pts[0])
    return pts


def _dashes(path: Sequence[Point], dash: float, gap: float) -> list[list[Point]]:
    """Split a polyline into dashes; the pattern is stretched to close evenly."""
    seg = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(path)]
    total = sum(seg)
    n = max(1, round(total / (dash + gap)))
    period = total / n
    dash = period * dash / (dash + gap)
    out: list[list[Point]] = []
    for i in range(n):
        start, end = i * period, i * period + dash
        pts: list[Point] = []
        pos = 0.0
        for (a, b), length in zip(itertools.pairwise(path), seg, strict=False):
            if length and pos + length >= start and pos <= end:
                t0 = max(0.0, (start - pos) / length)
                t1 = min(1.0, (end - pos) / length)
                p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
                p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
                if not pts:
                    pts.append(p0)
                pts.append(p1)
            pos += length
        if len(pts) >= 2:
            out.append(pts)
    return out


def _dashed_outline(
    pen: _Pen, color: Sequence[int], box: Box, r: float, width: float
) -> None:
    x, y, w, h = box
    half = width / 2
    path = _rrect_path((x + half, y + half, w - width, h - width), max(0.0, r - half))
    dash = max(4.0, w * 0.075)
    for piece in _dashes(path, dash, dash * 0.7):
        pen.stroke(color, piece, width)


def _check_points(cx: float, cy: float, s: float) -> list[Point]:
    """A tick mark about `s` wide centred on (cx, cy)."""
    return [(cx - 0.38 * s, cy + 0.02 * s), (cx - 0.1 * s, cy + 0.3 * s),
            (cx + 0.4 * s, cy - 0.3 * s)]


# --------------------------------------------------------------------------- symbols


@functools.cache
def _heart_unit() -> tuple[Point, ...]:
    """A heart outline fitted to a unit box centred on the origin."""
    raw = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    return tuple(((x - cx) / span, (y - cy) / span) for x, y in raw)


def _star_points(cx: float, cy: float, outer: float, inner: float) -> list[Point]:
    pts = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _draw_shape(
    pen: _Pen, shape: str, cx: float, cy: float, s: float, color: Sequence[int]
) -> None:
    """One gem symbol, `s` pixels across, centred on (cx, cy), onto a pen."""
    if shape == "diamond":
        a, b = 0.5 * s, 0.4 * s  # half-diagonals: vertical, horizontal
        t = max(1.5, 0.13 * s)
        diag = math.hypot(a, b)
        ai, bi = a - t * diag / b, b - t * diag / a
        pen.polygon(color, [(cx, cy - a), (cx + b, cy), (cx, cy + a), (cx - b, cy)])
        if ai > 0.5 and bi > 0.5:
            hole = _rgba(color, 0)
            pen.polygon(hole, [(cx, cy - ai), (cx + bi, cy), (cx, cy + ai), (cx - bi, cy)])
    elif shape == "circle":
        pen.circle(color, (cx, cy), 0.38 * s)
    elif shape == "triangle":
        pen.polygon(color, [(cx, cy - 0.45 * s), (cx + 0.5 * s, cy + 0.42 * s),
                            (cx - 0.5 * s, cy + 0.42 * s)])
    elif shape == "heart":
        pen.polygon(color, [(cx + x * s * 0.98, cy + y * s * 0.98) for x, y in _heart_unit()])
    elif shape == "square":
        h = 0.41 * s  # larger than the circle, so the two differ in size as well as corners
        pen.rect(color, (cx - h, cy - h, 2 * h, 2 * h), 0.03 * s)
    elif shape == "star":
        pen.polygon(color, _star_points(cx, cy + 0.05 * s, 0.53 * s, 0.23 * s))
    else:  # pragma: no cover - GEM_SHAPES is fixed
        raise ValueError(f"unknown shape {shape!r}")


@functools.lru_cache(maxsize=512)
def symbol_surface(color_index: int, size: float, ink: Color) -> pygame.Surface:
    """The colour-blind symbol of a colour (0-5) as a `size`-pixel square, cached."""
    size = max(4, round(size))
    pen = _Pen(size, size, ink, k=8 if size <= 24 else 4)
    _draw_shape(pen, theme.GEM_SHAPES[color_index], size / 2, size / 2, size, _rgba(ink, 255))
    return _finish(pen.done())


def draw_symbol(
    surface: pygame.Surface, center: Point, size: float, color_index: int, ink: Sequence[int]
) -> None:
    """Draw the colour-blind shape of a colour (0-5) `size` px across, centred on `center`.

    White: outline diamond; blue: circle; green: triangle; red: heart; black: square;
    gold: star. Drawn supersampled and cached, so it stays crisp from 10 to 60 px.
    """
    size = max(4, round(size))
    ink_rgb = (int(ink[0]), int(ink[1]), int(ink[2]))
    sym = symbol_surface(color_index, size, ink_rgb)
    surface.blit(sym, (round(center[0] - size / 2), round(center[1] - size / 2)))


# --------------------------------------------------------------------------- tokens


def _symbol_ink(color_index: int) -> Color:
    return theme.GEM_INK[color_index]


@functools.lru_cache(maxsize=256)
def chip_surface(color_index: int, diameter: float, with_symbol: bool = True) -> pygame.Surface:
    """A bare chip exactly `diameter` px across: rim, inserts, inner ring, highlight, symbol."""
    d = max(6, round(diameter))
    fill, rim = theme.GEM_FILL[color_index], theme.GEM_RIM[color_index]
    pen = _Pen(d, d, rim, k=6 if d <= 40 else 4 if d <= 120 else 3)
    R = d / 2
    c = (R, R)
    pen.circle(rim, c, R)
    if d >= 26:  # the edge inserts of a poker chip: dropped when too small to read
        insert = _mix(rim, WHITE, 0.55) if color_index != _BLACK_GEM else _mix(rim, WHITE, 0.5)
        for i in range(8):
            a0 = math.radians(i * 45 - 9 + 22.5)
            a1 = math.radians(i * 45 + 9 + 22.5)
            outer = [a0 + (a1 - a0) * j / 6 for j in range(7)]
            arc = [(R + 0.97 * R * math.cos(a), R + 0.97 * R * math.sin(a)) for a in outer]
            arc += [(R + 0.84 * R * math.cos(a), R + 0.84 * R * math.sin(a)) for a in outer[::-1]]
            pen.polygon(insert, arc)
    body = 0.84 * R
    pen.circle(_mix(fill, BLACK, 0.18), c, body)
    pen.circle(fill, (R - 0.02 * R, R - 0.02 * R), body * 0.97)
    pen.circle(_mix(fill, rim, 0.6), c, 0.66 * R, 0.05 * R)
    pen.circle(_mix(fill, WHITE, 0.06), c, 0.615 * R)
    # A soft highlight at the top left, clipped to the chip.
    mask = pen.layer(WHITE)
    mask.circle((255, 255, 255, 255), c, R)
    shine = pen.layer(WHITE)
    shine.circle((255, 255, 255, 70), (R * 0.72, R * 0.62), R * 0.78)
    shine.circle((255, 255, 255, 0), (R * 1.02, R * 0.98), R * 0.86)
    pen.paste(shine, mask)
    out = pen.done()
    if with_symbol:
        draw_symbol(out, (R, R), round(d * 0.44), color_index, _symbol_ink(color_index))
    return _finish(out)


def _badge_diameter(d: int) -> int:
    return max(16, round(d * 0.38))


def token_margin(diameter: int) -> int:
    """The border inside a token surface around the chip (room for shadow and glow)."""
    return max(2, round(diameter * 0.06))


def token_chip_diameter(diameter: int) -> int:
    """How wide the chip itself is on a `diameter` token surface."""
    return max(6, diameter - 2 * token_margin(diameter))


@functools.lru_cache(maxsize=256)
def _count_badge(count: int, d: int) -> pygame.Surface:
    bd = _badge_diameter(d)
    label = str(count)
    px = _px(bd * 0.66)
    tw, _ = _ink_size(label, px)
    w = max(bd, tw + round(bd * 0.5))
    pen = _Pen(w, bd, (240, 236, 226))
    pen.rect((240, 236, 226), (0, 0, w, bd), bd / 2)
    edge = max(1.2, bd * 0.08)
    pen.rect((34, 32, 34), (edge, edge, w - 2 * edge, bd - 2 * edge), bd / 2 - edge)
    out = pen.done()
    _put(out, label, px, theme.TEXT, (w / 2, bd / 2))
    return out


@functools.lru_cache(maxsize=512)
def token_surface(
    color_index: int, diameter: float, count: int | None = None, selected: bool = False
) -> pygame.Surface:
    """A gem token (chip) on a `diameter`-px square surface with per-pixel alpha, cached.

    The chip (`token_chip_diameter(diameter)` wide) sits centred with a soft shadow; blit
    the surface where the token's square goes. `count` adds a number badge at the top
    right; `selected` a glow ring around the chip.
    """
    d = max(8, round(diameter))
    m = token_margin(d)
    cd = token_chip_diameter(d)
    c = d / 2
    out = pygame.Surface((d, d), pygame.SRCALPHA)
    shadow = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (0, 0, 0, 130), (c, c + cd * 0.04), cd / 2)
    out.blit(pygame.transform.gaussian_blur(shadow, max(1, round(d * 0.03))), (0, 0))
    if selected:
        pen = _Pen(d, d, theme.ACTIVE)
        pen.circle(_rgba(theme.ACTIVE, 90), (c, c), d / 2)
        pen.circle(_rgba(theme.ACTIVE, 255), (c, c), cd / 2 + max(1.5, m * 0.7))
        out.blit(pen.done(), (0, 0))
    if count is not None and d < 48:
        # Small chip: the badge would cover the symbol, so draw the symbol a little smaller,
        # down and to the left of the centre.
        out.blit(chip_surface(color_index, cd, False), (m, m))
        off = cd * 0.07
        draw_symbol(out, (c - off, c + off), round(cd * 0.4), color_index,
                    _symbol_ink(color_index))
    else:
        out.blit(chip_surface(color_index, cd), (m, m))
    if count is not None:
        badge = _count_badge(int(count), d)
        bx = c + 0.36 * cd - badge.get_width() / 2
        by = c - 0.36 * cd - badge.get_height() / 2
        bx = min(max(0, bx), d - badge.get_width())
        by = min(max(0, by), d - badge.get_height())
        out.blit(badge, (round(bx), round(by)))
    return _finish(out)


# --------------------------------------------------------------------------- cards


def _band_colors(bonus: int) -> tuple[Color, Color, Color]:
    """(band, edge, face) colours for a card of this bonus colour."""
    fill = theme.GEM_FILL[bonus]
    if bonus == _WHITE_GEM:
        return (226, 228, 236), (112, 114, 126), (250, 247, 238)
    return fill, _mix(fill, BLACK, 0.5), _mix(theme.CARD_FACE, fill, 0.07)


def _sheen(pen: _Pen, box: Box, mask: _Pen) -> None:
    """A polished look for a coloured band: a gloss fading down and two diagonal glints."""
    x, y, w, h = box
    gloss = pen.layer(WHITE)
    steps = 8
    for i in range(steps):
        band = h * 0.7 / steps
        gloss.rect((255, 255, 255, 52 - 6 * i), (x, y + band * i, w, band + 0.5))
    edge = max(1.0, h * 0.05)
    gloss.rect((0, 0, 0, 36), (x, y + h - edge, w, edge))
    pen.paste(gloss, mask)
    glint = pen.layer(WHITE)
    slant = h * 0.6
    for a, b, alpha in ((0.22, 0.36, 40), (0.42, 0.47, 28)):
        glint.polygon((255, 255, 255, alpha), [(x + w * a, y), (x + w * b, y),
                                               (x + w * b - slant, y + h),
                                               (x + w * a - slant, y + h)])
    pen.paste(glint, mask)


def _draw_gem(pen: _Pen, cx: float, cy: float, s: float, light: Color, mid: Color, dark: Color,
              edge: Color) -> None:
    """A brilliant-cut gem seen from the side, `s` wide, in three tones with facet lines."""
    top, girdle, culet = cy - 0.3 * s, cy - 0.08 * s, cy + 0.42 * s
    tl, tr = cx - 0.28 * s, cx + 0.28 * s
    gl, gr = cx - 0.5 * s, cx + 0.5 * s
    line = max(1.0, s * 0.025)
    outline = [(tl, top), (tr, top), (gr, girdle), (cx, culet), (gl, girdle)]
    pen.polygon(edge, [(x + (x - cx) * 0.04, y + (y - cy) * 0.04) for x, y in outline])
    pen.polygon(mid, outline)
    crown = [(tl, top), (cx - 0.09 * s, top), (cx - 0.2 * s, girdle), (gl, girdle)]
    pen.polygon(light, crown)
    pen.polygon(light, [(cx + 0.09 * s, top), (tr, top), (gr, girdle), (cx + 0.2 * s, girdle)])
    pen.polygon(dark, [(gl, girdle), (cx - 0.2 * s, girdle), (cx, culet)])
    pen.polygon(_mix(dark, mid, 0.5), [(cx + 0.2 * s, girdle), (gr, girdle), (cx, culet)])
    gml, gmr = (cx - 0.2 * s, girdle), (cx + 0.2 * s, girdle)
    facets = (((tl, top), gml), ((cx - 0.09 * s, top), gml), ((cx + 0.09 * s, top), gmr),
              ((tr, top), gmr), (gml, (cx, culet)), (gmr, (cx, culet)),
              ((gl, girdle), (gr, girdle)))
    for a, b in facets:
        pen.stroke(edge, [a, b], line)


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
    level's dots beside it, the cost as gem discs with numbers and symbols at the bottom
    left in colour order. `affordable` adds a bright border; `remaining` (gems still missing
    per colour after bonuses and tokens) adds a red "−n" beside each short cost and a tick
    beside each covered one, with a big tick when nothing is missing; `dimmed` greys it out.
    """
    w, h = _card_size(size)
    rem = None if remaining is None else tuple(max(0, int(n)) for n in remaining[:5])
    return _card(card, w, h, bool(dimmed), bool(affordable), rem)


def _card_metrics(w: int, h: int) -> dict[str, float]:
    """Where things go on a card of this size (shared by every card so rows line up)."""
    r = max(4.0, w * 0.075)
    o = max(1.0, w * 0.012)  # dark outline
    f = max(2.5, w * 0.04)  # coloured frame
    m = max(3.0, w * 0.06)  # content margin
    cd = max(17.0, round(h * 0.14))  # cost disc diameter
    cg = max(1.0, round(h * 0.014))
    stack = 4 * cd + 3 * cg  # four costs at most
    hh = min(round(h * 0.27), h - f - m * 0.7 - stack - m * 0.6)
    # Too small for a column of four costs under a readable header: the compact layout.
    compact = hh < 22 or w < 60
    if compact:
        hh = max(20, round(h * 0.26))
        m = max(2.0, w * 0.05)
    return {"r": r, "o": o, "f": f, "m": m, "cd": cd, "cg": cg, "hh": max(hh, h * 0.18),
            "compact": float(compact)}


def _card_frame(w: int, h: int, g: dict[str, float], bonus: int) -> _Pen:
    """A pen holding a card's outline, coloured band (with sheen) and light face."""
    r, o, f, hh = g["r"], g["o"], g["f"], g["hh"]
    band, edge, face = _band_colors(bonus)
    pen = _Pen(w, h, edge)
    pen.rect(edge, (0, 0, w, h), r)
    pen.rect(band, (o, o, w - 2 * o, h - 2 * o), r - o)
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), (o, o, w - 2 * o, hh - o), r - o, bottom=0)
    _sheen(pen, (o, o, w - 2 * o, hh - o), mask)
    pen.rect(_mix(edge, band, 0.4), (f - 0.6, hh - 0.6, w - 2 * f + 1.2, h - hh - f + 1.2),
             r * 0.35, bottom=r - f)
    pen.rect(face, (f, hh, w - 2 * f, h - hh - f), r * 0.3, bottom=max(1.0, r - f))
    shade = pen.layer()
    step = max(1.0, h * 0.008)
    for i in range(3):  # an inner shadow under the band
        shade.rect((0, 0, 0, 34 - 10 * i), (f, hh + i * step, w - 2 * f, step))
    pen.paste(shade)
    return pen


def _affordable_ring(pen: _Pen, r: float) -> None:
    w, h = pen.w, pen.h
    ring = max(3.0, w * 0.045)
    pen.ring(theme.ACTIVE, (0, 0, w, h), r, ring)
    pen.ring((255, 248, 214), (ring, ring, w - 2 * ring, h - 2 * ring), r - ring,
             max(1.0, ring * 0.35))


def _mini_card(card: Card, w: int, h: int, g: dict[str, float], affordable: bool
               ) -> pygame.Surface:
    """The tiniest card: all bonus colour, the points at the top left, the symbol below."""
    r, o = g["r"], g["o"]
    band, edge, _ = _band_colors(card.bonus)
    fill = theme.GEM_FILL[card.bonus]
    pen = _Pen(w, h, edge)
    pen.rect(edge, (0, 0, w, h), r)
    pen.rect(band, (o, o, w - 2 * o, h - 2 * o), r - o)
    mask = pen.layer(WHITE)
    mask.rect((255, 255, 255, 255), (o, o, w - 2 * o, h - 2 * o), r - o)
    _sheen(pen, (o, o, w - 2 * o, h - 2 * o), mask)
    if affordable:
        _affordable_ring(pen, r)
    out = pen.done()
    ink = theme.INK if card.bonus == _WHITE_GEM else WHITE
    outline = None if card.bonus == _WHITE_GEM else _mix(fill, BLACK, 0.6)
    sym = max(10, round(min(w * 0.5, h * 0.36)))
    if card.points:
        _put(out, str(card.points), _px(h * 0.36), ink, (max(3.0, w * 0.12), max(3.0, h * 0.08)),
             "topleft", outline=outline)
        draw_symbol(out, (w - max(3.0, w * 0.1) - sym / 2, h - max(3.0, h * 0.08) - sym / 2), sym,
                    card.bonus, theme.GEM_INK[card.bonus])
    else:
        draw_symbol(out, (w / 2, h / 2), sym, card.bonus, theme.GEM_INK[card.bonus])
    return out


def _compact_card(card: Card, w: int, h: int, g: dict[str, float], affordable: bool
                  ) -> pygame.Surface:
    """A card too small for the full layout (a reserved card in a side panel).

    Points and the bonus in the band; the cost as a grid of discs with symbols when it
    fits, else the bonus chip alone (the cost is dropped before any text shrinks).
    """
    r, f, m, hh = g["r"], g["f"], g["m"], g["hh"]
    cd = round(g["cd"])
    sym = 10
    fill = theme.GEM_FILL[card.bonus]
    items = card.cost_items
    cell_w, cell_h = cd + 1 + sym + 1, cd + 1
    cols = max(0, int((w - 2 * f - m) // cell_w))
    rows = max(0, int((h - hh - f - m) // cell_h))
    show_cost = cols * rows >= len(items)
    if not show_cost and min(w - 2 * f - 2 * m, h - hh - f - 2 * m) * 0.9 < 14:
        return _mini_card(card, w, h, g, affordable)
    pen = _card_frame(w, h, g, card.bonus)
    if affordable:
        _affordable_ring(pen, r)
    out = pen.done()
    ink = theme.INK if card.bonus == _WHITE_GEM else WHITE
    left = f + m * 0.6
    if card.points:
        outline = None if card.bonus == _WHITE_GEM else _mix(fill, BLACK, 0.6)
        box = _put(out, str(card.points), _px(hh * 0.72), ink, (left, hh / 2), "midleft",
                   outline=outline)
        left = box.right + 2
    chip_d = round(min(hh * 0.82, w * 0.45))
    right = w - f - m * 0.4
    if chip_d >= 16 and right - chip_d >= left:
        chip = chip_surface(card.bonus, chip_d)
        out.blit(chip, (round(right - chip_d), round(hh / 2 - chip_d / 2)))
    elif right - sym >= left:
        draw_symbol(out, (right - sym / 2, hh / 2), sym, card.bonus, theme.GEM_INK[card.bonus])
    if show_cost and items:
        used_rows = -(-len(items) // cols)
        top = h - f - m * 0.5 - used_rows * cell_h + 1
        for i, (c, amount) in enumerate(items):
            x = f + m * 0.5 + (i % cols) * cell_w
            y = top + (i // cols) * cell_h + cd / 2
            _draw_cost_disc(out, c, cd, amount, (x + cd / 2, y))
            draw_symbol(out, (x + cd + 1 + sym / 2, y), sym, c, (70, 62, 56))
    else:
        face_h = h - hh - f
        d = round(min(w - 2 * f - 2 * m, face_h - 2 * m) * 0.9)
        if d >= 12:
            out.blit(chip_surface(card.bonus, d),
                     (round(w / 2 - d / 2), round(hh + face_h / 2 - d / 2)))
    return out


@functools.lru_cache(maxsize=384)
def _cost_disc(color_index: int, d: int) -> tuple[pygame.Surface, Color, Color | None]:
    """A cost disc `d` px across, with the ink and outline its number is drawn in."""
    fill, rim = theme.GEM_FILL[color_index], theme.GEM_RIM[color_index]
    if color_index == _BLACK_GEM:
        rim = (24, 20, 18)
    pen = _Pen(d, d, rim, k=6)
    R = d / 2
    pen.circle(rim, (R, R), R)
    pen.circle(fill, (R, R), R - max(1.1, d * 0.08))
    shine = pen.layer(WHITE)
    shine.circle((255, 255, 255, 60), (R * 0.8, R * 0.7), R * 0.62)
    mask = pen.layer(WHITE)
    mask.circle((255, 255, 255, 255), (R, R), R - max(1.1, d * 0.08))
    pen.paste(shine, mask)
    out = pen.done()
    label_ink = theme.GEM_INK[color_index]
    outline = None if color_index == _WHITE_GEM else _mix(fill, BLACK, 0.6)
    return out, label_ink, outline


def _draw_cost_disc(dst: pygame.Surface, color_index: int, d: int, amount: int,
                    center: Point) -> None:
    disc, ink, outline = _cost_disc(color_index, d)
    dst.blit(disc, (round(center[0] - d / 2), round(center[1] - d / 2)))
    _put(dst, str(amount), _px(d * 0.7), ink, center, outline=outline)


@functools.lru_cache(maxsize=64)
def _pill(value: str, px: int, fill: Color, ink: Color, h: int) -> pygame.Surface:
    tw, _ = _ink_size(value, px)
    w = tw + round(h * 0.5)
    pen = _Pen(w, h, fill, k=6)
    pen.rect(fill, (0, 0, w, h), h * 0.3)
    out = pen.done()
    _put(out, value, px, ink, (w / 2, h / 2))
    return out


@functools.lru_cache(maxsize=64)
def _tick(s: int, color: Color, disc: Color | None = None) -> pygame.Surface:
    """A tick mark `s` px square, optionally white on a coloured disc."""
    pen = _Pen(s, s, disc or color, k=6)
    if disc is not None:
        pen.circle(disc, (s / 2, s / 2), s / 2)
        pen.stroke(WHITE, _check_points(s / 2, s / 2 + s * 0.02, s * 0.62), max(1.6, s * 0.12))
    else:
        pen.stroke(color, _check_points(s / 2, s / 2, s * 0.9), max(1.6, s * 0.16))
    return pen.done()


def _art_spot(
    w: int, h: int, g: dict[str, float], top: float, rows: Sequence[tuple[float, float]]
) -> tuple[float, float, float]:
    """Centre and width of the largest gem that fits the face without touching the cost.

    `rows` are (centre y, right edge) of the cost rows. Two candidates: above the rows
    (centred) or to the right of them; a width under 16 px means no room.
    """
    f, m, cd = g["f"], g["m"], g["cd"]
    left, right, bottom = f + m * 0.5, w - f - m * 0.5, h - f - m * 0.5
    stack_top = min((y - cd / 2 for y, _ in rows), default=bottom)
    above = min((stack_top - m * 0.4 - top) / 0.78, (right - left) * 0.6, w * 0.52)
    row_right = max((x for _, x in rows), default=left) + m * 0.5
    beside = min(right - row_right, (bottom - top) / 0.78, w * 0.52)
    if above >= beside:
        return w / 2, (top + stack_top - m * 0.4) / 2, above
    return (row_right + right) / 2, (top + bottom) / 2 - (bottom - top) * 0.08, beside


@functools.lru_cache(maxsize=256)
def _card(card: Card, w: int, h: int, dimmed: bool, affordable: bool,
          rem: tuple[int, ...] | None) -> pygame.Surface:
    g = _card_metrics(w, h)
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
    sym = max(10, round(cd * 0.6))
    tick_s = max(10, round(cd * 0.62))
    pill_px, pill_h = _px(cd * 0.72), round(cd * 0.92)
    rows: list[tuple[int, int, float, float]] = []  # colour, amount, centre y, right edge
    for i, (c, amount) in enumerate(items):
        cy = h - f - m * 0.6 - (len(items) - 1 - i) * (cd + cg) - cd / 2
        right = x0 + cd + 2 + sym
        if rem is not None:
            pill = _pill(f"−{rem[c]}", pill_px, MISSING, WHITE, pill_h) if rem[c] else None
            right += 3 + (pill.get_width() if pill else tick_s)
        rows.append((c, amount, cy, right))
    art_cx, art_cy, art_s = _art_spot(w, h, g, hh + m * 0.6,
                                      [(cy, right) for _, _, cy, right in rows])
    all_paid = rem is not None and not any(rem[c] for c, _ in items)

    pen = _card_frame(w, h, g, card.bonus)
    # The illustration: a cut gem of the bonus colour (a big tick instead when all is paid).
    if art_s >= max(18.0, w * 0.24) and not all_paid:
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
        draw_symbol(out, (sx, cy), sym, c, (70, 62, 56))
        if rem is None:
            continue
        mx = sx + sym / 2 + 3
        if rem[c] > 0:
            pill = _pill(f"−{rem[c]}", pill_px, MISSING, WHITE, pill_h)
            out.blit(pill, (round(mx), round(cy - pill.get_height() / 2)))
        else:
            out.blit(_tick(tick_s, COVERED), (round(mx), round(cy - tick_s / 2)))
    if all_paid and art_s >= 16:
        big = round(min(art_s * 0.75, w * 0.36))
        out.blit(_tick(big, COVERED, COVERED), (round(art_cx - big / 2), round(art_cy - big / 2)))
    if dimmed:
        out = _dim(out)
    return _finish(out)


def _deck_numeral(level: int) -> str:
    return LEVEL_NUMERALS.get(level, str(level))


def card_back_surface(level: int, size: SizeArg, count: int | None = None) -> pygame.Surface:
    """The back of a level's deck: its colour, a lattice, a medallion and the numeral.

    `count` shows the cards left in the medallion; 0 draws an empty dashed slot instead.
    """
    w, h = _card_size(size)
    return _card_back(int(level), w, h, None if count is None else int(count))


@functools.lru_cache(maxsize=128)
def _card_back(level: int, w: int, h: int, count: int | None) -> pygame.Surface:
    col = LEVEL_COLORS.get(level, (110, 110, 110))
    dark, light = _mix(col, BLACK, 0.5), _mix(col, WHITE, 0.4)
    r = max(4.0, w * 0.075)
    if count == 0:
        pen = _Pen(w, h, light)
        pen.rect((0, 0, 0, 40), (0, 0, w, h), r)
        _dashed_outline(pen, _rgba(light, 200), (0, 0, w, h), r, max(1.5, w * 0.022))
        out = pen.done()
        _put(out, _deck_numeral(level), _px(h * 0.16), light, (w / 2, h / 2), serif=True,
             alpha=150)
        return _finish(out)
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


# --------------------------------------------------------------------------- nobles


def _shield_points(x: float, y: float, w: float, h: float) -> list[Point]:
    """A heater shield: flat top, straight sides, curving to a point."""
    pts: list[Point] = [(x, y), (x + w, y), (x + w, y + h * 0.45)]
    for i in range(1, 13):
        t = i / 12  # quadratic curve to the point
        px = (1 - t) ** 2 * (x + w) + 2 * (1 - t) * t * (x + w) + t * t * (x + w / 2)
        py = (1 - t) ** 2 * (y + h * 0.45) + 2 * (1 - t) * t * (y + h * 0.82) + t * t * (y + h)
        pts.append((px, py))
    for i in range(1, 12):
        t = i / 12
        px = (1 - t) ** 2 * (x + w / 2) + 2 * (1 - t) * t * x + t * t * x
        py = (1 - t) ** 2 * (y + h) + 2 * (1 - t) * t * (y + h * 0.82) + t * t * (y + h * 0.45)
        pts.append((px, py))
    return pts


_GOLD, _GOLD_DARK = (226, 178, 52), (128, 88, 20)


def _draw_crown(pen: _Pen, cx: float, base: float, cw: float, ch: float, line: float) -> None:
    """A crown `cw` wide standing on `base`: a band with three points topped by pearls."""
    x0 = cx - cw / 2
    crown = [(x0, base), (x0, base - ch * 0.55), (x0 + cw * 0.25, base - ch * 0.25),
             (x0 + cw * 0.5, base - ch * 0.78), (x0 + cw * 0.75, base - ch * 0.25),
             (x0 + cw, base - ch * 0.55), (x0 + cw, base)]
    pen.stroke(_GOLD_DARK, crown, line * 2, closed=True)
    pen.polygon(_GOLD, crown)
    pearl = max(1.2, ch * 0.13)
    for px, py in ((x0, base - ch * 0.55), (x0 + cw * 0.5, base - ch * 0.78),
                   (x0 + cw, base - ch * 0.55)):
        pen.circle(_GOLD_DARK, (px, py), pearl + line)
        pen.circle((250, 236, 190), (px, py), pearl)


def _draw_crest(pen: _Pen, box: Box, colours: Sequence[int]) -> None:
    """A crown over a shield parted in the noble's colours."""
    x, y, w, h = box
    gold, gold_dark = _GOLD, _GOLD_DARK
    crown_h = h * 0.22
    sw = min(w, (h - crown_h) / 1.18)
    sh = sw * 1.18
    sx = x + (w - sw) / 2
    sy = y + crown_h + (h - crown_h - sh) / 2
    _draw_crown(pen, x + w / 2, sy - crown_h * 0.08, sw * 0.7, crown_h, max(1.0, sw * 0.03))
    line = max(1.0, sw * 0.03)
    # Shield: a gold border, then stripes of the required colours.
    pen.polygon(gold_dark, _shield_points(sx - line, sy - line, sw + 2 * line, sh + 2 * line * 1.4))
    pen.polygon(gold, _shield_points(sx, sy, sw, sh))
    b = max(1.2, sw * 0.06)
    inner = _shield_points(sx + b, sy + b, sw - 2 * b, sh - 2 * b * 1.3)
    stripes = pen.layer()
    n = max(1, len(colours))
    for i, c in enumerate(colours):
        fill = theme.GEM_FILL[c]
        stripes.rect(_rgba(fill, 255), (sx + b + (sw - 2 * b) * i / n - 0.5, sy,
                                        (sw - 2 * b) / n + 1, sh))
    for i in range(1, n):
        lx = sx + b + (sw - 2 * b) * i / n
        stripes.stroke((70, 50, 20, 255), [(lx, sy), (lx, sy + sh)], max(1.0, sw * 0.025))
    mask = pen.layer(WHITE)
    mask.polygon((255, 255, 255, 255), inner)
    pen.paste(stripes, mask)
    shine = pen.layer(WHITE)
    shine.polygon((255, 255, 255, 60), [(sx, sy), (sx + sw, sy), (sx + sw, sy + sh * 0.3),
                                         (sx, sy + sh * 0.5)])
    pen.paste(shine, mask)
    # A gold boss at the fess point.
    boss = max(1.5, sw * 0.09)
    pen.circle(gold_dark, (sx + sw / 2, sy + sh * 0.42), boss + line)
    pen.circle(gold, (sx + sw / 2, sy + sh * 0.42), boss)


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
    """
    s = _square_size(size)
    prog = None if progress is None else tuple(max(0, int(n)) for n in progress[:5])
    return _noble(noble, s, prog, bool(owned))


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


# --------------------------------------------------------------------------- badges


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


# --------------------------------------------------------------------------- cache


def clear_caches() -> None:
    """Forget every cached surface (after a resize, or in tests)."""
    for fn in (symbol_surface, chip_surface, _count_badge, token_surface, _cost_disc, _pill,
               _tick, _card, _card_back, _empty_slot, _req_square, _progress_bar, _noble_metrics,
               _noble, _badge, _label):
        fn.cache_clear()
