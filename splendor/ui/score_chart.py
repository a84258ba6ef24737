"""The results' chart: each player's points round by round (`session.score_rounds`).

A line per player in its own colour and marker (so it reads in greyscale too), the
points that end the game as a dashed line, the rounds along the bottom. The standings
beside it are its legend: each row begins with its player's line (`draw_seat_sample`).
The rectangles are computed by `chart_layout` (on layout, not while drawing); drawing
only reads them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from splendor.i18n import tr
from splendor.session.score_rounds import ScoreRounds
from splendor.ui import theme
from splendor.ui.theme import Color
from splendor.ui.widgets import draw_lines, draw_text, line_height, lines_height

#: A colour per seat, chosen apart from each other and from the panel's green.
SEAT_INKS: tuple[Color, ...] = ((240, 196, 80), (120, 186, 255), (244, 128, 112),
                                (196, 150, 240))
#: A marker per seat: the lines stay apart in greyscale.
MARKERS = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class ChartLayout:
    """Where the chart's parts go inside its box."""

    box: pygame.Rect
    title: pygame.Rect
    plot: pygame.Rect
    axis_label: pygame.Rect
    text_px: int
    px: Callable[[float], int]


def chart_layout(box: pygame.Rect, px: Callable[[float], int], text_px: int,
                 numbers_w: int | None = None) -> ChartLayout:
    """The chart's title (on two lines if it needs them), plot and axis label in `box`, in
    the language in use; `numbers_w`: the room for the numbers at the left (as another
    chart's, to line the plots up)."""
    line = line_height(text_px)
    pad = px(10)
    title_h = lines_height(tr("results.chart.title"), text_px, box.w - 2 * pad, bold=True)
    title = pygame.Rect(box.x + pad, box.y + px(6), box.w - 2 * pad, title_h)
    axis_label = pygame.Rect(box.x + pad, box.bottom - px(6) - line, box.w - 2 * pad, line)
    numbers_w = max(numbers_w or 0, theme.font(text_px).size("00")[0] + px(8))
    plot_top = title.bottom + px(10)
    plot = pygame.Rect(box.x + pad + numbers_w, plot_top, box.w - 2 * pad - numbers_w - px(8),
                       axis_label.y - line - px(4) - plot_top)
    return ChartLayout(box, title, plot, axis_label, text_px, px)


def draw_marker(surface: pygame.Surface, shape: str, center: tuple[float, float], r: float,
            color: Color) -> None:
    x, y = center
    if shape == "circle":
        pygame.draw.circle(surface, color, (round(x), round(y)), round(r))
        return
    if shape == "square":
        pygame.draw.rect(surface, color, pygame.Rect(round(x - r), round(y - r),
                                                     round(2 * r), round(2 * r)))
        return
    if shape == "triangle":
        points = [(x, y - 1.2 * r), (x + 1.1 * r, y + 0.8 * r), (x - 1.1 * r, y + 0.8 * r)]
    else:
        points = [(x, y - 1.3 * r), (x + 1.1 * r, y), (x, y + 1.3 * r), (x - 1.1 * r, y)]
    pygame.draw.polygon(surface, color, points)


def _step(top: int, room: int, at_least: int) -> int:
    """A tick step (1, 2, 5, 10, 20...) that puts ticks at least `at_least` px apart."""
    for step in (1, 2, 5, 10, 20, 50, 100):
        if top <= 0 or room * step / top >= at_least:
            return step
    return 100


def _dashed(surface: pygame.Surface, color: Color, y: int, x0: int, x1: int, dash: int,
            width: int) -> None:
    x = x0
    while x < x1:
        pygame.draw.line(surface, color, (x, y), (min(x + dash, x1), y), width)
        x += 2 * dash


def draw_seat_sample(surface: pygame.Surface, seat: int, rect: pygame.Rect,
                     px: Callable[[float], int]) -> None:
    """A seat's line and marker as the chart draws them, across `rect` (the legend)."""
    ink = SEAT_INKS[seat % len(SEAT_INKS)]
    cy = rect.centery
    pygame.draw.line(surface, ink, (rect.x, cy), (rect.right, cy), max(2, px(3)))
    draw_marker(surface, MARKERS[seat % len(MARKERS)], (rect.centerx, cy), max(3, px(5)), ink)


def draw_score_chart(surface: pygame.Surface, lay: ChartLayout, scores: ScoreRounds) -> None:
    """The chart in the rectangles of `lay`."""
    px, size = lay.px, lay.text_px
    pygame.draw.rect(surface, theme.TABLE_DARK, lay.box, border_radius=px(10))
    draw_lines(surface, tr("results.chart.title"), size, theme.TEXT_DIM, lay.title, bold=True)
    plot = lay.plot
    top = max(scores.target, scores.top)
    last = max(1, scores.rounds[-1])

    def at(round_: float, points: float) -> tuple[float, float]:
        return (plot.x + plot.w * round_ / last, plot.bottom - plot.h * points / top)

    # The points: a line every few, the target dashed in gold.
    line = line_height(size)
    step = _step(top, plot.h, 2 * line + px(4))
    for value in range(0, top + 1, step):
        y = round(at(0, value)[1])
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, y), (plot.right, y), 1)
        draw_text(surface, str(value), size, theme.TEXT_DIM,
                  pygame.Rect(lay.box.x, y - line // 2, plot.x - px(6) - lay.box.x, line),
                  align="right")
    target_y = round(at(0, scores.target)[1])
    _dashed(surface, theme.ACCENT, target_y, plot.x, plot.right, px(6), max(1, px(2)))
    # The rounds along the bottom.
    numbers_w = theme.font(size).size("00")[0]
    round_step = _step(last, plot.w, numbers_w + px(14))
    for value in range(0, last + 1, round_step):
        x = round(at(value, 0)[0])
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, plot.bottom), (x, plot.bottom + px(4)), 1)
        draw_text(surface, str(value), size, theme.TEXT_DIM,
                  pygame.Rect(x - numbers_w, plot.bottom + px(4), 2 * numbers_w, line))
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright, 1)
    draw_text(surface, tr("results.chart.rounds"), size, theme.TEXT_DIM, lay.axis_label)
    # A line per player, a hair apart when they run together, a marker at the end (and
    # at every round while there are few).
    width = max(2, px(3))
    n = scores.players
    r = max(3, px(4))
    for seat in range(n):
        ink = SEAT_INKS[seat % len(SEAT_INKS)]
        shift = (seat - (n - 1) / 2) * width * 0.7
        points = [(x, y + shift) for x, y in
                  (at(rnd, p) for rnd, p in zip(scores.rounds, scores.points[seat], strict=True))]
        if len(points) > 1:
            pygame.draw.lines(surface, ink, False, points, width)
        every = math.ceil(len(points) / 12)
        for i, point in enumerate(points):
            if i == len(points) - 1 or (i % every == 0 and i):
                draw_marker(surface, MARKERS[seat % len(MARKERS)], point, r, ink)
