"""The shipped Cities of Splendor data (cities.yaml, orient.yaml, trading_posts.yaml,
strongholds.yaml) against the verified component lists, and the loader's checks of them.

The verified source is `tests/data/verified/cities_of_splendor/` (cities.csv, orient.csv,
trading_posts.md, strongholds.md, with their sources in CITIES_SOURCES.md), kept in the
repository as for the base game in test_gamedata.py.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from splendor.engine import COLOR_NAMES, GEMS
from splendor.engine.components import NO_BONUS
from splendor.engine.modules import playable_modules
from splendor.gamedata import POST_POWERS, base_game, load_game_data
from tests.data.data_files import (
    DATA_FILES,
    LEVELS_DATA,
    REPO,
    VERIFIED,
    assert_names,
    assert_refused,
    copy_data,
    csv_rows,
    edit_file,
    error,
    file_edit,
)

VERIFIED_CITIES = VERIFIED / "cities_of_splendor"
GEM_NAMES = [COLOR_NAMES[c] for c in GEMS]
MODULE_FILES = DATA_FILES[3:]


def _rows(name: str) -> list[dict[str, str]]:
    return csv_rows(VERIFIED_CITIES / name)




def _with_ids(rows: list[dict[str, str]]) -> list[tuple[str, dict[str, str]]]:
    """Orient rows with their ids: O<level>-NN in the csv's row order within each level."""
    seen: Counter[str] = Counter()
    out = []
    for row in rows:
        seen[row["level"]] += 1
        out.append((f"O{row['level']}-{seen[row['level']]:02d}", row))
    return out


CSV_CITIES = [(f"C{n:02d}", row) for n, row in enumerate(_rows("cities.csv"), 1)]
CSV_ORIENT = _with_ids(_rows("orient.csv"))
POSTS_MD = (VERIFIED_CITIES / "trading_posts.md").read_text(encoding="utf-8")
STRONGHOLDS_MD = (VERIFIED_CITIES / "strongholds.md").read_text(encoding="utf-8")
LETTERS = {"W": "white", "U": "blue", "G": "green", "R": "red", "K": "black"}


def _posts_table() -> dict[int, dict[str, Any]]:
    """The table of trading_posts.md: number -> requirement (bonuses by colour name, from
    the letter codes such as `(R3 W1)`, and whether a noble is needed)."""
    posts = {}
    for line in POSTS_MD.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].isdigit():
            continue
        codes = re.search(r"\(([^)]*)\)", cells[1])
        assert codes, line
        requires = {}
        for code in codes.group(1).split():
            if code in ("+", "noble"):
                continue
            requires[LETTERS[code[0]]] = int(code[1:])
        posts[int(cells[0])] = {"requires": requires, "noble": "noble" in cells[1]}
    return posts


def _data_form(markdown: str) -> Any:
    """The YAML block under "Data form (for YAML)" of a verified markdown table."""
    return yaml.safe_load(markdown.split("## Data form (for YAML)")[1].split("```")[1])


POSTS_TABLE = _posts_table()
POSTS_FORM = _data_form(POSTS_MD)["trading_posts"]


# --------------------------------------------------------------- the data itself


def test_the_verified_source_is_where_expected() -> None:
    assert len(CSV_CITIES) == 14
    assert len(CSV_ORIENT) == 30
    assert sorted(POSTS_TABLE) == [1, 2, 3, 4, 5]
    assert len(POSTS_FORM) == 5


def test_city_ids_match_the_csv() -> None:
    data = base_game()
    assert [c.id for c in data.cities] == [cid for cid, _ in CSV_CITIES]


@pytest.mark.parametrize(("city_id", "row"), CSV_CITIES, ids=[cid for cid, _ in CSV_CITIES])
def test_city_matches_the_csv(city_id: str, row: dict[str, str]) -> None:
    city = base_game().city_by_id[city_id]
    assert city.points == int(row["points"])
    for c, name in zip(GEMS, GEM_NAMES, strict=True):
        assert city.requires[c] == int(row[name]), f"{city_id} requirement of {name}"
    assert city.any_single == int(row["any_single_colour"])


def test_orient_ids_match_the_csv() -> None:
    data = base_game()
    assert [c.id for c in data.orient] == [oid for oid, _ in CSV_ORIENT]


@pytest.mark.parametrize(("card_id", "row"), CSV_ORIENT, ids=[oid for oid, _ in CSV_ORIENT])
def test_orient_card_matches_the_csv(card_id: str, row: dict[str, str]) -> None:
    card = base_game().card_by_id[card_id]
    assert card.orient
    assert card.level == int(row["level"])
    assert card.ability == row["ability"]
    if row["bonus"] in ("none", "paired"):
        assert card.bonus == NO_BONUS
    else:
        assert COLOR_NAMES[card.bonus] == row["bonus"]
    assert card.bonus_count == int(row["bonus_count"])
    assert card.points == int(row["points"])
    for c, name in zip(GEMS, GEM_NAMES, strict=True):
        assert card.cost[c] == int(row[name]), f"{card_id} cost of {name}"
    if row["discard_colour"]:
        assert card.discard_colour is not None
        assert COLOR_NAMES[card.discard_colour] == row["discard_colour"]
    else:
        assert card.discard_colour is None
    assert card.discard_count == int(row["discard_count"])


def test_the_yaml_says_none_and_paired_as_the_csv_does() -> None:
    # NO_BONUS cannot tell a double gold from a pair card: the file keeps the difference
    doc = yaml.safe_load((LEVELS_DATA / "orient.yaml").read_text(encoding="utf-8"))
    bonuses = {e["id"]: e["bonus"] for entries in doc["levels"].values() for e in entries}
    assert bonuses == {oid: row["bonus"] for oid, row in CSV_ORIENT}


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_trading_post_matches_the_table(number: int) -> None:
    post = base_game().post(number)
    table = POSTS_TABLE[number]
    form = POSTS_FORM[number - 1]
    assert form["id"] == number
    for c, name in zip(GEMS, GEM_NAMES, strict=True):
        assert post.requires[c] == table["requires"].get(name, 0), f"post {number}, {name}"
        assert post.requires[c] == form["requires"].get(name, 0), f"post {number}, {name}"
    assert post.requires_noble is table["noble"] is form["requires_noble"]
    assert post.power == form["power"] == POST_POWERS[number - 1]


def test_trading_posts_in_board_order() -> None:
    posts = base_game().posts
    assert [p.id for p in posts] == [1, 2, 3, 4, 5]
    assert [p.power for p in posts] == [
        "take_token_after_purchase", "extra_token_of_other_colour_when_taking_two_same",
        "gold_counts_as_two_same_colour", "five_prestige", "one_prestige_per_own_coat_of_arms"]
    assert [p.id for p in posts if p.requires_noble] == [4]


def test_strongholds_match_the_table() -> None:
    # the data form there sketches the rules in free text: only its number is read
    assert re.search(r"^\s*per_player: 3$", STRONGHOLDS_MD, re.MULTILINE)
    assert "12 strongholds, 3 in each of 4 player colours" in STRONGHOLDS_MD
    assert base_game().strongholds == 3


def test_module_counts() -> None:
    data = base_game()
    assert len(data.cities) == 14 and data.city_count == 3
    assert len(data.orient) == 30 and data.orient_slots == 2
    assert Counter(c.level for c in data.orient) == {1: 10, 2: 10, 3: 10}
    assert Counter(c.ability for c in data.orient) == {
        "gold_x2": 5, "pair": 5, "pair_and_take_level1": 2, "double_bonus": 5,
        "reserve_noble": 3, "take_level2": 5, "sacrifice": 5}
    assert len(data.posts) == 5
    assert data.strongholds == 3
    assert playable_modules(data) == ("cities", "trading-posts", "orient", "strongholds")


def test_orient_facts() -> None:
    data = base_game()
    by = {a: [c for c in data.orient if c.ability == a] for a in
          ("gold_x2", "pair", "pair_and_take_level1", "double_bonus", "reserve_noble",
           "take_level2", "sacrifice")}
    assert {c.level for c in by["gold_x2"] + by["pair"]} == {1}
    assert {c.level for c in by["pair_and_take_level1"] + by["double_bonus"]
            + by["reserve_noble"]} == {2}
    assert {c.level for c in by["take_level2"] + by["sacrifice"]} == {3}
    assert all(c.bonus == NO_BONUS and c.bonus_count == 0 and c.points == 0
               and sum(c.cost) == 3 for c in by["gold_x2"])
    assert sorted(c.cost.index(3) for c in by["gold_x2"]) == list(GEMS)
    assert all(c.bonus == NO_BONUS and c.bonus_count == 1
               for c in by["pair"] + by["pair_and_take_level1"])
    assert sorted(c.bonus for c in by["double_bonus"]) == list(GEMS)
    assert all(c.bonus_count == 2 for c in by["double_bonus"])
    assert all(c.points == 1 and c.cost[c.bonus] == 0 for c in by["reserve_noble"])
    assert sorted(c.bonus for c in by["take_level2"]) == list(GEMS)
    for card in by["sacrifice"]:
        assert card.points == 3 and card.cost == (0, 0, 0, 0, 0) and card.discard_count == 2
        assert card.discard_colour == (card.bonus - 1) % 5  # the previous colour
    assert all(c.discard_colour is None for c in data.orient if c.ability != "sacrifice")


def test_orient_cards_are_apart_from_the_base_cards() -> None:
    data = base_game()
    assert len(data.cards) == 90 and not any(c.orient for c in data.cards)
    assert all(c.orient for c in data.orient)
    assert len(data.card_by_id) == 120
    assert data.levels == (1, 2, 3)
    for level in (1, 2, 3):
        assert len(data.level_cards(level)) == {1: 40, 2: 30, 3: 20}[level]
        assert [c.id for c in data.orient_cards(level)] == [
            f"O{level}-{n:02d}" for n in range(1, 11)]


def test_the_city_with_a_free_colour() -> None:
    # 14 points, 4 green and 4 of one other colour: the rulebook's example
    city = base_game().city_by_id["C11"]
    assert (city.points, city.requires, city.any_single) == (14, (0, 0, 4, 0, 0), 4)


def test_loading_a_copy_gives_the_same_data(tmp_path: Path) -> None:
    assert load_game_data(copy_data(tmp_path)) == base_game()


# ------------------------------------------------------------------ validation










def _edit_city(folder: Path, index: int, edit: Any) -> None:
    edit_file(folder, "cities.yaml", lambda doc: edit(doc["cities"][index]))


def _edit_orient(folder: Path, level: int, index: int, edit: Any) -> None:
    """Apply `edit(entry)` to the card at 0-based `index` of `level` in orient.yaml."""
    edit_file(folder, "orient.yaml", lambda doc: edit(doc["levels"][level][index]))


def _edit_post(folder: Path, index: int, edit: Any) -> None:
    edit_file(folder, "trading_posts.yaml", lambda doc: edit(doc["trading_posts"][index]))






def test_the_copy_is_untouched_by_the_helpers(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    for name in MODULE_FILES:
        edit_file(folder, name, lambda doc: None)
    assert load_game_data(folder) == base_game()


# unknown colours, abilities, powers


def test_unknown_ability(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    _edit_orient(folder, 3, 1, lambda e: e.update(ability="fly"))
    assert error(folder).startswith(
        "orient.yaml: level 3, entry 2 (O3-02): unknown ability 'fly'")


@pytest.mark.parametrize("colour", ["purple", "gold", "White"])
def test_unknown_colour_in_a_city_requirement(tmp_path: Path, colour: str) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_city(folder, 4, lambda e: e["requires"].update({colour: 2})),
        "cities.yaml", "entry 5 (C05)", repr(colour), "requires")


@pytest.mark.parametrize("colour", ["purple", "gold", "Blue"])
def test_unknown_colour_in_an_orient_cost(tmp_path: Path, colour: str) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, 2, 3, lambda e: e["cost"].update({colour: 1})),
        "orient.yaml", "level 2, entry 4 (O2-04)", repr(colour), "cost")


@pytest.mark.parametrize("colour", ["purple", "gold", "Red", "None", None])
def test_unknown_orient_bonus_colour(tmp_path: Path, colour: object) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, 2, 5, lambda e: e.update(bonus=colour)),
        "orient.yaml", "level 2, entry 6 (O2-06)", repr(colour), "bonus")


def test_unknown_colour_in_a_post_requirement(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_post(folder, 2, lambda e: e["requires"].update(purple=1)),
        "trading_posts.yaml", "entry 3 (post 3)", "'purple'", "requires")


@pytest.mark.parametrize("power", ["fly", "five_points", None])
def test_unknown_power(tmp_path: Path, power: object) -> None:
    assert_refused(tmp_path, lambda folder: _edit_post(folder, 3, lambda e: e.update(power=power)),
                   "trading_posts.yaml", "entry 4 (post 4)", "unknown power", repr(power))


def test_a_power_twice(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_post(folder, 4, lambda e: e.update(power="five_prestige")),
        "trading_posts.yaml", "entry 5 (post 5)", "five_prestige", "post 4")


# what an ability implies about the bonus


@pytest.mark.parametrize(("level", "index", "bonus", "card_id"), [
    (1, 0, "white", "O1-01"),     # a double gold has no bonus
    (1, 0, "paired", "O1-01"),
    (1, 6, "none", "O1-07"),      # a pair card's bonus is the paired card's
    (1, 6, "red", "O1-07"),
    (2, 0, "blue", "O2-01"),
    (2, 3, "paired", "O2-04"),    # a double bonus has a colour
    (3, 7, "none", "O3-08"),      # so has a sacrifice card
])
def test_bonus_that_does_not_fit_the_ability(
    tmp_path: Path, level: int, index: int, bonus: str, card_id: str
) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, level, index, lambda e: e.update(bonus=bonus)),
        "orient.yaml", f"level {level}, entry {index + 1} " f"({card_id})", "bonus", repr(bonus))


@pytest.mark.parametrize(("level", "index", "count", "card_id"), [
    (1, 2, 1, "O1-03"), (2, 4, 1, "O2-05"), (2, 7, 2, "O2-08"), (3, 0, 0, "O3-01")])
def test_bonus_count_that_does_not_fit_the_ability(
    tmp_path: Path, level: int, index: int, count: int, card_id: str
) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, level, index, lambda e: e.update(bonus_count=count)),
        "orient.yaml", f"({card_id})", "bonus_count", str(count))


# duplicate ids


def test_duplicate_city_id(tmp_path: Path) -> None:
    assert_refused(tmp_path, lambda folder: _edit_city(folder, 9, lambda e: e.update(id="C03")),
                   "cities.yaml", "entry 10", "duplicate", "C03")


def test_duplicate_orient_id_within_a_level(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, 1, 4, lambda e: e.update(id="O1-02")),
        "orient.yaml", "level 1, entry 5", "duplicate", "O1-02")


def test_duplicate_orient_id_across_levels(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, 3, 9, lambda e: e.update(id="O2-10")),
        "orient.yaml", "level 3, entry 10", "duplicate", "O2-10")


def test_an_orient_id_that_is_a_base_card_id(tmp_path: Path) -> None:
    # card_by_id holds both kinds: one id for two cards would hide one of them
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, 2, 0, lambda e: e.update(id="L2-05")),
        "orient.yaml", "level 2, entry 1 (L2-05)", "base game")


def test_duplicate_post_id(tmp_path: Path) -> None:
    assert_refused(tmp_path, lambda folder: _edit_post(folder, 1, lambda e: e.update(id=1)),
                   "trading_posts.yaml", "entry 2", "duplicate", "1")


# missing fields


@pytest.mark.parametrize("field", ["points", "requires", "any_single"])
def test_city_missing_field(tmp_path: Path, field: str) -> None:
    assert_refused(tmp_path, lambda folder: _edit_city(folder, 6, lambda e: e.pop(field)),
                   "cities.yaml", "entry 7 (C07)", "missing", field)


@pytest.mark.parametrize("field", ["ability", "bonus", "bonus_count", "points", "cost"])
def test_orient_missing_field(tmp_path: Path, field: str) -> None:
    assert_refused(tmp_path, lambda folder: _edit_orient(folder, 2, 8, lambda e: e.pop(field)),
                   "orient.yaml", "level 2, entry 9 (O2-09)", "missing", field)


@pytest.mark.parametrize("field", ["requires", "requires_noble", "power"])
def test_post_missing_field(tmp_path: Path, field: str) -> None:
    assert_refused(tmp_path, lambda folder: _edit_post(folder, 0, lambda e: e.pop(field)),
                   "trading_posts.yaml", "entry 1 (post 1)", "missing", field)


@pytest.mark.parametrize(("name", "edit"), [
    ("cities.yaml", lambda e: e["cities"][0].pop("id")),
    ("orient.yaml", lambda e: e["levels"][1][0].pop("id")),
    ("trading_posts.yaml", lambda e: e["trading_posts"][0].pop("id")),
])
def test_missing_id_names_its_index(tmp_path: Path, name: str, edit: Any) -> None:
    assert_refused(tmp_path, lambda folder: edit_file(folder, name, edit),
                   name, "entry 1", "missing", "'id'")


@pytest.mark.parametrize(("name", "field"), [
    ("cities.yaml", "face_count"), ("cities.yaml", "city_count"), ("cities.yaml", "cities"),
    ("orient.yaml", "deck_sizes"), ("orient.yaml", "face_up_per_level"),
    ("orient.yaml", "levels"), ("trading_posts.yaml", "trading_posts"),
    ("strongholds.yaml", "per_player"),
])
def test_missing_top_field(tmp_path: Path, name: str, field: str) -> None:
    assert_refused(tmp_path, file_edit(name, lambda doc: doc.pop(field)), name, "missing", field)


# sacrifice cards


def test_sacrifice_without_discard(tmp_path: Path) -> None:
    assert_refused(tmp_path, lambda folder: _edit_orient(folder, 3, 5, lambda e: e.pop("discard")),
                   "orient.yaml", "level 3, entry 6 (O3-06)", "missing", "discard")


def test_sacrifice_with_a_token_cost(tmp_path: Path) -> None:
    # refused by the Card's own check, reported as a data error naming the entry
    folder = copy_data(tmp_path)
    _edit_orient(folder, 3, 6, lambda e: e["cost"].update(red=2))
    message = error(folder)
    assert message == ("orient.yaml: level 3, entry 7 (O3-07): a sacrifice card costs cards, "
                       "not tokens")


@pytest.mark.parametrize("count", [0, -2, 1.5, "two"])
def test_sacrifice_with_a_bad_count(tmp_path: Path, count: object) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, 3, 7, lambda e: e["discard"].update(count=count)),
        "orient.yaml", "(O3-08)", "discard", "count", "whole number")


@pytest.mark.parametrize("colour", ["purple", "gold", None])
def test_sacrifice_of_an_unknown_colour(tmp_path: Path, colour: object) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, 3, 8, lambda e: e["discard"].update(colour=colour)),
        "orient.yaml", "(O3-09)", "discard", repr(colour))


@pytest.mark.parametrize("field", ["colour", "count"])
def test_sacrifice_discard_missing_field(tmp_path: Path, field: str) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, 3, 9, lambda e: e["discard"].pop(field)),
        "orient.yaml", "(O3-10)", "discard", "missing", field)


def test_sacrifice_discard_unknown_field(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(folder, 3, 9, lambda e: e["discard"].update(bonus="red")),
        "orient.yaml", "(O3-10)", "discard", "unknown field", "bonus")


def test_discard_on_a_card_that_is_not_a_sacrifice(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_orient(
            folder, 3, 2, lambda e: e.update(discard={"colour": "red", "count": 2})),
        "orient.yaml", "level 3, entry 3 (O3-03)", "sacrifice", "discard")


# wrong counts


def test_a_city_face_too_few(tmp_path: Path) -> None:
    assert_refused(tmp_path, file_edit("cities.yaml", lambda doc: doc["cities"].pop()),
                   "cities.yaml", "13", "14")


def test_more_cities_laid_out_than_faces(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        file_edit("cities.yaml", lambda doc: doc.update(face_count=2, cities=doc["cities"][:2])),
        "cities.yaml", "city_count", "3", "2")


@pytest.mark.parametrize("level", [1, 2, 3])
def test_an_orient_card_too_few(tmp_path: Path, level: int) -> None:
    assert_refused(tmp_path, file_edit("orient.yaml", lambda doc: doc["levels"][level].pop()),
                   "orient.yaml", f"level {level}", "9", "10")


def test_an_orient_card_too_many(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    extra = {"id": "O2-11", "ability": "double_bonus", "bonus": "red", "bonus_count": 2,
             "points": 0, "cost": {"white": 7}}
    edit_file(folder, "orient.yaml", lambda doc: doc["levels"][2].append(extra))
    assert_names(error(folder), "orient.yaml", "level 2", "11", "10")


def test_an_orient_level_the_base_game_lacks(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)

    def move(doc: Any) -> None:
        doc["levels"][4] = doc["levels"].pop(3)
        doc["deck_sizes"] = {1: 10, 2: 10, 4: 10}

    edit_file(folder, "orient.yaml", move)
    assert_names(error(folder), "orient.yaml", "levels", "[1, 2, 4]", "[1, 2, 3]")


def test_more_face_up_orient_cards_than_a_deck_holds(tmp_path: Path) -> None:
    assert_refused(tmp_path, file_edit("orient.yaml", lambda doc: doc.update(face_up_per_level=11)),
                   "orient.yaml", "face_up_per_level", "10")


def test_a_post_too_few(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        file_edit("trading_posts.yaml", lambda doc: doc["trading_posts"].pop(2)),
        "trading_posts.yaml", "1 to 5", "[1, 2, 4, 5]")


def test_posts_out_of_board_order(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        file_edit("trading_posts.yaml", lambda doc: doc["trading_posts"].reverse()),
        "trading_posts.yaml", "board order", "[5, 4, 3, 2, 1]")


@pytest.mark.parametrize("per_player", [0, -1, 2.5, "three", True])
def test_bad_stronghold_count(tmp_path: Path, per_player: object) -> None:
    assert_refused(
        tmp_path,
        file_edit("strongholds.yaml", lambda doc: doc.update(per_player=per_player)),
        "strongholds.yaml", "per_player", "whole number")


# other values


@pytest.mark.parametrize("value", ["yes", 1, None, "true"])
def test_requires_noble_must_be_true_or_false(tmp_path: Path, value: object) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_post(folder, 3, lambda e: e.update(requires_noble=value)),
        "trading_posts.yaml", "(post 4)", "requires_noble", repr(value))


def test_a_post_must_require_bonuses(tmp_path: Path) -> None:
    assert_refused(tmp_path, lambda folder: _edit_post(folder, 1, lambda e: e.update(requires={})),
                   "trading_posts.yaml", "(post 2)", "require")


@pytest.mark.parametrize(("field", "value"), [
    ("points", -1), ("points", 0), ("points", "13"), ("any_single", -2), ("any_single", 1.0)])
def test_bad_city_number(tmp_path: Path, field: str, value: object) -> None:
    assert_refused(
        tmp_path,
        lambda folder: _edit_city(folder, 3, lambda e: e.update({field: value})),
        "cities.yaml", "entry 4 (C04)", field, "whole number")


def test_any_single_needs_a_free_colour(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    _edit_city(folder, 12, lambda e: e.update(any_single=2))  # C13 names all five colours
    assert_names(error(folder), "cities.yaml", "entry 13 (C13)", "any_single")


@pytest.mark.parametrize(("name", "edit", "where"), [
    ("cities.yaml", lambda d: d["cities"][1].update(name="Venice"), "(C02)"),
    ("orient.yaml", lambda d: d["levels"][1][1].update(colour="red"), "(O1-02)"),
    ("trading_posts.yaml", lambda d: d["trading_posts"][1].update(text="x"), "(post 2)"),
    ("cities.yaml", lambda d: d.update(tiles=7), "tiles"),
    ("orient.yaml", lambda d: d.update(market_slots=2), "market_slots"),
    ("trading_posts.yaml", lambda d: d.update(coats_of_arms=5), "coats_of_arms"),
    ("strongholds.yaml", lambda d: d.update(on_purchase="place"), "on_purchase"),
])
def test_unknown_field(tmp_path: Path, name: str, edit: Any, where: str) -> None:
    assert_refused(tmp_path, lambda folder: edit_file(folder, name, edit),
                   name, "unknown field", where)


def test_entry_that_is_not_a_mapping(tmp_path: Path) -> None:
    assert_refused(
        tmp_path,
        file_edit("orient.yaml", lambda doc: doc["levels"][3].__setitem__(3, "O3-04 red")),
        "orient.yaml", "level 3", "entry 4", "mapping")


# the files as a whole


@pytest.mark.parametrize("name", MODULE_FILES)
@pytest.mark.parametrize("version", [2, 0, "1", None])
def test_wrong_version(tmp_path: Path, name: str, version: object) -> None:
    assert_refused(tmp_path, file_edit(name, lambda doc: doc.update(version=version)),
                   name, "version", repr(version))


@pytest.mark.parametrize("name", MODULE_FILES)
def test_missing_file(tmp_path: Path, name: str) -> None:
    assert_refused(tmp_path, lambda folder: (folder / name).unlink(), name, "cannot read")


@pytest.mark.parametrize("name", MODULE_FILES)
def test_invalid_yaml_syntax(tmp_path: Path, name: str) -> None:
    folder = copy_data(tmp_path)
    text = (folder / name).read_text(encoding="utf-8")
    (folder / name).write_text(text + "\n  - {id: X, bonus: [unclosed\n: :\n", encoding="utf-8")
    assert_names(error(folder), name, "YAML")


@pytest.mark.parametrize("name", MODULE_FILES)
def test_anchors_are_refused(tmp_path: Path, name: str) -> None:
    folder = copy_data(tmp_path)
    text = (folder / name).read_text(encoding="utf-8")
    (folder / name).write_text(text + "spare: &s {a: 1}\nagain: *s\n", encoding="utf-8")
    assert_names(error(folder), name, "alias")


@pytest.mark.parametrize("name", MODULE_FILES)
def test_a_file_that_is_not_a_mapping(tmp_path: Path, name: str) -> None:
    folder = copy_data(tmp_path)
    (folder / name).write_text("- just\n- a list\n", encoding="utf-8")
    assert_names(error(folder), name, "mapping")


def test_the_module_files_are_packaged() -> None:
    # the wheel carries levels_data/ as splendor.levels_data with its *.yaml; the PyInstaller
    # spec bundles the whole folder (tests/test_packaging.py checks both run)
    import fnmatch
    import tomllib

    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setuptools["package-dir"]["splendor.levels_data"] == "levels_data"
    patterns = setuptools["package-data"]["splendor.levels_data"]
    for name in MODULE_FILES:
        assert any(fnmatch.fnmatch(name, p) for p in patterns), name
    assert 'folder("levels_data")' in (REPO / "build.spec").read_text()
