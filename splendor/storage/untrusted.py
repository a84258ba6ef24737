"""Checks on what the game reads back from its own files before it reaches the screen.

Saves and settings are plain JSON that a player, another program or a newer version may
have changed. What would crash or stall the game is repaired when that loses nothing that
matters (a name with characters no font draws, a name 100,000 characters long, a window
wider than any screen) and refused with a reason when the
game cannot honestly go on (a seat played by a kind of player this version does not know).
"""

from __future__ import annotations

import re

from splendor.bots.base import BOT_NAMES

HUMAN = "human"
#: Every kind a seat can be: a person, or a bot the engine knows.
SEAT_KINDS = (HUMAN, *BOT_NAMES)
#: Longest player name kept from a file (longer ones are cut, with '…'). Far above what
#: the New game screen lets a player type (16), so no name the game wrote is ever cut.
MAX_NAME_CHARS = 64
#: The window sizes the game opens, as `--size` accepts them.
MIN_WINDOW = (1024, 600)
MAX_WINDOW = (7680, 4320)
#: Why a save cannot be loaded, found here (SaveError.kind; sentences in checks.yaml).
UNKNOWN_SEAT = "unknown_seat"
#: The game's record names a module this version does not have (the name is shown).
UNKNOWN_MODULE = "unknown_module"
SAVE_PROBLEMS = (UNKNOWN_SEAT, UNKNOWN_MODULE)
#: Longest part of an unknown name (seat kind, module) quoted from a file in a message.
MAX_QUOTED_CHARS = 40

# C0 and C1 controls (NUL among them), unpaired surrogates (a file name that is not
# UTF-8 decodes to them) and the Unicode line and paragraph separators.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")
_SPACES = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85\u2028\u2029")


def _replacement(match: re.Match[str]) -> str:
    return " " if match.group() in _SPACES else "\ufffd"


def printable(value: str) -> str:
    """`value` with every control character and unpaired surrogate replaced: line breaks
    and tabs by a space, the rest (NUL among them) by '\ufffd'. Text shown as-is."""
    return _UNSAFE.sub(_replacement, value)


def clean_name(value: str) -> str:
    """A player name from a file as the game shows it: `printable`, without spaces at
    the ends, and at most MAX_NAME_CHARS characters (a longer one ends with '…')."""
    name = printable(value).strip()
    if len(name) > MAX_NAME_CHARS:
        name = name[: MAX_NAME_CHARS - 1].rstrip() + "…"
    return name


def unknown_kind(seats: list[dict[str, str]]) -> str | None:
    """The first seat kind in `seats` that is neither 'human' nor a bot, or None."""
    return next((s["kind"] for s in seats if s["kind"] not in SEAT_KINDS), None)


def quoted(value: str) -> str:
    """An unknown name from a file as a message quotes it: `printable`, at most
    MAX_QUOTED_CHARS characters (a longer one ends with '…')."""
    text = printable(value)
    return text if len(text) <= MAX_QUOTED_CHARS else text[: MAX_QUOTED_CHARS - 1] + "…"


def clamp_window(width: int, height: int) -> tuple[int, int]:
    """A window size brought within MIN_WINDOW to MAX_WINDOW."""
    return (min(max(width, MIN_WINDOW[0]), MAX_WINDOW[0]),
            min(max(height, MIN_WINDOW[1]), MAX_WINDOW[1]))
