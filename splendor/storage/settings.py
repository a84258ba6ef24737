"""The player's settings, saved atomically as JSON (versioned).

An unreadable or invalid settings file never stops the game: the defaults are used, the
file is moved aside under a name that says so (see `splendor.storage.aside`), and a message
says where. A file from a newer version is left as it is and not written over (defaults
apply for the session). Settings this version does not know (a newer version's) are kept
and written back; a language the game does not know means English, and a wrong list of
the last game's seats the default seats (logged), not a reset of everything else; likewise
a wrong 'competitive' (the last game's mode) means a game that is not competitive, a
'module' this version does not know (or a wrong value) the base game alone, a
'player_name' that is not text a player the game names, and a wrong 'notices_seen' the
games' notices shown again.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from splendor.engine.modules import module_ids
from splendor.games import game_ids
from splendor.i18n import DEFAULT, LANGUAGES
from splendor.storage import paths, untrusted
from splendor.storage.aside import FileProblem, keep_aside, left_alone, refuse_to_replace
from splendor.storage.atomic import StorageError, atomic_write_text, read_bytes_limited
from splendor.storage.logfile import logger as log

SETTINGS_VERSION = 1
#: A larger settings file is refused before it is read.
MAX_SETTINGS_BYTES = 256 * 1024
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
    #: Whether the last game was competitive: the New game screen starts so.
    competitive: bool = False
    #: The Cities of Splendor module of the last game (None: the base game alone): the
    #: New game screen offers it again.
    module: str | None = None
    #: Whether the guided first game was offered (once, on the very first start). A file
    #: written before the offer existed says nothing: that player is not new.
    tutorial_offered: bool = False
    #: The modules whose lesson was offered (the first time each was chosen for a game).
    lessons_offered: list[str] = field(default_factory=list)
    #: The name the player last gave themselves (New game's first person, Join, Host);
    #: '' until they give one (see splendor/ui/player_name.py).
    player_name: str = ""
    #: The games (by id) whose notice was shown before their first game (Saba's: its
    #: card values are a reconstruction); it is not shown again unless asked for.
    notices_seen: list[str] = field(default_factory=list)
    #: Settings and assists a newer version wrote that this one does not know: written
    #: back as they were.
    unknown: dict[str, Any] = field(default_factory=dict)
    unknown_assists: dict[str, bool] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["unknown"], data["unknown_assists"]
        data["window"] = list(self.window)
        data["assists"] = {**self.unknown_assists, **self.assists}
        return {"version": SETTINGS_VERSION, **self.unknown, **data}


class NewerSettings(ValueError):
    """A settings file from a newer version of the game (a higher version number)."""


#: The fields read from the file; the others are a newer version's, kept as they are.
_FIELDS = frozenset(f.name for f in fields(Settings)) - {"unknown", "unknown_assists"}


def _check(doc: Any) -> Settings:
    """Settings from a parsed file; ValueError naming the first wrong entry."""
    if not isinstance(doc, dict):
        raise ValueError("expected a JSON object")
    version = doc.get("version")
    if type(version) is int and version > SETTINGS_VERSION:
        raise NewerSettings(f"written by a newer version (settings version {version}; "
                            f"this version reads {SETTINGS_VERSION})")
    if version != SETTINGS_VERSION:
        raise ValueError(f"unknown version {version!r}")
    s = Settings()
    s.unknown = {k: v for k, v in doc.items() if k not in _FIELDS and k != "version"}
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
    s.tutorial_offered = True  # unless the file says otherwise (see the field)
    for name in ("fullscreen", "colour_symbols", "tutorial_offered"):
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
            isinstance(k, str) and isinstance(v, bool) for k, v in assists.items()
        ):
            raise ValueError("'assists' must map assist names to true or false")
        s.assists.update({k: v for k, v in assists.items() if k in ASSIST_NAMES})
        s.unknown_assists = {k: v for k, v in assists.items() if k not in ASSIST_NAMES}
    if "default_seats" in doc:
        seats, problem = _seats(doc["default_seats"])
        if problem is None:
            s.default_seats = seats
        else:
            # Only the seats of the last game: the rest of the settings still count.
            log().warning("settings: %s; the default seats are used", problem)
    if "competitive" in doc:
        if isinstance(doc["competitive"], bool):
            s.competitive = doc["competitive"]
        else:
            # Like the seats, the last game's mode only: the rest of the settings count.
            log().warning("settings: 'competitive' must be true or false; a game that is "
                          "not competitive is offered")
    if "lessons_offered" in doc:
        offered = doc["lessons_offered"]
        if isinstance(offered, list) and all(isinstance(m, str) for m in offered):
            s.lessons_offered = [m for m in offered if m in module_ids()]
        else:
            # Only which lessons were offered: the rest of the settings still count.
            log().warning("settings: 'lessons_offered' must list module names; the "
                          "lessons will be offered again")
    if "notices_seen" in doc:
        seen = doc["notices_seen"]
        if isinstance(seen, list) and all(isinstance(g, str) for g in seen):
            s.notices_seen = [g for g in seen if g in game_ids()]
        else:
            # Only which notices were shown: the rest of the settings still count.
            log().warning("settings: 'notices_seen' must list game names; the notices "
                          "will be shown again")
    if "player_name" in doc:
        if isinstance(doc["player_name"], str):
            s.player_name = untrusted.clean_name(doc["player_name"])
        else:
            # Only the name: the rest of the settings still count.
            log().warning("settings: 'player_name' must be text; the game names the player")
    if "module" in doc:
        module = doc["module"]
        if module is None or module in module_ids():
            s.module = module
        else:
            # A module this version does not know (a newer version's) or a wrong value:
            # the last game's module only, the base game is offered.
            shown = repr(module)[:40]
            log().warning("settings: unknown module %s; the base game is offered", shown)
    return s


def _parse(raw: bytes) -> Settings:
    """Settings from the file's bytes; ValueError (NewerSettings for a newer version)."""
    try:
        return _check(json.loads(raw.decode("utf-8")))
    except RecursionError:
        raise ValueError("nested too deeply") from None


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


def read_settings() -> tuple[Settings, FileProblem | None]:
    """The saved settings, or the defaults and why the file cannot be used; the file is
    left as it is (see `load_settings`)."""
    path = paths.settings_path()
    if not path.exists():
        return Settings(), None
    try:
        return _parse(read_bytes_limited(path, MAX_SETTINGS_BYTES)), None
    except NewerSettings as exc:
        return Settings(), FileProblem(path, "settings", "newer", str(exc))
    except (StorageError, ValueError) as exc:
        return Settings(), FileProblem(path, "settings", "unreadable", str(exc))


def load_settings() -> tuple[Settings, FileProblem | None]:
    """The saved settings and None, or the defaults and what became of the file: moved
    aside when it cannot be read, left as it is when a newer version wrote it (either
    way `save_settings` will not write over it)."""
    settings, problem = read_settings()
    if problem is None:
        return settings, None
    if problem.reason == "newer":
        return settings, left_alone(problem.path, "settings", "newer", problem.detail)
    return settings, keep_aside(problem.path, "settings", problem.reason, problem.detail)


def save_settings(settings: Settings) -> None:
    """Write the settings atomically; StorageError if the folder refuses, or if the file
    there cannot be read (it is never written over)."""
    path = paths.settings_path()
    refuse_to_replace(path, _parse, MAX_SETTINGS_BYTES)
    atomic_write_text(path, json.dumps(settings.to_json(), indent=1) + "\n")
