"""A memo cache bounded by its number of entries and by their total size.

`functools.lru_cache` bounds the number of entries only, and one rendered text can be
megabytes (a long name, a large window): 2,048 of those is gigabytes. The text caches
therefore also bound the bytes they keep, least recently used out first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_KWARGS = object()  # separates positional from keyword arguments in a key


class BoundedCache(Generic[P, R]):
    """`func` memoised on its (hashable) arguments, keeping at most `max_entries` results
    whose `cost` (in bytes, the text of the arguments included) adds up to at most
    `max_bytes`. A result bigger than the whole budget is returned but not kept."""

    def __init__(self, func: Callable[P, R], max_entries: int, max_bytes: int,
                 cost: Callable[[R], int]) -> None:
        self.__wrapped__ = func
        self.__doc__ = func.__doc__
        self.__name__ = getattr(func, "__name__", "cached")
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._cost = cost
        self._items: OrderedDict[Hashable, tuple[R, int]] = OrderedDict()
        self.bytes = 0

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key: Hashable = (*args, _KWARGS, *sorted(kwargs.items())) if kwargs else args
        hit = self._items.get(key)
        if hit is not None:
            self._items.move_to_end(key)
            return hit[0]
        value = self.__wrapped__(*args, **kwargs)
        size = self._cost(value) + sum(4 * len(a) for a in args if isinstance(a, str))
        if size <= self.max_bytes:
            self._items[key] = (value, size)
            self.bytes += size
            while len(self._items) > self.max_entries or self.bytes > self.max_bytes:
                _, (_, dropped) = self._items.popitem(last=False)
                self.bytes -= dropped
        return value

    def __len__(self) -> int:
        return len(self._items)

    def cache_clear(self) -> None:
        """Forget every kept result."""
        self._items.clear()
        self.bytes = 0


def bounded_cache(max_entries: int, max_bytes: int, cost: Callable[[R], int]
                  ) -> Callable[[Callable[P, R]], BoundedCache[P, R]]:
    """Decorator form of BoundedCache."""
    def wrap(func: Callable[P, R]) -> BoundedCache[P, R]:
        return BoundedCache(func, max_entries, max_bytes, cost)
    return wrap
