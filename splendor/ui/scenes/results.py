"""The end of a game: final standings, what decided the winner, Play again or Menu."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from splendor.engine import GameState
from splendor.standings import standings_dict
from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import (
    Button,
    Form,
    Scale,
    blit_center,
    crown_image,
    draw_background,
    draw_panel,
    fit_text,
    gem_image,
)

if TYPE_CHECKING:
    from splendor.ui.app import App


def join_names(names: list[str]) -> str:
    """'Ada', 'Ada and Bo', 'Ada, Bo and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One line of the standings table."""

    rank: int
    seat: int
    name: str
    points: int
    cards: int
    nobles: int
    winner: bool
    bonuses: tuple[int, ...]


def result_rows(state: GameState, info: dict[str, Any]) -> list[ResultRow]:
    """The standings with shared ranks (1, 1, 3) for seats equal on points and cards."""
    rows: list[ResultRow] = []
    previous: tuple[int, int] | None = None
    rank = 0
    for place, r in enumerate(info["standings"], 1):
        key = (r["points"], r["cards"])
        if key != previous:
            rank, previous = place, key
        bonuses = tuple(state.players[r["seat"]].bonuses)
        rows.append(
            ResultRow(rank, r["seat"], r["name"], r["points"], r["cards"], r["nobles"],
                      r["winner"], bonuses)
        )
    return rows


def headline(info: dict[str, Any]) -> str:
    winners: list[str] = info["winners"]
    if not info["finished"]:
        return "Game stopped"
    if len(winners) == 1:
        return f"{winners[0]} wins!"
    return f"{join_names(winners)} share the victory!"


def end_sentence(info: dict[str, Any], target: int) -> str:
    """How the game ended, with its length."""
    rounds = _plural(info["rounds"], "round")
    if not info["finished"]:
        return f"The game was stopped unfinished in round {info['rounds']}."
    if info["reason"] == "all_passed":
        return f"Every player had to pass in turn, so the game ended after {rounds}."
    reached = [r["name"] for r in info["standings"] if r["points"] >= target]
    who = join_names(reached) if reached else "A player"
    return (
        f"{who} reached the {target}-point target and the round was completed: "
        f"game over after {rounds}."
    )


def tie_sentence(info: dict[str, Any]) -> str | None:
    """What broke a tie for first place, or None when nobody tied on points."""
    tie = info["tie_break"]
    if tie is None:
        return None
    rows = info["standings"]
    best = max(r["points"] for r in rows)
    tied = [r for r in rows if r["points"] == best]
    winners = [r for r in tied if r["winner"]]
    losers = [r for r in tied if not r["winner"]]
    names = join_names([r["name"] for r in winners])
    own = winners[0]["cards"]
    if tie == "fewest_cards":
        others = join_names([str(r["cards"]) for r in losers])
        return (
            f"Tied on {best} points: {names} wins with fewer purchased cards "
            f"({own} vs {others})."
        )
    if not losers:
        return f"Tied on {best} points and {own} purchased cards each: the victory is shared."
    behind = "; ".join(f"{r['name']} had {r['cards']}" for r in losers)
    return (
        f"Tied on {best} points: {names} share the victory with {own} purchased cards "
        f"each ({behind})."
    )


class ResultsScene(Scene):
    """Final standings of a finished game; Play again and Menu buttons."""

    def __init__(
        self,
        state: GameState,
        on_play_again: Callable[[], None] | None,
        on_menu: Callable[[], None] | None,
        record_text: str | None = None,
    ) -> None:
        super().__init__()
        self.state = state
        #: The player's record at this table's level, from the statistics, if any.
        self.record_text = record_text
        self.info = standings_dict(state)
        self.rows = result_rows(state, self.info)
        #: The sentences the screen shows, in order: who won, how it ended, the tie-break.
        self.headline = headline(self.info)
        self.end_text = end_sentence(self.info, state.data.target_points)
        self.tie_text = tie_sentence(self.info)
        self.play_again = Button("Play again", on_play_again, style="primary",
                                 enabled=on_play_again is not None)
        self.menu = Button("Menu", on_menu, enabled=on_menu is not None)
        self.form = Form([self.menu, self.play_again])
        self._size: tuple[int, int] = (0, 0)
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._columns: list[tuple[str, pygame.Rect, str]] = []
        self._row_rects: list[pygame.Rect] = []
        self._header_y = 0
        self._lines_y: list[int] = []
        self._crown_y = 0

    @property
    def lines(self) -> list[str]:
        return [self.headline, *self._sentences()]

    def _sentences(self) -> list[str]:
        extra = [t for t in (self.tie_text, self.record_text) if t]
        return [self.end_text, *extra]

    # ----------------------------------------------------------------- lifecycle

    def enter(self, app: App) -> None:
        super().enter(app)
        self.layout(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def resume(self) -> None:
        self.play_again.pressed = self.menu.pressed = False

    # -------------------------------------------------------------------- layout

    def layout(self, size: tuple[int, int]) -> None:
        self._size = size
        sc = Scale(size)
        at = sc.at

        n = len(self.rows)
        row_h, pitch = 58, 64
        lines = 1 + len(self._sentences())
        # Vertical budget: crown, headline, sentences, table, buttons; centred as a block.
        table_h = 44 + n * pitch + 12
        block = 44 + 66 + lines * 30 + 22 + table_h + 34 + 52
        top = 360 - block / 2
        self._crown_y = at(0, top + 20, 0, 0).y
        y = top + 44 + 33
        self._lines_y = [at(0, y, 0, 0).y]
        y += 33 + 22
        for _ in range(lines - 1):
            self._lines_y.append(at(0, y, 0, 0).y)
            y += 30
        y += 22
        self._panel = at(160, y, 960, table_h)
        self._header_y = at(0, y + 24, 0, 0).y
        x = 160 + 20
        widths = [("", 64, "center"), ("Player", 290, "left"), ("Points", 110, "center"),
                  ("Cards", 100, "center"), ("Nobles", 100, "center"), ("Bonuses", 256, "center")]
        self._columns = []
        for title, cw, align in widths:
            self._columns.append((title, at(x, 0, cw, 0), align))
            x += cw
        self._row_rects = [at(160 + 10, y + 44 + i * pitch, 940, row_h) for i in range(n)]
        y += table_h + 34
        self.menu.rect = at(430, y, 190, 52)
        self.play_again.rect = at(660, y, 190, 52)
        self.menu.px = self.play_again.px = sc.text(21)

    # -------------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            focus = self.form.focus
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                (focus if isinstance(focus, Button) else self.play_again).click()
                return True
            if event.key == pygame.K_ESCAPE:
                self.menu.click()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.form.move_focus(-1 if event.key == pygame.K_LEFT else 1)
                return True
        self.form.handle_event(event)
        return True

    # ---------------------------------------------------------------------- draw

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self._size:
            self.layout(surface.get_size())
        sc = Scale(self._size)
        w, _ = self._size
        draw_background(surface)
        if self.info["finished"]:
            blit_center(surface, crown_image(sc.px(54)), (w // 2, self._crown_y))
        room = w - sc.px(60)
        head = fit_text(self.headline, sc.text(50), room, theme.ACCENT, serif=True)
        shadow = fit_text(self.headline, sc.text(50), room, theme.SHADOW, serif=True)
        shadow.set_alpha(110)
        box = head.get_rect(center=(w // 2, self._lines_y[0]))
        surface.blit(shadow, box.move(sc.px(2), sc.px(3)))
        surface.blit(head, box)
        sentences = self._sentences()
        for text, y in zip(sentences, self._lines_y[1:], strict=False):
            color = theme.ACTIVE if text is self.tie_text else theme.TEXT_DIM
            room = w - sc.px(60)
            img = fit_text(text, sc.text(19), room, color, bold=text is self.tie_text)
            blit_center(surface, img, (w // 2, y))
        self._draw_table(surface, sc)
        self.form.draw(surface)

    def _draw_table(self, surface: pygame.Surface, sc: Scale) -> None:
        draw_panel(surface, self._panel, sc.px(16), shadow=sc.px(8))
        small = sc.text(15)
        for title, col, align in self._columns:
            if not title:
                continue
            img = theme.text(title.upper(), small, theme.TEXT_DIM, bold=True)
            pos = {"center": img.get_rect(center=(col.centerx, self._header_y)),
                   "left": img.get_rect(midleft=(col.x, self._header_y))}[align]
            surface.blit(img, pos)
        for row, rect in zip(self.rows, self._row_rects, strict=True):
            self._draw_row(surface, sc, row, rect)

    def _draw_row(self, surface: pygame.Surface, sc: Scale, row: ResultRow, rect: pygame.Rect
                  ) -> None:
        radius = sc.px(10)
        if row.winner:
            pygame.draw.rect(surface, (44, 96, 74), rect, border_radius=radius)
            pygame.draw.rect(surface, theme.ACCENT, rect, width=max(2, sc.px(2)),
                             border_radius=radius)
        else:
            pygame.draw.rect(surface, (26, 64, 53), rect, border_radius=radius)
        cols = [c for _, c, _ in self._columns]
        cy = rect.centery
        ink = theme.TEXT
        # Rank, or a crown for the winners.
        if row.winner:
            blit_center(surface, crown_image(sc.px(30)), (cols[0].centerx, cy - sc.px(1)))
        else:
            blit_center(surface, theme.text(_ordinal(row.rank), sc.text(20), theme.TEXT_DIM,
                                            bold=True), (cols[0].centerx, cy))
        name = fit_text(row.name, sc.text(22), cols[1].w - sc.px(12), ink, bold=True)
        surface.blit(name, name.get_rect(midleft=(cols[1].x, cy)))
        points = theme.text(str(row.points), sc.text(30),
                            theme.ACCENT if row.winner else ink, bold=True)
        blit_center(surface, points, (cols[2].centerx, cy))
        blit_center(surface, theme.text(str(row.cards), sc.text(21), ink), (cols[3].centerx, cy))
        blit_center(surface, theme.text(str(row.nobles), sc.text(21), ink), (cols[4].centerx, cy))
        step = cols[5].w / 5
        r = sc.px(11)
        gap = sc.px(4)
        digit_w = theme.font(sc.text(17), bold=True).size("0")[0]
        for color, count in enumerate(row.bonuses):
            # Each gem and its count, centred in its fifth of the column (one digit wide).
            left = round(cols[5].x + step * (color + 0.5) - (2 * r + gap + digit_w) / 2)
            blit_center(surface, gem_image(color, r), (left + r, cy))
            num = theme.text(str(count), sc.text(17), ink if count else theme.TEXT_DIM, bold=True)
            surface.blit(num, num.get_rect(midleft=(left + 2 * r + gap, cy)))


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
