"""The Load screen names the Cities of Splendor module of each save, in the player's
language (the module its record holds, which is what loads); a base game's save names
none. A module save loads from the screen into a game of that module."""

from __future__ import annotations

import json

import pygame
import pytest

from splendor.engine import new_game
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES, set_language, translate
from splendor.storage.saves import list_saves, save_document, save_path_for, write_save
from splendor.ui import textfit, theme
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.load_game import LoadGameScene, describe
from splendor.ui.scenes.table import TableScene
from tests.ui.drawn import spy_texts

DATA = base_game()
SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Hal"}]


def _save(name: str, module: str | None) -> None:
    state = new_game(DATA, 2, 9, first_player=0, module=module)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    write_save(save_path_for(name), save_document(state, SEATS, name=name))


def _infos() -> dict[str, object]:
    return {info.name: info for info in list_saves()}


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_save_names_its_module_in_the_players_language(code: str) -> None:
    for module in module_ids():
        _save(f"Game {module}", module)
    _save("Base game", None)
    infos = _infos()
    set_language(code)
    try:
        for module in module_ids():
            info = infos[f"Game {module}"]
            assert info.module == module  # type: ignore[attr-defined]
            second = describe(info)[1]  # type: ignore[arg-type]
            name = translate(code, f"modules.{module.replace('-', '_')}.name")
            assert second.endswith(name), second
        base = describe(infos["Base game"])[1]  # type: ignore[arg-type]
        assert not any(translate(code, f"modules.{m.replace('-', '_')}.name") in base
                       for m in module_ids())
    finally:
        set_language("en")
    info = infos["Game orient"]
    assert describe(info)[1] == "round 4  ·  Ada 0, Hal 0  ·  The Orient"  # type: ignore[arg-type]


def test_a_save_whose_module_field_disagrees_with_its_record_lists_what_it_loads() -> None:
    _save("Odd", "orient")
    path = save_path_for("Odd")
    doc = json.loads(path.read_text())
    doc["module"] = "atlantis"
    path.write_text(json.dumps(doc))
    info = _infos()["Odd"]
    assert info.module == "orient"  # type: ignore[attr-defined]
    assert "atlantis" not in describe(info)[1]  # type: ignore[arg-type]
    assert describe(info)[1].endswith("The Orient")  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
def test_the_screen_shows_the_module_and_loads_the_game(size: tuple[int, int],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    _save("Orient evening", "orient")
    app = App(size)
    game = Game(app)
    app.stack.push(game.menu_scene())
    game.open_load()
    screen = app.stack.top
    assert isinstance(screen, LoadGameScene)
    render = theme.text
    seen = spy_texts(monkeypatch)
    for code in LANGUAGES:
        game.change_language(code)  # as the settings do: every screen laid out again
        seen.clear()
        with textfit.audit() as misfits:
            app.render()
        assert not misfits, (code, misfits)
        name = translate(code, "modules.orient.name")
        assert any(name in text for text in seen), (code, seen)
    game.change_language("en")
    monkeypatch.setattr(theme, "text", render)
    # A click on the row resumes the game, in its module.
    app.render()
    row = next(rect for rect, action in screen.spots
               if getattr(action, "func", None) == screen.on_load)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=(row.x + 20, row.centery), button=1))
        app.step(0.05)
    assert isinstance(app.stack.top, TableScene)
    assert game.session is not None and game.session.state.setup.module == "orient"
    game.close()
