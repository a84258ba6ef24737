"""Where the game's data folders are: the one place that knows the file layout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def levels_data_dir() -> Path:
    """The `levels_data/` folder: inside the package when installed, else the source tree's."""
    for candidate in (_PACKAGE / "levels_data", _PACKAGE.parent / "levels_data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"levels_data/ not found next to {_PACKAGE}")
