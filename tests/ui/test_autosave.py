"""Autosave after every completed turn, and Continue resumes exactly: the same position,
and bots that go on making the moves they would have made without the interruption."""

from __future__ import annotations

import os
import random
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from splendor.engine import GameState
from splendor.i18n import tr
from splendor.session import saving
from splendor.session.game import Session
from splendor.storage import paths
from splendor.storage.atomic import StorageError
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.marks import last_move_marks
from tests.helpers import play_turns, play_until

OPTIONS = GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Hard bot")),
                      first_player=0, seed=99)
#: Bots whose choices depend on their random draws (noise and blunders), so a resumed game
#: only goes on as the uninterrupted one if their randomness resumes exactly too.
RANDOM_BOTS = GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Easy bot"),
                           SeatOption("medium", "Medium bot")), first_player=0, seed=123)


def session_of(game: Game) -> Session:
    assert isinstance(game.session, Session)
    return game.session


def test_each_completed_turn_is_autosaved_and_continue_resumes_it() -> None:
    app = App((1280, 720))
    game = Game(app)
    game.start(OPTIONS)
    assert not paths.autosave_path().exists()
    play_turns(session_of(game), 5, random.Random(1))
    assert paths.autosave_path().exists()
    before = session_of(game)
    expected = before.state.key()

    other = Game(App((1280, 720)))
    menu = other.menu_scene()
    assert "continue" in menu.buttons  # type: ignore[attr-defined]
    other.continue_game()
    resumed = session_of(other)
    assert resumed.state.key() == expected
    assert [e.action for e in resumed.log] == [e.action for e in before.log]
    assert resumed.options.names == before.options.names
    assert [s.kind for s in resumed.options.seats] == ["human", "hard"]
    assert isinstance(other.app.stack.top, TableScene)


def test_a_resumed_game_goes_on_with_the_same_bot_moves() -> None:
    """Quit after a few turns and continue: the bots then play exactly what they would
    have played had the game never stopped (given the same moves of the human)."""
    game = Game(App((1280, 720)))
    game.start(RANDOM_BOTS)
    play_turns(session_of(game), 4, random.Random(2))
    other = Game(App((1280, 720)))
    other.continue_game()
    resumed = session_of(other)
    assert resumed.state.key() == session_of(game).state.key()
    played = len(resumed.state.history)

    # The same human moves from here on in both; the bots must answer alike.
    play_turns(session_of(game), 24, random.Random(3))
    play_turns(resumed, 24, random.Random(3))
    uninterrupted = session_of(game).state.history[played:]
    assert resumed.state.history[played:] == uninterrupted
    bot_moves = [e for e in resumed.log[played:] if e.seat != 0]
    assert len(bot_moves) >= 16  # both bots, eight turns each
    assert resumed.state.key() == session_of(game).state.key()


def test_a_damaged_autosave_offers_the_backup_and_loses_nothing() -> None:
    app = App((1280, 720))
    game = Game(app)
    game.start(OPTIONS)
    play_turns(session_of(game), 4, random.Random(1))
    good_backup = paths.autosave_backup_path().read_bytes()
    paths.autosave_path().write_bytes(b"\x00garbage")
    other = Game(App((1280, 720)))
    other.continue_game()
    top = other.app.stack.top
    assert top is not None and type(top).__name__ == "ConfirmScene"
    assert paths.autosave_path().read_bytes() == b"\x00garbage", "nothing is deleted"
    top.on_yes()  # type: ignore[attr-defined]
    assert any(isinstance(s, TableScene) for s in other.app.stack.scenes), \
        "the backup's game is on the table"
    assert isinstance(other.app.stack.top, MessageScene), "the player hears of the damaged file"
    assert other.session is not None
    assert paths.autosave_backup_path().read_bytes() == good_backup
    kept = [p for p in paths.saves_dir().iterdir() if p.read_bytes() == b"\x00garbage"]
    assert len(kept) == 1 and kept[0].name.startswith("autosave.unreadable-")


def test_no_continue_before_any_game_or_after_a_finished_one() -> None:
    assert "continue" not in Game(App((1280, 720))).menu_scene().buttons  # type: ignore[attr-defined]


def test_nothing_to_continue_without_any_readable_save() -> None:
    paths.saves_dir().mkdir(parents=True)
    paths.autosave_path().write_text("{}")
    game = Game(App((1280, 720)))
    game.continue_game()
    assert isinstance(game.app.stack.top, MessageScene)
    assert game.app.stack.top.message == tr("dialog.cannot_continue.text",
                                            reason=tr("saves.problem.not_save"))


def test_a_pending_token_return_is_resumed_as_it_was() -> None:
    from splendor.engine import Action, Phase, Take, View

    app = App((1280, 720))
    game = Game(app)
    game.start(OPTIONS)
    session = session_of(game)
    rng = random.Random(5)

    def take_tokens(view: View) -> Action:
        # The human only takes tokens, so a return above ten comes within a few turns.
        takes = [a for a in view.legal_actions if isinstance(a, Take)]
        return rng.choice(takes or list(view.legal_actions))

    play_until(session, lambda: session.state.phase is Phase.RETURN and session.current == 0,
               human=take_tokens)
    excess = session.state.excess_tokens()
    game.autosave()  # what closing the window does mid-turn
    other = Game(App((1280, 720)))
    other.continue_game()
    resumed = session_of(other)
    assert resumed.state.phase is Phase.RETURN and resumed.current == 0
    assert resumed.state.excess_tokens() == excess > 0
    assert resumed.state.key() == session.state.key()


def test_a_noble_choice_waits_for_the_pause_menu_pressed_with_the_pass_screen() -> None:
    """A hot-seat autosave in `Phase.NOBLE`, continued: Escape in the frame that passes the
    pass screen opens the pause menu, and the noble choice comes once it is closed (it
    opened over the paused game before, where every choice was refused)."""
    import pygame

    from splendor.engine import Buy, ChooseNoble, Phase, new_game
    from splendor.gamedata import base_game
    from splendor.storage.saves import save_document, write_save
    from splendor.ui.scenes.noble_choice import NobleChoiceScene
    from splendor.ui.scenes.pass_screen import PassScreenScene
    from splendor.ui.scenes.pause import PauseScene

    def at_noble_choice(seed: int) -> GameState | None:
        # A real game (a save replays its moves from the deal): buying whenever possible
        # soon earns two nobles at once (seed 0, 53 moves in).
        rng = random.Random(seed)
        state = new_game(base_game(), 2, seed, ("Ada", "Bob"), 0)
        while not state.is_over() and state.phase is not Phase.NOBLE:
            actions = state.legal_actions()
            state.apply(rng.choice([a for a in actions if isinstance(a, Buy)] or actions))
        return state if state.phase is Phase.NOBLE else None

    state = next(s for s in map(at_noble_choice, range(100)) if s is not None)
    paths.saves_dir().mkdir(parents=True, exist_ok=True)
    write_save(paths.autosave_path(), save_document(
        state, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]))
    app = App((1280, 720))
    game = Game(app)
    game.continue_game()
    app.step(0.05)
    assert isinstance(app.stack.top, PassScreenScene)

    def key(code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))

    key(pygame.K_RETURN)  # the player to act is at the screen...
    key(pygame.K_ESCAPE)  # ...and pauses at once, before the next frame
    app.step(0.05)
    app.step(0.05)
    assert isinstance(app.stack.top, PauseScene)
    key(pygame.K_ESCAPE)  # resume
    app.step(0.05)
    app.step(0.05)
    choice = app.stack.top
    assert isinstance(choice, NobleChoiceScene)
    noble, rect = choice._rects[0]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=rect.center, button=1))
    app.step(0.05)
    assert session_of(game).log[-1].action == ChooseNoble(noble)
    game.close()


def test_an_autosave_holding_an_illegal_game_never_becomes_the_backup() -> None:
    import json

    app = App((1280, 720))
    game = Game(app)
    game.start(OPTIONS)
    play_turns(session_of(game), 4, random.Random(1))
    good_backup = paths.autosave_backup_path().read_bytes()
    doc = json.loads(paths.autosave_path().read_text())
    doc["record"]["actions"][0] = "take2 gold"  # parses as JSON, fails on replay
    paths.autosave_path().write_text(json.dumps(doc))
    play_turns(session_of(game), 1, random.Random(1))
    assert paths.autosave_backup_path().read_bytes() == good_backup


def test_after_continue_new_game_still_offers_a_drawn_first_player() -> None:
    """A playtest found "First player: Random" turned into the player the draw picked once
    the game had been resumed with Continue."""
    game = Game(App((1280, 720)))
    game.start(replace(OPTIONS, first_player=None))
    play_turns(session_of(game), 3, random.Random(1))
    other = Game(App((1280, 720)))
    other.continue_game()
    assert other.last_options is not None and other.last_options.first_player is None
    other.open_new_game()
    scene = other.app.stack.top
    assert isinstance(scene, NewGameScene) and scene.options().first_player is None


def test_a_resumed_game_and_an_undo_show_the_last_move_marks() -> None:
    """A playtest found the marks of the bot's last move gone after Continue and Undo."""
    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    play_turns(session_of(game), 3, random.Random(1))
    other = Game(App((1280, 720)))
    other.continue_game()
    table = other.app.stack.top
    assert isinstance(table, TableScene)
    session = session_of(other)
    before = session.view_before_last()
    assert before is not None
    assert (table.ui.highlight, table.ui.dealt, table.ui.moved) == last_move_marks(
        before, session.view())
    assert table.ui.highlight or table.ui.dealt or table.ui.moved
    play_turns(session, 1, random.Random(2))
    table.undo()
    assert session.log[-1].seat == 1  # back to after the bot's reply, whose marks show
    before = session.view_before_last()
    assert before is not None
    assert (table.ui.highlight, table.ui.dealt, table.ui.moved) == last_move_marks(
        before, session.view())
    assert table.ui.highlight or table.ui.dealt or table.ui.moved


def test_a_failed_autosave_is_told_on_the_table_in_the_language_chosen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    table = game.app.stack.top
    assert isinstance(table, TableScene)
    problem = "No space left on device: 'autosave.json'"

    def disk_full(session: Session, data: object) -> list[object]:
        raise StorageError(problem)

    with monkeypatch.context() as patch:
        patch.setattr(saving, "autosave", disk_full)
        game.autosave()  # what a completed turn does
    english = table.ui.notice
    assert english == tr("dialog.autosave_failed", detail=problem)
    game.change_language("fr")
    assert table.ui.notice == tr("dialog.autosave_failed", detail=problem) != english
    assert problem in table.ui.notice, "the detail is kept in the new words"
    game.autosave()  # the disk has room again: the notice goes, in any language
    assert table.ui.notice == ""
    game.change_language("en")
    assert table.ui.notice == ""
