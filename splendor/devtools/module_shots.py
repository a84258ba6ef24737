"""The Cities of Splendor tables for `--screenshots`: a mid-game position of each module,
played by bots from a fixed deal, as the human at seat 0 sees it; and an Orient card
shown large with its ability in words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from splendor.engine import GameData

if TYPE_CHECKING:
    from splendor.session.seats import GameOptions
    from splendor.ui.app import App

#: The pictures, in order (see screenshots.PICTURES).
MODULE_PICTURES = ("table_cities", "table_trading_posts", "table_orient", "orient_zoom",
                   "table_strongholds")

#: Each module's deal and how many turns the bots play on it: chosen so that the
#: module's pieces are all on the table (cities near, posts held by everyone, pairs,
#: double golds and kept nobles, five strongholds on cards).
_GAMES = (
    ("cities", "table_cities", 20, 60),
    ("trading-posts", "table_trading_posts", 2, 57),
    ("orient", "table_orient", 21, 57),
    ("strongholds", "table_strongholds", 1, 36),
)


def render_module_tables(app: App, data: GameData, options: GameOptions,
                         shot: Callable[[str], None]) -> None:
    """Shoot each module's table (`options`: the seats, named in the language in use)."""
    import pygame

    from splendor.session.bot_process import InlineBots
    from splendor.session.game import Session
    from splendor.ui.scenes.table import TableScene
    from splendor.ui.table.zoom import HOVER_DELAY

    for module, name, seed, turns in _GAMES:
        session = Session(data, replace(options, module=module, seed=seed), InlineBots())
        session.autoplay(turns, seed=7)
        table = TableScene(session, on_finished=lambda session: None)
        app.stack.replace(table)
        table.update(0.0)
        shot(name)
        lay = table.layout
        if lay is not None and lay.orient_market:
            # The pointer rests on an Orient card of the market: it is shown large.
            target = lay.orient_market[1][0]
            table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target.center,
                                                  rel=(0, 0), buttons=(0, 0, 0)))
            table.update(HOVER_DELAY)
            shot("orient_zoom")
        session.close()
