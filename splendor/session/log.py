"""The game log as data: one entry per applied action, with what it brought about.

The screen words entries in the player's language; nothing here is text for people.
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor.engine import Action, GameState, Phase
from splendor.engine.actions import Stronghold
from splendor.engine.expansion import ExpansionState, ModulePlayer


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One applied action: who, in which round, and its consequences.

    `nobles` are the ids of the nobles that visited the player as a result (a single
    qualifying noble visits without a decision, so it has no action of its own);
    `final_round` is True when this action started the final round. With a Cities of
    Splendor module, `city` and `posts` are the city taken and the trading posts claimed
    as a result (also without a decision when only one qualified); `owner` is the seat
    whose stronghold a `hold remove` sent back.
    """

    index: int
    round: int
    seat: int
    action: Action
    nobles: tuple[str, ...] = ()
    final_round: bool = False
    game_over: bool = False
    city: str | None = None
    posts: tuple[int, ...] = ()
    owner: int | None = None


def apply_logged(state: GameState, action: Action) -> LogEntry:
    """Apply `action` to `state` (checked) and return its log entry."""
    index, round_number, seat = len(state.history), state.round, state.current
    player = state.players[seat]
    before_nobles = len(player.nobles)
    had_city = isinstance(player, ModulePlayer) and player.city is not None
    before_posts = len(player.posts) if isinstance(player, ModulePlayer) else 0
    was_final = state.final_round
    owner = None
    if isinstance(action, Stronghold) and action.how == "remove" \
            and isinstance(state, ExpansionState) and action.card_id in state.holds:
        owner = state.holds[action.card_id][0]
    state.apply(action)
    gained = tuple(n.id for n in player.nobles[before_nobles:])
    city = posts = None
    if isinstance(player, ModulePlayer):
        city = player.city.id if player.city is not None and not had_city else None
        posts = tuple(player.posts[before_posts:])
    return LogEntry(index, round_number, seat, action, gained,
                    final_round=state.final_round and not was_final,
                    game_over=state.phase is Phase.OVER, city=city, posts=posts or (),
                    owner=owner)


def replayed_log(start: GameState, actions: list[Action] | tuple[Action, ...]) -> list[LogEntry]:
    """The log of `actions` played from `start` (which is changed: pass a fresh copy)."""
    return [apply_logged(start, action) for action in actions]
