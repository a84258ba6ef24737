"""One window owns the data folder (a lock the operating system drops when the process
dies); the owner alone removes the stale temporary files killed writes left, and only
when no other window could be writing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from splendor.storage import paths
from splendor.storage.instance import InstanceLock, claim_folders

ROOT = Path(__file__).resolve().parents[2]


def env() -> dict[str, str]:
    """This test's environment (its own SPLENDOR_HOME) for a child process."""
    return {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


#: A child process that claims the folders, says whether it owns them, then waits.
HOLDER = textwrap.dedent("""
    import sys
    from splendor.storage.instance import claim_folders
    lock = claim_folders()
    print("owner" if lock.owner else "second", flush=True)
    sys.stdin.readline()
""")


def start_holder() -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", HOLDER], cwd=ROOT, env=env(), text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdout is not None
    child.stdout.readline()  # wait until it holds what it can
    return child


def test_the_second_claim_in_a_process_is_not_the_owner(tmp_path: Path) -> None:
    first = InstanceLock.acquire(tmp_path)
    second = InstanceLock.acquire(tmp_path)
    try:
        assert first.owner and first.alone
        assert not second.owner
        first.release()
        third = InstanceLock.acquire(tmp_path)
        assert third.owner, "released: the next window owns the folder"
        assert not third.alone, "the second window is still running"
        third.release()
    finally:
        first.release()
        second.release()


def test_another_process_is_told_and_a_killed_owner_frees_the_folder() -> None:
    child = start_holder()
    try:
        lock = claim_folders()
        assert not lock.owner, "the child process owns the folder"
        lock.release()
    finally:
        child.kill()  # SIGKILL: no chance to release anything itself
        child.wait()
    lock = claim_folders()
    assert lock.owner, "the operating system released the dead process's lock"
    lock.release()


def test_a_second_process_is_not_the_owner() -> None:
    first = claim_folders()
    try:
        assert first.owner
        out = subprocess.run([sys.executable, "-c", HOLDER], cwd=ROOT, env=env(), input="\n",
                             capture_output=True, text=True, timeout=60).stdout
        assert out.strip() == "second"
    finally:
        first.release()
    out = subprocess.run([sys.executable, "-c", HOLDER], cwd=ROOT, env=env(), input="\n",
                         capture_output=True, text=True, timeout=60).stdout
    assert out.strip() == "owner"


# --- stale temporary files ---------------------------------------------------------------

OURS = [".autosave.json.abcd1234.tmp", ".autosave.bak.json.k_9z0q2x.tmp",
        ".My game.json.a1b2c3d4.tmp"]
NOT_OURS = [".notes.txt.abcd1234.tmp", "autosave.json.tmp", ".autosave.json.ABCD1234.tmp",
            ".autosave.json.abc.tmp", "photo.json", ".hidden", ".settings.json.abcd1234.tmp~"]


def plant(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in OURS + NOT_OURS:
        (folder / name).write_bytes(b"x" * 10)
    (folder / ".statistics.json.abcd1234.tmp").mkdir()  # a folder, not a file
    (folder / ".settings.json.zzzz9999.tmp").symlink_to(folder / "photo.json")


def test_the_owner_removes_only_the_games_own_stale_temporary_files(tmp_path: Path) -> None:
    folders = {paths.saves_dir(), paths.data_dir(), paths.config_dir()}
    for folder in folders:
        plant(folder)
    deeper = paths.saves_dir() / "sub"
    plant(deeper)
    lock = claim_folders()
    try:
        assert lock.owner
        assert sorted(p.name for p in lock.removed) == sorted(OURS * len(folders))
        for folder in folders:
            names = {p.name for p in folder.iterdir()}
            assert not names & set(OURS)
            assert set(NOT_OURS) <= names
            assert (folder / ".statistics.json.abcd1234.tmp").is_dir()
            assert (folder / ".settings.json.zzzz9999.tmp").is_symlink()
        assert set(OURS) <= {p.name for p in deeper.iterdir()}, "only the folders themselves"
    finally:
        lock.release()


def test_no_temporary_file_is_removed_while_another_window_may_be_writing() -> None:
    first = claim_folders()
    second = claim_folders()  # a window started while the first was open
    try:
        first.release()  # the first window closes; the second one goes on
        plant(paths.saves_dir())
        third = claim_folders()
        assert third.owner and not third.alone and third.removed == []
        assert set(OURS) <= {p.name for p in paths.saves_dir().iterdir()}
        third.release()
        second.release()
        fourth = claim_folders()
        assert fourth.owner and sorted(p.name for p in fourth.removed) == sorted(OURS)
        fourth.release()
    finally:
        first.release()
        second.release()


#: A child process killed in the middle of an atomic write, as a crash or a kill would.
KILLED_WRITER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from splendor.storage import paths
    from splendor.storage.atomic import atomic_write_bytes
    def stuck(src, dst):
        print("writing", flush=True)
        time.sleep(600)
    os.replace = stuck
    atomic_write_bytes(paths.autosave_path(), b"{}" * 1000)
""")


def test_a_write_killed_mid_way_leaves_a_file_the_next_start_removes() -> None:
    child = subprocess.Popen([sys.executable, "-c", KILLED_WRITER], cwd=ROOT, env=env(),
                             text=True, stdout=subprocess.PIPE)
    assert child.stdout is not None and child.stdout.readline().strip() == "writing"
    child.kill()  # SIGKILL on POSIX
    child.wait()
    left = [p.name for p in paths.saves_dir().iterdir()]
    assert len(left) == 1 and left[0].startswith(".autosave.json.") and left[0].endswith(".tmp")
    lock = claim_folders()
    try:
        assert [p.name for p in lock.removed] == left
        assert list(paths.saves_dir().iterdir()) == []
    finally:
        lock.release()
