"""Which value terms judge a game: each module's file here names its engine module
(`ModuleValue.engine`), and a game's engine module (found by name through the engine's
registry, or the state's own class) picks them; a module with none of its own (or
extending none that has) is judged with the default terms."""

from __future__ import annotations

from splendor.bots.value.cities import CitiesValue
from splendor.bots.value.orient import OrientValue
from splendor.bots.value.strongholds import StrongholdsValue
from splendor.bots.value.terms import ModuleValue
from splendor.bots.value.trading_posts import TradingPostsValue
from splendor.engine.modules import ModuleState, find_module

#: The modules' own value terms.
VALUES: tuple[type[ModuleValue], ...] = (CitiesValue, TradingPostsValue, OrientValue,
                                         StrongholdsValue)
_BY_ENGINE: dict[type, type[ModuleValue]] = {v.engine: v for v in VALUES}


def terms_for(engine: type[ModuleState]) -> type[ModuleValue]:
    """The value terms of the engine module `engine`: its own, else those of the nearest
    module it extends, else the default."""
    for cls in engine.__mro__:
        terms = _BY_ENGINE.get(cls)
        if terms is not None:
            return terms
    return ModuleValue


def value_terms(module: str | None) -> type[ModuleValue] | None:
    """The value terms of the module called `module` (None: the base game has none)."""
    return None if module is None else terms_for(find_module(module))
