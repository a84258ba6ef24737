"""The game's log file: problems with files are written here as well as shown in the game."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from splendor.storage import paths
from splendor.storage.atomic import StorageError, require_regular

LOGGER_NAME = "splendor"


class QuietFileHandler(RotatingFileHandler):
    """A rotating log file that never gets in the game's way: when a message cannot be
    written (a full disk, a folder gone), standard error gets one short note the first
    time, instead of logging's traceback for every message; later messages are tried
    again, so the log resumes once there is room."""

    problem_reported = False

    def _open(self) -> io.TextIOWrapper:
        # Opening a pipe for writing waits for a reader, forever at start-up: the file
        # is opened without waiting and refused unless it is a regular file (as the
        # saves and settings are), here and on every reopen after a rotation.
        stream = open(self.baseFilename, self.mode,  # noqa: SIM115 (the handler keeps it)
                      encoding=self.encoding, errors=self.errors, opener=_open_regular)
        assert isinstance(stream, io.TextIOWrapper)  # text mode: a text stream
        return stream

    def handleError(self, record: logging.LogRecord) -> None:
        if self.problem_reported:
            return
        self.problem_reported = True
        exc = sys.exc_info()[1]
        reason = (exc.strerror if isinstance(exc, OSError) and exc.strerror
                  else str(exc) or type(exc).__name__)
        # No standard error at all in a windowed executable: then nothing is said.
        with contextlib.suppress(Exception):
            print(f"splendor: cannot write the log file {self.baseFilename}: {reason} "
                  "(the game goes on; further log problems are not shown)", file=sys.stderr)


def _open_regular(name: str, flags: int) -> int:
    """os.open for `open(opener=...)` that never waits and accepts only a regular file."""
    path = Path(name)
    try:
        fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        # A pipe nobody reads cannot even be opened without waiting (ENXIO): say what
        # the file is rather than "no such device".
        try:
            mode = os.stat(path).st_mode
        except OSError:
            raise exc from None
        require_regular(path, mode)
        raise
    try:
        require_regular(path, os.fstat(fd).st_mode)
    except BaseException:
        os.close(fd)
        raise
    return fd


def setup_logging() -> str | None:
    """Log to splendor.log in the log folder; return None, or why the file cannot be used
    (the game then logs to standard error only, and goes on)."""
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(logging.INFO)
    path = paths.log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = QuietFileHandler(path, maxBytes=512 * 1024, backupCount=2, encoding="utf-8")
    except StorageError as exc:
        return f"cannot use the log file: {exc}; the game goes on without one"
    except OSError as exc:
        return f"cannot write the log file {path}: {exc.strerror or exc}"
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    return None


def logger() -> logging.Logger:
    return logging.getLogger(LOGGER_NAME)
