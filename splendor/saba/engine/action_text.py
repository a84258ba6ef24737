"""Read Saba actions from their text form (the grammar in actions.py)."""

from __future__ import annotations

from collections.abc import Callable

from splendor.engine.errors import ActionParseError
from splendor.saba.engine.actions import (
    DECLINE,
    DRAW,
    END,
    ENTER,
    Action,
    Buy,
    ChooseFace,
    Discard,
    MoveVizier,
    Place,
    Play,
    Recall,
    Remove,
    Return,
    Swap,
    Use,
)
from splendor.saba.engine.materials import material_index

#: The one-id actions, by their first word.
_BY_ID: dict[str, Callable[[str], Action]] = {
    "harbour": ChooseFace,
    "remove": Remove,
    "vizier": MoveVizier,
    "buy": Buy,
    "recall": Recall,
    "place": Place,
    "discard": Discard,
}
_BARE: dict[str, Action] = {"decline": DECLINE, "enter": ENTER, "draw": DRAW, "end": END}


def parse_action(text: str) -> Action:
    """The action `text` spells (case and spacing are free); ActionParseError saying what
    is wrong otherwise."""
    words = text.lower().split()
    if not words:
        raise ActionParseError("an empty text is no action")
    verb, rest = words[0], words[1:]
    try:
        return _parse(verb, rest)
    except ValueError as exc:
        raise ActionParseError(f"{text.strip()!r}: {exc}") from None


def _parse(verb: str, rest: list[str]) -> Action:
    if verb in _BARE:
        _count(verb, rest, 0, "")
        return _BARE[verb]
    if verb in _BY_ID:
        _count(verb, rest, 1, " ID")
        return _BY_ID[verb](rest[0])
    if verb == "swap":
        give, take = _exchange(verb, rest)
        return Swap(give, take)
    if verb == "return":
        _count(verb, rest, 1, " MATERIAL")
        return Return(material_index(rest[0]))
    if verb == "play":
        _count(verb, rest, 2, " CARD MATERIAL")
        return Play(rest[0], material_index(rest[1]))
    if verb == "use":
        if len(rest) == 1:
            return Use(rest[0])
        give, take = _exchange(verb, rest[1:])
        return Use(rest[0], give, take)
    raise ValueError(
        f"unknown action {verb!r} (the actions: harbour, remove, vizier, swap, "
        "decline, enter, buy, recall, place, draw, end, discard, return, play, use)"
    )


def _count(verb: str, rest: list[str], n: int, shape: str) -> None:
    if len(rest) != n:
        raise ValueError(f"write '{verb}{shape}'")


def _exchange(verb: str, rest: list[str]) -> tuple[int, int]:
    if len(rest) != 3 or rest[1] != "for":
        raise ValueError(f"write '{verb} {'QUARTER ' if verb == 'use' else ''}GIVE for TAKE'")
    return material_index(rest[0]), material_index(rest[2])
