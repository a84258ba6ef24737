"""The analysis kept with its save or record: a second look costs nothing; a damaged or
newer field never stops the game from loading and is never lost by mistake."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from splendor.engine import GameState, make_record
from splendor.session import analysis as analysis_module
from splendor.session.analysis import Analysis, GameAnalysis
from splendor.session.analysis_store import (
    FIELD,
    VERSION,
    AnalysisProblem,
    game_digest,
    keep_analysis,
    kept_analysis,
    stored_analysis,
    with_analysis,
)
from splendor.storage.saves import load_save, save_document, write_save
from tests.session.test_analysis import DATA, bot_game

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Hal"}]


@pytest.fixture(scope="module")
def game() -> tuple[GameState, GameAnalysis]:
    state = bot_game(5, ("hard", "hard"), actions=14)
    return state, Analysis(DATA, make_record(state), seats=[0], budget=6).run()


def save_file(tmp_path: Path, state: GameState, **extra: Any) -> Path:
    path = tmp_path / "game.json"
    write_save(path, {**save_document(state, SEATS), **extra})
    return path


def no_judging(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("judged again")

    monkeypatch.setattr(analysis_module, "judge", refuse)


def test_a_kept_analysis_comes_back_with_the_save_and_costs_nothing(
        tmp_path: Path, game: tuple[GameState, GameAnalysis],
        monkeypatch: pytest.MonkeyPatch) -> None:
    state, analysis = game
    path = save_file(tmp_path, state)
    assert keep_analysis(path, state, analysis)
    loaded = load_save(path, DATA)  # the save still loads as before
    assert loaded.state == state and loaded.seats[0]["name"] == "Ada"
    kept, problem = kept_analysis(path, loaded.state, 6)
    assert problem is None and kept == analysis
    assert kept_analysis(path, loaded.state, 7) == (None, None)  # another budget: none
    no_judging(monkeypatch)
    again = Analysis(DATA, make_record(loaded.state), seats=[0], budget=6, known=kept)
    assert again.total == 0 and again.run() == analysis


def test_another_budget_is_kept_beside_the_first(
        tmp_path: Path, game: tuple[GameState, GameAnalysis]) -> None:
    state, analysis = game
    path = save_file(tmp_path, state)
    other = Analysis(DATA, make_record(state), seats=[1], budget=3).run()
    keep_analysis(path, state, analysis)
    keep_analysis(path, state, other)
    assert kept_analysis(path, state, 6)[0] == analysis
    assert kept_analysis(path, state, 3)[0] == other


def test_a_game_played_on_has_no_analysis_of_its_earlier_moves(
        tmp_path: Path, game: tuple[GameState, GameAnalysis]) -> None:
    state, analysis = game
    path = save_file(tmp_path, state)
    keep_analysis(path, state, analysis)
    longer = bot_game(5, ("hard", "hard"), actions=16)
    assert game_digest(longer) != game_digest(state)
    assert kept_analysis(path, longer, 6) == (None, None)


@pytest.mark.parametrize("field", [
    "nonsense",
    {"version": VERSION},
    {"version": VERSION, "by_budget": []},
    {"version": VERSION, "by_budget": {"6": {"seats": [0], "moves": [{"index": "x"}]}}},
    {"version": VERSION, "by_budget": {"6": {"seats": [0], "moves": [
        {"index": 1, "seat": 0, "round": 1, "played": "pass", "best": "pass",
         "before": 2.0, "after": 0.5}]}}},
])
def test_a_damaged_analysis_is_reported_and_the_save_still_loads(
        tmp_path: Path, game: tuple[GameState, GameAnalysis], field: Any) -> None:
    state, analysis = game
    if isinstance(field, dict) and "by_budget" in field:
        field = {**field, "game": game_digest(state)}
    path = save_file(tmp_path, state, **{FIELD: field})
    loaded = load_save(path, DATA)
    assert loaded.state == state
    kept, problem = kept_analysis(path, loaded.state, 6)
    assert kept is None and problem is not None
    assert "game.json" in problem and "damaged" in problem
    # Analysed again, the new analysis replaces the damaged one.
    assert keep_analysis(path, state, analysis)
    assert kept_analysis(path, state, 6) == (analysis, None)


def test_an_older_versions_analysis_is_made_again_and_replaced(tmp_path: Path) -> None:
    # Version 1 judged only a few moves, so its figures depended on the move played.
    state = bot_game(6, ("hard", "hard"), actions=12)
    analysis = Analysis(DATA, make_record(state), budget=6).run()
    old = {"format": "splendor-record", FIELD: {"version": 1, "game": game_digest(state),
                                                "by_budget": {"6": analysis.to_json()}}}
    assert stored_analysis(old, state, 6, "old.json") is None
    kept = with_analysis(old, state, analysis)
    assert kept is not None and kept[FIELD]["version"] == VERSION
    assert stored_analysis(kept, state, 6, "kept.json") == analysis


def test_a_newer_versions_analysis_is_left_as_it_is(
        tmp_path: Path, game: tuple[GameState, GameAnalysis]) -> None:
    state, analysis = game
    newer = {"version": 99, "anything": [1, 2, 3]}
    path = save_file(tmp_path, state, **{FIELD: newer})
    before = path.read_bytes()
    assert stored_analysis(json.loads(before), state, 6, path.name) is None
    assert not keep_analysis(path, state, analysis)
    assert path.read_bytes() == before


def test_a_bare_record_keeps_its_analysis_and_still_replays(
        tmp_path: Path, game: tuple[GameState, GameAnalysis]) -> None:
    state, analysis = game
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(make_record(state)), encoding="utf-8")
    assert keep_analysis(path, state, analysis)
    assert load_save(path, DATA).state == state
    assert kept_analysis(path, state, 6) == (analysis, None)


def test_an_unreadable_file_is_a_clear_problem(tmp_path: Path,
                                                game: tuple[GameState, GameAnalysis]) -> None:
    state, analysis = game
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(AnalysisProblem, match=r"broken\.json"):
        keep_analysis(path, state, analysis)
