"""The name offered in Save game is one the name rules keep as it is, in every language,
so the field, the file and the Load list show the same name; once saved, the box says so
long enough to read it (until the next key or click, or SAVED_SECONDS)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from splendor.i18n import LANGUAGES, set_language, tr
from splendor.storage import paths
from splendor.storage.saves import SAVE_NAME_LENGTH, list_saves, save_path_for
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.load_game import LoadGameScene, describe
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.save_as import SAVED_SECONDS, SaveAsScene, default_save_name
from tests.helpers import play_turns
from tests.ui.drawn import drawn_texts
from tests.ui.test_competitive_setup import click, key

SEATS = ("Nina", "Omar", "Medium bot")


def unchanged_by_the_name_rules(name: str) -> bool:
    return save_path_for(name).stem == name


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_offered_name_passes_the_name_rules_unchanged(code: str) -> None:
    set_language(code)
    # The catalog's own pattern, as a translator wrote it.
    versus = tr("saves.save_as.versus")
    raw = tr("saves.save_as.default_name", players=versus.join(SEATS), round=3)
    assert unchanged_by_the_name_rules(raw), raw
    assert default_save_name(SEATS, 3) == raw
    # Names with characters a file name drops, and four long names that must be cut.
    for seats, round_ in ((("O'Brien", "Zoë", "👩‍💻 Dev", "Ana, Bia"), 7),
                          (("x" * 16, "Jean-Éloïse 16ch", "Medium bot 2222", "Hard bot 33333"),
                           12)):
        name = default_save_name(seats, round_)
        assert unchanged_by_the_name_rules(name), name
        assert len(name) <= SAVE_NAME_LENGTH and name.endswith(str(round_)), name
        assert "  " not in name, name


def paused_game(size: tuple[int, int] = (1280, 720)) -> tuple[Game, PauseScene]:
    game = Game(App(size))
    game.start(GameOptions(tuple(SeatOption(kind, name) for kind, name in
                                 zip(("human", "easy", "medium"), SEATS, strict=True)),
                           first_player=0, seed=31))
    assert game.session is not None
    play_turns(game.session, 7, random.Random(3))
    game.app.render()
    game.pause()
    pause = game.app.stack.top
    assert isinstance(pause, PauseScene)
    game.app.render()
    return game, pause


def save_with_the_offered_name(game: Game) -> SaveAsScene:
    game.open_save_as()
    dialog = game.app.stack.top
    assert isinstance(dialog, SaveAsScene)
    game.app.render()
    key(game.app, pygame.K_RETURN)
    return dialog


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_load_list_shows_exactly_the_name_saved(code: str) -> None:
    set_language(code)
    game, _ = paused_game()
    dialog = save_with_the_offered_name(game)
    offered = dialog.field.text
    assert dialog.saved_name == offered
    automatic = {paths.autosave_path(), paths.autosave_backup_path()}
    [saved] = [info for info in list_saves() if info.path not in automatic]
    assert saved.path == save_path_for(offered) and saved.path.stem == offered
    assert saved.name == offered
    key(game.app, pygame.K_ESCAPE)  # closes the confirmation
    game.open_load()
    screen = game.app.stack.top
    assert isinstance(screen, LoadGameScene)
    rows = [describe(info)[0] for info in screen.saves]
    assert any(row.startswith(offered) for row in rows), rows
    game.close()


def test_the_confirmation_stays_long_enough_to_read(monkeypatch: pytest.MonkeyPatch) -> None:
    game, pause = paused_game()
    dialog = save_with_the_offered_name(game)
    said = tr("saves.save_as.saved", name=dialog.field.text)
    assert dialog.confirmation == said
    shown = 0.0
    for moment in (0.8, 2.0):
        while shown < moment - 1e-9:  # frames of a sixtieth of a second, as the window runs
            game.app.step(1 / 60)
            shown += 1 / 60
        assert game.app.stack.top is dialog, f"gone after {moment} s"
        assert said in " ".join(drawn_texts(monkeypatch, game.app)), moment
    while shown < SAVED_SECONDS + 0.1:
        game.app.step(1 / 60)
        shown += 1 / 60
    assert game.app.stack.top is pause, "it goes by itself"
    game.close()


def test_a_click_closes_the_confirmation_without_reaching_the_menu() -> None:
    game, pause = paused_game()
    dialog = save_with_the_offered_name(game)
    game.app.step(0.1)
    assert game.app.stack.top is dialog
    resume = next(rect for rect, action in pause._spots if action == pause.resume_game)
    click(game.app, resume.center)  # over the menu's Resume, beneath the box
    assert game.app.stack.top is pause, "closed, and the menu did not resume the game"
    game.close()


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=["1024x600", "1920x1080"])
def test_the_confirmation_fits_in_every_language(size: tuple[int, int], tmp_path: Path) -> None:
    from splendor.ui import textfit

    for code in LANGUAGES:
        set_language(code)
        game, _ = paused_game(size)
        dialog = save_with_the_offered_name(game)
        # The longest name a save can have, of wide letters (in words, as offered).
        dialog.saved_name = " ".join(["W" * 14] * 4)[:SAVE_NAME_LENGTH]
        with textfit.audit() as misfits:
            game.app.render()
        assert not misfits, (code, [(m.text, m.problem) for m in misfits])
        game.close()
