"""The online screens lay themselves out on enter, on a resize, on a change of language
(the game resizes every scene) and when the rows they show change (a table found or
gone, the seats to choose, a guest in the lobby), never by looking again each frame or
while drawing: a frame where nothing came, a draw at another size or a language changed
behind their back leaves every place as it was. Driven by posted events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

import pygame
import pytest

from splendor import i18n
from splendor.net.protocol import SeatInfo, TableSummary
from splendor.net.session import NetSession
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.online.join import JoinScene, Listing
from splendor.ui.online.lobby import LobbyScene
from splendor.ui.online.screen import PanelScreen
from tests.ui.gestures import click, frame
from tests.ui.layout_spy import count_layouts

SMALL = (1024, 600)


def _resize(app: App, size: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def _places(screen: PanelScreen) -> tuple[object, ...]:
    """Where the screen's widgets are, and their words."""
    return (tuple(screen.panel), tuple((type(w).__name__, tuple(w.rect),
                                        getattr(w, "label", "")) for w in screen.form.widgets))


def _untouched(app: App, layouts: list[tuple[int, int]], screen: PanelScreen) -> None:
    """Frames where nothing came, a draw at another size, a language changed behind the
    screen's back and frames after it: laid out no more, every place as it was."""
    count, before = len(layouts), _places(screen)
    for _ in range(3):
        frame(app)
    assert len(layouts) == count and _places(screen) == before, "a frame lays nothing out"
    screen.draw(pygame.Surface(SMALL))
    assert _places(screen) == before
    i18n.set_language("fr")  # not through the game: nothing says it changed
    frame(app)
    app.render()
    i18n.set_language("en")
    assert len(layouts) == count and _places(screen) == before, "nor a frame in French"


# ------------------------------------------------------------------ joining


@dataclass
class _Network:
    """The tables the network shows, as the flow lists them."""

    found: list[Listing] = field(default_factory=list)

    def listings(self) -> list[Listing]:
        return list(self.found)


def test_the_join_screen_lays_out_when_a_table_comes_or_goes_never_each_frame(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    layouts = count_layouts(monkeypatch, PanelScreen)
    game = Game(app)
    network = _Network()
    join = JoinScene("Ada", network.listings, lambda *_: cast(Any, None), lambda _: None,
                     7437)
    app.stack.push(join)
    assert layouts == [(1280, 720)], "laid out on enter"
    frame(app)
    _untouched(app, layouts, join)
    assert join.rows == []
    table = Listing("a", "Gus's table · 2 players · 1 open", "ws://10.0.0.2:7437")
    network.found.append(table)
    frame(app)
    assert len(layouts) == 2, "a table found: its row"
    [(listing, row)] = join.rows
    assert listing == table and join.form.widgets.index(row) == 1
    _untouched(app, layouts, join)
    network.found.clear()
    frame(app)
    assert len(layouts) == 3 and join.rows == [], "gone: its row too"
    _resize(app, SMALL)
    assert layouts[-1] == SMALL and len(layouts) == 4
    assert pygame.Rect((0, 0), SMALL).contains(join.panel)
    game.change_language("pt")
    assert len(layouts) == 5 and join.join_typed.label == i18n.tr("online.join.join")
    assert join.back.label == i18n.tr("menu.entry.back") != "Back"
    frame(app)
    assert len(layouts) == 5


def test_the_seats_to_choose_are_laid_out_once_and_back_to_the_tables_found(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    layouts = count_layouts(monkeypatch, PanelScreen)
    network = _Network([Listing("a", "Gus's table · 2 players · 1 open", "ws://x:7437")])
    join = JoinScene("Ada", network.listings, lambda *_: cast(Any, None), lambda _: None,
                     7437)
    app.stack.push(join)
    frame(app)
    assert len(layouts) == 2 and len(join.rows) == 1
    join._joining_at = "10.0.0.3:7437"  # asked there; the server's tables came
    tables = [TableSummary("t", "Bea's table", None, 3, seats=[
        SeatInfo(0, "player", "Bea", None, True), SeatInfo(1), SeatInfo(2)])]
    join._looked(cast(Any, SimpleNamespace(tables=tables, failed="")))
    assert join.seats_offered is not None and len(join.seats_offered) == 2
    assert len(layouts) == 3, "the open seats to choose: a row each"
    assert [b.label for _, b in join.rows] == [s.label for s in join.seats_offered]
    _untouched(app, layouts, join)
    click(app, join.back.rect.center)  # Back: the tables found again
    assert join.seats_offered is None and len(layouts) == 4
    assert [listing for listing, _ in join.rows] == network.found


# ------------------------------------------------------------------ the lobby


class _Table:
    """A lobby's session as the server describes it: seats that fill."""

    def __init__(self) -> None:
        self.seats = [SeatInfo(0, "player", "Ada", None, True), SeatInfo(1)]
        self.local_seats = [0]
        self.started = False
        self.failed = ""
        self.problem = ""
        self.connected = True
        self.summary = None

    def poll(self) -> None:
        pass

    def seat_infos(self) -> list[SeatInfo]:
        return list(self.seats)

    def seat_name(self, seat: int) -> str:
        return next((s.name for s in self.seats if s.seat == seat and s.name), "")


@dataclass
class _Host:
    addresses: list[str] = field(default_factory=lambda: ["10.0.0.1:7437"])
    port: int = 7437
    handed: list[int] = field(default_factory=list)

    def start(self) -> str:
        return ""

    def hand_to_bot(self, seat: int, level: str) -> str:
        self.handed.append(seat)
        return ""


def _lobby(app: App, table: _Table, host: _Host) -> LobbyScene:
    nothing: Callable[..., None] = lambda *_: None  # noqa: E731
    lobby = LobbyScene(cast(NetSession, table), nothing, nothing, host=host)
    app.stack.push(lobby)
    return lobby


def test_the_lobby_lays_out_when_a_seat_changes_never_each_frame(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    layouts = count_layouts(monkeypatch, PanelScreen)
    table, host = _Table(), _Host()
    lobby = _lobby(app, table, host)
    frame(app)
    assert len(layouts) == 2, "laid out on enter, then with the seats described"
    assert list(lobby.bot_buttons) == [1], "a bot for the open seat"
    _untouched(app, layouts, lobby)
    click(app, lobby.bot_buttons[1].rect.center)
    assert host.handed == [1]
    table.seats[1] = SeatInfo(1, "player", "Gus", None, True)
    frame(app)
    assert len(layouts) == 3 and lobby.bot_buttons == {}, "Gus took the seat"
    assert lobby.start.enabled
    _untouched(app, layouts, lobby)
    table.seats[1] = SeatInfo(1, "player", "Gus", None, False)  # Gus away: said in the row
    frame(app)
    assert len(layouts) == 4
    _resize(app, SMALL)
    assert len(layouts) == 5 and pygame.Rect((0, 0), SMALL).contains(lobby.start.rect)
