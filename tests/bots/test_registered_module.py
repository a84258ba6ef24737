"""The seams are real beyond the engine: a module defined in a test (`NoblePoints`, see
tests/engine/modules/test_registry.py), registered for the test only, is played to its end
by the heuristic bots (judged with the default value terms), recorded and replayed, saved
and loaded; and a module extending one of the four gets that module's value terms, board
lines and standings, without any file of the other modules changing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor.bots import make_bot
from splendor.bots.value import ModuleValue, value_terms
from splendor.bots.value.cities import CitiesValue
from splendor.bots.value.trading_posts import TradingPostsValue
from splendor.engine import GameState, make_record, new_game, observe, replay
from splendor.engine.modules import registered
from splendor.engine.modules.cities import CitiesState
from splendor.engine.modules.trading_posts import TradingPostsState
from splendor.match import DEFAULT_ROUND_CAP
from splendor.standings import standings_dict
from splendor.storage.saves import load_save, save_document, save_info, write_save
from splendor.terminal import render_view
from tests.engine.modules.support import DATA
from tests.engine.modules.test_registry import NoblePoints


def _bot_game(module: str, seed: int, players: int = 2) -> GameState:
    """A whole game of `module` between heuristic bots, each deciding from its view."""
    names = ("medium", "hard", "easy")
    bots = [make_bot(names[s % 3], seed * 10 + s, data=DATA) for s in range(players)]
    state = new_game(DATA, players, seed, module=module)
    while not state.is_over() and state.round <= DEFAULT_ROUND_CAP:
        seat = state.current
        state.apply(bots[seat].choose(observe(state, seat)))
    return state


def test_the_bots_play_a_module_defined_in_a_test_to_its_end() -> None:
    with registered(NoblePoints):
        assert value_terms("noble-points") is ModuleValue, "no terms of its own: the default"
        for seed in range(3):
            state = _bot_game("np", seed, players=2 + seed % 2)
            assert isinstance(state, NoblePoints)
            assert state.is_over() and state.end_reason == "target"
            assert max(state.scores()) >= 20, "it ends on the module's own target"


def test_a_bot_game_of_a_test_module_is_recorded_and_replayed() -> None:
    with registered(NoblePoints):
        state = _bot_game("noble-points", seed=4)
        record = json.loads(json.dumps(make_record(state)))
        assert record["setup"]["module"] == "noble-points"
        again = replay(DATA, record)
        assert isinstance(again, NoblePoints)
        assert again.key() == state.key() and again.history == state.history
        assert again.scores() == state.scores() and again.outcome() == state.outcome()


def test_a_bot_game_of_a_test_module_is_saved_and_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPLENDOR_HOME", str(tmp_path / "home"))
    path = tmp_path / "noble-points.json"
    with registered(NoblePoints):
        state = _bot_game("noble-points", seed=5)
        seats = [{"kind": "medium", "name": "Ada"}, {"kind": "hard", "name": "Bea"}]
        write_save(path, save_document(state, seats))
        assert save_info(path).module == "noble-points"
        loaded = load_save(path, DATA)
        assert isinstance(loaded.state, NoblePoints)
        assert loaded.state.key() == state.key() and loaded.state.history == state.history
        assert [s["name"] for s in loaded.seats] == ["Ada", "Bea"]


class WalledCities(CitiesState):
    """A module of this test extending the Cities (same rules, its own name)."""

    __slots__ = ()
    module = "walled-cities"
    aliases = ()
    title = "Walled Cities"
    description = "The Cities, under another name."


class BusyPosts(TradingPostsState):
    """A module of this test extending Trading Posts."""

    __slots__ = ()
    module = "busy-posts"
    aliases = ()
    title = "Busy Posts"
    description = "Trading Posts, under another name."


def test_a_module_extending_one_gets_its_value_terms_board_and_standings() -> None:
    with registered(WalledCities), registered(BusyPosts):
        assert value_terms("walled-cities") is CitiesValue
        assert value_terms("busy-posts") is TradingPostsValue
        cities = _bot_game("walled-cities", seed=2)
        assert cities.end_reason == "city"
        lines = render_view(observe(cities, 0))
        assert any(line.startswith("cities: ") for line in lines)
        assert not any(line.startswith("nobles: ") for line in lines), "cities replace them"
        rows = standings_dict(cities)["standings"]
        assert any(r["city"] is not None for r in rows)
        posts = new_game(DATA, 2, seed=1, module="busy-posts")
        assert sum(line.startswith("post ") for line in render_view(observe(posts, 0))) == 5
        assert all("posts" in r for r in standings_dict(posts)["standings"])
