"""`join` comes back to its seat: real `serve` and `join` processes on 127.0.0.1, the server
killed (SIGKILL) mid-game and started again on the same port and save folder; `--token`
and the kept token take a seat back; refusals and a server that stays away end `join`
with a clear message. The test holds the other seat itself, so the game waits for it
wherever the test wants it to."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from splendor.cli import main
from splendor.engine import replay
from splendor.net.client import GameClient, play_bot
from tests.engine.modules.support import DATA
from tests.net.serving import client, run

ROOT = Path(__file__).resolve().parents[2]
#: The longest wait for any one line or exit of a process (seconds).
WAIT = 30.0


class Process:
    """A `python -m splendor` child: its output read line by line, every wait bounded."""

    def __init__(self, proc: asyncio.subprocess.Process, err: Path) -> None:
        self.proc, self.err = proc, err
        self.lines: list[str] = []

    async def line(self, pattern: str) -> re.Match[str]:
        """The match of the first line from now on that `pattern` matches."""
        assert self.proc.stdout is not None
        async with asyncio.timeout(WAIT):
            while raw := await self.proc.stdout.readline():
                self.lines.append(raw.decode().rstrip("\n"))
                if found := re.search(pattern, self.lines[-1]):
                    return found
        raise AssertionError(f"no line matching {pattern!r}: {self.lines} {self.stderr()}")

    async def ended(self) -> int:
        """The exit status, once the process ends (the rest of its output read)."""
        assert self.proc.stdout is not None
        async with asyncio.timeout(WAIT):
            rest = await self.proc.stdout.read()
            self.lines.extend(rest.decode().splitlines())
            return await self.proc.wait()

    def stderr(self) -> str:
        return self.err.read_text()

    def out(self) -> str:
        return "\n".join(self.lines)


class Scene:
    """The processes of one test (killed at the end if still running) and their folders."""

    def __init__(self, tmp: Path) -> None:
        self.tmp, self.home = tmp, tmp / "home"
        self.processes: list[Process] = []

    async def start(self, *args: str) -> Process:
        err = self.tmp / f"stderr-{len(self.processes)}.txt"
        with err.open("wb") as handle:
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "splendor", *args, cwd=self.tmp,
                stdout=asyncio.subprocess.PIPE, stderr=handle,
                env={**os.environ, "SPLENDOR_HOME": str(self.home), "PYTHONPATH": str(ROOT)})
        self.processes.append(Process(proc, err))
        return self.processes[-1]

    async def serve(self, save_dir: Path, port: int = 0, *tables: str) -> tuple[Process, str]:
        """A `serve` of `tables` (or the ones it resumes) on 127.0.0.1, and its URL."""
        opened = [arg for spec in tables for arg in ("--open-table", spec)]
        server = await self.start("serve", "--bind", "127.0.0.1", "--port", str(port),
                                  "--save-dir", str(save_dir), *opened)
        return server, (await server.line(r"Serving .* on (ws://127\.0\.0\.1:\d+)"))[1]

    async def join(self, url: str, *options: str) -> tuple[Process, int, str]:
        """A `join` (random bot) seated at `url`: the process, its seat and table."""
        joining = await self.start("join", url, "--bot", "random", *options)
        seated = await joining.line(r"Seated at seat (\d) of \d at table (\S+)$")
        return joining, int(seated[1]) - 1, seated[2]

    def kept(self) -> list[dict[str, Any]]:
        """The seats `join` keeps in the data folder."""
        path = self.home / "join_seats.json"
        return json.loads(path.read_text())["seats"] if path.exists() else []

    async def close(self) -> None:
        for process in self.processes:
            if process.proc.returncode is None:
                process.proc.kill()
                await process.proc.wait()


def scene(tmp_path: Path, body: Any) -> None:
    """Run `body(scene)` on a fresh event loop, bounded; leftover processes killed."""

    async def scenario() -> None:
        where = Scene(tmp_path)
        try:
            await body(where)
        finally:
            await where.close()

    run(scenario(), timeout=150)


async def play_until(c: GameClient, moves: int) -> None:
    """Random moves for `c` until it is to play at move `moves` or later (not played)."""
    rng, asked = random.Random(3), None
    while True:
        view = c.view
        if view is not None and c.to_act() and asked != len(view.history):
            if len(view.history) >= moves:
                return
            asked = len(view.history)
            await c.play(rng.choice(view.legal_actions), turn=asked)
        await c.receive()


async def killed(server: Process, save: Path) -> None:
    """`server` killed once its tables are on disk (the very last move may not be)."""
    async with asyncio.timeout(WAIT):
        while not any(save.glob("table-*.jsonl")):
            await asyncio.sleep(0.02)
    server.proc.kill()
    await server.proc.wait()


async def until_closed(c: GameClient) -> None:
    """Messages to `c` until its connection ends (the server was killed)."""
    from websockets.exceptions import ConnectionClosed

    with pytest.raises(ConnectionClosed):
        async with asyncio.timeout(WAIT):
            while True:
                await c.receive()


def test_join_comes_back_after_the_server_is_killed_and_finishes_the_game(
        tmp_path: Path) -> None:
    async def body(s: Scene) -> None:
        save, record = tmp_path / "tables", tmp_path / "joined.json"
        server, url = await s.serve(save, 0, "players=2")
        port = url.rsplit(":", 1)[1]
        joining, seat, table = await s.join(url, "--record", str(record))
        assert [(k["url"], k["table"], k["seat"]) for k in s.kept()] == [(url, table, seat)]
        tess = client(url, "Tess")
        assert (await tess.connect()).seat == 1 - seat  # the game begins
        await play_until(tess, 8)
        assert tess.view is not None
        played = len(tess.view.history)
        await killed(server, save)
        await until_closed(tess)
        await joining.line(r"^Connection lost; trying again in \d+\.\d s$")
        server, again = await s.serve(save, int(port))
        assert again == url
        back = await joining.line(rf"^Back at seat {seat + 1} of table {table} at move (\d+)$")
        assert 0 < int(back[1]) <= played  # where the save left it
        tess = client(url, "Tess", token=tess.token)
        await tess.connect()
        await play_bot(tess, "random", 1)
        assert await joining.ended() == 0, joining.stderr()
        assert await server.ended() == 0
        assert tess.record is not None
        assert json.loads(record.read_text()) == tess.record
        assert replay(DATA, tess.record).is_over()
        assert "Game over after" in joining.out() and s.kept() == []  # nothing to come back to

    scene(tmp_path, body)


def test_join_gives_up_on_a_server_that_stays_away_and_comes_back_when_run_again(
        tmp_path: Path) -> None:
    async def body(s: Scene) -> None:
        save = tmp_path / "tables"
        server, url = await s.serve(save, 0, "players=2")
        joining, seat, table = await s.join(url, "--give-up-after", "1.5")
        tess = client(url, "Tess")
        await tess.connect()
        await play_until(tess, 4)
        await killed(server, save)
        assert await joining.ended() == 1
        assert "Connection lost; trying again in" in joining.out()
        assert (f"splendor join: gave up after 1.5 s without the server at {url}; the seat's "
                f"token is kept") in joining.stderr()
        assert [k["seat"] for k in s.kept()] == [seat]
        server, _ = await s.serve(save, int(url.rsplit(":", 1)[1]))
        # The kept token, without --token: the same seat, not an open one.
        again = await s.start("join", url, "--bot", "random")
        await again.line(rf"^Back at seat {seat + 1} of table {table} at move \d+$")
        await until_closed(tess)
        tess = client(url, "Tess", token=tess.token)
        await tess.connect()
        await play_bot(tess, "random", 1)
        assert await again.ended() == 0, again.stderr()
        assert s.kept() == []
        assert await server.ended() == 0

    scene(tmp_path, body)


def test_join_comes_back_to_a_table_whose_game_has_not_begun(tmp_path: Path) -> None:
    async def body(s: Scene) -> None:
        save = tmp_path / "tables"
        server, url = await s.serve(save, 0, "players=2")
        joining, _, table = await s.join(url)
        await killed(server, save)
        server, _ = await s.serve(save, int(url.rsplit(":", 1)[1]))
        back = await joining.line(rf"^Back at seat (\d) of table {table}; the game has not "
                                  rf"begun$")
        assert [(k["table"], k["seat"]) for k in s.kept()] == [(table, int(back[1]) - 1)]
        tess = client(url, "Tess")
        await play_bot(tess, "random", 1)  # the other seat: the game begins and ends
        assert await joining.ended() == 0, joining.stderr()
        assert s.kept() == []
        assert await server.ended() == 0

    scene(tmp_path, body)


def test_a_server_that_no_longer_knows_the_seat_ends_join_with_a_clear_refusal(
        tmp_path: Path) -> None:
    async def body(s: Scene) -> None:
        server, url = await s.serve(tmp_path / "tables", 0, "players=2")
        joining, seat, table = await s.join(url)
        tess = client(url, "Tess")
        await tess.connect()
        await play_until(tess, 2)
        await killed(server, tmp_path / "tables")
        await joining.line(r"^Connection lost")
        # Started again without its saves: a new table, the old tokens unknown.
        await s.serve(tmp_path / "elsewhere", int(url.rsplit(":", 1)[1]), "players=2")
        assert await joining.ended() == 1
        assert (f"splendor join: cannot come back to seat {seat + 1} of table {table} at "
                f"{url}: the server knows no seat with this token") in joining.stderr()
        assert "(bad_token)" in joining.stderr()
        assert s.kept() == []  # the seat is gone for good

    scene(tmp_path, body)


def test_token_takes_a_seat_back_and_an_unknown_one_is_refused(tmp_path: Path) -> None:
    async def body(s: Scene) -> None:
        server, url = await s.serve(tmp_path / "tables", 0, "players=2,bots=greedy")
        tess = client(url, "Tess")
        welcome = await tess.connect()
        await tess.close()  # the seat is left, its token kept by the test
        unknown = await s.start("join", url, "--bot", "random", "--token", "A" * 32)
        assert await unknown.ended() == 1
        assert (f"splendor join: cannot take the seat of this token at {url}: the server "
                f"knows no seat with this token") in unknown.stderr()
        joining = await s.start("join", url, "--bot", "random", f"--token={welcome.token}")
        await joining.line(rf"^Back at seat {welcome.seat + 1} of table {welcome.table.id} "
                           rf"at move \d+$")
        assert await joining.ended() == 0, joining.stderr()
        assert "Game over after" in joining.out()
        assert await server.ended() == 0

    scene(tmp_path, body)


def test_a_second_join_leaves_the_kept_seat_another_one_plays(tmp_path: Path) -> None:
    async def body(s: Scene) -> None:
        server, url = await s.serve(tmp_path / "tables", 0, "players=3,bots=greedy")
        first, seat, table = await s.join(url)
        second = await s.start("join", url, "--bot", "random")
        await second.line(rf"^The kept seat {seat + 1} of table {table} is played by another "
                          rf"connection now")
        await second.line(rf"^Seated at seat 2 of 3 at table {table}$")  # not {seat + 1}
        assert await first.ended() == 0 and await second.ended() == 0
        assert s.kept() == []
        assert await server.ended() == 0

    scene(tmp_path, body)


def test_join_leaves_its_seat_to_a_newer_connection_with_the_token(tmp_path: Path) -> None:
    async def body(s: Scene) -> None:
        _, url = await s.serve(tmp_path / "tables", 0, "players=2")
        joining, seat, _ = await s.join(url)
        token = (await joining.line(r"^To take this seat back .* --token=(\S+)$"))[1]
        tess = client(url, "Tess", token=token)
        assert (await tess.connect()).seat == seat
        assert await joining.ended() == 1  # not fighting over the seat
        assert (f"splendor join: another connection took seat {seat + 1}"
                in joining.stderr())

    scene(tmp_path, body)


@pytest.mark.parametrize("token", ["", "short", "x" * 65, "has space in it 1234",
                                   "tok/en-tok/en-tok/en"])
def test_a_nonsense_token_is_refused_before_connecting(
        token: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["join", "127.0.0.1:1", "--bot", "random", "--token", token])
    assert exited.value.code == 2 and "a seat token is 16 to 64 letters" in capsys.readouterr().err
