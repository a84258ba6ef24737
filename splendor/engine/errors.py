"""Exceptions raised by the engine's checked entry points."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this position. The state is unchanged."""

    def __init__(self, action_text: str, reason: str) -> None:
        super().__init__(f"illegal action '{action_text}': {reason}")
        self.action_text = action_text
        self.reason = reason


class ActionParseError(ValueError):
    """Text that is not an action in the documented grammar."""


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message says where and why."""

    def __init__(self, message: str, index: int | None = None) -> None:
        where = f"action {index}: " if index is not None else ""
        super().__init__(where + message)
        self.index = index


class PositionError(ValueError):
    """A position description that does not describe a consistent game."""


class Refusal(str):
    """Why an action is refused. The string is the reason in English (for the terminal
    and logs); `code` and `params` let a screen say it in the player's language. Colour
    parameters are colour indices, card and noble parameters are ids."""

    code: str
    params: dict[str, int | str]

    def __new__(cls, code: str, text: str, **params: int | str) -> Refusal:
        self = super().__new__(cls, text)
        self.code = code
        self.params = params
        return self


def spell(value: object) -> str:
    """Text for a refused value that is no well-formed action (for the error message)."""
    try:
        return repr(value)
    except Exception:  # a value with a broken repr is still refused cleanly
        return f"<{type(value).__name__}>"


def not_buyable(card_id: str) -> Refusal:
    """A purchase of a card that is neither in the market nor reserved by the buyer."""
    return Refusal("not_buyable", f"card {card_id} is neither in the market nor reserved by you",
                   card=card_id)
