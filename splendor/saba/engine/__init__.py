"""The rules of Saba (docs/RULES_SABA.md, the basic game): pure Python, no pygame, no I/O,
no global random state. The faces are Splendor's engine's.

Typical use::

    from splendor.saba.data import saba_game
    from splendor.saba.engine import new_game, observe, parse_action

    state = new_game(saba_game(), players=3, seed=7)
    state.apply(parse_action("harbour vizier"))    # phase 1: the vizier's section
    state.apply(parse_action("vizier goldsmiths"))  # ... and where the vizier goes
    view = observe(state, seat=1)                   # what seat 1 may see
"""

from splendor.engine.errors import (
    ActionParseError,
    IllegalActionError,
    RecordError,
    Refusal,
)
from splendor.saba.engine.action_text import parse_action
from splendor.saba.engine.actions import (
    ACTION_TYPES,
    FREE_ACTIONS,
    Action,
    Buy,
    ChooseFace,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Enter,
    MoveVizier,
    Place,
    Play,
    Recall,
    Remove,
    Return,
    Swap,
    Use,
    malformed,
)
from splendor.saba.engine.components import (
    ActionCard,
    BuildSpace,
    DeckCard,
    HarbourCard,
    HarbourSection,
    PalaceCard,
    Provenance,
    Quarter,
    SabaData,
    SpecialCard,
)
from splendor.saba.engine.materials import (
    ALABASTER,
    BUILDING,
    EBONY,
    GOLD,
    MATERIAL_NAMES,
    MATERIALS,
    SANDSTONE,
    material_index,
)
from splendor.saba.engine.outcome import EndReason, Outcome, TieBreak, harem_key
from splendor.saba.engine.record import RECORD_VERSION, make_record, replay
from splendor.saba.engine.seat import Seat
from splendor.saba.engine.setup import SabaSetup, deal
from splendor.saba.engine.state import SabaState, new_game
from splendor.saba.engine.steps import FREE_STEPS, Step
from splendor.saba.engine.view import SabaView, SeatView, observe

__all__ = [
    "ACTION_TYPES",
    "ALABASTER",
    "BUILDING",
    "EBONY",
    "FREE_ACTIONS",
    "FREE_STEPS",
    "GOLD",
    "MATERIALS",
    "MATERIAL_NAMES",
    "RECORD_VERSION",
    "SANDSTONE",
    "Action",
    "ActionCard",
    "ActionParseError",
    "BuildSpace",
    "Buy",
    "ChooseFace",
    "DeckCard",
    "Decline",
    "Discard",
    "Draw",
    "EndReason",
    "EndTurn",
    "Enter",
    "HarbourCard",
    "HarbourSection",
    "IllegalActionError",
    "MoveVizier",
    "Outcome",
    "PalaceCard",
    "Place",
    "Play",
    "Provenance",
    "Quarter",
    "Recall",
    "RecordError",
    "Refusal",
    "Remove",
    "Return",
    "SabaData",
    "SabaSetup",
    "SabaState",
    "SabaView",
    "Seat",
    "SeatView",
    "SpecialCard",
    "Step",
    "Swap",
    "TieBreak",
    "Use",
    "deal",
    "harem_key",
    "make_record",
    "malformed",
    "material_index",
    "new_game",
    "observe",
    "parse_action",
    "replay",
]
