"""The expert's review of a game: every decision of the chosen seats judged from that
seat's view at that moment (`splendor.session.judge`), moves marked by the winning chance
they gave away, and a summary per seat.

Run it decision by decision, so a screen can show progress and cancel:

    run = Analysis(data, record, seats=(0,), budget=DEFAULT_BUDGET)
    while not run.finished:          # or: for task in ...: run.accept(judge(task, data))
        run.step()                   # one decision judged here; run.progress is 0..1
    analysis = run.result()          # GameAnalysis

or in the bots' process: send `run.next_task()` (a picklable `DecisionTask`, holding a
view, never the game) and hand the judgement that comes back to `run.accept`.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields
from typing import Any

from splendor.engine import GameData, GameState, observe, replay
from splendor.session.hints import REASONS, HintReason
from splendor.session.judge import DecisionTask, Judgement, judge, simulations_for
from splendor.session.seats import HUMAN

#: Simulations per main decision by default (small decisions get a quarter): a 30-round
#: two-player game, both seats, in about half a minute with two processes on the
#: reference 2-core machine (benchmarks/analysis_speed.py).
DEFAULT_BUDGET = 600
#: The labels, worst first, and the winning chance (0..1) a move must give away for each.
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
LABELS = tuple(name for name, _ in THRESHOLDS)
#: A drop is a label's only when it is this many standard errors of the paired estimate
#: (the judgement's `noise`) or more: a drop within the noise may be luck of the worlds.
NOISE_Z = 2.0


def label_for(drop: float, noise: float = 0.0) -> str:
    """The label of a move that gave away `drop` of the chance to win, with the standard
    error `noise` ('' for a good one, or a drop the estimate cannot tell from noise)."""
    if drop < NOISE_Z * noise:
        return ""
    return next((name for name, least in THRESHOLDS if drop >= least), "")


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    """One judged decision: `index` is the action's place in the record's history."""

    index: int
    seat: int
    round: int
    played: str
    best: str
    before: float
    after: float
    label: str
    #: Why the best move is good, and what the played one does (hint data to word).
    reason: HintReason
    played_reason: HintReason
    #: The standard error of `before - after` (see `splendor.session.judge`).
    noise: float = 0.0

    @property
    def drop(self) -> float:
        return max(0.0, self.before - self.after)

    @classmethod
    def of(cls, judgement: Judgement) -> MoveAnalysis:
        j = judgement
        before, after, noise = round(j.before, 4), round(j.after, 4), round(j.noise, 4)
        return cls(j.index, j.seat, j.round, j.played.text(), j.best.text(), before, after,
                   label_for(max(0.0, before - after), noise), j.reason, j.played_reason,
                   noise)

    def figures(self) -> dict[str, Any]:
        """The per-move figures the command line prints."""
        return {"index": self.index, "seat": self.seat, "played": self.played,
                "best": self.best, "before": self.before, "after": self.after,
                "noise": self.noise, "label": self.label}

    def to_json(self) -> dict[str, Any]:
        return {**self.figures(), "round": self.round, "reason": _reason_json(self.reason),
                "played_reason": _reason_json(self.played_reason)}

    @classmethod
    def from_json(cls, raw: Any) -> MoveAnalysis:
        """Read a stored move; ValueError saying what is wrong."""
        if not isinstance(raw, Mapping):
            raise ValueError("a move must be an object")
        ints = [raw.get(k) for k in ("index", "seat", "round")]
        if not all(type(v) is int and v >= 0 for v in ints):
            raise ValueError("a move needs whole numbers 'index', 'seat' and 'round'")
        texts = [raw.get(k) for k in ("played", "best")]
        if not all(isinstance(t, str) for t in texts):
            raise ValueError("a move needs the action texts 'played' and 'best'")
        chances = [raw.get(k) for k in ("before", "after")]
        if not all(type(c) in (int, float) and 0.0 <= float(c) <= 1.0  # type: ignore[arg-type]
                   for c in chances):
            raise ValueError("a move's 'before' and 'after' must be chances from 0 to 1")
        before, after = float(chances[0]), float(chances[1])  # type: ignore[arg-type]
        noise = raw.get("noise", 0.0)
        if type(noise) not in (int, float) or not 0.0 <= noise <= 1.0:
            raise ValueError("a move's 'noise' must be a number from 0 to 1")
        return cls(ints[0], ints[1], ints[2], texts[0], texts[1],  # type: ignore[arg-type]
                   before, after, label_for(max(0.0, before - after), float(noise)),
                   _reason_from(raw.get("reason")), _reason_from(raw.get("played_reason")),
                   float(noise))


def _reason_json(reason: HintReason) -> dict[str, Any]:
    out: dict[str, Any] = {"code": reason.code}
    for f in fields(HintReason):
        value = getattr(reason, f.name)
        if f.name != "code" and value != f.default:
            out[f.name] = value
    return out


def _reason_from(raw: Any) -> HintReason:
    if not isinstance(raw, Mapping) or raw.get("code") not in REASONS:
        raise ValueError("a move's reason must be an object with a known 'code'")
    values: dict[str, Any] = {}
    for f in fields(HintReason):
        if f.name in raw and f.name != "code":
            value = raw[f.name]
            kind = int if f.name in ("seat", "points", "level", "color", "post", "count") \
                else str
            if type(value) is not kind:
                raise ValueError(f"a move's reason has a bad {f.name!r}")
            values[f.name] = value
    return HintReason(raw["code"], **values)


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's game in figures: `counts` by label (every label present), the mean
    chance given away per decision, and the best stretch: the longest run of the seat's
    consecutive judged decisions with no label, as (first round, last round); ties go to
    the run that gave away least, then the earlier. None when every decision is marked."""

    seat: int
    decisions: int
    counts: dict[str, int]
    mean_drop: float
    best_stretch: tuple[int, int] | None


def _best_stretch(moves: Sequence[MoveAnalysis]) -> tuple[int, int] | None:
    best: tuple[int, float, int] | None = None  # (length, -given away, -start)
    found = None
    start = 0
    while start < len(moves):
        if moves[start].label:
            start += 1
            continue
        end = start
        while end + 1 < len(moves) and not moves[end + 1].label:
            end += 1
        run = moves[start:end + 1]
        key = (len(run), -sum(m.drop for m in run), -start)
        if best is None or key > best:
            best, found = key, (run[0].round, run[-1].round)
        start = end + 1
    return found


@dataclass(frozen=True)
class GameAnalysis:
    """The judged decisions of `seats`, in game order, at `budget` simulations."""

    budget: int
    seats: tuple[int, ...]
    moves: tuple[MoveAnalysis, ...]

    def of_seat(self, seat: int) -> tuple[MoveAnalysis, ...]:
        return tuple(m for m in self.moves if m.seat == seat)

    def marked(self) -> tuple[MoveAnalysis, ...]:
        """The moves with a label (the curve's dots), in game order."""
        return tuple(m for m in self.moves if m.label)

    def worst(self, seat: int | None = None) -> MoveAnalysis | None:
        """The move that gave away the most (of `seat`, or of any seat)."""
        moves = self.moves if seat is None else self.of_seat(seat)
        return max(moves, key=lambda m: m.drop, default=None)

    def curve(self, seat: int) -> tuple[tuple[int, float], ...]:
        """`seat`'s chance to win over the game: (record index, chance) before each of its
        judged decisions, and after its last one (at the index that follows it)."""
        moves = self.of_seat(seat)
        points = [(m.index, m.before) for m in moves]
        if moves:
            points.append((moves[-1].index + 1, moves[-1].after))
        return tuple(points)

    def summary(self, seat: int) -> SeatSummary:
        moves = self.of_seat(seat)
        counts = {name: sum(m.label == name for m in moves) for name in LABELS}
        mean = sum(m.drop for m in moves) / len(moves) if moves else 0.0
        return SeatSummary(seat, len(moves), counts, round(mean, 4), _best_stretch(moves))

    def figures(self) -> dict[str, Any]:
        """The command line's JSON: the budget, the seats and the per-move figures."""
        return {"budget": self.budget, "seats": list(self.seats),
                "moves": [m.figures() for m in self.moves]}

    def to_json(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "moves": [m.to_json() for m in self.moves]}

    @classmethod
    def from_json(cls, budget: int, raw: Any) -> GameAnalysis:
        """Read a stored analysis; ValueError saying what is wrong."""
        if not isinstance(raw, Mapping):
            raise ValueError("the analysis must be an object")
        seats, moves = raw.get("seats"), raw.get("moves")
        if not isinstance(seats, list) or not all(type(s) is int and s >= 0 for s in seats):
            raise ValueError("the analysis must list its seats as numbers")
        if not isinstance(moves, list):
            raise ValueError("the analysis must list its moves")
        read = tuple(MoveAnalysis.from_json(m) for m in moves)
        if any(m.seat not in seats for m in read):
            raise ValueError("the analysis has a move of a seat it does not list")
        return cls(budget, tuple(seats), tuple(sorted(read, key=lambda m: m.index)))


class Analysis:
    """The analysis of one game record, run decision by decision (see the module)."""

    def __init__(self, data: GameData, record: Mapping[str, Any],
                 seats: Iterable[int] | None = None, budget: int = DEFAULT_BUDGET,
                 known: GameAnalysis | None = None) -> None:
        """RecordError if the record does not replay, ValueError for a seat not in the
        game or a budget under 1. `known`: an analysis at the same budget whose seats are
        not judged again."""
        final = replay(data, dict(record))
        chosen = tuple(sorted(set(range(final.num_players) if seats is None else seats)))
        if not chosen or not all(0 <= s < final.num_players for s in chosen):
            raise ValueError(f"seats must be among 0..{final.num_players - 1}")
        if budget < 1:
            raise ValueError("the budget must be at least 1 simulation")
        self.data, self.budget, self.seats, self.final = data, budget, chosen, final
        reuse = known if known is not None and known.budget == budget else None
        kept = set(reuse.seats) & set(chosen) if reuse is not None else set()
        self._moves = [m for m in reuse.moves if m.seat in kept] if reuse else []
        self._tasks = _tasks(data, final, [s for s in chosen if s not in kept], budget)
        self.total = len(self._tasks)
        self.done = 0

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    @property
    def progress(self) -> float:
        """How much is done, 0..1 (1 with nothing left to judge)."""
        return 1.0 if not self.total else self.done / self.total

    def next_task(self) -> DecisionTask | None:
        """The next decision to judge (None when finished); the same until accepted."""
        return None if self.finished else self._tasks[self.done]

    def task_at(self, place: int) -> DecisionTask | None:
        """The decision at `place` in the run (0: the first), if it is still to judge."""
        return self._tasks[place] if self.done <= place < self.total else None

    def accept(self, judgement: Judgement) -> MoveAnalysis:
        """Take the judgement of `next_task()` (from `judge`, here or in another process)."""
        task = self.next_task()
        if task is None or judgement.index != task.index or judgement.seat != task.seat:
            raise ValueError("this judgement is not of the decision asked for")
        move = MoveAnalysis.of(judgement)
        self._moves.append(move)
        self.done += 1
        return move

    def step(self) -> MoveAnalysis | None:
        """Judge the next decision in this process; None when finished."""
        task = self.next_task()
        return None if task is None else self.accept(judge(task, self.data))

    def run(self, workers: int = 1,
            on_move: Callable[[MoveAnalysis], None] | None = None) -> GameAnalysis:
        """Judge every decision left and return the result: here, or in `workers` child
        processes when more than one (the same figures: a judgement is seeded by its
        position). `on_move` hears each judged move, in game order."""
        left = self._tasks[self.done:]
        if workers <= 1 or len(left) < 2:
            while (move := self.step()) is not None:
                if on_move is not None:
                    on_move(move)
            return self.result()
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(min(workers, len(left)), mp_context=context) as pool:
            for judgement in pool.map(_judge_in_child, left):
                move = self.accept(judgement)
                if on_move is not None:
                    on_move(move)
        return self.result()

    def result(self) -> GameAnalysis:
        """The analysis so far (complete once `finished`)."""
        return GameAnalysis(self.budget, self.seats,
                            tuple(sorted(self._moves, key=lambda m: m.index)))


def _judge_in_child(task: DecisionTask) -> Judgement:
    """`judge` in a child process, with the game data it loads once (a cache)."""
    from splendor.session.bot_process import game_data

    return judge(task, game_data("base"))


def _tasks(data: GameData, final: GameState, seats: Sequence[int], budget: int
           ) -> list[DecisionTask]:
    """The decisions of `seats` with more than one legal action, in game order."""
    state = GameState.from_setup(data, final.setup)
    tasks = []
    for index, action in enumerate(final.history):
        seat = state.current
        if seat is not None and seat in seats:
            view = observe(state, seat)
            if len(view.legal_actions) > 1:
                played = next((a for a in view.legal_actions if a == action), action)
                tasks.append(DecisionTask(index, view, played, simulations_for(view, budget)))
        state.apply(action)
    return tasks


def human_seats(kinds: Sequence[str]) -> tuple[int, ...]:
    """The seats a save's analysis judges by default: its people (every seat if none)."""
    people = tuple(s for s, kind in enumerate(kinds) if kind == HUMAN)
    return people or tuple(range(len(kinds)))

