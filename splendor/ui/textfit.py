"""A record of text that did not fit: the fit tests render every screen in every
language and fail on any entry.

Drawing code reports here (through `widgets.text`) when a label had to be cut, when
lines did not fit their box, or when text left the window. Outside an `audit()` the
report costs one comparison.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Misfit:
    """One piece of text that did not fit, and how."""

    text: str
    problem: str


_records: list[Misfit] | None = None


@contextmanager
def audit() -> Iterator[list[Misfit]]:
    """Collect every misfit reported while the block runs."""
    global _records
    outer, _records = _records, []
    try:
        yield _records
    finally:
        _records = outer


def report(text: str, problem: str) -> None:
    if _records is not None:
        _records.append(Misfit(text, problem))


def check_inside(text: str, rect: pygame.Rect, box: pygame.Rect, what: str) -> None:
    """Report `text` drawn at `rect` when it is not wholly inside `box`."""
    if _records is not None and not box.contains(rect):
        report(text, f"drawn at {tuple(rect)}, outside {what} {tuple(box)}")
