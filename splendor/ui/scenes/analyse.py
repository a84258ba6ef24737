"""The Analyse panel: the expert's review of a finished game, run in the bots' process.

Over the results, the review or the Load screen: what the expert does, the seats judged
("My moves" or "All players", when some seats are not people's), the depth (simulations
per decision), Start and Cancel. Running, a progress bar follows the decisions judged
while the window goes on drawing; Cancel stops it and keeps nothing. A choice analysed
already is shown at once (Show). When it ends, the panel closes and `on_done` gets the
analysis (the screen beneath shows it).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from splendor.i18n import tr
from splendor.session.analysis import DEFAULT_BUDGET, GameAnalysis
from splendor.session.analysis_job import AnalysisJob, AnalysisSource
from splendor.ui import theme, widgets
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.overlay_base import ButtonsOverlay
from splendor.ui.widgets import draw_lines, draw_text, fit_text

if TYPE_CHECKING:
    from splendor.session.game import Bots

#: The depths offered: their catalog names and simulations per decision (the engine's
#: default in the middle).
DEPTHS: tuple[tuple[str, int], ...] = (
    ("quick", DEFAULT_BUDGET // 4), ("normal", DEFAULT_BUDGET), ("deep", DEFAULT_BUDGET * 3))


@dataclass
class AnalysisChoice:
    """What the panel asks for, remembered by the window between panels."""

    all_seats: bool = False
    budget: int = DEFAULT_BUDGET


class AnalyseScene(ButtonsOverlay):
    """The panel; `bots` gives where decisions are judged (the window's bots' process)."""

    box_size = (680, 330)

    def __init__(self, source: AnalysisSource, bots: Callable[[], Bots],
                 choice: AnalysisChoice, on_done: Callable[[GameAnalysis], None]) -> None:
        super().__init__()
        self.source = source
        self._bots = bots
        self.choice = choice
        self.on_done = on_done
        #: The job for the choice made (prepared to count its decisions; running once
        #: started).
        self.job: AnalysisJob | None = None
        self.started = False
        self._seat_spots: list[tuple[bool, pygame.Rect]] = []
        self._depth_spots: list[tuple[int, pygame.Rect]] = []
        self._labels: dict[str, pygame.Rect] = {}
        self._intro = pygame.Rect(0, 0, 0, 0)
        self._status = pygame.Rect(0, 0, 0, 0)
        self._bar = pygame.Rect(0, 0, 0, 0)
        self._cancel = pygame.Rect(0, 0, 0, 0)
        self._start = pygame.Rect(0, 0, 0, 0)
        self._prepare()

    title_key = "analysis.title"

    # ------------------------------------------------------------------ the run

    def _prepare(self) -> None:
        """A job for the choice made (not started): how many decisions it has to judge."""
        seats = self.source.seats_for(self.choice.all_seats)
        self.job = AnalysisJob(self.source, seats, self.choice.budget, self._bots())

    @property
    def kept(self) -> bool:
        """Whether the choice made is analysed already (nothing to judge)."""
        return self.job is not None and self.job.total == 0

    @property
    def running(self) -> bool:
        return self.started and self.job is not None and self.job.running

    def choose_seats(self, all_seats: bool) -> None:
        if self.started or all_seats == self.choice.all_seats:
            return
        self.choice.all_seats = all_seats
        self._prepare()
        self.relayout()  # the decisions to judge are said again

    def choose_depth(self, budget: int) -> None:
        if self.started or budget == self.choice.budget:
            return
        self.choice.budget = budget
        self._prepare()
        self.relayout()

    def start(self) -> None:
        """Begin judging (or show at once what is analysed already)."""
        if self.started or self.job is None:
            return
        self.started = True
        self.relayout()  # the progress bar, Cancel alone
        self._advance()

    def exit(self) -> None:
        # However the panel goes (closed, or the window quits under it), a run still
        # going stops and the analysis' own process with it.
        if self.job is not None and self.job.running:
            self.job.cancel()
        super().exit()

    def cancel(self) -> None:
        """Stop a run (nothing is kept) and close the panel."""
        if self.job is not None:
            self.job.cancel()
        self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        else:
            self.focus.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        if self.running:
            self._advance()
        super().update(dt)

    def _advance(self) -> None:
        job = self.job
        assert job is not None
        job.tick()
        if job.result is not None:
            self.source.show(job.result)  # before closing: the scene under it resumes on it
            self.close()
            self.on_done(job.result)
            notice = self.source.notice
            if notice is not None and notice[0] != "damaged" and self.app is not None:
                # Shown over the review: the analysis lives only as long as the window.
                file = notice[1]
                self.app.stack.push(MessageScene(
                    lambda: tr("analysis.notice.title"),
                    lambda: tr(f"analysis.notice.{notice[0]}", file=file)))
        elif job.error:
            self.follow_state()  # the reason, where the progress was

    @property
    def busy(self) -> bool:
        return self.running

    # ------------------------------------------------------------------ words

    @property
    def status(self) -> str:
        job = self.job
        if job is None:
            return ""
        if job.error:
            return tr("analysis.failed", detail=job.error)
        if self.started:
            return tr("analysis.progress", done=job.done, total=job.total)
        if self.kept:
            return tr("analysis.kept")
        said = tr("analysis.to_judge", job.total)
        notice = self.source.notice
        if notice is not None and notice[0] == "damaged":
            said += " " + tr("analysis.notice.damaged", file=notice[1])
        return said

    def state(self) -> tuple[object, ...]:
        return (self.started, self.choice.all_seats, self.choice.budget,
                bool(self.job and self.job.error))

    def _status_room(self, text_px: int, width: int) -> int:
        """The height kept for the status: while judging, for the progress at its widest
        (all judged), so that the counting never lays the panel out again."""
        height = widgets.lines_height(self.status, text_px, width)
        job = self.job
        if self.started and job is not None and not job.error:
            widest = tr("analysis.progress", done=job.total, total=job.total)
            height = max(height, widgets.lines_height(widest, text_px, width))
        return height

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        intro = widgets.lines_height(tr("analysis.intro"), self.text_px(surface, 16),
                                     width - px(48))
        rows = 2 if self.source.offers_choice else 1
        status = self._status_room(self.text_px(surface, 16), width - px(48))
        return (px(60) + intro + px(14) + rows * px(46) + px(10) + px(16) + px(8) + status
                + px(18) + px(42) + px(22))

    # ------------------------------------------------------------------ layout

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        text_px = self.text_px(surface, 16)
        inner_x, inner_w = box.x + px(24), box.w - px(48)
        y = box.y + px(60)
        intro_h = widgets.lines_height(tr("analysis.intro"), text_px, inner_w)
        self._intro = pygame.Rect(inner_x, y, inner_w, intro_h)
        y += intro_h + px(14)
        label_w = max(theme.font(text_px, bold=True).size(tr(f"analysis.{k}"))[0]
                      for k in ("moves", "depth")) + px(16)
        self._labels = {}
        self._seat_spots = []
        self._depth_spots = []
        rows: list[tuple[str, list[tuple[object, str]]]] = []
        if self.source.offers_choice:
            rows.append(("moves", [(False, "mine"), (True, "all")]))
        rows.append(("depth", [(budget, name) for name, budget in DEPTHS]))
        for name, options in rows:
            self._labels[name] = pygame.Rect(inner_x, y, label_w, px(38))
            gap = px(8)
            room = inner_w - label_w
            w = (room - gap * (len(options) - 1)) // len(options)
            for i, (value, _) in enumerate(options):
                rect = pygame.Rect(inner_x + label_w + i * (w + gap), y, w, px(38))
                if name == "moves":
                    self._seat_spots.append((bool(value), rect))
                else:
                    assert isinstance(value, int)
                    self._depth_spots.append((value, rect))
            y += px(46)
        y += px(10)
        self._bar = pygame.Rect(inner_x, y, inner_w, px(16))
        y += px(16) + px(8)
        self._status = pygame.Rect(inner_x, y, inner_w, self._status_room(text_px, inner_w))
        w, h = min(px(180), (box.width - px(60)) // 2), px(42)
        self._cancel = pygame.Rect(box.centerx - w - px(10), box.bottom - h - px(22), w, h)
        self._start = pygame.Rect(box.centerx + px(10), box.bottom - h - px(22), w, h)
        if self.started:
            self._cancel.centerx = box.centerx
            self.focus.set_spots([(self._cancel, self.cancel)])
            return
        spots: list[tuple[pygame.Rect, Callable[[], object]]] = []
        for all_seats, rect in self._seat_spots:
            spots.append((rect, functools.partial(self.choose_seats, all_seats)))
        for budget, rect in self._depth_spots:
            spots.append((rect, functools.partial(self.choose_depth, budget)))
        spots += [(self._cancel, self.cancel), (self._start, self.start)]
        self.focus.set_spots(spots)
        self.focus.index = len(spots) - 1  # Start first

    # ------------------------------------------------------------------ drawing

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        text_px = self.text_px(surface, 16)
        draw_lines(surface, tr("analysis.intro"), text_px, theme.TEXT_DIM, self._intro)
        for name, rect in self._labels.items():
            draw_text(surface, tr(f"analysis.{name}"), text_px, theme.TEXT, rect, align="left",
                      bold=True)
        names = {False: "mine", True: "all"}
        for all_seats, rect in self._seat_spots:
            self._segment(surface, rect, tr(f"analysis.{names[all_seats]}"),
                          all_seats == self.choice.all_seats, px)
        for (name, budget), (_, rect) in zip(DEPTHS, self._depth_spots, strict=True):
            self._segment(surface, rect, tr(f"analysis.{name}"), budget == self.choice.budget,
                          px)
        job = self.job
        if self.started and job is not None:
            bar = self._bar
            pygame.draw.rect(surface, theme.TABLE_DARK, bar, border_radius=bar.h // 2)
            done = round(bar.w * job.progress)
            if done:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(bar.x, bar.y, done, bar.h),
                                 border_radius=bar.h // 2)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=bar.h // 2)
        ink = theme.DANGER if job is not None and job.error else theme.TEXT
        draw_lines(surface, self.status, text_px, ink, self._status,
                   align="center" if self.started else "left")
        self.button(surface, self._cancel, tr("common.button.cancel"
                                              if self.running else "common.button.close")
                    if self.started else tr("common.button.cancel"))
        if not self.started:
            self.button(surface, self._start, tr("analysis.show" if self.kept
                                                 else "analysis.start"))

    def _segment(self, surface: pygame.Surface, rect: pygame.Rect, label: str, chosen: bool,
                 px: Callable[[float], int]) -> None:
        """One option of a row: gold when chosen, a dark frame otherwise (greyed while
        the analysis runs)."""
        fill = theme.ACCENT if chosen else theme.TABLE_DARK
        ink = theme.INK if chosen else (theme.TEXT_DIM if self.started else theme.TEXT)
        pygame.draw.rect(surface, fill, rect, border_radius=px(8))
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=px(8))
        image = fit_text(label, self.text_px(surface, 16), rect.w - px(12), ink, bold=chosen)
        widgets.blit_center(surface, image, rect.center)
