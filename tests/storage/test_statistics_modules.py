"""Statistics per Cities of Splendor module: a module game is counted apart from base
games (keyed like the competitive split), shown under its module's name on the
statistics screen and in the results, in every language; keys this version cannot read
are kept."""

from __future__ import annotations

import json

import pygame
import pytest

from splendor.bots import make_bot
from splendor.engine import GameState, new_game, observe
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES, set_language, translate
from splendor.session.statistics import count_game
from splendor.storage import paths
from splendor.storage.stats import (
    Record,
    Records,
    add_game,
    describe,
    load_stats,
    parse_key,
    save_stats,
    split_key,
    table_key,
)
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.statistics import StatisticsScene, lines, rows
from splendor.ui.wording import module_name
from tests.helpers import ended_session

DATA = base_game()


def module_game(module: str | None, seed: int = 3) -> GameState:
    """A finished two-player game of `module` between easy bots."""
    state = new_game(DATA, 2, seed, first_player=0, module=module)
    bots = [make_bot("easy", seed + i, data=DATA) for i in range(2)]
    while not state.is_over():
        state.apply(bots[state.current].choose(observe(state, state.current)))
    return state


def test_keys_name_the_module_after_the_player_count() -> None:
    assert table_key(["human", "hard"], 2, module="orient") == "hard/2/orient"
    assert table_key(["human", "hard"], 2, True, "trading-posts") == \
        "hard/2/trading-posts/competitive"
    assert table_key(["human", "human"], 3, module="cities") == "humans/3/cities"
    assert table_key(["easy", "hard"], 2, module="cities") is None
    with pytest.raises(ValueError, match="atlantis"):
        table_key(["human", "hard"], 2, module="atlantis")
    assert parse_key("hard/2/orient/competitive") == ("hard", 2, "orient", True, None)
    assert parse_key("hard/2/competitive") == ("hard", 2, None, True, None)
    assert parse_key("easy/4") == ("easy", 4, None, False, None)
    assert split_key("hard/2/strongholds") == ("hard", 2, False)


@pytest.mark.parametrize("module", module_ids())
def test_a_module_game_counts_apart_from_base_games(module: str) -> None:
    records: dict[str, Record] = {}
    base = module_game(None)
    played = module_game(module)
    assert add_game(records, base, ["human", "easy"]) == "easy/2"
    assert add_game(records, played, ["human", "easy"]) == f"easy/2/{module}"
    assert add_game(records, played, ["human", "easy"], competitive=True) == \
        f"easy/2/{module}/competitive"
    assert {k: r.played for k, r in records.items()} == {
        "easy/2": 1, f"easy/2/{module}": 1, f"easy/2/{module}/competitive": 1}
    record = records[f"easy/2/{module}"]
    assert record.best_score == played.players[0].points
    assert record.won == int(0 in played.outcome().winners)
    save_stats(records)
    assert load_stats() == (records, None)


def test_the_session_counts_a_module_game_under_its_module() -> None:
    records: dict[str, Record] = {}
    session = ended_session(module_game("orient"), ["human", "easy"])
    assert count_game(session, records) == "easy/2/orient"


def test_keys_this_version_cannot_read_are_kept_and_written_back() -> None:
    path = paths.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "records": {
        "hard/2/orient": {"played": 2, "won": 1, "best_score": 16, "fastest_win": 20},
        "hard/2/atlantis": {"played": 5}, "hard/2/orient/expert_mode": {"played": 1}}}))
    records, problem = load_stats()
    assert problem is None and set(records) == {"hard/2/orient"}
    assert isinstance(records, Records)
    assert set(records.other) == {"hard/2/atlantis", "hard/2/orient/expert_mode"}
    records["hard/2/orient"].played += 1
    save_stats(records)
    written = json.loads(path.read_text())["records"]
    assert written["hard/2/atlantis"] == {"played": 5}
    assert written["hard/2/orient"]["played"] == 3


def test_the_results_sentence_names_the_module() -> None:
    record = Record(7, 3, 18, 21)
    assert describe("hard/2/orient", record) == (
        "Against hard bots, The Orient, 2 players: 3 won of 7, best score 18, "
        "fastest win 21 rounds.")
    assert describe("hard/2/cities/competitive", Record(1, 0, 9, None)) == (
        "Against hard bots, The Cities (competitive), 2 players: 0 won of 1, best score 9.")
    for code in LANGUAGES:
        set_language(code)
        try:
            text = describe("easy/3/trading-posts", record)
        finally:
            set_language("en")
        assert translate(code, "modules.trading_posts.name") in text


def _records() -> dict[str, Record]:
    records: dict[str, Record] = {
        "hard/2": Record(4, 2, 17, 24), "hard/2/competitive": Record(1, 0, 12, None),
        "easy/3": Record(2, 2, 16, 28)}
    for i, module in enumerate(module_ids()):
        records[f"medium/2/{module}"] = Record(3, 1, 15, 30)
        records[f"hard/{2 + i % 3}/{module}/competitive"] = Record(1, 1, 16, 26)
    return records


def test_the_screen_lists_base_games_then_each_module_under_its_name() -> None:
    shown = lines(_records())
    headings = [line for line in shown if isinstance(line, str)]
    assert headings == [
        "Competitive games (no undo, hints or assists)",
        "The Cities", "The Cities: competitive games",
        "Trading Posts", "Trading Posts: competitive games",
        "The Orient", "The Orient: competitive games",
        "Strongholds", "Strongholds: competitive games"]
    assert shown[:3] == [rows(_records())[0], rows(_records())[1],
                         "Competitive games (no undo, hints or assists)"]
    assert [r[0] for r in rows(_records())][:2] == ["Easy bots, 3 players",
                                                  "Hard bots, 2 players"]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_screen_fits_and_the_wheel_shows_the_rest(code: str, size: tuple[int, int]
                                                      ) -> None:
    app = App(size)
    set_language(code)
    try:
        screen = StatisticsScene(_records())
        app.stack.push(screen)
        with textfit.audit() as misfits:
            app.render()
        assert not misfits, misfits
        total = len(lines(_records()))
        assert screen._shown < total, "more lines than the panel holds: the wheel is needed"
        for _ in range(total):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
            app.step(0.05)
            app.render()
        assert screen._top + screen._shown == total, "the last line can be reached"
        with textfit.audit() as misfits:
            app.render()
        assert not misfits, misfits
        heading = module_name("strongholds")
        assert heading in [line for line in lines(_records()) if isinstance(line, str)]
    finally:
        set_language("en")
        app.close()


def test_a_module_game_is_counted_and_shown_after_it_ends() -> None:
    app = App((1280, 720))
    game = Game(app)
    options = GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Easy bot")),
                          first_player=0, seed=3, module="orient")
    game.start(options)
    game.finish(ended_session(module_game("orient"), ["human", "easy"]))
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert results.record_text is not None
    assert results.record_text.startswith("Against easy bots, The Orient, 2 players")
    app.render()
    game.open_statistics()
    screen = app.stack.top
    assert isinstance(screen, StatisticsScene)
    assert screen.lines == ["The Orient", ("Easy bots, 2 players", "1", *screen.rows[0][2:])]
    app.render()
    game.close()
    assert set(load_stats()[0]) == {"easy/2/orient"}
