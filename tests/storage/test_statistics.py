"""Statistics per bot level and player count: counted at the end, shown, kept safe."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from splendor.bots import make_bot
from splendor.engine import new_game, observe
from splendor.gamedata import base_game
from splendor.storage import paths
from splendor.storage.stats import Record, add_game, load_stats, save_stats, table_key
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.statistics import StatisticsScene, rows
from tests.helpers import ended_session


def finished_game(seed: int, kinds: list[str]):  # type: ignore[no-untyped-def]
    state = new_game(base_game(), len(kinds), seed, first_player=0)
    bots = [make_bot("hard" if k == "human" else k, seed + i) for i, k in enumerate(kinds)]
    while not state.is_over():
        state.apply(bots[state.current].choose(observe(state, state.current)))
    return state


def test_the_table_is_keyed_by_its_strongest_bot_and_player_count() -> None:
    assert table_key(["human", "easy", "hard"], 3) == "hard/3"
    assert table_key(["human", "human"], 2) == "humans/2"
    assert table_key(["hard", "easy"], 2) is None  # watching bots is not the player's record


def test_games_are_counted_with_wins_best_score_and_fastest_win() -> None:
    records: dict[str, Record] = {}
    wins = 0
    for seed in range(6):
        state = finished_game(seed, ["human", "medium"])
        assert add_game(records, state, ["human", "medium"]) == "medium/2"
        if 0 in state.outcome().winners:
            wins += 1
    record = records["medium/2"]
    assert record.played == 6 and record.won == wins
    assert record.best_score >= 15 or wins == 0
    if wins:
        assert record.fastest_win is not None and 10 <= record.fastest_win <= 60
    save_stats(records)
    assert load_stats() == (records, None)


def test_a_damaged_statistics_file_is_kept_aside_and_counting_restarts() -> None:
    paths.stats_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stats_path().write_text('{"version": 1, "records": {"hard/2": {"played": "x"}}}')
    content = paths.stats_path().read_bytes()
    records, problem = load_stats()
    assert records == {} and problem is not None and problem.kept is not None
    assert problem.kept.name.startswith("statistics.unreadable-")
    assert problem.kept.read_bytes() == content


def test_the_results_and_statistics_screens_show_the_record() -> None:
    app = App((1280, 720))
    game = Game(app)
    options = GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Easy bot")),
                          first_player=0, seed=5)
    game.start(options)
    state = finished_game(5, ["human", "easy"])
    game.finish(ended_session(state, ["human", "easy"]))
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert results.record_text is not None and "Against easy bots, 2 players" in results.record_text
    assert results.record_text in results.lines
    app.render()
    game.open_statistics()
    screen = app.stack.top
    assert isinstance(screen, StatisticsScene)
    assert screen.rows and screen.rows[0][0] == "Easy bots, 2 players"
    assert screen.rows[0][1] == "1"
    app.render()


def test_rows_order_tables_from_weakest_to_strongest() -> None:
    records = {"hard/2": Record(1, 1, 16, 25), "easy/4": Record(2, 0, 9, None),
               "easy/2": Record(3, 2, 17, 22)}
    labels = [r[0] for r in rows(records)]
    assert labels == ["Easy bots, 2 players", "Easy bots, 4 players", "Hard bots, 2 players"]
