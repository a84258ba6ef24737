"""A game's actions so far, shared between states and views instead of copied.

A `GameState` appends each action to a log list. `History` and `HistoryText` are
read-only windows on the first n entries of such a list: taking one costs the same
after ten actions as after ten thousand, and it never changes afterwards, because the
list is only ever appended to. A clone shares its original's list; the first of the
two to append after the other writes a new list (a copy of its own n entries), so
neither ever sees the other's moves. (As before, a state and its clones are played from
one thread at a time; views may be read from any thread.)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from splendor.engine.actions import Action


class History(Sequence[Action]):
    """The first `len(self)` actions of a game log, oldest first. Immutable."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: list[Action] | None = None, n: int | None = None) -> None:
        self._items: list[Action] = [] if items is None else items
        self._n = len(self._items) if n is None else n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return self._items[: self._n][index]
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("history index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[Action]:
        items = self._items
        return (items[i] for i in range(self._n))

    def texts(self) -> HistoryText:
        """The same actions in their text form."""
        return HistoryText(self)

    def __eq__(self, other: object) -> bool:
        # Compares by content, also with a plain list or tuple of actions.
        if isinstance(other, History):
            if other._items is self._items:
                return other._n == self._n
            return self._n == other._n and list(self) == list(other)
        if isinstance(other, list | tuple):
            return self._n == len(other) and list(self) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"History({[a.text() for a in self]!r})"

    def __reduce__(self) -> tuple[object, ...]:
        # Pickle only this window, not the entries appended after it.
        return (History, (list(self),))


class HistoryText(Sequence[str]):
    """A `History` read as action texts (the form records and logs use). Immutable."""

    __slots__ = ("_history",)

    def __init__(self, history: History) -> None:
        self._history = history

    def __len__(self) -> int:
        return len(self._history)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...
    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        if isinstance(index, slice):
            return tuple(a.text() for a in self._history[index])
        return self._history[index].text()

    def __iter__(self) -> Iterator[str]:
        return (a.text() for a in self._history)

    def __eq__(self, other: object) -> bool:
        # Compares by content, also with a plain tuple or list of texts.
        if isinstance(other, HistoryText):
            return self._history == other._history
        if isinstance(other, tuple | list):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"HistoryText({list(self)!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (HistoryText, (History(list(self._history)),))
