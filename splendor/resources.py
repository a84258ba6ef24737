"""Where the game's data folders are: the one place that knows the file layout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _data_folder(name: str) -> Path:
    # Installed wheels carry the folder inside the package; the source tree has it beside.
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"{name}/ not found next to {_PACKAGE}")


def levels_data_dir() -> Path:
    """The `levels_data/` folder (cards, nobles, setup, bot profiles)."""
    return _data_folder("levels_data")


def assets_dir() -> Path:
    """The `assets/` folder (fonts, images, sounds)."""
    return _data_folder("assets")
