"""Move history: a click on a line of the game log shows that position read-only, the
game paused; Escape returns to the game as it was."""

from __future__ import annotations

import random

import pygame

from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.view import log_rows
from tests.helpers import play_turns

DT = 0.05


def post(app: App, kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))
    app.step(DT)


def test_clicking_a_move_shows_that_position_and_escape_returns(app: App) -> None:
    game = Game(app)
    game.prefs.speed = 50.0
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Hal")),
                           first_player=0, seed=9))
    table = app.stack.top
    assert isinstance(table, TableScene)
    session = table.session
    play_turns(session, 6, random.Random(3))
    app.step(DT)
    before = list(session.state.history)
    assert table.layout is not None
    rows = log_rows(table.layout, table.log_lines())
    line, rect = rows[0]  # the oldest move shown
    post(app, pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    entry = table._log_line_entry[line]
    assert review.cursor.position == entry + 1
    assert session.paused
    for _ in range(20):  # nothing moves while the history is shown
        app.step(DT)
    assert session.state.history == before
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    assert app.stack.top is table and not session.paused
    assert session.state.history == before
    # The pointer rests where it clicked: that line is lit again without it moving.
    app.step(DT)
    assert table.ui.hover_log == line
    game.close()
