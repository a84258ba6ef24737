"""A player's copy of Saba's card data (docs/RULES_SABA.md, section 8): in the user-data
folder it replaces the shipped data when it passes the checks, and a broken one is refused
with a message naming the file, the entry and the problem while the shipped data is played;
the rules page says where the file is, where a copy goes and how to make one."""

from __future__ import annotations

import pytest

from splendor.games import find_game
from splendor.i18n import LANGUAGES
from splendor.resources import assets_dir
from splendor.saba.data import shipped_saba_data
from splendor.saba.words import data_file
from splendor.storage.paths import saba_data_path
from splendor.ui.scenes.rules import load_rules
from tests.saba.user_copy import ARCH_3, ARCH_3_EDITED, LEVEL_1, LEVEL_4, write_copy


def test_without_a_copy_the_shipped_data_is_played() -> None:
    data = find_game("saba").data()
    assert data == shipped_saba_data()
    assert data.edited_from is None and data.refused is None


def test_a_valid_copy_is_played_and_named() -> None:
    path = write_copy()
    data = find_game("saba").data()
    assert data.card_by_id["arch-3"].cost == (0, 1, 2, 0)
    assert data.edited_from == path and data.refused is None
    assert data.fingerprint() != shipped_saba_data().fingerprint()
    # A game dealt now is played with the player's cards.
    state = find_game("saba").new_game(seed=3, players=2)
    assert state.data.card_by_id["arch-3"].cost == (0, 1, 2, 0)


def test_a_broken_copy_is_refused_naming_the_entry_and_the_shipped_data_is_played() -> None:
    path = write_copy(LEVEL_1, LEVEL_4)
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
    write_copy(LEVEL_1, LEVEL_4)
    assert find_game("saba").data().refused is not None
    # One character longer: a coarse clock may give both writes the same time.
    path = write_copy(ARCH_3, ARCH_3_EDITED + " ")
    data = find_game("saba").data()
    assert data.edited_from == path and data.refused is None


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rules_page_names_the_file_where_a_copy_goes_and_the_command(code: str) -> None:
    game = find_game("saba")
    _, sections = load_rules(code, assets_dir() / game.rules_folder, game.rules_fields())
    text = " ".join(p for s in sections for p in s.paragraphs)
    assert str(data_file()) in text and str(saba_data_path()) in text
    assert "python -m splendor saba-data --copy" in text
    assert "{" not in text, "every placeholder filled in"
