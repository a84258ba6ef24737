"""Ctrl+C in the terminal that started the window closes it as its close button does:
the game in progress is autosaved, the settings are saved, and the program ends quietly
with code 130 (the shell's code for an interrupted program)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from splendor.gamedata import base_game
from splendor.storage.saves import load_save
from tests.processes import interrupt, window_env, window_script

# Starts a game whose first turn is the human's (so nothing moves), changes a preference
# without saving it, then waits.
WINDOW = window_script("""\
    game = games[0]
    game.start(window.GameOptions((window.SeatOption("human", "Ada"),
                                   window.SeatOption("easy", "Bot")), first_player=0, seed=3))
    game.prefs.speed = 7.0
    print("playing", flush=True)
""")


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT as Ctrl+C does on POSIX")
def test_ctrl_c_autosaves_the_game_saves_settings_and_exits_quietly(tmp_path: Path) -> None:
    process, _, err = interrupt([sys.executable, "-c", WINDOW], first_line="playing",
                                env=window_env(tmp_path))
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    autosave = tmp_path / "saves" / "autosave.json"
    assert autosave.exists(), "the game in progress was not autosaved"
    saved = load_save(autosave, base_game())
    assert saved.state.setup.names == ("Ada", "Bot") and saved.state.turns == 0
    settings = json.loads((tmp_path / "settings.json").read_text())
    assert settings["animation_speed"] == 7.0
