"""The bots' value function, one file per Cities of Splendor module (the way the engine
keeps its modules): situation.py builds what the mover knows, evaluator.py holds the base
game's value and the one-step chooser, module_games.py a module game's value and scoring,
and each module's own value terms are in its file (cities.py, trading_posts.py, orient.py,
strongholds.py), a subclass of terms.py's `ModuleValue` naming its engine module;
registry.py finds them by the engine module (the default terms for a module without)."""

from splendor.bots.value.evaluator import Evaluator, Evaluators, pick
from splendor.bots.value.registry import VALUES, terms_for, value_terms
from splendor.bots.value.situation import (
    Side,
    Situation,
    Weights,
    WorldSource,
    situation_from_state,
    situation_from_view,
    tokens_taken,
)
from splendor.bots.value.terms import ModuleValue

__all__ = ["VALUES", "Evaluator", "Evaluators", "ModuleValue", "Side", "Situation", "Weights",
           "WorldSource", "pick", "situation_from_state", "situation_from_view", "terms_for",
           "tokens_taken", "value_terms"]
