"""The rules of Splendor: pure Python, no pygame, no I/O, no global random state.

Typical use::

    from splendor.gamedata import base_game
    from splendor.engine import new_game, observe, parse_action

    state = new_game(base_game(), players=2, seed=7)
    state.apply(parse_action("take white blue green"))
    view = observe(state, seat=1)   # what seat 1 may see
"""

from splendor.engine.action_text import parse_action
from splendor.engine.actions import (
    Action,
    Buy,
    ChooseNoble,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    malformed,
)
from splendor.engine.colors import COLOR_NAMES, GEMS, GOLD, TOKENS, color_index
from splendor.engine.components import Card, GameData, Noble, PlayerCountSetup
from splendor.engine.errors import (
    ActionParseError,
    IllegalActionError,
    PositionError,
    RecordError,
    Refusal,
)
from splendor.engine.modules import find_module
from splendor.engine.outcome import Outcome
from splendor.engine.payment import (
    bonus_shortfall,
    default_payment,
    payment_options,
    tokens_missing,
)
from splendor.engine.player import PlayerState
from splendor.engine.position import build_position
from splendor.engine.record import RECORD_VERSION, make_record, replay
from splendor.engine.sampling import WorldSampler, sample_world, unseen_cards
from splendor.engine.setup import GameSetup, deal
from splendor.engine.state import GameState, Phase, new_game, state_class
from splendor.engine.view import HiddenCard, PlayerView, View, observe

__all__ = [
    "COLOR_NAMES",
    "GEMS",
    "GOLD",
    "RECORD_VERSION",
    "TOKENS",
    "Action",
    "ActionParseError",
    "Buy",
    "Card",
    "ChooseNoble",
    "GameData",
    "GameSetup",
    "GameState",
    "HiddenCard",
    "IllegalActionError",
    "Noble",
    "Outcome",
    "Pass",
    "Phase",
    "PlayerCountSetup",
    "PlayerState",
    "PlayerView",
    "PositionError",
    "RecordError",
    "Refusal",
    "Reserve",
    "ReserveDeck",
    "Return",
    "Take",
    "TakeTwo",
    "View",
    "WorldSampler",
    "bonus_shortfall",
    "build_position",
    "color_index",
    "deal",
    "default_payment",
    "find_module",
    "make_record",
    "malformed",
    "new_game",
    "observe",
    "parse_action",
    "payment_options",
    "replay",
    "sample_world",
    "state_class",
    "tokens_missing",
    "unseen_cards",
]
