"""Every word of the online screens fits at 1024x600 in each language (and in English
lengthened by a third): the Play online menu, hosting, joining, the seats to choose, a
refusal, and the lobby of a full four-seat table with long names."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest

from splendor import i18n
from splendor.net.client import GameClient
from splendor.net.loop_thread import LoopThread
from splendor.session.seats import HUMAN, REMOTE, GameOptions, SeatOption
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.online.flow import OnlineFlow
from splendor.ui.online.join import JoinScene, Listing
from splendor.ui.online.lobby import LobbyScene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.new_game import NewGameScene
from tests.engine.modules.support import DATA
from tests.ui.gestures import click, frame

LONG = "Ana Maria Conceição"  # long names, as people have them


@pytest.fixture
def small_app() -> Iterator[App]:
    application = App((1024, 600))
    application.running = True
    pygame.event.clear()
    yield application
    while application.stack.scenes:
        application.stack.pop()


def drawn(app: App) -> None:
    frame(app)
    app.stack.draw(app.screen)


@pytest.mark.parametrize("language", ["en", "pt", "es", "fr", "long"], indirect=True)
def test_the_online_screens_fit_at_the_smallest_window(small_app: App, language: str) -> None:
    app = small_app
    game = Game(app)
    game.online = OnlineFlow(game, bind="127.0.0.1", port=0, discovery=False)
    guests = LoopThread("guests").start()
    try:
        with textfit.audit() as misfits:
            app.stack.push(game.menu_scene())
            drawn(app)
            menu = app.stack.top
            assert isinstance(menu, MenuScene)
            click(app, menu.buttons["online"].rect.center)
            assert isinstance(app.stack.top, MenuScene)
            drawn(app)
            seats = (SeatOption(HUMAN, "Ana Conceição"), SeatOption(REMOTE, ""),
                     SeatOption(REMOTE, ""), SeatOption("expert", ""))
            setup = NewGameScene(game.online.host_table, GameOptions(seats), hosting=True)
            app.stack.push(setup)
            drawn(app)
            setup.try_start()
            lobby = app.stack.top
            assert isinstance(lobby, LobbyScene) and game.online.server is not None
            url = game.online.server.local_url
            guests.call(GameClient(url, "Bartholomew Smith", DATA).connect())
            end = time.monotonic() + 10
            while sum(line.kind == "player" for line in lobby.lines) < 2:
                assert time.monotonic() < end, "the guest never showed in the lobby"
                frame(app)
                time.sleep(0.01)
            drawn(app)
            app.stack.remove(lobby)

            join = JoinScene(LONG, lambda: [
                Listing("a", f"{LONG}'s table · 4 players · The Orient · 1 open", "x"),
                Listing("b", i18n.tr("online.join.yours", title=f"{LONG}'s table"), "y")],
                lambda *_: None, lambda _: None, 7437)  # type: ignore[arg-type]
            app.stack.push(join)
            drawn(app)
            join.problem = i18n.tr("online.problem.unreachable",
                                   address="fd00:1234:5678::42:7437")
            drawn(app)
            join._joining_at = "192.168.100.200:7437"
            join.seats_offered = [Listing("s", i18n.tr(
                "online.join.seat_row", title=f"{LONG}'s table", seat=4, players=4,
                module="The Orient"), "z")]
            join.layout(app.size)
            drawn(app)
        report = "\n".join(f"  {m.text!r}: {m.problem}" for m in misfits)
        assert not misfits, f"{len(misfits)} misfits:\n{report}"
    finally:
        guests.stop()
        game.close()
