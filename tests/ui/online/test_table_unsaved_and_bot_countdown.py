"""What the network table says of the table's server and of a person away, from the Lobby
messages alone (no input): while the server cannot save the game, a warning in red at
the panel's foot, gone once a Lobby says it saves again; while a person is away and a bot
is to take their seat, the time left, counted down here from the Lobby that said it
(worded again once a second, not every frame), gone when they are back or the bot plays.
A real NetSession hears messages put in its inbox (no network); its strip is laid out as
the table lays it out."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

import msgspec
import pygame
import pytest

from splendor import i18n
from splendor.engine import View, new_game, observe
from splendor.i18n import tr
from splendor.net import session as net_session
from splendor.net.loop_thread import LoopThread
from splendor.net.protocol import Lobby, SeatInfo, TableSummary, Welcome
from splendor.net.session import BOT_PLAYS, NetSession, SeatLink
from splendor.net.table import TableSpec
from splendor.ui import theme
from splendor.ui.app import App
from splendor.ui.table import net_strip
from splendor.ui.table.layout import compute_layout
from splendor.ui.table.net_strip import NetStrip, NoStrip, strip_for
from splendor.ui.table.panel import PanelText, layout_panel
from splendor.ui.table.view import Assists, TableUi
from tests.engine.modules.support import DATA
from tests.net.serving import serve
from tests.ui.table.net_tables import AtTable, Elsewhere, join, open_table, run, wait
from tests.ui.table.test_net_table import panel_says

SIZE = (1024, 600)
FRAME = 1 / 15  # an idle window's frame


class _NoNetwork:
    """A worker that runs nothing: the session only hears what a test puts in its inbox."""

    running = True

    def submit(self, coro: Any) -> Future[None]:
        coro.close()
        return Future()

    def stop(self) -> None:
        pass


class _Table(NetSession):
    """A session whose turn a test sets (a real one knows it from the game's views)."""

    turn: int | None = None

    @property
    def current(self) -> int | None:
        return self.turn


def _summary(*seats: SeatInfo, unsaved: bool = False) -> TableSummary:
    return TableSummary(id="t1", title="Ana's table", module=None, players=len(seats),
                        started=True, seats=list(seats), unsaved=unsaved)


ANA = SeatInfo(seat=0, kind="player", name="Ana", connected=True)
BO = SeatInfo(seat=1, kind="player", name="Bo", connected=True)
CY = SeatInfo(seat=2, kind="player", name="Cy", connected=True)


def _away(seat: SeatInfo, bot_in: int | None) -> SeatInfo:
    return SeatInfo(seat=seat.seat, kind="player", name=seat.name, connected=False,
                    bot_in=bot_in)


def _bot(seat: SeatInfo) -> SeatInfo:
    return SeatInfo(seat=seat.seat, kind="bot", name=seat.name, level="medium",
                    connected=True)


class _Clock:
    """The monotonic time the session and the strip read, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> _Clock:
    fake = _Clock()
    monkeypatch.setattr(net_strip, "time", fake)
    monkeypatch.setattr(net_session, "time", fake)
    return fake


@pytest.fixture
def table(clock: _Clock) -> Iterator[_Table]:
    pygame.init()
    session = _Table(DATA, "ws://127.0.0.1:9", [SeatLink("Ana")], _NoNetwork())
    session._inbox.put((0, Welcome(seat=0, token="tok", table=_summary(ANA, BO, CY))))
    session.poll()
    yield session
    session.close()


def _strip(session: _Table) -> NetStrip:
    strip = strip_for(session)  # as the table makes it
    assert isinstance(strip, NetStrip)
    strip.place(compute_layout(SIZE, 2))
    strip.update(0.0)
    return strip


def _hear(session: _Table, summary: TableSummary) -> None:
    session._inbox.put((0, Lobby(table=summary)))
    session.poll()


def _frames(strip: NetStrip, count: int) -> int:
    """`count` frames of the window with no input; how many asked to be drawn again."""
    return sum(strip.update(FRAME) for _ in range(count))


def test_the_table_that_cannot_save_is_told_in_red_until_it_saves_again(
        table: _Table) -> None:
    strip = _strip(table)
    assert strip.warning() == "" and strip.status() == ("", False)
    _hear(table, _summary(ANA, BO, CY, unsaved=True))
    assert strip.update(FRAME), "the warning is drawn at once, with no input"
    assert strip.warning() == tr("online.status.unsaved")
    assert _frames(strip, 30) == 0, "nothing more to draw while nothing changes"
    # The moves go on being held: the warning stays, whatever else the Lobby says.
    _hear(table, _summary(ANA, _away(BO, None), CY, unsaved=True))
    assert strip.update(FRAME) and strip.warning() == tr("online.status.unsaved")

    _hear(table, _summary(ANA, BO, CY, unsaved=False))
    assert strip.update(FRAME), "gone at once, with no input"
    assert strip.warning() == "" and strip.status() == ("", False)
    # A local game has no such warning.
    assert NoStrip().warning() == ""


def test_the_panel_shows_the_warning_in_red_whatever_else_it_shows(table: _Table) -> None:
    lay = compute_layout(SIZE, 2)
    view_ui = TableUi(warning=tr("online.status.unsaved"), status="Waiting for Bo")
    view = _any_view()
    for acting in (False, True):
        panel = layout_panel(lay, view, view_ui, Assists(), acting, DATA,
                             lambda action: None, _NoActions(), 0)
        said = [i for i in panel.items if isinstance(i, PanelText)
                and i.text == tr("online.status.unsaved")]
        assert len(said) == 1 and said[0].color == theme.DANGER
        assert lay.action_panel.contains(said[0].rect)
        others = [i.rect for i in panel.items if isinstance(i, PanelText) and i not in said]
        assert not any(r.colliderect(said[0].rect) for r in others)


def test_the_time_before_a_bot_plays_for_the_person_to_play_counts_down(
        table: _Table, clock: _Clock) -> None:
    strip = _strip(table)
    table.turn = 1
    _hear(table, _summary(ANA, _away(BO, 114), CY))
    assert strip.update(FRAME)
    assert strip.status() == (tr("online.status.bot_waiting", name="Bo", time="1:54"),
                              False)
    for frame in range(4):  # a second in frames: one new wording, one drawing
        clock.now += 0.25
        assert strip.update(FRAME) == (frame == 3)
    assert strip.status()[0] == tr("online.status.bot_waiting", name="Bo", time="1:53")
    # Time passes: the count goes down by itself, from the Lobby that said it.
    clock.now += 29
    assert strip.update(FRAME)
    assert strip.status()[0] == tr("online.status.bot_waiting", name="Bo", time="1:24")
    clock.now += 0.4
    assert not strip.update(FRAME)
    assert strip.status()[0] == tr("online.status.bot_waiting", name="Bo", time="1:24")
    clock.now += 0.7
    assert strip.update(FRAME)
    assert strip.status()[0] == tr("online.status.bot_waiting", name="Bo", time="1:23")
    # Seconds under a minute, and never below nothing while the bot is on its way.
    clock.now += 76
    strip.update(FRAME)
    assert strip.status()[0] == tr("online.status.bot_waiting", name="Bo", time="0:07")
    clock.now += 60
    strip.update(FRAME)
    assert strip.status()[0] == tr("online.status.bot_waiting", name="Bo", time="0:00")

    # The bot takes the seat: no more waiting, and the chat says it.
    _hear(table, _summary(ANA, _bot(BO), CY))
    assert strip.update(FRAME)
    assert strip.status() == ("", False)
    assert table.chat[-1].event == BOT_PLAYS and table.chat[-1].name == "Bo"


def test_a_person_back_in_time_ends_the_count(table: _Table) -> None:
    strip = _strip(table)
    table.turn = 1
    _hear(table, _summary(ANA, _away(BO, 90), CY))
    strip.update(FRAME)
    assert strip.status()[0] == tr("online.status.bot_waiting", name="Bo", time="1:30")
    _hear(table, _summary(ANA, BO, CY))
    assert strip.update(FRAME)
    assert strip.status() == ("", False)


def test_the_person_to_play_comes_first_then_the_soonest_of_the_others(
        table: _Table) -> None:
    strip = _strip(table)
    table.turn = 0  # Ana's turn, at this screen: Cy's bot comes sooner than Bo's
    _hear(table, _summary(ANA, _away(BO, 100), _away(CY, 40)))
    strip.update(FRAME)
    assert strip.status()[0] == tr("online.status.bot_away", name="Cy", time="0:40")
    # Bo's turn: the game waits for Bo, whose bot comes later.
    table.turn = 1
    strip.update(FRAME)
    assert strip.status()[0] == tr("online.status.bot_waiting", name="Bo", time="1:40")
    # Bo away with no bot to come (the host may hand the seat over): waiting, no count.
    _hear(table, _summary(ANA, _away(BO, None), _away(CY, 40)))
    strip.update(FRAME)
    assert strip.status()[0] == tr("net_table.status.waiting_for", name="Bo")


def test_the_warning_and_the_count_are_worded_in_each_language(table: _Table) -> None:
    strip = _strip(table)
    table.turn = 1
    _hear(table, _summary(ANA, _away(BO, 114), CY, unsaved=True))
    strip.update(FRAME)
    try:
        seen = set()
        for code in ("en", "fr", "es", "pt"):
            i18n.set_language(code)
            strip.place(compute_layout(SIZE, 2))  # a change of language lays out again
            seen.add((strip.warning(), strip.status()[0]))
            assert "1:54" in strip.status()[0] and strip.warning()
            assert not {key for lang, key in i18n.fallbacks()
                        if lang == code and key.startswith("online.status")}
        assert len(seen) == 4
    finally:
        i18n.set_language(i18n.DEFAULT)


class _NoActions:
    def play(self, action: object) -> bool:
        return False

    def confirm_take(self) -> None: ...
    def cancel(self) -> None: ...
    def next_payment(self) -> None: ...
    def undo(self) -> None: ...
    def ask_hint(self) -> None: ...
    def choose_sacrifice(self, card_id: str) -> None: ...


def _any_view() -> View:
    """A view of a game just dealt, from the first seat."""
    return observe(new_game(DATA, 3, seed=1), 0)


def test_at_the_window_both_come_and_go_with_the_lobby_alone(
        app: App, worker: LoopThread) -> None:
    """A real table against a real server: Bo leaves on his turn, then a Lobby says the
    table cannot save and when a bot plays for him; the panel says both, the count goes
    down as the window's frames pass, and a Lobby saying it saves again, with Bo back,
    takes both away: no input at all."""
    _, url = serve(worker, TableSpec(2, None, ()), seed=2)
    ana = join(url, "Ana", worker)
    wait(lambda: ana.seated, "Ana's seat", [ana])
    bo = join(url, "Bo", worker)
    try:
        wait(lambda: ana.started and bo.started, "the deal", [ana, bo])
        _, table = open_table(app, ana)
        bob, at_table = Elsewhere(bo, 1), AtTable(app, table, 2)
        bob.idle = True
        run(app, lambda: ana.current == 1 and not table.show.running, "Bo's turn",
            [bob, at_table])
        bo.close()
        run(app, lambda: bool(table.ui.status), "the waiting status", [])
        assert ana.summary is not None
        seats = [msgspec.structs.replace(s, bot_in=5) if s.seat == 1 else s
                 for s in ana.seat_infos()]
        ana._inbox.put((0, Lobby(table=msgspec.structs.replace(
            ana.summary, seats=seats, unsaved=True))))
        warning = tr("online.status.unsaved")
        run(app, lambda: table.ui.warning == warning and panel_says(table, warning),
            "the warning", [])
        words = [tr("online.status.bot_waiting", name="Bo", time=f"0:0{n}")
                 for n in range(6)]
        assert table.ui.status in words[4:] and panel_says(table, table.ui.status)
        seen = [table.ui.status]

        def counted_down() -> bool:
            seen.append(table.ui.status)
            return seen[-1] == words[0]

        run(app, counted_down, "the count to reach nothing", [])
        shown = list(dict.fromkeys(seen))  # in order, once each
        assert shown == sorted(shown, reverse=True) and len(shown) >= 4, shown
        assert panel_says(table, words[0])

        back = [msgspec.structs.replace(s, connected=True, bot_in=None)
                for s in ana.seat_infos()]
        ana._inbox.put((0, Lobby(table=msgspec.structs.replace(
            ana.summary, seats=back, unsaved=False))))
        run(app, lambda: not table.ui.warning and not table.ui.status, "both gone", [])
        assert not panel_says(table, warning) and not panel_says(table, words[0])
    finally:
        ana.close()
        bo.close()
