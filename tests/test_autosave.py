"""Autosave after every completed turn, and Continue resumes exactly (bots included)."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from splendor.engine import observe
from splendor.i18n import tr
from splendor.storage import paths
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.table import TableScene

OPTIONS = GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Hard bot")),
                      first_player=0, seed=99)


def play_turns(game: Game, turns: int) -> None:
    """Play whole turns for both seats through the controller (human moves at random)."""
    controller = game.controller
    assert controller is not None
    rng = random.Random(1)
    target = controller.state.turns + turns
    while controller.state.turns < target:
        seat = controller.state.current
        if controller.is_human(seat):
            controller.play(rng.choice(controller.state.legal_actions()))
        else:
            bot = controller.bots[seat]
            controller.commit(seat, bot.choose(observe(controller.state, seat)))


def test_each_completed_turn_is_autosaved_and_continue_resumes_it() -> None:
    app = App((1280, 720))
    game = Game(app)
    game.start(OPTIONS)
    assert not paths.autosave_path().exists()
    play_turns(game, 5)
    assert paths.autosave_path().exists()
    before = game.controller
    assert before is not None
    expected = before.state.key()
    # The bot's next choice from here, to check that its random state was saved too.
    bot_states = before.bot_states()

    other = Game(App((1280, 720)))
    menu = other.menu_scene()
    assert "continue" in menu.buttons  # type: ignore[attr-defined]
    other.continue_game()
    resumed = other.controller
    assert resumed is not None
    assert resumed.state.key() == expected
    assert resumed.bot_states() == bot_states
    assert [e.action for e in resumed.log] == [e.action for e in before.log]
    assert isinstance(other.app.stack.top, TableScene)


def test_a_damaged_autosave_offers_the_backup_and_loses_nothing() -> None:
    app = App((1280, 720))
    game = Game(app)
    game.start(OPTIONS)
    play_turns(game, 4)
    good_backup = paths.autosave_backup_path().read_bytes()
    paths.autosave_path().write_bytes(b"\x00garbage")
    other = Game(App((1280, 720)))
    other.continue_game()
    top = other.app.stack.top
    assert top is not None and type(top).__name__ == "ConfirmScene"
    assert paths.autosave_path().read_bytes() == b"\x00garbage", "nothing is deleted"
    top.on_yes()  # type: ignore[attr-defined]
    assert other.controller is not None
    assert paths.autosave_backup_path().read_bytes() == good_backup


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
    from splendor.engine import Phase, Take

    app = App((1280, 720))
    game = Game(app)
    game.start(OPTIONS)
    controller = game.controller
    assert controller is not None
    rng = random.Random(5)
    # The human only takes tokens, so a return above ten comes within a few turns.
    while not (controller.state.phase is Phase.RETURN and controller.state.current == 0):
        seat = controller.state.current
        legal = controller.state.legal_actions()
        if controller.is_human(seat):
            takes = [a for a in legal if isinstance(a, Take)]
            controller.play(rng.choice(takes or list(legal)))
        else:
            controller.commit(seat, controller.bots[seat].choose(observe(controller.state, seat)))
    excess = controller.state.excess_tokens()
    game.autosave()  # what closing the window does mid-turn
    other = Game(App((1280, 720)))
    other.continue_game()
    assert other.controller is not None
    assert other.controller.state.phase is Phase.RETURN
    assert other.controller.state.excess_tokens() == excess > 0
    assert other.controller.state.key() == controller.state.key()


def test_an_autosave_holding_an_illegal_game_never_becomes_the_backup() -> None:
    import json

    app = App((1280, 720))
    game = Game(app)
    game.start(OPTIONS)
    play_turns(game, 4)
    good_backup = paths.autosave_backup_path().read_bytes()
    doc = json.loads(paths.autosave_path().read_text())
    doc["record"]["actions"][0] = "take2 gold"  # parses as JSON, fails on replay
    paths.autosave_path().write_text(json.dumps(doc))
    play_turns(game, 1)
    assert paths.autosave_backup_path().read_bytes() == good_backup
