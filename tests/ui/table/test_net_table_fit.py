"""The network table's words fit at the smallest window in every language (and in
English made a third longer): the chat with long lines and the connection news, a
refused line, the status while a person's or this screen's connection is down (with the
time before a bot plays for them), the warning of a table that cannot save, the pause
menu and its Leave dialog."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pygame
import pytest

from splendor import i18n
from splendor.net.loop_thread import LoopThread
from splendor.net.protocol import MAX_CHAT, Lobby, SeatInfo
from splendor.net.table import TableSpec
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.table.net_strip import NetStrip
from tests.net.serving import drop_link, serve
from tests.ui.gestures import click, frame, key
from tests.ui.table.net_tables import AtTable, Elsewhere, join, open_table, run, wait

LONG_WORD = "W" * 60
SAID = ["gl hf!", "x " * 60, LONG_WORD + " and more", "é" * MAX_CHAT]


@pytest.fixture
def small_app() -> Iterator[App]:
    application = App((1024, 600))
    application.running = True
    pygame.event.clear()
    yield application
    while application.stack.scenes:
        application.stack.pop()


def drawn(app: App) -> None:
    """Draw the whole stack now (as a frame that changed something would)."""
    app.stack.draw(app.screen)


class _Host:
    def hand_to_bot(self, seat: int, level: str) -> str:
        return ""


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("language", ["en", "pt", "es", "fr", "long"], indirect=True)
def test_the_network_table_fits_in_every_language(small_app: App, worker: LoopThread,
                                                  language: str, players: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    app = small_app
    monkeypatch.setattr("splendor.net.session.HANDOVER_AFTER", 0.0)  # its button too
    server, url = serve(worker, TableSpec(players, None, ("easy",) * (players - 2)), seed=9)
    ana = join(url, "Ana Maria da Conceição", worker)  # a long name (24 characters)
    wait(lambda: ana.seated, "Ana's seat", [ana])
    bo = join(url, "Bartholomew", worker)  # (an opponent panel cuts longer ones)
    try:
        wait(lambda: ana.started and bo.started, "the deal", [ana, bo])
        _, table = open_table(app, ana)
        strip = table.net
        assert isinstance(strip, NetStrip)
        bob, at_table = Elsewhere(bo, 1), AtTable(app, table, 2)
        for text in SAID:
            assert bo.send_chat(text) is None
        run(app, lambda: len(ana.chat) == len(SAID), "the chat", [bob, at_table])
        # The news of every kind (a bot taking a seat cannot happen at this server yet).
        assert ana.summary is not None
        seats = [SeatInfo(seat=s.seat, kind="bot", name=s.name, level="easy", connected=True)
                 for s in ana.seat_infos()]
        ana._inbox.put((0, Lobby(table=msgspec.structs.replace(ana.summary, seats=seats))))
        with textfit.audit() as misfits:
            bob.idle = True
            run(app, lambda: ana.current == 1 and bo.human_to_act()
                and not table.show.running, "Bo's turn", [bob, at_table])
            ana.host_actions = _Host()  # as at the host's screen: a bot may play for Bo
            bo.close()
            run(app, lambda: bool(table.ui.status), "the waiting status", [])
            # The table cannot save (the warning at the panel's foot), and a bot is to
            # play for Bo: the time left (as long as minutes and seconds say it here).
            seats = [msgspec.structs.replace(s, bot_in=4799) if s.seat == 1 else s
                     for s in ana.seat_infos()]
            ana._inbox.put((0, Lobby(table=msgspec.structs.replace(
                ana.summary, seats=seats, unsaved=True))))
            run(app, lambda: bool(table.ui.warning) and "79:5" in table.ui.status,
                "the warning and the count", [])
            run(app, lambda: strip.handover_for == 1, "the hand-over button", [])
            click(app, strip.field.rect.center)
            key(app, pygame.K_RETURN)  # an empty line: refused in words
            assert strip.refusal is not None
            drawn(app)
            shown = (strip.rect, table.ui.status)
            key(app, pygame.K_PAGEUP)  # older lines, and the mark of the newer ones
            assert strip.back > 0
            drawn(app)

            worker.call(drop_link(server, 0))  # the server's side of the link goes
            run(app, lambda: table.ui.status_alarm, "the lost connection", [])
            frame(app)
            drawn(app)
        with textfit.audit() as in_menu:
            key(app, pygame.K_ESCAPE)
            key(app, pygame.K_ESCAPE)
            pause = app.stack.top
            assert isinstance(pause, PauseScene)
            drawn(app)
            assert pause.on_leave is not None
            pause.on_leave()
            frame(app)
            assert isinstance(app.stack.top, ConfirmScene)
            drawn(app)
        if language != "long":  # the menu's settings (not its network part) are cut there
            misfits += in_menu
        report = "\n".join(f"  {m.text!r}: {m.problem}" for m in misfits)
        assert not misfits, f"{len(misfits)} misfits:\n{report}"
        code = "fr" if language == "long" else language
        missing = {key for lang, key in i18n.fallbacks() if lang == code}
        assert not missing, f"shown in English: {sorted(missing)}"
        assert shown[1] and shown[0].h > 0
    finally:
        ana.close()
        bo.close()
