"""The one place that knows where the game keeps its files.

By default platformdirs' user folders for `splendor` (appauthor=False): data (saves,
statistics), config (settings) and logs. With $SPLENDOR_HOME set, everything lives
under that folder instead (tests and portable installs use it).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "splendor"


def _home() -> Path | None:
    value = os.environ.get("SPLENDOR_HOME")
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    """Saves and statistics."""
    home = _home()
    return home if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    """Settings."""
    home = _home()
    return home if home else Path(platformdirs.user_config_dir(APP, appauthor=False))


def log_dir() -> Path:
    """The log file's folder."""
    home = _home()
    return home / "logs" if home else Path(platformdirs.user_log_dir(APP, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return saves_dir() / "autosave.json"


def autosave_backup_path() -> Path:
    """The previous good autosave, kept when a new one replaces it."""
    return saves_dir() / "autosave.bak.json"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def log_path() -> Path:
    return log_dir() / "splendor.log"


def saba_data_path() -> Path:
    """The player's copy of Saba's card data, played instead of the shipped file when it
    passes the checks (docs/RULES_SABA.md, section 8)."""
    return data_dir() / "saba" / "components.yaml"


def net_seats_path() -> Path:
    """The seats this computer holds at network tables (their tokens)."""
    return data_dir() / "net_seats.json"


def join_seats_path() -> Path:
    """The seats `join`'s bots hold at network tables (their tokens)."""
    return data_dir() / "join_seats.json"


def net_tables_dir() -> Path:
    """Where a host's server autosaves its tables."""
    return data_dir() / "net_tables"


def net_records_dir() -> Path:
    """Where `serve` writes finished games' records unless told."""
    return data_dir() / "net_records"
