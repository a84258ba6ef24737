"""The new-game screen lays itself out on entering, on a resize, on a change of language
(the game resizes every scene) and when a seat is added or removed, never while drawing:
a draw at another size, a language changed behind its back and frames leave every widget
where it was (it laid itself out on every draw); after a resize and a change of language
its buttons answer a click where they are drawn. Driven by posted events."""

from __future__ import annotations

import pygame
import pytest

from splendor import i18n
from splendor.engine.modules import module_ids
from splendor.i18n import tr
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.new_game import NewGameScene
from tests.ui.layout_spy import count_layouts
from tests.ui.test_overlay_layout import _untouched_by_drawing
from tests.ui.test_pause_save_layout import _click, _resize


def _placed(scene: NewGameScene) -> tuple[object, ...]:
    """Every widget's place and words, and the panel's."""
    return (tuple(scene._panel),
            tuple((type(w).__name__, tuple(w.rect), getattr(w, "label", None),
                   getattr(w, "text", None)) for w in scene.form.widgets))


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=["1024x600", "1920x1080"])
def test_the_new_game_screen_lays_out_on_change_never_while_drawing(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    layouts = count_layouts(monkeypatch, NewGameScene)
    game = Game(App((1280, 720)))
    game.settings.lessons_offered = list(module_ids())  # no lesson offered on the way
    app = game.app
    app.stack.push(game.menu_scene())
    game.open_new_game()
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    assert layouts == [(1280, 720)]
    english = _placed(scene)
    _untouched_by_drawing(app, layouts, scene, lambda: _placed(scene))
    i18n.set_language("fr")  # behind its back: its words stay as laid out
    app.render()
    i18n.set_language("en")
    assert layouts == [(1280, 720)] and _placed(scene) == english
    _resize(app, size)
    game.change_language("fr")
    assert layouts == [(1280, 720), size, size]
    assert scene.start.label == tr("new_game.start") != "Start"
    seats = len(scene.rows)
    _click(app, scene.add.rect.center)  # a seat added: laid out once
    assert len(scene.rows) == seats + 1 and len(layouts) == 4
    app.render()
    app.step(0.05)
    assert len(layouts) == 4
    _click(app, scene.rows[-1].remove.rect.center)
    assert len(scene.rows) == seats and len(layouts) == 5
    started: list[object] = []
    scene.on_start = started.append
    _click(app, scene.start.rect.center)
    assert started, "Start answers where it is drawn"
    pygame.event.clear()
