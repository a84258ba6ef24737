"""The shapes of a view and a log entry on the wire, as `msgspec.Struct`s, so that
decoding checks every type. Pieces travel by their record ids ('L2-07', 'O1-03', 'N04',
'C09'; trading posts by number), actions by their text (engine/action_text.py)."""

from __future__ import annotations

import msgspec

#: A decision step's argument: a card id (pair, conquest), a level or colour, or nothing.
StepArg = str | int | None


class HiddenWire(msgspec.Struct, forbid_unknown_fields=True):
    """A card `HiddenCard` stands for: its level and deck, never its id."""

    level: int
    orient: bool = False


class PlayerWire(msgspec.Struct, forbid_unknown_fields=True):
    """`PlayerView` with ids for pieces."""

    seat: int
    name: str
    tokens: list[int]
    bonuses: list[int]
    purchased: list[str]
    reserved: list[str | HiddenWire]
    reserved_blind: list[bool]
    nobles: list[str]
    points: int
    city: str | None = None
    posts: list[int] = []
    doubles: list[str] = []
    pairs: list[tuple[str, str, int]] = []
    kept_nobles: list[str] = []
    supply: int = 0


class ViewWire(msgspec.Struct, forbid_unknown_fields=True):
    """`View` with ids for pieces and texts for actions, without its history: `moves` says
    how long that is, and the client has it already as its log (a State carries only the
    entries it lacks), so that a message's size does not grow with the game's length."""

    seat: int
    num_players: int
    first_player: int
    current_player: int | None
    phase: str
    round: int
    turns: int
    final_round: bool
    passes_in_row: int
    bank: list[int]
    market: list[list[str | None]]
    deck_sizes: list[int]
    nobles: list[str]
    noble_candidates: list[str]
    players: list[PlayerWire]
    legal_actions: list[str]
    moves: int
    module: str | None = None
    orient_market: list[list[str | None]] = []
    orient_deck_sizes: list[int] = []
    cities: list[str] = []
    holds: list[tuple[str, int, int]] = []
    box: list[str] = []
    step: tuple[str, StepArg] | None = None
    #: Trading post numbers (Phase.POST) or city ids (Phase.CITY).
    choices: list[int | str] = []
    #: `ModuleState.turn_state()`: (stage, steps as (phase, argument), emptied slots).
    turn_state: tuple[int, list[tuple[str, StepArg]], list[int]] | None = None


class LogEntryWire(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """`LogEntry` with the action as text and ids for pieces."""

    index: int
    round: int
    seat: int
    action: str
    nobles: list[str] = []
    final_round: bool = False
    game_over: bool = False
    city: str | None = None
    posts: list[int] = []
    owner: int | None = None
