"""The screens with files a player or another program changed: names no font draws, a
save whose file name is not UTF-8, seat kinds this version does not know or does not
list, damaged bot random states, very long names, a window no screen has."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from splendor import i18n
from splendor.engine import new_game
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES, tr, translate
from splendor.storage import paths
from splendor.storage.saves import save_document
from splendor.storage.untrusted import MAX_NAME_CHARS, MAX_WINDOW, SAVE_PROBLEMS
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.load_game import LoadGameScene, describe, problem_reason
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.table import TableScene

DATA = base_game()


def write_save(names: list[str], kinds: list[str], bots: dict[int, Any] | None = None,
               file: str = "autosave.json", module: str | None = None) -> Path:
    """A valid save of a game a few turns in, with these seats and bot states."""
    state = new_game(DATA, len(names), 21, tuple(names), 0, module)
    rng = random.Random(4)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    seats = [{"kind": k, "name": n} for k, n in zip(kinds, names, strict=True)]
    path = paths.saves_dir() / file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(save_document(state, seats, bots)))
    return path


def write_settings(**entries: Any) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, **entries}))


def new_window_game() -> Game:
    game = Game(App((1280, 720)))
    game.app.stack.push(game.menu_scene())
    game.app.render()
    return game


def load_screen(game: Game) -> LoadGameScene:
    game.open_load()
    screen = game.app.stack.top
    assert isinstance(screen, LoadGameScene)
    game.app.render()
    return screen


def loadable(screen: LoadGameScene) -> set[Path]:
    """The saves a click on their row loads."""
    return {action.args[0] for _, action in screen.spots  # type: ignore[attr-defined]
            if getattr(action, "func", None) == screen.on_load}


@pytest.mark.parametrize("name", ["Ada\x00", "A\ud800da", "Tab\there", "\x1b[31mRed"])
def test_a_name_no_font_draws_lists_continues_and_plays(name: str) -> None:
    path = write_save([name, "Medium bot"], ["human", "medium"])
    game = new_window_game()
    screen = load_screen(game)
    assert loadable(screen) == {path}
    game.continue_game()
    game.app.render()
    assert isinstance(game.app.stack.top, TableScene)
    assert game.session is not None
    shown = game.session.state.setup.names[0]
    assert "\x00" not in shown and shown.isprintable()


def test_a_save_whose_file_name_is_not_utf8_lists_and_loads() -> None:
    good = write_save(["Ada", "Medium bot"], ["human", "medium"], file="plain.json")
    odd = os.fsencode(paths.saves_dir()) + b"/partie-\xe9t\xe9.json"
    os.rename(os.fsencode(good), odd)
    game = new_window_game()
    screen = load_screen(game)
    [path] = loadable(screen)
    assert os.fsencode(path) == odd
    assert describe(screen.saves[0])[0].startswith("partie-\ufffdt\ufffd")
    game.resume(path)
    assert isinstance(game.app.stack.top, TableScene)


@pytest.mark.parametrize("kind", ["bogus", "HUMAN", ""])
def test_an_unknown_seat_kind_is_listed_with_its_reason_and_continue_says_why(
        kind: str) -> None:
    path = write_save(["Ada", "Bob"], ["human", kind])
    before = path.read_bytes()
    game = new_window_game()
    screen = load_screen(game)
    assert not loadable(screen), "listed, but not as loadable"
    assert describe(screen.saves[0])[1] == tr("checks.save_problem.unknown_seat")
    game.app.stack.pop()
    game.continue_game()
    game.app.render()
    message = game.app.stack.top
    assert isinstance(message, MessageScene)
    assert tr("checks.save_problem.unknown_seat") in message.message
    assert path.read_bytes() == before


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_unknown_module_is_named_on_the_load_screen_and_when_continuing(code: str) -> None:
    path = write_save(["Ada", "Bob"], ["human", "hard"], module="orient")
    doc = json.loads(path.read_text())
    doc["record"]["setup"]["module"] = "castles"
    path.write_text(json.dumps(doc))
    before = path.read_bytes()
    i18n.set_language(code)
    game = new_window_game()
    screen = load_screen(game)
    assert not loadable(screen), "listed, but not as loadable"
    reason = translate(code, "checks.save_problem.unknown_module", module="castles")
    assert "castles" in reason
    assert describe(screen.saves[0])[1] == reason
    assert reason != translate(code, "saves.problem.illegal")
    with textfit.audit() as misfits:
        game.app.render()
    assert not misfits, [(m.text, m.problem) for m in misfits]
    game.app.stack.pop()
    game.continue_game()
    game.app.render()
    message = game.app.stack.top
    assert isinstance(message, MessageScene)
    assert reason in message.message
    assert path.read_bytes() == before


@pytest.mark.parametrize("kind", ["bogus", "HUMAN", ""])
def test_an_unknown_seat_kind_in_the_settings_starts_with_the_default_seats(
        kind: str) -> None:
    write_settings(default_seats=[{"kind": "human", "name": "Ada"},
                                  {"kind": kind, "name": "Bob"}], volume=0.2)
    game = new_window_game()
    assert game.settings.volume == 0.2
    game.open_new_game()
    game.app.render()
    screen = game.app.stack.top
    assert isinstance(screen, NewGameScene)
    assert screen.try_start()
    assert isinstance(game.app.stack.top, TableScene)


def test_a_name_with_nul_in_the_settings_opens_new_game_and_starts() -> None:
    write_settings(default_seats=[{"kind": "human", "name": "A\x00da"},
                                  {"kind": "medium", "name": "B\ud800b"}])
    game = new_window_game()
    game.open_new_game()
    game.app.render()
    screen = game.app.stack.top
    assert isinstance(screen, NewGameScene)
    assert screen.try_start()
    game.app.render()
    assert isinstance(game.app.stack.top, TableScene)


@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_a_bot_off_the_ladder_is_shown_on_new_game_and_kept(kind: str) -> None:
    write_settings(default_seats=[{"kind": "human", "name": "Ada"},
                                  {"kind": kind, "name": "Off ladder"}])
    for _ in range(2):  # the seats are written back: the next start must open too
        game = new_window_game()
        game.open_new_game()
        game.app.render()
        screen = game.app.stack.top
        assert isinstance(screen, NewGameScene)
        row = screen.rows[1]
        assert row.choice.value == tr(f"bots.level.{kind}.name")
        assert tr(f"bots.level.{kind}.about") in screen.level_note()
        assert screen.try_start()
        assert game.session is not None
        assert game.session.options.seats[1].kind == kind
        game.to_menu()
    # The selector goes from the bot to the others and back to it.
    game.open_new_game()
    screen = game.app.stack.top
    assert isinstance(screen, NewGameScene)
    row = screen.rows[1]
    seen = []
    for _ in range(len(row.choice.options)):
        row.choice.step(1)
        seen.append(row.kind)
    assert seen[-1] == kind and len(set(seen)) == len(seen) and "medium" in seen


def _mt_state(words: list[int], position: int = 624) -> list[Any]:
    return [3, [*words, position], None]


def test_a_very_long_name_is_cut_on_continue() -> None:
    write_save(["A" * 100_000, "B" * 1_000], ["human", "hard"])
    game = new_window_game()
    screen = load_screen(game)
    assert all(len(p) == MAX_NAME_CHARS for p in screen.saves[0].players)
    game.continue_game()
    game.app.render()
    assert game.session is not None
    assert [len(s.name) for s in game.session.options.seats] == [MAX_NAME_CHARS] * 2


def test_a_window_no_screen_has_opens_at_the_largest_size_size_accepts() -> None:
    write_settings(window=[100_000, 100_000])
    game = Game(App((1280, 720)))
    assert game.settings.window == MAX_WINDOW
    app = game.app
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=50_000, h=300, size=(50_000, 300)))
    assert app.windowed_size == (MAX_WINDOW[0], 600)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720)))
    game.save_settings()
    assert json.loads(paths.settings_path().read_text())["window"] == [1280, 720]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("code", LANGUAGES)
def test_off_ladder_seats_fit_the_new_game_screen_in_every_language(
        code: str, size: tuple[int, int]) -> None:
    i18n.set_language(code)
    app = App(size)
    options = GameOptions((SeatOption("random", "Random bot"),
                           SeatOption("greedy", "Greedy bot")))
    screen = NewGameScene(on_start=lambda options: None, defaults=options)
    app.stack.push(screen)
    with textfit.audit() as misfits:
        app.render()
        screen.set_kind(0, "human")  # the note now tells how the greedy bot plays
        app.render()
    assert [s.kind for s in screen.options().seats] == ["human", "greedy"]
    assert translate(code, "bots.level.greedy.about") in screen.level_note()
    assert not misfits, [(m.text, m.problem) for m in misfits]


def test_every_reason_the_checks_give_has_a_sentence() -> None:
    for kind in SAVE_PROBLEMS:
        # The placeholders the checks fill (`SaveError.params`).
        assert problem_reason(kind, {"module": "castles"}).strip()
