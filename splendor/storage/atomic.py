"""Crash-safe file writes: a temporary file in the same folder, flushed, fsynced, then
`os.replace`d over the target, so a reader sees the old file or the new one, never half.
"""

from __future__ import annotations

import contextlib
import os
import stat
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


#: What a file that is not a regular one is, for the message refusing it.
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "a special file")


def read_bytes_limited(path: Path, limit: int) -> bytes:
    """Read a regular file of at most `limit` bytes; StorageError naming it otherwise.

    A pipe, device, socket or folder at the name is refused without being read (reading
    a pipe would wait forever, a device never end). Symbolic links are followed: what
    counts is the file they lead to.
    """
    # O_NONBLOCK: opening a pipe must not wait for a writer; for a regular file it
    # changes nothing. The type is checked on the opened file (fstat), so the file
    # cannot be swapped between the check and the read.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {_describe(exc)}") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise StorageError(f"{path} is not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit:
            raise StorageError(
                f"{path.name} is too large ({info.st_size:,} bytes; at most {limit:,})")
        chunks: list[bytes] = []
        wanted = limit + 1  # one byte more than allowed tells a file that grew meanwhile
        while wanted > 0:
            chunk = os.read(fd, min(wanted, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            wanted -= len(chunk)
    except StorageError:
        raise
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {_describe(exc)}") from exc
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise StorageError(f"{path.name} is too large (more than {limit:,} bytes)")
    return data
