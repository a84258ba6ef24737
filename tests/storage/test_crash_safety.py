"""Killing the game with SIGKILL never loses more than the turn in progress, and leaves
no bot process behind."""

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

# The child plays through the real Game (autosave on every completed turn, the bot in its
# own process), says which process its bot runs in, reports each completed turn on stdout,
# then keeps playing until it is killed.
CHILD = textwrap.dedent("""
    import os, random, sys, time
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from splendor.session.bot_process import child_pids
    from splendor.ui.app import App
    from splendor.ui.main import Game
    from splendor.ui.options import GameOptions, SeatOption
    from tests.helpers import play_action, random_policy

    game = Game(App((1280, 720)))
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Hard bot")),
                           first_player=0, seed=4242))
    session = game.session
    print("bots", *child_pids(), flush=True)
    human = random_policy(random.Random(7))
    while not session.is_over():
        turns = session.state.turns
        play_action(session, human)
        if session.state.turns != turns:
            print(session.state.turns, flush=True)
    time.sleep(60)
""")
ROOT = Path(__file__).resolve().parents[2]


def running(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie waiting to be reaped does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (FileNotFoundError, IndexError):
        return not stat.parent.parent.exists()  # no /proc: os.kill's answer stands


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX-only")
def test_sigkill_mid_game_resumes_at_the_last_completed_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {**os.environ, "SPLENDOR_HOME": str(tmp_path), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True,
                             env=env, cwd=ROOT)
    assert child.stdout is not None
    first = child.stdout.readline().split()
    assert first[:1] == ["bots"] and len(first) == 2, f"no bot process reported: {first}"
    bots = int(first[1])
    assert running(bots)
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
    # The bot process notices that the game is gone and ends: no orphan keeps running.
    deadline = time.monotonic() + 10
    while running(bots) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(bots), f"the bot process {bots} outlived the killed game"
    # Whatever the child was doing when killed, the autosave holds a completed turn no
    # older than the last one it reported (it may have finished one more, unreported).
    monkeypatch.setenv("SPLENDOR_HOME", str(tmp_path))
    saved = load_save(paths.autosave_path(), base_game())
    assert saved.state.turns in (reported, reported + 1)
    assert saved.state.phase.value == "main", "a completed turn, not one half-played"
    # A write cut short can leave only a temporary file, which the save list ignores.
    assert next(i.path.name for i in list_saves() if i.error is None) == "autosave.json"
    assert all(not i.path.name.endswith(".tmp") for i in list_saves())
