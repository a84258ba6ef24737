"""Crash-safe file writes: a temporary file in the same folder, flushed, fsynced, then
`os.replace`d over the target, so a reader sees the old file or the new one, never half.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


class StorageError(OSError):
    """A file that could not be read or written; the message says which and why."""


def _describe(exc: OSError) -> str:
    return exc.strerror or str(exc)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace `path` with `data` atomically; StorageError (nothing replaced) on failure."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise StorageError(f"cannot write in {folder}: {_describe(exc)}") from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise StorageError(f"cannot write {path}: {_describe(exc)}") from exc
    _sync_folder(folder)


def atomic_write_text(path: Path, text: str) -> None:
    """`atomic_write_bytes` for UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"))


def _sync_folder(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; folders cannot be opened on Windows.
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def keep_aside(path: Path) -> Path | None:
    """Move an unusable file to `<name>.bak` beside it, so the next save cannot destroy it
    and the player still has it; the new path, or None if it could not be moved."""
    backup = path.with_name(path.name + ".bak")
    try:
        os.replace(path, backup)
    except OSError:
        return None
    return backup


def read_bytes_limited(path: Path, limit: int) -> bytes:
    """Read a file of at most `limit` bytes; StorageError naming it otherwise."""
    try:
        size = path.stat().st_size
        if size > limit:
            raise StorageError(f"{path.name} is too large ({size:,} bytes; at most {limit:,})")
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except StorageError:
        raise
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {_describe(exc)}") from exc
    if len(data) > limit:
        raise StorageError(f"{path.name} is too large (more than {limit:,} bytes)")
    return data
