"""The expert's judgement at a rollout's end: the fitted leaf model."""

from __future__ import annotations

import math
import random

import pytest

from splendor.bots.expert import LEAF_SCALE, ExpertBot
from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
from splendor.bots.value.leaf import FEATURES, LeafModel, features
from splendor.engine import GameState, Phase, new_game, observe
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game

DATA = base_game()


def hard() -> HeuristicProfile:
    profile = shipped_profiles()["hard"]
    assert isinstance(profile, HeuristicProfile)
    return profile


def positions(count: int, module: str | None = None, players: int = 2) -> list[GameState]:
    """Positions of random games, a few turns apart."""
    rng = random.Random(5)
    out = []
    while len(out) < count:
        state = new_game(DATA, players, seed=rng.randrange(10**6), module=module)
        while not state.is_over() and state.turns < 60:
            state.apply(rng.choice(state.legal_actions()))
            if state.turns % 7 == 3:
                out.append(state.clone())
    return out[:count]


def test_a_model_of_unknown_features_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown leaf feature 'luck'"):
        LeafModel.of({"gap": 0.3, "luck": 1.0})


@pytest.mark.parametrize("module", [None, "cities", "trading-posts", "orient", "strongholds"])
def test_two_seats_chances_add_up_to_one(module: str | None) -> None:
    """Every feature swaps sign with the seats, so one seat's chance is the other's loss."""
    model = LeafModel.of({name: 0.1 * (i + 1) * (-1) ** i for i, name in enumerate(FEATURES)})
    rng = random.Random(3)
    for state in positions(20, module):
        values = [rng.uniform(-5, 20), rng.uniform(-5, 20)]
        total = model.chance(state, 0, values) + model.chance(state, 1, values)
        assert total == pytest.approx(1.0)


def test_the_chance_rises_with_the_value_gap_and_ends_near_certainty() -> None:
    state = positions(1)[0]
    model = LeafModel.of({"gap": 0.5, "gap_late": 0.2})
    chances = [model.chance(state, 0, [gap, 0.0]) for gap in (-200.0, -3.0, 0.0, 3.0, 200.0)]
    assert chances == sorted(chances)
    assert chances[0] == 0.0 and chances[-1] == pytest.approx(1.0)


def test_the_strongest_opponent_is_the_one_compared() -> None:
    state = positions(1, players=3)[0]
    with_values = features(state, 0, [5.0, 9.0, 2.0])
    assert with_values[FEATURES.index("gap")] == -4.0
    assert features(state, 0, [5.0, 1.0, 2.0])[FEATURES.index("gap")] == 3.0


def test_gap_only_is_the_expert_judgement_without_a_model() -> None:
    """Without a leaf model the expert judges by the logistic of the value gap over
    LEAF_SCALE; the gap-only model says the same."""
    model = LeafModel.gap_only(LEAF_SCALE)
    state = positions(1)[0]
    for gap in (-6.0, -1.0, 0.5, 4.0):
        assert model.chance(state, 1, [0.0, gap]) == pytest.approx(
            1 / (1 + math.exp(-gap / LEAF_SCALE)))


def test_the_expert_judges_a_module_game_with_that_modules_model() -> None:
    """A model given for a module judges that module's rollouts only."""
    certain = LeafModel.of({"to_move": 60.0})  # the seat to move wins, whatever else
    bot = ExpertBot(hard(), DATA, 1, budget=None, simulations=1,
                    leaves={"cities": certain}, rollout_turns=0)
    cities = positions(1, "cities")[0]
    me = cities.current
    assert bot.judged(cities.clone(), me) == pytest.approx(1.0)
    assert bot.judged(cities.clone(), 1 - me) == pytest.approx(0.0)
    base = positions(1)[0]
    judged = bot.judged(base.clone(), base.current)
    assert 0.0 < judged < 1.0  # the base game: the value gap's logistic


def test_the_shipped_expert_profile_names_models_the_expert_uses() -> None:
    expert = shipped_profiles()["expert"]
    assert isinstance(expert, SearchProfile)
    for module, model in expert.leaves().items():
        assert len(model.weights) == len(FEATURES), module
    # Every game type judges by its own fitted model (the Orient's since its second fit).
    assert set(expert.leaves()) == {None, *module_ids()}


def test_a_fixed_count_with_the_second_ply_plays_the_same_move_for_a_seed() -> None:
    searched = 0
    for state in positions(12):
        if state.phase is not Phase.MAIN or len(state.legal_actions()) < 2:
            continue
        view = observe(state, state.current)
        runs = set()
        for _ in range(2):
            bot = ExpertBot(hard(), DATA, 7, budget=None, simulations=40, replies=3)
            move = bot.choose(view)
            runs.add((move, bot.last_simulations))
            assert move in view.legal_actions and 0 < bot.last_simulations <= 40
        assert len(runs) == 1
        searched += 1
    assert searched >= 6


@pytest.mark.parametrize("module", [None, "orient"])
def test_a_play_out_shows_each_turns_start_with_the_values_the_search_judges(
    module: str | None,
) -> None:
    # What fit_leaf.py records: every turn's start once, with every seat's value as the
    # search's judgement at a rollout's end would see it.
    bot = ExpertBot(hard(), DATA, 4, simulations=1, rollout_turns=5)
    world = positions(1, module)[0]
    start = world.turns
    seen: list[tuple[int, list[float]]] = []

    def visit(w: GameState, values: list[float]) -> None:
        seen.append((w.turns, values))
        assert values == ExpertBot.values(w, bot._evaluator(module))

    bot.play_out(world, visit)
    assert [turns for turns, _ in seen] == list(range(start, world.turns))
    assert world.turns == start + 5 or world.is_over()
    assert all(len(values) == world.num_players for _, values in seen)
