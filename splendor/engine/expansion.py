"""The state of a game with a Cities of Splendor module, under its former name: the
modules now live in splendor.engine.modules (one file each); this re-exports what other
layers import from here."""

from splendor.engine.modules.base import (
    STEP_PHASES,
    ModulePlayer,
    ModuleState,
    TurnState,
)

#: A game with one module (any of them): every module's state class is a subclass.
ExpansionState = ModuleState

__all__ = ["STEP_PHASES", "ExpansionState", "ModulePlayer", "ModuleState", "TurnState"]
