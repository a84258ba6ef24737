"""Where the game's data folders are: the one place that knows the file layout."""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _data_folder(name: str) -> Path:
    # A PyInstaller bundle unpacks it at sys._MEIPASS; installed wheels carry it inside the
    # package; the source tree has it beside the package.
    bundle = getattr(sys, "_MEIPASS", None)
    candidates = [Path(bundle) / name] if bundle else []
    for candidate in (*candidates, _PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"{name}/ not found next to {_PACKAGE}")


def levels_data_dir() -> Path:
    """The `levels_data/` folder (cards, nobles, setup, bot profiles)."""
    return _data_folder("levels_data")


def assets_dir() -> Path:
    """The `assets/` folder (fonts, images, sounds)."""
    return _data_folder("assets")


def icon_path(size: int = 64) -> Path:
    """One of the program icon PNGs (assets/icons/splendor-<size>.png)."""
    return assets_dir() / "icons" / f"splendor-{size}.png"
