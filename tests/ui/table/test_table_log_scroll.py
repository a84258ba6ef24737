"""The game log scrolls with the wheel: older moves come back into view, the title says
how many newer ones are below, a click on a line scrolled to opens that move, and new
moves do not move the lines being read."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from splendor.i18n import tr
from splendor.session.bot_process import InlineBots
from splendor.session.game import Session
from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.app import App
from splendor.ui.scenes.table import TableScene
from tests.engine.modules.support import DATA
from tests.ui.drawn import drawn_texts
from tests.ui.gestures import click, hover


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1024, 600))
    pygame.event.clear()
    yield application
    while application.stack.scenes:
        application.stack.pop()


def wheel(app: App, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    app.step(0.05)


def test_the_wheel_over_the_log_brings_older_moves_back(app: App,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    options = GameOptions((SeatOption("human", "Ana"), SeatOption("easy", "Bo")), seed=3)
    session = Session(DATA, options, InlineBots())
    session.autoplay(30, seed=1)
    opened: list[int] = []
    table = TableScene(session, on_finished=lambda s: None, on_history=opened.append)
    app.stack.replace(table)
    app.step(0.0)
    lines = table.log_lines()
    newest = [line for line, _ in table.log_row_rects()]
    assert newest[-1] == len(lines) - 1 and newest[0] > 0  # the first moves are out of view
    assert table.layout is not None
    hover(app, table.layout.log.center)
    wheel(app, 3)
    older = [line for line, _ in table.log_row_rects()]
    assert older[-1] == len(lines) - 4 and older[0] < newest[0]  # lines wrap: a few more
    assert tr("table.log.newer", count=3) in drawn_texts(monkeypatch, app)
    line, rect = table.log_row_rects()[0]
    click(app, rect.center)  # a click on a line scrolled to opens that move
    assert opened == [table._log_line_entry[line] + 1]
    wheel(app, -10)  # all the way back down
    assert [line for line, _ in table.log_row_rects()] == newest
    hover(app, (5, 5))
    wheel(app, 3)  # the wheel elsewhere does nothing to the log
    assert [line for line, _ in table.log_row_rects()] == newest
