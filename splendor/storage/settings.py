"""The player's settings, saved atomically as JSON (versioned).

An unreadable or invalid settings file never stops the game: the defaults are used, the
file is kept beside as `settings.json.bak`, and a message says so. A language the game does
not know means English, and a wrong list of the last game's seats the default seats (logged),
not a reset of everything else.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from splendor.i18n import DEFAULT, LANGUAGES
from splendor.storage import paths, untrusted
from splendor.storage.atomic import (
    StorageError,
    atomic_write_text,
    keep_aside,
    read_bytes_limited,
)
from splendor.storage.logfile import logger as log

SETTINGS_VERSION = 1
ASSIST_NAMES = ("affordable", "remaining_cost", "noble_progress", "reasons")


def _default_seats() -> list[dict[str, str]]:
    return [{"kind": "human", "name": "Player 1"}, {"kind": "medium", "name": "Medium bot"}]


@dataclass
class Settings:
    """Everything the player can set; saved between sessions."""

    language: str = DEFAULT
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    animation_speed: float = 1.0
    volume: float = 0.6
    assists: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(ASSIST_NAMES, True))
    colour_symbols: bool = True
    default_seats: list[dict[str, str]] = field(default_factory=_default_seats)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window"] = list(self.window)
        return {"version": SETTINGS_VERSION, **data}


def _check(doc: Any) -> Settings:
    """Settings from a parsed file; ValueError naming the first wrong entry."""
    if not isinstance(doc, dict):
        raise ValueError("expected a JSON object")
    if doc.get("version") != SETTINGS_VERSION:
        raise ValueError(f"unknown version {doc.get('version')!r}")
    known = {f.name for f in fields(Settings)}
    unknown = sorted(set(doc) - known - {"version"})
    if unknown:
        raise ValueError(f"unknown setting(s) {', '.join(unknown)}")
    s = Settings()
    if "language" in doc:
        if not isinstance(doc["language"], str):
            raise ValueError("'language' must be text")
        # A code this version does not ship (a newer version's, a typo): English.
        s.language = doc["language"] if doc["language"] in LANGUAGES else DEFAULT
    if "window" in doc:
        w = doc["window"]
        if not (isinstance(w, list) and len(w) == 2 and all(type(v) is int and v > 0 for v in w)):
            raise ValueError("'window' must be [width, height]")
        # A size no screen has would cost gigabytes for the first frame: as `--size`.
        s.window = untrusted.clamp_window(w[0], w[1])
    for name in ("fullscreen", "colour_symbols"):
        if name in doc:
            if not isinstance(doc[name], bool):
                raise ValueError(f"'{name}' must be true or false")
            setattr(s, name, doc[name])
    for name, low, high in (("animation_speed", 0.1, 50.0), ("volume", 0.0, 1.0)):
        if name in doc:
            value = doc[name]
            if isinstance(value, bool) or not isinstance(value, int | float) \
                    or not low <= value <= high:
                raise ValueError(f"'{name}' must be a number from {low} to {high}")
            setattr(s, name, float(value))
    if "assists" in doc:
        assists = doc["assists"]
        if not isinstance(assists, dict) or not all(
            k in ASSIST_NAMES and isinstance(v, bool) for k, v in assists.items()
        ):
            raise ValueError("'assists' must map assist names to true or false")
        s.assists.update(assists)
    if "default_seats" in doc:
        seats, problem = _seats(doc["default_seats"])
        if problem is None:
            s.default_seats = seats
        else:
            # Only the seats of the last game: the rest of the settings still count.
            log().warning("settings: %s; the default seats are used", problem)
    return s


def _seats(value: Any) -> tuple[list[dict[str, str]], str | None]:
    """The seats of the last game from a settings file, names cleaned; or why not."""
    if not (isinstance(value, list) and 2 <= len(value) <= 4 and all(
        isinstance(x, dict) and isinstance(x.get("kind"), str)
        and isinstance(x.get("name"), str) for x in value
    )):
        return [], "'default_seats' must list 2 to 4 seats with a kind and a name"
    kind = untrusted.unknown_kind(value)
    if kind is not None:
        return [], f"'default_seats' has a seat of unknown kind {kind[:40]!r}"
    return [{"kind": x["kind"], "name": untrusted.clean_name(x["name"])} for x in value], None


class SettingsProblem(str):
    """Why the settings file was not used, as one English sentence for the log; `detail`
    (the technical reason) and `backup` (the name it was kept under, or None) let the
    window say it in the player's language."""

    detail: str
    backup: str | None

    def __new__(cls, detail: str, backup: str | None) -> SettingsProblem:
        kept = f"; it was kept as {backup}" if backup else ""
        self = super().__new__(
            cls, f"The settings file could not be used ({detail}): defaults apply{kept}.")
        self.detail = detail
        self.backup = backup
        return self


def load_settings() -> tuple[Settings, SettingsProblem | None]:
    """The saved settings and None, or the defaults and a message saying what happened."""
    path = paths.settings_path()
    if not path.exists():
        return Settings(), None
    try:
        raw = read_bytes_limited(path, 256 * 1024)
        return _check(json.loads(raw.decode("utf-8"))), None
    except (StorageError, UnicodeDecodeError, json.JSONDecodeError, ValueError) as exc:
        problem = str(exc)
    backup = keep_aside(path)
    return Settings(), SettingsProblem(problem, backup.name if backup else None)


def save_settings(settings: Settings) -> None:
    """Write the settings atomically; StorageError if the folder refuses."""
    atomic_write_text(paths.settings_path(), json.dumps(settings.to_json(), indent=1) + "\n")
