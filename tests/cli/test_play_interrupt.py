"""`splendor play` in the terminal: Ctrl+C ends it with a message and code 130, keeping
the record of the moves so far; a record that cannot be written is said in one line; a
name cannot send control sequences to the terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from splendor.gamedata import base_game
from splendor.storage.saves import load_save
from tests.processes import ROOT, interrupt


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "splendor", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT as Ctrl+C does on POSIX")
def test_ctrl_c_while_a_human_thinks_keeps_the_record_so_far(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    # The numbered list of legal actions is printed just before the prompt.
    process, out, err = interrupt(
        [sys.executable, "-m", "splendor", "play", "--seed", "7", "--human", "Ada",
         "--record", str(record)], line_starting="   1. ", stdin=subprocess.PIPE)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "splendor play: interrupted" in err
    assert f"written to {record}" in out
    saved = load_save(record, base_game())
    assert saved.state.setup.names[0] == "Ada" and not saved.state.is_over()
    assert json.loads(record.read_text())["setup"]["seed"] == 7


def test_a_record_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("mine")
    result = run("play", "--seed", "2", "--record", str(blocker / "game.json"))
    assert result.returncode == 1
    assert "Game over" in result.stdout  # the game itself was played
    assert result.stderr.startswith("splendor play: record not written: ")
    assert len(result.stderr.splitlines()) == 1
    assert blocker.read_text() == "mine"


def test_names_cannot_send_control_sequences() -> None:
    result = run("play", "--seed", "4", "--human", "\x1b[2J\x1b]0;title\x07Eve\u202e",
                 stdin="1\nq\n")
    assert result.returncode == 0, result.stderr
    assert "\\x1b[2J\\x1b]0;title\\x07Eve\\u202e" in result.stdout
    assert not any(c in result.stdout for c in ("\x1b", "\x07", "\u202e"))


# The benchmark through the command line, saying when it has begun measuring.
BENCH = """
import sys
import splendor.bench
from splendor.cli import main

measure = splendor.bench.run_bench

def run_bench(*args, **kwargs):
    print("ready", flush=True)
    return measure(*args, **kwargs)

splendor.bench.run_bench = run_bench
sys.exit(main(["bench", "--seconds", "60"]))
"""


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT as Ctrl+C does on POSIX")
def test_ctrl_c_in_any_other_command_ends_it_quietly() -> None:
    process, _, err = interrupt([sys.executable, "-c", BENCH], first_line="ready")
    assert process.returncode == 130
    assert err.strip() == "splendor: interrupted"
