"""Storage: folders, crash-safe writes, and saved games that survive hostile files.

Every test runs with $SPLENDOR_HOME pointing at a temporary folder (see `home`), so
nothing here reads or writes the real user folders.
"""

from __future__ import annotations

import copy
import errno
import json
import os
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from splendor.engine import GameState, Phase, make_record, new_game, parse_action
from splendor.gamedata import base_game
from splendor.storage import paths
from splendor.storage.atomic import (
    StorageError,
    atomic_write_bytes,
    atomic_write_text,
    read_bytes_limited,
)
from splendor.storage.saves import (
    MAX_SAVE_BYTES,
    SAVE_FORMAT,
    SAVE_NAME_LENGTH,
    SAVE_VERSION,
    SaveError,
    delete_save,
    list_saves,
    load_save,
    save_document,
    save_info,
    save_path_for,
    write_autosave,
    write_save,
)

DATA = base_game()
NAMES = {2: ("Ada", "Bob"), 3: ("Ada", "Bob", "Cy"), 4: ("Ada", "Bob", "Cy", "Dee")}
ALL_PATHS = (
    paths.data_dir, paths.config_dir, paths.log_dir, paths.saves_dir, paths.autosave_path,
    paths.autosave_backup_path, paths.settings_path, paths.stats_path, paths.log_path,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own SPLENDOR_HOME; no test may reach the real user folders."""
    folder = tmp_path / "home"
    monkeypatch.setenv("SPLENDOR_HOME", str(folder))
    for where in ALL_PATHS:
        assert where().is_relative_to(folder), where
    return folder


# --- helpers -------------------------------------------------------------------------


def play(players: int, seed: int, steps: int | None = None) -> GameState:
    """A seeded random game of `steps` actions, or to the end when None."""
    rng = random.Random(seed)
    state = new_game(DATA, players, seed, names=NAMES[players])
    n = 0
    while not state.is_over() and (steps is None or n < steps):
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return state


def return_phase_game() -> GameState:
    """A seeded random game stopped while the current player must return tokens."""
    for seed in range(500):
        rng = random.Random(seed)
        state = new_game(DATA, 2, seed, names=NAMES[2])
        while not state.is_over():
            if state.phase is Phase.RETURN:
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no seeded game reached a RETURN phase")


def seats_for(players: int) -> list[dict[str, str]]:
    kinds = ["human", "hard", "easy", "medium"]
    return [{"kind": kinds[i], "name": NAMES[players][i]} for i in range(players)]


def real_document(seed: int = 3, steps: int = 30, players: int = 2) -> dict[str, Any]:
    state = play(players, seed, steps)
    return save_document(state, seats_for(players), {1: {"rng": [seed, steps]}},
                         now=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))


def write_json(path: Path, doc: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def fingerprint(path: Path) -> tuple[bytes, int, int, int]:
    """Content, size, modification time and inode: equal only if the file was untouched.
    Huge (sparse) files are compared by their first bytes, not read whole."""
    st = path.stat()
    with path.open("rb") as f:
        content = f.read(8 * MAX_SAVE_BYTES)
    return content, st.st_size, st.st_mtime_ns, st.st_ino


def folder_names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def assert_refused(path: Path, *fragments: str) -> SaveError:
    """load_save refuses `path` with a message naming it and the reason; the file, and
    the program, are fine afterwards."""
    before = fingerprint(path)
    with pytest.raises(SaveError) as info:
        load_save(path, DATA)
    message = str(info.value)
    assert path.name in message, message
    for fragment in fragments:
        assert fragment.lower() in message.lower(), message
    # The load screen's summary does not crash on it either.
    summary = save_info(path)
    assert summary.path == path
    assert fingerprint(path) == before, "a refused file was modified"
    assert path.exists()
    # The program keeps going: a good save next to it still loads and lists.
    good = paths.saves_dir() / "good.json"
    write_save(good, real_document())
    assert load_save(good, DATA).state == play(2, 3, 30)
    assert any(i.path == good and i.error is None for i in list_saves())
    assert fingerprint(path) == before
    return info.value


# --- paths -----------------------------------------------------------------------------


def test_every_folder_is_under_splendor_home(home: Path) -> None:
    assert paths.data_dir() == home
    assert paths.config_dir() == home
    assert paths.log_dir() == home / "logs"
    assert paths.saves_dir() == home / "saves"
    assert paths.autosave_path() == home / "saves" / "autosave.json"
    assert paths.autosave_backup_path() == home / "saves" / "autosave.bak.json"
    assert paths.settings_path() == home / "settings.json"
    assert paths.stats_path() == home / "statistics.json"
    assert paths.log_path() == home / "logs" / "splendor.log"
    assert not home.exists(), "asking for a path must not create folders"


def test_splendor_home_expands_the_user_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("SPLENDOR_HOME", "~/portable")
    assert paths.data_dir() == tmp_path / "portable"
    assert paths.saves_dir() == tmp_path / "portable" / "saves"


@pytest.mark.parametrize("unset", ["delete", "empty"])
def test_without_splendor_home_the_folders_come_from_platformdirs(
    monkeypatch: pytest.MonkeyPatch, unset: str
) -> None:
    if unset == "delete":
        monkeypatch.delenv("SPLENDOR_HOME")
    else:
        monkeypatch.setenv("SPLENDOR_HOME", "")
    data = Path(platformdirs.user_data_dir("splendor", appauthor=False))
    config = Path(platformdirs.user_config_dir("splendor", appauthor=False))
    logs = Path(platformdirs.user_log_dir("splendor", appauthor=False))
    assert paths.data_dir() == data
    assert paths.config_dir() == config
    assert paths.log_dir() == logs
    assert paths.saves_dir() == data / "saves"
    assert paths.autosave_path() == data / "saves" / "autosave.json"
    assert paths.autosave_backup_path() == data / "saves" / "autosave.bak.json"
    assert paths.stats_path() == data / "statistics.json"
    assert paths.settings_path() == config / "settings.json"
    assert paths.log_path() == logs / "splendor.log"


# --- atomic writes -------------------------------------------------------------------


def test_atomic_write_creates_the_folder_and_writes(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "file.bin"
    atomic_write_bytes(target, b"\x00\x01 data")
    assert target.read_bytes() == b"\x00\x01 data"
    atomic_write_text(target, "Zoë 💎\n")
    assert target.read_bytes() == "Zoë 💎\n".encode()
    assert folder_names(target.parent) == {"file.bin"}, "no temporary file may be left"


def _previous(tmp_path: Path) -> Path:
    target = tmp_path / "saves" / "game.json"
    atomic_write_text(target, "previous content\n")
    return target


def test_failed_replace_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = _previous(tmp_path)

    def refuse(src: Any, dst: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(StorageError) as info:
        atomic_write_text(target, "new content")
    assert str(target) in str(info.value)
    assert "Permission denied" in str(info.value)
    assert target.read_text() == "previous content\n"
    assert folder_names(target.parent) == {"game.json"}


def test_disk_full_at_fsync_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = _previous(tmp_path)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(StorageError) as info:
        atomic_write_bytes(target, b"new content" * 1000)
    assert str(target) in str(info.value)
    assert "No space left on device" in str(info.value)
    assert info.value.__cause__ is not None
    assert target.read_text() == "previous content\n"
    assert folder_names(target.parent) == {"game.json"}


def test_disk_full_halfway_through_the_write_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = _previous(tmp_path)
    real_fdopen = os.fdopen

    class FullDisk:
        """A file that takes half of what it is given, then reports a full disk."""

        def __init__(self, handle: Any) -> None:
            self.handle = handle

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

        def write(self, data: bytes) -> int:
            self.handle.write(data[: len(data) // 2])
            self.handle.flush()
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self) -> None:
            self.handle.flush()

        def fileno(self) -> int:
            return int(self.handle.fileno())

    monkeypatch.setattr(os, "fdopen", lambda fd, mode: FullDisk(real_fdopen(fd, mode)))
    with pytest.raises(StorageError) as info:
        atomic_write_text(target, "new content " * 1000)
    assert str(target) in str(info.value)
    assert "No space left on device" in str(info.value)
    assert target.read_text() == "previous content\n"
    assert folder_names(target.parent) == {"game.json"}


def test_write_save_failing_is_a_storage_error_and_keeps_the_old_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = paths.saves_dir() / "mine.json"
    write_save(target, real_document(steps=10))
    before = fingerprint(target)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(StorageError, match="No space left"):
        write_save(target, real_document(steps=40))
    assert fingerprint(target) == before
    assert folder_names(target.parent) == {"mine.json"}
    monkeypatch.undo()
    assert load_save(target, DATA).state == play(2, 3, 10)


@pytest.mark.parametrize("depth", [1, 3])
def test_a_folder_that_cannot_be_made_is_named(tmp_path: Path, depth: int) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("I am a file")
    parent = blocker
    for i in range(depth - 1):
        parent = parent / f"sub{i}"
    target = parent / "save.json"
    with pytest.raises(StorageError) as info:
        atomic_write_text(target, "content")
    assert str(parent) in str(info.value)
    assert blocker.read_text() == "I am a file"
    assert folder_names(tmp_path) == {"not-a-folder"}


def test_read_bytes_limited(tmp_path: Path) -> None:
    small = tmp_path / "small.bin"
    small.write_bytes(b"12345")
    assert read_bytes_limited(small, 5) == b"12345"
    with pytest.raises(StorageError, match=r"small\.bin is too large"):
        read_bytes_limited(small, 4)
    with pytest.raises(StorageError, match=r"missing\.bin"):
        read_bytes_limited(tmp_path / "missing.bin", 5)


# --- round trips -----------------------------------------------------------------------


def _round_trip(state: GameState, path: Path, bots: dict[int, Any]) -> None:
    seats = seats_for(state.num_players)
    moment = datetime(2026, 11, 22, 4, 15, tzinfo=UTC)
    document = save_document(state, seats, bots, now=moment)
    assert document["format"] == SAVE_FORMAT and document["version"] == SAVE_VERSION
    write_save(path, document)
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(document))
    loaded = load_save(path, DATA)
    assert loaded.path == path
    assert loaded.state == state
    assert loaded.state.phase is state.phase
    assert loaded.seats == tuple(seats)
    assert loaded.bots == bots
    assert loaded.saved_at == "2026-11-22T04:15:00+00:00"
    info = save_info(path)
    assert info.error is None
    assert info.players == NAMES[state.num_players]
    assert info.round == state.round
    assert info.scores == state.scores()
    # The loaded game goes on exactly as the original would.
    original, resumed = state.clone(), loaded.state
    rng_a, rng_b = random.Random(99), random.Random(99)
    for _ in range(15):
        if original.is_over():
            break
        original.apply(rng_a.choice(original.legal_actions()))
        resumed.apply(rng_b.choice(resumed.legal_actions()))
    assert resumed == original


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("steps", [0, 1, 25, 60])
def test_round_trip_mid_game(players: int, steps: int) -> None:
    state = play(players, seed=players * 100 + steps, steps=steps)
    bots = {seat: {"rng": [seat, steps, "x"], "depth": 2} for seat in range(1, players)}
    _round_trip(state, paths.saves_dir() / f"mid {players} {steps}.json", bots)


def test_round_trip_pending_return() -> None:
    state = return_phase_game()
    assert state.phase is Phase.RETURN
    assert sum(state.players[state.current].tokens) > 10
    _round_trip(state, paths.saves_dir() / "return.json", {1: [1, 2, 3]})
    loaded = load_save(paths.saves_dir() / "return.json", DATA).state
    assert loaded.phase is Phase.RETURN
    assert loaded.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("players", [2, 4])
def test_round_trip_finished_game(players: int) -> None:
    state = play(players, seed=11)
    assert state.is_over()
    _round_trip(state, paths.saves_dir() / "over.json", {})
    loaded = load_save(paths.saves_dir() / "over.json", DATA)
    assert loaded.state.is_over()
    assert json.loads((paths.saves_dir() / "over.json").read_text())["summary"]["over"] is True


# --- hostile files ---------------------------------------------------------------------


def test_truncated_json() -> None:
    path = paths.saves_dir() / "cut.json"
    write_save(path, real_document())
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert_refused(path, "broken JSON")


@pytest.mark.parametrize("content", [b"", b"  \n\t\n"])
def test_empty_file(content: bytes) -> None:
    path = paths.saves_dir() / "empty.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert_refused(path, "empty")


def test_random_bytes() -> None:
    path = paths.saves_dir() / "noise.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(os.urandom(4096))
    assert_refused(path)
    for seed in range(20):
        path.write_bytes(random.Random(seed).randbytes(1 + seed * 50))
        assert_refused(path)


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe{\x00}\x00",  # UTF-16
        '{"format": "splendor-save", "saved_at": "Zoë"}'.encode("latin-1"),
    ],
)
def test_not_utf8(content: bytes) -> None:
    path = paths.saves_dir() / "latin.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert_refused(path, "not text")


def test_real_save_in_latin1_is_refused() -> None:
    path = paths.saves_dir() / "zoe.json"
    doc = real_document()
    doc["seats"][0]["name"] = "Zoë"
    path.parent.mkdir(parents=True)
    path.write_bytes(json.dumps(doc, ensure_ascii=False).encode("latin-1"))
    assert_refused(path, "not text")


def _mangled(change: Any) -> dict[str, Any]:
    doc = copy.deepcopy(real_document())
    change(doc)
    return doc


@pytest.mark.parametrize(
    ("label", "doc", "fragment"),
    [
        ("list", [1, 2, 3], "expected a JSON object"),
        ("string", "a save", "expected a JSON object"),
        ("null", None, "expected a JSON object"),
        ("number", 12, "expected a JSON object"),
        ("other format", {"format": "zip", "version": 1}, "format 'zip'"),
        ("no format", {"version": 1}, "not a saved game"),
        # A record without a setup the game can deal is damaged: no move is at fault.
        ("no record", _mangled(lambda d: d.pop("record")), "is damaged"),
        ("record a list", _mangled(lambda d: d.update(record=[])), "is damaged"),
        ("seats a dict", _mangled(lambda d: d.update(seats={"0": "Ada"})), "seats"),
        ("seats missing", _mangled(lambda d: d.pop("seats")), "seats"),
        ("seat not a dict", _mangled(lambda d: d.update(seats=["Ada", "Bob"])), "seats"),
        ("seat without kind",
         _mangled(lambda d: d.update(seats=[{"name": "A"}, {"name": "B"}])), "seats"),
        ("too many seats",
         _mangled(lambda d: d["seats"].append({"kind": "human", "name": "Eve"})),
         "3 seats for 2 players"),
        ("too few seats", _mangled(lambda d: d["seats"].pop()), "1 seats for 2 players"),
        ("actions not a list",
         _mangled(lambda d: d["record"].update(actions="take")), "actions"),
        ("unknown card in deck",
         _mangled(lambda d: d["record"]["setup"]["decks"]["1"].__setitem__(0, "L9-99")),
         "is damaged"),
        ("players a string",
         _mangled(lambda d: d["record"]["setup"].update(players="two")), "players"),
        ("unparsable action",
         _mangled(lambda d: d["record"]["actions"].__setitem__(3, "fly to the moon")),
         "action 3"),
        ("action not text",
         _mangled(lambda d: d["record"]["actions"].__setitem__(4, 17)), "action 4"),
    ],
)
def test_wrong_shape(label: str, doc: Any, fragment: str) -> None:
    path = write_json(paths.saves_dir() / "shape.json", doc)
    assert_refused(path, fragment)


def test_illegal_action_names_its_index() -> None:
    doc = real_document(steps=30)
    index = 12
    state = new_game(DATA, 2, 3, names=NAMES[2])
    for text in doc["record"]["actions"][:index]:
        state.apply(parse_action(text))
    illegal = "return gold" if state.phase is Phase.MAIN else "pass"
    assert parse_action(illegal) not in state.legal_actions()
    doc["record"]["actions"][index] = illegal
    path = write_json(paths.saves_dir() / "cheat.json", doc)
    error = assert_refused(path, f"action {index}", illegal, "illegal")
    assert "legal game" in str(error)


@pytest.mark.parametrize("version", [SAVE_VERSION + 1, 99, 10**6])
def test_newer_version_is_refused(version: int) -> None:
    doc = real_document()
    doc["version"] = version
    path = write_json(paths.saves_dir() / "future.json", doc)
    error = assert_refused(path, "newer version", str(version))
    assert save_info(path).error == str(error)


@pytest.mark.parametrize(
    ("version", "fragment"),
    [(-1, "unknown version -1"), (-7, "unknown version"), ("1", "no valid version"),
     (1.0, "no valid version"), (1.5, "no valid version"), (True, "no valid version"),
     (None, "no valid version"), ([1], "no valid version"), ("absent", "no valid version")],
)
def test_bad_version_is_refused(version: Any, fragment: str) -> None:
    doc = real_document()
    if version == "absent":
        del doc["version"]
    else:
        doc["version"] = version
    path = write_json(paths.saves_dir() / "odd.json", doc)
    assert_refused(path, fragment)


@pytest.mark.parametrize("size", [MAX_SAVE_BYTES + 1, 8 * 1024**3])
def test_huge_file_is_refused_before_reading(size: int) -> None:
    path = paths.saves_dir() / "huge.json"
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        f.truncate(size)  # sparse: no gigabytes are written
    assert_refused(path, "too large")
    assert save_info(path).error is not None
    assert path.stat().st_size == size


def test_file_at_the_size_limit_is_read() -> None:
    path = paths.saves_dir() / "big.json"
    write_save(path, real_document())
    text = path.read_text()
    path.write_text(text + " " * (MAX_SAVE_BYTES - len(text.encode())))
    assert path.stat().st_size == MAX_SAVE_BYTES
    assert load_save(path, DATA).state == play(2, 3, 30)


def test_a_folder_instead_of_a_file() -> None:
    path = paths.saves_dir() / "folder.json"
    path.mkdir(parents=True)
    (path / "inside.txt").write_text("keep me")
    with pytest.raises(SaveError) as info:
        load_save(path, DATA)
    assert "folder.json" in str(info.value)
    assert path.is_dir() and (path / "inside.txt").read_text() == "keep me"
    assert save_info(path).error is not None
    assert all(i.path != path for i in list_saves()), "folders are not listed"


def test_missing_file() -> None:
    path = paths.saves_dir() / "gone.json"
    with pytest.raises(SaveError, match=r"gone\.json"):
        load_save(path, DATA)
    assert save_info(path).error is not None
    assert not path.exists()


@pytest.mark.parametrize(
    "content",
    [
        b"[" * 100_000,  # nesting deeper than the JSON decoder's recursion limit
        b'{"format": "splendor-save", "version": ' + b"9" * 5000 + b"}",  # int digit limit
    ],
    ids=["deep nesting", "huge integer"],
)
def test_json_the_decoder_chokes_on(content: bytes) -> None:
    path = paths.saves_dir() / "choke.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert_refused(path, "not a saved game")
    assert save_info(path).error is not None


@pytest.mark.parametrize("bots", [{"²": 1}, {"1²": 1}, {"x": 1, "1": "ok"}, [1, 2], "bots", 5])
def test_odd_bot_states_do_not_crash(bots: Any) -> None:
    doc = real_document()
    doc["bots"] = bots
    path = write_json(paths.saves_dir() / "bots.json", doc)
    loaded = load_save(path, DATA)
    assert loaded.state == play(2, 3, 30)
    assert all(isinstance(k, int) for k in loaded.bots)
    if isinstance(bots, dict) and "1" in bots:
        assert loaded.bots == {1: "ok"}


@pytest.mark.parametrize(
    "summary", [None, [], {"round": "12", "scores": "5"}, {"scores": [1, "x", None]}]
)
def test_odd_summary_does_not_break_the_load_screen(summary: Any) -> None:
    doc = real_document()
    doc["summary"] = summary
    path = write_json(paths.saves_dir() / "summary.json", doc)
    info = save_info(path)
    assert info.error is None
    assert info.round == 0 or isinstance(info.round, int)
    assert all(isinstance(s, int) for s in info.scores)
    assert load_save(path, DATA).state == play(2, 3, 30)


# --- version 0: a bare game record -----------------------------------------------------


@pytest.mark.parametrize("steps", [0, 20, None])
def test_bare_record_loads_as_version_0(steps: int | None) -> None:
    state = play(3, seed=5, steps=steps)
    path = write_json(paths.saves_dir() / "record.json", make_record(state))
    before = fingerprint(path)
    loaded = load_save(path, DATA)
    assert loaded.state == state
    assert loaded.seats == tuple({"kind": "human", "name": n} for n in NAMES[3])
    assert loaded.bots == {}
    assert loaded.saved_at == ""
    info = save_info(path)
    assert info.error is None and info.players == NAMES[3]
    assert fingerprint(path) == before, "upgrading must not rewrite the file"


def test_bare_record_with_an_illegal_action() -> None:
    record = make_record(play(2, seed=5, steps=10))
    record["actions"][6] = "return gold"
    path = write_json(paths.saves_dir() / "record.json", record)
    assert_refused(path, "action 6")


def test_bare_record_without_names_is_damaged() -> None:
    record = make_record(play(2, seed=5, steps=10))
    del record["setup"]["names"]
    path = write_json(paths.saves_dir() / "record.json", record)
    assert_refused(path)


# --- autosave and its backup -----------------------------------------------------------


def test_first_autosave_makes_no_backup() -> None:
    doc = real_document(steps=10)
    write_autosave(doc)
    assert folder_names(paths.saves_dir()) == {"autosave.json"}
    assert load_save(paths.autosave_path(), DATA).state == play(2, 3, 10)


def test_second_autosave_keeps_the_first_as_backup() -> None:
    write_autosave(real_document(steps=10))
    first = paths.autosave_path().read_bytes()
    write_autosave(real_document(steps=20))
    assert folder_names(paths.saves_dir()) == {"autosave.json", "autosave.bak.json"}
    assert paths.autosave_backup_path().read_bytes() == first
    assert load_save(paths.autosave_path(), DATA).state == play(2, 3, 20)
    assert load_save(paths.autosave_backup_path(), DATA).state == play(2, 3, 10)
    second = paths.autosave_path().read_bytes()
    write_autosave(real_document(steps=30))
    assert paths.autosave_backup_path().read_bytes() == second


@pytest.mark.parametrize(
    "garbage", [b"", b"{\"format\": \"splendor-save\", \"ver", b"\x00\xff" * 64, b"[]",
                b'{"format": "splendor-save", "version": 7}'],
)
def test_damaged_autosave_never_replaces_a_good_backup(garbage: bytes) -> None:
    write_autosave(real_document(steps=10))
    write_autosave(real_document(steps=20))
    good_backup = paths.autosave_backup_path().read_bytes()
    paths.autosave_path().write_bytes(garbage)
    kept = write_autosave(real_document(steps=30))
    assert paths.autosave_backup_path().read_bytes() == good_backup
    assert load_save(paths.autosave_path(), DATA).state == play(2, 3, 30)
    # The damaged one is not lost either: moved aside, and the caller is told where.
    assert len(kept) == 1 and kept[0].kept is not None
    assert kept[0].kept.read_bytes() == garbage
    assert folder_names(paths.saves_dir()) == {"autosave.json", "autosave.bak.json",
                                               kept[0].kept.name}


def test_damaged_autosave_without_backup_makes_none() -> None:
    paths.saves_dir().mkdir(parents=True)
    paths.autosave_path().write_bytes(b"garbage")
    kept = write_autosave(real_document(steps=10))
    assert [p.kept.name for p in kept if p.kept] == [
        n for n in folder_names(paths.saves_dir()) if n != "autosave.json"]
    assert kept[0].kept is not None and kept[0].kept.read_bytes() == b"garbage"


def test_autosave_that_cannot_be_written_keeps_both_files(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    write_autosave(real_document(steps=10))
    write_autosave(real_document(steps=20))
    before = fingerprint(paths.autosave_path()), fingerprint(paths.autosave_backup_path())
    real_replace = os.replace

    def replace(src: Any, dst: Any) -> None:
        if Path(dst) == paths.autosave_path():
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(StorageError, match="No space left"):
        write_autosave(real_document(steps=30))
    assert fingerprint(paths.autosave_path()) == before[0]
    # The backup now holds the same good autosave (it was refreshed from it).
    assert paths.autosave_backup_path().read_bytes() == before[0][0]
    assert folder_names(paths.saves_dir()) == {"autosave.json", "autosave.bak.json"}


# --- the load screen -------------------------------------------------------------------


def test_list_saves_orders_autosave_backup_then_newest_first() -> None:
    write_autosave(real_document(steps=5))
    write_autosave(real_document(steps=6))
    base = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    for name, days in [("Old one", 0), ("Newest", 30), ("Middle", 2), ("Later", 10)]:
        state = play(2, seed=days, steps=days)
        write_save(save_path_for(name), save_document(state, seats_for(2),
                                                      now=base + timedelta(days=days)))
    broken = paths.saves_dir() / "broken.json"
    broken.write_bytes(b'{"format": "splendor-save", "vers')
    (paths.saves_dir() / "notes.txt").write_text("not a save")
    (paths.saves_dir() / "folder.json").mkdir()
    before = fingerprint(broken)

    infos = list_saves()
    names = [i.name for i in infos]
    assert names[:2] == ["autosave", "autosave.bak"]
    assert [n for n in names[2:] if n != "broken"] == ["Newest", "Later", "Middle", "Old one"]
    assert sorted(names) == sorted(
        ["autosave", "autosave.bak", "Newest", "Later", "Middle", "Old one", "broken"])
    by_name = {i.name: i for i in infos}
    assert by_name["broken"].error is not None and "broken.json" in by_name["broken"].error
    assert all(i.error is None for i in infos if i.name != "broken")
    assert by_name["Later"].players == ("Ada", "Bob")
    assert by_name["Later"].round == play(2, 10, 10).round
    assert by_name["Later"].saved_at.startswith("2026-03-11T12:00:00")
    assert fingerprint(broken) == before


def test_list_saves_with_every_hostile_file() -> None:
    folder = paths.saves_dir()
    folder.mkdir(parents=True)
    (folder / "empty.json").write_bytes(b"")
    (folder / "noise.json").write_bytes(os.urandom(512))
    (folder / "list.json").write_text("[1, 2]")
    (folder / "future.json").write_text(json.dumps({"format": SAVE_FORMAT, "version": 9}))
    (folder / "deep.json").write_bytes(b"[" * 100_000)
    with (folder / "huge.json").open("wb") as f:
        f.truncate(MAX_SAVE_BYTES * 3)
    before = {p.name: fingerprint(p) for p in folder.iterdir()}
    infos = list_saves()
    assert {i.name for i in infos} == {p[:-5] for p in before}
    assert all(i.error for i in infos)
    assert all(i.path.name in (i.error or "") for i in infos)
    assert {p.name: fingerprint(p) for p in folder.iterdir()} == before


def test_list_saves_empty_or_missing_folder() -> None:
    assert not paths.saves_dir().exists()
    assert list_saves() == []
    paths.saves_dir().mkdir(parents=True)
    assert list_saves() == []


def test_list_saves_when_the_folder_is_a_file() -> None:
    paths.data_dir().mkdir(parents=True)
    paths.saves_dir().write_text("oops")
    with pytest.raises(StorageError, match="cannot list"):
        list_saves()
    assert paths.saves_dir().read_text() == "oops"


# --- names and deleting ----------------------------------------------------------------


def test_save_path_for_plain_names() -> None:
    assert save_path_for("My game 2") == paths.saves_dir() / "My game 2.json"
    assert save_path_for("  spaced  ") == paths.saves_dir() / "spaced.json"
    assert save_path_for("Partie-été_1") == paths.saves_dir() / "Partie-été_1.json"
    assert save_path_for("x" * 100) == paths.saves_dir() / f"{'x' * SAVE_NAME_LENGTH}.json"


@pytest.mark.parametrize(
    "name",
    ["../x", "../../etc/passwd", "/abs/path", "a/b\\c", "..\\..\\x", "~/x", "x\x00y",
     "name.json", "C:\\Windows\\x", "..", "./.x"],
)
def test_save_path_for_stays_in_the_saves_folder(name: str) -> None:
    try:
        path = save_path_for(name)
    except SaveError:
        return
    assert path.parent == paths.saves_dir()
    assert path.resolve().parent == paths.saves_dir().resolve()
    assert path.suffix == ".json"
    stem = path.name[: -len(".json")]
    assert "/" not in stem and "\\" not in stem and "." not in stem and "\x00" not in stem
    assert stem not in {"autosave", "autosave.bak"}


def test_save_path_for_dot_dot_x_keeps_the_name() -> None:
    assert save_path_for("../x") == paths.saves_dir() / "x.json"


@pytest.mark.parametrize(
    "name", ["", "   ", "autosave", "AutoSave", " autosave ", "../autosave", "autosave/",
             "/", "..", "!!!"],
)
def test_save_path_for_refuses(name: str) -> None:
    with pytest.raises(SaveError):
        save_path_for(name)


def test_delete_save_removes_only_that_file() -> None:
    write_autosave(real_document(steps=5))
    keep = save_path_for("Keep")
    doomed = save_path_for("Doomed")
    write_save(keep, real_document(steps=7))
    write_save(doomed, real_document(steps=8))
    before = fingerprint(keep)
    delete_save(doomed)
    assert not doomed.exists()
    assert folder_names(paths.saves_dir()) == {"autosave.json", "Keep.json"}
    assert fingerprint(keep) == before
    delete_save(doomed)  # already gone: fine
    delete_save(paths.saves_dir() / "never existed.json")
    assert [i.name for i in list_saves()] == ["autosave", "Keep"]


def test_delete_save_that_cannot_be_deleted() -> None:
    folder = paths.saves_dir() / "stuck.json"
    folder.mkdir(parents=True)
    (folder / "x").write_text("x")
    with pytest.raises(StorageError, match=r"stuck\.json"):
        delete_save(folder)
    assert (folder / "x").read_text() == "x"
