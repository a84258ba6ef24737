"""What the server refuses, and that a refusal changes nothing: moves out of turn, for an
old move number, illegal ones; a wrong seat token, a full table; reconnection; limits."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from splendor.engine import observe, parse_action
from splendor.net.client import GameClient, Refused
from splendor.net.protocol import (
    PROTOCOL_VERSION,
    Error,
    Hello,
    Ping,
    Play,
    Pong,
    State,
    decode,
    encode,
)
from splendor.net.server import Limits, Table
from splendor.net.table import TableSpec
from splendor.net.wire import view_to_struct
from tests.net.serving import client, receive_until, run, served


async def seated_pair(url: str) -> tuple[GameClient, GameClient]:
    """Two clients at a started 2-player table, each with its first State."""
    ana, bo = client(url, "Ana"), client(url, "Bo")
    await ana.connect()
    await bo.connect()
    for c in (ana, bo):
        await receive_until(c, lambda m: isinstance(m, State))
    return ana, bo


def by_seat(server: Table, a: GameClient, b: GameClient) -> tuple[GameClient, GameClient]:
    """(the client to move, the other one)."""
    assert server.state is not None
    return (a, b) if server.state.current == a.seat else (b, a)


async def refused(c: GameClient) -> Error:
    msg = await receive_until(c, lambda m: isinstance(m, Error))
    assert isinstance(msg, Error)
    return msg


def test_out_of_turn_old_turn_and_illegal_moves_are_refused_and_change_nothing() -> None:
    async def scenario() -> None:
        async with served(TableSpec(2), seed=4) as (server, url):
            mover, other = by_seat(server, *await seated_pair(url))
            assert server.state is not None and mover.view is not None
            take = parse_action("take white blue green")
            before = server.state.key()
            await other.play(take, turn=0)  # the other seat's decision
            assert (await refused(other)).code == "not_your_turn"
            await mover.play(take, turn=5)  # not the move the game is at
            assert (await refused(mover)).code == "stale_turn"
            await mover.play(parse_action("buy L3-01"))
            error = await refused(mover)
            assert error.code == "illegal" and error.params["reason"]
            await mover.send_raw(b'{"type":"play","v":%d,"action":"dance","turn":0}'
                                 % PROTOCOL_VERSION)
            assert (await refused(mover)).code == "bad_action"
            assert server.state.key() == before and not server.log
            # A legal move counts once; the same message again is an old move number.
            await mover.play(take, turn=0)
            await receive_until(other, lambda m: isinstance(m, State) and bool(m.log))
            after_one = server.state.key()
            await other.play(parse_action("take red black white"), turn=1)
            await receive_until(mover, lambda m: isinstance(m, State) and len(m.log) == 1
                                and m.log[0].index == 1)
            assert server.state.current == mover.seat
            await mover.play(take, turn=0)  # replayed
            assert (await refused(mover)).code == "stale_turn"
            assert len(server.state.history) == 2 and after_one != server.state.key()

    run(scenario())


def test_a_wrong_token_and_a_full_table_are_refused() -> None:
    async def scenario() -> None:
        async with served(TableSpec(2)) as (server, url):
            await seated_pair(url)
            with pytest.raises(Refused) as wrong:
                await client(url, "Eve", token="x" * 32).connect()
            assert wrong.value.code == "bad_token"
            with pytest.raises(Refused) as full:
                await client(url, "Eve").connect()
            assert full.value.code == "table_full"
            assert [s.name for s in server.seats] == ["Ana", "Bo"]

    run(scenario())


def test_reconnecting_with_the_seat_token_gives_the_same_seat_and_the_current_view() -> None:
    async def scenario() -> None:
        async with served(TableSpec(2), seed=9) as (server, url):
            mover, other = by_seat(server, *await seated_pair(url))
            await mover.play(parse_action("take white blue green"))
            await receive_until(other, lambda m: isinstance(m, State) and bool(m.log))
            await other.close()
            back = client(url, "Someone", token=other.token)
            welcome = await back.connect()
            assert welcome.seat == other.seat and welcome.token == other.token
            await receive_until(back, lambda m: isinstance(m, State))
            assert server.state is not None and back.seat is not None
            assert back.view == observe(server.state, back.seat)
            assert [e.action for e in back.log] == list(server.state.history)
            assert server.seats[back.seat].name == other.name

    run(scenario())


def test_hello_first_and_one_hello_only() -> None:
    async def scenario() -> None:
        async with served(TableSpec(2)) as (server, url):
            async with connect(url) as ws:  # a ping and a listing may come before Hello
                await ws.send(encode(Ping(nonce=1)))
                assert decode(await ws.recv()) == Pong(nonce=1)
                await ws.send(encode(Play(action="pass", turn=0)))
                assert decode(await ws.recv()) == Error(code="hello_first")
            ana = client(url, "Ana")
            await ana.connect()
            await ana.send(Hello(name="Ana again"))
            assert (await refused(ana)).code == "already_seated"
            assert server.seats[0].name == "Ana" and server.seats[1].name is None

    run(scenario())


def test_a_client_of_the_previous_protocol_is_told_it_speaks_another_version() -> None:
    async def scenario() -> None:
        async with served(TableSpec(2)) as (server, url):
            async with connect(url) as ws:
                await ws.send(b'{"type":"hello","v":%d,"name":"Old"}' % (PROTOCOL_VERSION - 1))
                assert decode(await ws.recv()) == Error(code="version_mismatch")
            assert server.open_seats() == [0, 1], "seated nowhere"

    run(scenario())


def test_a_flood_is_cut_off_and_connections_are_limited() -> None:
    async def scenario() -> None:
        limits = Limits(per_address=2, rate=1.0, burst=5)
        async with served(TableSpec(2), limits=limits) as (server, url):
            ana = client(url, "Ana")
            await ana.connect()
            with pytest.raises(ConnectionClosed) as cut:
                for _ in range(50):
                    await ana.send_raw(b"garbage")
                    await asyncio.sleep(0)
                while True:
                    await ana.receive()
            assert cut.value.rcvd is not None and cut.value.rcvd.reason == "rate_limited"
            assert len(ana.errors) < 50
            held = [await connect(url) for _ in range(2)]  # not seated: in the lobby
            async with connect(url) as third:  # one more from the same address
                assert decode(await third.recv()) == Error(code="busy")
                with pytest.raises(ConnectionClosed) as closed:
                    await third.recv()
                assert closed.value.rcvd is not None and closed.value.rcvd.reason == "busy"
            for ws in held:
                await ws.close()
            assert server.state is None

    run(scenario())


def test_a_view_on_the_wire_is_the_seats_own() -> None:
    # The State a seat gets is its observe(), nothing more (the scan of ids is in
    # test_server_games); here: the view the client decodes equals the server's observe.
    async def scenario() -> None:
        async with served(TableSpec(2, "orient"), seed=2) as (server, url):
            for c in await seated_pair(url):
                assert server.state is not None and c.seat is not None
                assert c.view == observe(server.state, c.seat)
                assert decode(c.raw_states[-1]) == State(
                    view=view_to_struct(observe(server.state, c.seat)), log=[],
                    current=server.state.current)

    run(scenario())
