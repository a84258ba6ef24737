"""A real server on 127.0.0.1 for the network tests, every wait bounded."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from splendor.net.client import GameClient
from splendor.net.loop_thread import LoopThread
from splendor.net.protocol import AnyMessage
from splendor.net.server import GameServer, Limits, Table
from splendor.net.table import TableSpec
from tests.engine.modules.support import DATA

T = TypeVar("T")

#: No network test may take longer than this (seconds): a hang fails instead.
TIMEOUT = 60.0

#: The servers a test started on its `worker` loop thread (the fixture), closed by that
#: fixture after the test while the loop still runs (their bots' processes with them).
SERVERS: list[GameServer] = []


def run(coro: Awaitable[T], timeout: float = TIMEOUT) -> T:
    """Run `coro` to its end on a fresh event loop, failing after `timeout` seconds."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


@asynccontextmanager
async def serving(*, limits: Limits | None = None, save_dir: Path | None = None,
                  **options: Any) -> AsyncIterator[tuple[GameServer, str]]:
    """A server with no table yet, and its URL."""
    server = GameServer(DATA, limits=limits, save_dir=save_dir, **options)
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.close()


@asynccontextmanager
async def served(spec: TableSpec, *, seed: int = 7, record: Path | None = None,
                 limits: Limits | None = None) -> AsyncIterator[tuple[Table, str]]:
    """A server with one table (which starts once its open seats are taken), and its URL."""
    async with serving(limits=limits) as (server, url):
        yield server.open_table(spec, seed=seed, record_path=record), url


def serve_tables(worker: LoopThread, *tables: tuple[TableSpec, str | None, int]
                 ) -> tuple[GameServer, list[Table], int]:
    """A server on `worker`'s loop holding `tables` (spec, title or None for the server's
    words, seed), the tables and its port; closed after the test (`SERVERS`)."""
    async def start() -> tuple[GameServer, list[Table], int]:
        server = GameServer(DATA)
        SERVERS.append(server)
        opened = [server.open_table(spec, title=title, seed=seed)
                  for spec, title, seed in tables]
        return server, opened, await server.start("127.0.0.1", 0)

    return worker.call(start())


def serve(worker: LoopThread, spec: TableSpec, seed: int = 5) -> tuple[Table, str]:
    """A server on `worker`'s loop with one table, and its URL; closed after the test."""
    _, (table,), port = serve_tables(worker, (spec, None, seed))
    return table, f"ws://127.0.0.1:{port}"


def client(url: str, name: str, token: str | None = None, **options: Any) -> GameClient:
    return GameClient(url, name, DATA, token, **options)


async def receive_until(c: GameClient, done: Callable[[AnyMessage], bool]) -> AnyMessage:
    """Messages to `c` until one that `done` accepts (which is returned)."""
    while True:
        msg = await c.receive()
        if done(msg):
            return msg


async def drop_link(table: Table, seat: int) -> None:
    """Close the server's side of `seat`'s connection, as a network drop would."""
    out = table.seats[seat].out
    assert out is not None, f"seat {seat} has no connection"
    await out.ws.close(1001, "gone")
