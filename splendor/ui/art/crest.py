"""A noble's heraldry: the shield parted in its colours and the crown."""

from __future__ import annotations

from collections.abc import Sequence

from splendor.ui import theme
from splendor.ui.art.palette import WHITE, Box, Point, _rgba
from splendor.ui.art.pen import _Pen


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
