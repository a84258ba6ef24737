"""The rules screen: its text file is checked, it scrolls, and a broken file is reported."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from splendor.engine.modules import module_ids
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


#: For every language and Cities of Splendor module (None: the part's introduction), one
#: phrase per ruling of RULES_CITIES.md, and per open choice docs/engine.md says the engine
#: makes, that the module's section must state.
MODULE_RULINGS: dict[str, dict[str | None, list[str]]] = {
    "en": {
        None: ["only one module is played at a time", "in plain view", "stay hidden"],
        "cities": ["no nobles", "three cities", "whatever the number of players",
                   "single colour that you choose", "does not name", "gives no points",
                   "you choose one", "more than one city", "15 points ends nothing",
                   "same number of turns", "only a player who holds a city can win",
                   "fewest bought cards", "nobody wins"],
        "trading-posts": ["nobles included", "five coats of arms", "tokens do not count",
                          "at least one noble", "at most one post per turn",
                          "several players may hold the same post", "kept to the end",
                          "never gold", "pile of four is still needed",
                          "one and the same colour", "one token towards ten",
                          "5 prestige points, once", "its own included",
                          "count towards the 15", "after the token of post 1 or 2"],
        "orient": ["three decks of ten", "right of the four base cards",
                   "replaced from its own deck", "counts both kinds",
                   "not among your bought cards", "two tokens of any colours",
                   "unused is lost", "does not count towards ten",
                   "even if that card is later given up", "cannot be bought without",
                   "no colour of its own cannot be a partner", "level 1 card",
                   "two bonuses", "without gold", "only you can be visited",
                   "keep several", "level 2 card", "own ability applies",
                   "before the market refills", "paired cards of that colour go first",
                   "counts as two", "no card more than needed", "reserved cards cannot",
                   "with their points and bonuses"],
        "strongholds": ["three strongholds", "from your hand", "before the market refills",
                        "no other player's stronghold", "moved from another card",
                        "stands alone", "nothing happens", "only by their owner",
                        "come back", "all three", "if you can pay",
                        "before the limit of ten", "decline"],
    },
    "fr": {
        None: ["qu'un module à la fois", "visibles de tous", "restent cachés"],
        "cities": ["pas de nobles", "trois cités", "quel que soit le nombre de joueurs",
                   "d'une même couleur que vous choisissez", "ne nomme pas",
                   "aucun point", "vous en choisissez une", "plus d'une cité",
                   "15 points ne termine rien", "même nombre de tours",
                   "seul un joueur qui possède une cité peut gagner",
                   "le moins de cartes", "personne ne gagne"],
        "trading-posts": ["nobles compris", "cinq blasons", "les jetons ne comptent pas",
                          "au moins un noble", "au plus un comptoir par tour",
                          "plusieurs joueurs peuvent occuper le même comptoir",
                          "jusqu'à la fin", "jamais d'or", "la pile de quatre reste nécessaire",
                          "une seule et même couleur", "un seul jeton dans la limite de dix",
                          "5 points de prestige, une fois", "le sien compris",
                          "comptent pour les 15", "après le jeton du comptoir 1 ou 2"],
        "orient": ["trois paquets de dix", "droite des quatre cartes de base",
                   "remplacée par une carte de son propre paquet", "compte les deux sortes",
                   "pas parmi vos cartes achetées", "deux jetons de n'importe quelles couleurs",
                   "inutilisée est perdue", "ne compte pas dans la limite de dix",
                   "même si cette carte est sacrifiée", "ne peut pas être achetée sans",
                   "sans couleur propre ne peut pas servir de partenaire", "niveau 1",
                   "deux bonus", "sans or", "vous seul pouvez recevoir sa visite",
                   "en garder plusieurs", "niveau 2", "s'applique aussi",
                   "avant que les emplacements vides ne soient remplis",
                   "cartes associées de cette couleur partent en premier",
                   "compte pour deux", "aucune carte n'est sacrifiée de plus que nécessaire",
                   "les cartes réservées ne peuvent pas", "avec leurs points et leurs bonus"],
        "strongholds": ["trois bastions", "dans votre main",
                        "avant que les emplacements vides ne soient remplis",
                        "aucun bastion d'un autre joueur", "déplacé depuis une autre carte",
                        "seul sur une carte", "il ne se passe rien",
                        "que par leur propriétaire", "retournent dans sa réserve",
                        "vos trois bastions", "si vous pouvez payer",
                        "avant la limite de dix jetons", "refuser"],
    },
    "es": {
        None: ["solo se juega un módulo a la vez", "a la vista de todos", "quedan ocultos"],
        "cities": ["sin nobles", "tres ciudades", "sea cual sea el número de jugadores",
                   "de un solo color que eliges tú", "no nombre", "no da puntos",
                   "eliges una", "más de una ciudad", "15 puntos no termina nada",
                   "mismo número de turnos", "solo puede ganar quien tenga una ciudad",
                   "menos cartas", "nadie gana"],
        "trading-posts": ["con nobles", "cinco escudos", "las fichas no cuentan",
                          "al menos un noble", "como máximo un puesto por turno",
                          "varios jugadores pueden tener el mismo puesto",
                          "hasta el final", "nunca oro",
                          "la pila de cuatro sigue siendo necesaria", "de un mismo color",
                          "una sola ficha para el límite de diez",
                          "5 puntos de prestigio, una vez", "incluido el suyo",
                          "cuentan para los 15", "después de la ficha del puesto 1 o 2"],
        "orient": ["tres mazos de diez", "derecha de las cuatro cartas base",
                   "se repone de su propio mazo", "cuenta ambos tipos",
                   "no entre tus cartas compradas", "dos fichas de cualquier color",
                   "que no se use se pierde", "no cuenta para el límite de diez",
                   "aunque esa carta se sacrifique", "no se puede comprar sin",
                   "sin color propio no puede ser pareja", "nivel 1",
                   "dos bonificaciones", "sin oro", "solo tú puedes recibir su visita",
                   "apartar varios", "nivel 2", "también se aplica",
                   "antes de reponer los huecos",
                   "las cartas emparejadas de ese color van primero", "cuenta como dos",
                   "ninguna carta más de las necesarias",
                   "las cartas reservadas no se pueden", "con sus puntos y bonificaciones"],
        "strongholds": ["tres fortalezas", "de tu mano", "antes de reponer los huecos",
                        "sin fortalezas de otro jugador", "movida desde otra carta",
                        "sola en una carta", "no pasa nada", "su dueño",
                        "vuelven a su reserva", "tus tres fortalezas", "si puedes pagar",
                        "antes del límite de diez fichas", "renunciar"],
    },
    "pt": {
        None: ["só se joga um módulo de cada vez", "à vista de todos", "ficam ocultas"],
        "cities": ["sem nobres", "três cidades", "seja qual for o número de jogadores",
                   "de uma única cor que você escolhe", "não nomeia", "não dá pontos",
                   "escolhe uma", "mais de uma cidade", "15 pontos não encerra nada",
                   "mesmo número de turnos", "só pode vencer quem tem uma cidade",
                   "menos cartas", "ninguém vence"],
        "trading-posts": ["com os nobres", "cinco brasões", "fichas não contam",
                          "pelo menos um nobre", "no máximo um entreposto por turno",
                          "vários jogadores podem ter o mesmo entreposto", "até o fim",
                          "nunca ouro", "a pilha de quatro continua sendo exigida",
                          "de uma mesma cor", "uma só ficha no limite de dez",
                          "5 pontos de prestígio, uma vez", "o dele incluído",
                          "contam para os 15", "depois da ficha do entreposto 1 ou 2"],
        "orient": ["três baralhos de dez", "direita das quatro cartas base",
                   "reposta com uma carta do seu próprio baralho", "conta os dois tipos",
                   "não entre suas cartas compradas", "duas fichas de quaisquer cores",
                   "não usada se perde", "não conta no limite de dez",
                   "mesmo que essa carta seja sacrificada", "não pode ser comprada sem",
                   "sem cor própria não pode ser o par", "nível 1", "dois bônus",
                   "sem ouro", "só você pode receber a visita", "guardar vários",
                   "nível 2", "também vale", "antes de os espaços vazios serem repostos",
                   "as cartas pareadas dessa cor vão primeiro", "conta como duas",
                   "nenhuma carta além do necessário",
                   "cartas reservadas não podem ser sacrificadas", "com seus pontos e bônus"],
        "strongholds": ["três fortalezas", "da sua mão",
                        "antes de os espaços vazios serem repostos",
                        "sem fortaleza de outro jogador", "movida de outra carta",
                        "sozinha em uma carta", "nada acontece", "pelo dono delas",
                        "voltam para a reserva", "suas três fortalezas",
                        "se puder pagar", "antes do limite de dez fichas", "recusar"],
    },
}


@pytest.mark.parametrize("language", sorted(RULINGS))
def test_the_rules_state_every_ruling_in_every_language(language: str) -> None:
    title, sections = load_rules(language)
    assert title
    text = " ".join(" ".join(p.split()) for s in sections for p in s.paragraphs).lower()
    missing = [phrase for phrase in RULINGS[language] if phrase not in text]
    assert not missing, f"{language}: the rules page does not say {missing}"


@pytest.mark.parametrize("language", sorted(MODULE_RULINGS))
def test_every_module_has_a_section_stating_its_rulings(language: str) -> None:
    """One section per module after an introduction, each saying every ruling of its
    module (and only of its module: the phrases are looked for in that section)."""
    _, sections = load_rules(language)
    modules = [s.module for s in sections]
    assert [m for m in modules if m] == list(module_ids()), "one section per module, in order"
    intro = modules.index(module_ids()[0]) - 1
    assert intro >= 0 and all(m is None for m in modules[:intro + 1])
    texts: dict[str | None, str] = {None: " ".join(sections[intro].paragraphs)}
    texts.update({s.module: " ".join(s.paragraphs) for s in sections if s.module})
    for module, phrases in MODULE_RULINGS[language].items():
        missing = [p for p in phrases if p not in texts[module].lower()]
        assert not missing, f"{language} {module or 'introduction'} does not say {missing}"


def test_every_language_has_the_same_sections_and_drawings() -> None:
    from splendor.i18n import LANGUAGES

    assert sorted(RULINGS) == sorted(MODULE_RULINGS) == sorted(LANGUAGES)
    _, english = load_rules("en")
    for language in LANGUAGES:
        _, sections = load_rules(language)
        assert [len(s.paragraphs) for s in sections] == [len(s.paragraphs) for s in english]
        assert [s.illustration for s in sections] == [s.illustration for s in english]
        assert [s.module for s in sections] == [s.module for s in english]
    kinds = {key for s in english for key in s.illustration}
    assert kinds == {"tokens", "card", "noble", "city", "posts", "stronghold",
                     "double_gold"}, "base pieces and every module's own pieces illustrate it"
    orient = next(s for s in english if s.module == "orient")
    assert all(c.startswith("O") for c in orient.illustration["card"]), "the Orient's cards"


def test_every_illustration_is_drawn() -> None:
    """Each section's picture is produced, with each piece it names (none is skipped)."""
    pygame.init()
    from splendor.gamedata import base_game

    _, english = load_rules("en")
    for section in english:
        if not section.illustration:
            continue
        picture = RulesScene._illustration(section.illustration, base_game(), round)
        assert picture is not None, section.title
        for kind, value in section.illustration.items():
            alone = RulesScene._illustration({kind: value}, base_game(), round)
            assert alone is not None, f"{section.title}: {kind} is not drawn"
            assert picture.get_width() >= alone.get_width()


def test_a_broken_rules_file_names_the_problem(tmp_path: Path) -> None:
    (tmp_path / "en.yaml").write_text("sections:\n  - paragraphs: [no title]\n")
    with pytest.raises(ValueError, match=r"en\.yaml: section 1: needs a title"):
        load_rules("en", tmp_path)
    (tmp_path / "en.yaml").write_text("sections:\n  - {title: T, module: castles}\n")
    with pytest.raises(ValueError, match=r"en\.yaml: section 1: unknown module 'castles'"):
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


def test_the_page_is_laid_out_on_enter_resize_and_language_never_while_drawing() -> None:
    from splendor import i18n
    from splendor.ui.main import Game

    app = App((1280, 720))
    game = Game(app)
    app.stack.push(game.menu_scene())
    scene = RulesScene()
    app.stack.push(scene)

    def placed() -> tuple[object, ...]:
        return (id(scene._page), scene.title, tuple(scene.tops), tuple(scene._back),
                scene._view_h, scene.scroll)

    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN))
    before = placed()
    assert scene._page is not None and before[5] > 0, "laid out before the first frame"
    scene.draw(pygame.Surface((1024, 600)))  # another size: drawn, not laid out again
    i18n.set_language("es")  # behind the page's back: drawn as it was laid out
    app.render()
    app.step(0.05)
    assert placed() == before and scene.title == load_rules("en")[0]
    i18n.set_language("en")
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
    small = placed()
    assert small[0] != before[0] and small[3] != before[3] and small[5] == before[5]
    game.change_language("es")
    assert scene.title == load_rules("es")[0] and placed()[0] != small[0]
    back = scene._back.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=back, button=1))
    assert app.stack.top is not scene, "Back answers where it is drawn"
    app.close()


@pytest.mark.parametrize("module", module_ids())
def test_the_page_can_open_at_a_module(module: str) -> None:
    app = App((1024, 600))
    scene = RulesScene(module=module)
    app.stack.push(scene)
    app.render()
    index = next(i for i, s in enumerate(scene.sections) if s.module == module)
    assert 0 < scene.scroll <= scene.tops[index] < scene.scroll + scene._view_h, \
        "the module's section is in view"
    app.close()


def _click_spot(app: App, scene: object, action: object) -> None:
    """Click the middle of the button of `scene` that runs `action`."""
    rect = next(rect for rect, act in scene._spots if act == action)  # type: ignore[attr-defined]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.dispatch(pygame.event.Event(kind, pos=rect.center, button=1))


def _rules_from_pause(app: App, game: object) -> tuple[object, RulesScene]:
    """Pause `game` (a Game at its table) and open the rules from the pause menu: the
    pause menu and the rules."""
    from splendor.ui.scenes.pause import PauseScene

    game.pause()  # type: ignore[attr-defined]
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    app.render()
    _click_spot(app, pause, pause.on_rules)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    app.render()
    return pause, rules


def test_the_rules_open_from_the_pause_menu_and_follow_the_language() -> None:
    from splendor import i18n
    from splendor.ui.main import Game
    from splendor.ui.options import GameOptions, SeatOption

    app = App((1024, 600))
    game = Game(app)
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Bot")),
                           first_player=0, seed=5))
    try:
        pause, rules = _rules_from_pause(app, game)
        assert rules.title == load_rules("en")[0]
        game.change_language("es")  # as the settings do: every screen laid out again
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


@pytest.mark.parametrize("module", module_ids())
def test_the_rules_from_a_games_pause_menu_open_at_its_module(app: App, module: str) -> None:
    from splendor.ui.main import Game
    from splendor.ui.options import GameOptions, SeatOption

    game = Game(app)
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Eve")),
                           first_player=0, seed=4, module=module))
    app.render()
    _, rules = _rules_from_pause(app, game)
    # Scrolled down to the module's section, which starts in view.
    assert rules.scroll > 0
    section = next(s for s in rules.sections if s.module == module)
    assert section.title


def test_a_line_never_breaks_at_a_no_break_space() -> None:
    pygame.init()
    from splendor.ui import theme

    # French writes '70 % → 0 %' with no-break spaces: '0' and '%' stay on one line.
    text = "Medium bot : Gaffe, 70\u00a0% → 0\u00a0%"
    for width in range(60, 400, 7):
        lines = wrap(text, 17, width)
        assert all(not line.startswith("%") for line in lines), (width, lines)
        assert " ".join(lines).replace("\u00a0", " ") == text.replace("\u00a0", " ")
    assert theme.font(17).size("0\u00a0%")[0] > theme.font(17).size("0%")[0], \
        "the no-break space is drawn as a space"
