"""The rules screen: its text file is checked, it scrolls, and a broken file is reported."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from splendor.ui.app import App
from splendor.ui.scenes.rules import RulesScene, load_rules, wrap

#: For every language, one phrase per ruling of RULES.md that the rules page must state:
#: setup, the two takes (and fewer colours), reserving (gold, limit of three, empty deck),
#: buying (gold by choice, free cards), replacement, ten tokens, nobles (bonuses only, one
#: per turn, choice), the end (same number of turns), the tie-break, passing, hidden cards.
RULINGS = {
    "en": ["seven with four", "fewer than three colours", "at least four",
           "at most three reserved", "empty deck cannot be reserved", "even when you hold",
           "costs nothing", "replaced at once", "ten tokens", "tokens do not count",
           "only one noble", "you choose", "same number of turns", "fewest bought cards",
           "share the victory", "must pass", "every player passes", "owner only"],
    "pt": ["sete com quatro", "menos de três cores", "pelo menos quatro",
           "no máximo três cartas reservadas", "baralho vazio", "mesmo que você tenha",
           "não custa nada", "reposta na hora", "dez fichas", "fichas não contam",
           "só um nobre", "você escolhe", "mesmo número de turnos", "menos cartas",
           "dividem a vitória", "deve passar", "todos os jogadores passarem", "pelo dono"],
    "es": ["siete con cuatro", "menos de tres colores", "al menos cuatro",
           "como máximo tres cartas reservadas", "mazo vacío", "incluso si tienes",
           "no cuesta nada", "se repone de inmediato", "diez fichas", "las fichas no cuentan",
           "solo un noble", "eliges tú", "mismo número de turnos", "menos cartas",
           "comparten la victoria", "debes pasar", "todos los jugadores pasan", "su dueño"],
    "fr": ["sept à quatre", "moins de trois couleurs", "au moins quatre",
           "au maximum trois cartes réservées", "paquet vide", "même si vous avez",
           "ne coûte rien", "aussitôt remplacée", "dix jetons", "les jetons ne comptent pas",
           "un seul noble", "vous choisissez", "même nombre de tours", "le moins de cartes",
           "partagent la victoire", "vous devez passer", "tous les joueurs passent",
           "son propriétaire"],
}


@pytest.mark.parametrize("language", sorted(RULINGS))
def test_the_rules_state_every_ruling_in_every_language(language: str) -> None:
    title, sections = load_rules(language)
    assert title
    text = " ".join(" ".join(p.split()) for s in sections for p in s.paragraphs).lower()
    missing = [phrase for phrase in RULINGS[language] if phrase not in text]
    assert not missing, f"{language}: the rules page does not say {missing}"


def test_every_language_has_the_same_sections_and_drawings() -> None:
    from splendor.i18n import LANGUAGES

    assert sorted(RULINGS) == sorted(LANGUAGES)
    _, english = load_rules("en")
    for language in LANGUAGES:
        _, sections = load_rules(language)
        assert [len(s.paragraphs) for s in sections] == [len(s.paragraphs) for s in english]
        assert [s.illustration for s in sections] == [s.illustration for s in english]
    kinds = {key for s in english for key in s.illustration}
    assert kinds == {"tokens", "card", "noble"}, "a token, a card and a noble illustrate it"


def test_a_broken_rules_file_names_the_problem(tmp_path: Path) -> None:
    (tmp_path / "en.yaml").write_text("sections:\n  - paragraphs: [no title]\n")
    with pytest.raises(ValueError, match=r"en\.yaml: section 1: needs a title"):
        load_rules("en", tmp_path)
    (tmp_path / "xx.yaml").write_text("{not: [valid")
    with pytest.raises(ValueError, match=r"xx\.yaml: cannot read"):
        load_rules("xx", tmp_path)


def test_wrapped_lines_fit_the_width() -> None:
    pygame.init()
    from splendor.ui import theme

    lines = wrap("word " * 80, 17, 300)
    assert len(lines) > 3
    assert all(theme.font(17).size(line)[0] <= 300 for line in lines)


def test_the_page_scrolls_within_its_limits_and_back_leaves() -> None:
    app = App((1280, 720))
    app.stack.push(RulesScene())  # something beneath, so Back has somewhere to go
    scene = RulesScene()
    app.stack.push(scene)
    app.render()
    assert scene.scroll == 0
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN))
    assert scene.scroll > 0
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END))
    bottom = scene.scroll
    app.stack.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    assert scene.scroll == bottom, "cannot scroll past the end"
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME))
    assert scene.scroll == 0
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert app.stack.top is not scene


def _click_spot(app: App, scene: object, action: object) -> None:
    """Click the middle of the button of `scene` that runs `action`."""
    rect = next(rect for rect, act in scene._spots if act == action)  # type: ignore[attr-defined]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.dispatch(pygame.event.Event(kind, pos=rect.center, button=1))


def test_the_rules_open_from_the_pause_menu_and_follow_the_language() -> None:
    from splendor import i18n
    from splendor.ui.main import Game
    from splendor.ui.options import GameOptions, SeatOption
    from splendor.ui.scenes.pause import PauseScene

    app = App((1024, 600))
    game = Game(app)
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Bot")),
                           first_player=0, seed=5))
    try:
        game.pause()
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        app.render()
        _click_spot(app, pause, game.open_rules)
        rules = app.stack.top
        assert isinstance(rules, RulesScene)
        app.render()
        assert rules.title == load_rules("en")[0]
        i18n.set_language("es")
        app.render()
        assert rules.title == load_rules("es")[0] == "Cómo jugar"
        assert rules.sections == load_rules("es")[1]
        app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
        assert app.stack.top is pause, "Back returns to the pause menu"
    finally:
        i18n.set_language("en")
        game._close_game()
        app.close()


def test_the_rules_open_from_the_menu() -> None:
    from splendor.ui.main import Game

    app = App((1024, 600))
    game = Game(app)
    menu = game.menu_scene()
    app.stack.push(menu)
    app.render()
    button = menu.buttons["rules"]  # type: ignore[attr-defined]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.dispatch(pygame.event.Event(kind, pos=button.rect.center, button=1))
    assert isinstance(app.stack.top, RulesScene)
    app.close()
