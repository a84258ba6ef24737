"""A card's layout metrics, frame (outline, band, face) and affordable ring."""

from __future__ import annotations

from collections.abc import Sequence

from splendor.ui import theme
from splendor.ui.art.decor import _sheen
from splendor.ui.art.palette import _WHITE_GEM, AFFORDABLE, BLACK, WHITE, Color, _mix
from splendor.ui.art.pen import _Pen


def _band_colors(bonus: int) -> tuple[Color, Color, Color]:
    """(band, edge, face) colours for a card of this bonus colour."""
    fill = theme.GEM_FILL[bonus]
    if bonus == _WHITE_GEM:
        return (226, 228, 236), (112, 114, 126), (250, 247, 238)
    return fill, _mix(fill, BLACK, 0.5), _mix(theme.CARD_FACE, fill, 0.07)


def _card_metrics(w: int, h: int) -> dict[str, float]:
    """Where things go on a card of this size (shared by every card so rows line up)."""
    r = max(4.0, w * 0.075)
    o = max(1.0, w * 0.012)  # dark outline
    f = max(2.5, w * 0.04)  # coloured frame
    m = max(3.0, w * 0.06)  # content margin
    cd = max(17.0, round(h * 0.155))  # cost disc diameter: read at a glance
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
    """The "you can buy it now" ring: sky blue with a light inner line."""
    w, h = pen.w, pen.h
    ring = max(3.0, w * 0.045)
    pen.ring(AFFORDABLE, (0, 0, w, h), r, ring)
    pen.ring((232, 248, 255), (ring, ring, w - 2 * ring, h - 2 * ring), r - ring,
             max(1.0, ring * 0.35))


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
