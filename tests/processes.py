"""The program run as a child process, as from a terminal: the window (headless) through the
command line with a scripted first frame, and Ctrl+C sent once the child says it is ready."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: Opens the window through the command line and keeps the Game it makes; `{run}` is the
#: body of App.run's replacement (before the real loop), `{end}` what follows main's code.
WINDOW = """
import sys
import pygame
from splendor.cli import main
from splendor.ui import main as window
from splendor.ui.app import App

games = []
original_init, original_run = window.Game.__init__, App.run

def init(self, *args, **kwargs):
    original_init(self, *args, **kwargs)
    games.append(self)

def run(self, first=None):
{run}
    original_run(self, first)

window.Game.__init__ = init
App.run = run
code = main([])
{end}
sys.exit(code)
"""


def window_script(run: str, end: str = "") -> str:
    """The WINDOW script with `run` (indented lines) done on its first App.run."""
    return WINDOW.format(run=run.rstrip("\n"), end=end)


def window_env(home: Path) -> dict[str, str]:
    """The environment of a headless window whose files live in `home`."""
    return {**os.environ, "SPLENDOR_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "PYTHONPATH": str(ROOT)}


def interrupt(command: list[str], *, first_line: str | None = None,
              line_starting: str | None = None, **popen: Any
              ) -> tuple[subprocess.Popen[str], str, str]:
    """Start `command` with Ctrl+C's default action (a child started from pytest may inherit
    an ignored SIGINT; a terminal's is default), wait until its first line of output is
    `first_line` (asserted) or a line starts with `line_starting`, send SIGINT, and return
    the process with its output after that; a child that outlives the test is killed."""
    process = subprocess.Popen(
        command, cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **popen)
    try:
        assert process.stdout is not None
        if first_line is not None:
            assert process.stdout.readline().strip() == first_line
        if line_starting is not None:
            for line in process.stdout:
                if line.startswith(line_starting):
                    break
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process, out, err
