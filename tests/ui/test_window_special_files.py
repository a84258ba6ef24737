"""A pipe at the settings, autosave, statistics or log file name does not freeze the
window: it opens on the menu, shows the statistics screen and closes, and every pipe is
still there."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import ROOT, window_env, window_script

# Opens the statistics screen (which reads statistics.json as the end of a game does),
# then closes the window.
WINDOW = window_script("""\
    games[0].open_statistics()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
""", end='print("closed", flush=True)')


def fifos_in(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if stat.S_ISFIFO(p.lstat().st_mode)]


def open_and_close_window(home: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run([sys.executable, "-c", WINDOW], cwd=ROOT, env=window_env(home),
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the window hung on a pipe")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_the_window_starts_and_closes_with_pipes_at_every_fixed_name(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    for name in ("settings.json", "statistics.json", "saves/autosave.json"):
        os.mkfifo(tmp_path / name)
    result = open_and_close_window(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "closed"
    assert "Traceback" not in result.stderr
    # Under their own names or moved aside, the pipes are all still there.
    assert len(fifos_in(tmp_path)) == 2
    assert fifos_in(tmp_path / "saves")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_the_window_starts_without_a_log_when_a_pipe_is_at_the_log_name(
        tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    os.mkfifo(tmp_path / "logs" / "splendor.log")
    result = open_and_close_window(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "closed"
    assert "Traceback" not in result.stderr
    # Said once, naming the file and what it is.
    assert result.stderr.count("splendor.log is not a regular file (a pipe)") == 1, \
        result.stderr
    assert (tmp_path / "splendor.lock").exists(), "the game stopped before its lock file"
    assert fifos_in(tmp_path / "logs") == ["splendor.log"]
