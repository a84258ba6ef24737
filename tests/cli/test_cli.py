"""The command line as a user meets it: play, replay, bench and bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from splendor.cli import main


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "splendor", *args],
        input=stdin, capture_output=True, text=True, timeout=120,
    )


def test_bot_match_writes_a_record_that_replays_to_the_same_standings(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    played = run("play", "--players", "3", "--seed", "11", "--record", str(record))
    assert played.returncode == 0, played.stderr
    assert "Game over" in played.stdout
    replayed = run("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    # The standings printed at the end of play are exactly those of the replay.
    assert replayed.stdout in played.stdout
    as_json = json.loads(run("replay", str(record), "--json").stdout)
    assert as_json["finished"] is True
    assert len(as_json["standings"]) == 3
    points = [row["points"] for row in as_json["standings"]]
    assert points == sorted(points, reverse=True)
    assert as_json["winners"] == [r["name"] for r in as_json["standings"] if r["winner"]]


def test_human_types_actions_by_number_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["1", "reserve deck 2", "q"])
    from splendor.bots import make_bot
    from splendor.engine import new_game
    from splendor.gamedata import base_game
    from splendor.terminal import play_in_terminal

    state = new_game(base_game(), 2, 5, ("Ada", "Bot"), first_player=0)
    state = play_in_terminal(
        base_game(), state, [None, make_bot("greedy")], sys.stdout, read=lambda _: next(answers)
    )
    out = capsys.readouterr().out
    assert "Ada: take white blue green" in out
    assert "Ada: reserve deck 2" in out
    assert "Game abandoned." in out
    assert [a.text() for a in state.history[::2]] == ["take white blue green", "reserve deck 2"]


def test_replay_reports_a_bad_record_without_a_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = run("replay", str(broken))
    assert result.returncode == 1
    # The game's own loader reads replays, so the reason is worded as for a save.
    assert "broken.json" in result.stderr and "broken JSON" in result.stderr
    assert "Traceback" not in result.stderr
    missing = run("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 1 and "cannot read" in missing.stderr


def test_replay_names_the_illegal_action(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert run("play", "--seed", "3", "--record", str(record)).returncode == 0
    data = json.loads(record.read_text())
    data["actions"][4] = "take2 gold"
    record.write_text(json.dumps(data))
    result = run("replay", str(record))
    assert result.returncode == 1
    assert "action 4" in result.stderr


def test_bench_json_prints_both_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0.2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"decisions_per_s", "games_per_s"}
    assert figures["decisions_per_s"] > 0 and figures["games_per_s"] > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--frobnicate"], "unrecognized arguments"),
        (["play", "--players", "5"], "players must be 2, 3 or 4"),
        (["play", "--bot", "wizard"], "unknown bot 'wizard'"),
        (["bench", "--seconds", "-1"], "must be greater than 0"),
        (["replay"], "the following arguments are required: file"),
    ],
)
def test_nonsense_arguments_get_a_clear_message(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
