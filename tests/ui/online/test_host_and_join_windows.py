"""Network play through the real screens, by posted events: a window hosts a table that a
headless client joins; a window joins a table a headless server holds. Both games are
played to their results; every server binds 127.0.0.1 only."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from splendor.net.client import GameClient, play_bot
from splendor.net.game_table import Table
from splendor.net.loop_thread import LoopThread
from splendor.net.session import NetSession, SeatLink
from splendor.net.table import TableSpec
from splendor.net.table_file import read_table, table_path
from splendor.storage import net_seats
from splendor.storage.stats import load_stats
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.online.flow import OnlineFlow
from splendor.ui.online.join import JoinScene
from splendor.ui.online.lobby import LobbyScene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.net_strip import NetStrip
from splendor.ui.widgets import Button
from tests.engine.modules.support import DATA
from tests.net.serving import serve_tables
from tests.ui.gestures import click, frame

DEADLINE = 90.0


def top(app: App) -> object:
    return app.stack.scenes[-1]


def frames_until(app: App, done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + DEADLINE
    while not done():
        assert time.monotonic() < end, f"never: {what}"
        frame(app)
        time.sleep(0.002)


def saved_seats(path: Path) -> list[tuple[str, str | None]] | None:
    """The seats (kind, name) a server's save of a table holds, None before it is there
    (or while it cannot be read)."""
    try:
        saved = read_table(path)
        return [(seat["kind"], seat["name"]) for seat in saved["seats"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def press_button(app: App, button: Button) -> None:
    assert button.enabled, button.label
    click(app, button.rect.center)


def type_into(app: App, field: object, text: str) -> None:
    click(app, field.rect.center)  # type: ignore[attr-defined]
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frame(app)


def play_on(app: App, seed: int) -> None:
    """Play the window's seat (as a person would, move by move, through the session the
    table shows) until the results are up."""
    rng = random.Random(seed)
    end = time.monotonic() + DEADLINE
    while not isinstance(top(app), ResultsScene):
        assert time.monotonic() < end, "the game never ended"
        table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
        session = table.session
        if session.human_to_act() and not table.busy:
            view = session.screen_view()
            if view.legal_actions:
                assert session.play(rng.choice(view.legal_actions)) is None
        frame(app)
        time.sleep(0.001)


#: A table to serve: its spec, its title (None: the server's words) and its seed.
Served = tuple[TableSpec, str | None, int]
Serve = Callable[..., tuple[list[Table], int]]


@pytest.fixture
def served(worker: LoopThread) -> Serve:
    """Opens a headless server on 127.0.0.1 holding the given tables (spec, title, seed) and
    returns them with its port; every server opened is closed after the test by `worker`."""

    def serve(*tables: Served) -> tuple[list[Table], int]:
        _, opened, port = serve_tables(worker, *tables)
        return opened, port

    return serve


ANA = (TableSpec(2, None, ("easy",)), "Ana's table", 9)


def online(app: App) -> Game:
    game = Game(app)
    game.online = OnlineFlow(game, bind="127.0.0.1", port=0, discovery=False)
    app.stack.push(game.menu_scene())
    frame(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    press_button(app, menu.buttons["online"])
    return game


def test_a_window_hosts_a_table_a_guest_joins_and_they_play_to_the_results(
        app: App, worker: LoopThread) -> None:
    game = online(app)
    try:
        menu = top(app)
        assert isinstance(menu, MenuScene) and menu.tagline == "menu.online_tagline"
        press_button(app, menu.buttons["host"])
        setup = top(app)
        assert isinstance(setup, NewGameScene) and setup.hosting
        press_button(app, setup.start)
        lobby = top(app)
        assert isinstance(lobby, LobbyScene) and lobby.host is not None
        frames_until(app, lambda: len(lobby.lines) == 2, "the lobby shows the seats")
        assert not lobby.start.enabled  # the remote seat is still open
        assert game.online.server is not None
        url = game.online.server.local_url
        guest = GameClient(url, "Bo", DATA)
        played = worker.submit(play_bot(guest, "easy", 4))
        frames_until(app, lambda: lobby.start.enabled, "the guest takes the open seat")
        assert [line.name for line in lobby.lines] == ["Player 1", "Bo"]
        press_button(app, lobby.start)
        frames_until(app, lambda: isinstance(top(app), TableScene)
                     or any(isinstance(s, TableScene) for s in app.stack.scenes),
                     "the table opens at the start")
        play_on(app, 7)
        played.result(30)
        results = top(app)
        assert isinstance(results, ResultsScene)
        session = next(s for s in [game.session] if isinstance(s, NetSession))
        assert guest.record == session.record
        assert session.state.is_over()
        # Counted in the host's statistics at the online table, with the host's result.
        records, _ = load_stats()
        record = records["online/2"]
        assert record.played == 1
        assert record.won == int(0 in session.state.outcome().winners)
        assert results.record_text is not None
        assert results.record_text.startswith("Online games, 2 players: ")
    finally:
        game.close()


def test_a_window_joins_a_served_table_by_address_and_plays_to_the_results(
        app: App, served: Serve) -> None:
    (table,), port = served(ANA)
    game = online(app)
    try:
        press_button(app, top(app).buttons["join"])  # type: ignore[attr-defined]
        join = top(app)
        assert isinstance(join, JoinScene)
        press_button(app, join.join_typed)
        assert "address" in join.problem  # nothing typed yet: said, nothing sent
        type_into(app, join.address, f"127.0.0.1:{port}")
        press_button(app, join.join_typed)
        frames_until(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes),
                     "the table opens once seated (the server starts a full table)")
        held, _ = net_seats.held_seats()  # kept to come back to after a drop
        assert [(h.url, h.table, h.seat, h.title) for h in held] == [
            (f"ws://127.0.0.1:{port}", table.id, 0, "Ana's table")]
        assert held[0].token == table.seat_token(0)
        play_on(app, 3)
        assert table.state is not None and table.state.is_over()
        session = game.session
        assert isinstance(session, NetSession) and session.state == table.state
        assert net_seats.held_seats()[0] == []  # the game is over: nothing to come back to
    finally:
        game.close()


def test_a_hosts_table_comes_back_after_the_window_closed_and_the_guest_rejoins(
        app: App, worker: LoopThread) -> None:
    game = online(app)
    press_button(app, top(app).buttons["host"])  # type: ignore[attr-defined]
    press_button(app, top(app).start)  # type: ignore[attr-defined]
    lobby = top(app)
    assert isinstance(lobby, LobbyScene) and game.online.server is not None
    guest = GameClient(game.online.server.local_url, "Bo", DATA)
    worker.call(guest.connect())
    frames_until(app, lambda: lobby.start.enabled, "the guest takes the open seat")
    press_button(app, lobby.start)
    frames_until(app, lambda: isinstance(game.session, NetSession) and game.session.started
                 and len(game.session.log) == 0 and game.session.view() is not None,
                 "the game begins")
    session = game.session
    assert isinstance(session, NetSession)
    # The host plays its first move if it is first; then the window closes mid-game.
    frames_until(app, lambda: session.human_to_act() or session.current == 1, "a turn")
    if session.human_to_act():
        assert session.play(session.view().legal_actions[0]) is None
        frames_until(app, lambda: len(session.log) == 1, "the move is played")
    moves = len(session.log)
    token = guest.token
    worker.call(guest.close())
    game.close()  # the server stops with the window; its tables are saved

    app.stack.scenes.clear()
    again = online(app)
    try:
        press_button(app, top(app).buttons["host_continue"])  # type: ignore[attr-defined]
        frames_until(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes),
                     "the host's table comes back (started: straight to the table)")
        back = again.session
        assert isinstance(back, NetSession)
        frames_until(app, lambda: len(back.log) == moves, "the moves so far are shown")
        assert again.online.server is not None
        rejoined = GameClient(again.online.server.local_url, "Bo", DATA, token=token)
        played = worker.submit(play_bot(rejoined, "easy", 5))
        play_on(app, 8)
        played.result(30)
        assert rejoined.seat == 1 and rejoined.record == back.record
        assert [e.action for e in back.log][:moves] == [e.action for e in session.log]
    finally:
        again.close()


def test_a_held_seat_the_server_no_longer_knows_is_refused_in_words_and_forgotten(
        app: App, served: Serve) -> None:
    _, port = served(ANA)
    url = f"ws://127.0.0.1:{port}"
    net_seats.hold_seat(net_seats.HeldSeat(url, "gone", 1, "not-a-token", "Bo", "Old table"))
    game = online(app)
    try:
        press_button(app, top(app).buttons["join"])  # type: ignore[attr-defined]
        join = top(app)
        assert isinstance(join, JoinScene)
        frame(app)
        assert [listing.label for listing, _ in join.rows] == ["Your seat at Old table"]
        press_button(app, join.rows[0][1])
        frames_until(app, lambda: bool(join.problem), "the refusal is said")
        assert join.problem == "That seat is not yours any more."
        assert net_seats.held_seats()[0] == []
        frame(app)
        assert join.rows == []  # the row went with it
    finally:
        game.close()


def test_the_host_lets_a_bot_play_for_a_guest_who_went_away(
        app: App, worker: LoopThread, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("splendor.net.session.HANDOVER_AFTER", 0.0)
    game = online(app)
    try:
        press_button(app, top(app).buttons["host"])  # type: ignore[attr-defined]
        press_button(app, top(app).start)  # type: ignore[attr-defined]
        lobby = top(app)
        assert isinstance(lobby, LobbyScene) and game.online.server is not None
        guest = GameClient(game.online.server.local_url, "Bo", DATA)
        worker.call(guest.connect())
        frames_until(app, lambda: lobby.start.enabled, "the guest takes the open seat")
        press_button(app, lobby.start)
        frames_until(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes),
                     "the table")
        table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
        session = table.session
        assert isinstance(session, NetSession)
        frames_until(app, lambda: session.started, "the deal")
        if session.human_to_act():  # the host plays first: Bo's turn comes next
            assert session.play(session.view().legal_actions[0]) is None
        worker.call(guest.close())  # Bo goes away for good
        strip = table.net
        assert isinstance(strip, NetStrip)
        frames_until(app, lambda: strip.handover_for == 1, "the host is offered a bot for Bo")
        click(app, strip.handover.center)
        frames_until(app, lambda: session.options.seats[1].kind == "medium",
                     "a bot plays Bo's seat")
        play_on(app, 2)
        assert session.state.is_over()
    finally:
        game.close()


def test_joining_an_address_with_several_open_seats_lets_the_player_choose(
        app: App, served: Serve) -> None:
    (orient, duo), port = served((TableSpec(3, "orient"), "Ana's table", 1),
                                 (TableSpec(2, None, ("easy",)), "Bo's table", 2))
    game = online(app)
    try:
        press_button(app, top(app).buttons["join"])  # type: ignore[attr-defined]
        join = top(app)
        assert isinstance(join, JoinScene)
        type_into(app, join.address, f"127.0.0.1:{port}")
        press_button(app, join.join_typed)
        frames_until(app, lambda: join.seats_offered is not None, "the open seats")
        labels = [listing.label for listing, _ in join.rows]
        assert labels == ["Ana's table · seat 1 of 3 · The Orient",
                          "Ana's table · seat 2 of 3 · The Orient",
                          "Ana's table · seat 3 of 3 · The Orient",
                          "Bo's table · seat 1 of 2 · base game"]
        press_button(app, join.back)  # back to the tables found, still on this screen
        assert join.seats_offered is None and top(app) is join
        press_button(app, join.join_typed)
        frames_until(app, lambda: join.seats_offered is not None, "the open seats again")
        press_button(app, join.rows[1][1])  # Ana's table, seat 2
        frames_until(app, lambda: isinstance(top(app), LobbyScene), "the lobby")
        lobby = top(app)
        assert isinstance(lobby, LobbyScene)
        assert lobby.session.held_seat() is not None
        assert lobby.session.held_seat()[:2] == (orient.id, 1)  # type: ignore[index]
        assert orient.seats[1].kind == "player" and duo.seats[0].kind == "open"
    finally:
        game.close()


def test_a_host_who_leaves_the_lobby_closes_the_table_and_the_guest_is_told(
        app: App, worker: LoopThread) -> None:
    game = online(app)
    try:
        press_button(app, top(app).buttons["host"])  # type: ignore[attr-defined]
        press_button(app, top(app).start)  # type: ignore[attr-defined]
        lobby = top(app)
        assert isinstance(lobby, LobbyScene) and game.online.server is not None
        server = game.online.server.server
        saves = game.online.server.save_dir
        guest = NetSession(DATA, game.online.server.local_url, [SeatLink("Bo")], worker,
                           owns_worker=False)
        frames_until(app, lambda: lobby.start.enabled, "the guest takes the open seat")
        (table_id,) = server.tables
        # The open table is saved with its guest (written by the server's own thread: the
        # file is waited for, not read the moment the lobby shows Bo).
        frames_until(app, lambda: saved_seats(table_path(saves, table_id)) == [
            ("player", "Player 1"), ("player", "Bo")], "the table saved with its guest")
        press_button(app, lobby.leave)
        assert isinstance(top(app), MenuScene)  # back on the Play online menu
        assert server.tables == {} and not list(saves.glob("table-*"))
        end = time.monotonic() + 20
        while guest.failed != "no_such_table":
            assert time.monotonic() < end, f"the guest was not told: {guest.failed!r}"
            guest.poll()
            time.sleep(0.01)
        guest.close()
    finally:
        game.close()


def test_typing_the_address_of_a_table_one_sat_at_takes_the_seat_back(
        app: App, served: Serve) -> None:
    (table,), port = served(ANA)

    def join_by_address(game: Game) -> None:
        press_button(app, top(app).buttons["join"])  # type: ignore[attr-defined]
        join = top(app)
        assert isinstance(join, JoinScene)
        type_into(app, join.address, f"127.0.0.1:{port}")
        press_button(app, join.join_typed)
        frames_until(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes),
                     "the table")

    first = online(app)
    join_by_address(first)
    frames_until(app, lambda: (table.state is not None and len(table.state.history) > 0)
                 or (isinstance(first.session, NetSession) and first.session.human_to_act()),
                 "the game under way")
    first.close()  # the window closes mid-game
    app.stack.scenes.clear()
    again = online(app)
    try:
        join_by_address(again)  # the same address: the seat held is taken back
        session = again.session
        assert isinstance(session, NetSession) and session.local_seats == (0,)
        assert table.seats[0].out is not None and table.seats[1].kind == "bot"
        play_on(app, 4)
    finally:
        again.close()
