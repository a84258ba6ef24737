"""A bot that fails at the table: the window says so and offers another level for the
seat, or to save and leave; either way the game is kept, and nothing crashes."""

from __future__ import annotations

import time

import pygame

from splendor.engine import Reserve
from splendor.i18n import tr
from splendor.session.bot_process import Answer, InlineBots
from splendor.session.seats import GameOptions, SeatOption
from splendor.storage import paths
from splendor.storage.saves import load_save
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.table import TableScene
from tests.session import bad_children
from tests.session.bad_children import Flaky

DT = 0.05
SEATS = (SeatOption("human", "Ada"), SeatOption("hard", "Hal"))


class WrongBots(InlineBots):
    """The hard level answers a move that is not legal; the other levels play."""

    def poll(self) -> Answer | None:
        request = self._request
        answer = super().poll()
        if answer is not None and request is not None and request.kind == "hard":
            return Answer(answer.ticket, Reserve("L9-99"), None, 0.0)
        return answer


def start(app: App, game: Game) -> TableScene:
    game.prefs.speed = 50.0
    game.start(GameOptions(SEATS, first_player=0, seed=7))
    table = app.stack.top
    assert isinstance(table, TableScene)
    app.step(0.0)
    session = table.session
    assert session.play(session.view().legal_actions[0]) is None
    return table


def offer(app: App, limit: float = 60.0) -> ConfirmScene:
    """Frames until the failure's dialog is on top (it crashed the window before)."""
    end = time.monotonic() + limit
    while not isinstance(app.stack.top, ConfirmScene):
        assert time.monotonic() < end, "no dialog came"
        app.step(DT)
    return app.stack.top


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.step(DT)


def test_a_wrong_move_offers_an_easier_level_which_plays_on(app: App) -> None:
    game = Game(app, bots=WrongBots)
    table = start(app, game)
    dialog = offer(app)
    assert dialog.title == tr("dialog.bot_failed.title")
    medium = tr("bots.level.medium.name")
    assert "Hal" in dialog.question and medium in dialog.question
    assert dialog.yes_label == tr("dialog.bot_failed.replace", level=medium)
    assert dialog.no_label == tr("dialog.bot_failed.leave")
    assert table.ui.notice == tr("table.bot_failed", name="Hal")
    assert len(table.session.log) == 1  # the game is as it was
    click(app, dialog._yes.center)
    assert app.stack.top is table and table.session.options.seats[1].kind == "medium"
    for _ in range(200):
        if table.acting():
            break
        app.step(DT)
    assert table.acting() and len(table.session.log) >= 2, "the game did not go on"
    assert table.ui.notice == "" and table.session.bot_error is None
    game.close()


def test_save_and_leave_keeps_the_game_for_continue(app: App) -> None:
    game = Game(app, bots=WrongBots)
    table = start(app, game)
    history = list(table.session.state.history)
    dialog = offer(app)
    click(app, dialog._no.center)
    assert isinstance(app.stack.top, MenuScene)
    saved = load_save(paths.autosave_path(), game.data)
    assert list(saved.state.history) == history
    game.close()


def test_a_bot_process_that_never_answers_is_said_and_replaced(app: App) -> None:
    """A real child that hangs: the window does not wait for ever behind 'thinking'."""
    game = Game(app, bots=lambda: Flaky(bad_children.never_answers, bad_starts=2,
                                        bad_deadline=0.5))
    table = start(app, game)
    dialog = offer(app)
    assert table.ui.thinking is None
    click(app, dialog._yes.center)
    end = time.monotonic() + 60
    while len(table.session.log) < 2:
        assert time.monotonic() < end, "the new level never moved"
        app.step(DT)
    game.close()
    assert game._bots is None


def test_the_offer_fits_for_every_level_in_every_language() -> None:
    """The screenshots show one level; a longer level's name must fit its button too."""
    from splendor import i18n
    from splendor.bots import BOT_NAMES
    from splendor.ui import textfit

    window = App((1024, 600))
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        for level in BOT_NAMES[:-1]:
            name = tr(f"bots.level.{level}.name")
            with textfit.audit() as misfits:
                window.stack.push(ConfirmScene(
                    tr("dialog.bot_failed.title"),
                    tr("dialog.bot_failed.text", name="Bartholomew", level=name),
                    tr("dialog.bot_failed.replace", level=name), lambda: None,
                    no=tr("dialog.bot_failed.leave"), on_no=lambda: None))
                window.stack.draw(window.screen)
                window.stack.pop()
            assert not misfits, f"{code}, {level}: {misfits}"
