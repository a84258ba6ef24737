"""Plain-language descriptions of actions for the log and the screen."""

from __future__ import annotations

from splendor.engine import (
    COLOR_NAMES,
    Action,
    Buy,
    ChooseNoble,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
)


def _tokens(counts: tuple[int, ...]) -> str:
    return ", ".join(
        f"{n} {COLOR_NAMES[c]}" if n > 1 else COLOR_NAMES[c] for c, n in enumerate(counts) if n
    )


def describe(name: str, action: Action) -> str:
    """'Ada takes white, blue, green', 'Bob buys L2-07', ... for the game log."""
    if isinstance(action, Take):
        return f"{name} takes {', '.join(COLOR_NAMES[c] for c in action.colors)}"
    if isinstance(action, TakeTwo):
        return f"{name} takes two {COLOR_NAMES[action.color]}"
    if isinstance(action, Reserve):
        return f"{name} reserves {action.card_id}"
    if isinstance(action, ReserveDeck):
        return f"{name} reserves from deck {action.level}"
    if isinstance(action, Buy):
        return f"{name} buys {action.card_id}"
    if isinstance(action, Return):
        return f"{name} returns {_tokens(action.tokens)}"
    if isinstance(action, ChooseNoble):
        return f"{name} is visited by noble {action.noble_id}"
    assert isinstance(action, Pass)
    return f"{name} passes"
