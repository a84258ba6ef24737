"""What a table shows large, and when: a piece hovered a moment (`HOVER_DELAY`), or
right-clicked at once; moving off it, Escape or a click closes it. Every game's table
keeps one for its own kind of target (Splendor's cards, Saba's cards); what is drawn is the
table's. Time moves only in `update`."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, Protocol, TypeVar

import pygame

#: Seconds the pointer rests on a piece before it is shown large.
HOVER_DELAY = 0.5


class Zoomable(Protocol):
    """A piece that can be shown large: what it is (`key`) and where it is drawn."""

    @property
    def key(self) -> Hashable: ...

    @property
    def rect(self) -> pygame.Rect: ...


T = TypeVar("T", bound=Zoomable)


class HoverZoom(Generic[T]):
    """What is hovered, for how long, and what is shown large."""

    def __init__(self) -> None:
        self.hovered: T | None = None
        self.waited = 0.0
        self.shown: T | None = None

    def at_once(self, target: T) -> bool:
        """Whether `target` is shown as soon as it is hovered (no wait)."""
        return False

    def point(self, target: T | None) -> bool:
        """The pointer is over `target` (None: over nothing that zooms). Another target
        starts the wait again and closes what was shown; True when that changed the
        picture."""
        if target is not None and self.hovered is not None and target.key == self.hovered.key:
            return False
        changed = self.shown is not None
        self.hovered, self.waited, self.shown = target, 0.0, None
        if target is not None and self.at_once(target):
            self.shown = target
            changed = True
        return changed

    def open(self, target: T | None) -> bool:
        """Show `target` at once (a right-click); None closes. True when the picture
        changed."""
        if target is None:
            return self.close()
        self.hovered, self.shown = target, target
        return True

    def close(self) -> bool:
        """Close the zoom and forget the hover; True when something was shown."""
        changed = self.shown is not None
        self.hovered, self.waited, self.shown = None, 0.0, None
        return changed

    @property
    def waiting(self) -> bool:
        """Whether a hovered piece is about to be shown (time must pass for it)."""
        return self.hovered is not None and self.shown is None

    def update(self, dt: float, targets: Callable[[], list[T]]) -> bool:
        """Let `dt` seconds pass; what is hovered is looked up again in `targets()` (a piece
        gone or a view changed closes it). True when the picture changed."""
        if self.hovered is None:
            return False
        key = self.hovered.key
        fresh = next((t for t in targets() if t.key == key), None)
        if fresh is None:
            return self.close()
        changed = self.shown is not None and fresh != self.shown
        self.hovered = fresh
        if self.shown is not None:
            self.shown = fresh
            return changed
        self.waited += dt
        if self.waited >= HOVER_DELAY:
            self.shown = fresh
            return True
        return False


def beside(
    piece: pygame.Rect, size: tuple[int, int], window: tuple[int, int], margin: int
) -> pygame.Rect:
    """Where a zoom of `size` goes: right of `piece` (left of it when there is no room),
    level with it, inside the `window` by `margin`."""
    w, h = size
    win_w, win_h = window
    box = pygame.Rect(0, 0, w, h)
    right = piece.right + margin
    box.x = right if right + w <= win_w - margin else piece.left - margin - w
    box.x = max(margin, min(box.x, win_w - margin - w))
    box.centery = piece.centery
    box.y = max(margin, min(box.y, win_h - margin - h))
    return box
