"""The end of a game, over its final board: final standings, what decided the winner,
the points round by round; Play again, Review game, Analyse, Hide results, Menu. Once the
game is analysed, the chance-to-win curve under the points chart, with its legend (a
click on a marked move's dot opens the review there), and a summary line per seat
analysed under the standings, each after its seat's line as the chart draws it.

Laid out on enter, on a resize, on a change of language (the game resizes every scene),
on hiding or showing the results and once analysed; never while drawing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from splendor.engine import View
from splendor.i18n import has, tr
from splendor.session.analysis_job import AnalysisSource
from splendor.session.results import FinalResult
from splendor.session.score_rounds import ScoreRounds
from splendor.ui import theme
from splendor.ui.analysis_words import summary_line
from splendor.ui.chance_chart import (
    ChanceLayout,
    chance_layout,
    chance_numbers_w,
    dot_at,
    draw_chance_chart,
)
from splendor.ui.scene import Scene
from splendor.ui.score_chart import (
    ChartLayout,
    chart_layout,
    draw_score_chart,
    draw_seat_sample,
)
from splendor.ui.table.board_picture import BoardPicture
from splendor.ui.table.zoom import CardZoom
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
    line_height,
    lines_height,
)
from splendor.ui.wording import join, said, subject


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


def headline(info: dict[str, Any], you: int | None = None) -> str:
    """Who won, in the language in use (said to `you`, the seat of the person at the
    screen, when they alone won)."""
    winners: list[str] = info["winners"]
    if not info["finished"]:
        return tr("results.headline.stopped")
    if len(winners) == 1:
        seat = next(r["seat"] for r in info["standings"] if r["winner"])
        return said("results.headline.wins", subject(seat, _names(info), you))
    return tr("results.headline.shared", names=join(winners))


def _names(info: dict[str, Any]) -> list[str]:
    """Each seat's name, by seat."""
    rows = sorted(info["standings"], key=lambda r: r["seat"])
    return [r["name"] for r in rows]


def end_sentence(info: dict[str, Any], target: int, you: int | None = None) -> str:
    """How the game ended, with its length (said to `you` when they alone reached the
    target)."""
    rounds = info["rounds"]
    if not info["finished"]:
        return tr("results.end.stopped", round=rounds)
    if info["reason"] == "all_passed":
        return tr("results.end.all_passed", count=rounds)
    reached = [r for r in info["standings"] if r["points"] >= target]
    if [r["seat"] for r in reached] == [you]:
        return tr("results.end.you.target", count=rounds, target=target)
    who = join([r["name"] for r in reached]) if reached else tr("results.end.someone")
    return tr("results.end.target", count=rounds, names=who, target=target)


def tie_sentence(info: dict[str, Any], you: int | None = None) -> str | None:
    """What broke a tie for first place, or None when nobody tied on points (the winner
    or a player behind said to `you`, the seat of the person at the screen)."""
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
        return said("results.tie.fewer_cards", subject(winners[0]["seat"], _names(info), you),
                    points=best, cards=own, others=others)
    if not losers:
        return tr("results.tie.shared", points=best, cards=own)
    behind = tr("results.tie.had_separator").join(
        said("results.tie.had", subject(r["seat"], _names(info), you), cards=r["cards"])
        for r in losers)
    return tr("results.tie.shared_some", points=best, names=names, cards=own, behind=behind)


def place_text(rank: int) -> str:
    """A place in the standings: '1st', '2nd' (results.place in the language in use)."""
    key = f"results.place.{rank}"
    return tr(key) if has(key) else str(rank)


#: The standings' columns: the head's catalog key ('' for none) and alignment.
COLUMNS = (("", "center"), ("results.column.player", "left"),
           ("results.column.points", "center"), ("results.column.cards", "center"),
           ("results.column.nobles", "center"), ("results.column.bonuses", "center"))
COLUMNS_NUMBERS = ("results.column.points", "results.column.cards", "results.column.nobles")
#: The chart's narrowest width, and the width of a player's line sample in the standings
#: (design px).
CHART_MIN = 300
CHART_FLOOR = 200
SEAT_MARK_W = 24

#: How much of the board shows through the results panel (alpha of the panel's fill),
#: and the wash that quietens the board around it.
PANEL_ALPHA = 228
WASH_ALPHA = 96


class ResultsScene(Scene):
    """The end of a game over its final board: the standings, the points by round, and
    Play again, Review game, Hide results (the board alone, as long as the player likes)
    and Menu. Nothing here can change the game: the table is gone, the board is drawn
    from a view."""

    def __init__(
        self,
        result: FinalResult,
        on_play_again: Callable[[], None] | None,
        on_menu: Callable[[], None] | None,
        record_text: str | None = None,
        *,
        board: BoardPicture | None = None,
        final_view: View | None = None,
        scores: ScoreRounds | None = None,
        on_review: Callable[[], None] | None = None,
        analysis: AnalysisSource | None = None,
        on_analyse: Callable[[], None] | None = None,
        on_review_move: Callable[[int], None] | None = None,
        you: int | None = None,
    ) -> None:
        """`board` and `final_view`: the final position to show under the results (the
        plain background without them); `scores`: the points by round for the chart;
        `on_review`: opens the review of the game (no Review button without it);
        `analysis`: the game's expert review, shown once made (`analysis.shown`);
        `on_analyse`: opens the Analyse panel (no Analyse button without it);
        `on_review_move`: opens the review at a position (a marked move's dot); `you`:
        the seat of the person at the screen (the sentences about them said to them)."""
        super().__init__()
        self.result = result
        self.you = you
        #: The player's record at this table's level, from the statistics, if any.
        self.record_text = record_text
        self.info = result.info
        self.rows = result_rows(result)
        self.board = board if final_view is not None else None
        self.final_view = final_view
        self.scores = scores
        #: Whether the results panel is shown over the board (else the board alone).
        self.shown = True
        #: With the board alone: the card of the log line under the pointer.
        self.zoom = CardZoom()
        self.play_again = Button(tr("results.play_again"), on_play_again, style="primary",
                                 enabled=on_play_again is not None)
        self.play_again.visible = on_play_again is not None  # not for a network game
        self.menu = Button(tr("results.menu"), on_menu, enabled=on_menu is not None)
        self.review = Button(tr("results.review.open"), on_review)
        self.review.visible = on_review is not None
        self.analysis = analysis
        self.on_review_move = on_review_move
        self.analyse = Button(tr("analysis.open"), on_analyse)
        self.analyse.visible = on_analyse is not None
        self._chance: ChanceLayout | None = None
        #: The summary lines under the standings: each one's seat, words and box.
        self._summaries: list[tuple[int, str, pygame.Rect]] = []
        self.toggle = Button(tr("results.review.hide"), self.toggle_panel)
        self.toggle.visible = self.board is not None
        self.form = Form(self._buttons())
        self._size: tuple[int, int] = (0, 0)
        #: The analysis shown when last laid out (a new one brings the curve).
        self._analysed: object = None
        self._box = pygame.Rect(0, 0, 0, 0)  # the results panel
        self._panel = pygame.Rect(0, 0, 0, 0)  # the standings
        #: Each column: its head's catalog key ('' for none), its box and alignment.
        self._columns: list[tuple[str, pygame.Rect, str]] = []
        self._row_rects: list[pygame.Rect] = []
        self._header = pygame.Rect(0, 0, 0, 0)
        self._headline_box = pygame.Rect(0, 0, 0, 0)
        #: The sentences' boxes, each tall enough for its wrapped lines.
        self._sentence_boxes: list[pygame.Rect] = []
        self._sentence_px = 19
        self._crown_y = 0
        self._chart: ChartLayout | None = None
        #: With the panel hidden: the small panel beside the bank and its headline.
        self._side = pygame.Rect(0, 0, 0, 0)
        self._side_headline = pygame.Rect(0, 0, 0, 0)
        self._side_px = 24
        self._side_words = pygame.Rect(0, 0, 0, 0)  # the headline's lines in it

    def _buttons(self) -> list[Button]:
        """The buttons in their order on screen (left to right, or top to bottom)."""
        if self.shown:
            order = [self.menu, self.review, self.analyse, self.toggle, self.play_again]
        else:
            order = [self.toggle, self.review, self.analyse, self.play_again, self.menu]
        return [b for b in order if b.visible]

    # The sentences the screen shows, in order: who won, how it ended, the tie-break; in
    # the language in use.

    @property
    def headline(self) -> str:
        return headline(self.info, self.you)

    @property
    def end_text(self) -> str:
        return end_sentence(self.info, self.result.target, self.you)

    @property
    def tie_text(self) -> str | None:
        return tie_sentence(self.info, self.you)

    @property
    def lines(self) -> list[str]:
        return [self.headline, *self._sentences()]

    @property
    def summary_lines(self) -> list[str]:
        """Once analysed: a line per seat judged."""
        return [text for _, text in self._seat_summaries()]

    def _seat_summaries(self) -> list[tuple[int, str]]:
        shown = self.analysis.shown if self.analysis is not None else None
        if shown is None:
            return []
        names = self._names()
        return [(seat, summary_line(shown.summary(seat), names[seat] if seat < len(names)
                                    else "")) for seat in shown.seats]

    def _names(self) -> list[str]:
        """Each seat's name, by seat."""
        names = [""] * (max((row.seat for row in self.rows), default=-1) + 1)
        for row in self.rows:
            names[row.seat] = row.name
        return names

    def _shown_analysis(self) -> object:
        return self.analysis.shown if self.analysis is not None else None

    def _sentences(self) -> list[str]:
        extra = [t for t in (self.tie_text, self.record_text) if t]
        return [self.end_text, *extra]

    # ----------------------------------------------------------------- lifecycle

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)
        if self.board is not None:
            self.board.forget_pointer(self.zoom)

    def update(self, dt: float) -> None:
        self._follow_analysis()

    def resume(self) -> None:
        for button in self.form.widgets:
            assert isinstance(button, Button)
            button.pressed = False
        self._follow_analysis()  # the Analyse panel closing on its analysis

    def _follow_analysis(self) -> None:
        """Analysed since the last layout: lay out the curve and the summaries."""
        if self._analysed is not self._shown_analysis():
            self.layout(self._size)
            if self.app is not None:
                self.app.request_redraw()

    def toggle_panel(self) -> None:
        """Hide the results to see the whole board, or show them again."""
        if self.board is None:
            return
        self.shown = not self.shown
        self.board.forget_pointer(self.zoom)
        self.form.set_widgets(self._buttons())
        self.form.set_focus(self.toggle, visible=self.form.focus is not None)
        self.layout(self._size)
        if self.app is not None:
            self.app.request_redraw()

    # -------------------------------------------------------------------- layout

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for a window of `size` in the language in use."""
        self._size = size
        self._analysed = self._shown_analysis()
        self.analyse.label = tr("analysis.open")
        self.play_again.label = tr("results.play_again")
        self.menu.label = tr("results.menu")
        self.review.label = tr("results.review.open")
        self.toggle.label = tr("results.review.hide" if self.shown else "results.review.show")
        if self.board is not None and self.final_view is not None:
            self.board.lay_out(size, self.final_view.num_players,
                                self.final_view.module)
        if self.shown:
            self._layout_panel(size)
        else:
            self._layout_side(size)

    def _layout_panel(self, size: tuple[int, int]) -> None:
        """The panel centred over the board: crown and headline, the sentences, the
        standings beside the chart, the buttons. A sentence too long for one line gets
        two; rows tighten when the sentences need the room."""
        w, h = size
        sc = Scale(size)
        n = len(self.rows)
        pad = sc.px(24)
        box_w = min(w - 2 * sc.px(10), sc.px(1240))
        inner_w = box_w - 2 * pad
        self._sentence_px = px = sc.text(18)
        sentence_hs = [lines_height(t, px, inner_w, bold=t == self.tie_text)
                       for t in self._sentences()]
        crown_h = sc.px(34) if self.info["finished"] else 0
        head_h, gap, sentence_gap = sc.px(58), sc.px(14), sc.px(6)
        button_gap, button_h = sc.px(18), sc.px(48)
        header_h = sc.px(30)
        sentences_h = sum(sentence_hs) + sentence_gap * (len(sentence_hs) - 1)
        fixed = (2 * pad + crown_h + head_h + gap + sentences_h + gap + header_h + sc.px(8)
                 + button_gap + button_h)
        room = h - 2 * sc.px(12) - fixed
        chart_gap = sc.px(18)
        # The summaries as wide as the standings can be at least, after the seat's line.
        summaries = self._seat_summaries()
        mark = sc.px(SEAT_MARK_W) + sc.px(8)
        narrowest = min(inner_w - chart_gap - sc.px(CHART_MIN), round(inner_w * 0.6)) \
            - sc.px(16) - mark
        summary_px = sc.text(16)
        summary_hs = [lines_height(t, summary_px, narrowest) for _, t in summaries]
        summary_h = sum(summary_hs) + (sc.px(10) if summaries else 0)
        # Rows of 60 design px, down to 44 when the sentences need the room.
        pitch = max(sc.px(44), min(sc.px(60), (room - summary_h) // max(1, n)))
        table_h = header_h + n * pitch + sc.px(8)
        # Analysed, the chance curve goes under the points chart: room for both.
        charts_h = sc.px(360 if summaries else 220)
        body_h = max(table_h + summary_h, charts_h) if self.scores is not None \
            else table_h + summary_h
        body_h = min(body_h, max(table_h + summary_h, room + header_h + sc.px(8)))
        box_h = fixed - header_h - sc.px(8) + body_h
        self._box = pygame.Rect((w - box_w) // 2, max(0, (h - box_h) // 2), box_w, box_h)
        x0 = self._box.x + pad
        y = self._box.y + pad
        self._crown_y = y + crown_h // 2
        y += crown_h
        self._headline_box = pygame.Rect(x0, y, inner_w, head_h)
        y += head_h + gap
        self._sentence_boxes = []
        for sentence_h in sentence_hs:
            self._sentence_boxes.append(pygame.Rect(x0, y, inner_w, sentence_h))
            y += sentence_h + sentence_gap
        y += gap - sentence_gap
        widths, shortest = self._column_widths(sc)
        self._chance = None
        if self.scores is not None:
            # The standings as wide as they need (at least 60% of the room), the chart
            # what is left: CHART_MIN design px, down to CHART_FLOOR when the heads and
            # the names at the smallest text need it.
            need, need_min = sum(widths), sum(widths) - widths[1] + shortest
            table_w = min(inner_w - chart_gap - sc.px(CHART_MIN),
                          max(need, round(inner_w * 0.6)))
            table_w = max(table_w, min(need_min, inner_w - chart_gap - sc.px(CHART_FLOOR)))
            chart_box = pygame.Rect(x0 + table_w + chart_gap, y, inner_w - table_w - chart_gap,
                                    body_h)
            shown = self.analysis.shown if self.analysis is not None else None
            numbers_w = None
            if shown is not None and self.analysis is not None:
                # The curve and its legend get more of the height than the points.
                half = (body_h - sc.px(10)) * 3 // 5
                chance_box = pygame.Rect(chart_box.x, chart_box.bottom - half, chart_box.w, half)
                chart_box.h = body_h - half - sc.px(10)
                self._chance = chance_layout(chance_box, sc.px, sc.text(14), shown,
                                             self.analysis.action_rounds(),
                                             names=self._names())
                numbers_w = chance_numbers_w(sc.px, sc.text(14))  # the plots line up
            self._chart = chart_layout(chart_box, sc.px, sc.text(14), numbers_w)
        else:
            table_w = inner_w
            self._chart = None
        self._panel = pygame.Rect(x0, y, table_w, table_h)
        self._header = pygame.Rect(x0, y + sc.px(4), table_w, header_h - sc.px(6))
        # Room to spare goes to every column alike; missing room is taken from the
        # players' names (down to the smallest text), then cut.
        spare = table_w - sum(widths)
        if spare >= 0:
            widths = [w + spare / len(widths) for w in widths]
        else:
            widths[1] = max(shortest, widths[1] + spare)
            # Still too wide: every column gives alike (what is cut is then reported).
            widths = [w * min(1.0, table_w / sum(widths)) for w in widths]
        self._columns = []
        x = float(x0)
        for (key, align), width in zip(COLUMNS, widths, strict=True):
            self._columns.append((key, pygame.Rect(round(x), y, round(width), 0), align))
            x += width
        self._row_rects = [pygame.Rect(x0, y + header_h + i * pitch, table_w, pitch - sc.px(6))
                           for i in range(n)]
        self._summaries = []
        line_y = y + table_h + sc.px(6)
        text_w = round(table_w) - sc.px(16) - mark
        for seat, text in summaries:
            height = lines_height(text, summary_px, text_w)
            self._summaries.append((seat, text, pygame.Rect(x0 + sc.px(8) + mark, line_y,
                                                            text_w, height)))
            line_y += height
        y += body_h + button_gap
        self._place_buttons_in_row(sc, y, button_h, inner_w)

    def _column_widths(self, sc: Scale) -> tuple[list[float], float]:
        """Each column's width as its head and its content need in the language in use,
        and the narrowest the players' column may get (the names at the smallest text)."""
        pad = sc.px(14)
        head = theme.font(sc.text(14), bold=True)

        def head_w(key: str) -> int:
            return head.size(tr(key).upper())[0] if key else 0

        bold = theme.font(sc.text(18), bold=True)
        places = max((bold.size(place_text(row.rank))[0] for row in self.rows), default=0)
        rank = max(sc.px(30), places) + pad
        mark = sc.px(SEAT_MARK_W) + sc.px(8) if self.scores is not None else 0
        names = [row.name for row in self.rows]
        name_w = max((theme.font(sc.text(20), bold=True).size(n)[0] for n in names), default=0)
        small_w = max((theme.font(theme.MIN_TEXT_PX, bold=True).size(n)[0] for n in names),
                      default=0)
        player = max(head_w("results.column.player"), name_w + mark) + pad
        shortest = max(head_w("results.column.player"), small_w + mark) + pad
        points = theme.font(sc.text(28), bold=True).size("00")[0]
        numbers = [max(head_w(key), points) + pad for key in COLUMNS_NUMBERS]
        gems = 5 * self._bonus_w(sc)
        bonuses = max(head_w("results.column.bonuses"), gems) + pad
        return [rank, player, *numbers, bonuses], shortest

    @staticmethod
    def _bonus_w(sc: Scale) -> int:
        """One gem and its count in the bonuses column."""
        digit_w = theme.font(sc.text(16), bold=True).size("0")[0]
        return 2 * sc.px(9) + sc.px(3) + digit_w + sc.px(6)

    def _place_buttons_in_row(self, sc: Scale, y: int, height: int, room: int) -> None:
        buttons = self._buttons()
        gap = sc.px(16)
        text_px = sc.text(19)
        widths = [max(sc.px(150), b.width_for(height, text_px)) for b in buttons]
        while sum(widths) + gap * (len(buttons) - 1) > room and text_px > theme.MIN_TEXT_PX:
            text_px -= 1
            widths = [max(sc.px(120), b.width_for(height, text_px)) for b in buttons]
        total = sum(widths) + gap * (len(buttons) - 1)
        x = self._size[0] // 2 - min(total, room) // 2
        for button, width in zip(buttons, widths, strict=True):
            button.px = text_px
            button.rect = pygame.Rect(x, y, width, height)
            x += width + gap

    def _layout_side(self, size: tuple[int, int]) -> None:
        """The results hidden: the headline and the buttons in the board's empty action
        panel (beside the bank), the rest of the board in full view."""
        assert self.board is not None and self.board.layout is not None
        lay = self.board.layout
        px = lay.px
        side = lay.action_panel
        self._side = side
        pad = px(14)
        # A long winner's name takes the headline to a second line rather than cut.
        self._side_px = Scale(size).text(24)
        width = side.w - 2 * pad
        words_h = lines_height(self.headline, self._side_px, width, serif=True)
        self._side_headline = pygame.Rect(side.x + pad, side.y + pad, width,
                                          max(px(40), words_h))
        self._side_words = pygame.Rect(side.x + pad, self._side_headline.centery - words_h // 2,
                                       width, words_h)
        buttons = self._buttons()
        gap = px(12)
        top = self._side_headline.bottom + px(16)
        height = min(px(48), (side.bottom - pad - top - gap * (len(buttons) - 1))
                     // len(buttons))
        for i, button in enumerate(buttons):
            button.px = max(theme.MIN_TEXT_PX, px(18))
            button.rect = pygame.Rect(side.x + pad, top + i * (height + gap), side.w - 2 * pad,
                                      height)

    # -------------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            focus = self.form.focus
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                default = self.play_again if self.shown else self.toggle
                (focus if isinstance(focus, Button) else default).click()
                return True
            if event.key == pygame.K_ESCAPE:
                if self.shown:
                    self.menu.click()
                else:
                    self.toggle_panel()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                back = event.key in (pygame.K_LEFT, pygame.K_UP)
                self.form.move_focus(-1 if back else 1)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.shown \
                and self._chance is not None and self.on_review_move is not None:
            move = dot_at(self._chance, event.pos)
            if move is not None:
                self.on_review_move(move.index + 1)  # the review at that move
                return True
        if event.type == pygame.MOUSEMOTION and not self.shown and self.board is not None \
                and self.board.layout is not None:
            # The board alone: a log line naming a card shows it, as on the table.
            self.board.point(self.zoom, event.pos, len(self.board.entries))
        self.form.handle_event(event)
        return True  # nothing under the results reacts: the game is over

    # ---------------------------------------------------------------------- draw

    def draw(self, surface: pygame.Surface) -> None:
        sc = Scale(self._size)
        if self.board is not None and self.final_view is not None:
            self.board.draw(surface, self.final_view, len(self.board.entries))
        else:
            draw_background(surface)
        if not self.shown:
            self._draw_side(surface, sc)
            if self.board is not None and self.board.layout is not None:
                self.zoom.draw(surface, self.board.layout)
            return
        if self.board is not None:
            wash = pygame.Surface(self._size, pygame.SRCALPHA)
            wash.fill((0, 0, 0, WASH_ALPHA))
            surface.blit(wash, (0, 0))
        draw_panel(surface, self._box, sc.px(18), fill=theme.TABLE_DARK, shadow=sc.px(8),
                   alpha=PANEL_ALPHA)
        w, _ = self._size
        if self.info["finished"]:
            blit_center(surface, crown_image(sc.px(44)), (w // 2, self._crown_y))
        title = self.headline
        box = self._headline_box
        shadow = fit_text(title, sc.text(44), box.w, theme.SHADOW, serif=True)
        shadow.set_alpha(110)
        surface.blit(shadow, shadow.get_rect(center=box.center).move(sc.px(2), sc.px(3)))
        draw_text(surface, title, sc.text(44), theme.ACCENT, box, serif=True)
        tie = self.tie_text
        for text, box in zip(self._sentences(), self._sentence_boxes, strict=True):
            color = theme.ACTIVE if text == tie else theme.TEXT_DIM
            draw_lines(surface, text, self._sentence_px, color, box, align="center",
                       bold=text == tie)
        self._draw_table(surface, sc)
        if self._chart is not None and self.scores is not None:
            draw_score_chart(surface, self._chart, self.scores)
        if self._chance is not None:
            draw_chance_chart(surface, self._chance)
        for seat, text, box in self._summaries:
            # The seat's line as the charts draw it, beside the first line of words.
            sample = pygame.Rect(box.x - sc.px(SEAT_MARK_W) - sc.px(8), box.y,
                                 sc.px(SEAT_MARK_W), line_height(sc.text(16)))
            draw_seat_sample(surface, seat, sample, sc.px)
            draw_lines(surface, text, sc.text(16), theme.TEXT, box)
        self.form.draw(surface)

    def _draw_side(self, surface: pygame.Surface, sc: Scale) -> None:
        draw_panel(surface, self._side, sc.px(12), shadow=sc.px(6))
        draw_lines(surface, self.headline, self._side_px, theme.ACCENT, self._side_words,
                   align="center", serif=True)
        self.form.draw(surface)

    def _draw_table(self, surface: pygame.Surface, sc: Scale) -> None:
        small = sc.text(14)
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
            blit_center(surface, crown_image(sc.px(28)), (cols[0].centerx, cy - sc.px(1)))
        else:
            place = pygame.Rect(cols[0].x + sc.px(2), rect.y, cols[0].w - sc.px(4), rect.h)
            draw_text(surface, place_text(row.rank), sc.text(18), theme.TEXT_DIM, place,
                      bold=True)
        name_box = pygame.Rect(cols[1].x, rect.y, cols[1].w - sc.px(8), rect.h)
        if self.scores is not None:
            # The player's line in the chart (its colour and marker), before the name.
            sample = pygame.Rect(cols[1].x, rect.y, sc.px(SEAT_MARK_W), rect.h)
            draw_seat_sample(surface, row.seat, sample, sc.px)
            shift = sample.w + sc.px(8)
            name_box = pygame.Rect(name_box.x + shift, rect.y, name_box.w - shift, rect.h)
        draw_text(surface, row.name, sc.text(20), ink, name_box, align="left", bold=True)
        points = theme.text(str(row.points), sc.text(28),
                            theme.ACCENT if row.winner else ink, bold=True)
        blit_center(surface, points, (cols[2].centerx, cy))
        blit_center(surface, theme.text(str(row.cards), sc.text(20), ink), (cols[3].centerx, cy))
        blit_center(surface, theme.text(str(row.nobles), sc.text(20), ink), (cols[4].centerx, cy))
        step = cols[5].w / 5
        r = sc.px(9)
        gap = sc.px(3)
        digit_w = theme.font(sc.text(16), bold=True).size("0")[0]
        for color, count in enumerate(row.bonuses):
            # Each gem and its count, centred in its fifth of the column (one digit wide).
            left = round(cols[5].x + step * (color + 0.5) - (2 * r + gap + digit_w) / 2)
            blit_center(surface, gem_image(color, r), (left + r, cy))
            num = theme.text(str(count), sc.text(16), ink if count else theme.TEXT_DIM, bold=True)
            surface.blit(num, num.get_rect(midleft=(left + 2 * r + gap, cy)))
