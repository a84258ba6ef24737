"""The Cities of Splendor modules, one file each, found by name (the way python-chess
keeps its variants): each module is a subclass of `ModuleState` (base.py) that overrides
only what its module changes, and names itself with class attributes (`module`, its id
as setups, records, saves and the command line spell it, `aliases`, `description`).

`find_module(name)` looks a module up by id or alias in `MODULES`, the one list of them;
`registered(cls)` adds a module for as long as a `with` block lasts (tests define their
own). Nothing else asks which module a game plays by comparing names: it asks the
module's state class what it has.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from splendor.engine.components import GameData
from splendor.engine.modules.base import ModulePlayer, ModuleState
from splendor.engine.modules.cities import CitiesState
from splendor.engine.modules.orient import OrientState
from splendor.engine.modules.strongholds import StrongholdsState
from splendor.engine.modules.trading_posts import TradingPostsState
from splendor.engine.setup import unknown_module
from splendor.engine.state import use_module_lookup

#: Every module, in the order screens and tables list them.
MODULES: list[type[ModuleState]] = [CitiesState, TradingPostsState, OrientState,
                                    StrongholdsState]


def find_module(name: str) -> type[ModuleState]:
    """The module whose id or alias is exactly `name`; raises ValueError naming the
    known modules otherwise."""
    for module in MODULES:
        if name == module.module or name in module.aliases:
            return module
    raise unknown_module(name, (m.module for m in MODULES))


def playable_modules(data: GameData) -> tuple[str, ...]:
    """The ids of the modules `data` can play (those whose pieces it holds)."""
    return tuple(m.module for m in MODULES if m.playable(data))


def module_ids() -> tuple[str, ...]:
    """The ids of the modules, in `MODULES` order."""
    return tuple(m.module for m in MODULES)


@contextmanager
def registered(module: type[ModuleState]) -> Iterator[type[ModuleState]]:
    """Add `module` to `MODULES` for the `with` block (its id and aliases must be new)."""
    taken = {n for m in MODULES for n in (m.module, *m.aliases)}
    clash = taken & {module.module, *module.aliases}
    if clash:
        raise ValueError(f"a module already answers to {', '.join(sorted(clash))}")
    MODULES.append(module)
    try:
        yield module
    finally:
        MODULES.remove(module)


use_module_lookup(find_module)

__all__ = ["MODULES", "ModulePlayer", "ModuleState", "find_module", "module_ids",
           "playable_modules", "registered"]
