"""Menu → New game: which game to play (every game of the registry, by its name), then the
game's notice before its first game (remembered in the settings), then its New game
screen. A game whose data, the player's own copy, was refused says so first (once for
each refusal while the window is open); Continue and Load say it the same way here
(`tell_refusal`)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from splendor.games import Game, games
from splendor.i18n import tr
from splendor.ui.game_tables import screens
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene

if TYPE_CHECKING:
    from splendor.ui.main import Game as Window


class GameChoice:
    """The choice of the game, for the window's flow `window`."""

    def __init__(self, window: Window) -> None:
        self.window = window
        #: The refusals of the player's data already told (title and text).
        self._told: set[tuple[str, str]] = set()

    def open(self) -> None:
        """The menu of the games, then Back."""
        stack = self.window.app.stack
        offered = games()
        keys = [f"game_{game.id}" for game in offered]
        menu = MenuScene(
            entries=[
                *(
                    (k, functools.partial(self.choose, g))
                    for k, g in zip(keys, offered, strict=True)
                ),
                ("back", lambda: stack.remove(menu)),
            ],
            tagline="saba_table.choose_game",
            on_back=lambda: stack.remove(menu),
            labels={
                k: functools.partial(tr, g.name_key) for k, g in zip(keys, offered, strict=True)
            },
        )
        stack.push(menu)

    def choose(self, game: Game) -> None:
        """Set up a game of `game`: its notice first if the player has not seen it."""
        notice = screens(game).notice
        settings = self.window.settings
        if notice is None or game.id in settings.notices_seen:
            self.window.open_new_game(game=game)
        else:

            def seen() -> None:
                settings.notices_seen.append(game.id)
                self.window.save_settings()
                self.window.open_new_game(game=game)

            self.window.app.stack.push(notice(seen))
        self.tell_refusal(game)

    def tell_refusal(self, game: Game | None) -> None:
        """Over the screen just opened (New game, or the table or refusal of a game
        continued or loaded): that the player's own data for `game` was refused, and why,
        unless that was told already (None: no game, nothing to tell)."""
        refusal = screens(game).data_refusal if game is not None else None
        told = refusal() if refusal is not None else ("", "")
        if not told[1] or told in self._told:
            return
        self._told.add(told)
        self.window.app.stack.push(MessageScene(told[0], told[1]))

    def about(self, game: Game) -> None:
        """The game's notice again, asked for (from its New game screen)."""
        notice = screens(game).notice
        if notice is not None:
            self.window.app.stack.push(notice(None))
