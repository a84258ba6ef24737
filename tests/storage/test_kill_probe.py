"""200 SIGKILLs at random moments of a game and of save writes: nothing is lost.

Each round starts the real program (`splendor.cli.main`, so the start-up path runs:
logging, settings, the lock and the clean-up of stale temporary files) on one data folder
that every round shares, as one player's folder would be. Its window loop is replaced by
a player who never stops:

- `game` rounds play bot games through the table (frames, animations, the autosave after
  every turn, the statistics at the end, Play again);
- `save` rounds play a game move by move and after every turn write everything the game
  writes: the autosave (and its backup), a named save over the last one, the settings, the
  statistics. A kill then most often lands in the middle of a write.

The child reports every autosaved turn, then is killed with SIGKILL after a random delay.
After each kill: the autosave (or, if it cannot be read, its backup) loads and replays to
a legal position, no older than the last turn reported; every other file the game wrote
still loads. At the next start, before the child writes anything, no temporary file of
the game's is left in its folders.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from splendor.gamedata import base_game
from splendor.storage import paths
from splendor.storage.saves import SaveError, list_saves, load_save
from splendor.storage.settings import load_settings
from splendor.storage.stats import load_stats
from tests.invariants import check_invariants

ROOT = Path(__file__).resolve().parents[2]
KILLS = 200
#: The longest a child may take to start (import, start-up) before the test gives up.
START_TIMEOUT = 60.0
#: Kills land this long after the start-up (uniformly): early turns, mid-game, game ends.
DELAY = (0.0, 1.6)

CHILD = textwrap.dedent("""
    import json, os, sys, time
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from splendor.session.saving import session_document
    from splendor.storage import paths
    from splendor.storage.saves import save_path_for, write_save
    from splendor.storage.stats import load_stats, save_stats
    from splendor.ui import main as ui_main
    from splendor.ui.options import GameOptions, SeatOption
    from splendor.ui.scenes.results import ResultsScene

    MODE, ROUND = sys.argv[1], int(sys.argv[2])
    SEATS = (SeatOption("easy", "Easy bot"), SeatOption("medium", "Medium bot"))
    games = []

    class ProbeGame(ui_main.Game):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            games.append(self)

        def autosave(self):
            super().autosave()
            state = self.session.state
            print("TURN", state.setup.seed, state.turns, flush=True)

    def play_through_the_table(game, app):
        game.prefs.speed = 50.0
        for number in range(10**6):
            game.start(GameOptions(SEATS, first_player=0, seed=ROUND * 1000 + number))
            while not isinstance(app.stack.top, ResultsScene):
                app.step(0.05)
                time.sleep(0.0005)  # the bots decide in their own process

    def write_everything(game, app):
        for number in range(10**6):
            game.start(GameOptions(SEATS, first_player=0, seed=ROUND * 1000 + number))
            session = game.session
            while not session.is_over():
                # A move as soon as the bots' process answers; the session autosaves
                # after the turn (Game.autosave).
                while session.incoming is None:
                    session.poll()
                    time.sleep(0.0005)
                session.commit_incoming()
                write_save(save_path_for("Kill probe"), session_document(session))
                game.save_settings()
                records, problem = load_stats()
                if problem is None:
                    save_stats(records)
            game.finish(session)

    class ProbeApp(ui_main.App):
        def run(self, first=None):
            # The start-up is over: whatever it was to clean up is cleaned up.
            folders = {paths.data_dir(), paths.saves_dir(), paths.config_dir()}
            left = sorted(str(p) for f in folders if f.is_dir() for p in f.glob(".*.tmp"))
            print("START", json.dumps(left), flush=True)
            play = play_through_the_table if MODE == "game" else write_everything
            play(games[-1], self)

    ui_main.App = ProbeApp
    ui_main.Game = ProbeGame
    from splendor.cli import main
    main([])
""")


class Child:
    """One start of the program, its report lines read as they come."""

    def __init__(self, home: Path, mode: str, round_number: int) -> None:
        env = {**os.environ, "SPLENDOR_HOME": str(home), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
               "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", CHILD, mode, str(round_number)], cwd=ROOT, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.endswith("\n"):  # not a line the kill cut short
                self.lines.put(line.strip())

    def wait_for_start(self) -> list[str]:
        """The temporary files the child saw once started (it prints them first)."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            if line.startswith("START"):
                left: list[str] = json.loads(line.removeprefix("START"))
                return left
        assert self.process.stderr is not None
        self.process.kill()
        raise AssertionError(f"the program did not start: {self.process.stderr.read()[-2000:]}")

    def kill(self) -> list[tuple[int, int]]:
        """SIGKILL the child; every (seed, turns) it reported as autosaved."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.reader.join(timeout=30)
        assert self.process.returncode == -signal.SIGKILL, (
            f"the child ended by itself ({self.process.returncode}): "
            f"{self.process.stderr.read()[-2000:] if self.process.stderr else ''}")
        turns = []
        while not self.lines.empty():
            words = self.lines.get().split()
            if words[:1] == ["TURN"]:
                turns.append((int(words[1]), int(words[2])))
        return turns


def check_files_after_kill(reported: list[tuple[int, int]], label: str) -> str:
    """Everything the killed child wrote still loads; which autosave file was used."""
    data = base_game()
    used = "none"
    if paths.autosave_path().exists() or paths.autosave_backup_path().exists():
        saved = None
        problems = []
        for path in (paths.autosave_path(), paths.autosave_backup_path()):
            try:
                saved = load_save(path, data)
            except SaveError as exc:
                problems.append(str(exc))
                continue
            used = path.name
            break
        assert saved is not None, f"{label}: neither autosave loads: {problems}"
        check_invariants(saved.state)  # the replayed record is a legal position
        if reported and used == paths.autosave_path().name:
            seed, turns = reported[-1]
            if saved.state.setup.seed == seed:
                # It may have finished (and saved) one more turn before it died, unreported.
                assert saved.state.turns in (turns, turns + 1), (
                    f"{label}: the autosave holds turn {saved.state.turns}, "
                    f"turn {turns} was reported saved")
            else:
                # A new game began after the last report: its first turn at most.
                assert (saved.state.setup.seed or 0) > seed and saved.state.turns <= 1, (
                    f"{label}: the autosave is of game {saved.state.setup.seed} turn "
                    f"{saved.state.turns}; the last report was game {seed} turn {turns}")
    broken = [(i.path.name, i.error) for i in list_saves()
              if i.error is not None and not i.path.name.startswith("autosave")]
    assert not broken, f"{label}: saves that no longer load: {broken}"
    settings_problem = load_settings()[1]
    assert settings_problem is None, f"{label}: {settings_problem}"
    stats_problem = load_stats()[1]
    assert stats_problem is None, f"{label}: {stats_problem}"
    return used


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX-only")
def test_200_sigkills_mid_game_and_mid_write_lose_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(15)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("SPLENDOR_HOME", str(home))  # the checks read the child's folder
    used: dict[str, int] = {}
    leftovers: list[str] = []
    turns_reported = 0
    for kill in range(KILLS):
        mode = "game" if kill % 2 == 0 else "save"
        label = f"kill {kill + 1} ({mode})"
        child = Child(home, mode, kill)
        left = child.wait_for_start()
        if left:
            leftovers.append(f"start {kill + 1}: {len(left)} files, e.g. {left[-1]}")
        time.sleep(rng.uniform(*DELAY))
        reported = child.kill()
        turns_reported += len(reported)
        name = check_files_after_kill(reported, label)
        used[name] = used.get(name, 0) + 1
    final = Child(home, "game", KILLS)
    left = final.wait_for_start()
    if left:
        leftovers.append(f"final start: {len(left)} files, e.g. {left[-1]}")
    final.kill()
    print(f"\n{KILLS} kills, {turns_reported} autosaved turns reported; autosave used "
          f"after a kill: {used}")
    assert not leftovers, (f"temporary files left after {len(leftovers)} of {KILLS + 1} "
                           "starts:\n" + "\n".join(leftovers[:5] + leftovers[-1:]))
