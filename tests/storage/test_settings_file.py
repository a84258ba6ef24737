"""Settings are saved atomically and restored; a bad file falls back to defaults, kept as .bak."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from splendor.storage import paths
from splendor.storage.settings import Settings, load_settings, save_settings
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption


def test_defaults_without_a_file() -> None:
    settings, problem = load_settings()
    assert problem is None
    assert settings == Settings()


def test_settings_round_trip() -> None:
    settings = Settings(volume=0.3, animation_speed=2.0, fullscreen=True, window=(1600, 900))
    settings.assists["reasons"] = False
    save_settings(settings)
    loaded, problem = load_settings()
    assert problem is None
    assert loaded == settings


@pytest.mark.parametrize("content", [
    b"", b"{not json", b"\xff\xfe\x00", b"[]", b'{"version": 0}',
    b'{"version": 1, "volume": 7}', b'{"version": 1, "window": [0, 10]}',
    b'{"version": 1, "assists": {"cheat": 3}}', b'{"version": 1, "language": 5}',
])
def test_a_bad_file_gives_defaults_a_message_and_is_kept(content: bytes) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None and problem.reason == "unreadable"
    assert problem.kept is not None and problem.kept.parent == path.parent
    assert problem.kept.name.startswith("settings.unreadable-")
    assert problem.kept.read_bytes() == content, "the bad file is kept"
    assert not path.exists()


def test_the_game_saves_what_the_player_changes_and_the_seats_of_the_last_game() -> None:
    game = Game(App((1280, 720)))
    game.prefs.assists.affordable = False
    game.prefs.speed = 2.0
    game.save_settings()
    options = GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Hard bot"),
                           SeatOption("easy", "Easy bot")), first_player=0, seed=3)
    game.start(options)
    saved = json.loads(paths.settings_path().read_text())
    assert saved["assists"]["affordable"] is False
    assert saved["animation_speed"] == 2.0
    assert [s["kind"] for s in saved["default_seats"]] == ["human", "hard", "easy"]
    again = Game(App((1280, 720)))
    assert again.prefs.assists.affordable is False
    assert again.prefs.speed == 2.0


def test_full_screen_from_the_settings_screen_is_remembered() -> None:
    import pygame

    game = Game(App((1280, 720)))
    game.app.stack.push(game.menu_scene())
    game.open_settings()
    game.app.render()
    screen = game.app.stack.top
    rect = next(r for r, action in screen.spots  # type: ignore[attr-defined]
                if getattr(action, "__name__", "") == "_toggle_fullscreen")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        game.app.stack.dispatch(pygame.event.Event(kind, pos=rect.center, button=1))
    assert game.app.fullscreen
    assert json.loads(paths.settings_path().read_text())["fullscreen"] is True
    assert load_settings()[0].window == (1280, 720), "the windowed size is kept for later"


def test_colour_symbols_can_be_switched_off_and_stay_off() -> None:
    import pygame

    from splendor.ui import art
    from splendor.ui.settings_panel import SettingsPanel

    game = Game(App((1280, 720)))
    with_symbol = pygame.image.tobytes(art.token_surface(3, 60), "RGBA")
    panel = SettingsPanel(game.prefs, on_change=game.save_settings)
    panel.toggle("symbols")
    try:
        without = pygame.image.tobytes(art.token_surface(3, 60), "RGBA")
        assert without != with_symbol
        assert json.loads(paths.settings_path().read_text())["colour_symbols"] is False
        assert Game(App((1280, 720))).prefs.symbols is False
    finally:
        art.set_symbols(True)  # the art's switch is process-wide: leave it as found


def test_the_tutorial_offers_are_remembered_and_a_wrong_list_offers_the_lessons_again(
) -> None:
    save_settings(Settings(tutorial_offered=True, lessons_offered=["orient"]))
    loaded, problem = load_settings()
    assert problem is None and loaded.tutorial_offered and loaded.lessons_offered == ["orient"]
    path = paths.settings_path()
    path.write_text('{"version": 1, "volume": 0.3, "lessons_offered": "orient"}')
    loaded, problem = load_settings()
    assert problem is None and loaded.volume == 0.3 and loaded.lessons_offered == []
    assert loaded.tutorial_offered, "a file from before the offer: not a new player"
