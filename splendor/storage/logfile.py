"""The game's log file: problems with files are written here as well as shown in the game."""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler

from splendor.storage import paths

LOGGER_NAME = "splendor"


def setup_logging() -> str | None:
    """Log to splendor.log in the log folder; return None, or why the file cannot be used
    (the game then logs to standard error only, and goes on)."""
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(logging.INFO)
    path = paths.log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=512 * 1024, backupCount=2, encoding="utf-8")
    except OSError as exc:
        return f"cannot write the log file {path}: {exc.strerror or exc}"
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    return None


def logger() -> logging.Logger:
    return logging.getLogger(LOGGER_NAME)
