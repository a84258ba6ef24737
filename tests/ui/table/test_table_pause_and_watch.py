"""Pause means nothing moves: no bot decides, no move is shown, in any game."""

from __future__ import annotations

import pygame

from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.table import TableScene


def escape(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.step(0.05)


def test_a_paused_bots_only_game_stands_still_until_resumed(app: App) -> None:
    game = Game(app)
    game.prefs.speed = 50.0
    game.start(GameOptions((SeatOption("hard", "A"), SeatOption("medium", "B")),
                           first_player=0, seed=3))
    table = app.stack.top
    assert isinstance(table, TableScene)
    for _ in range(10):
        app.step(0.05)
    escape(app)
    assert isinstance(app.stack.top, PauseScene)
    paused_at = len(table.session.log)
    for _ in range(200):
        app.step(0.05)
    assert len(table.session.log) == paused_at
    escape(app)
    assert app.stack.top is table
    for _ in range(40):
        app.step(0.05)
    assert len(table.session.log) > paused_at
    game.close()


def test_a_move_in_flight_stops_in_the_air_while_paused(app: App) -> None:
    game = Game(app)
    game.prefs.speed = 1.0
    game.start(GameOptions((SeatOption("hard", "A"), SeatOption("medium", "B")),
                           first_player=0, seed=3))
    table = app.stack.top
    assert isinstance(table, TableScene)
    for _ in range(3):
        app.step(0.05)
    assert table.show.running
    escape(app)
    elapsed = table.show.elapsed
    for _ in range(100):
        app.step(0.05)
    assert table.show.elapsed == elapsed
    assert table.session.log == []
    game.close()


def test_a_bots_only_game_never_says_your_turn(app: App) -> None:
    from splendor.i18n import tr
    from splendor.ui.table.view import header_text

    game = Game(app)
    game.prefs.speed = 50.0
    game.start(GameOptions((SeatOption("hard", "A"), SeatOption("medium", "B")),
                           first_player=0, seed=3))
    table = app.stack.top
    assert isinstance(table, TableScene)
    yours = tr("table.status.your_turn", name="A")
    for _ in range(30):
        app.step(0.05)
        assert yours not in header_text(table.view(), table.ui)
    game.close()
