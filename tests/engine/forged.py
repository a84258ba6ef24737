"""Actions built around their constructors' checks, as a buggy or hostile caller could
(`object.__new__` and `object.__setattr__`): what `why_illegal` must still refuse."""

from __future__ import annotations

import dataclasses
from typing import Any


def forge(cls: type, **fields: Any) -> Any:
    """A `cls` action holding `fields` (unchecked). Fields not given stay unset, but for
    those with a default (the modules' additions), which take it: an action forged with
    the base game's fields still is one."""
    action = object.__new__(cls)
    if fields:
        for f in dataclasses.fields(cls):
            if f.name not in fields and f.default is not dataclasses.MISSING:
                object.__setattr__(action, f.name, f.default)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action
