"""Review game: step through a finished or saved game, position by position, read-only.

The board is drawn by the table's own code from the replay cursor's view of each
position (the one human's view in a game against bots, the public view otherwise: see
`session.review`), with the cards and piles the move touched marked as the table marks
the last move. The panel beside the bank says which move it is ("Move 12 of 84") and what
it was, with buttons and a timeline; Left/Right step, Page Up/Down go a round, Home/End
go to the deal and the end, the mouse wheel steps, Escape closes. The pointer on a line of
the log that names a card shows it small beside the line, as on the table. The cursor owns
its own copies of the game: nothing here can change a game in progress or a save.

A finished game can be analysed (Analyse opens the panel, `scenes.analyse`). Once it is,
the chance-to-win curve takes the log's place (a click on a marked move's dot goes to that
move, elsewhere to the nearest move; [ and ], or Shift with the arrows, go to the previous
and next marked move, the keys said under the curve), and at a judged move the panel
gives the chances before and after it; at a marked move the board shows the position the
move was chosen in, with the move played and the expert's framed side by side ("Played",
"Expert"), and the panel words both and the expert's reason (to the person looking, of
their own move; of the player by name, of another's).

Laid out on enter, on a resize and on a change of language (the game resizes every
scene), never while drawing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor import i18n
from splendor.engine import View, parse_action
from splendor.i18n import tr
from splendor.session.analysis import MoveAnalysis
from splendor.session.analysis_job import AnalysisSource
from splendor.session.review import GameReview
from splendor.ui import theme
from splendor.ui.analysis_words import chances_line, judged_lines
from splendor.ui.chance_chart import (
    LABEL_INKS,
    ChanceLayout,
    chance_layout,
    dot_at,
    draw_chance_chart,
    position_at,
)
from splendor.ui.scene import Scene
from splendor.ui.table.board_picture import BoardPicture, changed_marks
from splendor.ui.table.hits import Hit
from splendor.ui.table.move_frames import (
    EXPERT_INK,
    PLAYED_INK,
    MoveFrame,
    draw_move_frames,
    move_frames,
)
from splendor.ui.table.zoom import CardZoom
from splendor.ui.widgets import Button, Form, draw_lines, draw_panel, draw_text, lines_height
from splendor.ui.widgets.text import line_height
from splendor.ui.wording import describe_entry, said, subject

#: The step buttons, in order: to the deal, one back, one on, to the end.
STEPS = ("first", "back", "forward", "last")


class ReviewScene(Scene):
    """One game's positions, from the deal (move 0) to its last move."""

    def __init__(self, review: GameReview, *, start: int = 0,
                 on_close: Callable[[], None] | None = None,
                 analysis: AnalysisSource | None = None,
                 on_analyse: Callable[[], None] | None = None) -> None:
        """`start`: the position shown first (0: the deal); `on_close`: what Close and
        Escape do (by default, back to the screen beneath); `analysis`: the finished
        game's expert review, shown once made (`analysis.shown`); `on_analyse`: opens
        the Analyse panel (no Analyse button without it)."""
        super().__init__()
        self.review = review
        self.cursor = review.cursor()
        self.picture = BoardPicture(review.data, review.names, self.cursor.log, review.seat)
        self.on_close = on_close
        self.analysis = analysis
        self.steps = {name: Button("", action) for name, action in (
            ("first", self.first), ("back", self.back), ("forward", self.forward),
            ("last", self.last))}
        self.close_button = Button(tr("common.button.close"), self.close)
        self.analyse_button = Button(tr("analysis.open"), on_analyse)
        self.analyse_button.visible = on_analyse is not None
        self.form = Form([*self.steps.values(),
                          *([self.analyse_button] if on_analyse is not None else []),
                          self.close_button])
        self.view: View = self.cursor.view(review.seat)
        #: What the board shows: the position's view and how many moves of the log, or
        #: at a marked move the position the move was chosen in.
        self.board_view: View = self.view
        self.board_moves = 0
        self.marks: set[Hit] = set()
        #: The judged move that led to the position shown (None: not judged).
        self.judged: MoveAnalysis | None = None
        #: At a marked move: the move played and the expert's, framed on the board.
        self.frames: list[MoveFrame] = []
        self._chart: ChanceLayout | None = None
        #: The analysis the layout and the position were made for.
        self._analysed: object = analysis.shown if analysis is not None else None
        #: Each action's round (the curve's axis).
        self._rounds = tuple(entry.round for entry in self.cursor.log)
        self._size = (0, 0)
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._title = pygame.Rect(0, 0, 0, 0)
        self._counter = pygame.Rect(0, 0, 0, 0)
        self._describe = pygame.Rect(0, 0, 0, 0)
        self._timeline = pygame.Rect(0, 0, 0, 0)
        self._keys = pygame.Rect(0, 0, 0, 0)
        self._text_px = 15
        #: The panel's words, and what they were worded for (the position, the move
        #: judged, the room and the language).
        self._lines: tuple[object, list[str]] | None = None
        self._dragging = False
        #: The card of the log line under the pointer, shown small beside it.
        self.zoom = CardZoom()
        self._show(max(0, min(self.total, start)))

    # ------------------------------------------------------------------ position

    @property
    def position(self) -> int:
        """The moves played in the position shown (0: the deal)."""
        return self.cursor.position

    @property
    def total(self) -> int:
        return len(self.cursor)

    def go(self, position: int) -> bool:
        """Show `position` (clamped to the game); False when it is the one shown."""
        position = max(0, min(self.total, position))
        if position == self.position:
            return False
        self._show(position)
        if self.app is not None:
            self.app.request_redraw()
        return True

    def _show(self, position: int) -> None:
        """Move the cursor to `position` and take its view, with the marks of the move
        that led there, or at a marked move the position before it with the two moves
        framed (computed here, never while drawing)."""
        seat = self.review.seat
        self.marks = set()
        self.picture.forget_pointer(self.zoom)  # the log is another one
        self.judged = self._judged(position - 1)
        self.board_moves = position
        if position > 0:
            self.cursor.jump(position - 1)
            before = self.cursor.view(seat)
            self.cursor.jump(position)
            self.view = self.cursor.view(seat)
            self.marks = changed_marks(before, self.view)
            if self.judged is not None and self.judged.label:
                self.board_view, self.board_moves, self.marks = before, position - 1, set()
            else:
                self.board_view = self.view
        else:
            self.cursor.jump(0)
            self.view = self.board_view = self.cursor.view(seat)
        self._frame_moves()
        self._update_buttons()

    def _judged(self, index: int) -> MoveAnalysis | None:
        shown = self.analysis.shown if self.analysis is not None else None
        if shown is None:
            return None
        return next((m for m in shown.moves if m.index == index), None)

    def _frame_moves(self) -> None:
        """The frames of a marked move's two moves on the board (laid out)."""
        self.frames = []
        lay = self.picture.layout
        move = self.judged
        if lay is None or move is None or not move.label:
            return
        try:
            moves = [(parse_action(move.played), tr("analysis.played"), PLAYED_INK),
                     (parse_action(move.best), tr("analysis.expert"), EXPERT_INK)]
        except ValueError:
            return  # a kept analysis naming moves this version does not read
        # Off the review's panel and the curve over the log, drawn over the board; the
        # legend says that the board is the one the move was chosen in.
        self.frames = move_frames(lay, self.board_view, moves,
                                  covered=(lay.action_panel, lay.log),
                                  note=tr("analysis.before_move"))

    def analysed(self) -> None:
        """The analysis shown changed: show the position and the curve again."""
        self._analysed = self.analysis.shown if self.analysis is not None else None
        self._show(self.position)
        self.layout(self._size)
        if self.app is not None:
            self.app.request_redraw()

    def first(self) -> None:
        self.go(0)

    def back(self) -> None:
        self.go(self.position - 1)

    def forward(self) -> None:
        self.go(self.position + 1)

    def last(self) -> None:
        self.go(self.total)

    def marked_position(self, step: int) -> int | None:
        """The position of the next (`step` 1) or previous (-1) marked move (the curve's
        dots), as a click on its dot shows it; None when there is none that way."""
        shown = self.analysis.shown if self.analysis is not None else None
        positions = [m.index + 1 for m in shown.marked()] if shown is not None else []
        if step > 0:
            return next((p for p in positions if p > self.position), None)
        return next((p for p in reversed(positions) if p < self.position), None)

    def to_marked(self, step: int) -> None:
        """Go to the next (`step` 1) or previous (-1) marked move, if there is one."""
        position = self.marked_position(step)
        if position is not None:
            self.go(position)

    def round_start(self, step: int) -> int:
        """The position at the start of the next (`step` 1) or previous (-1) round: just
        before its first move (the deal and the end bound the walk)."""
        log = self.cursor.log
        starts = [p for p in range(1, len(log)) if log[p].round != log[p - 1].round]
        if step > 0:
            return next((p for p in starts if p > self.position), self.total)
        return next((p for p in reversed(starts) if p < self.position), 0)

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        elif self.app is not None:
            self.app.stack.pop()

    def _update_buttons(self) -> None:
        at_start, at_end = self.position == 0, self.position == self.total
        self.steps["first"].enabled = self.steps["back"].enabled = not at_start
        self.steps["forward"].enabled = self.steps["last"].enabled = not at_end

    # ------------------------------------------------------------------ words

    @property
    def counter_text(self) -> str:
        """'Move 12 of 84', or the deal's heading at position 0."""
        if self.position == 0:
            return tr("review.deal_heading")
        return tr("review.move", number=self.position, total=self.total)

    @property
    def move_lines(self) -> list[str]:
        """What the move shown did (with the noble's visit it brought), or the deal; at a
        judged move its chances, and at a marked one the moves played and the expert's
        with the reason instead (worded once for the position and the layout)."""
        key = (self.position, self.judged, tuple(self._describe), i18n.language())
        if self._lines is None or self._lines[0] != key:
            self._lines = (key, self._move_lines())
        return self._lines[1]

    def _move_lines(self) -> list[str]:
        if self.position == 0:
            first = self.view.first_player
            return [said("review.deal", subject(first, self.review.names, self.review.seat))]
        move = self.judged
        if move is not None and move.label:
            # (The note that the board is the one before the move is in the legend.)
            kinds = self.analysis.kinds if self.analysis is not None else ()
            lines = judged_lines(move, self.review.names, self.review.data,
                                 self.review.seat, kinds, self.board_view)
            if self._fits(lines):
                return lines
            # No room for what the move played was for, then for the figures, the
            # tokens first (the longest words in the narrowest panels).
            lines = judged_lines(move, self.review.names, self.review.data,
                                 self.review.seat, kinds, self.board_view, detail=False)
            while len(lines) > 4 and not self._fits(lines):
                lines.pop()
            return lines
        entry = self.cursor.log[self.position - 1]
        lines = describe_entry(self.review.names[entry.seat], entry, self.review.data,
                               self.review.names, self.review.seat)
        return [*lines, chances_line(move)] if move is not None else lines

    def _fits(self, lines: list[str]) -> bool:
        """Whether `lines` fit the panel's room for words."""
        gap = self.picture.layout.px(3) if self.picture.layout is not None else 3
        box = self._describe
        return sum(lines_height(t, self._text_px, box.w) for t in lines) \
            + gap * (len(lines) - 1) <= box.h

    # ------------------------------------------------------------------ lifecycle

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)
        self.picture.forget_pointer(self.zoom)

    def resume(self) -> None:
        for button in self.form.widgets:
            assert isinstance(button, Button)
            button.pressed = False

    def layout(self, size: tuple[int, int]) -> None:
        """The board, and the review's panel in the board's action panel beside the bank:
        title, move, what it did, the timeline, the step buttons, the keys, Analyse and
        Close; once analysed, the curve over the log."""
        self._size = size
        lay = self.picture.lay_out(size, self.view.num_players, self.view.module)
        px = lay.px
        self.close_button.label = tr("common.button.close")
        self.analyse_button.label = tr("analysis.open")
        shown = self.analysis.shown if self.analysis is not None else None
        self._chart = None if shown is None else chance_layout(
            lay.log, px, max(theme.MIN_TEXT_PX, px(14)), shown, self._rounds, compact=True,
            keys=tr("review.keys_marked") if shown.marked() else "")
        self._frame_moves()
        panel = lay.action_panel
        self._panel = panel
        pad = px(12)
        inner = panel.inflate(-2 * pad, -2 * pad)
        self._text_px = size_px = max(theme.MIN_TEXT_PX, px(15))
        # The title in two lines where a language's words need them in a narrow panel.
        title_h = lines_height(tr("review.title").upper(), size_px, inner.w, bold=True)
        self._title = pygame.Rect(inner.x, inner.y, inner.w, title_h)
        counter_h = line_height(max(theme.MIN_TEXT_PX, px(21)))
        self._counter = pygame.Rect(inner.x, self._title.bottom + px(4), inner.w, counter_h)
        button_h = px(40)
        gap = px(8)
        self.close_button.px = self.analyse_button.px = max(theme.MIN_TEXT_PX, px(17))
        ends = [b for b in (self.analyse_button, self.close_button) if b.visible]
        ends_w = [b.width_for(button_h) for b in ends]
        # A wide panel (Trading Posts') has the step buttons, Analyse and Close in one row
        # at the bottom, the words the room of a second row; else Close (beside Analyse)
        # under the step buttons.
        one_row = (inner.w - sum(ends_w) - (len(ends) + 3) * gap) // 4 >= button_h
        row_y = inner.bottom - button_h
        if one_row:
            x = inner.right
            for button, width in zip(reversed(ends), reversed(ends_w), strict=True):
                x -= width
                button.rect = pygame.Rect(x, row_y, width, button_h)
                x -= gap
            steps_right = x
        else:
            width = (inner.w - gap * (len(ends) - 1)) // len(ends)
            for i, button in enumerate(ends):
                button.rect = pygame.Rect(inner.x + i * (width + gap), row_y, width, button_h)
            ends[-1].rect.right = inner.right
            steps_right = inner.right
        # Once analysed, the keys and the timeline (the curve is one) give their room to
        # the words of a marked move; the marked moves' keys are said under the curve.
        keys_h = 0 if shown is not None else lines_height(
            tr("review.keys"), max(theme.MIN_TEXT_PX, px(14)), inner.w)
        steps_y = row_y if one_row else row_y - px(8) - keys_h - px(8) - button_h
        keys_y = (steps_y if one_row else row_y) - px(8) - keys_h
        self._keys = pygame.Rect(inner.x, keys_y, inner.w, keys_h)
        step_w = (steps_right - inner.x - 3 * gap) // 4
        for i, name in enumerate(STEPS):
            self.steps[name].rect = pygame.Rect(inner.x + i * (step_w + gap), steps_y, step_w,
                                                button_h)
        above = keys_y if one_row and keys_h else steps_y  # the top of buttons and keys
        self._timeline = pygame.Rect(inner.x + px(8), above - px(12) - px(12),
                                     inner.w - 2 * px(8), px(12))
        bottom = self._timeline.y - px(12)
        if shown is not None:
            self._timeline = pygame.Rect(inner.x, steps_y, 0, 0)
            bottom = above - px(8)
        top = self._counter.bottom + px(10)
        self._describe = pygame.Rect(inner.x, top, inner.w, bottom - top)

    # ------------------------------------------------------------------ events

    def update(self, dt: float) -> None:
        shown = self.analysis.shown if self.analysis is not None else None
        if shown is not self._analysed:
            self.analysed()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self._key(event.key, getattr(event, "mod", 0), getattr(event, "unicode", ""))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self._chart is not None and self._chart.box.collidepoint(event.pos):
            # A marked move's dot goes to that move; elsewhere, to the nearest move.
            move = dot_at(self._chart, event.pos)
            self.go(move.index + 1 if move is not None
                    else position_at(self._chart, event.pos[0]))
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.go(self.position - event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self._timeline.inflate(0, self._timeline.h * 2).collidepoint(event.pos):
            self._dragging = True
            self._seek(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self._seek(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.picture.layout is not None:
            if self._chart is not None and self._chart.box.collidepoint(event.pos):
                self.picture.forget_pointer(self.zoom)  # the curve covers the log
            else:
                self.picture.point(self.zoom, event.pos, self.board_moves)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        self.form.handle_event(event)
        return True  # nothing beneath a review reacts

    def _key(self, key: int, mod: int, text: str) -> None:
        marked = self.analysis is not None and self.analysis.shown is not None
        shift = bool(mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
        # The marked moves: [ and ] (by the key, or by the character where a keyboard
        # types them with another key), or Shift with the arrows once analysed.
        elif key == pygame.K_LEFTBRACKET or text == "[" \
                or (marked and shift and key == pygame.K_LEFT):
            self.to_marked(-1)
        elif key == pygame.K_RIGHTBRACKET or text == "]" \
                or (marked and shift and key == pygame.K_RIGHT):
            self.to_marked(1)
        elif key == pygame.K_LEFT:
            self.back()
        elif key == pygame.K_RIGHT:
            self.forward()
        elif key == pygame.K_HOME:
            self.first()
        elif key == pygame.K_END:
            self.last()
        elif key in (pygame.K_PAGEUP, pygame.K_UP):
            self.go(self.round_start(-1))
        elif key in (pygame.K_PAGEDOWN, pygame.K_DOWN):
            self.go(self.round_start(1))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            focus = self.form.focus
            if isinstance(focus, Button):
                focus.click()
        elif key == pygame.K_TAB:
            self.form.move_focus(1)

    def _seek(self, x: int) -> None:
        """Jump to the move under `x` on the timeline."""
        bar = self._timeline
        fraction = (x - bar.x) / max(1, bar.w)
        self.go(round(max(0.0, min(1.0, fraction)) * self.total))

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.picture.layout
        assert lay is not None
        px = lay.px
        self.picture.draw(surface, self.board_view, self.board_moves, self.marks)
        draw_move_frames(surface, lay, self.frames, tr("analysis.before_move")
                         if self.judged is not None and self.judged.label else "")
        if self._chart is not None:
            draw_chance_chart(surface, self._chart, self.position,
                              self.judged.index if self.judged is not None else None)
        draw_panel(surface, self._panel, px(10), fill=theme.TABLE_DARK, edge=theme.ACCENT)
        draw_lines(surface, tr("review.title").upper(), self._text_px, theme.TEXT_DIM,
                   self._title, bold=True)
        draw_text(surface, self.counter_text, max(theme.MIN_TEXT_PX, px(21)), theme.ACCENT,
                  self._counter, align="left", bold=True)
        y = self._describe.y
        lines = self.move_lines
        for text, ink in zip(lines, self._line_inks(len(lines)), strict=True):
            box = pygame.Rect(self._describe.x, y, self._describe.w, self._describe.bottom - y)
            y = draw_lines(surface, text, self._text_px, ink, box) + px(3)
        if self._timeline.w:
            self._draw_timeline(surface, px)
        self.form.draw(surface)
        for name in STEPS:
            button = self.steps[name]
            ink = theme.TEXT if button.enabled else theme.TEXT_DIM
            _step_icon(surface, name, button.rect, ink)
        if self._keys.h:
            draw_lines(surface, tr("review.keys"), max(theme.MIN_TEXT_PX, px(14)),
                       theme.TEXT_DIM, self._keys)
        self.zoom.draw(surface, lay)

    def _line_inks(self, count: int) -> list[tuple[int, int, int]]:
        """The colours of the panel's lines: at a marked move, the mark in its colour,
        the move played and the expert's in their frames' colours, why, and the figures
        dim."""
        move = self.judged
        if move is None or not move.label:
            return [theme.TEXT] * count
        inks = [LABEL_INKS[move.label], PLAYED_INK, EXPERT_INK, theme.TEXT]
        return (inks + [theme.TEXT_DIM] * count)[:count]

    def _draw_timeline(self, surface: pygame.Surface, px: Callable[[float], int]) -> None:
        bar = self._timeline
        radius = bar.h // 2
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=radius)
        done = round(bar.w * self.position / max(1, self.total))
        if done:
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(bar.x, bar.y, done, bar.h),
                             border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, width=1, border_radius=radius)
        pygame.draw.circle(surface, theme.ACTIVE, (bar.x + done, bar.centery), px(9))
        pygame.draw.circle(surface, theme.INK, (bar.x + done, bar.centery), px(9), 2)


def _step_icon(surface: pygame.Surface, name: str, rect: pygame.Rect,
               ink: tuple[int, int, int]) -> None:
    """A step button's picture: a triangle pointing the way, with a bar for the ends."""
    s = min(rect.w, rect.h) * 0.22
    cx, cy = rect.center
    left = name in ("first", "back")
    sign = -1 if left else 1
    tip = cx + sign * s
    pygame.draw.polygon(surface, ink, [(tip, cy), (cx - sign * s, cy - s),
                                       (cx - sign * s, cy + s)])
    if name in ("first", "last"):
        bar_x = tip + sign * max(2, s * 0.25)
        w = max(2, round(s * 0.35))
        pygame.draw.rect(surface, ink, pygame.Rect(round(min(bar_x, bar_x + sign * w)),
                                                   round(cy - s), w, round(2 * s)))
