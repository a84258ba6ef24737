"""One game window owns the data folder at a time.

The first instance takes an exclusive lock on `splendor.lock` in the data folder
(`fcntl.flock` on POSIX, `msvcrt.locking` on Windows); the operating system releases it
when the process ends, however it ends. Only the owner autosaves, writes settings and
statistics, moves unreadable files aside and removes stale temporary files: a second
window on the same folder is told so and writes none of these.

Every instance also holds a shared lock on `splendor.instances.lock` (POSIX), so the owner
knows whether another window is still running (one started while an earlier owner was
open) and only then leaves the temporary files alone: one of them may be that window's
write in progress. On Windows a file another process has open cannot be deleted, so there
a write in progress is safe without it.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

from splendor.storage import paths
from splendor.storage.atomic import remove_stale_temp_files
from splendor.storage.logfile import logger

LOCK_NAME = "splendor.lock"
PRESENCE_NAME = "splendor.instances.lock"
#: How long a starting window waits for the owner to finish its start-up cleaning.
PRESENCE_WAIT = 2.0


class InstanceLock:
    """This process's claim on a data folder; `owner` says whether it holds the lock."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.owner = False
        #: True when the owner found no other instance running when it took the lock.
        self.alone = False
        #: The stale temporary files removed when it was taken (see `claim_folders`).
        self.removed: list[Path] = []
        self._fd: int | None = None
        self._presence: int | None = None

    @classmethod
    def acquire(cls, folder: Path | None = None,
                while_alone: Callable[[], object] | None = None) -> InstanceLock:
        """Claim `folder` (the data folder by default). `while_alone` runs when this is the
        owner and no other instance is running, before any other can start writing.

        A folder where no lock file can be made counts as owned: the game then writes as
        before, and reports its own write failures.
        """
        lock = cls(folder or paths.data_dir())
        try:
            lock.folder.mkdir(parents=True, exist_ok=True)
            lock._fd = os.open(lock.folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            logger().warning("cannot make the lock file in %s: %s", lock.folder,
                             exc.strerror or exc)
            lock.owner = lock.alone = True
            return lock
        lock.owner = try_lock(lock._fd)
        if not lock.owner:
            os.close(lock._fd)
            lock._fd = None
        lock._join(while_alone)
        return lock

    def _join(self, while_alone: Callable[[], object] | None) -> None:
        if os.name == "nt":
            self.alone = self.owner
            if self.alone and while_alone is not None:
                while_alone()
            return
        import fcntl

        try:
            fd = os.open(self.folder / PRESENCE_NAME, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return  # without it, the owner never assumes it is alone
        self._presence = fd
        if self.owner:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                pass  # another window is running (it started under a previous owner)
            else:
                self.alone = True
                try:
                    if while_alone is not None:
                        while_alone()
                finally:
                    fcntl.flock(fd, fcntl.LOCK_SH)
                return
        # Mark this instance as running; wait briefly if the owner is cleaning up.
        deadline = time.monotonic() + PRESENCE_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                return
            except OSError:
                if time.monotonic() > deadline:
                    return
                time.sleep(0.02)

    def release(self) -> None:
        """Give the folder up (the operating system does it anyway when the process ends)."""
        for fd in (self._fd, self._presence):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)  # closing drops the process's lock on it
        self._fd = self._presence = None
        self.owner = False


def try_lock(fd: int) -> bool:
    """Take the exclusive lock on `fd` without waiting; False when another process has it."""
    if os.name == "nt":
        import msvcrt

        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def game_folders() -> list[Path]:
    """The folders the game writes its files in."""
    return [paths.saves_dir(), paths.data_dir(), paths.config_dir()]


def claim_folders() -> InstanceLock:
    """Claim the data folder for this window; as its sole user, first remove the stale
    temporary files that writes killed mid-way left in the game's folders."""

    removed: list[Path] = []

    def clean() -> None:
        removed.extend(remove_stale_temp_files(game_folders()))
        if removed:
            logger().info("removed %d stale temporary file(s): %s", len(removed),
                          ", ".join(p.name for p in removed))

    lock = InstanceLock.acquire(while_alone=clean)
    lock.removed = removed
    if not lock.owner:
        logger().warning("another Splendor is running on %s: this one does not autosave",
                         lock.folder)
    return lock
