"""Issue 56, item 10: the IPv6 loopback. A server bound to ::1 only, clients at
`ws://[::1]:PORT` playing a game to its end, the window's connection from the address as
typed (`[::1]:PORT`), and `serve --bind ::1` with `join [::1]:PORT` on the command line.
Every server binds ::1 (this machine only); nothing is announced."""

from __future__ import annotations

import asyncio
import json
import random
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from splendor.cli import main
from splendor.engine import GameState, replay
from splendor.net.client import GameClient, play_bot
from splendor.net.loop_thread import LoopThread
from splendor.net.server import GameServer
from splendor.net.session import NetSession, SeatLink
from splendor.net.table import TableSpec
from splendor.ui.online.join import parse_address
from tests.engine.modules.support import DATA
from tests.net.serving import run

DEADLINE = 60.0


def test_this_machine_has_an_ipv6_loopback() -> None:
    """The trials below need ::1; a machine without it fails here, saying so."""
    with socket.socket(socket.AF_INET6) as probe:
        probe.bind(("::1", 0))
        assert probe.getsockname()[0] == "::1"


def test_clients_at_a_bracketed_ipv6_address_play_a_game_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"

    async def game() -> tuple[GameState, list[GameClient], int]:
        server = GameServer(DATA)
        table = server.open_table(TableSpec(3, "orient"), seed=12, record_path=path)
        port = await server.start("::1", 0)
        try:
            url = f"ws://[::1]:{port}"
            clients = await asyncio.gather(*(
                play_bot(GameClient(url, name, DATA), level, i)
                for i, (name, level) in enumerate([("Ana", "greedy"), ("Bo", "random"),
                                                   ("Cy", "easy")])))
            await table.finished.wait()  # the record written (after the clients have it)
            assert table.state is not None
            return table.state, list(clients), port
        finally:
            await server.close()

    final, clients, port = run(game())
    assert final.is_over() and replay(DATA, json.loads(path.read_text())) == final
    for c in clients:
        assert c.record is not None and replay(DATA, c.record) == final
        assert [e.action for e in c.log] == list(final.history) and not c.errors
    # Bound to ::1 only: nothing answers on the IPv4 loopback at that port.
    with socket.socket() as v4:
        v4.settimeout(5)
        assert v4.connect_ex(("127.0.0.1", port)) != 0


def test_the_window_joins_the_address_typed_with_brackets_and_plays_to_the_end(
        worker: LoopThread) -> None:
    async def start() -> tuple[GameServer, int]:
        server = GameServer(DATA)
        server.open_table(TableSpec(2, None, ("easy",)), seed=3)
        return server, await server.start("::1", 0)

    server, port = worker.call(start())
    url = parse_address(f"[::1]:{port}", 7437)
    assert url == f"ws://[::1]:{port}"
    session = NetSession(DATA, url, [SeatLink("Ana")], worker, owns_worker=False)
    rng = random.Random(2)
    try:
        end = time.monotonic() + DEADLINE
        while not session.is_over():
            assert time.monotonic() < end, f"the game stalled ({session.failed!r})"
            session.poll()
            if session.incoming is not None:
                session.commit_incoming()
            elif session.human_to_act():
                assert session.play(rng.choice(session.screen_view().legal_actions)) is None
            time.sleep(0.002)
        table = next(iter(server.tables.values()))
        assert table.state is not None and session.state == table.state
        held = session.held_seat()
        assert held is not None and held[1] == 0
    finally:
        session.close()
        worker.call(server.close(), timeout=60)  # closing waits for bots and peers


def serve_on_ipv6_loopback(tmp_path: Path, record: Path) -> tuple[subprocess.Popen[str], str]:
    """`serve --bind ::1` with one table (a bot in seat 2), and what it printed up to the
    line saying where it listens."""
    serve = subprocess.Popen(
        [sys.executable, "-m", "splendor", "serve", "--bind", "::1", "--port", "0",
         "--seed", "5", "--save-dir", str(tmp_path / "tables"), "--open-table",
         "players=2,bots=easy", "--record", str(record)],
        stdout=subprocess.PIPE, text=True)
    assert serve.stdout is not None
    printed = ""
    end = time.monotonic() + DEADLINE
    while "Serving" not in printed:
        assert time.monotonic() < end, f"serve said only {printed!r}"
        line = serve.stdout.readline()
        assert line, f"serve ended having said {printed!r}"
        printed += line
    return serve, printed


def stop(serve: subprocess.Popen[str]) -> None:
    if serve.poll() is None:
        serve.kill()
    serve.wait(timeout=30)


def test_serve_bind_ipv6_loopback_and_join_a_bracketed_address(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "server.json"
    serve, printed = serve_on_ipv6_loopback(tmp_path, record)
    try:
        found = re.search(r":(\d+)\s*$", printed.strip())
        assert found is not None, printed
        port = int(found.group(1))
        assert main(["join", f"[::1]:{port}", "--bot", "random", "--name", "Bo",
                     "--record", str(tmp_path / "join.json")]) == 0
        assert serve.wait(timeout=DEADLINE) == 0
    finally:
        stop(serve)
    assert "Announced" not in printed  # loopback: nothing said on the network
    assert "Game over after" in capsys.readouterr().out
    final = replay(DATA, json.loads(record.read_text()))
    assert final.is_over() and final.setup.names[0] == "Bo"
    assert replay(DATA, json.loads((tmp_path / "join.json").read_text())) == final


def test_the_address_serve_prints_for_ipv6_is_one_join_accepts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What `serve --bind ::1` says it listens on can be given to `join` as it is: an IPv6
    address in a URL goes in brackets (`ws://[::1]:PORT`, not `ws://::1:PORT`)."""
    record = tmp_path / "server.json"
    serve, printed = serve_on_ipv6_loopback(tmp_path, record)
    try:
        said = re.search(r"\bwss?://\S+", printed)
        assert said is not None, printed
        address = said.group(0)
        port = address.rsplit(":", 1)[1]
        assert address == f"ws://[::1]:{port}", f"serve printed {printed!r}"
        assert main(["join", address, "--bot", "random"]) == 0, capsys.readouterr().err
        assert serve.wait(timeout=DEADLINE) == 0
    finally:
        stop(serve)


def test_join_refuses_an_ipv6_address_without_brackets(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`::1:7437` cannot say where the address ends and the port begins: refused, with a
    sentence, and nothing joined."""
    try:
        code = main(["join", "::1:9", "--bot", "random"])
    except SystemExit as exited:  # refused as an argument
        code = exited.code  # type: ignore[assignment]
    assert code in (1, 2)
    assert "splendor join" in capsys.readouterr().err
