"""The expert's chance-to-win curve (`session.analysis`): a line per judged seat in its
seat's colour and marker (as the points chart draws it), the marked moves as dots one can
click, in their seat's colour and bigger as the mark is worse, by rounds along the bottom
so that it lines up with the points chart. On the results, a legend under it names each
line and each size of dot.

`chance_layout` places everything (on layout, never while drawing), the curve's points,
the dots (dots that would meet, as two marked moves of one turn do, set apart in a row:
`spread_dots`) and the legend included; `draw_chance_chart` only reads them; `dot_at` and
`position_at` answer a click.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from splendor.i18n import tr
from splendor.session.analysis import LABELS, GameAnalysis, MoveAnalysis
from splendor.ui import theme
from splendor.ui.analysis_words import label_name, percent
from splendor.ui.score_chart import MARKERS, SEAT_INKS, draw_marker, draw_seat_sample
from splendor.ui.theme import Color
from splendor.ui.widgets import draw_lines, draw_text, line_height, lines_height

#: A mark's colour in words (the review's line naming it): yellow, orange, red.
LABEL_INKS: dict[str, Color] = {"inaccuracy": (250, 222, 110), "mistake": (250, 150, 64),
                                "blunder": (236, 64, 64)}
#: A marked move's dot radius (design px), by its label: bigger as it gets worse (its
#: colour is its seat's).
DOT_SIZES = {"inaccuracy": 3.5, "mistake": 5.0, "blunder": 7.0}


@dataclass(frozen=True)
class LegendItem:
    """One entry of the curve's legend: a seat's line (`seat`) or a mark's dot (`label`),
    its sample and its words."""

    seat: int | None
    label: str
    sample: pygame.Rect
    text: str
    words: pygame.Rect


def position_rounds(rounds: Sequence[int]) -> tuple[float, ...]:
    """Where each position of a game (0: the deal .. len(rounds): the end) sits along a
    rounds axis, from each action's round (1 first): a round's actions share it evenly,
    so the end of round r is at r, as on the points chart."""
    if not rounds:
        return (0.0,)
    xs: list[float] = []
    start = 0
    while start < len(rounds):
        end = start
        while end < len(rounds) and rounds[end] == rounds[start]:
            end += 1
        count = end - start
        xs += [rounds[start] - 1 + k / count for k in range(count)]
        start = end
    xs.append(float(rounds[-1]))
    return tuple(xs)


@dataclass(frozen=True)
class ChanceLayout:
    """Where the curve's parts go, and its lines and dots in window pixels."""

    box: pygame.Rect
    title: pygame.Rect
    plot: pygame.Rect
    #: The rounds' label under the plot (empty when compact: no axis words).
    axis_label: pygame.Rect
    text_px: int
    px: Callable[[float], int]
    compact: bool
    #: Each position's x in pixels (0: the deal .. the end).
    xs: tuple[int, ...]
    #: The last round (the axis' end).
    last: int
    #: Each judged seat's line: (seat, points).
    lines: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    #: The marked moves and where their dots are.
    dots: tuple[tuple[MoveAnalysis, tuple[int, int]], ...]
    #: The keys that go from dot to dot, said under the plot ('' and empty: none).
    keys: str
    keys_box: pygame.Rect
    #: The legend under the plot, in place of the axis' words (the results').
    legend: tuple[LegendItem, ...] = ()


def chance_numbers_w(px: Callable[[float], int], text_px: int) -> int:
    """The room for the percentages at the left of the plot (the points chart above
    takes as much, so that the plots line up)."""
    return theme.font(text_px).size(percent(1.0))[0] + px(8)


def legend_items(box: pygame.Rect, px: Callable[[float], int], text_px: int,
                 seats: Sequence[tuple[int, str]]) -> tuple[LegendItem, ...]:
    """The legend in rows from the top of `box`: each seat's line with its name, then
    'Marked moves:' and a dot of each mark, smallest first, with its name; in one row
    where it fits, else the marks from a row of their own (without 'Marked moves:' if
    that makes them need another row; more rows as the width asks)."""
    line = line_height(text_px)
    font = theme.font(text_px)
    Entry = tuple[int | None, str, int, str]  # seat, label, sample width, words
    lines: list[Entry] = [(seat, "", px(24), name) for seat, name in seats]
    marks: list[Entry] = [(None, "", 0, tr("analysis.legend"))]
    marks += [(None, label, 2 * (max(3, px(DOT_SIZES[label])) + 2), label_name(label))
              for label in reversed(LABELS)]
    groups = [lines, marks]

    def width(entry: Entry) -> int:
        gap = px(5) if entry[2] else 0
        return entry[2] + gap + min(font.size(entry[3])[0], box.w - entry[2] - gap)

    def row_w(entries: list[Entry]) -> int:
        return sum(width(e) for e in entries) + px(14) * (len(entries) - 1)

    one_row = row_w(groups[0] + groups[1]) <= box.w
    if not one_row and row_w(groups[1]) > box.w:
        groups[1] = groups[1][1:]
    items = []
    x, y = box.x, box.y
    for n, group in enumerate(groups):
        if n and not one_row:
            x, y = box.x, y + line + px(2)
        for entry in group:
            seat, label, sample_w, text = entry
            if x > box.x and x + width(entry) > box.right:
                x, y = box.x, y + line + px(2)
            sample = pygame.Rect(x, y, sample_w, line)
            words_x = sample.right + (px(5) if sample_w else 0)
            items.append(LegendItem(seat, label, sample, text, pygame.Rect(
                words_x, y, width(entry) - (words_x - x), line)))
            x += width(entry) + px(14)
    return tuple(items)


def chance_layout(box: pygame.Rect, px: Callable[[float], int], text_px: int,
                  analysis: GameAnalysis, rounds: Sequence[int], *,
                  compact: bool = False, keys: str = "",
                  names: Sequence[str] | None = None) -> ChanceLayout:
    """The curve of `analysis` in `box` for a game whose actions were in `rounds`; compact:
    the title alone, no axis words, and `keys` (the keys that go from dot to dot, if
    any) under the plot (the review's panel); `names` (each seat's): a legend at the
    bottom in place of the axis' words (the results', under the points chart and its
    own axis)."""
    line = line_height(text_px)
    pad = px(8) if compact else px(10)
    title_h = line if compact else lines_height(tr("analysis.chart"), text_px,
                                                box.w - 2 * pad, bold=True)
    title = pygame.Rect(box.x + pad, box.y + px(4), box.w - 2 * pad, title_h)
    keys_box = pygame.Rect(box.x + pad, box.bottom, box.w - 2 * pad, 0)
    if compact:
        if keys:
            keys_h = lines_height(keys, text_px, keys_box.w)
            keys_box = pygame.Rect(keys_box.x, box.bottom - px(6) - keys_h, keys_box.w, keys_h)
        axis_label = pygame.Rect(box.x, box.bottom, 0, 0)
        plot = pygame.Rect(box.x + pad, title.bottom + px(6), box.w - 2 * pad,
                           keys_box.y - px(8) - title.bottom - px(6))
    legend: tuple[LegendItem, ...] = ()
    if not compact and names is not None:
        room = pygame.Rect(box.x + pad, 0, box.w - 2 * pad, 0)
        seats = [(seat, names[seat] if seat < len(names) else "") for seat in analysis.seats]
        legend = legend_items(room, px, text_px, seats)
        top = box.bottom - px(6) - (legend[-1].sample.bottom if legend else 0)
        legend = tuple(LegendItem(i.seat, i.label, i.sample.move(0, top), i.text,
                                  i.words.move(0, top)) for i in legend)
        # No axis words: the legend has their room (the points chart above says them).
        axis_label = pygame.Rect(box.x + pad, top - px(4), 0, 0)
    elif not compact:
        axis_label = pygame.Rect(box.x + pad, box.bottom - px(6) - line, box.w - 2 * pad, line)
    if not compact:
        numbers_w = chance_numbers_w(px, text_px)
        top = title.bottom + px(10)
        plot = pygame.Rect(box.x + pad + numbers_w, top, box.w - 2 * pad - numbers_w - px(8),
                           axis_label.y - line - px(4) - top)
    axis = position_rounds(rounds)
    last = max(1, round(axis[-1]))
    xs = tuple(plot.x + round(plot.w * x / last) for x in axis)

    def y(chance: float) -> int:
        return plot.bottom - round(plot.h * chance)

    lines = []
    for seat in analysis.seats:
        points = tuple((xs[min(i, len(xs) - 1)], y(c)) for i, c in analysis.curve(seat))
        lines.append((seat, points))
    marked = analysis.marked()
    dots = tuple(zip(marked, spread_dots(
        [(xs[min(m.index, len(xs) - 1)], y(m.before)) for m in marked], dot_gap(px),
        plot.x, plot.right), strict=True))
    return ChanceLayout(box, title, plot, axis_label, text_px, px, compact, xs, last,
                        tuple(lines), dots, keys if compact else "", keys_box, legend)


def dot_gap(px: Callable[[float], int]) -> int:
    """The least distance between two dots' centres: the biggest dots with their rings
    and edges, and a gap between them."""
    return 2 * (max(3, px(DOT_SIZES["blunder"])) + 2) + max(2, px(3))


def spread_dots(points: Sequence[tuple[int, int]], gap: int, left: int, right: int
                ) -> list[tuple[int, int]]:
    """The dots at `points` (in game order), those that would lie closer than `gap`
    moved apart along the rounds, each its own place to click: two marked moves of one
    turn (a main action and a module's step, or both players' decisions at one chance)
    fall on one spot of the curve. Dots that meet are placed as a row, in game order,
    `gap` apart and centred where they belong (within `left`..`right`), as close to
    their moves as the row allows; their height, the chance, stays."""
    groups = [[i] for i in range(len(points))]
    while True:
        xs = _placed(groups, points, gap, left, right)
        meet = _meeting(groups, xs, points, gap)
        if meet is None:
            return [(xs[i], points[i][1]) for i in range(len(points))]
        a, b = meet
        groups[a] = sorted(groups[a] + groups[b])
        del groups[b]


def _placed(groups: list[list[int]], points: Sequence[tuple[int, int]], gap: int,
            left: int, right: int) -> dict[int, int]:
    """Each dot's x: every group a row `gap` apart (closer if the plot is too narrow),
    centred on its dots' own xs and kept within the plot."""
    xs: dict[int, int] = {}
    for group in groups:
        step = gap if len(group) == 1 or (len(group) - 1) * gap <= right - left \
            else (right - left) / (len(group) - 1)
        span = (len(group) - 1) * step
        centre = sum(points[i][0] for i in group) / len(group)
        start = max(left, min(centre - span / 2, right - span))
        for k, i in enumerate(group):
            xs[i] = round(start + k * step)
    return xs


def _meeting(groups: list[list[int]], xs: dict[int, int],
             points: Sequence[tuple[int, int]], gap: int) -> tuple[int, int] | None:
    """Two groups (their places in `groups`, the first lower) with dots closer than
    `gap`, or None."""
    group_of = {i: g for g, group in enumerate(groups) for i in group}
    order = sorted(xs, key=lambda i: xs[i])
    for n, i in enumerate(order):
        for j in order[n + 1:]:
            if xs[j] - xs[i] >= gap:
                break
            if group_of[i] != group_of[j] and \
                    math.hypot(xs[j] - xs[i], points[j][1] - points[i][1]) < gap:
                return min(group_of[i], group_of[j]), max(group_of[i], group_of[j])
    return None


def dot_at(lay: ChanceLayout, pos: tuple[int, int]) -> MoveAnalysis | None:
    """The marked move whose dot is under `pos` (the nearest within reach), or None."""
    reach = max(8, lay.px(11))
    near = [(abs(x - pos[0]) + abs(y - pos[1]), m) for m, (x, y) in lay.dots
            if abs(x - pos[0]) <= reach and abs(y - pos[1]) <= reach]
    return min(near, key=lambda pair: pair[0])[1] if near else None


def position_at(lay: ChanceLayout, x: int) -> int:
    """The position of the game nearest to `x` along the curve."""
    return min(range(len(lay.xs)), key=lambda p: abs(lay.xs[p] - x))


def draw_chance_chart(surface: pygame.Surface, lay: ChanceLayout,
                      position: int | None = None, selected: int | None = None) -> None:
    """The curve in the rectangles of `lay`; `position`: the review's position (a line
    across, through the dot of the move shown if it has one), `selected`: the record
    index of the move shown (its dot ringed)."""
    px, size = lay.px, lay.text_px
    plot = lay.plot
    pygame.draw.rect(surface, theme.TABLE_DARK if not lay.compact else theme.PANEL, lay.box,
                     border_radius=px(10 if not lay.compact else 8))
    if lay.compact:
        draw_text(surface, tr("analysis.chart"), size, theme.TEXT_DIM, lay.title, align="left",
                  bold=True)
    else:
        draw_lines(surface, tr("analysis.chart"), size, theme.TEXT_DIM, lay.title, bold=True)
    line = line_height(size)
    for chance in (0.0, 0.5, 1.0):
        y = plot.bottom - round(plot.h * chance)
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, y), (plot.right, y), 1)
        if not lay.compact:
            draw_text(surface, percent(chance), size, theme.TEXT_DIM,
                      pygame.Rect(lay.box.x, y - line // 2, plot.x - px(6) - lay.box.x, line),
                      align="right")
    if not lay.compact:
        _round_ticks(surface, lay)
    if lay.keys:
        draw_lines(surface, lay.keys, size, theme.TEXT_DIM, lay.keys_box)
    if position is not None and 0 <= position < len(lay.xs):
        # At a marked move, through its dot (set apart from a neighbour's, maybe).
        x = next((center[0] for move, center in lay.dots if move.index == selected),
                 lay.xs[position])
        pygame.draw.line(surface, theme.ACTIVE, (x, plot.y - px(2)), (x, plot.bottom + px(2)),
                         max(1, px(2)))
    width = max(2, px(2 if lay.compact else 3))
    for seat, points in lay.lines:
        ink = SEAT_INKS[seat % len(SEAT_INKS)]
        if len(points) > 1:
            pygame.draw.lines(surface, ink, False, points, width)
        if points:
            draw_marker(surface, MARKERS[seat % len(MARKERS)], points[-1], max(3, px(4)), ink)
    # The selected dot ringed in white on a dark edge, under its neighbours: beside it
    # (two marked moves of one turn) each keeps its whole dot.
    for move, center in lay.dots:
        if move.index == selected:
            ring = max(3, px(DOT_SIZES[move.label])) + max(4, px(6))
            pygame.draw.circle(surface, theme.INK, center, ring + max(1, px(1)))
            pygame.draw.circle(surface, theme.TEXT, center, ring, max(2, px(3)))
    for move, center in lay.dots:
        _dot(surface, center, max(3, px(DOT_SIZES[move.label])),
             SEAT_INKS[move.seat % len(SEAT_INKS)])
    for item in lay.legend:
        if item.seat is not None:
            draw_seat_sample(surface, item.seat, item.sample, px)
        elif item.label:
            _dot(surface, item.sample.center, max(3, px(DOT_SIZES[item.label])),
                 theme.PANEL_EDGE)
        draw_text(surface, item.text, size, theme.TEXT_DIM, item.words, align="left")


def _dot(surface: pygame.Surface, center: tuple[int, int], r: int, ink: Color) -> None:
    """A marked move's dot: its seat's colour in a light ring on a dark edge, apart from
    the line it sits on."""
    pygame.draw.circle(surface, theme.INK, center, r + 2)
    pygame.draw.circle(surface, theme.TEXT, center, r + 1)
    pygame.draw.circle(surface, ink, center, r)


def _round_ticks(surface: pygame.Surface, lay: ChanceLayout) -> None:
    px, size, plot = lay.px, lay.text_px, lay.plot
    line = line_height(size)
    numbers_w = theme.font(size).size("00")[0]
    step = next((s for s in (1, 2, 5, 10, 20, 50)
                 if plot.w * s / lay.last >= numbers_w + px(14)), 100)
    for value in range(0, lay.last + 1, step):
        x = plot.x + round(plot.w * value / lay.last)
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, plot.bottom), (x, plot.bottom + px(4)), 1)
        draw_text(surface, str(value), size, theme.TEXT_DIM,
                  pygame.Rect(x - numbers_w, plot.bottom + px(4), 2 * numbers_w, line))
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright, 1)
    if lay.axis_label.w:  # else the legend has its room (the points chart says it)
        draw_text(surface, tr("analysis.rounds"), size, theme.TEXT_DIM, lay.axis_label)
