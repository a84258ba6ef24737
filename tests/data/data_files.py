"""What the game data tests share: the verified lists, and a copy of `levels_data/` to
break one entry at a time and read the loader's message about it."""

from __future__ import annotations

import csv
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from splendor.gamedata import DataError, load_game_data

REPO = Path(__file__).resolve().parents[2]
LEVELS_DATA = REPO / "levels_data"
VERIFIED = Path(__file__).resolve().parent / "verified"
DATA_FILES = ("cards.yaml", "nobles.yaml", "setup.yaml", "cities.yaml", "trading_posts.yaml",
              "orient.yaml", "strongholds.yaml")


def csv_rows(path: Path) -> list[dict[str, str]]:
    """The rows of a verified csv list, by column name."""
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def copy_data(tmp_path: Path) -> Path:
    """A copy of every shipped data file in `tmp_path` (returned)."""
    for name in DATA_FILES:
        shutil.copy(LEVELS_DATA / name, tmp_path / name)
    return tmp_path


def load(folder: Path, name: str) -> Any:
    return yaml.safe_load((folder / name).read_text(encoding="utf-8"))


def save(folder: Path, name: str, doc: Any) -> None:
    (folder / name).write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")


def edit_file(folder: Path, name: str, change: Any) -> None:
    """Apply `change(document)` to one data file of `folder`."""
    doc = load(folder, name)
    change(doc)
    save(folder, name, doc)


def file_edit(name: str, change: Any) -> Callable[[Path], None]:
    """The edit applying `change(document)` to the data file `name` of a folder."""
    return lambda folder: edit_file(folder, name, change)


def error(folder: Path) -> str:
    """The loader's message for the data in `folder` (it must refuse it)."""
    with pytest.raises(DataError) as info:
        load_game_data(folder)
    return str(info.value)


def refused(tmp_path: Path, edit: Callable[[Path], object]) -> str:
    """The loader's message for a copy of the shipped data changed by `edit(folder)`."""
    folder = copy_data(tmp_path)
    edit(folder)
    return error(folder)


def assert_refused(tmp_path: Path, edit: Callable[[Path], object], *parts: str) -> None:
    """The loader refuses the copied data once `edit(folder)` changed it, and its message
    names every one of `parts`."""
    assert_names(refused(tmp_path, edit), *parts)


def assert_names(message: str, *parts: str) -> None:
    for part in parts:
        assert part in message, f"{part!r} not in the error message {message!r}"
