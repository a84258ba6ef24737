"""One decision judged by the expert, from the deciding seat's view only.

The seat's chance to win is what the expert's search estimates: the mean score of its
simulations (a simulation deals a world consistent with the view, `WorldSampler`, plays a
move, continues with the rollout profile for a few turns, and scores the seat's win share
if the game ended, else the judged win chance of the position reached; see
`splendor.bots.expert`). The candidates are the expert's (its profile's best few) plus the
move played, and every candidate is played on the same sampled worlds with the same
rollout randomness (paired: the figures compare moves, not luck). `after` is the played
move's mean; `before` the chance with the best move, cross-fitted: the worlds split in
two halves, each half's favourite scored on the other half (the plain best of noisy means
is biased upwards and would mark good moves at small budgets); never under `after`, and
equal to it when the played move is the favourite over all the worlds (then `best`).
Everything is seeded by the position's place in the game, so a judgement asked again
(after a cancel, in another process) comes out the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from splendor.bots import make_bot
from splendor.bots.expert import SEARCHED_STEPS, ExpertBot
from splendor.engine import Action, GameData, Phase, View, WorldSampler
from splendor.session.hints import HintReason, explain

#: Decisions that are not a turn's main choice (returning tokens, choosing a noble) get
#: this share of the budget: they seldom change much, and are many.
SMALL_SHARE = 4
#: Every candidate is played on at least this many sampled worlds.
MIN_WORLDS = 2
#: Mixed into the position's seed so the analysis does not repeat a bot's own choices.
SALT = 0x5EED_A11A


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
    rng = random.Random(task_seed(task))
    bot = make_bot("expert", rng.getrandbits(32), data=data, budget=None)
    assert isinstance(bot, ExpertBot)
    candidates = bot.ranked(view, bot.scores(view))
    if played not in candidates:
        candidates.append(played)
    worlds = max(MIN_WORLDS, task.simulations // len(candidates))
    # values[w][k]: candidate k's score on world w.
    sampler = WorldSampler(view, data)
    values = [_paired(sampler, candidates, bot, rng) for _ in range(worlds)]
    best = _argmax([sum(row[k] for row in values) for k in range(len(candidates))])
    played_at = candidates.index(played)
    after = sum(row[played_at] for row in values) / worlds
    # The played move judged best gave nothing away; else the best move's chance, held out.
    before = after if best == played_at else max(after, _held_out_best(values))
    return Judgement(
        task.index, view.seat, view.round, played, candidates[best], before, after,
        explain(view, candidates[best], data).reason, explain(view, played, data).reason)


def _paired(sampler: WorldSampler, candidates: list[Action], bot: ExpertBot,
            rng: random.Random) -> list[float]:
    """Every candidate's score on one sampled world, with the same rollout luck."""
    world_seed, rollout_seed = rng.getrandbits(64), rng.getrandbits(64)
    world = sampler.deal(random.Random(world_seed))
    row = []
    for action in candidates:
        trial = world.clone()
        trial.apply(action)
        bot.rng = random.Random(rollout_seed)
        row.append(bot.judged(trial, sampler.view.seat))
    return row


def _argmax(totals: list[float]) -> int:
    """The best candidate; ties go to the expert's ranking (its favourite is first)."""
    return max(range(len(totals)), key=lambda k: (totals[k], -k))


def _held_out_best(values: list[list[float]]) -> float:
    """The chance with the best move, without the luck of choosing it: the worlds split
    in two halves, each half's favourite is scored on the other half (cross-fitting;
    the best of noisy means would be biased upwards, and mark good moves)."""
    half = len(values) // 2
    parts = (values[:half], values[half:])
    scores = []
    for pick, judge_on in (parts, parts[::-1]):
        k = _argmax([sum(row[i] for row in pick) for i in range(len(values[0]))])
        scores.append(sum(row[k] for row in judge_on) / len(judge_on))
    return (scores[0] * len(parts[1]) + scores[1] * len(parts[0])) / len(values)
