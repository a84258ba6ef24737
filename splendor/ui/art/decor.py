"""Shared decoration: the sheen on a coloured band and a cut gem illustration."""

from __future__ import annotations

from splendor.ui.art.palette import WHITE, Box, Color, _mix
from splendor.ui.art.pen import _Pen


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
