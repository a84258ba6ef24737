"""Actions built around their constructors' checks, as a buggy or hostile caller could
(`object.__new__` and `object.__setattr__`): what `why_illegal` must still refuse."""

from __future__ import annotations

from typing import Any


def forge(cls: type, **fields: Any) -> Any:
    """A `cls` action holding exactly `fields` (unchecked; fields not given stay unset)."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action
