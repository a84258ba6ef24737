"""The network screens show what the network did by themselves: with no input at all (no
mouse moving, no key), the window shows an attempt's failure, or the host closing the
table, within a frame or two, as the screen would draw it now; the Join screen never
stays on "Connecting…" (issue 56, item 9)."""

from __future__ import annotations

import socket
import time

import pygame
import pytest

from splendor.net.loop_thread import LoopThread
from splendor.net.session import NetSession, SeatLink
from splendor.net.table import TableSpec
from splendor.ui import theme
from splendor.ui.app import App
from splendor.ui.online.join import Joining, JoinScene, Listing, problem_text
from splendor.ui.online.lobby import LobbyScene
from tests.engine.modules.support import DATA
from tests.net.serving import serve_tables
from tests.ui.gestures import frame
from tests.ui.online.test_host_and_join_windows import online, press_button, top, type_into

#: Nobody answering on 127.0.0.1 is known in well under a second; this is a bound only.
DEADLINE = 20.0
#: Frames the window may take, once the attempt's end is known, to show it.
SHOWN_WITHIN = 2


@pytest.fixture
def closed_port() -> int:
    """A port of 127.0.0.1 that was just free and where nothing listens."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def quiet_frame(app: App) -> None:
    """A frame of the app loop with no event at all waiting (nothing to redraw for)."""
    pygame.event.clear()
    frame(app)


def region_shown(app: App, rect: pygame.Rect) -> bytes:
    """The pixels of `rect` as the window shows them now."""
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def region_drawn(app: App, rect: pygame.Rect) -> bytes:
    """The pixels of `rect` as the scenes would draw them now."""
    fresh = pygame.Surface(app.size)
    app.stack.draw(fresh)
    return pygame.image.tobytes(fresh.subsurface(rect), "RGB")


def danger_pixels(app: App, rect: pygame.Rect) -> int:
    """How many pixels the window shows in `rect` in the colour of what went wrong."""
    colour = pygame.Color(theme.DANGER)
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if app.screen.get_at((x, y))[:3] == colour[:3])


def shows_now(app: App, rect: pygame.Rect) -> None:
    """The window shows in `rect` what the screen would draw now, in the colour of what
    went wrong."""
    same = region_shown(app, rect) == region_drawn(app, rect)
    assert same, "the window still shows what it showed before the news came"
    assert danger_pixels(app, rect) > 50


def wait_unprompted(app: App, join: JoinScene) -> None:
    """Frames without input until the attempt is over, then `SHOWN_WITHIN` more; the
    window must then show the failure in words."""
    end = time.monotonic() + DEADLINE
    while join.joining is not None or join.looking is not None:
        assert time.monotonic() < end, "the attempt never ended"
        quiet_frame(app)
        time.sleep(0.005)
    for _ in range(SHOWN_WITHIN):
        quiet_frame(app)
    assert join.problem == problem_text("unreachable", join._joining_at), join.problem
    assert join._joining_at.startswith("127.0.0.1:")
    shows_now(app, join._status_rect)


def test_a_typed_address_where_nobody_answers_is_said_without_any_input(
        app: App, closed_port: int) -> None:
    game = online(app)
    try:
        press_button(app, top(app).buttons["join"])  # type: ignore[attr-defined]
        join = top(app)
        assert isinstance(join, JoinScene)
        type_into(app, join.address, f"127.0.0.1:{closed_port}")
        press_button(app, join.join_typed)
        # The server is asked for its tables first (a refusal may already have come).
        assert join.looking is not None or join.problem
        quiet_frame(app)
        wait_unprompted(app, join)
    finally:
        game.close()


def test_a_seat_asked_where_nobody_answers_is_said_without_any_input(
        app: App, closed_port: int, worker: LoopThread) -> None:
    def connect(url: str, name: str, listing: Listing | None) -> Joining:
        return NetSession(DATA, url, [SeatLink(name)], worker, owns_worker=False)

    join = JoinScene("Bo", list, connect, lambda joining: None, closed_port)
    app.stack.push(join)
    quiet_frame(app)
    join.address.text = "127.0.0.1"
    join.join_address()  # no server asked first: straight to the seat
    assert join.joining is not None
    quiet_frame(app)
    wait_unprompted(app, join)


def test_the_lobby_says_the_host_closed_the_table_without_any_input(
        app: App, worker: LoopThread) -> None:
    server, (table,), port = serve_tables(
        worker, (TableSpec(3, None), "Ana's table", 1))
    table_id = table.id
    session = NetSession(DATA, f"ws://127.0.0.1:{port}", [SeatLink("Bo")], worker,
                         owns_worker=False)
    lobby = LobbyScene(session, lambda started: None, lambda: None)
    app.stack.push(lobby)
    try:
        end = time.monotonic() + DEADLINE
        while [line.name for line in lobby.lines if line.kind == "player"] != ["Bo"]:
            assert time.monotonic() < end, "never seated"
            quiet_frame(app)
            time.sleep(0.005)
        assert worker.call(server.close_table(table_id))
        while not lobby.problem:
            assert time.monotonic() < end, "the lobby was never told"
            quiet_frame(app)
            time.sleep(0.005)
        for _ in range(SHOWN_WITHIN):
            quiet_frame(app)
        assert lobby.problem == problem_text("no_such_table")
        shows_now(app, lobby._note)
    finally:
        session.close()
