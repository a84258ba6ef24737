"""Continue your table with several of the host's tables waiting: a menu lists them, each
told apart by who sits there and how far it is (they are all named after the host), and
the one chosen comes back; with one table, it comes back at once. By posted clicks; the
server binds 127.0.0.1 only."""

from __future__ import annotations

from splendor.net.session import NetSession
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.online.lobby import LobbyScene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.table import TableScene
from tests.ui.gestures import frame
from tests.ui.online.test_host_and_join_windows import frames_until, online, press_button, top


def host_a_table_with_a_bot(app: App, game: Game) -> str:
    """Host a two-seat table from the Play online menu, let a bot take the open seat,
    start, then go back to the menu (the server keeps the table); the table's id."""
    press_button(app, top(app).buttons["host"])  # type: ignore[attr-defined]
    press_button(app, top(app).start)  # type: ignore[attr-defined]
    lobby = top(app)
    assert isinstance(lobby, LobbyScene)
    frames_until(app, lambda: bool(getattr(lobby, "bot_buttons", None)), "the open seat")
    press_button(app, lobby.bot_buttons[1])
    frames_until(app, lambda: lobby.start.enabled, "a bot takes the open seat")
    press_button(app, lobby.start)
    frames_until(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes),
                 "the table opens")
    session = game.session
    assert isinstance(session, NetSession) and session.summary is not None
    table_id = session.summary.id
    game.to_menu()
    frame(app)
    press_button(app, top(app).buttons["online"])  # type: ignore[attr-defined]
    return table_id


def test_continue_lists_each_waiting_table_and_brings_back_the_one_chosen(app: App) -> None:
    game = online(app)
    try:
        first = host_a_table_with_a_bot(app, game)
        second = host_a_table_with_a_bot(app, game)
        assert first != second
        press_button(app, top(app).buttons["host_continue"])  # type: ignore[attr-defined]
        chooser = top(app)
        assert isinstance(chooser, MenuScene)
        rows = [b for k, b in chooser.buttons.items() if k != "back"]
        assert len(rows) == 2
        for row in rows:
            assert row.label.startswith("Player 1, ") and " · round 1 · " in row.label, \
                row.label
            assert row.label.split(" · ")[-1][:4].isdigit(), "ends with its last move's date"
        press_button(app, rows[1])
        frames_until(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes),
                     "the chosen table comes back (started: straight to the table)")
        assert chooser not in app.stack.scenes
        back = game.session
        assert isinstance(back, NetSession)
        frames_until(app, lambda: back.summary is not None, "the table's news")
        assert back.summary is not None and back.summary.id == second
    finally:
        game.close()
