"""`python -m splendor analyse`: the per-move figures for tools, a readable table, the
seats it judges by default, clear refusals (exit code 2), and a kept analysis reused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor.cli import main
from splendor.engine import make_record
from splendor.session import analysis as analysis_module
from splendor.session.analysis import LABELS
from splendor.session.analysis_store import VERSION
from splendor.storage.saves import save_document, write_save
from tests.session.test_analysis import bot_game

FIGURES = {"index", "seat", "played", "best", "before", "after", "noise", "label"}


@pytest.fixture(scope="module")
def record() -> dict[str, object]:
    return make_record(bot_game(5, ("hard", "hard"), actions=10))


@pytest.fixture
def record_file(tmp_path: Path, record: dict[str, object]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def analyse(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyse", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_prints_one_object_with_the_figures_of_every_move(
        record_file: Path, record: dict[str, object],
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = analyse(capsys, str(record_file), "--budget", "4", "--json")
    assert code == 0
    result = json.loads(out)
    moves = result["moves"]
    assert moves and all(set(m) == FIGURES for m in moves)
    actions = record["actions"]
    assert isinstance(actions, list)
    for m in moves:
        assert m["played"] == actions[m["index"]]
        assert 0.0 <= m["after"] <= m["before"] <= 1.0
        assert m["label"] in ("", *LABELS)
    assert {m["seat"] for m in moves} == {0, 1}  # a record: every seat
    assert result["budget"] == 4 and result["seats"] == [0, 1]


def test_seats_choose_whose_moves_are_judged(record_file: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = analyse(capsys, str(record_file), "--budget", "2", "--seats", "1", "--json")
    assert {m["seat"] for m in json.loads(out)["moves"]} == {1}


def test_a_save_is_judged_for_its_people_by_default(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "save.json"
    seats = [{"kind": "hard", "name": "Hal"}, {"kind": "human", "name": "Ada"}]
    write_save(path, save_document(bot_game(5, ("hard", "hard"), actions=8), seats))
    _, out, _ = analyse(capsys, str(path), "--budget", "2", "--json")
    assert {m["seat"] for m in json.loads(out)["moves"]} == {1}


def test_without_json_a_table_and_a_summary_per_seat(
        record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = analyse(capsys, str(record_file), "--budget", "2")
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:4] == ["move", "round", "player", "played"]
    summaries = [line for line in lines if "(seat " in line]
    assert len(summaries) == 2 and all("decisions" in line for line in summaries)


def test_kept_the_analysis_is_read_back_without_judging(
        record_file: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, first, _ = analyse(capsys, str(record_file), "--budget", "3", "--json", "--keep")
    assert "analysis" in json.loads(record_file.read_text(encoding="utf-8"))

    def refuse(*args: object) -> None:
        raise AssertionError("judged again")

    monkeypatch.setattr(analysis_module, "judge", refuse)
    _, second, _ = analyse(capsys, str(record_file), "--budget", "3", "--json")
    assert second == first


def test_a_damaged_kept_analysis_is_said_and_made_again(
        record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads(record_file.read_text(encoding="utf-8"))
    document["analysis"] = {"version": VERSION, "game": 5}
    record_file.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = analyse(capsys, str(record_file), "--budget", "2", "--json")
    assert code == 0 and json.loads(out)["moves"]
    assert "game.json" in err and "damaged" in err and "analysing again" in err


@pytest.mark.parametrize("content, words", [
    (None, "No such file"),
    ('{"format": "something-else"}', "not a saved game"),
    ("[1, 2", "not a saved game"),
])
def test_bad_files_are_refused_with_exit_code_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None,
        words: str) -> None:
    path = tmp_path / "input.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = analyse(capsys, str(path))
    assert code == 2 and not out
    assert err.startswith("splendor analyse: ") and words in err and "input.json" in err


def test_a_seat_outside_the_game_is_refused(record_file: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = analyse(capsys, str(record_file), "--seats", "0,2")
    assert code == 2 and "2 seats" in err


@pytest.mark.parametrize("args", [["--seats", "one"], ["--seats", "-1"], ["--budget", "0"]])
def test_bad_options_exit_with_code_2(record_file: Path, args: list[str],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["analyse", str(record_file), *args])
    assert stop.value.code == 2
    assert "splendor analyse: error" in capsys.readouterr().err
