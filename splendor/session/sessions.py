"""The session that plays each game of the registry (`splendor.games`) at one screen:
looked up by the game's class, so nothing asks which game it has."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from splendor.games import Game, SabaGame, SplendorGame
from splendor.saba.session import SabaSession
from splendor.session.game import Session
from splendor.session.seated import SeatedSession

#: Each game's session class; each is called `(data, options, bots, state=, counters=)`.
SESSIONS: dict[type[Game], Callable[..., SeatedSession]] = {
    SplendorGame: Session,
    SabaGame: SabaSession,
}


def session_type(game: Game) -> Callable[..., SeatedSession]:
    """The session class of `game` (KeyError: a game no session plays yet)."""
    return SESSIONS[type(game)]


def game_data(game: Game, data: Any) -> Any:
    """The components to play `game` with: `data` when they are that game's (a window
    may be given other Splendor data), else the game's shipped ones."""
    return data if isinstance(data, game.data_type) else game.data()
