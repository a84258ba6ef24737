"""The statistics screen: the player's record per bot level and player count."""

from __future__ import annotations

import pygame

from splendor.i18n import tr
from splendor.storage.aside import FileProblem
from splendor.storage.stats import LEVEL_ORDER, Record, split_key
from splendor.ui import theme, widgets
from splendor.ui.file_notes import problem_text
from splendor.ui.scenes.page import PageScene

#: At most this many tables are listed.
MAX_ROWS = 12


def headings() -> tuple[str, ...]:
    """The column headings, in the language in use (the table, then the numbers)."""
    return (tr("stats.column.table"), tr("stats.column.played"), tr("stats.column.won"),
            tr("stats.column.rate"), tr("stats.column.best"), tr("stats.column.fastest"),
            tr("stats.column.assisted"))


def _sort_key(key: str) -> tuple[bool, int, int]:
    level, players, competitive = split_key(key)
    order = LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)
    return competitive, order, players


def table_name(level: str, players: int) -> str:
    """'Easy bots, 2 players', 'Humans only, 3 players', in the language in use."""
    names = {
        "humans": lambda: tr("stats.table.humans", count=players),
        "random": lambda: tr("stats.table.random", count=players),
        "greedy": lambda: tr("stats.table.greedy", count=players),
        "easy": lambda: tr("stats.table.easy", count=players),
        "medium": lambda: tr("stats.table.medium", count=players),
        "hard": lambda: tr("stats.table.hard", count=players),
        "expert": lambda: tr("stats.table.expert", count=players),
    }
    if level in names:
        return names[level]()
    return tr("stats.table.other", level=level.capitalize(), count=players)


def competitive_from(records: dict[str, Record]) -> int:
    """The index in `rows(records)` of the first competitive table (the length if none):
    they come last, under a heading of their own."""
    return sum(1 for key in records if not split_key(key)[2])


def rows(records: dict[str, Record]) -> list[tuple[str, ...]]:
    """The table's rows as text in the language in use, weakest table first, competitive
    games after the others."""
    out: list[tuple[str, ...]] = []
    for key in sorted(records, key=_sort_key):
        r = records[key]
        level, players, _ = split_key(key)
        none = tr("stats.none")
        rate = tr("stats.rate", percent=f"{100 * r.won / r.played:.0f}") if r.played else none
        fastest = tr("stats.rounds", count=r.fastest_win) if r.fastest_win is not None \
            else none
        out.append((table_name(level, players), str(r.played), str(r.won), rate,
                    str(r.best_score), fastest, str(r.assisted)))
    return out


class StatisticsScene(PageScene):
    title_key = "stats.title"
    panel_size = (1120, 440)

    def __init__(self, records: dict[str, Record], problem: FileProblem | None = None
                 ) -> None:
        super().__init__()
        self.records = records
        #: What became of the statistics file when it could not be used, or None.
        self.problem = problem

    @property
    def rows(self) -> list[tuple[str, ...]]:
        """The rows shown, in the language in use."""
        return rows(self.records)

    def columns(self, inner: pygame.Rect, table: list[tuple[str, ...]], heads: tuple[str, ...],
                scale: widgets.Scale) -> list[pygame.Rect]:
        """Each column's left and width (as rects of height 0): the numbers get the room
        their widest value and the longest word of their heading need, spread evenly when
        there is more; the table names take the rest."""
        px = scale.px
        gap = px(16)
        value_px, head_px = scale.text(17), scale.text(14)
        needs = []
        for i, head in enumerate(heads[1:], start=1):
            word = max((theme.text(w, head_px, bold=True).get_width()
                        for w in head.upper().split()), default=0)
            value = max((theme.text(row[i], value_px).get_width() for row in table), default=0)
            needs.append(max(word, value, px(60)) + gap)
        first_need = max((theme.text(row[0], value_px, bold=True).get_width()
                          for row in table), default=0) + gap
        room = inner.width - first_need
        if room > sum(needs):
            # The room the names do not need evens out the narrowest number columns.
            share = room // len(needs)
            while sum(max(n, share) for n in needs) > room:
                share -= 1
            needs = [max(n, share) for n in needs]
        first = max(px(60), inner.width - sum(needs))
        rects = [pygame.Rect(inner.x, inner.y, first - gap, 0)]
        x = inner.x + first
        for need in needs:
            rects.append(pygame.Rect(x, inner.y, need - gap, 0))
            x += need
        # Rounding leftovers go to the last column, which ends at the panel's edge.
        rects[-1].width = inner.right - rects[-1].x
        return rects

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        px = scale.px
        y = inner.y
        if self.problem:
            box = pygame.Rect(inner.x, y, inner.width, inner.bottom - y)
            y = widgets.draw_lines(surface, problem_text(self.problem),
                                   scale.text(15), theme.DANGER, box) + px(8)
        table = self.rows
        if not table:
            box = pygame.Rect(inner.x, y + px(40), inner.width, inner.bottom - y - px(40))
            widgets.draw_lines(surface, tr("stats.empty"), scale.text(18), theme.TEXT_DIM, box,
                               align="center")
            return
        heads = headings()
        cols = self.columns(inner, table, heads, scale)
        head_px, value_px = scale.text(14), scale.text(17)
        head_h = max(widgets.lines_height(h.upper(), head_px, c.width, bold=True)
                     for h, c in zip(heads, cols, strict=True))
        for i, (head, col) in enumerate(zip(heads, cols, strict=True)):
            # Headings sit on the line above the values: short ones at the bottom.
            text_h = widgets.lines_height(head.upper(), head_px, col.width, bold=True)
            box = pygame.Rect(col.x, y + head_h - text_h, col.width, text_h)
            widgets.draw_lines(surface, head.upper(), head_px, theme.TEXT_DIM, box,
                               align="right" if i else "left", bold=True)
        y += head_h + px(8)
        row_h = max(px(30), widgets.line_height(value_px) + px(4))
        first_competitive = competitive_from(self.records)
        for index, row in enumerate(table[:MAX_ROWS]):
            if index == first_competitive:
                if y + 2 * row_h > inner.bottom:
                    break
                box = pygame.Rect(inner.x, y + px(6), inner.width, row_h - px(6))
                widgets.draw_text(surface, tr("stats.competitive").upper(), head_px,
                                  theme.ACCENT, box, align="left", bold=True)
                y += row_h
            if y + row_h > inner.bottom:
                break
            for i, (value, col) in enumerate(zip(row, cols, strict=True)):
                box = pygame.Rect(col.x, y, col.width, row_h)
                widgets.draw_text(surface, value, value_px, theme.TEXT, box,
                                  align="right" if i else "left", bold=i == 0)
            y += row_h
