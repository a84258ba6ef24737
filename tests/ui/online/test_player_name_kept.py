"""The player's name is kept: the name typed to join a table is offered again by the next
window's Join, New game and Host screens and is the player's in a challenge; a name given
on the New game screen is offered by Join. The server binds 127.0.0.1 only."""

from __future__ import annotations

import pytest

from splendor.net.table import TableSpec
from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.online.join import JoinScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.table import TableScene
from tests.ui.online.test_host_and_join_windows import (
    Serve,
    frames_until,
    online,
    press_button,
    served,
    top,
    type_into,
)

__all__ = ["served"]  # the fixture, shared


@pytest.fixture
def port(served: Serve) -> int:
    """The port of a server on 127.0.0.1 with a table of two (an easy bot in seat 2)."""
    return served((TableSpec(2, None, ("easy",)), "Ana's table", 3))[1]


def join_screen(app: App) -> tuple[Game, JoinScene]:
    game = online(app)
    press_button(app, top(app).buttons["join"])  # type: ignore[attr-defined]
    join = top(app)
    assert isinstance(join, JoinScene)
    return game, join


def test_the_name_typed_to_join_is_the_players_in_the_next_window(
        app: App, port: int) -> None:
    game, join = join_screen(app)
    try:
        assert join.name.text == "Player 1"  # nothing given yet: the game's name
        type_into(app, join.name, "Marie")
        type_into(app, join.address, f"127.0.0.1:{port}")
        press_button(app, join.join_typed)
        frames_until(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes),
                     "seated at the table")
    finally:
        game.close()

    app.stack.scenes.clear()
    again, join = join_screen(app)  # a new window: the settings read from the file
    try:
        assert join.name.text == "Marie", "Your name after rejoining"
        again.open_new_game()
        setup = top(app)
        assert isinstance(setup, NewGameScene)
        assert setup.rows[0].name.text == "Marie"
        challenge = again.challenges.chapters()[0].challenges[0].challenge
        assert again.challenges.names(challenge)[0] == "Marie"
    finally:
        again.close()


def test_the_name_given_on_the_new_game_screen_is_offered_by_join(app: App) -> None:
    game = Game(app)
    game.start(GameOptions((SeatOption("human", "Bruno"), SeatOption("easy", "Easy bot")),
                           first_player=0, seed=2))
    game.close()
    app.stack.scenes.clear()
    again, join = join_screen(app)
    try:
        assert join.name.text == "Bruno"
    finally:
        again.close()
