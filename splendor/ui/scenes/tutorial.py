"""The guided first game on the real table: the step's pieces ringed, a box that says
what to do and why, Skip tutorial and Leave; once the game is over, the box says how it
ended (the last move, the tie-break) and waits for Continue.

It is the table scene (the player's usual gestures play the step's move) over a
`TutorialSession`, which refuses other moves with the step's sentence; a refusal is shown
until the player moves on (a token taken, a card chosen, the right move). The box is laid
out when the window or the language changes (a resize) and when the step, the game or a
refusal changes (on the event or update that changed it), never while drawing: at the
top of the game log's column, the log (and the final round's banner over it) shortened
to the rest, so that no line of it is hidden; where that leaves too little of the log,
in the first of a few places that covers none of the pieces pointed at, nor the player's
area or action panel.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.session.table_session import TableSession
from splendor.session.tutorial import TutorialSession
from splendor.session.tutorial_data import Piece
from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.scenes.results import headline, tie_sentence
from splendor.ui.scenes.table import TableScene
from splendor.ui.sound import Sounds
from splendor.ui.table.layout import TableLayout
from splendor.ui.table.marks import draw_hint_frame
from splendor.ui.table.view import Assists
from splendor.ui.widgets import draw_lines, draw_panel, fit_text, line_height, lines_height
from splendor.ui.widgets.buttons import draw_flat_button
from splendor.ui.wording import describe_entry, module_name, refusal_text

#: Text sizes of the box (design pixels).
TEXT_PX, SMALL_PX = 16, 14
#: The log's lines (besides its title) that must stay readable under the box, or the box
#: goes elsewhere.
LOG_LINES_KEPT = 3


class TutorialTableScene(TableScene):
    """The table of the tutorial (see the module docstring)."""

    def __init__(self, session: TutorialSession, *, on_finished: Callable[[TableSession], None],
                 on_leave: Callable[[], None], on_skip: Callable[[], None],
                 speed: float = 1.0, sounds: Sounds | None = None,
                 decision_overlays: dict[str, Callable[..., Scene]] | None = None) -> None:
        super().__init__(session, on_finished=self._game_over, on_leave=on_leave,
                         assists=Assists(), speed=speed, sounds=sounds,
                         decision_overlays=decision_overlays,
                         on_pause=on_leave)
        self.tutorial = session
        self.on_skip = on_skip
        #: What ends the tutorial (the guided game's Continue, a lesson's last move).
        self.finish = on_finished
        #: The game is over: the box says how it ended, and Continue finishes.
        self.ended = False
        #: The box, its text area and buttons (Continue once ended), and the rings, as
        #: last laid out.
        self.box = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.skip_rect = pygame.Rect(0, 0, 0, 0)
        self.leave_rect = pygame.Rect(0, 0, 0, 0)
        self.continue_rect = pygame.Rect(0, 0, 0, 0)
        self.rings: list[pygame.Rect] = []
        #: What the box showed when laid out (see `_box_state`); None: to lay out.
        self._box_key: tuple[object, ...] | None = None
        #: The table's own layout, the log whole (the box may shorten `layout`'s log).
        self._table_layout: TableLayout | None = None
        self._text_px = TEXT_PX

    # ----------------------------------------------------------------- what is shown

    def step_text(self) -> str:
        return self.end_text() if self.ended else self.tutorial.words()

    def end_text(self) -> str:
        """How the game ended: its last move and who won, with the tie-break if any
        ('Tied on 15 points: you win with fewer purchased cards (14 vs 19).')."""
        session = self.session
        names = session.options.names
        last = session.log[-1]
        move = " · ".join(describe_entry(names[last.seat], last, session.data, names,
                                         self.ui.you))
        info = session.standings()
        result = tie_sentence(info, self.ui.you) or headline(info, self.ui.you)
        return tr("tutorial.end.text", move=move, result=result)

    def _game_over(self, session: TableSession) -> None:
        """The game is over: the final round stays on the table, the box says how it
        ended, and Continue (`finish`) goes on."""
        self.ended = True
        self._layout_box()
        if self.app is not None:
            self.app.request_redraw()

    def piece_rects(self) -> list[pygame.Rect]:
        """Where the step's pieces are drawn now."""
        step = self.tutorial.step
        if step is None or self.layout is None:
            return []
        return [r for r in (self._piece_rect(p) for p in step.point) if r is not None]

    def _piece_rect(self, piece: Piece) -> pygame.Rect | None:
        lay = self.layout
        assert lay is not None
        view = self.view()
        if piece.kind == "bank":
            return lay.bank[int(piece.key)]
        if piece.kind == "deck":
            return lay.decks[int(piece.key) - 1]
        if piece.kind == "card":
            return self.market_rect(str(piece.key)) or next(
                (r for cid, r in self.reserved_rects() if cid == piece.key), None)
        if piece.kind == "noble":
            return next((lay.nobles[i] for i, n in enumerate(view.nobles)
                         if n.id == piece.key and i < len(lay.nobles)), None)
        if piece.kind == "city":
            return next((lay.cities[i] for i, c in enumerate(getattr(view, "cities", ()))
                         if c.id == piece.key and i < len(lay.cities)), None)
        if piece.kind == "post":
            n = int(piece.key) - 1
            return lay.posts[n] if n < len(lay.posts) else None
        if piece.kind == "opponent":
            return lay.opponents[0] if lay.opponents else None
        return lay.my_area

    # ----------------------------------------------------------------- layout

    def resize(self, size: tuple[int, int]) -> None:
        # The table lays itself out (the log whole), then the box: see _layout_box.
        self._table_layout = None
        self._box_key = None
        super().resize(size)

    def _layout_panel(self) -> None:
        super()._layout_panel()
        self._layout_box()

    def _box_state(self) -> tuple[object, ...]:
        """What the box shows and where the step's pieces are, as values (a resize lays
        out for the window and the language)."""
        return (self.tutorial.index, self.session.version, self._refusal_text(),
                len(self.reserved_rects()), self.ended)

    def _layout_box(self) -> None:
        """Place the box where it hides nothing the step needs nor any line of the game
        log (see the module docstring), again only when `_box_state` changed since."""
        if self.layout is None:
            return
        if self._table_layout is None:  # just laid out by the table: the log whole
            self._table_layout = self.layout
        key = self._box_state()
        if key == self._box_key:
            return
        self._box_key = key
        lay = self._table_layout
        self.layout = lay  # where the pieces are (the log's place is the box's to share)
        self.rings = self.piece_rects()
        px = lay.px
        keep = [*self.rings, lay.my_area, lay.action_panel]
        # At the top of the game log's column, as wide as it, the log under it.
        box = self._sized(lay.log.w)
        box.topleft = lay.log.topleft
        rest = pygame.Rect(lay.log.x, box.bottom + px(8), lay.log.w,
                           lay.log.bottom - box.bottom - px(8))
        if rest.h < self._log_least() \
                or box.collidelist([k.inflate(px(12), px(12)) for k in keep]) >= 0:
            box = self._place(self._sized(min(px(520), lay.size[0] - px(16))), keep)
            rest = lay.log
        self.box = box
        self._place_inside(box)
        # The log, and the final round's banner over it, in what the box leaves.
        self.layout = dataclasses.replace(lay, log=rest, banner=rest)
        self._log_rows = None
        self.ui.hover_log = None

    def _log_least(self) -> int:
        """The height the game log needs for its title and LOG_LINES_KEPT lines (as
        table.view draws it)."""
        lay = self._table_layout
        assert lay is not None
        px = lay.px
        line = line_height(max(theme.MIN_TEXT_PX, px(14))) + px(3)
        return px(6) + line_height(px(15)) + px(4) + LOG_LINES_KEPT * line + px(8)

    def _sized(self, width: int) -> pygame.Rect:
        """The box `width` wide, as tall as the step's words and the buttons need."""
        lay = self.layout
        assert lay is not None
        px = lay.px
        self._text_px = max(theme.MIN_TEXT_PX, px(TEXT_PX))
        pad = px(12)
        inner = width - 2 * pad
        small = max(theme.MIN_TEXT_PX, px(SMALL_PX))
        refused = self._refusal_text()
        rows = 1 if width >= px(360) or self.ended else 2
        height = pad + theme.font(small).get_linesize() + px(4) \
            + lines_height(self.step_text(), self._text_px, inner) \
            + (lines_height(refused, self._text_px, inner, True) + px(6) if refused else 0) \
            + px(8) + rows * self._button_h() + (rows - 1) * px(8) + pad
        return pygame.Rect(0, 0, width, height)

    def _button_h(self) -> int:
        lay = self.layout
        assert lay is not None
        small = max(theme.MIN_TEXT_PX, lay.px(SMALL_PX))
        return max(lay.px(30), theme.font(small).get_linesize() + lay.px(10))

    def _place_inside(self, box: pygame.Rect) -> None:
        """The text area and the buttons inside `box` (side by side when it is wide)."""
        lay = self.layout
        assert lay is not None
        px = lay.px
        pad = px(12)
        inner = box.w - 2 * pad
        button_h = self._button_h()
        small = max(theme.MIN_TEXT_PX, px(SMALL_PX))
        top = box.y + pad + theme.font(small).get_linesize() + px(4)
        self.continue_rect = pygame.Rect(box.x + pad, box.bottom - pad - button_h, inner,
                                         button_h)
        if self.ended:  # Continue alone
            self.skip_rect = self.leave_rect = pygame.Rect(0, 0, 0, 0)
            self.text_rect = pygame.Rect(box.x + pad, top, inner,
                                         self.continue_rect.top - px(8) - top)
            return
        if box.w >= px(360):
            half = (inner - px(10)) // 2
            self.skip_rect = pygame.Rect(box.x + pad, box.bottom - pad - button_h, half, button_h)
            self.leave_rect = pygame.Rect(self.skip_rect.right + px(10), self.skip_rect.y,
                                          half, button_h)
        else:
            self.leave_rect = pygame.Rect(box.x + pad, box.bottom - pad - button_h, inner,
                                          button_h)
            self.skip_rect = self.leave_rect.move(0, -button_h - px(8))
        self.text_rect = pygame.Rect(box.x + pad, top, inner,
                                     self.skip_rect.top - px(8) - top)

    def _place(self, box: pygame.Rect, keep: list[pygame.Rect]) -> pygame.Rect:
        """The first candidate spot for `box` inside the window that overlaps none of
        `keep` (the log's corner, over the opponent, along the market's top, ...)."""
        lay = self.layout
        assert lay is not None
        window = pygame.Rect((0, 0), lay.size)
        spots = [
            {"topright": (lay.log.right, lay.log.top)},
            {"bottomright": (lay.log.right, lay.log.bottom)},
            {"topleft": (lay.header.left, lay.header.bottom)},
            {"topright": (window.right, window.top)},
            {"topleft": (window.left, window.top)},
            {"bottomleft": (window.left, lay.action_panel.top)},
            {"bottomright": (window.right, lay.action_panel.top)},
        ]
        placed: list[pygame.Rect] = []
        for spot in spots:
            rect = box.copy()
            for name, value in spot.items():
                setattr(rect, name, value)
            rect.clamp_ip(window)
            placed.append(rect)
            if rect.collidelist([k.inflate(lay.px(12), lay.px(12)) for k in keep]) < 0:
                return rect
        # Nowhere free of everything: at least keep the pieces pointed at clear.
        rings = [k.inflate(lay.px(12), lay.px(12)) for k in keep[:-2]]
        return next((r for r in placed if r.collidelist(rings) < 0), placed[0])

    def _refusal_text(self) -> str:
        """Why the step's move was not the one tried, while the table still says so: a
        token taken, a card chosen or the right move clears it."""
        reason = self.tutorial.refused
        if reason is None or reason != self.ui.refusal:
            return ""
        return refusal_text(reason, self.session.options.names)

    def update(self, dt: float) -> None:
        super().update(dt)
        # A module's lesson ends with the player's turn, the game not over: once the
        # move is shown and no decision is open, it is finished.
        if self.tutorial.done and not self._finished and not self.show.running \
                and not self.session.is_over() \
                and self.app is not None and self.app.stack.top is self:
            self._finished = True
            self.finish(self.session)

    # ----------------------------------------------------------------- events

    def confirm_take(self) -> None:
        """A take the step does not ask for goes back to the bank, so that the player
        starts the step's take afresh."""
        super().confirm_take()
        if self.tutorial.refused is not None:
            self.ui.pending = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.box.collidepoint(event.pos):
            return True  # the box's own click: released on a button, it acts
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.box.collidepoint(event.pos) and not self.ui.drag_color \
                and self.ui.drag_card is None:
            if self.ended and self.continue_rect.collidepoint(event.pos):
                self.finish(self.session)
            elif self.skip_rect.collidepoint(event.pos):
                self.on_skip()
            elif self.leave_rect.collidepoint(event.pos) and self.on_leave is not None:
                self.on_leave()
            return True
        if self.ended and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.finish(self.session)
            return True
        return super().handle_event(event)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.layout
        if lay is None or (self.tutorial.step is None and not self.ended):
            return
        px = lay.px
        for rect in self.rings:
            draw_hint_frame(surface, rect, px, lay.pieces)
        draw_panel(surface, self.box, px(12), fill=theme.PANEL, edge=theme.ACCENT, shadow=px(6))
        small = max(theme.MIN_TEXT_PX, px(SMALL_PX))
        lesson = self.tutorial.tutorial.module
        if self.ended:
            counter = tr("table.status.game_over")
        elif lesson is None:
            counter = tr("tutorial.counter", n=self.tutorial.index + 1,
                         total=len(self.tutorial.tutorial.steps))
        else:
            counter = module_name(lesson)
        pad = px(12)
        image = fit_text(counter, small, self.box.w - 2 * pad, theme.ACCENT, bold=True)
        surface.blit(image, (self.box.x + pad, self.box.y + pad))
        y = draw_lines(surface, self.step_text(), self._text_px, theme.TEXT, self.text_rect)
        refused = self._refusal_text()
        if refused:
            below = pygame.Rect(self.text_rect.x, y + px(6), self.text_rect.w,
                                self.text_rect.bottom - y - px(6))
            draw_lines(surface, refused, self._text_px, theme.DANGER, below, bold=True)
        if self.ended:
            draw_flat_button(surface, self.continue_rect, tr("tutorial.end.continue"), px,
                             text_px=SMALL_PX)
            return
        draw_flat_button(surface, self.skip_rect, tr("tutorial.skip"), px, text_px=SMALL_PX)
        draw_flat_button(surface, self.leave_rect, tr("tutorial.leave"), px, text_px=SMALL_PX)
