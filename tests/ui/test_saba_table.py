"""Saba in the window (issue 59): the menu offers both games, the notice comes before the
first game of Saba, a game against bots is played to its results with the mouse alone,
refusals are worded, undo and the hint work from the table, Continue resumes the same
game, a damaged Saba autosave is refused and kept, and the table lays out on a resize or a
change of language, never while drawing."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from splendor import i18n
from splendor.games import find_game, games
from splendor.saba.engine import Buy, ChooseFace, Step
from splendor.saba.result_words import headline
from splendor.saba.session import SabaSession
from splendor.session.seats import GameOptions, SeatOption
from splendor.storage import paths
from splendor.storage.settings import load_settings
from splendor.storage.stats import load_stats
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.saba.choices import Target, legal_at
from splendor.ui.saba.notice import SabaNoticeScene
from splendor.ui.saba.results import SabaResultsScene
from splendor.ui.saba.table import SabaTableScene
from splendor.ui.saba.targets import places, rect_of
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.load_game import LoadGameScene, describe
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.pass_screen import PassScreenScene
from tests.ui.saba_mouse import FRAME, click, drag, make

SABA = find_game("saba")


def saba_options(*kinds: str, seed: int = 21) -> GameOptions:
    seats = tuple(
        SeatOption(k, "Ada" if k == "human" else f"{k.capitalize()} bot {i}")
        for i, k in enumerate(kinds)
    )
    return GameOptions(seats, first_player=0, seed=seed, game="saba")


def table_of(app: App) -> SabaTableScene:
    table = next(s for s in app.stack.scenes if isinstance(s, SabaTableScene))
    table.speed = 50.0  # bots' moves shown for a moment only
    return table


def until_human(
    app: App, table: SabaTableScene, step: Step | None = None, frames: int = 2000
) -> None:
    """Let frames pass (the bots playing) until the person decides (at `step`)."""
    for _ in range(frames):
        if table.acting() and (step is None or table.view().step is step):
            return
        app.step(FRAME)
    raise AssertionError("the person never got to decide")


def test_the_menu_offers_every_game_and_saba_shows_its_notice_once(app: App) -> None:
    game = Game(app)
    app.stack.replace(game.menu_scene())
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["new_game"].rect.center)
    choice = app.stack.top
    assert isinstance(choice, MenuScene)
    offered = {key: button.label for key, button in choice.buttons.items()}
    assert offered == {**{f"game_{g.id}": i18n.tr(g.name_key) for g in games()}, "back": "Back"}
    click(app, choice.buttons["game_saba"].rect.center)
    notice = app.stack.top
    assert isinstance(notice, SabaNoticeScene)
    assert "reconstruction" in notice.title + i18n.tr("saba.notice.text", file="x")
    app.stack.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    setup = app.stack.top
    assert isinstance(setup, NewGameScene) and setup.game == SABA
    assert "saba" in load_settings()[0].notices_seen  # remembered for the next time
    # Saba's levels on the seats, no module row, the notice still reachable.
    assert setup.rows[1].kinds == ("human", "easy", "medium", "hard")
    assert not setup.module.visible and setup.about.visible
    click(app, setup.about.rect.center)
    assert isinstance(app.stack.top, SabaNoticeScene)
    app.stack.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert app.stack.top is setup
    click(app, setup.back.rect.center)
    click(app, choice.buttons["game_saba"].rect.center)  # seen: straight to New game
    assert isinstance(app.stack.top, NewGameScene)
    click(app, app.stack.top.start.rect.center)
    table = table_of(app)
    assert isinstance(table.session, SabaSession)
    assert table.session.options.game == "saba"
    game.close()


def test_a_game_against_bots_is_played_to_its_results_with_the_mouse(app: App) -> None:
    game = Game(app)
    game.start(saba_options("human", "hard", "easy"))
    table = table_of(app)
    session = table.session
    rng = random.Random(4)
    for _ in range(3000):
        if isinstance(app.stack.top, SabaResultsScene):
            break
        if table.acting():
            before = len(session.state.history)
            make(app, table, rng.choice(table.view().legal_actions))
            assert len(session.state.history) == before + 1, table.refusal
        app.step(FRAME)
    results = app.stack.top
    assert isinstance(results, SabaResultsScene), "the game reached its results"
    outcome = session.state.outcome()
    assert results.outcome == outcome
    assert results.title == headline(outcome, session.options.names, 0)
    records, _ = load_stats()
    key = "hard/3/saba"
    assert records[key].played == 1, "counted apart from Splendor's games"
    assert results.record_text and "Saba" in results.record_text
    # Its log words every decision; the results say how the game ended.
    assert len(table._log_text) >= len(session.log)
    assert (
        results.lines()
        .splitlines()[0]
        .startswith(("The last palace card", "The end card", "You bought", "Hard", "Easy", "Ada"))
    )
    game.close()


def test_a_refusal_is_worded_and_a_hint_and_undo_work_from_the_table(app: App) -> None:
    game = Game(app)
    game.start(saba_options("human", "medium"))
    table = table_of(app)
    session = table.session
    until_human(app, table)
    assert table.view().step is Step.START
    # A card of the build spaces before taking a harbour section: phase 1 comes first.
    assert table.layout is not None
    click(app, table.layout.spaces[0].center)
    assert table.refusal is not None and table.refusal.code == "harbour_first"
    assert table.panel is not None and table.panel.text.refusal.startswith("Phase 1")
    # The hint: the hard bot's move, said in words and framed on the board.
    hint = next(b for b in table.panel.buttons if b.key == ("hint",))
    click(app, hint.rect.center)
    app.step(FRAME)
    assert session.hint is not None and session.hint in table.view().legal_actions
    assert table.panel.text.hint_text.startswith("Hint: ")
    assert table.marks().hinted is not None
    make(app, table, session.hint)
    played = len(session.state.history)
    assert played >= 1 and session.hint is None
    undo = next(b for b in table.panel.buttons if b.key == ("undo",))
    click(app, undo.rect.center)
    assert len(session.state.history) < played and session.counters.undos == 1
    assert table.view().step is Step.START
    game.close()


def test_a_card_dragged_into_ones_own_band_is_bought(app: App) -> None:
    game = Game(app)
    game.start(saba_options("human", "easy", seed=5))
    table = table_of(app)
    session = table.session
    for _ in range(400):  # on to a build the player can pay for
        until_human(app, table)
        view = table.view()
        buys = [a for a in view.legal_actions if isinstance(a, Buy)]
        if buys:
            break
        make(app, table, view.legal_actions[0])
    else:
        pytest.fail("no purchase came")
    assert table.layout is not None
    card = rect_of(table.layout, view, table.data, Target("card", buys[0].card_id))
    assert card is not None
    before = len(session.state.history)
    drag(app, card.center, table.layout.own.center)
    assert session.state.history[before] == buys[0], table.refusal
    game.close()


def test_continue_resumes_the_same_game_of_saba(app: App) -> None:
    game = Game(app)
    game.start(saba_options("human", "hard", "medium"))
    table = table_of(app)
    session = table.session
    rng = random.Random(9)
    while session.state.turns < 4:  # autosaved after every turn
        until_human(app, table)
        make(app, table, rng.choice(table.view().legal_actions))
    until_human(app, table, Step.START)
    state = session.state.clone()
    game.to_menu()
    again = Game(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and "continue" in menu.buttons
    click(app, menu.buttons["continue"].rect.center)
    resumed = table_of(app)
    assert resumed.session.state == state
    assert resumed.session.options.names == session.options.names
    again.close()


def damaged_autosave(app: App, backup: bool) -> tuple[Game, bytes]:
    """A game of Saba autosaved (twice: a backup, with `backup`), then its autosave
    damaged: its palace deck is not one S6 deals."""
    game = Game(app)
    game.start(saba_options("human", "easy"))
    table = table_of(app)
    until_human(app, table)
    if backup:
        game.autosave()
    make(app, table, table.view().legal_actions[0])
    game.to_menu()  # autosaves the game as it stands
    path = paths.autosave_path()
    document = json.loads(path.read_text(encoding="utf-8"))
    document["record"]["setup"]["palace_deck"].reverse()
    damaged = json.dumps(document).encode()
    path.write_bytes(damaged)
    return game, damaged


def test_a_damaged_saba_autosave_is_refused_with_its_reason_and_kept(app: App) -> None:
    game, damaged = damaged_autosave(app, backup=False)
    game.continue_game()
    message = app.stack.top
    assert isinstance(message, MessageScene)
    assert message.message == i18n.tr(
        "dialog.cannot_continue.text", reason=i18n.tr("saves.problem.damaged")
    )
    assert paths.autosave_path().read_bytes() == damaged, "nothing lost"
    game.close()


def test_with_a_damaged_saba_autosave_continue_offers_the_backup(app: App) -> None:
    game, damaged = damaged_autosave(app, backup=True)
    game.continue_game()
    offer = app.stack.top
    assert isinstance(offer, ConfirmScene)
    assert offer.title == i18n.tr("dialog.autosave_damaged.title")
    offer.on_yes()
    table = table_of(app)
    assert table.session.state.history == ()  # the backup: the game before any move
    assert paths.autosave_path().read_bytes() == damaged, "nothing lost"
    game.close()


def test_the_table_lays_out_on_resize_and_language_never_while_drawing(app: App) -> None:
    game = Game(app)
    game.start(saba_options("human", "medium"))
    table = table_of(app)
    until_human(app, table)
    panel, layout, version = table.panel, table.layout, table.session.version
    for _ in range(3):
        app.render()
    assert table.panel is panel and table.layout is layout
    assert table.session.version == version, "drawing changes nothing"
    game.change_language("fr")
    assert table.panel is not panel
    assert table.panel is not None and table.panel.text.prompt.startswith("Prenez")
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600))
    assert table.layout is not None and table.layout.size == (1024, 600)
    game.change_language("en")
    game.close()


def test_a_decision_with_several_options_offers_them_as_buttons(app: App) -> None:
    game = Game(app)
    game.start(saba_options("human", "hard", seed=33))
    table = table_of(app)
    session = table.session
    for _ in range(600):
        until_human(app, table)
        view = table.view()
        assert table.layout is not None
        several = next(
            (
                t
                for t, _ in places(table.layout, view, table.data)
                if len(legal_at(view, table.data, t)) > 1
            ),
            None,
        )
        if several is not None:
            break
        make(app, table, view.legal_actions[0])
    else:
        pytest.fail("no part offered several decisions")
    options = legal_at(view, table.data, several)
    rect = rect_of(table.layout, view, table.data, several)
    assert rect is not None
    click(app, rect.center)
    assert table.choosing == (several, options)
    assert table.offered == options and table.panel is not None
    labels = [b.label for b in table.panel.buttons if b.key[0] == "act"]
    assert len(labels) == len(options)
    before = len(session.state.history)
    make(app, table, options[-1])
    assert session.state.history[before] == options[-1]
    game.close()


def test_hot_seat_shows_each_hand_only_to_its_player_after_the_pass_screen(app: App) -> None:
    game = Game(app)
    seats = (SeatOption("human", "Ada"), SeatOption("human", "Bo"))
    game.start(GameOptions(seats, first_player=0, seed=3, game="saba"))
    table = table_of(app)
    app.step(FRAME)
    assert isinstance(app.stack.top, PassScreenScene) and app.stack.top.name == "Ada"
    assert table.view().players[0].hand is None, "no secret before Ada is at the screen"
    click(app, (10, 10))
    assert table.acting()
    make(app, table, ChooseFace("hand"))  # draws an action card
    assert table.view().players[0].hand, "Ada sees her card"
    while table.session.current == 0:
        make(app, table, table.view().legal_actions[0])
    app.step(FRAME)
    assert isinstance(app.stack.top, PassScreenScene) and app.stack.top.name == "Bo"
    view = table.view()
    assert view.players[0].hand is None and view.players[1].hand is None
    assert not table.acting()
    game.close()


def test_the_load_screen_names_a_saba_save_and_loads_it_on_its_table(app: App) -> None:
    game = Game(app)
    game.start(saba_options("human", "easy"))
    table = table_of(app)
    until_human(app, table)
    make(app, table, table.view().legal_actions[0])
    assert game.save_as("Evening in Saba") is None
    state = table.session.state.clone()
    game.to_menu()
    game.open_load()
    screen = app.stack.top
    assert isinstance(screen, LoadGameScene)
    info = next(i for i in screen.saves if i.name == "Evening in Saba")
    assert describe(info)[1].endswith(i18n.tr("games.saba.name"))
    game.resume(info.path)
    assert table_of(app).session.state == state
    game.close()
