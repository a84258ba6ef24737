"""Saba's rules page: found through the games' registry, headed by the honesty notice of
RULES_SABA.md section 8, stating the basic game's rulings in every language, and fitting
the window in every language (every page of it, scrolled to the end)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from splendor import i18n
from splendor.games import find_game
from splendor.i18n import LANGUAGES, translate
from splendor.resources import assets_dir
from splendor.storage.paths import saba_data_path
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.scenes.rules import RulesScene, load_rules

SABA = find_game("saba")
FOLDER = assets_dir() / SABA.rules_folder

#: For every language, one phrase per ruling of RULES_SABA.md the page must state: the
#: supply, the vizier's start, a short harbour section, what the cross cannot remove, the
#: surcharges, gold no wild card, skipped levels, one's own figure displaced, the harem
#: track's length, the tie-break, a treasury tie, the quarter's price and room, a figure's
#: first use, the vizier's closed quarter, a card drawn this turn, the limits, the end at
#: once, a shared victory, hidden cards.
RULINGS = {
    "en": [
        "15 units of each material",
        "stands on the bazaar",
        "even if it is short or empty",
        "cannot be crossed out",
        "none on space 1, one gold on space 2, two gold on space 3",
        "gold stands in for nothing else",
        "a level may be skipped",
        "even if it is yours",
        "4 spaces with two players, 5 with three, 6 with four",
        "more markers",
        "nobody places",
        "1 gold if the quarter is empty or 2 gold",
        "2 figures at most, of any players",
        "from your next turn on",
        "the vizier closes",
        "drawn this turn may be played",
        "at most 3 action cards and 7",
        "ends at once",
        "share the victory",
        "only the owner sees",
    ],
    "fr": [
        "15 unités de chaque matériau",
        "au quartier du bazar",
        "même si elle est incomplète",
        "ne peuvent pas être rayées",
        "rien sur la case 1, un or sur la case 2, deux or",
        "l'or ne remplace aucun",
        "un niveau peut être sauté",
        "même si c'est la vôtre",
        "4 cases à deux joueurs, 5 à trois, 6 à quatre",
        "le plus de marqueurs",
        "personne ne place",
        "1 or si le quartier est vide ou 2 or",
        "2 figurines au plus, de n'importe quels joueurs",
        "à partir de votre prochain tour",
        "le vizir ferme",
        "piochée ce tour-ci peut aussi être jouée",
        "au plus 3 cartes action et 7",
        "s'arrête aussitôt",
        "se partagent la victoire",
        "seul leur propriétaire voit",
    ],
    "es": [
        "15 unidades de cada material",
        "en el barrio del bazar",
        "aunque esté incompleta",
        "no se pueden tachar",
        "nada en el espacio 1, uno de oro en el espacio 2",
        "el oro no sustituye",
        "se puede saltar un nivel",
        "aunque sea tuya",
        "4 casillas con dos jugadores, 5 con tres, 6 con cuatro",
        "más marcadores",
        "nadie pone figura",
        "1 de oro si el barrio está vacío o 2 de oro",
        "2 figuras como máximo, de cualquier jugador",
        "a partir de tu próximo turno",
        "el visir cierra",
        "robada en este turno",
        "3 cartas de acción y 7",
        "termina en el acto",
        "comparten la victoria",
        "solo su dueño ve",
    ],
    "pt": [
        "15 unidades de cada material",
        "no bairro do bazar",
        "mesmo que esteja incompleta",
        "não podem ser riscadas",
        "nada no espaço 1, um de ouro no espaço 2",
        "o ouro não substitui",
        "um nível pode ser pulado",
        "mesmo que seja sua",
        "4 casas com dois jogadores, 5 com três, 6 com quatro",
        "mais marcadores",
        "ninguém põe figura",
        "1 de ouro se o bairro estiver vazio ou 2 de ouro",
        "no máximo 2 figuras, de quaisquer jogadores",
        "a partir do seu próximo turno",
        "o vizir fecha",
        "sacada neste turno também pode ser jogada",
        "3 cartas de ação e 7",
        "termina na hora",
        "dividem a vitória",
        "só o dono vê",
    ],
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_page_states_the_basic_games_rulings(code: str) -> None:
    title, sections = load_rules(code, FOLDER)
    assert title and title != load_rules(code)[0], "Saba's own title"
    text = " ".join(" ".join(p.split()) for s in sections for p in s.paragraphs).lower()
    missing = [phrase for phrase in RULINGS[code] if phrase.lower() not in text]
    assert not missing, f"{code}: the rules page does not say {missing}"
    _, english = load_rules("en", FOLDER)
    assert [len(s.paragraphs) for s in sections] == [len(s.paragraphs) for s in english]
    assert not any(s.illustration or s.module for s in sections)


#: The rule choices that decide play (RULES_SABA.md section 8: "the help screen lists in
#: plain words A1, A6, A7 and A3"), each in a paragraph of its own with what was chosen.
CHOICES = {
    "en": {
        "A1": "the cross section hold 2 units, the vizier section 3 and the plain section 4",
        "A3": "one card shows the hand section and the plain section",
        "A6": "costs 1 gold more",
        "A7": "2 figures in all, of any players",
    },
    "es": {
        "A1": "de la cruz caben 2 unidades, en la del visir 3 y en la simple 4",
        "A3": "una carta muestra la sección de la mano y la simple",
        "A6": "cuesta 1 de oro más",
        "A7": "2 figuras en total, de cualquier jugador",
    },
    "fr": {
        "A1": "de la croix contiennent 2 unités, la section du vizir 3 et la section simple 4",
        "A3": "une carte montre la section de la main et la section simple",
        "A6": "coûte 1 or de plus",
        "A7": "2 figurines en tout, de n'importe quels joueurs",
    },
    "pt": {
        "A1": "da cruz têm 2 unidades, a do vizir 3 e a simples 4",
        "A3": "uma carta mostra a seção da mão e a simples",
        "A6": "custa 1 de ouro a mais",
        "A7": "2 figuras no total, de quaisquer jogadores",
    },
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_page_lists_the_rule_choices_that_decide_play(code: str) -> None:
    _, sections = load_rules(code, FOLDER)
    for ruling, chosen in CHOICES[code].items():
        said = [p for s in sections for p in s.paragraphs if p.startswith(f"{ruling}, ")]
        assert len(said) == 1, f"{code}: no paragraph of its own for {ruling}"
        assert chosen in said[0], f"{code} {ruling}: {said[0]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_page_opens_with_the_notice_and_the_data_file(code: str) -> None:
    """Chosen by the game (the registry's rules folder), never by its name: Saba's page
    with its notice first; Splendor's page as it was, with none."""
    pygame.init()
    i18n.set_language(code)
    try:
        scene = RulesScene(game=SABA)
        notice = scene.sections[0]
        assert notice.title == translate(code, "saba.notice.title")
        assert str(saba_data_path()) in notice.paragraphs[0]  # the player's own copy
        assert scene.sections[1:] == load_rules(code, FOLDER, SABA.rules_fields())[1]
        assert scene.title == load_rules(code, FOLDER)[0]
        splendor = RulesScene()
        assert (splendor.title, splendor.sections) == load_rules(code)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_page_fits_in_every_language(code: str, size: tuple[int, int]) -> None:
    app = App(size)
    i18n.set_language(code)
    try:
        with textfit.audit() as misfits:
            scene = RulesScene(game=SABA)
            app.stack.push(scene)
            app.render()
            pages = 1
            while True:
                app.stack.draw(app.screen)
                before = scene.scroll
                app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN))
                if scene.scroll == before:
                    break
                pages += 1
        assert pages >= 3 and scene.scroll > 0, "scrolled to the end"
        assert not misfits, [f"{m.text!r}: {m.problem}" for m in misfits]
        assert not {key for lang, key in i18n.fallbacks() if lang == code}
    finally:
        i18n.set_language("en")
        app.close()


def test_the_menus_rules_reach_sabas_page_by_its_tab() -> None:
    """Menu → Rules opens Splendor's page with a tab for each game: Saba's tab (a click,
    or → ) shows Saba's page, its notice first; ← goes back."""
    from splendor.ui.main import Game

    app = App((1024, 600))
    game = Game(app)
    menu = game.menu_scene()
    app.stack.push(menu)
    app.render()
    button = menu.buttons["rules"]  # type: ignore[attr-defined]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.dispatch(pygame.event.Event(kind, pos=button.rect.center, button=1))
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.title == load_rules("en")[0]
    assert [game_id for game_id, _ in rules.tabs] == ["splendor", "saba"]
    tab = dict(rules.tabs)["saba"]
    assert app.screen.get_rect().contains(tab) and not tab.colliderect(rules._frame)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.dispatch(pygame.event.Event(kind, pos=tab.center, button=1))
    app.render()
    assert rules.title == load_rules("en", FOLDER)[0] and rules.scroll == 0
    assert rules.sections[0].title == i18n.tr("saba.notice.title"), "the notice, reached"
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT))
    assert rules.title == load_rules("en")[0]
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
    assert rules.game == SABA
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert app.stack.top is menu
    app.close()
