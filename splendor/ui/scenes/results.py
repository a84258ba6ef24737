"""The end of a game: final standings, what decided the winner, Play again or Menu."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from splendor.i18n import has, tr
from splendor.session.results import FinalResult
from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import (
    Button,
    Form,
    Scale,
    blit_center,
    crown_image,
    draw_background,
    draw_lines,
    draw_panel,
    draw_text,
    fit_text,
    gem_image,
    lines_height,
)
from splendor.ui.wording import join

if TYPE_CHECKING:
    from splendor.ui.app import App


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


def result_rows(result: FinalResult) -> list[ResultRow]:
    """The standings with shared ranks (1, 1, 3) for seats equal on points and cards."""
    rows: list[ResultRow] = []
    previous: tuple[int, int] | None = None
    rank = 0
    for place, r in enumerate(result.info["standings"], 1):
        key = (r["points"], r["cards"])
        if key != previous:
            rank, previous = place, key
        bonuses = result.bonuses[r["seat"]]
        rows.append(
            ResultRow(rank, r["seat"], r["name"], r["points"], r["cards"], r["nobles"],
                      r["winner"], bonuses)
        )
    return rows


def headline(info: dict[str, Any]) -> str:
    """Who won, in the language in use."""
    winners: list[str] = info["winners"]
    if not info["finished"]:
        return tr("results.headline.stopped")
    if len(winners) == 1:
        return tr("results.headline.wins", name=winners[0])
    return tr("results.headline.shared", names=join(winners))


def end_sentence(info: dict[str, Any], target: int) -> str:
    """How the game ended, with its length."""
    rounds = info["rounds"]
    if not info["finished"]:
        return tr("results.end.stopped", round=rounds)
    if info["reason"] == "all_passed":
        return tr("results.end.all_passed", count=rounds)
    reached = [r["name"] for r in info["standings"] if r["points"] >= target]
    who = join(reached) if reached else tr("results.end.someone")
    return tr("results.end.target", count=rounds, names=who, target=target)


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
    names = join([r["name"] for r in winners])
    own = winners[0]["cards"]
    if tie == "fewest_cards":
        others = join([str(r["cards"]) for r in losers])
        return tr("results.tie.fewer_cards", points=best, name=names, cards=own, others=others)
    if not losers:
        return tr("results.tie.shared", points=best, cards=own)
    behind = tr("results.tie.had_separator").join(
        tr("results.tie.had", name=r["name"], cards=r["cards"]) for r in losers)
    return tr("results.tie.shared_some", points=best, names=names, cards=own, behind=behind)


def place_text(rank: int) -> str:
    """A place in the standings: '1st', '2nd' (results.place in the language in use)."""
    key = f"results.place.{rank}"
    return tr(key) if has(key) else str(rank)


class ResultsScene(Scene):
    """Final standings of a finished game; Play again and Menu buttons."""

    def __init__(
        self,
        result: FinalResult,
        on_play_again: Callable[[], None] | None,
        on_menu: Callable[[], None] | None,
        record_text: str | None = None,
    ) -> None:
        super().__init__()
        self.result = result
        #: The player's record at this table's level, from the statistics, if any.
        self.record_text = record_text
        self.info = result.info
        self.rows = result_rows(result)
        self.play_again = Button(tr("results.play_again"), on_play_again, style="primary",
                                 enabled=on_play_again is not None)
        self.menu = Button(tr("results.menu"), on_menu, enabled=on_menu is not None)
        self.form = Form([self.menu, self.play_again])
        self._size: tuple[int, int] = (0, 0)
        self._panel = pygame.Rect(0, 0, 0, 0)
        #: Each column: its head's catalog key ('' for none), its box and alignment.
        self._columns: list[tuple[str, pygame.Rect, str]] = []
        self._row_rects: list[pygame.Rect] = []
        self._header = pygame.Rect(0, 0, 0, 0)
        self._headline_box = pygame.Rect(0, 0, 0, 0)
        #: The sentences' boxes, each tall enough for its wrapped lines.
        self._sentence_boxes: list[pygame.Rect] = []
        self._sentence_px = 19
        self._crown_y = 0

    # The sentences the screen shows, in order: who won, how it ended, the tie-break; in
    # the language in use.

    @property
    def headline(self) -> str:
        return headline(self.info)

    @property
    def end_text(self) -> str:
        return end_sentence(self.info, self.result.target)

    @property
    def tie_text(self) -> str | None:
        return tie_sentence(self.info)

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
        """Place the block (crown, headline, sentences, table, buttons) centred on the
        screen; a sentence too long for one line gets two, rows tighten if room runs out."""
        self._size = size
        w, h = size
        sc = Scale(size)
        at = sc.at
        self.play_again.label = tr("results.play_again")
        self.menu.label = tr("results.menu")

        n = len(self.rows)
        margin = sc.px(30)
        self._sentence_px = px = sc.text(19)
        text_w = min(w - 2 * margin, sc.px(1100))
        sentence_hs = [lines_height(t, px, text_w, bold=t == self.tie_text)
                       for t in self._sentences()]
        crown_h, head_h, gap, sentence_gap = sc.px(44), sc.px(66), sc.px(22), sc.px(8)
        button_gap, button_h = sc.px(34), sc.px(52)
        sentences_h = sum(sentence_hs) + sentence_gap * (len(sentence_hs) - 1)
        fixed = crown_h + head_h + gap + sentences_h + gap + sc.px(56) + button_gap + button_h
        # Rows of 64 design px, down to 50 when the sentences need the room.
        pitch = max(sc.px(50), min(sc.px(64), (h - sc.px(16) - fixed) // max(1, n)))
        row_h = pitch - sc.px(6)
        table_h = sc.px(44) + n * pitch + sc.px(12)
        top = max(0, (h - (fixed - sc.px(56) + table_h)) // 2)
        self._crown_y = top + sc.px(20)
        y = top + crown_h
        self._headline_box = pygame.Rect(margin, y, w - 2 * margin, head_h)
        y += head_h + gap
        self._sentence_boxes = []
        for sentence_h in sentence_hs:
            self._sentence_boxes.append(pygame.Rect((w - text_w) // 2, y, text_w, sentence_h))
            y += sentence_h + sentence_gap
        y += gap - sentence_gap
        panel = at(120, 0, 1040, 0)
        self._panel = pygame.Rect(panel.x, y, panel.w, table_h)
        self._header = pygame.Rect(panel.x, y + sc.px(12), panel.w, sc.px(24))
        # Room for heads about 40% longer than English ones in the narrow number columns.
        x = 120 + 20
        widths = [("", 60, "center"), ("results.column.player", 294, "left"),
                  ("results.column.points", 132, "center"), ("results.column.cards", 132, "center"),
                  ("results.column.nobles", 132, "center"),
                  ("results.column.bonuses", 250, "center")]
        self._columns = []
        for key, cw, align in widths:
            self._columns.append((key, at(x, 0, cw, 0), align))
            x += cw
        inner = at(130, 0, 1020, 0)
        self._row_rects = [pygame.Rect(inner.x, y + sc.px(44) + i * pitch, inner.w, row_h)
                           for i in range(n)]
        y += table_h + button_gap
        self.menu.px = self.play_again.px = sc.text(21)
        button_w = min(sc.px(320), max(sc.px(190), *(b.width_for(button_h)
                                                     for b in (self.menu, self.play_again))))
        button_gap_x = sc.px(40)
        self.menu.rect = pygame.Rect(w // 2 - button_gap_x // 2 - button_w, y, button_w,
                                     button_h)
        self.play_again.rect = pygame.Rect(w // 2 + button_gap_x // 2, y, button_w, button_h)

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
        # Laid out on every frame: the sentences, and so the heights, follow the language.
        self.layout(surface.get_size())
        sc = Scale(self._size)
        w, _ = self._size
        draw_background(surface)
        if self.info["finished"]:
            blit_center(surface, crown_image(sc.px(54)), (w // 2, self._crown_y))
        title = self.headline
        box = self._headline_box
        shadow = fit_text(title, sc.text(50), box.w, theme.SHADOW, serif=True)
        shadow.set_alpha(110)
        surface.blit(shadow, shadow.get_rect(center=box.center).move(sc.px(2), sc.px(3)))
        draw_text(surface, title, sc.text(50), theme.ACCENT, box, serif=True)
        tie = self.tie_text
        for text, box in zip(self._sentences(), self._sentence_boxes, strict=True):
            color = theme.ACTIVE if text == tie else theme.TEXT_DIM
            draw_lines(surface, text, self._sentence_px, color, box, align="center",
                       bold=text == tie)
        self._draw_table(surface, sc)
        self.form.draw(surface)

    def _draw_table(self, surface: pygame.Surface, sc: Scale) -> None:
        draw_panel(surface, self._panel, sc.px(16), shadow=sc.px(8))
        small = sc.text(15)
        pad = sc.px(2)
        for key, col, align in self._columns:
            if not key:
                continue
            box = pygame.Rect(col.x, self._header.y, col.w - pad, self._header.h)
            if align == "center":
                box = box.inflate(-pad, 0)
            draw_text(surface, tr(key).upper(), small, theme.TEXT_DIM, box, align=align,
                      bold=True)
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
            place = pygame.Rect(cols[0].x + sc.px(4), rect.y, cols[0].w - sc.px(8), rect.h)
            draw_text(surface, place_text(row.rank), sc.text(20), theme.TEXT_DIM, place,
                      bold=True)
        name_box = pygame.Rect(cols[1].x, rect.y, cols[1].w - sc.px(12), rect.h)
        draw_text(surface, row.name, sc.text(22), ink, name_box, align="left", bold=True)
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
