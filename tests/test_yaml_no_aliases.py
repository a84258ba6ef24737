"""YAML anchors and aliases are refused in every file the game reads as YAML: an alias
repeats a whole subtree wherever it is named, so ten lines can stand for millions of
entries (the "billion laughs"). The error names the file."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from splendor.gamedata import DataError, load_game_data, read_yaml
from splendor.i18n import CatalogError, parse_catalog, read_catalog
from splendor.resources import levels_data_dir
from splendor.ui.scenes.rules import load_rules

# Each level names the previous one nine times: 9**6 (531,441) leaves from 9 lines.
LAUGHS = "\n".join(
    ["a0: &a0 {x: lol}"]
    + [f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, 7)]
    + ["game:", "  title: *a6"]
) + "\n"
CATALOG_LAUGHS = "\n".join(
    ["l0: &l0 {one: x, two: y}"]
    + [f"l{n}: &l{n} {{" + ", ".join(f"k{k}: *l{n - 1}" for k in range(9)) + "}"
       for n in range(1, 7)]
) + "\n"


def test_a_catalog_bomb_is_refused_at_once_naming_the_file() -> None:
    started = time.perf_counter()
    with pytest.raises(CatalogError, match=r"fr/menu\.yaml: .*alias"):
        parse_catalog(CATALOG_LAUGHS, "fr/menu.yaml", "menu")
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("text", [
    "title: &t Play\nplay: *t\n",           # a plain alias
    "title: &t Play\n",                     # an anchor alone: useless, refused as well
    "base: &b {play: Play}\nmenu:\n  <<: *b\n",  # a merge key works through an alias
])
def test_any_anchor_or_alias_in_a_catalog_is_refused(tmp_path: Path, text: str) -> None:
    with pytest.raises(CatalogError, match=r"x\.yaml"):
        parse_catalog(text, "x.yaml", "x")
    folder = tmp_path / "fr"
    folder.mkdir()
    (folder / "menu.yaml").write_text(text)
    with pytest.raises(CatalogError, match=r"fr/menu\.yaml"):
        read_catalog(folder)


def test_a_game_data_bomb_is_refused_naming_the_file(tmp_path: Path) -> None:
    for name in ("cards.yaml", "nobles.yaml", "setup.yaml"):
        (tmp_path / name).write_bytes((levels_data_dir() / name).read_bytes())
    (tmp_path / "nobles.yaml").write_text(LAUGHS)
    started = time.perf_counter()
    with pytest.raises(DataError, match=r"nobles\.yaml: .*alias"):
        load_game_data(tmp_path)
    assert time.perf_counter() - started < 1.0
    with pytest.raises(DataError, match=r"nobles\.yaml"):
        read_yaml(tmp_path / "nobles.yaml")


def test_a_rules_page_with_an_alias_is_refused_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "en.yaml").write_text(
        "title: Rules\nsections:\n  - &s {title: Goal, paragraphs: [Win.]}\n  - *s\n")
    with pytest.raises(ValueError, match=r"en\.yaml: .*alias"):
        load_rules("en", tmp_path)


def test_the_shipped_files_still_load() -> None:
    assert load_game_data().cards
    assert read_catalog(Path(__file__).resolve().parents[1] / "assets" / "i18n" / "en")
    assert load_rules("fr")[1]
