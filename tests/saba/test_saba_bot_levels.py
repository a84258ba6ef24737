"""Saba's bot levels (levels_data/saba/bots.yaml): the shipped file gives the ladder's
levels, and a wrong entry is refused naming the file, the level and the problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from splendor.gamedata import DataError
from splendor.resources import levels_data_dir
from splendor.saba.bots import BOT_NAMES, make_bot
from splendor.saba.bots.profiles import (
    GreedyProfile,
    SearchProfile,
    load_profiles,
    parse_profiles,
    shipped_profiles,
)

SHIPPED = levels_data_dir() / "saba" / "bots.yaml"


def shipped_doc() -> dict[str, Any]:
    return yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))


def test_the_shipped_file_holds_every_level_after_random_weakest_first() -> None:
    profiles = shipped_profiles()
    assert ("random", *profiles) == BOT_NAMES
    assert isinstance(profiles["easy"], GreedyProfile) and profiles["easy"].blunder > 0
    hard = profiles["hard"]
    assert isinstance(hard, SearchProfile) and isinstance(profiles[hard.rollout], GreedyProfile)
    for name in BOT_NAMES:
        assert make_bot(name, 1).name == name


def test_an_unknown_level_is_refused_naming_the_levels() -> None:
    with pytest.raises(
        ValueError,
        match=r"unknown saba bot 'expert' \(known: random, easy, "
        r"medium, hard\)",
    ):
        make_bot("expert")


@pytest.mark.parametrize(
    ("level", "change", "problem"),
    [
        ("easy", {"weights": {"arches": 4}}, "bot easy, weights: unknown weight 'arches'"),
        ("easy", {"weights": {"arch": "high"}}, "bot easy, weights: 'arch' must be a number"),
        ("easy", {"noise": -1}, "bot easy: 'noise' must be a number >= 0, got -1"),
        ("easy", {"blunder": 1.5}, "bot easy: 'blunder' must be at most 1, got 1.5"),
        ("medium", {"plans": "yes"}, "bot medium: 'plans' must be true or false"),
        ("medium", {"kind": "genius"}, "bot medium: unknown kind 'genius' (greedy or search)"),
        ("medium", {"depth": 3}, "bot medium: unknown field(s) depth"),
        ("hard", {"rollout": "hard"}, "bot hard: rollout 'hard' is not a greedy level"),
        ("hard", {"candidates": 1}, "bot hard: 'candidates' must be a whole number >= 2"),
        ("hard", {"worlds": 0}, "bot hard: 'worlds' must be a whole number >= 1"),
        ("hard", {"horizon": "game"}, "bot hard: 'horizon' is one of turn, round, got 'game'"),
    ],
)
def test_a_wrong_entry_is_refused_naming_file_level_and_problem(
    tmp_path: Path, level: str, change: dict[str, Any], problem: str
) -> None:
    doc = shipped_doc()
    doc["bots"][level].update(change)
    path = tmp_path / "bots.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_profiles(path)
    assert str(error.value).startswith(f"saba/bots.yaml: {problem}")


def test_random_cannot_be_redefined_and_the_version_is_checked() -> None:
    doc = shipped_doc()
    doc["bots"]["random"] = {"kind": "greedy"}
    with pytest.raises(DataError, match="bot random: 'random' is built in"):
        parse_profiles(doc)
    with pytest.raises(DataError, match="version: expected 1, got 2"):
        parse_profiles({**shipped_doc(), "version": 2})
