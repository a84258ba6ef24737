"""Save as from the pause menu; the load screen lists, loads and deletes (with a question)."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from splendor.storage import paths
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.load_game import LoadGameScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.save_as import SaveAsScene
from splendor.ui.scenes.table import TableScene
from tests.helpers import play_turns


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.dispatch(pygame.event.Event(kind, pos=pos, button=1))
    app.render()


def started_game(turns: int) -> Game:
    game = Game(App((1280, 720)))
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("medium", "Medium bot")),
                           first_player=0, seed=31))
    assert game.session is not None
    play_turns(game.session, turns, random.Random(3))
    game.app.render()
    return game


def test_save_as_writes_a_named_save_and_refuses_to_overwrite_it() -> None:
    game = started_game(6)
    game.pause()
    pause = game.app.stack.top
    assert isinstance(pause, PauseScene)
    game.app.render()
    save_button = next(rect for rect, action in pause._spots if action == game.open_save_as)
    click(game.app, save_button.center)
    dialog = game.app.stack.top
    assert isinstance(dialog, SaveAsScene)
    dialog.field.set_text("Evening game")
    game.app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert (paths.saves_dir() / "Evening game.json").exists()
    assert game.app.stack.top is dialog and dialog.saved_name == "Evening game", "says so"
    game.app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    assert game.app.stack.top is pause, "closed at the next key"
    game.open_save_as()
    again = game.app.stack.top
    assert isinstance(again, SaveAsScene)
    again.field.set_text("Evening game")
    again.save()
    assert "exists already" in again.message and game.app.stack.top is again


def test_the_load_screen_resumes_a_save_and_deletes_only_after_confirmation() -> None:
    game = started_game(8)
    assert game.session is not None
    expected = game.session.state.key()
    assert game.save_as("Keep me") is None
    assert game.save_as("Throw away") is None
    broken = paths.saves_dir() / "Broken.json"
    broken.write_text("{ truncated")

    menu_game = Game(App((1280, 720)))
    menu_game.app.stack.push(menu_game.menu_scene())
    menu_game.open_load()
    screen = menu_game.app.stack.top
    assert isinstance(screen, LoadGameScene)
    names = [info.path.stem for info in screen.saves]
    assert names[0] == "autosave" and {"Keep me", "Throw away", "Broken"} <= set(names)
    broken_info = next(i for i in screen.saves if i.path.stem == "Broken")
    assert broken_info.error and "Broken.json" in broken_info.error
    menu_game.app.render()

    # Delete asks first; Cancel keeps the file.
    delete_rect = next(
        rect for rect, action in screen.spots
        if getattr(action, "func", None) == screen.ask_delete
        and action.args[0].path.stem == "Throw away"  # type: ignore[attr-defined]
    )
    click(menu_game.app, delete_rect.center)
    question = menu_game.app.stack.top
    assert isinstance(question, ConfirmScene)
    question.on_yes()
    menu_game.app.stack.pop()
    assert not (paths.saves_dir() / "Throw away.json").exists()
    assert (paths.saves_dir() / "Keep me.json").exists() and broken.exists()

    menu_game.resume(paths.saves_dir() / "Keep me.json")
    assert isinstance(menu_game.app.stack.top, TableScene)
    assert menu_game.session is not None
    assert menu_game.session.state.key() == expected
