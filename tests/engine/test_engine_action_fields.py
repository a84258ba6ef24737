"""Action values check their fields when built, and every action that can be built has a
text that parses back to it (records and logs store that text)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splendor.engine import (
    Buy,
    ChooseNoble,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    malformed,
    parse_action,
)

# (type, fields, the exception, words of its message)
BAD: list[tuple[type, dict[str, Any], type[Exception], str]] = [
    (Return, {"tokens": (1.5, 0.5, 0, 0, 0, 0)}, TypeError, "white count must be a whole number"),
    (Return, {"tokens": (True, 0, 0, 0, 0, 0)}, TypeError, "whole number, got True"),
    (Return, {"tokens": (0, 0, 0, 0, 0, -1)}, ValueError, "gold count cannot be negative"),
    (Return, {"tokens": (1, 0, 0, 0, 0)}, ValueError, "must hold 6 counts"),
    (Return, {"tokens": (1, 0, 0, 0, 0, 0, 0)}, ValueError, "must hold 6 counts"),
    (Return, {"tokens": [1, 0, 0, 0, 0, 0]}, TypeError, "must be a tuple of 6 counts"),
    (Return, {"tokens": "white"}, TypeError, "must be a tuple"),
    (Buy, {"card_id": "L1-01", "payment": (0, 2.0, 0, 0, 0, 0)}, TypeError,
     "blue count must be a whole number"),
    (Buy, {"card_id": "L1-01", "payment": (0, 0, 0, 0, 0, False)}, TypeError, "whole number"),
    (Buy, {"card_id": "L1-01", "payment": (0, -1, 0, 0, 0, 0)}, ValueError, "cannot be negative"),
    (Buy, {"card_id": "L1-01", "payment": (1, 1)}, ValueError, "must hold 6 counts"),
    (Buy, {"card_id": "l1-01"}, ValueError, "is not an id"),
    (Buy, {"card_id": "L1 01"}, ValueError, "is not an id"),
    (Buy, {"card_id": ""}, ValueError, "is not an id"),
    (Buy, {"card_id": 7}, TypeError, "card id must be text"),
    (Take, {"colors": (0, 1, 5)}, ValueError, "gold cannot be taken"),
    (Take, {"colors": (0, 1, 6)}, ValueError, "must be a gem colour"),
    (Take, {"colors": (0, 0, 1)}, ValueError, "different"),
    (Take, {"colors": ()}, ValueError, "one to three"),
    (Take, {"colors": (0, 1, 2, 3)}, ValueError, "one to three"),
    (Take, {"colors": (0, 1.0)}, TypeError, "whole number"),
    (Take, {"colors": (True, 2)}, TypeError, "whole number"),
    (Take, {"colors": (-1, 2)}, ValueError, "cannot be negative"),
    (Take, {"colors": [0, 1, 2]}, TypeError, "must be a tuple"),
    (TakeTwo, {"color": 5}, ValueError, "gold cannot be taken"),
    (TakeTwo, {"color": 9}, ValueError, "gem colour"),
    (TakeTwo, {"color": True}, TypeError, "whole number"),
    (TakeTwo, {"color": 1.0}, TypeError, "whole number"),
    (Reserve, {"card_id": "DECK"}, ValueError, "word of the action grammar"),
    (Reserve, {"card_id": "l2-07"}, ValueError, "is not an id"),
    (Reserve, {"card_id": None}, TypeError, "must be text"),
    (ReserveDeck, {"level": 0}, ValueError, "count from 1"),
    (ReserveDeck, {"level": -2}, ValueError, "cannot be negative"),
    (ReserveDeck, {"level": 2.0}, TypeError, "whole number"),
    (ReserveDeck, {"level": True}, TypeError, "whole number"),
    (ChooseNoble, {"noble_id": "n04"}, ValueError, "is not an id"),
    (ChooseNoble, {"noble_id": ("N04",)}, TypeError, "must be text"),
]


@pytest.mark.parametrize(("cls", "fields", "error", "words"), BAD,
                         ids=[f"{c.__name__}-{f}" for c, f, _, _ in BAD])
def test_bad_fields_are_refused_on_construction_with_a_clear_message(
    cls: type, fields: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as info:
        cls(**fields)
    assert type(info.value) is error  # not an unrelated error that happens to subclass it
    assert words in str(info.value), str(info.value)


def test_the_fractional_return_of_the_issue_cannot_be_built() -> None:
    with pytest.raises(TypeError, match=r"white count must be a whole number, got 1\.5"):
        Return((1.5, 0.5, 0, 0, 0, 0))


def test_good_fields_are_kept_in_their_canonical_form() -> None:
    assert Take((2, 0, 1)).colors == (0, 1, 2)
    assert Return((0, 0, 0, 0, 0, 1)).tokens == (0, 0, 0, 0, 0, 1)
    assert Buy("L1-01", (0,) * 6).payment == (0,) * 6
    assert ReserveDeck(7).level == 7  # levels beyond the data's are the rules' business
    for action in (Take((0,)), TakeTwo(4), Reserve("X_9"), Buy("N01"), ChooseNoble("L1-01"),
                   Pass(), Return((0,) * 6)):
        assert malformed(action) is None, action


# ------------------------------------------------------------ every action round-trips

whole = st.integers(-2, 8) | st.booleans() | st.floats(0, 3) | st.none()
words = st.text(alphabet="AZaz09-_ .", max_size=6) | st.sampled_from(["DECK", "PAY", "L1-01"])
counts = st.tuples(*[st.integers(0, 3)] * 6) | st.lists(whole, max_size=7).map(tuple)

anything: st.SearchStrategy[tuple[type, dict[str, Any]]] = st.one_of(
    st.lists(whole, max_size=4).map(lambda cs: (Take, {"colors": tuple(cs)})),
    whole.map(lambda c: (TakeTwo, {"color": c})),
    words.map(lambda i: (Reserve, {"card_id": i})),
    whole.map(lambda n: (ReserveDeck, {"level": n})),
    st.tuples(words, st.none() | counts).map(lambda t: (Buy, {"card_id": t[0],
                                                             "payment": t[1]})),
    counts.map(lambda c: (Return, {"tokens": c})),
    words.map(lambda i: (ChooseNoble, {"noble_id": i})),
)


@settings(max_examples=600, deadline=None)
@given(anything)
def test_whatever_builds_round_trips_through_its_text(case: tuple[type, dict[str, Any]]) -> None:
    cls, fields = case
    try:
        action = cls(**fields)
    except (TypeError, ValueError) as exc:
        assert str(exc), "a refusal must say why"
        return
    assert malformed(action) is None
    text = action.text()
    assert parse_action(text) == action, text
    assert parse_action(text).text() == text


def test_parse_refuses_what_construction_refuses_as_a_parse_error() -> None:
    from splendor.engine import ActionParseError

    for text, words_ in [("reserve deck 0", "count from 1"), ("buy L1-01!", "is not an id"),
                         ("noble N*", "is not an id")]:
        with pytest.raises(ActionParseError, match=words_) as info:
            parse_action(text)
        assert text in str(info.value)
