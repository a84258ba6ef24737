"""The statistics screen: the player's record per bot level and player count, base games
first, then each Cities of Splendor module's under its name, then each other game's
(Saba) under its name, competitive games apart in each (the mouse wheel shows more when
they do not all fit)."""

from __future__ import annotations

import pygame

from splendor.engine.modules import module_ids
from splendor.games import find_game, game_ids
from splendor.i18n import tr
from splendor.storage.aside import FileProblem
from splendor.storage.stats import LEVEL_ORDER, Record, parse_key, split_key
from splendor.ui import theme, widgets
from splendor.ui.file_notes import problem_text
from splendor.ui.scenes.page import PageScene, Spot
from splendor.ui.wording import module_name


def headings() -> tuple[str, ...]:
    """The column headings, in the language in use (the table, then the numbers)."""
    return (tr("stats.column.table"), tr("stats.column.played"), tr("stats.column.won"),
            tr("stats.column.rate"), tr("stats.column.best"), tr("stats.column.fastest"),
            tr("stats.column.assisted"))


def _sort_key(key: str) -> tuple[int, int, bool, int, int]:
    level, players, module, competitive, game = parse_key(key)
    order = LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)
    return _game_order(game), _module_order(module), competitive, order, players


def _module_order(module: str | None) -> int:
    return 0 if module is None else 1 + module_ids().index(module)


def _game_order(game: str | None) -> int:
    return 0 if game is None else game_ids().index(game)


def group_heading(module: str | None, competitive: bool, game: str | None = None
                  ) -> str | None:
    """The heading above a group of tables: none for base games, 'Competitive games ...',
    a module's or another game's name, or their competitive games; in the language in
    use."""
    if module is None and game is None:
        return tr("stats.competitive") if competitive else None
    name = module_name(module) if module is not None else tr(find_game(str(game)).name_key)
    return tr("stats.module_competitive", module=name) if competitive else name


def table_name(level: str, players: int) -> str:
    """'Easy bots, 2 players', 'Humans only, 3 players', in the language in use."""
    names = {
        "humans": lambda: tr("stats.table.humans", count=players),
        "random": lambda: tr("stats.table.random", count=players),
        "greedy": lambda: tr("stats.table.greedy", count=players),
        "easy": lambda: tr("stats.table.easy", count=players),
        "medium": lambda: tr("stats.table.medium", count=players),
        "hard": lambda: tr("stats.table.hard", count=players),
        "advanced": lambda: tr("stats.table.advanced", count=players),
        "expert": lambda: tr("stats.table.expert", count=players),
        "online": lambda: tr("stats.table.online", count=players),
    }
    if level in names:
        return names[level]()
    return tr("stats.table.other", level=level.capitalize(), count=players)


def competitive_from(records: dict[str, Record]) -> int:
    """The index in `rows(records)` of the first competitive base-game table (the number
    of base-game tables if none): they come after the others, under a heading."""
    return sum(1 for key in records if not split_key(key)[2] and parse_key(key).module is None
               and parse_key(key).game is None)


def lines(records: dict[str, Record]) -> list[str | tuple[str, ...]]:
    """What the screen lists, in order: each group's heading (text) before its rows (as
    `rows` gives them)."""
    out: list[str | tuple[str, ...]] = []
    group: tuple[str | None, bool, str | None] | None = None
    for key, row in zip(sorted(records, key=_sort_key), rows(records), strict=True):
        _, _, module, competitive, game = parse_key(key)
        if (module, competitive, game) != group:
            group = (module, competitive, game)
            heading = group_heading(module, competitive, game)
            if heading is not None:
                out.append(heading)
        out.append(row)
    return out


def rows(records: dict[str, Record]) -> list[tuple[str, ...]]:
    """The table's rows as text in the language in use: base games, then each module's
    (in the order of the New game screen), competitive games after the others in each,
    weakest table first."""
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
        #: The first line shown (the mouse wheel moves it), how many the layout had room
        #: for, of how many.
        self._top = 0
        self._shown = 1
        self._count = 0
        #: As laid out: the note, the words of an empty record, the headings' places,
        #: the columns, where the lines begin, and the lines shown with their rows.
        self._note = pygame.Rect(0, 0, 0, 0)
        self._empty = pygame.Rect(0, 0, 0, 0)
        self._heads: list[pygame.Rect] = []
        self._cols: list[pygame.Rect] = []
        self._lines_top = 0
        self._placed: list[tuple[str | tuple[str, ...], pygame.Rect]] = []

    @property
    def lines(self) -> list[str | tuple[str, ...]]:
        """Headings and rows, in the language in use."""
        return lines(self.records)

    def handle_page_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            last = max(0, self._count - self._shown)
            top = max(0, min(last, self._top - event.y))
            if top != self._top:
                self._top = top
                self.relayout()

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

    def place_content(self, inner: pygame.Rect, scale: widgets.Scale) -> list[Spot]:
        """The note of what became of the file, the headings over their columns, then the
        lines from `_top` while they fit (a group's heading first when its rows are
        scrolled under it)."""
        px = scale.px
        y = inner.y
        self._note = pygame.Rect(inner.x, y, inner.width, 0)
        if self.problem:
            self._note.h = widgets.lines_height(problem_text(self.problem), scale.text(15),
                                                inner.width)
            y = self._note.bottom + px(8)
        self._empty = pygame.Rect(inner.x, y + px(40), inner.width, inner.bottom - y - px(40))
        self._heads, self._placed = [], []
        table = self.rows
        if not table:
            return []
        heads = headings()
        cols = self.columns(inner, table, heads, scale)
        head_px, value_px = scale.text(14), scale.text(17)
        head_h = max(widgets.lines_height(h.upper(), head_px, c.width, bold=True)
                     for h, c in zip(heads, cols, strict=True))
        for head, col in zip(heads, cols, strict=True):
            # Headings sit on the line above the values: short ones at the bottom.
            text_h = widgets.lines_height(head.upper(), head_px, col.width, bold=True)
            self._heads.append(pygame.Rect(col.x, y + head_h - text_h, col.width, text_h))
        self._cols = cols
        y += head_h + px(8)
        self._lines_top = y
        row_h = max(px(30), widgets.line_height(value_px) + px(4))
        shown = self.lines
        self._count = len(shown)
        self._top = max(0, min(self._top, len(shown) - 1))
        self._shown = 0
        above = next((line for line in reversed(shown[:self._top]) if isinstance(line, str)),
                     None)
        if above is not None and not isinstance(shown[self._top], str):
            self._placed.append((above, pygame.Rect(inner.x, y, inner.width, row_h)))
            y += row_h
        for line in shown[self._top:]:
            # A heading needs a row under it: none alone at the bottom.
            if y + (2 if isinstance(line, str) else 1) * row_h > inner.bottom:
                break
            self._placed.append((line, pygame.Rect(inner.x, y, inner.width, row_h)))
            y += row_h
            self._shown += 1
        self._shown = max(1, self._shown)
        return []

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        px = scale.px
        if self.problem:
            widgets.draw_lines(surface, problem_text(self.problem), scale.text(15),
                               theme.DANGER, self._note)
        if not self._heads:
            widgets.draw_lines(surface, tr("stats.empty"), scale.text(18), theme.TEXT_DIM,
                               self._empty, align="center")
            return
        for i, (head, box) in enumerate(zip(headings(), self._heads, strict=True)):
            widgets.draw_lines(surface, head.upper(), scale.text(14), theme.TEXT_DIM, box,
                               align="right" if i else "left", bold=True)
        for line, row in self._placed:
            if isinstance(line, str):
                self._draw_heading(surface, line, row, scale)
                continue
            for i, (value, col) in enumerate(zip(line, self._cols, strict=True)):
                box = pygame.Rect(col.x, row.y, col.width, row.h)
                widgets.draw_text(surface, value, scale.text(17), theme.TEXT, box,
                                  align="right" if i else "left", bold=i == 0)
        # Small arrows say that the mouse wheel shows more lines above or below.
        half = px(6)
        if self._top > 0:
            _arrow(surface, (inner.centerx, self._lines_top - px(4)), half, up=True)
        if self._top + self._shown < self._count:
            _arrow(surface, (inner.centerx, inner.bottom + px(5)), half, up=False)

    def _draw_heading(self, surface: pygame.Surface, heading: str, row: pygame.Rect,
                      scale: widgets.Scale) -> None:
        box = pygame.Rect(row.x, row.y + scale.px(6), row.w, row.h - scale.px(6))
        widgets.draw_text(surface, heading.upper(), scale.text(14), theme.ACCENT, box,
                          align="left", bold=True)


def _arrow(surface: pygame.Surface, tip: tuple[int, int], half: int, up: bool) -> None:
    """A small triangle pointing up or down, its tip at `tip`."""
    x, y = tip
    base = y + half if up else y - half
    pygame.draw.polygon(surface, theme.TEXT_DIM, [(x, y), (x - half, base), (x + half, base)])
