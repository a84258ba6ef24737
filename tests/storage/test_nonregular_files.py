"""A FIFO, a device or a folder at one of the game's fixed file names is refused at once
with a message, never waited on, and stays where the player put it.

Each risky call runs in a thread with a time limit, so a regression fails instead of
hanging the test run (a blocked FIFO reader is released by opening the writing end).
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from splendor.gamedata import base_game
from splendor.storage import paths
from splendor.storage.atomic import StorageError, read_bytes_limited
from splendor.storage.logfile import QuietFileHandler, logger, setup_logging
from splendor.storage.saves import SaveError, list_saves, load_save, save_info
from splendor.storage.settings import Settings, load_settings
from splendor.storage.stats import load_stats

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")

TIME_LIMIT = 10.0


def _release(fifo: Path) -> None:
    # A reader blocked in open() on a FIFO returns once a writer opens and closes it.
    with contextlib.suppress(OSError):
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def within_time(call: Callable[[], Any], fifo: Path | None = None) -> Any:
    """The result of `call()`, or a test failure if it does not return in TIME_LIMIT."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:
            outcome["error"] = exc

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(TIME_LIMIT)
    if worker.is_alive():
        if fifo is not None:
            _release(fifo)
            worker.join(TIME_LIMIT)
        pytest.fail(f"still blocked after {TIME_LIMIT} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def make_fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def fifos_in(folder: Path) -> list[str]:
    """The FIFOs in `folder` (under whatever name the game may have moved them to)."""
    return [p.name for p in folder.iterdir() if stat.S_ISFIFO(p.lstat().st_mode)]


def test_reading_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = make_fifo(tmp_path / "pipe.json")
    with pytest.raises(StorageError, match=r"pipe\.json is not a regular file"):
        within_time(lambda: read_bytes_limited(fifo, 100), fifo)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused_not_read(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(StorageError, match="not a regular file"):
        within_time(lambda: read_bytes_limited(Path(device), 1024))


def test_a_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "settings.json"
    folder.mkdir()
    with pytest.raises(StorageError, match=r"settings\.json"):
        read_bytes_limited(folder, 100)
    assert folder.is_dir()


def test_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
        server.listen(1)
        with pytest.raises(StorageError, match=r"s\.json"):
            within_time(lambda: read_bytes_limited(path, 100))
    finally:
        server.close()
    assert stat.S_ISSOCK(path.lstat().st_mode)


def test_a_symlink_to_a_regular_file_still_reads(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_bytes(b"{}")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert read_bytes_limited(link, 10) == b"{}"


def test_a_symlink_to_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = make_fifo(tmp_path / "pipe")
    link = tmp_path / "settings.json"
    link.symlink_to(fifo)
    with pytest.raises(StorageError, match="not a regular file"):
        within_time(lambda: read_bytes_limited(link, 100), fifo)


def test_a_settings_fifo_gives_the_defaults_and_stays() -> None:
    fifo = make_fifo(paths.settings_path())
    settings, problem = within_time(load_settings, fifo)
    assert settings == Settings()
    assert problem is not None and "not a regular file" in problem.detail
    assert fifos_in(paths.config_dir())


def test_a_statistics_fifo_starts_counting_afresh_and_stays() -> None:
    fifo = make_fifo(paths.stats_path())
    records, problem = within_time(load_stats, fifo)
    assert records == {}
    assert problem is not None and "not a regular file" in problem.detail
    assert fifos_in(paths.data_dir())


def test_an_autosave_fifo_is_listed_as_unreadable_and_stays() -> None:
    fifo = make_fifo(paths.autosave_path())
    info = within_time(lambda: save_info(fifo), fifo)
    assert info.error is not None and info.error_kind == "unreadable"
    with pytest.raises(SaveError) as refused:
        within_time(lambda: load_save(fifo, base_game()), fifo)
    assert refused.value.kind == "unreadable"
    assert "autosave.json is not a regular file" in str(refused.value)
    within_time(list_saves, fifo)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_fifo_among_the_saves_does_not_block_the_load_screen() -> None:
    fifo = make_fifo(paths.saves_dir() / "Evening game.json")
    (paths.saves_dir() / "broken.json").write_text("{")
    infos = within_time(list_saves, fifo)
    assert "broken" in [i.name for i in infos]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@pytest.mark.parametrize("reader", [False, True], ids=["nobody-reading", "someone-reading"])
def test_a_log_fifo_is_refused_at_once_and_the_game_logs_without_it(reader: bool) -> None:
    fifo = make_fifo(paths.log_path())
    # With a reader the pipe could be opened at once: it is still not written to.
    held = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK) if reader else None
    try:
        problem = within_time(setup_logging, fifo)
    finally:
        if held is not None:
            os.close(held)
    assert problem is not None
    assert "splendor.log is not a regular file (a pipe)" in problem
    assert not [h for h in logger().handlers if isinstance(h, QuietFileHandler)]
    assert fifos_in(paths.log_dir()) == ["splendor.log"]


def test_a_log_folder_at_the_log_name_is_refused(tmp_path: Path) -> None:
    paths.log_path().mkdir(parents=True)
    problem = within_time(setup_logging)
    assert problem is not None and "not a regular file (a folder)" in problem
    assert paths.log_path().is_dir()
