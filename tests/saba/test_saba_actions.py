"""Saba's actions: immutable values that check their fields, a text form that reads back,
and values built around the checks refused with a reason."""

from __future__ import annotations

import pytest

from splendor.saba.engine import (
    ActionParseError,
    Buy,
    ChooseFace,
    IllegalActionError,
    Play,
    Return,
    Swap,
    Use,
    malformed,
    new_game,
    parse_action,
)
from tests.saba.helpers import DATA
from tests.saba.universe import universe


def test_every_action_reads_back_from_its_text() -> None:
    for action in universe(DATA):
        assert parse_action(action.text()) == action, action.text()
    assert parse_action("  USE Exchange gold FOR ebony ") == Use("exchange", 3, 2)


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (lambda: ChooseFace(3), TypeError, "the harbour section must be text"),
        (lambda: Buy("Arch 1"), ValueError, "is not an id"),
        (lambda: Swap(0, 0), ValueError, "gives one material for another"),
        (lambda: Swap(0, 4), ValueError, "must be a material 0-3"),
        (lambda: Return(True), TypeError, "must be a material number"),
        (lambda: Use("exchange", 3), ValueError, "names both the material given and the one"),
        (lambda: Play("action-01", None), TypeError, "must be a material number"),
    ],
)
def test_an_action_refuses_bad_fields(build: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        build()  # type: ignore[operator]


def test_an_action_cannot_be_changed() -> None:
    with pytest.raises(AttributeError):
        Buy("arch-1").card_id = "arch-2"  # type: ignore[misc]


def test_a_value_built_around_the_checks_is_refused_and_changes_nothing() -> None:
    forged = object.__new__(Swap)
    object.__setattr__(forged, "give", 1)
    object.__setattr__(forged, "take", 1)
    assert malformed(forged) == "an exchange gives one material for another"
    empty = object.__new__(Buy)
    assert malformed(empty) == "this Buy action is missing its fields"
    assert malformed("buy arch-1") == "a str is not a Saba action"
    s = new_game(DATA, 2, seed=3)
    key = s.key()
    for value in (forged, empty, "harbour hand", None):
        assert s.why_illegal(value) is not None
        with pytest.raises(IllegalActionError):
            s.apply(value)  # type: ignore[arg-type]
    assert s.key() == key


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an empty text is no action"),
        ("fly away", "unknown action 'fly'"),
        ("swap gold ebony", "write 'swap GIVE for TAKE'"),
        ("use exchange gold ebony", "write 'use QUARTER GIVE for TAKE'"),
        ("return marble", "unknown material 'marble'"),
        ("buy", "write 'buy ID'"),
        ("draw now", "write 'draw'"),
    ],
)
def test_text_that_is_no_action_is_refused_saying_why(text: str, message: str) -> None:
    with pytest.raises(ActionParseError, match=message):
        parse_action(text)
