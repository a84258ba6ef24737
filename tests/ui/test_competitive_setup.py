"""Competitive mode from the New game screen, by posted events: the switch and its line,
a game with no assists at the table (and none to turn on in the pause menu), and the mode
remembered with the last seats."""

from __future__ import annotations

import json

import pygame
import pytest

from splendor.storage import paths
from splendor.storage.settings import load_settings
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.table import TableScene
from tests.ui.drawn import drawn_texts


def click(app: App, pos: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def key(app: App, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def open_new_game(game: Game) -> NewGameScene:
    game.app.stack.push(game.menu_scene())
    game.open_new_game()
    scene = game.app.stack.top
    assert isinstance(scene, NewGameScene)
    game.app.render()
    return scene


def test_the_switch_says_what_the_mode_does_and_starts_a_competitive_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(App((1280, 720)))
    scene = open_new_game(game)
    assert not scene.competitive.on and not scene.options().competitive
    texts = drawn_texts(monkeypatch, game.app)
    assert "Competitive" in texts
    assert "No assists, no undo and no hints; its statistics are kept" in " ".join(texts)
    click(game.app, scene.competitive.rect.center)
    assert scene.options().competitive
    click(game.app, scene.start.rect.center)
    session = game.session
    assert session is not None and session.options.competitive
    table = game.app.stack.top
    assert isinstance(table, TableScene)
    # No assist at this table, whatever the player's settings say for other games.
    assists = table.assists
    assert not (assists.affordable or assists.remaining_cost or assists.noble_progress
                or assists.reasons)
    assert game.prefs.assists.affordable and game.prefs.assists.reasons
    # Undo and hints are refused by the session (its own tests): not offered here.
    assert session.undo() is not None and session.request_hint() is not None
    game.close()


def test_the_switch_answers_the_keyboard(app: App) -> None:
    started: list[object] = []
    scene = NewGameScene(started.append)
    app.stack.push(scene)
    click(app, (3, 3))
    while scene.form.focus is not scene.competitive:
        key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    assert scene.competitive.on
    key(app, pygame.K_RETURN)
    assert started and started[0].competitive  # type: ignore[attr-defined]


def test_the_pause_menu_of_a_competitive_game_offers_no_assist() -> None:
    game = Game(App((1280, 720)))
    scene = open_new_game(game)
    click(game.app, scene.competitive.rect.center)
    click(game.app, scene.start.rect.center)
    game.app.render()
    game.pause()
    game.app.render()
    pause = game.app.stack.top
    assert isinstance(pause, PauseScene) and pause.panel is not None
    toggles = [action.args[0] for _, action in pause._spots  # type: ignore[attr-defined]
               if getattr(getattr(action, "func", None), "__name__", "") == "toggle"]
    assert toggles == ["symbols"], "the gem symbols only: they are no assist"
    game.close()


def test_the_mode_is_remembered_with_the_last_seats() -> None:
    game = Game(App((1280, 720)))
    scene = open_new_game(game)
    click(game.app, scene.competitive.rect.center)
    click(game.app, scene.start.rect.center)
    game.close()
    assert json.loads(paths.settings_path().read_text())["competitive"] is True
    again = Game(App((1280, 720)))
    assert open_new_game(again).competitive.on, "the next New game starts competitive"
    # Switched off for a game, it is off the next time.
    scene = again.app.stack.top
    assert isinstance(scene, NewGameScene)
    click(again.app, scene.competitive.rect.center)
    click(again.app, scene.start.rect.center)
    again.close()
    assert load_settings()[0].competitive is False
