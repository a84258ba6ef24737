"""A player's copy of Saba's card data for tests: the shipped file in the user-data folder
(the test's own $SPLENDOR_HOME), with one value changed as a player might."""

from __future__ import annotations

from pathlib import Path

from splendor.storage.paths import saba_data_path
from tests.saba.helpers import SHIPPED

#: The cost of arch-3 in the shipped file, and one a player might type from a real copy.
ARCH_3 = "garden: 3, cost: {alabaster: 2, sandstone: 1, ebony: 0}"
ARCH_3_EDITED = "garden: 3, cost: {alabaster: 0, sandstone: 1, ebony: 2}"
#: arch-3's level in the shipped file, and a level no card has (refused).
LEVEL_1 = "{id: arch-3,     level: 1,"
LEVEL_4 = "{id: arch-3,     level: 4,"


def write_copy(old: str = ARCH_3, new: str = ARCH_3_EDITED) -> Path:
    """The shipped file as the player's copy, with `old` changed to `new`."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    path = saba_data_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path
