"""The menu and the new-game screen in other languages: words from the catalogs, seat
names the game gave follow the language, and every text fits even when it is much longer
than English."""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import pygame
import pytest

from splendor import i18n
from splendor.devtools.screens_demo import demo_options
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.options import GameOptions, SeatOption, default_name, is_default_name
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.new_game import NewGameScene

SIZES = [(1024, 600), (1280, 720)]

#: A few entries of a made-up Portuguese catalog (the rest falls back to English).
PORTUGUESE: dict[str, i18n.Entry] = {
    "menu.entry.new_game": "Novo jogo",
    "menu.coming_soon": "em breve",
    "bots.human": "Humano",
    "bots.level.hard.name": "Difícil",
    "bots.default_name.human": "Jogador {n}",
    "bots.default_name.medium": "Bot médio",
    "bots.default_name.hard": "Bot difícil",
    "new_game.first_random": "Aleatório",
    "new_game.problem.no_name": "O lugar {seat} precisa de um nome.",
}


def _stretch(text: str, factor: float) -> str:
    """`text` with every word made `factor` longer, placeholders kept."""
    def longer(match: re.Match[str]) -> str:
        word = match.group(0)
        return word + (word * 3)[: math.ceil(len(word) * factor)].lower()

    return "".join(part if part.startswith("{") else re.sub(r"[A-Za-z]+", longer, part)
                   for part in re.split(r"(\{[^}]*\})", text))


def use_catalog(monkeypatch: pytest.MonkeyPatch, language: str,
                make: Callable[[dict[str, i18n.Entry]], dict[str, i18n.Entry]]) -> None:
    """Serve `language` from `make(English catalog)` instead of its files."""
    english = i18n.load_catalog(i18n.DEFAULT)

    def load(code: str) -> dict[str, i18n.Entry]:
        return make(dict(english)) if code == language else english

    monkeypatch.setattr(i18n, "load_catalog", load)
    # The made-up catalogs are partial on purpose: their fallbacks are not the suite's.
    monkeypatch.setattr(i18n, "_fallbacks", set())


def use_portuguese(monkeypatch: pytest.MonkeyPatch) -> None:
    use_catalog(monkeypatch, "pt", lambda english: {**english, **PORTUGUESE})


def use_long_language(monkeypatch: pytest.MonkeyPatch, language: str = "fr",
                      factor: float = 0.4) -> None:
    """`language` as English with every word 40% longer: what a translation may need."""
    def stretched(english: dict[str, i18n.Entry]) -> dict[str, i18n.Entry]:
        return {key: ({form: _stretch(text, factor) for form, text in entry.items()}
                      if isinstance(entry, dict) else _stretch(entry, factor))
                for key, entry in english.items()}

    use_catalog(monkeypatch, language, stretched)
    i18n.set_language(language)


def show(app: App, scene: object, size: tuple[int, int]) -> list[textfit.Misfit]:
    """Resize, put `scene` on top, render; the text that did not fit."""
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    if scene not in app.stack.scenes:
        app.stack.push(scene)  # type: ignore[arg-type]
    with textfit.audit() as misfits:
        app.render()
    return misfits


# --------------------------------------------------------------------------- menu


def test_the_menu_follows_the_language(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    use_portuguese(monkeypatch)
    menu = MenuScene(on_new_game=lambda: None)
    show(app, menu, (1280, 720))
    assert menu.buttons["new_game"].label == "New game"
    assert menu.buttons["settings"].note == "coming soon"
    i18n.set_language("pt")  # switched while the menu is up
    app.render()
    assert menu.buttons["new_game"].label == "New game", "drawing never lays out"
    app.stack.resize(app.size)  # what the game does on a change of language
    app.render()
    assert menu.buttons["new_game"].label == "Novo jogo"
    assert menu.buttons["settings"].note == "em breve"
    assert menu.buttons["quit"].label == "Quit"  # not translated yet: English


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("has_continue", [False, True])
def test_long_menu_entries_fit_above_the_hint(app: App, monkeypatch: pytest.MonkeyPatch,
                                              size: tuple[int, int], has_continue: bool
                                              ) -> None:
    use_long_language(monkeypatch)
    menu = MenuScene(has_continue, lambda: None, lambda: None)
    assert show(app, menu, size) == []
    screen = pygame.Rect((0, 0), size)
    rects = [b.rect for b in menu.buttons.values()]
    for i, rect in enumerate(rects):
        assert screen.contains(rect)
        assert not rect.colliderect(menu.hint.rect)
        assert all(not rect.colliderect(other) for other in rects[i + 1:])
    # The buttons grew for the longer words (the English ones are 340 design px).
    english_w = round(340 * min(size[0] / 1280, size[1] / 720))
    assert rects[0].w > english_w


# ----------------------------------------------------------------------- new game


def test_default_names_are_recognised_in_every_language(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    use_portuguese(monkeypatch)
    assert is_default_name("Player 3", "human")
    assert is_default_name("Jogador 2", "human")
    assert is_default_name("Medium bot", "medium") and is_default_name("Bot médio", "medium")
    assert is_default_name("Bot médio 2", "medium")  # the second seat of a kind
    assert not is_default_name("Medium bot", "hard")  # a hard bot was named that by hand
    assert not is_default_name("Ada", "human")
    assert default_name("hard", 1, "pt") == "Bot difícil"
    assert default_name("human", 2, "pt") == "Jogador 3"


def test_stored_default_names_show_in_the_language_in_use(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    use_portuguese(monkeypatch)
    i18n.set_language("pt")
    stored = GameOptions((SeatOption("human", "Player 1"), SeatOption("medium", "Medium bot"),
                          SeatOption("human", "Ada"), SeatOption("hard", "Medium bot")))
    scene = NewGameScene(lambda options: None, stored)
    show(app, scene, (1280, 720))
    # The game's names follow the language; typed names (even one that looks like a
    # default of another kind) stay as typed.
    assert [r.name.text for r in scene.rows] == ["Jogador 1", "Bot médio", "Ada", "Medium bot"]
    assert scene.rows[0].choice.value == "Humano"
    assert scene.rows[3].choice.value == "Difícil"
    assert scene.first.options[0] == "Aleatório"


def test_the_new_game_screen_follows_a_language_switch(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    use_portuguese(monkeypatch)
    saved_in_portuguese = GameOptions((SeatOption("human", "Jogador 1"),
                                       SeatOption("hard", "Bot difícil"),
                                       SeatOption("human", "Bo")))
    started: list[GameOptions] = []
    scene = NewGameScene(started.append, saved_in_portuguese)
    show(app, scene, (1024, 600))
    assert [r.name.text for r in scene.rows] == ["Player 1", "Hard bot", "Bo"]
    i18n.set_language("pt")
    app.render()
    assert [r.name.text for r in scene.rows] == ["Player 1", "Hard bot", "Bo"], \
        "drawing never lays out"
    app.stack.resize(app.size)  # what the game does on a change of language
    assert [r.name.text for r in scene.rows] == ["Jogador 1", "Bot difícil", "Bo"]
    assert scene.first.options == ["Aleatório", "Jogador 1", "Bot difícil", "Bo"]
    scene.rows[2].name.set_text("")
    assert not scene.try_start()
    assert scene.message == "O lugar 3 precisa de um nome." and scene.message_error
    i18n.set_language("en")
    app.stack.resize(app.size)
    assert scene.message == "Seat 3 needs a name."
    scene.rows[2].name.set_text("Bo")
    assert scene.try_start()
    assert started[0].names == ("Player 1", "Hard bot", "Bo")


def test_a_first_game_is_named_in_the_language_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    use_portuguese(monkeypatch)
    i18n.set_language("pt")
    scene = NewGameScene(lambda options: None)
    assert [r.name.text for r in scene.rows] == ["Jogador 1", "Bot médio"]


def _new_game_scenes() -> dict[str, Callable[[], NewGameScene]]:
    def error() -> NewGameScene:
        scene = NewGameScene(lambda options: None, demo_options())
        scene.rows[2].name.set_text("Ada")
        scene._name_typed(scene.rows[2])
        scene.try_start()
        return scene

    def watching() -> NewGameScene:
        scene = NewGameScene(lambda options: None,
                             GameOptions((SeatOption("easy", ""), SeatOption("expert", ""),
                                          SeatOption("medium", ""))))
        return scene

    return {"four": lambda: NewGameScene(lambda options: None, demo_options()),
            "error": error, "watching": watching}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("which", ["four", "error", "watching"])
def test_long_new_game_texts_fit_without_overlaps(app: App, monkeypatch: pytest.MonkeyPatch,
                                                  size: tuple[int, int], which: str) -> None:
    use_long_language(monkeypatch)
    scene = _new_game_scenes()[which]()
    assert show(app, scene, size) == []
    assert scene.message or which == "four"
    screen = pygame.Rect((0, 0), size)
    rects = [w.rect for w in scene.form.widgets if w.visible]
    rects += [rect for _, rect in scene._option_labels]
    for i, rect in enumerate(rects):
        assert screen.contains(rect)
        assert all(not rect.colliderect(other) for other in rects[i + 1:]), rect
