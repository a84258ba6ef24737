"""`serve` and `join` on the command line, and the table spec they read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from splendor.cli import main
from splendor.engine import replay
from splendor.net.table import TableSpec, parse_table
from tests.engine.modules.support import DATA


def test_table_specs() -> None:
    assert parse_table("players=2,module=orient,bots=hard") == TableSpec(2, "orient", ("hard",))
    assert parse_table("players=4, bots=easy+random") == TableSpec(4, None, ("easy", "random"))
    assert parse_table("players=3").remote == 3
    assert TableSpec(3, None, ("hard",)).seat_bot(2) == "hard"
    assert TableSpec(3, None, ("hard",)).seat_bot(1) is None


@pytest.mark.parametrize(("spec", "says"), [
    ("players=5", "players must be 2, 3 or 4"), ("players", "expected key=value"),
    ("colour=red", "unknown key 'colour'"), ("bots=god", "unknown bot 'god'"),
    ("players=2,bots=easy+easy", "no seat of 2 for a remote player"),
    ("module=atlantis", "atlantis"), ("players=2,players=3", "given twice"),
])
def test_nonsense_table_specs_say_what_is_wrong(spec: str, says: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match=says):
        parse_table(spec)
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--open-table", spec])
    assert exited.value.code == 2 and says in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["join", "localhost:1", "--bot", "god"], ["join", "http://x", "--bot", "easy"],
    ["join", "localhost:1"], ["serve", "--port", "99999"], ["join", "h:1", "--bot", "easy",
                                                             "--name", ""],
    ["serve", "--replace-after", "-1"], ["serve", "--replace-after", "soon"],
    ["serve", "--replace-level", "god"], ["join", "h:1", "--bot", "easy", "--table", "a b"],
])
def test_nonsense_flags_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2 and "error:" in capsys.readouterr().err


def test_a_record_file_goes_with_one_table(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "0", "--save-dir", str(tmp_path), "--record", "x.json",
                 "--open-table", "players=2", "--open-table", "players=3"]) == 2
    assert "--record goes with exactly one --open-table" in capsys.readouterr().err


def test_join_without_a_server_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    server = subprocess.run([sys.executable, "-c", "import socket; s = socket.socket(); "
                             "s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"],
                            capture_output=True, text=True, timeout=30, check=True)
    port = server.stdout.strip()  # a port just freed: nothing listens there
    assert main(["join", f"127.0.0.1:{port}", "--bot", "random"]) == 1
    assert "splendor join:" in capsys.readouterr().err


def test_serve_and_join_play_a_game_and_both_write_its_record(tmp_path: Path) -> None:
    served_record, joined_record = tmp_path / "server.json", tmp_path / "client.json"
    serve = subprocess.Popen(
        [sys.executable, "-m", "splendor", "serve", "--port", "0", "--seed", "6",
         "--open-table", "players=2,module=orient,bots=greedy", "--record", str(served_record),
         "--save-dir", str(tmp_path / "tables")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert serve.stdout is not None
        assert serve.stdout.readline().endswith(": 2 players, module orient, bots greedy\n")
        second = serve.stdout.readline()
        assert second.startswith("Serving 1 table(s) on ws://")
        url = second.split()[-1]
        assert main(["join", url, "--bot", "random", "--name", "Ana",
                     "--record", str(joined_record)]) == 0
        assert serve.wait(timeout=30) == 0
    finally:
        serve.kill()
        serve.wait(timeout=30)
    record = json.loads(served_record.read_text())
    assert json.loads(joined_record.read_text()) == record
    state = replay(DATA, record)
    assert state.is_over() and state.setup.names == ("Ana", "Greedy bot")
