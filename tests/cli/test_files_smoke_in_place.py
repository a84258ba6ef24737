"""`python -m splendor --smoke --in-place`: the smoke check on the player's own folders
($SPLENDOR_HOME here), reporting each file, and leaving every one as it was: the
autosave of a game in progress and every file this version cannot read included."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from splendor.devtools import smoke
from splendor.storage import paths
from splendor.ui.app import App
from splendor.ui.main import Game
from tests.helpers import play_turns
from tests.storage.test_files_instance import start_holder
from tests.ui.test_autosave import OPTIONS

ROOT = Path(__file__).resolve().parents[2]
STALE = ".autosave.json.abcd1234.tmp"


def user_files(home: Path) -> dict[str, bytes]:
    """What the player keeps there (the game's lock files aside)."""
    return {str(p.relative_to(home)): p.read_bytes() for p in home.rglob("*")
            if p.is_file() and not p.name.endswith(".lock")}


def hostile_home() -> Path:
    """A player's folder: a game in progress, a newer version's backup, a damaged save,
    unreadable settings, newer statistics, and a temporary file a killed write left."""
    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    play_turns(game.session, 6, random.Random(6))
    home = paths.data_dir()
    (home / "settings.json").write_bytes(b'{"version": 1, "volume": ')
    (home / "statistics.json").write_bytes(b'{"version": 3, "records": {}}')
    paths.autosave_backup_path().write_bytes(b'{"format": "splendor-save", "version": 3}')
    (paths.saves_dir() / "Broken.json").write_bytes(b'{"format": "splendor-save", "ve')
    (paths.saves_dir() / STALE).write_bytes(b"half a save")
    return home


def test_in_place_checks_the_players_files_and_changes_none() -> None:
    home = hostile_home()
    before = user_files(home)
    result = subprocess.run([sys.executable, "-m", "splendor", "--smoke", "--in-place"],
                            env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
                            capture_output=True, text=True, timeout=300, cwd=ROOT)
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert f"checking your files in place: {home}" in out
    assert "stale temporary files removed: 1" in out
    assert "settings: cannot be used" in out and "statistics: cannot be used" in out
    assert "save autosave.json: read" in out, "the game in progress loads"
    assert "save autosave.bak.json: cannot be loaded" in out and "newer version" in out
    assert "save Broken.json: cannot be loaded" in out
    assert "bot game through the table" in out and "smoke test passed" in out
    assert "your files were left as they were" in out
    del before[f"saves/{STALE}"]
    assert user_files(home) == before, "every file's bytes are where they were"


def test_in_place_with_a_game_window_open_cleans_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    home = hostile_home()
    played = []
    monkeypatch.setattr(smoke, "_checks", lambda *args, **kw: played.append(kw) or 0)
    lines: list[str] = []
    child = start_holder()  # the game window, which cleaned up as it started
    try:
        (paths.saves_dir() / STALE).write_bytes(b"its write in progress")
        before = user_files(home)
        assert smoke.run_smoke(0.0, lines.append, in_place=True) == 0
    finally:
        child.kill()
        child.wait()
    assert "another Splendor window is open on these files: nothing is cleaned" in lines
    assert played == [{"owner": False}], "the bot game writes nothing in the player's files"
    assert user_files(home) == before, "the other window's temporary file too"


def test_in_place_goes_with_smoke_only(capsys: pytest.CaptureFixture[str]) -> None:
    from splendor.cli import main

    with pytest.raises(SystemExit) as info:
        main(["--in-place"])
    assert info.value.code == 2
    assert "--in-place goes with --smoke" in capsys.readouterr().err
