"""Thousands of generated bad messages against one running server: from strangers before
Hello and from a seated player (random bytes and JSON, envelopes with wrong fields, deep
nesting, huge strings, plays out of turn or for old moves, bad tokens, Hellos for tables
that are full or not there). Each gets an error code or a closed connection; no table
changes; then a normal game on the same server finishes and its record replays."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from splendor.engine import replay
from splendor.net import errors
from splendor.net.client import GameClient, play_bot
from splendor.net.loop_thread import LoopThread
from splendor.net.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    TYPES,
    Chat,
    Error,
    Hello,
    Lobby,
    Ping,
    Play,
    Pong,
    Tables,
    decode,
    encode,
)
from splendor.net.server import GameServer, Limits, Table
from splendor.net.table import TableSpec
from tests.engine.modules.support import DATA
from tests.net.serving import client, receive_until, run
from tests.net.test_protocol import FIELDS, JSON

CODES = errors.CODES | errors.REFUSALS


@dataclass
class Hostile:
    """A server on its own thread, a started table, and a player seated at it who is not
    to move (so that none of its plays can count)."""

    net: LoopThread
    server: GameServer
    url: str
    table: Table
    token: str
    seat: int
    ws: ClientConnection | None = None
    held: ExitStack = field(default_factory=ExitStack)

    def seated(self) -> ClientConnection:
        """The hostile player's connection (again, with its token, after a closing)."""
        if self.ws is None:
            self.ws = self.held.enter_context(connect(self.url, max_size=None,
                                                      open_timeout=10))
            self.ws.send(encode(Hello(name="Eve", token=self.token)))
        return self.ws


@pytest.fixture(scope="module")
def hostile() -> Iterator[Hostile]:
    net = LoopThread("hostile-test").start()
    limits = Limits(rate=1e6, burst=10**6, max_errors=10**6, per_address=64)

    async def up() -> tuple[GameServer, Table, int]:
        server = GameServer(DATA, limits=limits)
        return server, server.open_table(TableSpec(2), seed=3), await server.start()

    server, table, port = net.call(up())
    url = f"ws://127.0.0.1:{port}"

    async def seat_two() -> tuple[str, int]:
        ana, bo = client(url, "Ana"), client(url, "Bo")
        await ana.connect()
        await bo.connect()
        await receive_until(ana, lambda m: isinstance(m, Lobby) and m.table.started)
        # Their seats stay theirs when they leave; Eve's is the one not to move.
        eve = bo if table.state is not None and table.state.current == ana.seat else ana
        await ana.close()
        await bo.close()
        assert eve.token is not None and eve.seat is not None
        return eve.token, eve.seat

    token, seat = run(seat_two())
    hostile = Hostile(net, server, url, table, token, seat)
    yield hostile
    hostile.held.close()
    net.call(server.close(), timeout=60)  # closing waits for bots and peers
    net.stop()


_TABLE_IDS = st.sampled_from(["nope", "x" * 24, "A-b_9"]) | st.from_regex(
    r"\A[A-Za-z0-9_-]{1,24}\Z")
BAD_HELLOS = st.builds(
    lambda name, token, table, seat: Hello(name=name, token=token, table=table, seat=seat),
    st.sampled_from(["Mallory", "Ana", "Bo"]),
    st.none() | st.text(max_size=64).filter(lambda t: len(t.encode()) <= 64 and t != ""),
    st.none() | _TABLE_IDS, st.none() | st.integers(0, 3))
PLAYS = st.builds(lambda action, turn: Play(action=action, turn=turn),
                  st.sampled_from(["take white blue green", "pass", "buy L1-01", "reserve L1",
                                   "return white", "noble N01", "dance"]) | st.text(max_size=64)
                  .filter(lambda t: len(t.encode()) <= 64),
                  st.integers(0, 400))
ENVELOPES = st.builds(lambda kind, v, fields: {"type": kind, "v": v, **fields},
                      st.sampled_from(sorted(TYPES)),
                      st.sampled_from([PROTOCOL_VERSION] * 3 + [1, PROTOCOL_VERSION - 1, -1]),
                      st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=6))
BAD = st.one_of(
    st.binary(max_size=300),
    JSON.map(lambda v: json.dumps(v).encode()),
    ENVELOPES.map(lambda d: json.dumps(d).encode()),
    st.integers(50, 20_000).map(lambda n: b'{"type":"chat","v":%d,"text":' % PROTOCOL_VERSION
                                + b"[" * n + b"]" * n + b"}"),
    st.integers(MAX_MESSAGE_BYTES - 50, MAX_MESSAGE_BYTES * 2).map(
        lambda n: b'{"type":"chat","v":%d,"text":"' % PROTOCOL_VERSION + b"x" * n + b'"}'),
    PLAYS.map(encode), BAD_HELLOS.map(encode),
)


def answer_of(ws: ClientConnection) -> object:
    """The server's answer to a stranger's first message, or the closing."""
    try:
        return decode(_bytes(ws.recv(timeout=10)))
    except ConnectionClosed as closed:
        return closed


def _bytes(raw: str | bytes) -> bytes:
    return raw.encode() if isinstance(raw, str) else raw


@settings(max_examples=800, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(BAD)
def test_a_stranger_s_bad_first_message_gets_an_error_or_a_closing(hostile: Hostile,
                                                                   raw: bytes) -> None:
    with connect(hostile.url, max_size=None, open_timeout=10) as ws:
        ws.send(raw)
        got = answer_of(ws)
    if isinstance(got, Error):
        assert got.code in CODES, got
    else:  # a valid listing or ping; else too big for the server: it closes
        assert isinstance(got, Tables | Pong | ConnectionClosed), got
        if isinstance(got, ConnectionClosed):
            assert len(raw) > MAX_MESSAGE_BYTES


@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(st.lists(BAD, min_size=1, max_size=12), st.integers(0, 2**40))
def test_a_seated_player_s_bad_messages_get_errors_and_change_nothing(
        hostile: Hostile, batch: list[bytes], nonce: int) -> None:
    ws = hostile.seated()
    try:
        for raw in batch:
            ws.send(raw)
        ws.send(encode(Ping(nonce=nonce)))
        while True:
            got = decode(_bytes(ws.recv(timeout=10)))
            if got == Pong(nonce=nonce):
                break
            assert isinstance(got, Error | Chat | Lobby | Tables | Pong) or (
                type(got).__name__ in {"Welcome", "State"}), got  # the seat's own, on joining
            if isinstance(got, Error):
                assert got.code in CODES
    except ConnectionClosed:
        hostile.ws = None  # a message too big for the server closes the connection
        assert any(len(raw) > MAX_MESSAGE_BYTES for raw in batch)
    table = hostile.table
    assert table.state is not None and not table.state.history
    assert [s.name for s in table.seats] == ["Ana", "Bo"]
    assert list(hostile.server.tables) == [table.id]


def test_after_it_all_a_normal_game_on_the_same_server_finishes(hostile: Hostile) -> None:
    before = hostile.table.state.key() if hostile.table.state else None

    async def fresh_table() -> Table:
        return hostile.server.open_table(TableSpec(2, "orient"), seed=12)

    table = hostile.net.call(fresh_table())

    async def game() -> list[GameClient]:
        return list(await asyncio.gather(play_bot(client(hostile.url, "Ana"), "random", 1),
                                         play_bot(client(hostile.url, "Bo"), "random", 2)))

    clients = run(game())
    assert table.state is not None and table.over
    for c in clients:
        assert c.record is not None and replay(DATA, c.record) == table.state
    assert hostile.table.state is not None and hostile.table.state.key() == before
