"""What a NetSession tells in its chat of the others' connections (a person gone, back,
played by a bot), and that a seat whose connection is down is not asked to act."""

from __future__ import annotations

import time
from concurrent.futures import Future
from typing import Any

from splendor.net.loop_thread import LoopThread
from splendor.net.protocol import Chat, Lobby, SeatInfo, TableSummary
from splendor.net.session import BACK, BOT_PLAYS, LEFT, ChatLine, NetSession, SeatLink
from splendor.net.table import TableSpec
from tests.engine.modules.support import DATA
from tests.net.serving import drop_link, serve
from tests.net.test_net_session import DEADLINE, frames


def wait(sessions: list[NetSession], until: Any) -> None:
    end = time.monotonic() + DEADLINE
    while not until():
        assert time.monotonic() < end, "nothing came"
        for s in sessions:
            s.poll()
        time.sleep(0.002)


def events(session: NetSession) -> list[tuple[str, str]]:
    return [(line.event, line.name) for line in session.chat if line.event]


def test_the_chat_tells_when_a_person_leaves_and_comes_back(worker: LoopThread) -> None:
    _, url = serve(worker, TableSpec(2, None, ()), seed=3)
    ana = NetSession(DATA, url, [SeatLink("Ana")], worker, owns_worker=False)
    frames(ana, lambda: ana.seated)
    bo = NetSession(DATA, url, [SeatLink("Bo")], worker, owns_worker=False)
    back: NetSession | None = None
    try:
        wait([ana, bo], lambda: ana.started and bo.started)
        # Bo taking the seat before the game is no news.
        assert events(ana) == []
        token = bo._links[0].token
        bo.close()
        wait([ana], lambda: events(ana) == [(LEFT, "Bo")])
        assert ana.chat[-1] == ChatLine(1, "Bo", "", LEFT)
        back = NetSession(DATA, url, [SeatLink("Bo", token=token)], worker,
                          owns_worker=False)
        wait([ana, back], lambda: len(events(ana)) == 2)
        assert events(ana) == [(LEFT, "Bo"), (BACK, "Bo")]
        # A line of chat still comes as said, after the news.
        assert back.send_chat("  hello   again ") is None
        wait([ana, back], lambda: ana.chat[-1].text == "hello again")
        assert ana.chat[-1] == ChatLine(1, "Bo", "hello again")
    finally:
        ana.close()
        if back is not None:
            back.close()


class _NoNetwork:
    """A worker that runs nothing: the session only hears what a test puts in its inbox."""

    running = True

    def submit(self, coro: Any) -> Future[None]:
        coro.close()
        return Future()

    def stop(self) -> None:
        pass


def _lobby(*seats: tuple[str | None, bool, bool]) -> Lobby:
    return Lobby(table=TableSummary(
        id="t1", title="Ana's table", module=None, players=len(seats),
        seats=[SeatInfo(seat=i, kind="bot" if b else "player" if n else "open", name=n,
                        connected=c) for i, (n, b, c) in enumerate(seats)]))


def test_a_bot_taking_over_a_seat_is_told_once() -> None:
    session = NetSession(DATA, "ws://127.0.0.1:9", [SeatLink("Ana")], _NoNetwork())
    heard = [_lobby(("Ana", False, True), (None, False, False)),  # waiting for Bo
             _lobby(("Ana", False, True), ("Bo", False, True)),  # Bo sits: no news
             _lobby(("Ana", False, True), ("Bo", False, False)),  # Bo's link drops
             _lobby(("Ana", False, True), ("Bo", True, True)),  # a bot plays for Bo
             _lobby(("Ana", False, True), ("Bo", True, True))]  # the same again
    for msg in heard:
        session._inbox.put((0, msg))
    session._inbox.put((0, Chat(text="gg", seat=1)))
    session.poll()
    assert session.chat == [ChatLine(1, "Bo", "", LEFT), ChatLine(1, "Bo", "", BOT_PLAYS),
                            ChatLine(1, "Bo", "gg")]
    session.close()


def test_a_seat_whose_link_is_down_is_not_asked_to_act(worker: LoopThread) -> None:
    server, url = serve(worker, TableSpec(2, None, ("easy",)), seed=11)
    ana = NetSession(DATA, url, [SeatLink("Ana")], worker, owns_worker=False)
    try:
        frames(ana, lambda: ana.started)
        frames(ana, ana.human_to_act)

        worker.call(drop_link(server, 0))  # the server's side of the link goes
        wait([ana], lambda: not ana.connected)
        assert not ana.human_to_act()
        refusal = ana.play(ana.view().legal_actions[0])
        assert refusal is not None and refusal.code == "connection_lost"
        # It comes back by itself, with its token, and is asked again.
        wait([ana], lambda: ana.connected and ana.human_to_act())
    finally:
        ana.close()
