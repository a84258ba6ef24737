"""Files the game cannot use are moved aside, never overwritten or deleted.

A file this version cannot read (damaged, or written by a newer version) is renamed in
its own folder to `<stem>.<reason>-<date>-<time>[-<n>]<suffix>`, e.g.
`autosave.unreadable-20261124-021500.json`: a name that says why, and that never replaces
another file. When it cannot even be renamed, it is left untouched where it is and the
game does not write over it. Either way a `FileProblem` says what became of it.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from splendor.storage.atomic import StorageError
from splendor.storage.logfile import logger

#: Why a file was not used: it cannot be read, or a newer version of the game wrote it.
REASONS = ("unreadable", "newer")
#: The errors that say hard links cannot be made here (a file system without them, a
#: folder), rather than that the file cannot be renamed.
_NO_HARD_LINK = frozenset({errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV,
                           errno.EMLINK, errno.EACCES, errno.EISDIR})
#: How many counters to try after the first name before giving up.
MAX_COUNTER = 999


@dataclass(frozen=True)
class FileProblem:
    """A file the game could not use, and where its bytes are now.

    `what` is 'settings', 'statistics' or 'autosave' (which text explains it); `detail` is
    the technical reason in English; `kept` is the file's new name, or None when it was
    left untouched at `path` (a newer version's file the game can do without, or one that
    could not be moved): the game then never writes over it.
    """

    path: Path
    what: str
    reason: str
    detail: str
    kept: Path | None = None

    @property
    def where(self) -> Path:
        """Where the file's bytes are now."""
        return self.kept or self.path

    def __str__(self) -> str:
        if self.kept is not None:
            fate = f"kept as {self.kept.name} in {self.kept.parent}"
        else:
            fate = f"left untouched in {self.path.parent} and not written over"
        return f"{self.path.name} could not be used ({self.detail}); {fate}"


def aside_name(path: Path, reason: str, now: datetime, counter: int = 1) -> Path:
    """`settings.json` -> `settings.unreadable-20261124-021500.json` (`-2`... when taken)."""
    stamp = now.strftime("%Y%m%d-%H%M%S")
    extra = f"-{counter}" if counter > 1 else ""
    name = path.name
    stem, suffix = (name[: -len(path.suffix)], path.suffix) if path.suffix else (name, "")
    return path.with_name(f"{stem}.{reason}-{stamp}{extra}{suffix}")


def move_aside(path: Path, reason: str, now: datetime | None = None) -> Path:
    """Rename `path` in its folder under a new, unused name saying `reason`; the new path.
    StorageError (the file untouched) when it cannot be moved."""
    if reason not in REASONS:
        raise ValueError(f"unknown reason {reason!r}")
    moment = now or datetime.now()
    for counter in range(1, MAX_COUNTER + 2):
        target = aside_name(path, reason, moment, counter)
        try:
            _rename_no_replace(path, target)
        except FileExistsError:
            continue
        except OSError as exc:
            raise StorageError(f"cannot move {path.name} aside: "
                               f"{exc.strerror or exc}") from exc
        return target
    raise StorageError(f"cannot move {path.name} aside: every name is taken")


def _rename_no_replace(source: Path, target: Path) -> None:
    """Rename, failing with FileExistsError rather than replacing an existing target."""
    if os.name == "nt":
        os.rename(source, target)  # Windows never replaces with os.rename
        return
    try:
        # A hard link fails when the target exists: no window where it could be replaced.
        # The link is made to the entry itself, so a symlink moves as a symlink.
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except (OSError, NotImplementedError) as exc:
        if isinstance(exc, OSError) and exc.errno not in _NO_HARD_LINK:
            raise
        # No hard links here (some file systems; folders): check, then rename.
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "exists", str(target)) from None
        os.rename(source, target)
        return
    os.unlink(source)


def keep_aside(path: Path, what: str, reason: str, detail: str,
               now: datetime | None = None) -> FileProblem:
    """Move an unusable file aside and say so (in the log too); when it cannot be moved,
    the problem says it was left in place (`kept` None)."""
    try:
        kept: Path | None = move_aside(path, reason, now)
    except StorageError as exc:
        kept = None
        detail = f"{detail}; {exc}"
    problem = FileProblem(path, what, reason, detail, kept)
    logger().warning("%s", problem)
    return problem


def left_alone(path: Path, what: str, reason: str, detail: str) -> FileProblem:
    """A file the game does not use and does not move (a newer version's settings or
    statistics, which this version can do without): logged, and never written over."""
    problem = FileProblem(path, what, reason, detail, None)
    logger().warning("%s", problem)
    return problem


def refuse_to_replace(path: Path, readable: Callable[[bytes], object], limit: int) -> None:
    """Before writing over `path`: StorageError unless it is absent or `readable` accepts
    its bytes (raising ValueError or StorageError otherwise), so no file the game cannot
    read is ever replaced."""
    if not os.path.lexists(path):
        return
    from splendor.storage.atomic import read_bytes_limited

    try:
        readable(read_bytes_limited(path, limit))
    except (StorageError, ValueError, TypeError, RecursionError) as exc:
        raise StorageError(f"{path.name} is not written over: it could not be read "
                           f"({exc})") from None
