"""The guided first game's script, levels_data/tutorial.yaml: it loads and plays through,
its words are in every language, and a wrong entry is refused naming the file, the step
and the problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from splendor.engine.modules import module_ids
from splendor.gamedata import DataError, base_game
from splendor.i18n import LANGUAGES, load_catalog, placeholders
from splendor.session.tutorial_data import FILENAME, load_tutorial
from tests.data.data_files import LEVELS_DATA, assert_names, load, save

#: The lessons the issue asks for, each taught by the step of that id.
LESSONS = ["take_three", "take_two", "reserve", "buy", "bonus", "noble", "return",
           "final_round"]


def test_the_shipped_tutorial_teaches_every_lesson_in_order() -> None:
    tutorial = load_tutorial(base_game())
    assert [s.id for s in tutorial.steps] == LESSONS


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_step_has_its_words_in_every_language(code: str) -> None:
    catalog = load_catalog(code)
    english = load_catalog("en")
    for step in load_tutorial(base_game()).steps:
        for part in ("text", "refusal"):
            key = f"tutorial.step.{step.id}.{part}"
            assert key in catalog, f"{code}: no {key}"
            assert placeholders(str(catalog[key])) == placeholders(str(english[key]))


def edited(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> str:
    """The loader's message for the shipped tutorial changed by `change(document)`."""
    doc = load(LEVELS_DATA, FILENAME)
    change(doc)
    save(tmp_path, FILENAME, doc)
    with pytest.raises(DataError) as info:
        load_tutorial(base_game(), tmp_path)
    return str(info.value)


def step(doc: dict[str, Any], step_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(s for s in doc["steps"] if s["id"] == step_id)
    return found


CASES: list[tuple[str, Callable[[dict[str, Any]], None], tuple[str, ...]]] = [
    ("unknown card expected",
     lambda d: step(d, "reserve").update(expect=["reserve L1-99"]),
     ("step 3 (reserve)", "expect", "L1-99")),
    ("expected move not legal",
     lambda d: step(d, "take_two").update(expect=["take2 blue"]),
     ("step 2 (take_two)", "'take2 blue' is not legal here")),
    ("reply not legal",
     lambda d: step(d, "buy").update(reply=["buy L3-01"]),
     ("step 4 (buy)", "reply", "'buy L3-01' is not legal here")),
    ("reply leaves the coach to move",
     lambda d: step(d, "take_three").update(reply=[]),
     ("step 1 (take_three)", "the player must be to move")),
    ("a piece not on the table",
     lambda d: step(d, "bonus").update(point=["card L3-10"]),
     ("step 5 (bonus)", "point", "L3-10 is not face up")),
    ("an unknown piece",
     lambda d: step(d, "noble").update(point=["moon 3"]),
     ("step 6 (noble)", "point", "'moon 3' is no piece")),
    ("a wrong position",
     lambda d: step(d, "noble")["position"].update(nobles=["N06", "N06", "N99"]),
     ("step 6 (noble)", "position")),
    ("an unknown field",
     lambda d: step(d, "return").update(hint="x"),
     ("step 7 (return)", "unknown field(s) hint")),
    ("the game does not end",
     lambda d: step(d, "final_round").update(reply=[]),
     ("step 8 (final_round)", "the game must be over after the last step")),
    ("a step without its move",
     lambda d: step(d, "buy").update(expect=[]),
     ("step 4 (buy)", "'expect' must name at least one action")),
    ("a duplicate id",
     lambda d: step(d, "bonus").update(id="buy"),
     ("step 5 (buy)", "duplicate id buy")),
]


@pytest.mark.parametrize("change,parts", [(c, p) for _, c, p in CASES],
                         ids=[name for name, _, _ in CASES])
def test_a_wrong_entry_is_refused_naming_the_file_step_and_problem(
        tmp_path: Path, change: Callable[[dict[str, Any]], None], parts: tuple[str, ...]
) -> None:
    message = edited(tmp_path, change)
    assert message.startswith(f"{FILENAME}: "), message
    assert_names(message, *parts)


def test_every_module_has_a_lesson_with_its_words_in_every_language() -> None:
    tutorial = load_tutorial(base_game())
    assert sorted(tutorial.lessons) == sorted(module_ids())
    for code in LANGUAGES:
        catalog = load_catalog(code)
        for module in tutorial.lessons:
            for part in ("text", "refusal"):
                key = f"tutorial.lesson.{module.replace('-', '_')}.{part}"
                assert key in catalog, f"{code}: no {key}"


LESSON_CASES: list[tuple[str, Callable[[dict[str, Any]], None], tuple[str, ...]]] = [
    ("unknown module", lambda d: d["lessons"].update(moon={"position": {}}),
     ("lesson moon", "no such module")),
    ("no position", lambda d: d["lessons"]["orient"].pop("position"),
     ("lesson orient", "a lesson begins from a 'position'")),
    ("a move of another module",
     lambda d: d["lessons"]["cities"].update(expect=["buy O2-05"]),
     ("lesson cities", "expect", "O2-05")),
    ("a post that is not there",
     lambda d: d["lessons"]["orient"].update(point=["post 3"]),
     ("lesson orient", "point", "post 3")),
    ("a reply", lambda d: d["lessons"]["strongholds"].update(reply=["pass"]),
     ("lesson strongholds", "no 'id' nor 'reply'")),
]


@pytest.mark.parametrize("change,parts", [(c, p) for _, c, p in LESSON_CASES],
                         ids=[name for name, _, _ in LESSON_CASES])
def test_a_wrong_lesson_is_refused_naming_the_file_lesson_and_problem(
        tmp_path: Path, change: Callable[[dict[str, Any]], None], parts: tuple[str, ...]
) -> None:
    message = edited(tmp_path, change)
    assert message.startswith(f"{FILENAME}: "), message
    assert_names(message, *parts)
