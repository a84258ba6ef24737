"""A player's copy of Saba's card data (docs/RULES_SABA.md, section 8): in the user-data
folder it replaces the shipped data when it passes the checks, and a broken one is refused
with a message naming the file, the entry and the problem while the shipped data is played."""

from __future__ import annotations

from pathlib import Path

from splendor.games import find_game
from splendor.saba.data import shipped_saba_data
from splendor.storage.paths import saba_data_path
from tests.saba.helpers import SHIPPED


def write_copy(old: str = "", new: str = "") -> Path:
    """The shipped file as the player's copy, with `old` changed to `new`."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    path = saba_data_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


#: The cost of arch-3 in the shipped file, and one a player might type from a real copy.
ARCH_3 = "garden: 3, cost: {alabaster: 2, sandstone: 1, ebony: 0}"
ARCH_3_EDITED = "garden: 3, cost: {alabaster: 0, sandstone: 1, ebony: 2}"


def test_without_a_copy_the_shipped_data_is_played() -> None:
    data = find_game("saba").data()
    assert data == shipped_saba_data()
    assert data.edited_from is None and data.refused is None


def test_a_valid_copy_is_played_and_named() -> None:
    path = write_copy(ARCH_3, ARCH_3_EDITED)
    data = find_game("saba").data()
    assert data.card_by_id["arch-3"].cost == (0, 1, 2, 0)
    assert data.edited_from == path and data.refused is None
    assert data.fingerprint() != shipped_saba_data().fingerprint()
    # A game dealt now is played with the player's cards.
    state = find_game("saba").new_game(seed=3, players=2)
    assert state.data.card_by_id["arch-3"].cost == (0, 1, 2, 0)


def test_a_broken_copy_is_refused_naming_the_entry_and_the_shipped_data_is_played() -> None:
    path = write_copy("{id: arch-3,     level: 1,", "{id: arch-3,     level: 4,")
    data = find_game("saba").data()
    assert data == shipped_saba_data() and data.edited_from is None
    assert data.refused == (
        f"{path}: palace_cards entry 3 (arch-3): 'level' must be 1, 2 or 3, got 4"
    )


def test_a_copy_that_is_no_yaml_is_refused_naming_the_file() -> None:
    path = saba_data_path()
    path.parent.mkdir(parents=True)
    path.write_text("palace_cards: [\n", encoding="utf-8")
    data = find_game("saba").data()
    assert data.edited_from is None
    assert data.refused is not None and data.refused.startswith(f"{path}: not valid YAML")


def test_a_copy_mended_after_a_refusal_is_played() -> None:
    write_copy("{id: arch-3,     level: 1,", "{id: arch-3,     level: 4,")
    assert find_game("saba").data().refused is not None
    path = write_copy(ARCH_3, ARCH_3_EDITED + " ")
    data = find_game("saba").data()
    assert data.edited_from == path and data.refused is None
