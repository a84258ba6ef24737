"""The learned policy (issue 60): its figures, its file, and the expert searching its
best moves."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
import yaml

from splendor.bots.expert import ExpertBot, run_share
from splendor.bots.profiles import (
    DataError,
    HeuristicProfile,
    SearchProfile,
    parse_profiles,
    shipped_profiles,
)
from splendor.bots.value.net import ValueNet
from splendor.bots.value.policy import (
    FEATURES,
    POLICY_FILE,
    features,
    load_policies,
    main_moves,
    shipped_policy,
)
from splendor.engine import Action, GameState, Phase, View, observe
from splendor.resources import levels_data_dir
from tests.bots.test_expert_halving import decisions
from tests.bots.test_expert_workers import InProcess
from tests.bots.test_leaf_model import DATA, positions


def hard() -> HeuristicProfile:
    profile = shipped_profiles()["hard"]
    assert isinstance(profile, HeuristicProfile)
    return profile


def expert(**kwargs: object) -> ExpertBot:
    profile = shipped_profiles()["expert"]
    assert isinstance(profile, SearchProfile)
    return ExpertBot(hard(), DATA, 7, budget=None, halving=(None,), follow=3,
                     leaves=profile.leaves(), **kwargs)  # type: ignore[arg-type]


def main_positions(count: int) -> list[GameState]:
    return [s for s in positions(3 * count) if s.phase is Phase.MAIN][:count]


def test_a_views_figures_are_its_worlds() -> None:
    # The candidates are ranked from the seat's view, its next moves in a simulation from
    # the sampled world: the same position gives the same rows either way.
    scorer = ExpertBot(hard(), DATA, 0)
    for state in main_positions(30):
        view = observe(state, state.current)
        scores = scorer.scores(view)
        seen = features(DATA, view.players, view.seat, view.bank, view.legal_actions, scores)
        actual = features(DATA, state.players, state.current, state.bank,
                          state.legal_actions(), scores)
        assert seen.shape == (len(view.legal_actions), len(FEATURES))
        assert np.array_equal(seen, actual)


def test_the_shipped_policy_prefers_what_the_profile_scores_well() -> None:
    # Fitted on the expert's choices, which mostly lie among the hard profile's best: its
    # favourite is among hard's best six in most positions (a broken file or a shuffled
    # feature order would not be).
    policy, scorer, inside = shipped_policy("base"), ExpertBot(hard(), DATA, 0), 0
    states = main_positions(40)
    for state in states:
        view = observe(state, state.current)
        scores = scorer.scores(view)
        logits = policy.logits(features(DATA, view.players, view.seat, view.bank,
                                        view.legal_actions, scores))
        assert logits.shape == (len(view.legal_actions),) and np.isfinite(logits).all()
        rank = sorted(scores, reverse=True).index(scores[int(np.argmax(logits))])
        inside += rank < 6
    assert inside >= 0.8 * len(states)


def policy_best(net: ValueNet, view: View, scores: list[float]) -> list[Action]:
    """The six legal actions of `view` the policy `net` ranks best, best first."""
    logits = net.logits(features(DATA, view.players, view.seat, view.bank,
                                 view.legal_actions, scores))
    return [view.legal_actions[i] for i in sorted(range(len(logits)), key=lambda i: -logits[i])[:6]]


def test_the_expert_searches_the_policys_best_moves() -> None:
    policy = shipped_policy("base")
    with_policy, without = expert(policy={None: policy}), expert()
    differ = 0
    for view, hards in decisions(6):
        scores = with_policy.scores(view)
        candidates = with_policy.ranked(view, scores)
        assert candidates == policy_best(policy, view, scores)
        assert without.ranked(view, scores) == hards
        differ += candidates != hards
    assert differ  # the policy's order is not the profile's


def test_a_module_game_is_ranked_by_the_rollout_profile() -> None:
    bot = expert(policy={None: shipped_policy("base")})
    for view, hards in decisions(3, "cities"):
        assert bot.ranked(view, bot.scores(view)) == hards


def test_a_modules_policy_ranks_that_modules_moves_only() -> None:
    # A policy is a game's: the one given for Cities orders Cities' candidates (its
    # figures read the module's scores) and leaves the base game to the profile.
    net = shipped_policy("base")
    bot = expert(policy={"cities": net})
    differ = 0
    for view, hards in decisions(4, "cities"):
        scores = bot.scores(view)
        candidates = bot.ranked(view, scores)
        assert candidates == policy_best(net, view, scores)
        differ += candidates != hards
    assert differ
    for view, hards in decisions(3):
        assert bot.ranked(view, bot.scores(view)) == hards


def test_the_follow_searches_among_the_policys_best_in_the_sampled_world() -> None:
    policy = shipped_policy("base")
    bot = expert(policy={None: policy})
    scorer = ExpertBot(hard(), DATA, 0)
    for state in main_positions(10):
        actions = tuple(state.legal_actions())
        scores = scorer.scores(observe(state, state.current))
        assert main_moves(actions)
        order = bot.ordering(state, actions, scores)
        expected = policy.logits(features(DATA, state.players, state.current, state.bank,
                                          actions, scores))
        assert order == expected.tolist() and order != scores


def test_the_second_worker_follows_the_same_policy() -> None:
    view, _ = decisions(1)[0]
    searcher = expert(policy={None: shipped_policy("base")}, simulations=120, workers=2)
    searcher.helper = InProcess()
    searcher.choose(view)
    share = searcher.helper.shares[0]  # type: ignore[attr-defined]
    assert share.policy is searcher.policy[None]
    # Its share searched here by a bot with the policy: the same statistics.
    alone = expert(policy=searcher.policy)
    alone.rng = random.Random(share.seed)
    theirs = run_share(share)
    assert theirs.error is None
    assert (theirs.visits, theirs.totals) == alone.statistics(
        view, list(share.candidates), None, share.simulations)[:2]


def test_the_shipped_expert_uses_the_policy_its_profile_names() -> None:
    from splendor.bots import make_bot
    profile = shipped_profiles()["expert"]
    assert isinstance(profile, SearchProfile)
    made = make_bot("expert", 1)
    assert isinstance(made, ExpertBot)
    assert set(made.policy) == {None if g == "base" else g for g, _ in profile.policy}
    assert made.policy == profile.policies()
    uses = dict(profile.policy)
    assert all(made.policy[g] is shipped_policy(uses[g or "base"]) for g in made.policy)


def test_the_shipped_expert_ranks_trading_posts_by_its_own_policy() -> None:
    # Trading Posts' network is fitted on its own searches (60.2% of 200 games against the
    # expert without it), not the base game's: its candidates are that network's best.
    from splendor.bots import make_bot
    own, base = shipped_policy("trading-posts"), shipped_policy("base")
    assert own is not base
    made = make_bot("expert", 1)
    assert isinstance(made, ExpertBot) and made.policy["trading-posts"] is own
    apart = 0
    for view, _ in decisions(4, "trading-posts"):
        scores = made.scores(view)
        candidates = made.ranked(view, scores)
        assert candidates == policy_best(own, view, scores)
        apart += candidates != policy_best(base, view, scores)
    assert apart  # the two networks do not rank the same


def write(tmp_path: Path, entry: object) -> Path:
    path = tmp_path / POLICY_FILE
    path.write_text(yaml.safe_dump({"base": entry}))
    return path


def shipped_entry() -> dict[str, object]:
    doc = yaml.safe_load((levels_data_dir() / POLICY_FILE).read_text())
    assert isinstance(doc, dict)
    entry = doc["base"]
    assert isinstance(entry, dict)
    return entry


def test_the_file_round_trips_exactly(tmp_path: Path) -> None:
    again = load_policies(write(tmp_path, shipped_entry()))["base"]
    for (w, b), (w0, b0) in zip(again.layers, shipped_policy("base").layers, strict=True):
        assert np.array_equal(w, w0) and np.array_equal(b, b0)


@pytest.mark.parametrize(("change", "problem"), [
    (lambda e: e.update(features=list(reversed(FEATURES))), "features must be, in order"),
    (lambda e: e["layers"][0].update(bias=[0.0]), "expected shape"),
    (lambda e: e["layers"][1]["weights"][0].__setitem__(0, "x"), "expected numbers"),
    (lambda e: e.pop("layers"), "layers"),
])
def test_a_wrong_file_names_the_file_the_game_and_the_problem(
    tmp_path: Path, change: object, problem: str,
) -> None:
    entry = shipped_entry()
    change(entry)  # type: ignore[operator]
    with pytest.raises(DataError) as caught:
        load_policies(write(tmp_path, entry))
    message = str(caught.value)
    assert POLICY_FILE in message and "base" in message and problem in message
    if "features" in problem:
        assert "fit_policy.py" in message


def test_bots_yaml_names_the_games_of_the_policies() -> None:
    doc = {"version": 1, "bots": {
        "hard": {"kind": "heuristic"},
        "expert": {"kind": "search", "rollout": "hard", "candidates": 6,
                   "policy": ["base", "atlantis"]}}}
    with pytest.raises(DataError, match=r"bot expert, policy.*atlantis"):
        parse_profiles(doc)
    doc["bots"]["expert"]["policy"] = ["base"]  # type: ignore[index]
    profile = parse_profiles(doc)["expert"]
    assert isinstance(profile, SearchProfile) and profile.policy == (("base", "base"),)
    policies = profile.policies()
    assert list(policies) == [None] and isinstance(policies[None], ValueNet)


def test_a_game_may_use_another_games_policy() -> None:
    """`policy: {cities: base}`: Cities' moves ranked by the base game's network (the same
    one, not a copy); a game or a network that is no game is named."""
    doc = {"version": 1, "bots": {
        "hard": {"kind": "heuristic"},
        "expert": {"kind": "search", "rollout": "hard", "candidates": 6,
                   "policy": {"base": "base", "cities": "base"}}}}
    profile = parse_profiles(doc)["expert"]
    assert isinstance(profile, SearchProfile)
    policies = profile.policies()
    assert set(policies) == {None, "cities"}
    assert policies["cities"] is policies[None] is shipped_policy("base")
    doc["bots"]["expert"]["policy"] = {"cities": "atlantis"}  # type: ignore[index]
    with pytest.raises(DataError, match=r"bot expert, policy, cities.*atlantis"):
        parse_profiles(doc)
    doc["bots"]["expert"]["policy"] = "base"  # type: ignore[index]
    with pytest.raises(DataError, match=r"bot expert, policy.*a list of games"):
        parse_profiles(doc)


def test_a_policy_the_file_lacks_is_named_when_the_expert_is_made() -> None:
    doc = {"version": 1, "bots": {
        "hard": {"kind": "heuristic"},
        "expert": {"kind": "search", "rollout": "hard", "candidates": 6,
                   "policy": ["base", "orient"]}}}
    profile = parse_profiles(doc)["expert"]
    assert isinstance(profile, SearchProfile)
    if "orient" in yaml.safe_load((levels_data_dir() / POLICY_FILE).read_text()):
        pytest.fail("the shipped file now has the Orient's policy: choose a game it lacks")
    with pytest.raises(DataError, match=rf"{POLICY_FILE}: no policy for 'orient'"):
        profile.policies()

