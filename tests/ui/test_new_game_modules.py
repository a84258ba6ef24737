"""The Cities of Splendor module on the New game screen, by posted events: a choice of
none or one of the four modules with one line saying what it changes, a game of the
module started, and the choice remembered with the last seats."""

from __future__ import annotations

import json

import pygame
import pytest

from splendor.engine.modules import module_ids
from splendor.i18n import LANGUAGES, set_language, tr
from splendor.storage import paths
from splendor.storage.settings import load_settings
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.new_game import MODULE_CHOICES, NewGameScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.wording import module_about, module_name
from tests.ui.drawn import drawn_texts

DT = 0.05


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.step(DT)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(DT)


def open_new_game(game: Game) -> NewGameScene:
    # Each module's lesson was offered already (tests/ui/test_tutorial.py): no dialog.
    game.settings.lessons_offered = list(module_ids())
    game.app.stack.push(game.menu_scene())
    game.open_new_game()
    scene = game.app.stack.top
    assert isinstance(scene, NewGameScene)
    game.app.render()
    return scene


def next_module(app: App, scene: NewGameScene) -> None:
    """A click on the right arrow of the module choice."""
    rect = scene.module.rect
    click(app, (rect.right - 4, rect.centery))


def test_each_choice_says_what_it_changes_and_starts_a_game_of_that_module(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(App((1280, 720)))
    scene = open_new_game(game)
    assert scene.chosen_module is None and scene.options().module is None
    texts = " ".join(drawn_texts(monkeypatch, game.app))
    assert "Module" in texts and "None" in texts and "The base game alone." in texts
    for module in module_ids():
        next_module(game.app, scene)
        assert scene.chosen_module == module
        texts = " ".join(drawn_texts(monkeypatch, game.app))
        assert module_name(module) in texts
        # The line may wrap: its words are drawn, one line after the other.
        assert all(word in texts for word in module_about(module).split())
    next_module(game.app, scene)
    assert scene.chosen_module is None, "the choice wraps around to none"
    for _ in range(3):
        next_module(game.app, scene)
    assert scene.options().module == "orient"
    click(game.app, scene.start.rect.center)
    session = game.session
    assert session is not None and session.options.module == "orient"
    assert session.state.setup.module == "orient"
    assert session.view().module == "orient"
    assert isinstance(game.app.stack.top, TableScene)
    game.close()


def test_the_choice_answers_the_keyboard(app: App) -> None:
    started: list[object] = []
    scene = NewGameScene(started.append)
    app.stack.push(scene)
    click(app, (3, 3))
    while scene.form.focus is not scene.module:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.chosen_module == "trading-posts"
    key(app, pygame.K_LEFT)
    assert scene.chosen_module == "cities"
    key(app, pygame.K_RETURN)
    assert started and started[0].module == "cities"  # type: ignore[attr-defined]


def test_the_module_is_remembered_with_the_last_seats() -> None:
    game = Game(App((1280, 720)))
    scene = open_new_game(game)
    for _ in range(4):
        next_module(game.app, scene)
    assert scene.chosen_module == "strongholds"
    click(game.app, scene.start.rect.center)
    game.close()
    assert json.loads(paths.settings_path().read_text())["module"] == "strongholds"
    again = Game(App((1280, 720)))
    scene = open_new_game(again)
    assert scene.chosen_module == "strongholds", "the next New game offers it again"
    # Back to none for a game: none the next time.
    next_module(again.app, scene)
    assert scene.chosen_module is None
    click(again.app, scene.start.rect.center)
    assert again.session is not None and again.session.state.setup.module is None
    # Within the same window, Play again and New game keep it too.
    again.open_new_game()
    top = again.app.stack.top
    assert isinstance(top, NewGameScene) and top.chosen_module is None
    again.close()
    assert load_settings()[0].module is None


def test_a_default_of_an_unknown_module_offers_the_base_game() -> None:
    from dataclasses import replace

    from splendor.ui.options import default_options

    scene = NewGameScene(lambda options: None,
                         defaults=replace(default_options(), module="atlantis"))
    assert scene.chosen_module is None


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_module_choice_fits_in_every_language(code: str, size: tuple[int, int]) -> None:
    from dataclasses import replace

    from splendor.ui.options import default_options

    app = App(size)
    try:
        set_language(code)
        for module in MODULE_CHOICES:
            # Four seats: the panel at its fullest.
            options = default_options()
            seats = options.seats + options.seats[1:] * 2
            scene = NewGameScene(lambda options: None,
                                 defaults=replace(options, seats=seats, module=module))
            app.stack.push(scene)
            scene.form.set_focus(scene.module, visible=True)
            with textfit.audit() as misfits:
                app.render()
            assert not misfits, f"{code} {module} at {size}: {misfits}"
            assert tr("new_game.module") and module_about(module)
            # The choice and its line stay inside the panel and apart.
            assert scene.module.rect.right < scene._module_about.x
            assert scene._panel.contains(scene._module_about)
            assert scene._panel.contains(scene.module.rect)
            app.stack.pop()
    finally:
        set_language("en")
        app.close()
