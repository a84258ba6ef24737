"""Saba's New game screen and what it remembers: laid out without Splendor's module row (the
rows follow each other, the panel ends under the last), and each game keeps its own
choices: a game of Saba, started, finished or played again, leaves the module remembered
for Splendor's New game as it was."""

from __future__ import annotations

import pytest

from splendor.games import default_game, find_game
from splendor.saba.session import SabaSession
from splendor.session.seats import GameOptions, SeatOption
from splendor.storage.settings import load_settings
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.saba.results import SabaResultsScene
from splendor.ui.saba.table import SabaTableScene
from splendor.ui.scenes.new_game import NewGameScene

SABA = find_game("saba")


def setup_screen(app: App, game: object = None) -> NewGameScene:
    scene = NewGameScene(on_start=print, game=game or default_game())  # type: ignore[arg-type]
    app.stack.push(scene)
    app.render()
    return scene


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_sabas_rows_follow_each_other_where_splendors_module_row_was(
    size: tuple[int, int],
) -> None:
    app = App(size)
    splendor, saba = setup_screen(app), setup_screen(app, SABA)
    assert splendor.module.visible and not saba.module.visible
    step = splendor.module.rect.y - splendor.first.rect.y  # one row to the next (±1 px)
    assert splendor.competitive.rect.y - splendor.module.rect.y == pytest.approx(step, abs=1)
    gap = saba.competitive.rect.y - saba.first.rect.y
    assert gap == pytest.approx(step, abs=1), "no gap where the module was"
    below = splendor._panel.bottom - splendor.competitive.rect.bottom
    end = saba._panel.bottom - saba.competitive.rect.bottom
    assert end == pytest.approx(below, abs=1), "the panel ends there"
    assert saba._panel.h == pytest.approx(splendor._panel.h - step, abs=1)
    assert [key for key, _ in saba._option_labels] == [
        "new_game.first_player",
        "new_game.seed",
        "new_game.competitive",
    ]
    app.close()


def test_splendors_module_survives_a_game_of_saba(app: App) -> None:
    game = Game(app)
    seats = (SeatOption("human", "Ada"), SeatOption("easy", "Bot"))
    game.start(GameOptions(seats, first_player=0, seed=3, module="orient"))
    assert load_settings()[0].module == "orient"
    game.start(GameOptions(seats, first_player=0, seed=3, game="saba"))
    session = game.session
    assert isinstance(session, SabaSession)
    assert load_settings()[0].module == "orient", "starting Saba leaves it"
    session.autoplay(500, "easy", seed=1)
    table = next(s for s in app.stack.scenes if isinstance(s, SabaTableScene))
    table.update(0.0)  # the table sees the end: the results
    results = app.stack.top
    assert isinstance(results, SabaResultsScene)
    game.play_again()  # another game of Saba, with the same seats
    assert load_settings()[0].module == "orient", "finishing and playing again leave it"
    game.open_new_game(game=SABA)
    saba = app.stack.top
    assert isinstance(saba, NewGameScene) and saba.chosen_module is None
    game.open_new_game()  # Splendor's New game: its own module offered again
    splendor = app.stack.top
    assert isinstance(splendor, NewGameScene) and splendor.chosen_module == "orient"
    game.close()
