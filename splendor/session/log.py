"""The game log as data: one entry per applied action, with what it brought about.

The screen words entries in the player's language; nothing here is text for people.
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor.engine import Action, GameState, Phase


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One applied action: who, in which round, and its consequences.

    `nobles` are the ids of the nobles that visited the player as a result (a single
    qualifying noble visits without a decision, so it has no action of its own);
    `final_round` is True when this action started the final round.
    """

    index: int
    round: int
    seat: int
    action: Action
    nobles: tuple[str, ...] = ()
    final_round: bool = False
    game_over: bool = False


def apply_logged(state: GameState, action: Action) -> LogEntry:
    """Apply `action` to `state` (checked) and return its log entry."""
    index, round_number, seat = len(state.history), state.round, state.current
    before_nobles = len(state.players[seat].nobles)
    was_final = state.final_round
    state.apply(action)
    gained = tuple(n.id for n in state.players[seat].nobles[before_nobles:])
    return LogEntry(index, round_number, seat, action, gained,
                    final_round=state.final_round and not was_final,
                    game_over=state.phase is Phase.OVER)


def replayed_log(start: GameState, actions: list[Action] | tuple[Action, ...]) -> list[LogEntry]:
    """The log of `actions` played from `start` (which is changed: pass a fresh copy)."""
    return [apply_logged(start, action) for action in actions]
