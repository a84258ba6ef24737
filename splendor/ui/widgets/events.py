"""Reading mouse buttons and modifier keys from (possibly constructed) events."""

from __future__ import annotations

import pygame

CLICK = 1  # left mouse button


def _button(event: pygame.event.Event) -> int:
    """The mouse button of a click event (constructed events may leave it out: left)."""
    return int(getattr(event, "button", CLICK))


def _mods(event: pygame.event.Event) -> int:
    """The modifier keys of a key event (constructed events may leave them out)."""
    return int(getattr(event, "mod", 0))
