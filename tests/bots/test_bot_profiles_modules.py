"""levels_data/bots.yaml: a heuristic profile's weights for the Cities of Splendor modules
(`modules:`), validated like the rest of the file."""

from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any

import pytest

from splendor.bots.profiles import HeuristicProfile, parse_profiles, shipped_profiles
from splendor.bots.value import Weights
from splendor.engine.modules import module_ids
from splendor.gamedata import DataError, read_yaml
from splendor.resources import levels_data_dir

#: The weights only a module game uses.
MODULE_WEIGHTS = ("city", "city_decay", "city_held", "city_demand", "post", "post_decay",
                  "post_demand", "post_gem", "post_extra", "post_gold", "double", "free_card",
                  "keep_noble", "kept_factor", "hold", "block")


def shipped_doc() -> dict[str, Any]:
    doc = read_yaml(levels_data_dir() / "bots.yaml")
    assert isinstance(doc, dict)
    return copy.deepcopy(doc)


def test_the_module_weights_are_known_weights() -> None:
    fields = {f.name for f in dataclasses.fields(Weights)}
    assert set(MODULE_WEIGHTS) <= fields


def test_the_header_documents_every_weight() -> None:
    header = (levels_data_dir() / "bots.yaml").read_text(encoding="utf-8").split("version:")[0]
    for f in dataclasses.fields(Weights):
        assert re.search(rf"(?<![\w`]){f.name}(?![\w`])|`{f.name}`", header), f.name


def test_a_module_changes_only_what_it_names() -> None:
    doc = shipped_doc()
    doc["bots"]["hard"]["modules"] = {"orient": {"double": 0.9}}
    hard = parse_profiles(doc)["hard"]
    assert isinstance(hard, HeuristicProfile)
    orient = hard.weights_for("orient")
    assert orient.double == 0.9
    assert dataclasses.replace(orient, double=hard.weights.double) == hard.weights
    assert hard.weights_for(None) is hard.weights
    assert hard.weights_for("cities") is hard.weights


def test_a_module_may_change_how_often_a_level_errs() -> None:
    """A level's noise and blunder named in a module's entry are its play in that game type
    only; its weights there stay the weights, and the other game types keep the level's."""
    doc = shipped_doc()
    doc["bots"]["medium"]["noise"], doc["bots"]["medium"]["blunder"] = 0.4, 0.04
    doc["bots"]["medium"]["modules"] = {"strongholds": {"noise": 0.2, "hold": 0.5},
                                        "orient": {"blunder": 0.01}}
    medium = parse_profiles(doc)["medium"]
    assert isinstance(medium, HeuristicProfile)
    assert medium.play_for("strongholds") == (0.2, 0.04)
    assert medium.play_for("orient") == (0.4, 0.01)
    assert medium.play_for(None) == medium.play_for("cities") == (0.4, 0.04)
    assert medium.weights_for("strongholds").hold == 0.5


def test_the_ladder_gets_less_random_as_it_climbs_in_every_game_type() -> None:
    easy, medium, hard = (shipped_profiles()[n] for n in ("easy", "medium", "hard"))
    assert isinstance(easy, HeuristicProfile) and isinstance(medium, HeuristicProfile)
    assert isinstance(hard, HeuristicProfile)
    for module in (None, *module_ids()):
        (e_noise, e_blunder), (m_noise, m_blunder), (h_noise, h_blunder) = (
            p.play_for(module) for p in (easy, medium, hard))
        assert e_noise >= m_noise >= h_noise, module
        assert e_blunder >= m_blunder >= h_blunder, module


def test_the_shipped_ladder_has_weights_for_every_module() -> None:
    for name in ("easy", "medium", "hard"):
        profile = shipped_profiles()[name]
        assert isinstance(profile, HeuristicProfile)
        for module in module_ids():
            assert isinstance(profile.weights_for(module), Weights)


@pytest.mark.parametrize(
    ("modules", "words"),
    [
        ({"atlantis": {"city": 1}}, ["bot hard, modules", "unknown module 'atlantis'",
                                     "cities"]),
        ({"cities": {"charisma": 1}}, ["bot hard, modules, cities", "unknown weight"]),
        ({"orient": {"double": "lots"}}, ["bot hard, modules, orient", "'double'", "number"]),
        ({"orient": [1, 2]}, ["bot hard, modules, orient", "mapping"]),
        ([1], ["bot hard, modules", "mapping"]),
        ({"strongholds": {"blunder": 1.5}}, ["bot hard, modules, strongholds",
                                             "'blunder' is a probability"]),
        ({"orient": {"noise": -1}}, ["bot hard, modules, orient", "'noise'", ">= 0"]),
    ],
)
def test_broken_module_weights_are_refused(modules: object, words: list[str]) -> None:
    doc = shipped_doc()
    doc["bots"]["hard"]["modules"] = modules
    with pytest.raises(DataError) as info:
        parse_profiles(doc, "bots.yaml")
    message = str(info.value)
    assert message.startswith("bots.yaml: ")
    for word in words:
        assert word in message, message


def test_a_search_bot_has_no_module_weights() -> None:
    doc = shipped_doc()
    doc["bots"]["expert"]["modules"] = {"orient": {"double": 1}}
    with pytest.raises(DataError, match="unknown field"):
        parse_profiles(doc)
