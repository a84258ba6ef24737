"""One decision judged by the expert, from the deciding seat's view only.

A seat's chance to win is what the expert's simulations estimate: a simulation deals a
world consistent with the view (`WorldSampler`), plays a move, continues as the expert's
search does for a few turns, and scores the seat's win share if the game ended, else the
judged win chance of the position reached (`splendor.bots.expert`).

A judgement has two stages, both seeded by the position (the seat and the action's place
in the game), never by the move played:

1. **Choosing**: every legal move is compared by sequential halving over paired worlds
   (each phase plays the moves still in on the same worlds with the same rollout luck,
   then drops the worse half); the survivor is the best move.
2. **Judging**: the best move and the move played are played on fresh worlds, paired.
   `before` is the best move's mean there, `after` the played move's, and `noise` the
   standard error of their paired difference. The same position therefore gets the same
   `before` and best move whatever was played, and the worlds of stage 2 are not those
   the best was chosen on (its chance is not flattered by the choice).

A move is marked (a label) only when its drop is both past the label's threshold and
`NOISE_Z` standard errors (see `splendor.session.analysis`).
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass

from splendor.bots import make_bot
from splendor.bots.expert import SEARCHED_STEPS, ExpertBot
from splendor.engine import Action, GameData, Phase, View
from splendor.session.hints import HintReason, explain

#: Decisions that are not a turn's main choice (returning tokens, choosing a noble) get
#: this share of the budget: they seldom change much, and are many.
SMALL_SHARE = 4
#: The share of a decision's simulations spent choosing the best move; the rest judges
#: it and the played move.
CHOOSE_SHARE = 0.5
#: The moves the first stage keeps for the second (beside the one played).
FINALISTS = 3
#: Stage 2 plays at least this many worlds.
MIN_WORLDS = 8
#: Mixed into the position's seed so the analysis does not repeat a bot's own choices;
#: and to tell the two stages' random streams apart.
SALT = 0x5EED_A11A
JUDGE_SALT = 0x0DD5_1DE5


@dataclass(frozen=True, slots=True)
class DecisionTask:
    """A decision to judge: the seat's `view` then (never the full game), the move played,
    the action's `index` in the record, and the simulations allowed."""

    index: int
    view: View
    played: Action
    simulations: int

    @property
    def seat(self) -> int:
        return self.view.seat


@dataclass(frozen=True, slots=True)
class Judgement:
    """The expert's figures for one decision: chances to win are 0..1."""

    index: int
    seat: int
    round: int
    played: Action
    best: Action
    before: float
    after: float
    #: Why the best move is good, and what the played move does (hint data).
    reason: HintReason
    played_reason: HintReason
    #: The standard error of `before - after` (paired worlds; 0 when the played move is
    #: the best one).
    noise: float = 0.0

    @property
    def drop(self) -> float:
        """The chance to win the played move gave away (0 when it was the best found)."""
        return max(0.0, self.before - self.after)


def task_seed(task: DecisionTask) -> int:
    """The seed of a judgement: the seat and the action's place in the game only."""
    return ((task.seat + 1) * 1_000_003 + task.index) * 2_654_435_761 + SALT


def simulations_for(view: View, budget: int) -> int:
    """The simulations a decision of `view` gets from a `budget` per main decision."""
    small = view.phase is not Phase.MAIN and view.phase not in SEARCHED_STEPS
    return max(1, budget // SMALL_SHARE) if small else budget


def judge(task: DecisionTask, data: GameData) -> Judgement:
    """The expert's judgement of `task` (deterministic for a given task)."""
    view, played = task.view, task.played
    if played not in view.legal_actions:
        raise ValueError(f"{played.text()!r} is not a legal move of this decision")
    seed = task_seed(task)
    bot = make_bot("expert", seed & 0xFFFF_FFFF, data=data, budget=None)
    assert isinstance(bot, ExpertBot)
    # In the rollout profile's order: moves the worlds cannot tell apart (a sure win,
    # whatever is bought first) are ranked by what the profile prefers.
    scores = bot.scores(view)
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    legal = [view.legal_actions[i] for i in order]
    choosing = max(len(legal), round(task.simulations * CHOOSE_SHARE))
    bot.rng = random.Random(seed)
    finalists = [legal[i] for i in bot.finalists(view, legal, choosing, FINALISTS)]
    moves = finalists + ([] if played in finalists else [played])
    worlds = max(MIN_WORLDS, (task.simulations - choosing) // (FINALISTS + 1))
    rows = bot.paired_values(view, moves, worlds, random.Random(seed ^ JUDGE_SALT))
    means = [statistics.fmean(row[k] for row in rows) for k in range(len(moves))]
    best_at = max(range(len(finalists)), key=lambda k: (means[k], -k))
    best, played_at = moves[best_at], moves.index(played)
    # The best's chance held out from its choice (its own mean would be flattered), the
    # same whatever was played; the best move played gave nothing away.
    before = _held_out_best([row[:len(finalists)] for row in rows])
    after, noise = before, 0.0
    if best_at != played_at:
        after = min(before, means[played_at])  # a move not chosen is not better than best
        diffs = [row[best_at] - row[played_at] for row in rows]
        noise = statistics.stdev(diffs) / math.sqrt(worlds)
    return Judgement(
        task.index, view.seat, view.round, played, best, before, after,
        explain(view, best, data).reason, explain(view, played, data).reason, noise)


def _held_out_best(values: list[list[float]]) -> float:
    """The chance with the best move, without the luck of choosing it: the worlds split
    in two halves, each half's favourite is scored on the other half (cross-fitting;
    the best of noisy means would be biased upwards, and mark good moves)."""
    half = len(values) // 2
    parts = (values[:half], values[half:])
    scores = []
    for pick, judge_on in (parts, parts[::-1]):
        totals = [sum(row[i] for row in pick) for i in range(len(values[0]))]
        k = max(range(len(totals)), key=lambda i: (totals[i], -i))
        scores.append(sum(row[k] for row in judge_on) / len(judge_on))
    return (scores[0] * len(parts[1]) + scores[1] * len(parts[0])) / len(values)
