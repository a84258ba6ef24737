"""levels_data/bots.yaml: the shipped ladder loads, and a broken file is refused with a
DataError that names the file, the bot and the problem."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from splendor.bots import BOT_NAMES
from splendor.bots.profiles import (
    HeuristicProfile,
    SearchProfile,
    load_profiles,
    parse_profiles,
    shipped_profiles,
)
from splendor.bots.value import Weights
from splendor.gamedata import DataError, read_yaml
from splendor.resources import levels_data_dir

SHIPPED = levels_data_dir() / "bots.yaml"


def shipped_doc() -> dict[str, Any]:
    doc = read_yaml(SHIPPED)
    assert isinstance(doc, dict)
    return doc


def test_the_shipped_file_is_accepted() -> None:
    profiles = parse_profiles(shipped_doc(), "bots.yaml")
    assert profiles == load_profiles() == shipped_profiles()
    assert set(profiles) >= {"easy", "medium", "hard", "expert"}


def test_the_shipped_ladder_has_its_profiles() -> None:
    profiles = shipped_profiles()
    for name in ("easy", "medium", "hard"):
        profile = profiles[name]
        assert isinstance(profile, HeuristicProfile)
        assert profile.name == name
        assert profile.label
        assert isinstance(profile.weights, Weights)
        assert profile.noise >= 0 and 0 <= profile.blunder <= 1
    expert = profiles["expert"]
    assert isinstance(expert, SearchProfile)
    assert expert.name == "expert"
    assert isinstance(profiles[expert.rollout], HeuristicProfile)
    assert expert.budget is not None and expert.budget > 0 and expert.candidates >= 1
    assert expert.simulations is None  # the expert thinks for a time, not a count
    # Every ladder bot the registry names (all but the built-in baselines) has a profile.
    assert set(BOT_NAMES) - {"random", "greedy"} == set(profiles)


def test_the_ladder_gets_less_random_as_it_climbs() -> None:
    easy, medium, hard = (shipped_profiles()[n] for n in ("easy", "medium", "hard"))
    assert isinstance(easy, HeuristicProfile)
    assert isinstance(medium, HeuristicProfile)
    assert isinstance(hard, HeuristicProfile)
    assert easy.noise >= medium.noise >= hard.noise
    assert easy.blunder >= medium.blunder >= hard.blunder


def test_defaults_fill_what_a_profile_leaves_out() -> None:
    doc = {"version": 1, "bots": {"plain": {"kind": "heuristic"}}}
    plain = parse_profiles(doc)["plain"]
    assert plain == HeuristicProfile("plain", "Plain", Weights(), 0.0, 0.0)
    doc = shipped_doc()
    doc["bots"]["hard"]["weights"]["prospect_cards"] = 2
    hard = parse_profiles(doc)["hard"]
    assert isinstance(hard, HeuristicProfile)
    assert hard.weights.prospect_cards == 2 and isinstance(hard.weights.prospect_cards, int)


# ----------------------------------------------------------------- broken variants


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    *parents, last = path.split(".")

    def change(doc: dict[str, Any]) -> None:
        node = doc
        for key in parents:
            node = node[key]
        node[last] = value

    return change


def _delete(path: str) -> Callable[[dict[str, Any]], None]:
    *parents, last = path.split(".")

    def change(doc: dict[str, Any]) -> None:
        node = doc
        for key in parents:
            node = node[key]
        del node[last]

    return change


def _add_bot(name: str, entry: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        doc["bots"][name] = entry

    return change


BROKEN = [
    # (id, change, the bot named in the message, words of the problem)
    ("unknown kind", _set("bots.easy.kind", "neural"), "easy", ["unknown kind", "neural"]),
    ("missing kind", _delete("bots.hard.kind"), "hard", ["missing field", "kind"]),
    ("unknown weight", _set("bots.medium.weights.charisma", 1.0), "medium",
     ["unknown weight", "charisma"]),
    ("text weight", _set("bots.hard.weights.bonus", "high"), "hard", ["bonus", "number"]),
    ("bool weight", _set("bots.easy.weights.token", True), "easy", ["token", "number"]),
    ("weights not a mapping", _set("bots.easy.weights", [1, 2]), "easy", ["mapping"]),
    ("negative noise", _set("bots.easy.noise", -0.1), "easy", ["noise", ">= 0"]),
    ("text noise", _set("bots.medium.noise", "a bit"), "medium", ["noise", "number"]),
    ("negative blunder", _set("bots.medium.blunder", -0.5), "medium", ["blunder", ">= 0"]),
    ("blunder above one", _set("bots.medium.blunder", 1.5), "medium",
     ["blunder", "at most 1"]),
    ("unknown field", _set("bots.hard.temper", "calm"), "hard", ["unknown field", "temper"]),
    ("search field on a heuristic bot", _set("bots.hard.budget", 2.0), "hard",
     ["unknown field", "budget"]),
    ("rollout does not exist", _set("bots.expert.rollout", "grandmaster"), "expert",
     ["rollout", "grandmaster"]),
    ("rollout is itself", _set("bots.expert.rollout", "expert"), "expert",
     ["rollout", "'expert'", "heuristic"]),
    ("rollout is another search bot",
     _add_bot("master", {"kind": "search", "rollout": "expert", "candidates": 4}),
     "master", ["rollout", "'expert'", "heuristic"]),
    ("missing rollout", _delete("bots.expert.rollout"), "expert", ["missing field", "rollout"]),
    ("missing candidates", _delete("bots.expert.candidates"), "expert",
     ["missing field", "candidates"]),
    ("zero candidates", _set("bots.expert.candidates", 0), "expert", ["candidates", ">= 1"]),
    ("fractional candidates", _set("bots.expert.candidates", 2.5), "expert",
     ["candidates", "whole number"]),
    ("negative budget", _set("bots.expert.budget", -1), "expert", ["budget", ">= 0"]),
    ("zero simulations", _set("bots.advanced.simulations", 0), "advanced",
     ["simulations", "whole number >= 1"]),
    ("fractional simulations", _set("bots.advanced.simulations", 40.5), "advanced",
     ["simulations", "whole number"]),
    ("text simulations", _set("bots.advanced.simulations", "many"), "advanced",
     ["simulations", "'many'"]),
    ("true simulations", _set("bots.advanced.simulations", True), "advanced",
     ["simulations", "whole number"]),
    ("both a budget and simulations", _set("bots.advanced.budget", 1.0), "advanced",
     ["'budget'", "'simulations'", "not both"]),
    ("simulations on a heuristic bot", _set("bots.hard.simulations", 40), "hard",
     ["unknown field", "simulations"]),
    ("weights on a search bot", _set("bots.expert.weights", {"bonus": 1.0}), "expert",
     ["unknown field", "weights"]),
    ("entry not a mapping", _set("bots.medium", "strong"), "medium", ["mapping"]),
    ("negative replies", _set("bots.expert.replies", -1), "expert", ["replies", ">= 0"]),
    ("negative follow", _set("bots.expert.follow", {"base": -2}), "expert",
     ["follow", "'base'", ">= 0"]),
    ("text follow", _set("bots.expert.follow", {"orient": "deep"}), "expert",
     ["follow", "'orient'", "'deep'"]),
    ("follow not by game", _set("bots.expert.follow", 3), "expert", ["follow", "mapping"]),
    ("follow for an unknown game", _set("bots.expert.follow", {"chess": 3}), "expert",
     ["follow", "unknown game", "'chess'"]),
    ("zero turns", _set("bots.expert.turns", {"base": 0}), "expert",
     ["turns", "at least 1 turn"]),
    ("text turns", _set("bots.expert.turns", {"base": "short"}), "expert",
     ["turns", "'base'", "'short'"]),
    ("turns for an unknown game", _set("bots.expert.turns", {"chess": 3}), "expert",
     ["turns", "unknown game", "'chess'"]),
    ("leaf for an unknown game", _set("bots.expert.leaf", {"chess": {"gap": 0.3}}), "expert",
     ["leaf", "unknown game", "'chess'"]),
    ("unknown leaf feature", _set("bots.expert.leaf", {"base": {"luck": 0.3}}), "expert",
     ["leaf, base", "unknown feature", "'luck'"]),
    ("text leaf weight", _set("bots.expert.leaf", {"cities": {"gap": "big"}}), "expert",
     ["leaf, cities", "'gap'", "number"]),
    ("leaf not a mapping", _set("bots.expert.leaf", [0.3]), "expert", ["leaf", "mapping"]),
    ("halving not a list", _set("bots.expert.halving", True), "expert",
     ["halving", "a list of games", "True"]),
    ("halving in an unknown game", _set("bots.expert.halving", ["base", "chess"]), "expert",
     ["halving", "unknown game", "'chess'"]),
]


@pytest.mark.parametrize(
    ("change", "bot", "words"),
    [case[1:] for case in BROKEN],
    ids=[case[0] for case in BROKEN],
)
def test_a_broken_profile_is_refused_naming_file_bot_and_problem(
    change: Callable[[dict[str, Any]], None], bot: str, words: list[str]
) -> None:
    doc = copy.deepcopy(shipped_doc())
    change(doc)
    with pytest.raises(DataError) as info:
        parse_profiles(doc, "bots.yaml")
    message = str(info.value)
    assert message.startswith("bots.yaml: "), message
    assert f"bot {bot}" in message, message
    for word in words:
        assert word in message, f"{word!r} missing from: {message}"


@pytest.mark.parametrize("version", [2, 0, "1", None])
def test_a_wrong_version_is_refused(version: object) -> None:
    doc = shipped_doc()
    if version is None:
        del doc["version"]
    else:
        doc["version"] = version
    with pytest.raises(DataError, match=r"^bots\.yaml: version: expected 1, got ") as info:
        parse_profiles(doc, "bots.yaml")
    assert repr(version) in str(info.value)


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        (None, ["bots.yaml", "mapping"]),
        ([1, 2], ["bots.yaml", "mapping"]),
        ({"version": 1}, ["bots.yaml", "missing field", "bots"]),
        ({"version": 1, "bots": ["easy"]}, ["bots.yaml", "bots", "mapping"]),
    ],
)
def test_a_malformed_file_is_refused(doc: object, words: list[str]) -> None:
    with pytest.raises(DataError) as info:
        parse_profiles(doc, "bots.yaml")
    for word in words:
        assert word in str(info.value)


def test_the_message_names_the_file_it_was_given() -> None:
    doc = shipped_doc()
    doc["bots"]["easy"]["kind"] = "oracle"
    with pytest.raises(DataError, match=r"^ladder\.yaml: bot easy: unknown kind 'oracle'"):
        parse_profiles(doc, "ladder.yaml")


def test_load_profiles_refuses_a_broken_file_on_disk(tmp_path: Path) -> None:
    doc = shipped_doc()
    doc["bots"]["hard"]["blunder"] = 3
    (tmp_path / "bots.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(DataError, match=r"^bots\.yaml: bot hard: 'blunder' is a probability"):
        load_profiles(tmp_path)
    (tmp_path / "bots.yaml").write_text("bots: [unclosed", encoding="utf-8")
    with pytest.raises(DataError, match=r"^bots\.yaml: not valid YAML"):
        load_profiles(tmp_path)


def test_a_profile_file_with_a_new_bot_loads(tmp_path: Path) -> None:
    doc = shipped_doc()
    doc["bots"]["sharp"] = {
        "label": "Sharp",
        "kind": "heuristic",
        "noise": 0,
        "weights": {"deny": 2, "prospect_cards": 4},
    }
    doc["bots"]["deep"] = {"kind": "search", "rollout": "sharp", "budget": 3, "candidates": 8}
    (tmp_path / "bots.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    profiles = load_profiles(tmp_path)
    sharp, deep = profiles["sharp"], profiles["deep"]
    assert isinstance(sharp, HeuristicProfile) and sharp.weights.deny == 2.0
    assert deep == SearchProfile("deep", "Deep", "sharp", 3.0, 8)
