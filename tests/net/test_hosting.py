"""The host's server in the window: tables opened from the New game screen's seats, in
their order, the host's own seats joined over loopback, Start, and a bot for a seat."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from splendor.net.client import GameClient
from splendor.net.hosting import HostServer
from splendor.net.loop_thread import LoopThread
from splendor.session.seats import HUMAN, REMOTE, GameOptions, SeatOption
from tests.engine.modules.support import DATA


@pytest.fixture
def host(tmp_path: Path) -> Iterator[HostServer]:
    server = HostServer(DATA, tmp_path / "tables", bind="127.0.0.1", port=0, advertise=False)
    yield server
    server.close()


def until(done: object, what: str, poll: object = None) -> None:
    end = time.monotonic() + 20
    while not done():  # type: ignore[operator]
        assert time.monotonic() < end, f"never: {what}"
        if poll is not None:
            poll()  # type: ignore[operator]
        time.sleep(0.005)


def test_seats_keep_the_order_the_host_gave_them(host: HostServer) -> None:
    options = GameOptions((SeatOption(HUMAN, "Ana"), SeatOption("hard", "Hard bot"),
                           SeatOption(REMOTE, "Remote player 3")), module="orient")
    hosted = host.open_table(options, "Ana's table")
    session = hosted.session
    until(lambda: session.seated and len(session.seat_infos()) == 3, "Ana seated",
          session.poll)
    seats = session.seat_infos()
    assert [(s.kind, s.level) for s in seats] == [("player", None), ("bot", "hard"),
                                                  ("open", None)]
    assert seats[0].name == "Ana" and seats[0].connected and session.local_seats == (0,)
    assert host.start(hosted)  # a remote seat is still open: refused, with the reason

    guest = LoopThread("guest").start()
    try:
        bo = GameClient(host.local_url, "Bo", DATA)
        assert guest.call(bo.connect()).seat == 2
        until(lambda: session.seat_infos()[2].kind == "player", "Bo in the lobby",
              session.poll)
        assert host.start(hosted) == ""
        until(lambda: session.started, "the deal", session.poll)
        view = session.view()
        assert view.module == "orient"
        assert [p.name for p in view.players] == ["Ana", "Hard bot", "Bo"]
    finally:
        guest.stop()


def test_an_open_seat_can_go_to_a_bot_before_the_start(host: HostServer) -> None:
    options = GameOptions((SeatOption(HUMAN, "Ana"), SeatOption(REMOTE, "Remote player 2")))
    hosted = host.open_table(options, "Ana's table")
    session = hosted.session
    until(lambda: session.seated, "Ana seated", session.poll)
    assert host.hand_to_bot(hosted, 1, "medium") == ""
    assert host.start(hosted) == ""
    until(lambda: session.started, "the deal", session.poll)
    assert session.options.seats[1].kind == "medium"


def test_a_host_listening_on_one_address_gives_that_address(host: HostServer) -> None:
    assert host.addresses() == [f"127.0.0.1:{host.port}"]  # not addresses it does not hear
