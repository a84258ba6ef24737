"""The games the program plays, found by name: `find_game("saba")`, `games()`.

Each is a `Game` subclass overriding only what differs (splendor/games/base.py): the rules'
faces, the bots, what a tournament counts. Nothing here imports pygame: a screen keeps
its own table of scenes by game id (docs/layout.md).
"""

from __future__ import annotations

from splendor.games.base import Game
from splendor.games.saba_game import SabaGame
from splendor.games.splendor_game import SplendorGame

#: Every game, the default first.
GAMES: tuple[type[Game], ...] = (SplendorGame, SabaGame)


def games() -> tuple[Game, ...]:
    """Every game as played by default (Splendor: the base game)."""
    return tuple(game() for game in GAMES)


def game_ids() -> tuple[str, ...]:
    return tuple(game.id for game in GAMES)


def find_game(name: str) -> Game:
    """The game whose id is `name`, as played by default; ValueError naming the games
    otherwise."""
    by_id = {game.id: game for game in GAMES}
    if name in by_id:
        return by_id[name]()
    raise ValueError(f"unknown game {name!r} (the games: {', '.join(game_ids())})")


__all__ = ["GAMES", "Game", "SabaGame", "SplendorGame", "find_game", "game_ids", "games"]
