"""Ctrl+C in the terminal that started the window closes it as its close button does:
the game in progress is autosaved, the settings are saved, and the program ends quietly
with code 130 (the shell's code for an interrupted program)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from splendor.gamedata import base_game
from splendor.storage.saves import load_save

ROOT = Path(__file__).resolve().parents[2]

# Opens the window through the command line, starts a game whose first turn is the
# human's (so nothing moves), changes a preference without saving it, then waits.
WINDOW = """
import sys
from splendor.cli import main
from splendor.ui import main as window
from splendor.ui.app import App

games = []
original_init, original_run = window.Game.__init__, App.run

def init(self, *args, **kwargs):
    original_init(self, *args, **kwargs)
    games.append(self)

def run(self, first=None):
    game = games[0]
    game.start(window.GameOptions((window.SeatOption("human", "Ada"),
                                   window.SeatOption("easy", "Bot")), first_player=0, seed=3))
    game.prefs.speed = 7.0
    print("playing", flush=True)
    original_run(self, first)

window.Game.__init__ = init
App.run = run
sys.exit(main([]))
"""


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT as Ctrl+C does on POSIX")
def test_ctrl_c_autosaves_the_game_saves_settings_and_exits_quietly(tmp_path: Path) -> None:
    env = {**os.environ, "SPLENDOR_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", WINDOW], cwd=ROOT, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        # A child started from pytest may inherit an ignored SIGINT; a terminal's is default.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "playing"
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    autosave = tmp_path / "saves" / "autosave.json"
    assert autosave.exists(), "the game in progress was not autosaved"
    saved = load_save(autosave, base_game())
    assert saved.state.setup.names == ("Ada", "Bot") and saved.state.turns == 0
    settings = json.loads((tmp_path / "settings.json").read_text())
    assert settings["animation_speed"] == 7.0
