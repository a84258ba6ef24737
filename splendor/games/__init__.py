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


def default_game() -> Game:
    """The game played when none is named: Splendor's base game."""
    return GAMES[0]()


def game_of(data: object) -> Game:
    """The game whose components `data` holds (as its `data()` gives them); ValueError
    for anything else."""
    for game in GAMES:
        if isinstance(data, game.data_type):
            return game()
    raise ValueError(f"{type(data).__name__} is no game's data")


def game_ids() -> tuple[str, ...]:
    return tuple(game.id for game in GAMES)


def find_game(name: str) -> Game:
    """The game whose id (or an alias) is `name`, as played by default; ValueError naming
    the games otherwise."""
    by_name = {alias: game for game in GAMES for alias in (game.id, *game.aliases)}
    if name in by_name:
        return by_name[name]()
    raise ValueError(f"unknown game {name!r} (the games: {', '.join(game_ids())})")


__all__ = [
    "GAMES",
    "Game",
    "SabaGame",
    "SplendorGame",
    "default_game",
    "find_game",
    "game_ids",
    "game_of",
    "games",
]
