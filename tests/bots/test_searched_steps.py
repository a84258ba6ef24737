"""The expert's searched steps inside a simulation: another seat's reply (`replies`) and
the searching seat's own next move (`follow`), each chosen among the rollout profile's
best few by UCB on the searching seat's chances."""

from __future__ import annotations

import pytest

from splendor.bots import make_bot
from splendor.bots.expert import ExpertBot, ReplyNode, run_share
from splendor.bots.search_worker import Share
from splendor.engine import Action, Phase, Take, View, observe
from tests.bots.test_expert_workers import InProcess
from tests.bots.test_leaf_model import DATA, hard, positions

A, B, C, D = (Take((0, 1, 2)), Take((1, 2, 3)), Take((2, 3, 4)), Take((0, 1, 3)))


def chosen_often(mine: bool, values: dict[Action, float], rounds: int = 200) -> Action:
    """The move a node picks most over `rounds` visits, each worth `values[move]` to the
    searching seat (moves offered best first by the profile)."""
    stats: dict[Action, list[float]] = {}
    counts: dict[Action, int] = {}
    offered = (A, B, C, D)
    for _ in range(rounds):
        node = ReplyNode(stats, 3, 0.5, mine=mine)
        move = node(offered, [4.0, 3.0, 2.0, 1.0])
        counts[move] = counts.get(move, 0) + 1
        node.back(values[move])
    assert D not in counts, "only the profile's three best are searched"
    return max(counts, key=counts.__getitem__)


def test_the_own_move_seeks_the_searching_seat_s_best_and_a_reply_its_worst() -> None:
    values = {A: 0.5, B: 0.8, C: 0.2, D: 1.0}
    assert chosen_often(True, values) == B
    assert chosen_often(False, values) == C


def _searching(view_count: int = 6, module: str | None = None) -> list[View]:
    return [observe(s, s.current) for s in positions(40, module)
            if s.phase is Phase.MAIN and len(s.legal_actions()) > 3][:view_count]


def _spied(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, Action, list[Action]]]:
    """Each searched step a simulation takes: whose, the move, the profile's best offered."""
    calls: list[tuple[bool, Action, list[Action]]] = []
    original = ReplyNode.__call__

    def spy(self: ReplyNode, actions: tuple[Action, ...], scores: list[float]) -> Action:
        move = original(self, actions, scores)
        best = sorted(range(len(actions)), key=lambda i: -scores[i])[: self.width]
        calls.append((self.mine, move, [actions[i] for i in best]))
        return move

    monkeypatch.setattr(ReplyNode, "__call__", spy)
    return calls


@pytest.mark.parametrize("halving", [False, True], ids=["UCB1", "halving"])
def test_each_simulation_searches_the_seat_s_own_next_move_among_its_best(
    monkeypatch: pytest.MonkeyPatch, halving: bool,
) -> None:
    calls = _spied(monkeypatch)
    for view in _searching(3):
        calls.clear()
        bot = ExpertBot(hard(), DATA, 7, budget=None, simulations=30, follow=2,
                        halving={None} if halving else ())
        assert bot.choose(view) in view.legal_actions
        # Once a simulation, unless the rollout ends the game before the seat's turn.
        assert 0.8 * bot.last_simulations <= len(calls) <= bot.last_simulations
        assert all(mine and move in best for mine, move, best in calls)


@pytest.mark.parametrize("halving", [False, True], ids=["UCB1", "halving"])
def test_each_simulation_searches_the_opponent_s_first_reply_among_its_best(
    monkeypatch: pytest.MonkeyPatch, halving: bool,
) -> None:
    calls = _spied(monkeypatch)
    for view in _searching(3):
        calls.clear()
        bot = ExpertBot(hard(), DATA, 7, budget=None, simulations=30, replies=2,
                        halving={None} if halving else ())
        assert bot.choose(view) in view.legal_actions
        # Once a simulation, unless the candidate ends the game before the reply.
        assert 0.8 * bot.last_simulations <= len(calls) <= bot.last_simulations
        assert all(not mine and move in best for mine, move, best in calls)


@pytest.mark.parametrize("halving", [False, True], ids=["UCB1", "halving"])
def test_a_fixed_count_with_the_own_next_move_searched_plays_the_same_move_for_a_seed(
    halving: bool,
) -> None:
    for view in _searching():
        runs = set()
        for _ in range(2):
            bot = ExpertBot(hard(), DATA, 7, budget=None, simulations=40, follow=3,
                            halving={None} if halving else ())
            runs.add((bot.choose(view), bot.last_simulations, bot.rng.getstate()))
        assert len(runs) == 1


def test_the_second_worker_s_share_searches_the_own_next_move_too() -> None:
    differ = 0
    for view in _searching():
        bot = ExpertBot(hard(), DATA, 7, budget=None, simulations=40, follow=3)
        candidates = bot.ranked(view, bot.scores(view))

        def share(follow: int, view=view, candidates=candidates) -> Share:
            return Share(1, hard(), view, tuple(candidates), 99, 40, None, True, 6,
                         follow=follow)

        searched, plain = run_share(share(3)), run_share(share(0))
        here = ExpertBot(hard(), DATA, 99, budget=None, simulations=40, follow=3)
        assert (searched.visits, searched.totals) == here.statistics(
            view, candidates, None, 40)[:2]
        differ += (searched.visits, searched.totals) != (plain.visits, plain.totals)
    assert differ >= 4, "the share's follow changes its search"


@pytest.mark.parametrize("halving", [False, True], ids=["UCB1", "halving"])
def test_counts_by_game_search_the_own_next_move_in_the_games_named_only(
    monkeypatch: pytest.MonkeyPatch, halving: bool,
) -> None:
    calls = _spied(monkeypatch)
    searched: dict[str | None, int] = {None: 2, "strongholds": 3}  # Cities not named
    for module, named in ((None, True), ("cities", False)):
        for view in _searching(2, module):
            calls.clear()
            bot = ExpertBot(hard(), DATA, 7, budget=None, simulations=30, follow=searched,
                            halving={None, "cities"} if halving else ())
            assert bot.choose(view) in view.legal_actions
            if named:
                assert 0.8 * bot.last_simulations <= len(calls) <= bot.last_simulations
                assert all(mine and move in best for mine, move, best in calls)
            else:
                assert calls == [], "a game the counts do not name: the rollout profile's"


def test_the_second_worker_s_share_gets_the_count_of_its_view_s_game() -> None:
    for module, count in ((None, 3), ("cities", 0)):
        view = _searching(1, module)[0]
        bot = ExpertBot(hard(), DATA, 7, budget=None, simulations=40, workers=2,
                        follow={None: 3})
        bot.helper = helper = InProcess()
        bot.choose(view)
        assert [share.follow for share in helper.shares] == [count]


def test_the_shipped_expert_searches_its_own_next_move_where_it_was_shown_to_pay() -> None:
    # levels_data/bots.yaml's `follow:` (validated in test_bot_profiles), as the bot gets it:
    # the base game, Cities, Trading Posts and the Orient (docs/figures.md, the fitted leaf).
    made = make_bot("expert", 1)
    assert isinstance(made, ExpertBot)
    assert made.follows(None) == 3
    assert [made.follows(m) for m in ("cities", "trading-posts", "orient", "strongholds")] \
        == [3, 3, 3, 0]
