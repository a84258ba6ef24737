"""Outlines: rounded-rectangle paths, dashes and tick marks."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from splendor.ui.art.palette import Box, Point
from splendor.ui.art.pen import _Pen


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
