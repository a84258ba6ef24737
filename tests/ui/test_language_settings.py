"""The language setting: picked on the settings screen, shown at once, saved; the first
start follows the system's language; an unknown code in the file means English."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from splendor import i18n
from splendor.storage import paths
from splendor.storage.saves import SaveInfo
from splendor.storage.settings import Settings, load_settings, save_settings
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.file_notes import problem_text
from splendor.ui.main import Game, startup_settings
from splendor.ui.scenes.load_game import describe
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.settings import SettingsScene
from splendor.ui.widgets import draw_flat_button
from tests.ui.drawn import drawn_texts

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def marked_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """A French catalog whose every text is the English one marked 'FR ': the tests see
    which language was drawn, whatever the state of the real translations."""
    english = i18n.load_catalog("en")

    def mark(text: str) -> str:
        return f"FR {text}"

    french = {key: ({form: mark(t) for form, t in entry.items()} if isinstance(entry, dict)
                    else mark(entry)) for key, entry in english.items()}
    french["common.language.name"] = "Français"

    def load(code: str) -> dict[str, i18n.Entry]:
        return french if code == "fr" else english

    monkeypatch.setattr(i18n, "load_catalog", load)
    monkeypatch.setattr(i18n, "_fallbacks", set())


def system_locale(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)


def language_button(screen: SettingsScene, code: str) -> pygame.Rect:
    return next(rect for rect, action in screen.spots
                if getattr(action, "func", None) == screen.panel.pick_language
                and action.args == (code,))  # type: ignore[attr-defined]


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.dispatch(pygame.event.Event(kind, pos=pos, button=1))


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr_FR.UTF-8", "fr"), ("de_DE", "en"), ("pt_BR.UTF-8", "pt"), ("es_ES", "es"),
    ("C", "en"),
])
def test_the_first_start_speaks_the_system_language_and_saves_it(
        monkeypatch: pytest.MonkeyPatch, lang: str, expected: str) -> None:
    system_locale(monkeypatch, lang)
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    assert not paths.settings_path().exists()
    settings, problem = startup_settings()
    assert problem is None
    assert settings.language == expected
    assert i18n.language() == expected
    saved = json.loads(paths.settings_path().read_text(encoding="utf-8"))
    assert saved["language"] == expected, "the first choice is saved at once"


def test_later_starts_keep_the_saved_language_whatever_the_system_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(Settings(language="es"))
    system_locale(monkeypatch, "fr_FR.UTF-8")
    settings, _ = startup_settings()
    assert settings.language == "es" and i18n.language() == "es"


def test_an_unknown_language_in_the_file_means_english_and_keeps_the_rest() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1, "language": "tlh", "volume": 0.3}', encoding="utf-8")
    settings, problem = load_settings()
    assert problem is None, "not a reason to reset every setting"
    assert settings.language == "en" and settings.volume == 0.3
    assert [p.name for p in path.parent.iterdir() if p.name.startswith("settings")] == [
        "settings.json"], "nothing kept aside"


def test_the_settings_screen_switches_the_language_at_once_and_remembers_it(
        monkeypatch: pytest.MonkeyPatch, marked_french: None) -> None:
    game = Game(App((1280, 720)))
    game.app.stack.push(game.menu_scene())
    game.open_settings()
    screen = game.app.stack.top
    assert isinstance(screen, SettingsScene)
    english = drawn_texts(monkeypatch, game.app)
    before = pygame.image.tobytes(game.app.screen, "RGB")
    assert "Settings" in english and "Language" in english
    # Each language is offered under its own name, whatever the language in use.
    assert {"English", "Français"} <= set(english)

    click(game.app, language_button(screen, "fr").center)
    assert i18n.language() == "fr"
    french = drawn_texts(monkeypatch, game.app)
    assert "FR Settings" in french and "Settings" not in french
    assert "FR Highlight affordable cards" in french
    assert "English" in french, "a language's name never changes"
    assert pygame.image.tobytes(game.app.screen, "RGB") != before

    assert json.loads(paths.settings_path().read_text(encoding="utf-8"))["language"] == "fr"
    # Back on the menu, then the next start: still French.
    game.app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    game.app.render()
    menu = game.app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.buttons["new_game"].label == "FR New game", "the menu beneath follows"
    i18n.set_language("en")
    settings, _ = startup_settings()
    assert settings.language == "fr" and i18n.language() == "fr"


def test_picking_the_language_in_use_changes_nothing(marked_french: None) -> None:
    game = Game(App((1280, 720)))
    game.app.stack.push(game.menu_scene())
    game.open_settings()
    game.app.render()
    screen = game.app.stack.top
    assert isinstance(screen, SettingsScene)
    click(game.app, language_button(screen, "en").center)
    assert i18n.language() == "en"
    assert not paths.settings_path().exists(), "nothing changed, nothing written"


def test_the_pause_menu_has_no_language_buttons() -> None:
    from splendor.ui.options import GameOptions, SeatOption

    game = Game(App((1280, 720)))
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Easy bot")),
                           first_player=0, seed=1))
    game.pause()
    pause = game.app.stack.top
    assert isinstance(pause, PauseScene) and pause.panel is not None
    assert pause.panel.on_language is None


def test_an_open_dialog_follows_the_language(monkeypatch: pytest.MonkeyPatch,
                                             marked_french: None) -> None:
    app = App((1280, 720))
    app.stack.push(MessageScene(lambda: i18n.tr("dialog.cannot_load.title"),
                                lambda: i18n.tr("dialog.cannot_load.text", detail="x.json",
                                                reason=i18n.tr("saves.problem.damaged"))))
    assert "Cannot load the game" in drawn_texts(monkeypatch, app)
    i18n.set_language("fr")
    assert "FR Cannot load the game" in drawn_texts(monkeypatch, app)


def test_a_reset_settings_file_is_explained_in_the_language_in_use(
        marked_french: None) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")
    _, problem = load_settings()
    assert problem is not None and problem.kept is not None
    i18n.set_language("fr")
    text = problem_text(problem)
    assert text.startswith("FR ") and problem.kept.name in text and problem.detail in text


def test_save_dates_are_numbers_in_local_time() -> None:
    info = SaveInfo(Path("Evening.json"), "Evening", "2024-05-01T18:04:00", ("Ada", "Bob"),
                    7, (12, 9))
    first, second = describe(info)
    assert first == "Evening  ·  2024-05-01 18:04"
    assert second == "round 7  ·  Ada 12, Bob 9"
    aware = datetime(2024, 12, 31, 23, 30).astimezone()
    info = SaveInfo(Path("a.json"), "autosave", aware.isoformat(), (), 1, (), over=True)
    assert describe(info) == ("Autosave  ·  2024-12-31 23:30", "finished")


def test_a_flat_button_shrinks_its_label_and_reports_a_cut() -> None:
    pygame.init()
    surface = pygame.Surface((600, 100))
    with textfit.audit() as misfits:
        draw_flat_button(surface, pygame.Rect(10, 10, 300, 40), "Plein écran : désactivé (F11)",
                         lambda v: round(v))
    assert not misfits
    with textfit.audit() as misfits:
        draw_flat_button(surface, pygame.Rect(10, 10, 60, 40), "Plein écran : désactivé (F11)",
                         lambda v: round(v))
    assert len(misfits) == 1 and "cut" in misfits[0].problem
