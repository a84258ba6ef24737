"""The guided first game played with the mouse at 1024x600, in every language: every
step done by the player's usual gestures, a wrong move at each step refused with the
step's sentence (the step stays, the refusal goes once the player moves on), the box
never over a piece pointed at nor over any line of the game log or the final round's
banner, the text fitting, the final round kept on the table with how the game ended
until Continue, leaving and resuming, skipping, and the offer on the very first start."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from splendor import i18n
from splendor.engine import Action, Buy, Phase, Reserve, Take, TakeTwo
from splendor.engine.actions import Stronghold
from splendor.engine.modules import module_ids
from splendor.i18n import LANGUAGES, tr
from splendor.session.tutorial import TutorialSession, text_key
from splendor.storage import paths
from splendor.storage.instance import claim_folders
from splendor.storage.tutorial_progress import progress_path, read_progress, save_progress
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.main import Game, open_menu, startup_settings
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.results import tie_sentence
from splendor.ui.scenes.tutorial import TutorialTableScene
from splendor.ui.wording import describe_entry, module_name, refusal_text
from tests.ui.gestures import click, drag
from tests.ui.table.test_table_play import (
    button,
    card_pos,
    human_may_act,
    perform,
    run_until,
)

SIZE = (1024, 600)


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Play in the parametrized language (`indirect`)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(i18n.DEFAULT)


def window() -> App:
    """A 1024x600 window with no event left from an earlier test."""
    app = App(SIZE)
    app.running = True
    pygame.event.clear()
    return app


def start(app: App, language: str | None = None) -> tuple[Game, TutorialSession,
                                                          TutorialTableScene]:
    """Menu -> Learn to play, with fast animations."""
    game = Game(app)
    game.prefs.speed = 50.0
    app.stack.push(game.menu_scene())
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    app.step(0.0)
    click(app, menu.buttons[menu_learn_key(menu)].rect.center)
    table = app.stack.top
    assert isinstance(table, TutorialTableScene)
    session = game.session
    assert isinstance(session, TutorialSession)
    app.step(0.0)
    return game, session, table


def menu_learn_key(menu: MenuScene) -> str:
    keys = [k for k in menu.buttons if k.startswith("learn")]
    assert len(keys) == 1, list(menu.buttons)
    return keys[0]


def play_move(app: App, table: TutorialTableScene, action: Action, turn: int) -> None:
    """Make `action` with the mouse (`perform`; an Orient card is clicked in its row)."""
    if isinstance(action, Buy) and action.card_id.startswith("O"):
        rect = table.market_rect(action.card_id)
        assert rect is not None, f"{action.card_id} is not in the Orient's row"
        click(app, rect.center)
        click(app, button(table, "buy"))
        return
    perform(app, table, action, turn)


def ready(app: App, table: TutorialTableScene, session: TutorialSession) -> bool:
    """The player may act (table or a decision overlay), or the tutorial is over."""
    return session.done or human_may_act(app, table, session)


def check_box(table: TutorialTableScene) -> None:
    """The box is inside the window and covers no piece pointed at, nor the game log
    (room left for its title and a few lines) or the final round's banner over it."""
    assert table.layout is not None
    window = (0, 0, *table.layout.size)
    assert table.box.w > 0 and table.box.clip(window) == table.box
    assert table.rings or table.ended, f"step {table.tutorial.step}: nothing pointed at"
    for ring in table.rings:
        assert not table.box.colliderect(ring), f"the box covers {ring}"
    log = table.layout.log
    assert not table.box.colliderect(log), f"the box {table.box} covers the log {log}"
    assert table.layout.banner == log, "the banner goes over the log, clear of the box"
    assert log.h >= table._log_least(), f"the log {log} keeps too few lines"


def wrong_move(session: TutorialSession) -> Action:
    """A legal main action the step does not ask for, one the mouse can make."""
    step = session.step
    assert step is not None
    legal = [a for a in session.view().legal_actions if not step.counts(a)]
    for kind in (Take, Reserve, TakeTwo, Buy):
        for action in legal:
            paid = not isinstance(action, Buy) or action.payment is None
            three = not isinstance(action, Take) or len(action.colors) == 3
            if isinstance(action, kind) and paid and three:
                return action
    raise AssertionError(f"no wrong move to try at {step.id}")


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_the_tutorial_is_played_from_start_to_end_by_gestures(language: str) -> None:
    app = window()
    game, session, table = start(app)
    steps = session.tutorial.steps
    done: list[str] = []
    turn = 0
    with textfit.audit() as misfits:
        while True:
            run_until(app, lambda: ready(app, table, session), "the player's turn")
            if session.done:
                break
            app.render()
            if session.state.phase is Phase.RETURN:
                perform(app, table, session.state.legal_actions()[0], turn)
                continue
            step = session.step
            assert step is not None
            check_box(table)
            assert tr(text_key(step.id)) == table.step_text() == session.words()
            before = session.index
            perform(app, table, step.expect[0], turn)
            turn += 1
            assert session.refused is None, refusal_text(session.refused or "")
            assert session.index > before or session.state.phase is Phase.RETURN \
                or session.current != 0, f"{step.id} was not taken as done"
            done.append(step.id)
    report = "\n".join(f"  {m.text!r}: {m.problem}" for m in misfits)
    assert not misfits, f"{len(misfits)} misfits in {language}:\n{report}"
    assert done == [s.id for s in steps]
    outcome = session.state.outcome()
    assert outcome.winners == (0,) and outcome.tie_break == "fewest_cards"
    # The final round stays on the table: the box says the last move and the tie-break,
    # beside the banner, and waits, the banner gone, until Continue.
    run_until(app, lambda: table.ended, "the game's end in the box")
    with textfit.audit() as misfits:
        app.render()
    assert not misfits, misfits
    assert table.banner.active, "the final round's banner is still up"
    check_box(table)
    names, last = session.options.names, session.log[-1]
    assert last.seat == 1, "the coach's reply is the game's last move"
    said = table.step_text()
    assert describe_entry(names[1], last, session.data, names)[0] in said
    assert tie_sentence(session.standings(), 0) in said
    run_until(app, lambda: not table.banner.active, "the banner to go")
    assert app.stack.top is table and table.ended
    click(app, table.continue_rect.center)
    # "You're ready": Play now opens the New game screen; nothing is left to resume.
    top = app.stack.top
    assert isinstance(top, ConfirmScene) and top.title == tr("tutorial.ready.title")
    app.render()
    click(app, top._yes.center)
    assert isinstance(app.stack.top, NewGameScene)
    assert not progress_path().exists() and read_progress() is None
    assert not paths.autosave_path().exists(), "the tutorial is no game to continue"
    game.close()


@pytest.mark.parametrize("language", ["en", "fr"], indirect=True)
def test_a_wrong_move_at_each_step_is_refused_and_the_step_stays(language: str) -> None:
    app = window()
    game = Game(app)
    game.prefs.speed = 50.0
    steps = game_steps(game)
    for step_id in steps:
        save_progress(step_id)
        game.learning.open_tutorial()
        table = app.stack.top
        session = game.session
        assert isinstance(table, TutorialTableScene) and isinstance(session, TutorialSession)
        app.step(0.0)
        assert session.step is not None and session.step.id == step_id
        history = list(session.state.history)
        action = wrong_move(session)
        perform(app, table, action, 0)
        assert session.state.history == history, f"{step_id}: {action.text()} was played"
        assert session.step is not None and session.step.id == step_id
        assert session.refused is not None
        assert refusal_text(session.refused) == tr(text_key(step_id, "refusal"))
        app.render()
        assert table._refusal_text() == tr(text_key(step_id, "refusal"))
        check_box(table)
        # The step's own move still counts after the refusal, which goes.
        perform(app, table, session.step.expect[0], 1)
        assert session.refused is None
        assert list(session.state.history) != history
        app.render()
        assert table._refusal_text() == "" and table.ui.message == ""
    game.close()


@pytest.mark.parametrize("language", ["en"], indirect=True)
def test_a_refusal_goes_once_the_player_moves_on(language: str) -> None:
    """A take refused: the red words stay until the player drags a token for the next
    take (they are about the take that was refused)."""
    app = window()
    game, _, table = start(app)
    asked = table.box.copy()
    perform(app, table, Take((0, 1, 3)), 0)  # not the white, blue and green asked
    app.render()
    assert table._refusal_text() == tr(text_key("take_three", "refusal"))
    assert table.box != asked, "the box makes room for the refusal"
    lay = table.layout
    assert lay is not None
    drag(app, lay.bank[0].center, lay.my_area.center)
    assert table.ui.pending == [0]
    assert table._refusal_text() == ""
    app.render()
    assert table.box == asked, "the box is as the step alone needs it again"
    game.close()


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_box_leaves_the_game_log_whole_at_every_step(size: tuple[int, int]) -> None:
    app = App(size)
    app.running = True
    game = Game(app)
    for step_id in game_steps(game):
        save_progress(step_id)
        game.learning.open_tutorial()
        table = app.stack.top
        assert isinstance(table, TutorialTableScene)
        app.step(0.0)
        check_box(table)
    game.close()


def game_steps(game: Game) -> list[str]:
    from splendor.session.tutorial_data import load_tutorial

    return [s.id for s in load_tutorial(game.data).steps]


@pytest.mark.parametrize("language", ["en"], indirect=True)
def test_leave_resumes_where_it_was_and_skip_starts_over(language: str) -> None:
    app = window()
    game, session, table = start(app)
    perform(app, table, session.tutorial.steps[0].expect[0], 0)
    run_until(app, lambda: ready(app, table, session) and session.index == 1, "step two")
    app.render()
    click(app, table.leave_rect.center)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu_learn_key(menu) == "learn_continue"
    assert menu.buttons["learn_continue"].label == tr("menu.entry.learn_continue")
    assert not paths.autosave_path().exists()
    game2, session2, table2 = start(app)
    assert session2.step is not None and session2.step.id == "take_two"
    assert len(session2.state.history) == 2, "the first step and the coach's reply"
    app.render()
    click(app, table2.skip_rect.center)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu_learn_key(menu) == "learn"
    game2.close()
    game.close()


@pytest.mark.parametrize("content", [b"", b"{not json", b'{"version": 1, "step": 3}',
                                     b'{"version": 9, "step": "buy"}',
                                     b'{"version": 1, "step": "no_such_step"}'])
def test_a_broken_progress_file_starts_over(content: bytes) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    app = window()
    game, session, _ = start(app)
    assert session.index == 0 and session.step is not None
    assert session.step.id == "take_three"
    game.close()


def test_the_tutorial_is_offered_once_on_the_very_first_start() -> None:
    app = window()
    game = Game(app, loaded=startup_settings())
    lock = claim_folders()
    open_menu(game, lock)
    top = app.stack.top
    assert isinstance(top, ConfirmScene) and top.title == tr("tutorial.offer.title")
    app.render()
    click(app, top._no.center)  # Not now
    assert isinstance(app.stack.top, MenuScene)
    lock.release()  # the window is closed; the game starts again
    again = Game(window(), loaded=startup_settings())
    assert again.settings.tutorial_offered
    lock = claim_folders()
    open_menu(again, lock)
    lock.release()
    assert isinstance(again.app.stack.top, MenuScene), "offered once only"


def test_a_settings_file_from_before_the_offer_means_no_offer() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1, "language": "en"}')
    game = Game(window(), loaded=startup_settings())
    lock = claim_folders()
    open_menu(game, lock)
    lock.release()
    assert isinstance(game.app.stack.top, MenuScene)


def test_learn_to_play_from_the_offer_opens_the_tutorial() -> None:
    app = window()
    game = Game(app, loaded=startup_settings())
    lock = claim_folders()
    open_menu(game, lock)
    lock.release()
    top = app.stack.top
    assert isinstance(top, ConfirmScene)
    app.render()
    click(app, top._yes.center)
    assert isinstance(app.stack.top, TutorialTableScene)
    game.close()


# ------------------------------------------------------------------ the modules' lessons


def choose_module(app: App, setup: NewGameScene, module: str | None) -> None:
    """Click the module choice's right arrow until `module` is chosen."""
    for _ in range(len(module_ids()) + 1):
        if setup.chosen_module == module or app.stack.top is not setup:
            return
        rect = setup.module.rect
        click(app, (rect.right - 4, rect.centery))
    raise AssertionError(f"{module} is not offered")


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("module", module_ids())
def test_a_module_lesson_is_offered_the_first_time_and_played_by_gestures(
        language: str, module: str) -> None:
    app = window()
    game = Game(app)
    game.prefs.speed = 50.0
    # The modules before it in the choice were offered already (the arrow passes them).
    others = [m for m in module_ids() if m != module]
    game.settings.lessons_offered = list(others)
    app.stack.push(game.menu_scene())
    game.open_new_game()
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    app.render()
    choose_module(app, setup, module)
    offer = app.stack.top
    assert isinstance(offer, ConfirmScene), f"no lesson offered for {module}"
    assert offer.title == tr("tutorial.lesson.offer.title", module=module_name(module))
    app.render()
    click(app, offer._yes.center)
    table = app.stack.top
    session = game.session
    assert isinstance(table, TutorialTableScene) and isinstance(session, TutorialSession)
    assert session.state.module == module and session.options.module == module
    app.step(0.0)
    step = session.step
    assert step is not None
    with textfit.audit() as misfits:
        app.render()
        check_box(table)
        wrong = wrong_move(session)
        play_move(app, table, wrong, 0)
        assert session.refused is not None and session.step is step
        app.render()
        play_move(app, table, step.expect[0], 1)
        if session.state.phase is Phase.STRONGHOLD:  # the step after a purchase
            target = next(a.card_id for a in session.view().legal_actions
                          if isinstance(a, Stronghold))
            click(app, card_pos(table, target))
    report = "\n".join(f"  {m.text!r}: {m.problem}" for m in misfits)
    assert not misfits, f"{len(misfits)} misfits in {language}:\n{report}"
    assert session.done
    run_until(app, lambda: isinstance(app.stack.top, ConfirmScene), "the lesson's end")
    done = app.stack.top
    assert isinstance(done, ConfirmScene) and done.title == module_name(module)
    app.render()
    click(app, done._yes.center)  # Play now: the New game screen, the module chosen
    setup = app.stack.top
    assert isinstance(setup, NewGameScene) and setup.chosen_module == module
    # Chosen again: no second offer.
    assert game.settings.lessons_offered == [*others, module]
    choose_module(app, setup, None)
    choose_module(app, setup, module)
    assert app.stack.top is setup and setup.chosen_module == module
    game.close()
