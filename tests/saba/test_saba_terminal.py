"""Saba in the terminal (`python -m splendor play --game saba`): bots play a game to its
places, a human types decisions by number or in Saba's grammar and hears the engine's
reason for an illegal one, the record replays to the same game, a module is refused."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from splendor.games import find_game
from splendor.saba.terminal import play_saba_in_terminal

SABA = find_game("saba")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "splendor", *args],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_bots_play_a_game_to_its_places_and_its_record_replays(tmp_path: Path) -> None:
    record = tmp_path / "saba.json"
    played = run(
        "play",
        "--game",
        "saba",
        "--players",
        "3",
        "--seed",
        "8",
        "--bot",
        "medium",
        "--record",
        str(record),
    )
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert lines[0] == "Saba, 3 players, seed 8 (bots only)"
    assert any(line.startswith("Game over in round ") for line in lines)
    state = SABA.replay(json.loads(record.read_text(encoding="utf-8")))
    assert state.is_over()
    first = state.outcome().ranking[0]
    row = rf" 1\. {re.escape(state.setup.names[first])} +{state.points(first)} points "
    assert any(re.match(row, line) for line in lines)


def test_a_human_types_by_number_and_text_and_hears_why_a_move_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answers = iter(["buy arch-1", "1", "q"])
    state = SABA.new_game(5, 2, ("Ada", "Bot"), first_player=0)
    first = state.legal_actions()[0]
    play_saba_in_terminal(
        state, [None, SABA.make_bot("easy")], sys.stdout, read=lambda _: next(answers)
    )
    out = capsys.readouterr().out
    assert "phase 1 comes first" in out  # the engine's reason for buying first
    assert f"Ada: {first.text()}" in out
    assert "Game abandoned." in out
    assert [a.text() for a in state.history][:1] == [first.text()]


def test_saba_has_no_modules_and_no_greedy_bot() -> None:
    refused = run("play", "--game", "saba", "--module", "orient")
    assert refused.returncode == 2 and "saba has no modules" in refused.stderr
    unknown = run("play", "--game", "saba", "--bot", "greedy")
    assert unknown.returncode == 2 and "unknown saba bot 'greedy'" in unknown.stderr
