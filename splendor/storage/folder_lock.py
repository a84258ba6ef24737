"""An exclusive claim on a folder by one process: a lock file the operating system
releases when the process ends, however it ends (see storage/instance.py for the
window's own claim on the data folder)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from splendor.storage.instance import try_lock


class FolderLock:
    """`acquire` takes `folder/name` exclusively; `release` gives it up."""

    def __init__(self, folder: Path, name: str) -> None:
        self.path = folder / name
        self._fd: int | None = None

    def acquire(self) -> bool:
        """True once held; False when another process holds it. OSError when the lock
        file cannot be made (the folder is missing and cannot be made, or read-only)."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if not try_lock(fd):
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)  # closing drops the lock
            self._fd = None
