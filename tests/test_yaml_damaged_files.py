"""A damaged installation: a YAML file nested thousands of levels deep, or tens of
megabytes long, is refused at once with the usual message naming the file (never a
RecursionError, never a minute of parsing at start-up). Game data, bot profiles, text
catalogs and rules pages share the one reader (`plain_yaml`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from splendor.bots.profiles import load_profiles
from splendor.gamedata import DataError, load_game_data
from splendor.i18n import CatalogError, parse_catalog, read_catalog
from splendor.plain_yaml import MAX_YAML_BYTES, MAX_YAML_DEPTH, load_plain
from splendor.resources import assets_dir, levels_data_dir
from splendor.ui.scenes.rules import load_rules

LEVELS = 50_000
DEEP = {
    "lists": "[" * LEVELS + "]" * LEVELS + "\n",
    "mappings": "{a: " * LEVELS + "1" + "}" * LEVELS + "\n",
    "block and flow": "cards:\n  - " + "[" * LEVELS + "]" * LEVELS + "\n",
}
# Well formed (a catalog entry), only far too long: 50 MB.
HUGE_BYTES = 50 * 1024 * 1024


def copy_of_levels_data(folder: Path) -> Path:
    for source in levels_data_dir().glob("*.yaml"):
        (folder / source.name).write_bytes(source.read_bytes())
    return folder


def write_huge(path: Path) -> None:
    line = b"k: '" + b"x" * 1000 + b"'\n"
    with path.open("wb") as handle:
        handle.write(line * (HUGE_BYTES // len(line) + 1))


def promptly(call: Callable[[], object]) -> float:
    """How long `call` took (it is expected to raise)."""
    started = time.perf_counter()
    with pytest.raises(ValueError):
        call()
    return time.perf_counter() - started


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
@pytest.mark.parametrize("name", ["cards.yaml", "nobles.yaml", "orient.yaml", "bots.yaml"])
def test_a_deeply_nested_data_file_is_refused_naming_it(
        tmp_path: Path, name: str, text: str) -> None:
    folder = copy_of_levels_data(tmp_path)
    (folder / name).write_text(text)
    load = load_profiles if name == "bots.yaml" else load_game_data
    with pytest.raises(DataError, match=rf"\A{name}: not valid YAML: .*nested more than "
                                        rf"{MAX_YAML_DEPTH} levels deep"):
        load(folder)


def test_a_huge_data_file_is_refused_at_once_naming_it(tmp_path: Path) -> None:
    folder = copy_of_levels_data(tmp_path)
    write_huge(folder / "cards.yaml")
    with pytest.raises(DataError, match=r"\Acards\.yaml: .*too large"):
        load_game_data(folder)
    # Refused from its size, unread: a whole second is far more than that takes.
    assert promptly(lambda: load_game_data(folder)) < 1.0


def test_a_data_file_that_is_a_folder_or_not_utf8_is_named(tmp_path: Path) -> None:
    folder = copy_of_levels_data(tmp_path)
    (folder / "setup.yaml").unlink()
    (folder / "setup.yaml").mkdir()
    with pytest.raises(DataError, match=r"\Asetup\.yaml: .*not a regular file"):
        load_game_data(folder)
    (folder / "setup.yaml").rmdir()
    (folder / "setup.yaml").write_bytes(b"name: \xff\n")
    with pytest.raises(DataError, match=r"\Asetup\.yaml: not UTF-8"):
        load_game_data(folder)


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
def test_a_deeply_nested_catalog_is_refused_naming_it(tmp_path: Path, text: str) -> None:
    with pytest.raises(CatalogError, match=r"\Afr/menu\.yaml: not valid YAML: .*nested"):
        parse_catalog(text, "fr/menu.yaml", "menu")
    folder = tmp_path / "fr"
    folder.mkdir()
    (folder / "menu.yaml").write_text(text)
    with pytest.raises(CatalogError, match=r"\Afr/menu\.yaml: .*nested"):
        read_catalog(folder)


def test_a_huge_catalog_is_refused_at_once_naming_it(tmp_path: Path) -> None:
    folder = tmp_path / "fr"
    folder.mkdir()
    write_huge(folder / "menu.yaml")
    with pytest.raises(CatalogError, match=r"\Afr/menu\.yaml: .*too large"):
        read_catalog(folder)
    assert promptly(lambda: read_catalog(folder)) < 1.0


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
def test_a_deeply_nested_rules_page_is_refused_naming_it(tmp_path: Path, text: str) -> None:
    (tmp_path / "en.yaml").write_text(text)
    with pytest.raises(ValueError, match=r"\Aen\.yaml: cannot read the rules: .*nested"):
        load_rules("en", tmp_path)


def test_a_huge_rules_page_is_refused_at_once_naming_it(tmp_path: Path) -> None:
    write_huge(tmp_path / "en.yaml")
    with pytest.raises(ValueError, match=r"\Aen\.yaml: cannot read the rules: .*too large"):
        load_rules("en", tmp_path)
    assert promptly(lambda: load_rules("en", tmp_path)) < 1.0


def test_the_limits_leave_the_shipped_files_far_inside() -> None:
    shipped = [*levels_data_dir().glob("*.yaml"), *assets_dir().rglob("*.yaml")]
    assert len(shipped) > 20
    assert max(p.stat().st_size for p in shipped) * 20 < MAX_YAML_BYTES
    # MAX_YAML_DEPTH levels load; one more is refused.
    at_limit = "[" * MAX_YAML_DEPTH + "]" * MAX_YAML_DEPTH
    value = load_plain(at_limit)
    for _ in range(MAX_YAML_DEPTH - 1):
        value = value[0]
    assert value == []
    with pytest.raises(yaml.YAMLError, match="nested"):
        load_plain(f"[{at_limit}]")
