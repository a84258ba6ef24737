"""No file lost: a file this version cannot read is moved aside under a unique name that
says so, never overwritten or deleted; a newer version's fields are kept and written back;
a newer version's settings or statistics are left as they are and never written over."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from splendor.engine import new_game
from splendor.gamedata import base_game
from splendor.storage import paths
from splendor.storage.aside import aside_name, move_aside
from splendor.storage.atomic import StorageError
from splendor.storage.saves import (
    SAVE_VERSION,
    list_saves,
    load_save,
    save_document,
    write_autosave,
    write_save,
)
from splendor.storage.settings import Settings, load_settings, save_settings
from splendor.storage.stats import Record, add_game, load_stats, save_stats
from tests.storage.test_statistics import finished_game

DATA = base_game()
NOON = datetime(2026, 11, 24, 12, 0, 0)
NEWER_SAVE = json.dumps({"format": "splendor-save", "version": SAVE_VERSION + 1, "seats": [],
                         "record": {"whatever": "a newer version wrote"}}).encode()


def contents(folder: Path) -> dict[bytes, list[str]]:
    """Every file's bytes in `folder`, and the names holding them."""
    found: dict[bytes, list[str]] = {}
    for path in folder.iterdir():
        if path.is_file():
            found.setdefault(path.read_bytes(), []).append(path.name)
    return found


def autosave_document(steps: int) -> dict[str, object]:
    state = new_game(DATA, 2, 5, names=("Ada", "Bob"))
    for _ in range(steps):
        state.apply(state.legal_actions()[0])
    return save_document(state, [{"kind": "human", "name": "Ada"},
                                 {"kind": "hard", "name": "Bob"}])


# --- the names and the move ----------------------------------------------------------


def test_a_kept_file_is_named_for_why_and_when(tmp_path: Path) -> None:
    assert aside_name(tmp_path / "autosave.json", "unreadable", NOON).name == \
        "autosave.unreadable-20261124-120000.json"
    assert aside_name(tmp_path / "autosave.bak.json", "newer", NOON, 3).name == \
        "autosave.bak.newer-20261124-120000-3.json"
    assert aside_name(tmp_path / "noext", "unreadable", NOON).name == \
        "noext.unreadable-20261124-120000"


def test_moving_aside_never_replaces_a_file_and_counts_up(tmp_path: Path) -> None:
    taken = tmp_path / "settings.unreadable-20261124-120000.json"
    taken.write_bytes(b"an earlier one")
    for n, content in enumerate((b"first", b"second", b"third"), start=2):
        (tmp_path / "settings.json").write_bytes(content)
        kept = move_aside(tmp_path / "settings.json", "unreadable", NOON)
        assert kept.name == f"settings.unreadable-20261124-120000-{n}.json"
        assert kept.read_bytes() == content
    assert taken.read_bytes() == b"an earlier one"
    assert not (tmp_path / "settings.json").exists()


def refuse_renames(monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder where nothing can be renamed (read-only, or another program's lock)."""

    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "link", refuse)
    monkeypatch.setattr(os, "rename", refuse)


def test_a_file_that_cannot_be_moved_is_left_where_it_is_and_not_written_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{broken")
    refuse_renames(monkeypatch)
    with pytest.raises(StorageError, match=r"cannot move settings\.json aside"):
        move_aside(path, "unreadable", NOON)
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None and problem.kept is None and "Permission denied" in problem.detail
    with pytest.raises(StorageError, match="not written over"):
        save_settings(Settings(volume=0.9))
    assert path.read_bytes() == b"{broken"


# --- settings ---------------------------------------------------------------------------


def test_a_second_unreadable_settings_file_does_not_overwrite_the_first() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = []
    for content in (b'{"version": 1, "volume": "loud"}', b"{truncat", b""):
        path.write_bytes(content)
        _, problem = load_settings()
        assert problem is not None and problem.kept is not None
        kept.append(problem.kept)
        save_settings(Settings(volume=0.1))  # the game writes fresh settings in between
    assert len({p.name for p in kept}) == 3
    found = contents(path.parent)
    for content, where in zip((b'{"version": 1, "volume": "loud"}', b"{truncat", b""), kept,
                              strict=True):
        assert where.name in found[content], "every unreadable file's bytes are kept"


def test_unknown_settings_from_a_newer_version_are_kept_and_written_back() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({
        "version": 1, "volume": 0.3, "theme": "dark", "hotkeys": {"undo": "u"},
        "assists": {"affordable": False, "next_noble": True},
    }))
    settings, problem = load_settings()
    assert problem is None, "unknown settings are no reason to reset"
    assert settings.volume == 0.3 and settings.assists["affordable"] is False
    settings.volume = 0.8
    save_settings(settings)
    written = json.loads(path.read_text())
    assert written["volume"] == 0.8
    assert written["theme"] == "dark" and written["hotkeys"] == {"undo": "u"}
    assert written["assists"]["next_noble"] is True
    assert written["assists"]["affordable"] is False
    assert load_settings() == (settings, None)


def test_newer_settings_are_left_as_they_are_and_never_written_over() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    content = json.dumps({"version": 2, "volume": 0.2, "palette": "deuteranopia"}).encode()
    path.write_bytes(content)
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None and problem.reason == "newer" and problem.kept is None
    with pytest.raises(StorageError, match="not written over"):
        save_settings(Settings(volume=0.9))
    assert path.read_bytes() == content
    assert [p.name for p in path.parent.iterdir() if p.name.startswith("settings")] == [
        "settings.json"]


# --- statistics -------------------------------------------------------------------------


def test_a_second_unreadable_statistics_file_does_not_overwrite_the_first() -> None:
    path = paths.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fifty = {"version": 1, "records": {"hard/2": {"played": 50, "won": 20, "best_score": "x"}}}
    first = json.dumps(fifty).encode()
    second = b'{"version": 1, "records": {"easy/2": {"played": -4}}}'
    for content in (first, second):
        path.write_bytes(content)
        records, problem = load_stats()
        assert records == {} and problem is not None and problem.kept is not None
        assert problem.kept.read_bytes() == content
    found = contents(path.parent)
    assert first in found and second in found, "the kept copy of 50 games is not lost"


@pytest.mark.parametrize("where", ["top", "record", "table"])
def test_statistics_with_a_newer_versions_field_load_and_keep_it(where: str) -> None:
    doc: dict[str, object] = {"version": 1, "records": {
        "hard/2": {"played": 50, "won": 20, "best_score": 18, "fastest_win": 22}}}
    if where == "top":
        doc["achievements"] = ["first win"]
    elif where == "record":
        doc["records"]["hard/2"]["streak"] = 4  # type: ignore[index]
    else:
        doc["records"]["hard/2/variant"] = {"played": 1}  # type: ignore[index]
    path = paths.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    records, problem = load_stats()
    assert problem is None, "one unknown field is no reason to restart counting"
    assert records["hard/2"].played == 50 and records["hard/2"].won == 20
    state = finished_game(7, ["human", "hard"])
    assert add_game(records, state, ["human", "hard"]) == "hard/2"
    save_stats(records)
    written = json.loads(path.read_text())
    assert written["records"]["hard/2"]["played"] == 51
    if where == "top":
        assert written["achievements"] == ["first win"]
    elif where == "record":
        assert written["records"]["hard/2"]["streak"] == 4
    else:
        assert written["records"]["hard/2/variant"] == {"played": 1}
    assert load_stats()[0]["hard/2"].played == 51


def test_newer_statistics_are_left_as_they_are_and_never_written_over() -> None:
    path = paths.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    content = b'{"version": 2, "tables": {"hard/2": [50, 20]}}'
    path.write_bytes(content)
    records, problem = load_stats()
    assert records == {} and problem is not None
    assert problem.reason == "newer" and problem.kept is None
    with pytest.raises(StorageError, match="not written over"):
        save_stats({"easy/2": Record(1, 1, 15, 20)})
    assert path.read_bytes() == content


# --- the autosave and its backup --------------------------------------------------------


@pytest.mark.parametrize(("content", "reason"), [
    (NEWER_SAVE, "newer"), (b'{"format": "splendor-save", "version": 1, "se', "unreadable"),
])
def test_an_unreadable_autosave_is_moved_aside_not_overwritten(content: bytes,
                                                                reason: str) -> None:
    paths.saves_dir().mkdir(parents=True)
    paths.autosave_path().write_bytes(content)
    problems = write_autosave(autosave_document(4), DATA)
    assert [p.reason for p in problems] == [reason]
    kept = problems[0].kept
    assert kept is not None and kept.parent == paths.saves_dir()
    assert kept.name.startswith(f"autosave.{reason}-") and kept.read_bytes() == content
    assert len(load_save(paths.autosave_path(), DATA).state.history) == 4
    # The kept file is listed on the load screen, with why it cannot be loaded here.
    listed = {i.path.name: i for i in list_saves()}
    assert listed[kept.name].error is not None
    assert listed[kept.name].error_kind == ("newer" if reason == "newer" else "not_save")


def test_an_unreadable_backup_is_moved_aside_before_the_good_autosave_replaces_it() -> None:
    write_autosave(autosave_document(2), DATA)
    paths.autosave_backup_path().write_bytes(NEWER_SAVE)  # a newer version's backup
    good = paths.autosave_path().read_bytes()
    problems = write_autosave(autosave_document(4), DATA)
    assert [(p.path.name, p.reason) for p in problems] == [("autosave.bak.json", "newer")]
    assert problems[0].kept is not None and problems[0].kept.read_bytes() == NEWER_SAVE
    assert paths.autosave_backup_path().read_bytes() == good


def test_an_autosave_that_cannot_be_moved_aside_is_not_written_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    paths.saves_dir().mkdir(parents=True)
    paths.autosave_path().write_bytes(NEWER_SAVE)
    refuse_renames(monkeypatch)
    with pytest.raises(StorageError, match="not written over"):
        write_autosave(autosave_document(4), DATA)
    assert paths.autosave_path().read_bytes() == NEWER_SAVE


def test_the_backup_is_not_replayed_every_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """What this process wrote is known to read: no replay of the whole game per turn."""
    import splendor.storage.saves as saves

    write_autosave(autosave_document(2), DATA)
    write_autosave(autosave_document(4), DATA)
    replays = []
    real = saves.load_save
    monkeypatch.setattr(saves, "load_save",
                        lambda *a, **k: replays.append(a) or real(*a, **k))
    write_autosave(autosave_document(6), DATA)
    assert replays == []
    paths.autosave_path().write_bytes(paths.autosave_path().read_bytes() + b" ")
    write_autosave(autosave_document(8), DATA)  # changed behind its back: checked again
    assert len(replays) == 1


def test_a_named_save_is_never_written_over_by_the_autosave() -> None:
    named = paths.saves_dir() / "Evening.json"
    write_save(named, autosave_document(3))
    before = named.read_bytes()
    for steps in (2, 4, 6):
        write_autosave(autosave_document(steps), DATA)
    assert named.read_bytes() == before
