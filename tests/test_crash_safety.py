"""Killing the game with SIGKILL never loses more than the turn in progress."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from splendor.gamedata import base_game
from splendor.storage import paths
from splendor.storage.saves import list_saves, load_save

# The child plays through the real Game (autosave on every completed turn) and reports
# each completed turn on stdout, then keeps playing until it is killed.
CHILD = textwrap.dedent("""
    import os, random, sys, time
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from splendor.engine import observe
    from splendor.ui.app import App
    from splendor.ui.main import Game
    from splendor.ui.options import GameOptions, SeatOption

    game = Game(App((1280, 720)))
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Hard bot")),
                           first_player=0, seed=4242))
    controller = game.controller
    rng = random.Random(7)
    while not controller.state.is_over():
        seat = controller.state.current
        turns = controller.state.turns
        if controller.is_human(seat):
            controller.play(rng.choice(controller.state.legal_actions()))
        else:
            controller.commit(seat, controller.bots[seat].choose(observe(controller.state, seat)))
        if controller.state.turns != turns:
            print(controller.state.turns, flush=True)
    time.sleep(60)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX-only")
def test_sigkill_mid_game_resumes_at_the_last_completed_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {**os.environ, "SPLENDOR_HOME": str(tmp_path), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True,
                             env=env)
    assert child.stdout is not None
    reported = 0
    deadline = time.monotonic() + 60
    while reported < 12 and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        reported = int(line)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=10)
    assert reported >= 12, "the child did not play"
    # Whatever the child was doing when killed, the autosave holds a completed turn no
    # older than the last one it reported (it may have finished one more, unreported).
    monkeypatch.setenv("SPLENDOR_HOME", str(tmp_path))
    saved = load_save(paths.autosave_path(), base_game())
    assert saved.state.turns in (reported, reported + 1)
    assert saved.state.phase.value == "main", "a completed turn, not one half-played"
    # A write cut short can leave only a temporary file, which the save list ignores.
    assert next(i.path.name for i in list_saves() if i.error is None) == "autosave.json"
    assert all(not i.path.name.endswith(".tmp") for i in list_saves())
