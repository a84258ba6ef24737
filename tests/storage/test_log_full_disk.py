"""A log file that cannot be written (full disk) never floods the terminal: one short
note the first time, then the game goes on quietly; the log works again once it can."""

from __future__ import annotations

import errno
import io
import os
from collections.abc import Iterator
from logging.handlers import RotatingFileHandler

import pytest

from splendor.storage import paths
from splendor.storage.logfile import logger, setup_logging


class FullDisk(io.StringIO):
    """A stream on a disk with no room left."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def log_handler() -> Iterator[RotatingFileHandler]:
    assert setup_logging() is None
    handler = next(h for h in logger().handlers if isinstance(h, RotatingFileHandler)
                   and h.baseFilename == str(paths.log_path()))
    yield handler
    logger().removeHandler(handler)
    handler.close()


def test_a_full_disk_gives_one_short_note_then_quiet(
        log_handler: RotatingFileHandler, capsys: pytest.CaptureFixture[str]) -> None:
    real = log_handler.stream
    log_handler.stream = FullDisk()
    try:
        for n in range(5):
            logger().warning("autosave failed: attempt %d", n)
    finally:
        log_handler.stream = real
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.count("\n") == 1, err
    assert str(paths.log_path()) in err and os.strerror(errno.ENOSPC) in err
    # Room again: the log goes on being written.
    logger().warning("settings not saved: after the disk was cleared")
    log_handler.flush()
    assert "after the disk was cleared" in paths.log_path().read_text(encoding="utf-8")
    assert capsys.readouterr().err == ""


def test_the_note_is_not_repeated_for_a_later_failure(
        log_handler: RotatingFileHandler, capsys: pytest.CaptureFixture[str]) -> None:
    real = log_handler.stream
    for _ in range(2):
        log_handler.stream = FullDisk()
        logger().warning("first problem")
        log_handler.stream = real
        logger().warning("fine again")
    assert capsys.readouterr().err.count("\n") == 1
