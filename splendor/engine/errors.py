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
