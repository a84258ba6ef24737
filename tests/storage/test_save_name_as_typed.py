"""A named save keeps its name as typed: the file name keeps only safe characters, the load
screen's list shows what the player typed, and only while the file still goes by it."""

from __future__ import annotations

from splendor.engine import GameState, new_game
from splendor.gamedata import base_game
from splendor.storage import paths
from splendor.storage.saves import (
    SAVE_NAME_LENGTH,
    list_saves,
    save_document,
    save_info,
    save_path_for,
    write_save,
)

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Hard bot"}]


def state() -> GameState:
    return new_game(base_game(), 2, 4, names=["Ada", "Hard bot"])


def test_the_list_shows_the_name_as_typed() -> None:
    typed = "Ada vs Hard bot, round 7 (close!)"
    path = save_path_for(typed)
    assert path.stem == "Ada vs Hard bot round 7 close", "the file name stays portable"
    write_save(path, save_document(state(), SEATS, name=typed))
    assert [info.name for info in list_saves()] == [typed]


def test_a_renamed_or_copied_file_shows_its_own_name() -> None:
    typed = "Evening, take 2"
    write_save(save_path_for("Something else"), save_document(state(), SEATS, name=typed))
    assert [info.name for info in list_saves()] == ["Something else"]


def test_a_name_the_file_cannot_have_come_from_is_not_shown() -> None:
    folder = paths.saves_dir()
    cases = {
        "Long": "Long" + "!" * SAVE_NAME_LENGTH,  # would clean to the stem, but too long
        "Number": 7,  # not text
        "Blank": "  ",
    }
    for stem, name in cases.items():
        doc = save_document(state(), SEATS)
        doc["name"] = name
        write_save(folder / f"{stem}.json", doc)
    assert {info.path.stem: info.name for info in list_saves()} == {
        "Long": "Long", "Number": "Number", "Blank": "Blank"}


def test_saves_without_a_name_show_the_file_name() -> None:
    path = save_path_for("Plain")
    write_save(path, save_document(state(), SEATS))
    assert save_info(path).name == "Plain"
