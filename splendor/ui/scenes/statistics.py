"""The statistics screen: the player's record per bot level and player count."""

from __future__ import annotations

import pygame

from splendor.storage.stats import LEVEL_ORDER, Record
from splendor.ui import theme, widgets
from splendor.ui.scenes.page import PageScene

COLUMNS = (("Table", 0.0), ("Played", 0.42), ("Won", 0.56), ("Win rate", 0.68),
           ("Best score", 0.82), ("Fastest win", 1.0))


def _sort_key(key: str) -> tuple[int, int]:
    level, players = key.split("/")
    order = LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)
    return order, int(players)


def rows(records: dict[str, Record]) -> list[tuple[str, ...]]:
    """The table's rows as text, weakest table first."""
    out: list[tuple[str, ...]] = []
    for key in sorted(records, key=_sort_key):
        r = records[key]
        level, players = key.split("/")
        who = "Humans only" if level == "humans" else f"{level.capitalize()} bots"
        rate = f"{100 * r.won / r.played:.0f}%" if r.played else "-"
        fastest = f"{r.fastest_win} rounds" if r.fastest_win is not None else "-"
        out.append((f"{who}, {players} players", str(r.played), str(r.won), rate,
                    str(r.best_score), fastest))
    return out


class StatisticsScene(PageScene):
    title = "Statistics"
    panel_size = (980, 440)

    def __init__(self, records: dict[str, Record], problem: str | None = None) -> None:
        super().__init__()
        self.rows = rows(records)
        self.problem = problem

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        px = scale.px
        y = inner.y
        if self.problem:
            note = theme.text(self.problem, scale.text(15), theme.DANGER)
            surface.blit(note, (inner.x, y))
            y += px(30)
        if not self.rows:
            empty = theme.text("No games yet: play against the bots and your record "
                               "appears here.", scale.text(18), theme.TEXT_DIM)
            surface.blit(empty, empty.get_rect(midtop=(inner.centerx, y + px(40))))
            return
        for i, (label, frac) in enumerate(COLUMNS):
            image = theme.text(label.upper(), scale.text(14), theme.TEXT_DIM, bold=True)
            x = inner.x + round(frac * inner.width)
            surface.blit(image, image.get_rect(topright=(x, y)) if i else (x, y))
        y += px(32)
        for row in self.rows[:12]:
            for i, (value, (_, frac)) in enumerate(zip(row, COLUMNS, strict=True)):
                image = theme.text(value, scale.text(17), theme.TEXT, bold=i == 0)
                x = inner.x + round(frac * inner.width)
                surface.blit(image, image.get_rect(topright=(x, y)) if i else (x, y))
            y += px(30)
