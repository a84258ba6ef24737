"""Every Cities of Splendor module through the session: bots move, undo is exact, a save
resumes exactly (format 2 names the module), the replay cursor walks the whole game."""

from __future__ import annotations

import json
import random

import pytest

from splendor.engine import Buy, Pass, Reserve, ReserveDeck, Take, TakeTwo, make_record
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game
from splendor.session import saving
from splendor.session.bot_process import InlineBots
from splendor.session.game import Session
from splendor.session.replay import ReplayCursor
from splendor.session.seats import GameOptions, SeatOption
from splendor.storage import paths
from splendor.storage.saves import SAVE_VERSION, save_info
from tests.helpers import play_turns

DATA = base_game()


def session(module: str, seed: int = 5) -> Session:
    seats = (SeatOption("human", "Ada"), SeatOption("medium", "Mel"))
    options = GameOptions(seats, first_player=0, seed=seed, module=module)
    return Session(DATA, options, InlineBots())


@pytest.mark.parametrize("module", module_ids())
def test_a_module_game_saves_and_resumes_exactly(module: str) -> None:
    game = session(module)
    play_turns(game, 12, random.Random(2))
    assert game.state.setup.module == module
    path = paths.saves_dir() / f"{module}.json"
    saving.save_as(game, path)
    document = json.loads(path.read_text())
    assert document["version"] == SAVE_VERSION == 3
    assert document["module"] == module
    assert document["record"]["setup"]["module"] == module
    assert save_info(path).module == module
    resumed = saving.load(path, DATA, InlineBots())
    assert resumed.options.module == module
    assert resumed.state == game.state
    # Both go on identically: the bot's decisions are seeded by seat and progress.
    play_turns(game, 6, random.Random(9))
    play_turns(resumed, 6, random.Random(9))
    assert [a.text() for a in resumed.state.history] == [a.text() for a in game.state.history]


@pytest.mark.parametrize("module", module_ids())
def test_undo_in_a_module_game_takes_the_humans_last_move_back(module: str) -> None:
    game = session(module, seed=8)
    play_turns(game, 8, random.Random(4))
    # The move's main action and the steps it brought go together.
    moves = (Take, TakeTwo, Reserve, ReserveDeck, Buy, Pass)
    human = next(e for e in reversed(game.log)
                 if game.is_human(e.seat) and isinstance(e.action, moves))
    before = list(game.state.history)[: human.index]
    assert game.undo() is None
    assert list(game.state.history) == before
    assert game.state.setup.module == module


@pytest.mark.parametrize("module", module_ids())
def test_the_replay_cursor_walks_a_module_game(module: str) -> None:
    game = session(module, seed=13)
    play_turns(game, 10, random.Random(6))
    cursor = ReplayCursor(DATA, make_record(game.state))
    assert len(cursor) == len(game.state.history)
    assert [e.action for e in cursor.log] == list(game.state.history)
    assert cursor.log == tuple(game.log)


def test_an_older_save_without_a_module_loads_as_a_base_game() -> None:
    seats = (SeatOption("human", "Ada"), SeatOption("medium", "Mel"))
    game = Session(DATA, GameOptions(seats, first_player=0, seed=3), InlineBots())
    play_turns(game, 4, random.Random(1))
    path = paths.saves_dir() / "old.json"
    saving.save_as(game, path)
    document = json.loads(path.read_text())
    document["version"] = 1
    del document["module"]
    document["record"]["version"] = 1
    for key in ("module", "cities", "orient_decks"):
        del document["record"]["setup"][key]
    path.write_text(json.dumps(document))
    assert save_info(path).module is None
    resumed = saving.load(path, DATA, InlineBots())
    assert resumed.state == game.state and resumed.options.module is None
