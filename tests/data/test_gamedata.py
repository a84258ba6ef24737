"""The shipped YAML game data against the verified component list, and the loader's checks.

The verified source is `tests/data/verified/base/cards.csv` and `nobles.csv` (with their
sources in SOURCES.md there), kept in the repository so that a fresh clone tests itself.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from splendor.engine import COLOR_NAMES, GEMS, new_game
from splendor.gamedata import base_game, load_game_data
from tests.data.data_files import (
    LEVELS_DATA,
    VERIFIED,
    assert_names,
    assert_refused,
    copy_data,
    csv_rows,
    edit_file,
    error,
    file_edit,
    load,
    save,
)

GEM_NAMES = [COLOR_NAMES[c] for c in GEMS]


def _rows(name: str) -> list[dict[str, str]]:
    return csv_rows(VERIFIED / "base" / name)


CSV_CARDS = _rows("cards.csv")
CSV_NOBLES = _rows("nobles.csv")


# --------------------------------------------------------------- the data itself


def test_the_verified_source_is_where_expected() -> None:
    assert len(CSV_CARDS) == 90
    assert len(CSV_NOBLES) == 10


@pytest.mark.parametrize("script", ["base/validate.py", "cities_of_splendor/validate_cities.py"])
def test_the_verified_lists_pass_their_own_structural_checks(script: str) -> None:
    """The copies kept in the repository are whole: the checks that came with them pass."""
    path = VERIFIED / script
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failed" in done.stdout and "FAIL " not in done.stdout


def test_card_ids_match_the_csv() -> None:
    data = base_game()
    assert sorted(c.id for c in data.cards) == sorted(r["id"] for r in CSV_CARDS)
    assert len(data.cards) == len({c.id for c in data.cards}) == 90


@pytest.mark.parametrize("row", CSV_CARDS, ids=[r["id"] for r in CSV_CARDS])
def test_card_matches_the_csv(row: dict[str, str]) -> None:
    card = base_game().card_by_id[row["id"]]
    assert card.level == int(row["level"])
    assert COLOR_NAMES[card.bonus] == row["bonus"]
    assert card.points == int(row["points"])
    for c, name in zip(GEMS, GEM_NAMES, strict=True):
        assert card.cost[c] == int(row[name]), f"{card.id} cost of {name}"


def test_noble_ids_match_the_csv() -> None:
    data = base_game()
    assert sorted(n.id for n in data.nobles) == sorted(r["id"] for r in CSV_NOBLES)
    assert len(data.nobles) == 10


@pytest.mark.parametrize("row", CSV_NOBLES, ids=[r["id"] for r in CSV_NOBLES])
def test_noble_matches_the_csv(row: dict[str, str]) -> None:
    noble = base_game().noble_by_id[row["id"]]
    assert noble.points == int(row["points"])
    for c, name in zip(GEMS, GEM_NAMES, strict=True):
        assert noble.requires[c] == int(row[name]), f"{noble.id} requirement of {name}"


def test_cards_by_level() -> None:
    data = base_game()
    assert data.levels == (1, 2, 3)
    assert Counter(c.level for c in data.cards) == {1: 40, 2: 30, 3: 20}
    for level, n in ((1, 40), (2, 30), (3, 20)):
        assert len(data.level_cards(level)) == n
        # each level has the same number of cards of every bonus colour
        assert Counter(c.bonus for c in data.level_cards(level)) == {g: n // 5 for g in GEMS}


def test_card_ids_follow_their_level() -> None:
    for card in base_game().cards:
        assert card.id.startswith(f"L{card.level}-")


@pytest.mark.parametrize(
    ("players", "gems", "gold", "nobles"), [(2, 4, 5, 3), (3, 5, 5, 4), (4, 7, 5, 5)]
)
def test_setup_per_player_count(players: int, gems: int, gold: int, nobles: int) -> None:
    data = base_game()
    setup = data.setups[players]
    assert (setup.gems, setup.gold, setup.nobles) == (gems, gold, nobles)
    # ... and a new game actually starts that way
    state = new_game(data, players, seed=players)
    assert state.bank == [gems] * 5 + [gold]
    assert len(state.nobles) == nobles == players + 1
    assert len(state.market_cards()) == 12
    assert state.deck_sizes() == (36, 26, 16)


def test_only_two_to_four_players() -> None:
    assert base_game().player_counts == (2, 3, 4)


def test_rule_numbers() -> None:
    data = base_game()
    assert data.target_points == 15
    assert data.token_limit == 10
    assert data.reserve_limit == 3
    assert data.market_slots == 4
    assert data.take_two_minimum == 4


def test_loading_a_copy_gives_the_same_data(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    assert load_game_data(folder) == base_game()
    assert load_game_data(LEVELS_DATA) == base_game()


# ------------------------------------------------------------------ validation


def _edit_card(folder: Path, level: int, index: int, edit: Any) -> None:
    """Apply `edit(entry)` to the card at 0-based `index` of `level` in cards.yaml."""
    edit_file(folder, "cards.yaml", lambda doc: edit(doc["levels"][level][index]))


def _edit_noble(folder: Path, index: int, edit: Any) -> None:
    edit_file(folder, "nobles.yaml", lambda doc: edit(doc["nobles"][index]))


def test_the_copy_is_untouched_by_the_helpers(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    _edit_card(folder, 1, 2, lambda e: None)
    _edit_noble(folder, 3, lambda e: None)
    assert load_game_data(folder) == base_game()


@pytest.mark.parametrize("field", ["bonus", "points", "cost"])
def test_card_missing_field(tmp_path: Path, field: str) -> None:
    assert_refused(tmp_path, lambda folder: _edit_card(folder, 1, 2, lambda e: e.pop(field)),
                   "cards.yaml", "L1-03", "level 1", "missing", field)


def test_card_missing_id_names_its_index(tmp_path: Path) -> None:
    assert_refused(tmp_path, lambda folder: _edit_card(folder, 2, 4, lambda e: e.pop("id")),
                   "cards.yaml", "level 2", "entry 5", "missing", "id")


@pytest.mark.parametrize("field", ["points", "requires"])
def test_noble_missing_field(tmp_path: Path, field: str) -> None:
    assert_refused(tmp_path, lambda folder: _edit_noble(folder, 3, lambda e: e.pop(field)),
                   "nobles.yaml", "N04", "missing", field)


def test_noble_missing_id_names_its_index(tmp_path: Path) -> None:
    assert_refused(tmp_path, lambda folder: _edit_noble(folder, 6, lambda e: e.pop("id")),
                   "nobles.yaml", "entry 7", "missing", "id")


@pytest.mark.parametrize("field", ["gems", "gold", "nobles"])
def test_setup_missing_field(tmp_path: Path, field: str) -> None:
    assert_refused(tmp_path, file_edit("setup.yaml", lambda doc: doc["players"][3].pop(field)),
                   "setup.yaml", "players 3", "missing", field)


def test_setup_missing_rule_number(tmp_path: Path) -> None:
    assert_refused(tmp_path, file_edit("setup.yaml", lambda doc: doc.pop("token_limit")),
                   "setup.yaml", "token_limit", "missing")


@pytest.mark.parametrize("colour", ["purple", "gold", "White", "diamond"])
def test_unknown_colour_in_cost(tmp_path: Path, colour: str) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_card(folder, 2, 9, lambda e: e["cost"].update({colour: 2})),
        "cards.yaml", "L2-10", repr(colour), "colour", "cost")


@pytest.mark.parametrize("colour", ["purple", "gold", "Red", "ruby"])
def test_unknown_colour_as_bonus(tmp_path: Path, colour: str) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_card(folder, 3, 0, lambda e: e.update(bonus=colour)),
        "cards.yaml", "L3-01", repr(colour), "bonus")


def test_unknown_colour_in_noble_requirement(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_noble(folder, 0, lambda e: e["requires"].update(purple=3)),
        "nobles.yaml", "N01", "'purple'", "requires")


def test_duplicate_card_id_within_a_level(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_card(folder, 1, 3, lambda e: e.update(id="L1-03")),
        "cards.yaml", "duplicate", "L1-03", "entry 4")


def test_duplicate_card_id_across_levels(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_card(folder, 3, 5, lambda e: e.update(id="L1-07")),
        "cards.yaml", "duplicate", "L1-07", "level 3")


def test_duplicate_noble_id(tmp_path: Path) -> None:
    assert_refused(tmp_path, lambda folder: _edit_noble(folder, 8, lambda e: e.update(id="N02")),
                   "nobles.yaml", "duplicate", "N02", "entry 9")


@pytest.mark.parametrize("amount", [-1, 1.5, "two", True, None, [2]])
def test_bad_cost_amount(tmp_path: Path, amount: object) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_card(folder, 1, 13, lambda e: e["cost"].update(green=amount)),
        "cards.yaml", "L1-14", "green", "cost", "whole number")


@pytest.mark.parametrize("amount", [-3, 2.5, "4"])
def test_bad_noble_requirement(tmp_path: Path, amount: object) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_noble(folder, 4, lambda e: e["requires"].update(red=amount)),
        "nobles.yaml", "N05", "red", "requires", "whole number")


@pytest.mark.parametrize("points", [-1, 1.0, "one", False])
def test_bad_card_points(tmp_path: Path, points: object) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_card(folder, 2, 0, lambda e: e.update(points=points)),
        "cards.yaml", "L2-01", "points", "whole number")


@pytest.mark.parametrize("gems", [0, -2, 3.5])
def test_bad_setup_number(tmp_path: Path, gems: object) -> None:
    assert_refused(
        tmp_path,
        file_edit("setup.yaml", lambda doc: doc["players"][4].update(gems=gems)),
        "setup.yaml", "players 4", "gems")


@pytest.mark.parametrize("name", ["cards.yaml", "nobles.yaml", "setup.yaml"])
def test_invalid_yaml_syntax(tmp_path: Path, name: str) -> None:
    folder = copy_data(tmp_path)
    text = (folder / name).read_text(encoding="utf-8")
    (folder / name).write_text(text + "\n  - {id: X, bonus: [unclosed\n: :\n", encoding="utf-8")
    assert_names(error(folder), name, "YAML")


@pytest.mark.parametrize("name", ["cards.yaml", "nobles.yaml", "setup.yaml"])
def test_missing_file(tmp_path: Path, name: str) -> None:
    assert_refused(tmp_path, lambda folder: (folder / name).unlink(), name)


def test_missing_folder(tmp_path: Path) -> None:
    assert_names(error(tmp_path / "nowhere"), "cards.yaml")


@pytest.mark.parametrize("name", ["cards.yaml", "nobles.yaml", "setup.yaml"])
@pytest.mark.parametrize("version", [2, 0, "1", None])
def test_wrong_version(tmp_path: Path, name: str, version: object) -> None:
    assert_refused(tmp_path, file_edit(name, lambda doc: doc.update(version=version)),
                   name, "version", repr(version))


@pytest.mark.parametrize("name", ["cards.yaml", "nobles.yaml", "setup.yaml"])
def test_missing_version(tmp_path: Path, name: str) -> None:
    assert_refused(tmp_path, file_edit(name, lambda doc: doc.pop("version")), name, "version")


def test_unknown_card_field(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_card(folder, 1, 20, lambda e: e.update(colour="red")),
        "cards.yaml", "L1-21", "unknown field", "colour")


def test_unknown_noble_field(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_noble(folder, 9, lambda e: e.update(name="Mary Stuart")),
        "nobles.yaml", "N10", "unknown field", "name")


@pytest.mark.parametrize("where", ["top", "players"])
def test_unknown_setup_field(tmp_path: Path, where: str) -> None:
    folder = copy_data(tmp_path)
    doc = load(folder, "setup.yaml")
    if where == "top":
        doc["turn_limit"] = 100
    else:
        doc["players"][2]["turn_limit"] = 100
    save(folder, "setup.yaml", doc)
    assert_names(error(folder), "setup.yaml", "unknown field", "turn_limit")


def test_entry_that_is_not_a_mapping(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    doc = load(folder, "cards.yaml")
    doc["levels"][2][6] = "L2-07 blue 1"
    save(folder, "cards.yaml", doc)
    assert_names(error(folder), "cards.yaml", "level 2", "entry 7", "mapping")


def test_levels_must_be_numbered_from_one(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    doc = load(folder, "cards.yaml")
    doc["levels"][4] = doc["levels"].pop(3)
    save(folder, "cards.yaml", doc)
    assert_names(error(folder), "cards.yaml", "levels")


def test_too_few_nobles_for_the_largest_player_count(tmp_path: Path) -> None:
    # four players show five nobles: four nobles in the file cannot do
    folder = copy_data(tmp_path)
    doc = load(folder, "nobles.yaml")
    doc["nobles"] = doc["nobles"][:4]
    save(folder, "nobles.yaml", doc)
    message = error(folder)
    assert_names(message, "nobles", "4", "5")


# "A wrong count": the base game has 40 / 30 / 20 cards by level. A level with a card
# too many or too few is a broken data file and should be refused, naming the level.


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_level_with_a_card_too_few_is_refused(tmp_path: Path, level: int) -> None:
    folder = copy_data(tmp_path)
    doc = load(folder, "cards.yaml")
    expected = len(doc["levels"][level])
    doc["levels"][level].pop()
    save(folder, "cards.yaml", doc)
    message = error(folder)
    assert_names(message, "cards.yaml", f"level {level}")
    assert str(expected) in message or str(expected - 1) in message, message


def test_a_level_with_a_card_too_many_is_refused(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    doc = load(folder, "cards.yaml")
    doc["levels"][3].append(
        {"id": "L3-21", "bonus": "red", "points": 5, "cost": {"green": 7, "red": 3}}
    )
    save(folder, "cards.yaml", doc)
    message = error(folder)
    assert_names(message, "cards.yaml", "level 3")
    assert "20" in message or "21" in message, message


def test_a_missing_noble_is_refused(tmp_path: Path) -> None:
    # nine nobles are still enough for four players, but the base game has ten
    folder = copy_data(tmp_path)
    doc = load(folder, "nobles.yaml")
    doc["nobles"].pop(4)
    save(folder, "nobles.yaml", doc)
    message = error(folder)
    assert_names(message, "nobles.yaml")
    assert "9" in message or "10" in message, message
