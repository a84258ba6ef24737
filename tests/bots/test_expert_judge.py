"""The expert's judge: a leaf reads one profile's values while another chooses the moves."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from splendor.bots.expert import ExpertBot, run_share
from splendor.bots.profiles import HeuristicProfile
from splendor.bots.search_worker import Share, ShareResult
from splendor.engine import GameState, Phase, observe
from tests.bots.test_leaf_model import DATA, hard, positions


class Spy:
    """A leaf that records the values it is shown and judges a coin."""

    def __init__(self) -> None:
        self.seen: list[list[float]] = []

    def chance(self, world: GameState, me: int, values: Sequence[float]) -> float:
        self.seen.append(list(values))
        return 0.5


def policy() -> HeuristicProfile:
    """Hard with other weights in every game: another policy, values on another scale."""
    return dataclasses.replace(hard(), weights=dataclasses.replace(
        hard().weights, points=2.5, prospect=1.2), modules=())


def judged(rollout: HeuristicProfile, judge: HeuristicProfile | None, module: str | None
           ) -> tuple[Spy, list[GameState]]:
    spy = Spy()
    bot = ExpertBot(rollout, DATA, 3, simulations=1, rollout_turns=4,
                    leaves={module: spy}, judge=judge)
    ends = []
    for world in positions(6, module):
        bot.judged(world, world.current)
        ends.append(world)
    return spy, ends


@pytest.mark.parametrize("module", [None, "cities"])
def test_the_leaf_reads_the_judges_values_at_the_policys_rollout_end(
    module: str | None,
) -> None:
    spy, ends = judged(policy(), hard(), module)
    judge = ExpertBot(hard(), DATA, 0)._evaluator(module)
    finished = [w for w in ends if not w.is_over()]
    assert finished and len(spy.seen) == len(finished)
    for values, world in zip(spy.seen, finished, strict=True):
        assert values == ExpertBot.values(world, judge)
    # The rollouts themselves are the policy's: the same worlds end elsewhere with hard's
    # moves, and the policy's values of those ends are another scale.
    _, hard_ends = judged(hard(), None, module)
    assert [w.turns for w in ends] == [w.turns for w in hard_ends]
    assert any(a.players != b.players for a, b in zip(ends, hard_ends, strict=True))
    own = ExpertBot(policy(), DATA, 0)._evaluator(module)
    assert any(values != ExpertBot.values(w, own)
               for values, w in zip(spy.seen, finished, strict=True))


def test_without_a_judge_the_rollout_profile_judges_as_before() -> None:
    spy, _ = judged(hard(), None, None)
    same, _ = judged(hard(), hard(), None)
    assert spy.seen == same.seen and spy.seen


def test_a_share_carries_the_judge_to_the_second_worker() -> None:
    # run_share is what the second worker runs: its statistics are the judge's.
    state = next(w for w in positions(8) if w.phase is Phase.MAIN
                 and len(w.legal_actions()) > 3)
    view = observe(state, state.current)
    candidates = tuple(view.legal_actions[:3])

    def share(judge: HeuristicProfile | None) -> ShareResult:
        return run_share(Share(1, policy(), view, candidates, 9, 24, None, True, 4,
                               judge=judge))

    def here(judge: HeuristicProfile | None) -> tuple[list[int], list[float]]:
        bot = ExpertBot(policy(), DATA, 9, budget=None, simulations=24, rollout_turns=4,
                        judge=judge)
        visits, totals, _ = bot.statistics(view, list(candidates), None, 24)
        return visits, totals

    judged_share = share(hard())
    assert judged_share.error is None
    assert (judged_share.visits, judged_share.totals) == here(hard())
    assert judged_share.totals != share(None).totals
