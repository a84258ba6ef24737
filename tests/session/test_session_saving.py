"""A session's saves keep its mode and the assists used; statistics keep competitive games
apart and mark assisted ones."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from splendor.gamedata import base_game
from splendor.session import saving
from splendor.session.bot_process import InlineBots
from splendor.session.game import Session
from splendor.session.seats import GameOptions, SeatOption
from splendor.session.statistics import count_game
from splendor.storage import paths
from splendor.storage.saves import load_save, write_save
from splendor.storage.stats import Record, Records, describe, load_stats, save_stats
from tests.helpers import play_turns, play_until

DATA = base_game()


def session(competitive: bool = False, seed: int = 3) -> Session:
    seats = (SeatOption("human", "Ada"), SeatOption("hard", "Hal"))
    return Session(DATA, GameOptions(seats, first_player=0, seed=seed, competitive=competitive),
                   InlineBots())


def saved_and_loaded(game: Session) -> Session:
    path = paths.saves_dir() / "game.json"
    saving.save_as(game, path)
    return saving.load(path, DATA, InlineBots())


def test_a_competitive_game_resumes_competitive_and_still_refuses_undo() -> None:
    game = session(competitive=True)
    play_turns(game, 4, random.Random(1))
    resumed = saved_and_loaded(game)
    assert resumed.options.competitive
    reason = resumed.undo()
    assert reason is not None and reason.code == "undo_competitive"


def test_undos_and_hints_used_survive_a_save() -> None:
    game = session()
    game.hint_simulations = 8
    play_turns(game, 4, random.Random(1))
    assert game.request_hint() is None
    game.poll()
    assert game.undo() is None
    resumed = saved_and_loaded(game)
    assert (resumed.counters.undos, resumed.counters.hints) == (1, 1)
    assert not resumed.options.competitive


def test_a_drawn_first_player_is_still_a_draw_after_a_save() -> None:
    """Continue used to bring back the player the draw picked as a chosen first player,
    so the next New game no longer offered the draw."""
    seats = (SeatOption("human", "Ada"), SeatOption("hard", "Hal"))
    drawn = Session(DATA, GameOptions(seats, first_player=None, seed=5), InlineBots())
    play_turns(drawn, 3, random.Random(1))
    resumed = saved_and_loaded(drawn)
    assert resumed.options.first_player is None
    assert resumed.state == drawn.state  # the game's own first player is in its setup
    chosen = session()
    play_turns(chosen, 3, random.Random(1))
    assert saved_and_loaded(chosen).options.first_player == 0


@pytest.mark.parametrize("mode, assists", [
    ("competitive", {"undos": -5, "hints": 10**30}),
    ({"competitive": "yes"}, [1, 2]),
    (None, {"undos": True, "hints": 2.5}),
    ({"competitive": True}, "lots"),
])
def test_odd_mode_and_assist_fields_in_a_file_load_as_safe_values(mode: Any, assists: Any
                                                                   ) -> None:
    game = session()
    play_turns(game, 2, random.Random(2))
    document = saving.session_document(game)
    document["mode"], document["assists"] = mode, assists
    path = paths.saves_dir() / "odd.json"
    write_save(path, json.loads(json.dumps(document)))
    resumed = saving.resume(load_save(path, DATA), InlineBots())
    assert resumed.options.competitive is (mode == {"competitive": True})
    assert (resumed.counters.undos, resumed.counters.hints) == (0, 0)


def finished(game: Session) -> Session:
    play_until(game, game.is_over, random.Random(4))
    return game


def test_competitive_games_are_counted_apart_and_assisted_ones_marked() -> None:
    records: dict[str, Record] = {}
    assert count_game(finished(session(competitive=True)), records) == "hard/2/competitive"
    helped = session(seed=5)
    helped.counters.undos = 2
    assert count_game(finished(helped), records) == "hard/2"
    assert count_game(finished(session(seed=6)), records) == "hard/2"
    assert records["hard/2/competitive"].played == 1
    assert records["hard/2/competitive"].assisted == 0
    assert (records["hard/2"].played, records["hard/2"].assisted) == (2, 1)
    assert "competitive" in describe("hard/2/competitive", records["hard/2/competitive"])


def test_statistics_round_trip_with_modes_and_an_older_file_without_assisted() -> None:
    paths.stats_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stats_path().write_text(json.dumps({"version": 1, "records": {
        "hard/2": {"played": 3, "won": 1, "best_score": 16, "fastest_win": 25}}}))
    records, problem = load_stats()
    assert problem is None and records["hard/2"].assisted == 0
    records["easy/3/competitive"] = Record(played=1, won=1, best_score=15, fastest_win=30)
    save_stats(records)
    again, problem = load_stats()
    assert problem is None and isinstance(again, Records)
    assert again["easy/3/competitive"].won == 1 and again["hard/2"].played == 3


def test_a_finished_game_loaded_again_is_not_counted_twice() -> None:
    game = finished(session(seed=8))
    records: dict[str, Record] = {}
    assert count_game(game, records) == "hard/2"
    again = saved_and_loaded(game)
    assert again.is_over()
    assert count_game(again, records) is None
    assert records["hard/2"].played == 1
