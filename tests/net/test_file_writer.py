"""The process that writes a server's table files: its writes land (appended, written
whole, a version-1 file removed), a failure comes back as StorageError naming the file,
a killed child fails only the writes it had and the next write starts another, and the
child leaves once the server closes it."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from splendor.net.file_writer import APPEND, WHOLE, FileWriter, available
from splendor.storage.atomic import StorageError


def test_writes_land_in_order_and_failures_name_the_file(tmp_path: Path) -> None:
    table, legacy = tmp_path / "table-a.jsonl", tmp_path / "table-a.json"
    legacy.write_text("{}", encoding="utf-8")

    async def run() -> None:
        assert available()
        files = FileWriter()
        try:
            await files.write(WHOLE, table, b"first\n", legacy)
            others = [tmp_path / f"table-{n}.jsonl" for n in range(30)]
            await asyncio.gather(*(files.write(WHOLE, other, b"w\n") for other in others))
            await asyncio.gather(*(files.write(APPEND, other, b"a\n") for other in others))
            assert all(other.read_bytes() == b"w\na\n" for other in others)
            for n in range(20):
                await files.write(APPEND, table, f"move {n}\n".encode())
            with pytest.raises(StorageError, match=r"missing\.jsonl"):
                await files.write(APPEND, tmp_path / "missing.jsonl", b"lost\n")
        finally:
            files.close()

    asyncio.run(run())
    assert table.read_text(encoding="utf-8").splitlines() == (
        ["first"] + [f"move {n}" for n in range(20)])
    assert not legacy.exists(), "the version-1 file goes once the file is written whole"


def test_a_killed_child_fails_its_writes_and_the_next_write_starts_another(
        tmp_path: Path) -> None:
    table = tmp_path / "table-b.jsonl"

    async def run() -> None:
        files = FileWriter()
        try:
            await files.write(WHOLE, table, b"first\n")
            process = files._process
            assert process is not None and process.pid is not None
            os.kill(process.pid, signal.SIGKILL)
            process.join(10)
            # The dead child's pipe: the write fails, as a full disk would, never hangs.
            with pytest.raises(StorageError, match="the writing process"):
                await asyncio.wait_for(files.write(APPEND, table, b"lost\n"), 10)
            await files.write(WHOLE, table, b"whole again\n")
            await files.write(APPEND, table, b"next\n")
            assert files.starts == 2
            child = files._process
        finally:
            files.close()
        assert child is not None and not child.is_alive(), "the child leaves when closed"

    asyncio.run(run())
    assert table.read_text(encoding="utf-8").splitlines() == ["whole again", "next"]
