"""A policy's prior in the expert's halving: the candidates' logits weighed with their
values (Gumbel-style), in this worker and the second."""

from __future__ import annotations

from splendor.bots.expert import ExpertBot, run_share
from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
from splendor.engine import Action, GameState, Phase, View
from tests.bots.test_expert_halving import decisions
from tests.bots.test_expert_workers import InProcess
from tests.bots.test_leaf_model import DATA


class Favouring(ExpertBot):
    """An expert whose prior gives candidate `favoured` the logit `logit`, the rest 0."""

    def __init__(self, favoured: int, logit: float, **kwargs: object) -> None:
        profiles = shipped_profiles()
        hard, expert = profiles["hard"], profiles["expert"]
        assert isinstance(hard, HeuristicProfile) and isinstance(expert, SearchProfile)
        super().__init__(hard, DATA, 7, halving=(None,), leaves=expert.leaves(),
                         budget=None, **kwargs)  # type: ignore[arg-type]
        self.favoured, self.logit = favoured, logit
        self.asked = 0

    def prior(self, view: View, candidates: list[Action]) -> list[float] | None:
        self.asked += 1
        return [self.logit if k == self.favoured else 0.0 for k in range(len(candidates))]


def worst(view: View, candidates: list[Action]) -> int:
    """The candidate the search without a prior drops first with the lowest mean."""
    visits, totals, _ = Favouring(0, 0.0).statistics(view, candidates, None, 120)
    return min(range(len(candidates)), key=lambda k: (visits[k], totals[k] / visits[k]))


def test_a_strong_prior_keeps_a_poor_candidate_to_the_end_and_plays_it() -> None:
    for view, candidates in decisions(3):
        k = worst(view, candidates)
        searcher = Favouring(k, 1000.0, simulations=120)
        assert searcher.choose(view) == candidates[k]
        visits, _, _ = searcher.statistics(view, candidates, None, 120,
                                           prior=searcher.prior(view, candidates))
        assert visits[k] == max(visits)  # searched in every phase


def test_an_even_prior_searches_and_plays_as_the_values_alone() -> None:
    for view, candidates in decisions(3):
        even = Favouring(0, 0.0, simulations=120)
        plain = ExpertBot(even.profile, DATA, 7, halving=(None,), leaves=even.leaves,
                          budget=None, simulations=120)
        assert even.choose(view) == plain.choose(view) and even.asked == 1
        assert even.statistics(view, candidates, None, 120, prior=[0.0] * 6) == \
            plain.statistics(view, candidates, None, 120)


def test_the_second_worker_weighs_the_same_prior() -> None:
    view, candidates = decisions(1)[0]
    k = worst(view, candidates)
    searcher = Favouring(k, 1000.0, simulations=240, workers=2)
    searcher.helper = InProcess()
    assert searcher.choose(view) == candidates[k]
    share = searcher.helper.shares[0]  # type: ignore[attr-defined]
    assert share.prior == tuple(1000.0 if i == k else 0.0 for i in range(6))
    theirs = run_share(share)
    assert theirs.error is None and theirs.visits[k] == max(theirs.visits)


def test_a_game_searched_by_ucb1_asks_no_prior() -> None:
    view, candidates = decisions(1, "cities")[0]
    searcher = Favouring(worst(view, candidates), 1000.0, simulations=60)
    searcher.choose(view)
    assert searcher.asked == 0


class Ordering(ExpertBot):
    """An expert whose own next move in a simulation is searched among the rollout
    profile's worst moves (`reverse`) or its best, counting the calls."""

    def __init__(self, reverse: bool) -> None:
        profiles = shipped_profiles()
        hard, expert = profiles["hard"], profiles["expert"]
        assert isinstance(hard, HeuristicProfile) and isinstance(expert, SearchProfile)
        super().__init__(hard, DATA, 7, halving=(None,), leaves=expert.leaves(),
                         budget=None, follow=3)
        self.reverse, self.calls = reverse, 0

    def ordering(self, world: GameState, actions: tuple[Action, ...], scores: list[float]
                 ) -> list[float]:
        assert world.phase is Phase.MAIN and tuple(world.legal_actions()) == actions
        self.calls += 1
        return [-s for s in scores] if self.reverse else scores


def test_the_follow_searches_among_the_moves_its_ordering_ranks_best() -> None:
    view, candidates = decisions(1)[0]
    best, worst_first = Ordering(False), Ordering(True)
    plain = ExpertBot(best.profile, DATA, 7, halving=(None,), leaves=best.leaves,
                      budget=None, follow=3)
    stats = best.statistics(view, candidates, None, 60)
    assert stats == plain.statistics(view, candidates, None, 60)
    assert 0 < best.calls <= 60  # once a simulation, unless the game ended before
    # Searching its worst moves next, the seat judges every candidate worse.
    visits, totals, _ = worst_first.statistics(view, candidates, None, 60)
    assert worst_first.calls > 0
    assert sum(totals) / sum(visits) < sum(stats[1]) / sum(stats[0])
