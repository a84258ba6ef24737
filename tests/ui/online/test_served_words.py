"""A window in French joins a headless server's table: the table's title, its bot's name
and the player's own name are in French, as the server leaves them to each window (no
title, a bot named after its level, no name typed yet); a name a person typed stays as
typed. The server binds 127.0.0.1 only and is closed after each test."""

from __future__ import annotations

import pytest

from splendor import i18n
from splendor.i18n import tr
from splendor.net.client import GameClient, play_bot
from splendor.net.loop_thread import LoopThread
from splendor.net.protocol import SeatInfo, TableSummary
from splendor.net.session import NetSession
from splendor.net.table import TableSpec
from splendor.ui.app import App
from splendor.ui.online.join import JoinScene
from splendor.ui.online.lobby import LobbyScene
from splendor.ui.scenes.results import ResultsScene
from tests.engine.modules.support import DATA
from tests.ui.online.test_host_and_join_windows import (
    Serve,
    frames_until,
    online,
    play_on,
    press_button,
    served,
    top,
    type_into,
)

__all__ = ["served"]  # the fixture, shared


@pytest.fixture
def port(served: Serve) -> int:
    """The port of a server as `serve` opens it: a table of three, its last seat an easy bot,
    no title given; on 127.0.0.1."""
    return served((TableSpec(3, None, ("easy",)), None, 6))[1]


def test_the_server_leaves_a_title_and_a_bots_name_to_each_window(
        port: int, worker: LoopThread) -> None:

    async def listed() -> list[TableSummary]:
        looker = GameClient(f"ws://127.0.0.1:{port}", "-", DATA)
        try:
            return await looker.list_tables()
        finally:
            await looker.close()

    (summary,) = worker.call(listed())
    assert summary.title is None and summary.players == 3
    assert summary.seats[2] == SeatInfo(2, "bot", None, "easy", True)


def test_a_french_window_words_a_served_table_and_its_bot_in_french(
        app: App, port: int, worker: LoopThread) -> None:
    i18n.set_language("fr")
    game = online(app)
    guest: GameClient | None = None
    try:
        press_button(app, top(app).buttons["join"])  # type: ignore[attr-defined]
        join = top(app)
        assert isinstance(join, JoinScene)
        assert join.name.text == tr("bots.default_name.human", n=1) == "Joueur 1"
        type_into(app, join.address, f"127.0.0.1:{port}")
        press_button(app, join.join_typed)
        frames_until(app, lambda: join.seats_offered is not None, "the open seats")
        title = tr("online.table_for", players=3)
        assert title == "Table pour 3"
        assert [listing.label for listing, _ in join.rows] == [
            f"{title} · place 1 sur 3 · jeu de base", f"{title} · place 2 sur 3 · jeu de base"]
        press_button(app, join.rows[0][1])
        frames_until(app, lambda: isinstance(top(app), LobbyScene), "the lobby")
        lobby = top(app)
        assert isinstance(lobby, LobbyScene)
        frames_until(app, lambda: len(lobby.lines) == 3, "the seats")
        bot = tr("bots.default_name.easy")
        assert lobby.title == title and bot != "Easy bot"
        assert [line.name for line in lobby.lines] == ["Joueur 1", "", bot]
        # A person who typed their name (in any language) is shown as they typed it.
        guest = GameClient(f"ws://127.0.0.1:{port}", "Player 2", DATA)
        played = worker.submit(play_bot(guest, "easy", 3))
        frames_until(app, lambda: isinstance(game.session, NetSession)
                     and game.session.started, "the game begins")
        session = game.session
        assert isinstance(session, NetSession)
        names = ("Joueur 1", "Player 2", bot)
        assert session.options.names == names
        assert tuple(p.name for p in session.view().players) == names
        play_on(app, 5)
        played.result(30)
        results = top(app)
        assert isinstance(results, ResultsScene)
        assert session.state.setup.names == names  # the record, as this window words it
    finally:
        if guest is not None:
            worker.call(guest.close())
        game.close()
