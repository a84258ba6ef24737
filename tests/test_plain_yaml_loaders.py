"""The game's YAML reader has two ways to read: libyaml's C parser when PyYAML has it (its
wheels do), and the pure-Python loader otherwise. Both must read every shipped file alike,
and both must refuse what the game refuses: anchors, aliases and nesting too deep."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from splendor import plain_yaml
from splendor.plain_yaml import MAX_YAML_DEPTH, load_plain

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted([*ROOT.glob("levels_data/**/*.yaml"), *ROOT.glob("assets/**/*.yaml")])


@pytest.fixture(params=["libyaml", "pure Python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "pure Python":
        monkeypatch.delattr(yaml, "CSafeLoader")
    return str(request.param)


def test_the_c_parser_is_used_where_pyyaml_has_it() -> None:
    # Start-up reads 240 KB of YAML: the pure-Python loader alone would take most of it.
    assert yaml.__with_libyaml__, "PyYAML without libyaml: start-up will be slow"


def test_both_ways_read_every_shipped_file_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(SHIPPED) > 40
    fast = {path: plain_yaml.read_plain(path) for path in SHIPPED}
    monkeypatch.delattr(yaml, "CSafeLoader")
    assert {path: plain_yaml.read_plain(path) for path in SHIPPED} == fast


@pytest.mark.parametrize("text", [
    "title: Rules\nplay: &t Play\nagain: *t\n",
    "menu: &m {play: Play}\n",
    "base: &b {play: Play}\nmenu:\n  <<: *b\n",
])
def test_both_ways_refuse_anchors_naming_the_line(loader: str, text: str) -> None:
    with pytest.raises(yaml.YAMLError, match=r"anchors and aliases") as caught:
        load_plain(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "&" in row or "*" in row)
    assert f"line {line}," in str(caught.value)


def test_both_ways_refuse_the_same_depth(loader: str) -> None:
    # MAX_YAML_DEPTH nodes, one inside the other (the lists and the scalar), are allowed.
    lists = MAX_YAML_DEPTH - 1
    assert load_plain("[" * lists + "x" + "]" * lists) is not None
    lists += 1
    too_deep = "[" * lists + "x" + "]" * lists
    with pytest.raises(yaml.YAMLError, match=f"nested more than {MAX_YAML_DEPTH}"):
        load_plain(too_deep)
