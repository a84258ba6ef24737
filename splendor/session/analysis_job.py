"""The expert's review as a screen runs it: which finished game, where its analysis is
kept, and a job that judges one decision at a time in the bots' process.

`AnalysisSource` is one finished game (its final state, its seats' kinds) and the file
that keeps its analysis (a save or record, or None: kept for this window only). It
remembers every analysis made or read, by budget, so a second look costs nothing: an
analysis of more seats answers for fewer.

`AnalysisJob` runs `Analysis` through the bots (`BotProcess`, or `InlineBots` in tools):
`tick()` from the frame loop takes the answer that came and sends the next decision,
never waiting; `cancel()` drops the outstanding request and keeps nothing. Only a
finished job's analysis is kept (whole, in one atomic write).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from splendor.engine import GameData, GameState, make_record
from splendor.session.analysis import Analysis, GameAnalysis, MoveAnalysis, human_seats
from splendor.session.analysis_store import AnalysisProblem, keep_analysis, kept_analysis
from splendor.session.bot_process import AnalysisRequest, BotProcess
from splendor.session.judge import Judgement
from splendor.session.log import replayed_log

if TYPE_CHECKING:
    from splendor.session.game import Bots

log = logging.getLogger("splendor")


def only_seats(analysis: GameAnalysis, seats: Sequence[int]) -> GameAnalysis:
    """`analysis` cut down to `seats` (those it holds)."""
    chosen = tuple(s for s in analysis.seats if s in seats)
    return GameAnalysis(analysis.budget, chosen,
                        tuple(m for m in analysis.moves if m.seat in chosen))


def merged(old: GameAnalysis | None, new: GameAnalysis) -> GameAnalysis:
    """`new` with the seats of `old` (same budget) it does not hold."""
    if old is None or old.budget != new.budget:
        return new
    extra = [m for m in old.moves if m.seat not in new.seats]
    seats = tuple(sorted(set(new.seats) | set(old.seats)))
    return GameAnalysis(new.budget, seats,
                        tuple(sorted((*new.moves, *extra), key=lambda m: m.index)))


@dataclass
class AnalysisSource:
    """A finished game a screen may analyse, and where its analysis is kept."""

    data: GameData
    #: The game's final position (its record and its digest come from it).
    state: GameState
    #: Each seat's kind ("human" or a bot's name): "my moves" are the people's.
    kinds: tuple[str, ...]
    #: The save or record that keeps the analysis; None: this window only.
    path: Path | None = None
    #: What went wrong reading or keeping the file's analysis ('' when nothing).
    problem: str = ""
    #: The same for the player: (kind, file name), kind "damaged" (the file's analysis
    #: could not be read: made again), "not_kept" (the file could not take it) or
    #: "newer" (the file holds a newer version's analysis, left alone); None: nothing.
    notice: tuple[str, str] | None = None
    #: The analyses made or read, by budget (the file's, merged with this window's).
    _known: dict[int, GameAnalysis] = field(default_factory=dict)
    _read: set[int] = field(default_factory=set)
    _rounds: tuple[int, ...] | None = None
    #: The analysis the screens show (the last one made or opened), if any.
    shown: GameAnalysis | None = None

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of "my moves": the people's (every seat when there is none)."""
        return human_seats(self.kinds)

    @property
    def offers_choice(self) -> bool:
        """Whether "my moves / all seats" is a choice (some seats are not people's)."""
        return len(self.people) < len(self.kinds)

    def action_rounds(self) -> tuple[int, ...]:
        """Each action's round, in game order (the curve's axis)."""
        if self._rounds is None:
            start = GameState.from_setup(self.data, self.state.setup)
            self._rounds = tuple(e.round for e in replayed_log(start, tuple(self.state.history)))
        return self._rounds

    def seats_for(self, all_seats: bool) -> tuple[int, ...]:
        return tuple(range(len(self.kinds))) if all_seats else self.people

    def known(self, budget: int) -> GameAnalysis | None:
        """Every seat analysed at `budget` so far (this window's, or the file's)."""
        if budget not in self._read and self.path is not None:
            self._read.add(budget)
            found, problem = kept_analysis(self.path, self.state, budget)
            if problem:
                log.warning("analysis: %s", problem)
                self.problem = problem
                self.notice = ("damaged", self.path.name)
            if found is not None:
                self._known[budget] = merged(found, self._known[budget]) \
                    if budget in self._known else found
        return self._known.get(budget)

    def kept(self, seats: Sequence[int], budget: int) -> GameAnalysis | None:
        """The analysis of `seats` at `budget` if it is known whole, else None."""
        known = self.known(budget)
        if known is None or not set(seats) <= set(known.seats):
            return None
        return only_seats(known, seats)

    def keep(self, analysis: GameAnalysis) -> None:
        """Remember a finished analysis and keep it in the file (with the seats already
        kept at its budget); a file that cannot take it is logged and named in
        `problem`, the analysis then lives as long as the window."""
        whole = merged(self.known(analysis.budget), analysis)
        self._known[analysis.budget] = whole
        if self.path is None:
            return
        try:
            if not keep_analysis(self.path, self.state, whole):
                self.problem = f"{self.path.name} holds a newer version's analysis"
                self.notice = ("newer", self.path.name)
        except AnalysisProblem as exc:
            log.warning("analysis not kept: %s", exc)
            self.problem = str(exc)
            self.notice = ("not_kept", self.path.name)

    def show(self, analysis: GameAnalysis | None) -> None:
        self.shown = analysis


def extra_processes() -> int:
    """Bots' processes an analysis adds beside the window's: one when there is a second
    core (both cores judge, each its own decisions), else none."""
    return 1 if (os.cpu_count() or 1) > 1 else 0


class AnalysisJob:
    """One analysis run for a screen, decisions judged through `bots` and, when `bots` is
    a bots' process, `extra` more processes of its own (started on the first tick, closed
    when the job ends), each judging its own decisions; the figures are the same (a
    judgement is seeded by its position), only sooner."""

    def __init__(self, source: AnalysisSource, seats: Sequence[int], budget: int,
                 bots: Bots, extra: int | None = None) -> None:
        self.source = source
        self.bots = bots
        self.run = Analysis(source.data, make_record(source.state), seats, budget,
                            source.known(budget))
        #: The finished analysis (None until then, and after a cancel).
        self.result: GameAnalysis | None = None
        #: Why the bots could not judge a decision ('' when nothing went wrong).
        self.error = ""
        self.cancelled = False
        self._extra = (extra_processes() if extra is None else extra) \
            if isinstance(bots, BotProcess) else 0
        self._workers: list[Bots] = [bots]
        #: By worker (its place in `_workers`): the decision (place in the run) it judges.
        self._asked: dict[int, int] = {}
        #: Judgements that came before those ahead of them, by place in the run.
        self._early: dict[int, Judgement] = {}
        self._handed = self.run.done

    @property
    def done(self) -> int:
        return self.run.done

    @property
    def total(self) -> int:
        return self.run.total

    @property
    def progress(self) -> float:
        return self.run.progress

    @property
    def running(self) -> bool:
        return self.result is None and not self.error and not self.cancelled

    def tick(self) -> MoveAnalysis | None:
        """Take the answers that came, if any, and hand out the next decisions; never
        waits. The last move judged by this call, or None."""
        if not self.running:
            return None
        if len(self._workers) == 1 and self._extra and self.total - self.done > 1:
            self._workers += [BotProcess() for _ in range(self._extra)]
        for worker, place in list(self._asked.items()):
            answer = self._workers[worker].poll()
            if answer is None:
                continue
            del self._asked[worker]
            if answer.error is not None or answer.detail is None:
                self.error = answer.error or "no judgement came back"
                log.warning("analysis failed: %s", self.error)
                self._stop()
                return None
            self._early[place] = answer.detail
        judged = None
        while self.run.done in self._early:  # in game order
            judged = self.run.accept(self._early.pop(self.run.done))
        if self.run.finished:
            self.result = self.run.result()
            self._stop()
            if self.run.total:  # else all of it was known: nothing new to keep
                self.source.keep(self.result)
            return judged
        for worker in range(len(self._workers)):
            task = self.run.task_at(self._handed)
            if worker in self._asked or task is None:
                continue
            self._workers[worker].submit(AnalysisRequest(0, task))
            self._asked[worker] = self._handed
            self._handed += 1
        return judged

    def cancel(self) -> None:
        """Stop: the outstanding requests are dropped and nothing is kept."""
        self._stop()
        if self.result is None:
            self.cancelled = True

    def _stop(self) -> None:
        """Drop what is asked, and close the job's own processes."""
        for worker in self._asked:
            self._workers[worker].cancel()
        self._asked.clear()
        for extra in self._workers[1:]:
            extra.close()
        del self._workers[1:]
