"""The learned value (issue 60): the shipped networks load and judge as a leaf must, and a
wrong file is refused naming the file, the game and the problem."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
import yaml

from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import NET, HeuristicProfile, parse_profiles, shipped_profiles
from splendor.bots.value.net import NETS_FILE, ValueNet, load_nets, shipped_nets
from splendor.bots.value.net_features import FEATURES, pair_features
from splendor.engine import GameState, new_game, observe
from splendor.gamedata import DataError, base_game
from splendor.resources import levels_data_dir

DATA = base_game()


def positions(count: int, module: str | None = None, players: int = 2) -> list[GameState]:
    rng = random.Random(8)
    out = []
    while len(out) < count:
        state = new_game(DATA, players, seed=rng.randrange(10**6), module=module)
        while not state.is_over() and state.turns < 60:
            state.apply(rng.choice(state.legal_actions()))
            if state.turns % 5 == 2:
                out.append(state.clone())
    return out[:count]


def toy_net(rng: np.random.Generator) -> ValueNet:
    width = len(FEATURES)
    return ValueNet(np.zeros(width), np.ones(width),
                    ((rng.normal(0, 0.3, (width, 8)), rng.normal(0, 0.1, 8)),
                     (rng.normal(0, 0.3, (8, 1)), np.zeros(1))))


def test_every_shipped_network_judges_chances_that_add_up_to_one() -> None:
    nets = shipped_nets()
    assert "base" in nets
    rng = random.Random(2)
    for game, net in nets.items():
        module = None if game == "base" else game
        for state in positions(15, module):
            values = [rng.uniform(-3, 15), rng.uniform(-3, 15)]
            a, b = net.chance(state, 0, values), net.chance(state, 1, values)
            assert 0.0 <= a <= 1.0
            assert a + b == pytest.approx(1.0)


def test_the_features_are_a_seat_and_its_opponent_swapped() -> None:
    for state in positions(10, "cities", players=3):
        values = [1.0, 2.0, 3.0]
        ab, ba = pair_features(state, 0, 2, values)
        half = (len(FEATURES) - 4) // 2
        assert ab[:half] == ba[half:2 * half] and ab[half:2 * half] == ba[:half]
        assert len(ab) == len(FEATURES)


def test_the_learned_value_sees_no_hidden_card() -> None:
    """Two worlds that differ only in what a seat cannot see give it the same chance."""
    net = shipped_nets()["base"]
    for state in positions(6):
        view = observe(state, 0)
        from splendor.engine import sample_world

        one = sample_world(view, DATA, random.Random(1))
        two = sample_world(view, DATA, random.Random(2))
        values = [3.0, 4.0]
        assert net.chance(one, 0, values) == pytest.approx(net.chance(two, 0, values))


def test_a_network_written_and_read_back_judges_the_same(tmp_path: Path) -> None:
    net = toy_net(np.random.default_rng(4))
    path = tmp_path / NETS_FILE
    path.write_text(yaml.safe_dump({"base": net.to_data(digits=17)}))
    again = load_nets(path)["base"]
    for state in positions(5):
        assert again.chance(state, 0, [2.0, 1.0]) == pytest.approx(
            net.chance(state, 0, [2.0, 1.0]), abs=1e-12)


@pytest.mark.parametrize(("change", "problem"), [
    (lambda d: d.update(features=d["features"][:-1]), "base: features must be"),
    (lambda d: d["layers"][0].update(bias=[0.0] * 3), "base: layers[0]: weights: expected shape"),
    (lambda d: d.update(scale=[0.0] * len(FEATURES)), "base: scale: every entry must be above 0"),
    (lambda d: d["layers"][1]["weights"][0].__setitem__(0, float("nan")),
     "base: layers[1]: weights: every number must be finite"),
    (lambda d: d["layers"].pop(), "the last layer must have 1 output"),
    (lambda d: d.update(depth=3), "unknown key 'depth'"),
])
def test_a_wrong_network_file_names_file_game_and_problem(tmp_path: Path, change, problem
                                                          ) -> None:  # type: ignore[no-untyped-def]
    data = toy_net(np.random.default_rng(5)).to_data()
    change(data)
    path = tmp_path / NETS_FILE
    path.write_text(yaml.safe_dump({"base": data}))
    with pytest.raises(DataError) as caught:
        load_nets(path)
    assert str(caught.value).startswith(f"{NETS_FILE}: ")
    assert problem in str(caught.value)


def test_bots_yaml_may_name_the_learned_value_and_the_expert_searches_with_it() -> None:
    raw = yaml.safe_load((levels_data_dir() / "bots.yaml").read_text())
    raw["bots"]["expert"]["leaf"] = {"base": NET}
    profiles = parse_profiles(raw)
    expert = profiles["expert"]
    leaves = expert.leaves()  # type: ignore[union-attr]
    assert isinstance(leaves[None], ValueNet)
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    bot = ExpertBot(hard, DATA, 3, budget=None, simulations=24, leaves=leaves)
    state = positions(1)[0]
    while state.current_player() is None:
        state = positions(2)[1]
    view = observe(state, state.current_player() or 0)
    assert bot.choose(view) in view.legal_actions


def test_a_leaf_naming_something_else_is_refused() -> None:
    raw = yaml.safe_load((levels_data_dir() / "bots.yaml").read_text())
    raw["bots"]["expert"]["leaf"] = {"base": "neural"}
    with pytest.raises(DataError, match="bot expert, leaf, base"):
        parse_profiles(raw)


def test_rollout_turns_by_game_reach_the_expert_and_its_search() -> None:
    """`turns: {base: 3}` in bots.yaml: the base game's rollouts stop 3 turns after the
    candidate, a module's game keeps the default."""
    from splendor.bots import make_bot
    from splendor.bots.expert import ROLLOUT_TURNS

    raw = yaml.safe_load((levels_data_dir() / "bots.yaml").read_text())
    raw["bots"]["expert"]["turns"] = {"base": 3}
    expert = parse_profiles(raw)["expert"]
    assert expert.rollout_turns() == {None: 3}  # type: ignore[union-attr]
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    bot = ExpertBot(hard, DATA, 3, budget=None, simulations=24,
                    rollout_turns=expert.rollout_turns())  # type: ignore[union-attr]
    assert bot.turns(None) == 3 and bot.turns("cities") == ROLLOUT_TURNS
    world = positions(1)[0]
    start = world.turns
    bot.play_out(world, lambda w, values: None)
    assert world.is_over() or world.turns == start + 3
    assert make_bot("expert", 1).turns(None) == ROLLOUT_TURNS  # type: ignore[attr-defined]
