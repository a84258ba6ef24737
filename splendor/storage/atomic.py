"""Crash-safe file writes: a temporary file in the same folder, flushed, fsynced, then
`os.replace`d over the target, so a reader sees the old file or the new one, never half.
"""

from __future__ import annotations

import contextlib
import os
import re
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


def append_synced(path: Path, data: bytes) -> None:
    """Add `data` at the end of the existing file `path` and sync it; StorageError on
    failure, or when `path` is missing (part of `data` may be there: the caller writes
    the file whole next)."""
    try:
        # Never made here: a file gone since it was written whole is an error.
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            # The data is what must last; fdatasync skips the times' metadata.
            (getattr(os, "fdatasync", None) or os.fsync)(handle.fileno())
    except OSError as exc:
        raise StorageError(f"cannot write {path}: {_describe(exc)}") from exc


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


#: The temporary files `atomic_write_bytes` makes: `.<name>.<8 random characters>.tmp`,
#: where <name> is one of the game's JSON files (tempfile's characters: a-z, 0-9, _).
TEMP_FILE = re.compile(r"\A\.(?P<name>[^/\\]+\.json)\.[a-z0-9_]{8}\.tmp\Z")


def remove_stale_temp_files(folders: list[Path]) -> list[Path]:
    """Delete the temporary files a killed write left in `folders` (not below them);
    only regular files named as `atomic_write_bytes` names them. The files removed.

    Call it only when no other instance of the game can be writing there.
    """
    removed: list[Path] = []
    seen: set[Path] = set()
    for folder in folders:
        key = Path(os.path.abspath(folder))
        if key in seen:
            continue
        seen.add(key)
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue  # no folder yet, or not listable: nothing of ours to clean
        for entry in entries:
            if not TEMP_FILE.match(entry.name):
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                os.unlink(entry.path)
            except OSError:
                continue  # another program holds it (Windows) or it is gone: leave it
            removed.append(Path(entry.path))
    return removed


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


def require_regular(path: Path, mode: int) -> None:
    """StorageError naming `path` unless `mode` (from a stat) is a regular file's."""
    if not stat.S_ISREG(mode):
        raise StorageError(f"{path} is not a regular file ({_kind(mode)})")


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
        require_regular(path, info.st_mode)
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
