"""Saves a player or another program changed: names no font draws, names of any length,
seat kinds this version does not know, a module the record and the file disagree on or
this version does not know. Each loads cleaned or is refused with a reason, the load
screen lists what loading plays, and the file's bytes stay as they were."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from splendor.engine import new_game
from splendor.gamedata import base_game
from splendor.storage import paths
from splendor.storage.saves import SaveError, list_saves, load_save, save_document, save_info
from splendor.storage.untrusted import (
    MAX_NAME_CHARS,
    MAX_QUOTED_CHARS,
    UNKNOWN_MODULE,
    UNKNOWN_SEAT,
    clean_name,
)

DATA = base_game()


def write_save(names: list[str], kinds: list[str], bots: dict[int, Any] | None = None,
               file: str = "autosave.json", module: str | None = None) -> Path:
    """A valid save of a fresh game with these seats (bot states as given)."""
    state = new_game(DATA, len(names), 11, tuple(names), 0, module)
    seats = [{"kind": k, "name": n} for k, n in zip(kinds, names, strict=True)]
    path = paths.saves_dir() / file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(save_document(state, seats, bots)))
    return path


@pytest.mark.parametrize(("raw", "shown"), [
    ("Ada\x00", "Ada\ufffd"),
    ("Bo\ud800b", "Bo\ufffdb"),
    ("Line\nbreak\tand tab", "Line break and tab"),
    ("Bell\x07", "Bell\ufffd"),
    ("  Zoë  ", "Zoë"),
])
def test_a_name_no_font_draws_loads_cleaned_and_the_file_is_untouched(
        raw: str, shown: str) -> None:
    path = write_save([raw, "Medium bot"], ["human", "medium"])
    before = path.read_bytes()
    saved = load_save(path, DATA)
    assert saved.seats[0]["name"] == shown
    assert saved.state.setup.names == (shown, "Medium bot"), "the table shows the same name"
    assert save_info(path).players == (shown, "Medium bot")
    assert path.read_bytes() == before


@pytest.mark.parametrize("length", [1_000, 100_000])
def test_a_very_long_name_is_cut_on_load(length: int) -> None:
    path = write_save(["A" * length, "Bob"], ["human", "hard"])
    saved = load_save(path, DATA)
    name = saved.state.setup.names[0]
    assert len(name) == MAX_NAME_CHARS and name == "A" * (MAX_NAME_CHARS - 1) + "…"
    assert saved.seats[0]["name"] == name
    assert save_info(path).players[0] == name


def test_names_the_game_itself_writes_are_never_changed() -> None:
    for name in ("Ada", "Player 1", "Bot médio 2", "Jean-Éloïse", "小明", "👩‍💻 Dev", "x" * 16):
        assert clean_name(name) == name


@pytest.mark.parametrize("kind", ["bogus", "HUMAN", ""])
def test_an_unknown_seat_kind_is_refused_with_its_reason(kind: str) -> None:
    path = write_save(["Ada", "Who"], ["human", kind])
    before = path.read_bytes()
    info = save_info(path)
    assert info.error is not None and info.error_kind == UNKNOWN_SEAT, "not listed as loadable"
    with pytest.raises(SaveError) as refused:
        load_save(path, DATA)
    assert refused.value.kind == UNKNOWN_SEAT and repr(kind) in str(refused.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("kind", ["random", "greedy", "expert"])
def test_every_bot_the_engine_knows_loads(kind: str) -> None:
    path = write_save(["Ada", "Bot"], ["human", kind])
    assert save_info(path).error is None
    assert load_save(path, DATA).seats[1]["kind"] == kind


def test_a_save_whose_file_name_is_not_utf8_is_listed_and_loads() -> None:
    good = write_save(["Ada", "Bot"], ["human", "medium"], file="plain.json")
    odd = os.fsencode(paths.saves_dir()) + b"/caf\xe9.json"  # Latin-1, not UTF-8
    os.rename(os.fsencode(good), odd)
    [info] = list_saves()
    assert info.name == "caf\ufffd" and info.error is None
    assert os.fsencode(info.path) == odd, "the real file is the one loaded and deleted"
    assert load_save(info.path, DATA).seats[0]["name"] == "Ada"


def edit(path: Path, change: Callable[[dict[str, Any]], None]) -> bytes:
    """Change the save's JSON in place; its new bytes."""
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))
    return path.read_bytes()


@pytest.mark.parametrize(("played", "claimed"), [
    ("orient", "cities"), ("orient", None), (None, "strongholds"), ("orient", "atlantis"),
])
def test_a_save_is_listed_as_the_module_it_loads(played: str | None,
                                                 claimed: str | None) -> None:
    path = write_save(["Ada", "Bot"], ["human", "hard"], module=played)
    before = edit(path, lambda doc: doc.update(module=claimed))
    info = save_info(path)
    assert info.error is None
    assert info.module == played == load_save(path, DATA).state.setup.module
    assert path.read_bytes() == before, "the player's file is kept as it is"


@pytest.mark.parametrize("module", ["castles", "ORIENT", "", "x" * 10_000])
def test_an_unknown_module_in_the_record_is_named_not_called_an_illegal_move(
        module: str) -> None:
    path = write_save(["Ada", "Bot"], ["human", "hard"], module="orient")
    before = edit(path, lambda doc: doc["record"]["setup"].update(module=module))
    shown = module if len(module) <= MAX_QUOTED_CHARS else module[:MAX_QUOTED_CHARS - 1] + "…"
    info = save_info(path)
    assert info.error_kind == UNKNOWN_MODULE and info.error_params == {"module": shown}
    assert f"unknown module {shown!r}" in (info.error or "")
    with pytest.raises(SaveError) as refused:
        load_save(path, DATA)
    assert refused.value.kind == UNKNOWN_MODULE
    assert refused.value.params == {"module": shown}
    assert f"unknown module {shown!r}" in str(refused.value)
    assert path.read_bytes() == before


def test_a_record_setup_that_does_not_fit_is_damaged_not_an_illegal_move() -> None:
    path = write_save(["Ada", "Bot"], ["human", "hard"])
    edit(path, lambda doc: doc["record"]["setup"].update(module=7))
    with pytest.raises(SaveError) as refused:
        load_save(path, DATA)
    assert refused.value.kind == "damaged" and "setup.module" in str(refused.value)
