"""The window and the player's files: a file the game cannot read is kept and the player
is told where; a second window on the same files does not autosave and says so; a game
too long to save, or a save name that cannot be, is explained."""

from __future__ import annotations

import json
import random

import pytest

from splendor import i18n
from splendor.i18n import LANGUAGES, tr
from splendor.storage import paths
from splendor.storage.instance import claim_folders
from splendor.storage.saves import SAVE_VERSION
from splendor.ui.app import App
from splendor.ui.file_notes import problem_text
from splendor.ui.main import Game, open_menu, startup_settings
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.statistics import StatisticsScene
from splendor.ui.scenes.table import TableScene
from tests.helpers import ended_session, play_turns
from tests.storage.test_files_instance import start_holder
from tests.storage.test_statistics import finished_game
from tests.ui.test_autosave import OPTIONS


def _session(game: Game):  # type: ignore[no-untyped-def]
    assert game.session is not None
    return game.session

NEWER = json.dumps({"format": "splendor-save", "version": SAVE_VERSION + 1, "seats": [],
                    "record": {}})
TRUNCATED = '{"format": "splendor-save", "version": 1, "saved_at": "2026-11-2'


def messages(game: Game) -> list[str]:
    return [s.message for s in game.app.stack.scenes if isinstance(s, MessageScene)]


def holders(content: bytes) -> list[str]:
    """The files in the saves folder that hold exactly `content`."""
    return [p.name for p in paths.saves_dir().iterdir() if p.read_bytes() == content]


@pytest.mark.parametrize("content", [NEWER, TRUNCATED])
def test_an_autosave_this_version_cannot_read_survives_a_new_game(content: str) -> None:
    paths.saves_dir().mkdir(parents=True)
    paths.autosave_path().write_text(content)
    game = Game(App((1280, 720)))
    game.app.stack.push(game.menu_scene())
    game.continue_game()  # "cannot be resumed", and no backup to offer
    assert isinstance(game.app.stack.top, MessageScene)
    game.app.stack.pop()
    game.start(OPTIONS)
    play_turns(_session(game), 2, random.Random(2))
    assert paths.autosave_path().read_text() != content, "the new game is autosaved"
    kept = holders(content.encode())
    assert len(kept) == 1 and kept[0] != "autosave.json", "the old autosave is kept"
    reason = "newer" if content == NEWER else "unreadable"
    assert kept[0].startswith(f"autosave.{reason}-")
    told = [m for m in messages(game) if kept[0] in m]
    assert told and str(paths.saves_dir()) in told[0], "the player is told where"


def test_continue_still_offers_the_backup_and_then_keeps_the_damaged_autosave() -> None:
    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    play_turns(_session(game), 4, random.Random(4))
    paths.autosave_path().write_bytes(b"\x00garbage")
    other = Game(App((1280, 720)))
    other.continue_game()
    top = other.app.stack.top
    assert top is not None and type(top).__name__ == "ConfirmScene"
    top.on_yes()  # type: ignore[attr-defined]
    assert isinstance(other.app.stack.scenes[0], TableScene)
    kept = holders(b"\x00garbage")
    assert len(kept) == 1 and kept[0].startswith("autosave.unreadable-")
    assert any(kept[0] in m for m in messages(other))


def test_unreadable_settings_at_start_are_kept_and_the_message_says_where() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"version": 1, "volume": ')
    loaded = startup_settings()
    game = Game(App((1280, 720)), loaded=loaded)
    open_menu(game, claim_folders())
    kept = [p for p in path.parent.iterdir() if p.name.startswith("settings.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == b'{"version": 1, "volume": '
    assert any(kept[0].name in m and str(path.parent) in m for m in messages(game))


def test_newer_statistics_are_not_counted_nor_written_over_and_the_player_is_told() -> None:
    path = paths.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    content = b'{"version": 2, "tables": {"hard/2": [50, 20]}}'
    path.write_bytes(content)
    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    told = []
    for seed in (5, 6):
        game.finish(ended_session(finished_game(seed, ["human", "hard"]), ["human", "hard"]))
        results = next(s for s in game.app.stack.scenes if isinstance(s, ResultsScene))
        assert results.record_text is not None and "not counted" in results.record_text
        told.append([m for m in messages(game) if "newer version" in m])
    assert path.read_bytes() == content
    assert len(told[0]) == 1 and str(path.parent) in told[0][0], "told where it is"
    assert told[1] == [], "once a session, not after every game"
    game.open_statistics()
    screen = game.app.stack.top
    assert isinstance(screen, StatisticsScene) and screen.problem is not None
    assert "newer version" in problem_text(screen.problem)
    game.app.render()


# --- a second window ----------------------------------------------------------------------


def test_a_second_window_takes_no_autosave_and_says_so() -> None:
    child = start_holder()  # the first window, in its own process
    try:
        lock = claim_folders()
        assert not lock.owner
        game = Game(App((1280, 720)), loaded=startup_settings(owner=False), owner=False)
        open_menu(game, lock)
        assert any(str(lock.folder) in m and "does not autosave" in m
                   for m in messages(game))
        game.app.stack.replace(game.menu_scene())
        game.start(OPTIONS)
        play_turns(_session(game), 4, random.Random(4))
        game.autosave()  # what closing the window mid-game does
        assert not paths.autosave_path().exists()
        assert not paths.autosave_backup_path().exists()
        table = game.app.stack.top
        assert isinstance(table, TableScene)
        assert table.ui.notice == tr("files.second_window.notice")
        game.save_settings()
        assert not paths.settings_path().exists(), "the settings are the first window's"
        game.finish(ended_session(finished_game(5, ["human", "hard"]), ["human", "hard"]))
        assert not paths.stats_path().exists()
        lock.release()
    finally:
        child.kill()
        child.wait()


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_second_window_message_is_in_every_language(code: str) -> None:
    i18n.set_language(code)
    text = tr("files.second_window.text", folder="/home/ada/.local/share/splendor")
    assert "/home/ada/.local/share/splendor" in text
    assert not i18n.fallbacks() or all(k[1] != "files.second_window.text"
                                       for k in i18n.fallbacks())
    if code != "en":
        assert text != i18n.translate("en", "files.second_window.text",
                                      folder="/home/ada/.local/share/splendor")


# --- games too long to save, names that cannot be -----------------------------------------


def test_a_game_too_long_to_autosave_says_so_and_keeps_the_last_autosave(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import splendor.storage.saves as saves

    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    play_turns(_session(game), 2, random.Random(2))
    assert game.session is not None
    monkeypatch.setattr(saves, "MAX_SAVE_ACTIONS", len(game.session.state.history))
    before = paths.autosave_path().read_bytes()
    play_turns(_session(game), 1, random.Random(1))
    table = game.app.stack.top
    assert isinstance(table, TableScene)
    assert "too long to be autosaved" in table.ui.notice
    assert str(len(game.session.state.history)) in table.ui.notice
    assert paths.autosave_path().read_bytes() == before
    assert "too long to be saved" in (game.save_as("Long one") or "")


@pytest.mark.parametrize("code", LANGUAGES)
def test_autosave_as_a_save_name_is_refused_for_the_right_reason(code: str) -> None:
    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    i18n.set_language(code)
    for name in ("autosave", " AutoSave ", "autosave."):
        answer = game.save_as(name)
        assert answer == tr("files.save_name.reserved", name=name.strip())
        assert answer != tr("saves.save_as.bad_name")
    assert not list(paths.saves_dir().glob("*.json")) or \
        {p.name for p in paths.saves_dir().glob("*.json")} <= {"autosave.json"}


@pytest.mark.parametrize("name", ["CON", "con", "Prn", "aux", "NUL", "nul.txt", "COM1",
                                  "com9", "LPT1", "lpt9.tar.gz", "CON ", "Com¹", "AUX."])
def test_windows_device_names_are_refused_everywhere(name: str) -> None:
    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    assert game.save_as(name) == tr("files.save_name.device", name=name.strip())
    assert {p.name for p in paths.saves_dir().glob("*.json")} <= {"autosave.json"}


@pytest.mark.parametrize("name", ["CONSOLE", "COM10", "LPT0", "Con game", "nullish", "auxiliary"])
def test_names_that_only_look_like_devices_are_fine(name: str) -> None:
    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    assert game.save_as(name) is None
    assert (paths.saves_dir() / f"{name}.json").exists()
