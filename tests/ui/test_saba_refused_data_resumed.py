"""A player's copy of Saba's card data refused for a mistake is told on Continue and Load
as on New game (RULES_SABA.md section 8): the same message, naming the file, the entry and
the problem, over the table of a game played with the shipped data (which it plays on), or
over the refusal of a game played with the copy, which then says the copy has a mistake;
told once for the window, whichever screen told it; the save file left as it was."""

from __future__ import annotations

from pathlib import Path

import pygame

from splendor import i18n
from splendor.games import find_game
from splendor.saba.data import shipped_saba_data
from splendor.saba.session import SabaSession
from splendor.session import saving
from splendor.session.bot_process import InlineBots
from splendor.session.seats import GameOptions, SeatOption
from splendor.storage import paths
from splendor.storage.paths import saba_data_path
from splendor.storage.saves import save_info, save_path_for
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.saba.data_note import refusal_text, refusal_title
from splendor.ui.saba.table import SabaTableScene
from splendor.ui.scenes.load_game import LoadGameScene, describe, problem_reason
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene
from tests.saba.user_copy import LEVEL_1, LEVEL_4, write_copy
from tests.ui.saba_mouse import FRAME, click

SABA = find_game("saba")
SPLENDOR_DATA = find_game("splendor").data()


def saved_game(named: str | None = None) -> Path:
    """A game of Saba with the data loaded now, two decisions in, autosaved (or saved as
    `named`); its file."""
    seats = (SeatOption("human", "Ada"), SeatOption("easy", "Easy 2"))
    options = GameOptions(seats, first_player=0, seed=11, game="saba")
    session = SabaSession(SABA.data(), options, InlineBots("saba"))
    for _ in range(2):
        assert session.play(session.view().legal_actions[0]) is None
    if named is None:
        assert saving.autosave(session, SPLENDOR_DATA) == []
        return paths.autosave_path()
    path = save_path_for(named)
    saving.save_as(session, path, named)
    return path


def break_copy() -> None:
    """The player's copy with arch-3 at a level no card has: refused."""
    write_copy(LEVEL_1, LEVEL_4)
    assert SABA.data().refused is not None


def the_refusal(app: App) -> MessageScene:
    """The message on top, which must be the refusal of the copy New game shows."""
    message = app.stack.top
    assert isinstance(message, MessageScene)
    assert message.title == refusal_title()
    assert message.message == refusal_text(SABA.data())
    assert "arch-3" in message.message and "'level' must be 1, 2 or 3" in message.message
    assert str(saba_data_path().parent) in message.message
    return message


def close(app: App, message: MessageScene) -> None:
    message.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert message not in app.stack.scenes


def test_continue_tells_the_refused_copy_over_the_game_it_plays_on(app: App) -> None:
    path = saved_game()
    break_copy()
    before = path.read_bytes()
    game = Game(app)
    app.stack.replace(game.menu_scene())
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["continue"].rect.center)
    message = the_refusal(app)
    table = app.stack.scenes[-2]
    assert isinstance(table, SabaTableScene), "over the game continued"
    assert table.session.state.data == shipped_saba_data()
    for _ in range(20):  # the game waits under the message
        app.step(FRAME)
    close(app, message)
    assert app.stack.top is table
    assert path.read_bytes() == before, "the save as it was"
    game.close()


def test_load_tells_it_once_for_the_window_as_new_game_does(app: App) -> None:
    path = saved_game(named="Ada at the palace")
    break_copy()
    before = path.read_bytes()
    game = Game(app)
    app.stack.replace(game.menu_scene())
    game.open_load()
    load = app.stack.top
    assert isinstance(load, LoadGameScene)
    app.render()
    row = next(r for r in load._rows if r.info.path == path)
    click(app, row.rect.center)
    close(app, the_refusal(app))
    assert isinstance(app.stack.top, SabaTableScene)
    assert path.read_bytes() == before, "the save as it was"
    game.to_menu()
    game.games.choose(SABA)
    assert not isinstance(app.stack.top, MessageScene), "told once, whichever screen told it"
    game.resume(path)
    assert isinstance(app.stack.top, SabaTableScene)
    game.close()


def test_a_game_played_with_the_copy_says_the_copy_now_has_a_mistake(app: App) -> None:
    copy = write_copy()
    fingerprint = SABA.data().fingerprint()
    path = saved_game()
    break_copy()
    before = path.read_bytes()
    game = Game(app)
    app.stack.replace(game.menu_scene())
    game.continue_game()
    close(app, the_refusal(app))
    cannot = app.stack.top
    assert isinstance(cannot, MessageScene)
    reason = i18n.tr("saves.problem.edited_refused", fingerprint=fingerprint, path=str(copy))
    assert cannot.message == i18n.tr("dialog.cannot_continue.text", reason=reason)
    assert path.read_bytes() == before, "the save as it was"
    # The saved games list says the same of it.
    info = save_info(path)
    assert describe(info)[1] == problem_reason(info.error_kind, info.error_params) == reason
    game.close()


def test_an_autosave_of_other_card_data_is_not_called_damaged_beside_a_backup(
    app: App,
) -> None:
    # The backup (an older game, readable) is offered for a damaged autosave only: this
    # one is whole, played with the player's copy now refused, and the player hears so.
    older = saved_game().read_bytes()  # played with the shipped data
    paths.autosave_path().unlink()
    write_copy()
    fingerprint = SABA.data().fingerprint()
    path = saved_game()
    backup = paths.autosave_backup_path()
    backup.write_bytes(older)
    break_copy()
    assert save_info(backup).error is None
    before, kept = path.read_bytes(), backup.read_bytes()
    game = Game(app)
    app.stack.replace(game.menu_scene())
    game.continue_game()
    close(app, the_refusal(app))
    cannot = app.stack.top
    assert isinstance(cannot, MessageScene), "not the damaged autosave's offer of the backup"
    reason = i18n.tr("saves.problem.edited_refused", fingerprint=fingerprint,
                     path=str(saba_data_path()))
    assert cannot.message == i18n.tr("dialog.cannot_continue.text", reason=reason)
    assert path.read_bytes() == before and backup.read_bytes() == kept
    game.close()
