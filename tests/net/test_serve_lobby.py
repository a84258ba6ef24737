"""One address cannot lock a server: a real `serve` flooded with idle connections from one
address (each listing tables) still seats new players and players coming back; in
process, a full lobby lets its oldest go and no stay in it outlasts `lobby_stay`."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from splendor.net.protocol import Error, ListTables, State, Tables, decode, encode
from splendor.net.server import Limits
from splendor.net.table import TableSpec
from tests.net.real_serve import Serve
from tests.net.serving import client, receive_until, run, serving

#: The flood comes from another loopback address than the players' 127.0.0.1.
FLOOD_FROM = ("127.0.0.2", 0)
FLOOD = 300


async def idle_lister(url: str) -> str:
    """A connection from FLOOD_FROM that lists the tables, then waits: 'listed' while it
    is held, else what the server said when refusing it."""
    ws: ClientConnection = await connect(url, local_addr=FLOOD_FROM, open_timeout=30)
    with contextlib.suppress(ConnectionClosed):  # refused at once: what it said comes next
        await ws.send(encode(ListTables()))
    answer = decode(await ws.recv())
    if isinstance(answer, Tables):
        return "listed"
    assert isinstance(answer, Error)
    await ws.close()
    return answer.code


def test_a_flood_from_one_address_locks_out_neither_newcomers_nor_players_coming_back(
        tmp_path: Path) -> None:
    serve = Serve("--no-save", "--open-table", "players=2", "--open-table", "players=2",
                  home=tmp_path)
    first, second = serve.tables

    async def scenario() -> None:
        ana = client(serve.url, "Ana", table=first)
        await ana.connect()
        outcomes = await asyncio.gather(*(idle_lister(serve.url) for _ in range(FLOOD)))
        assert outcomes.count("listed") == Limits().per_address
        assert outcomes.count("busy") == FLOOD - Limits().per_address
        # Ana's link drops and she comes back with her token; Bo sits down; they play.
        await ana.close()
        back = client(serve.url, "Ana", ana.token)
        bo = client(serve.url, "Bo", table=first)
        await back.connect()
        await bo.connect()
        for c in (back, bo):
            await receive_until(c, lambda m: isinstance(m, State))
        # And someone new still finds the tables.
        cy = client(serve.url, "Cy")
        assert (await cy.list_tables())[0].id == second

    try:
        run(scenario())
    finally:
        serve.kill()


def test_a_full_lobby_lets_its_oldest_go_and_a_stay_there_is_bounded_whatever_is_sent(
        ) -> None:
    async def scenario() -> None:
        limits = Limits(max_lobby=4, per_address=100, lobby_stay=1.0)
        async with serving(limits=limits) as (server, url):
            table = server.open_table(TableSpec(2))
            ana = client(url, "Ana")
            await ana.connect()
            lurkers = [await connect(url) for _ in range(4)]
            for ws in lurkers:
                await ws.send(encode(ListTables()))
                assert isinstance(decode(await ws.recv()), Tables)
            # A full lobby: Ana's return (a new connection) makes the oldest lurker go.
            await ana.close()
            back = client(url, "Ana", ana.token)
            assert (await back.connect()).seat == ana.seat
            assert decode(await lurkers[0].recv()) == Error(code="busy")
            # Those left, listing again and again, still go after lobby_stay seconds.
            for ws in lurkers[1:]:
                try:
                    for _ in range(100):
                        await ws.send(encode(ListTables()))
                        await ws.recv()
                        await asyncio.sleep(0.05)
                except ConnectionClosed as closed:
                    assert closed.rcvd is not None and closed.rcvd.reason == "no hello"
                else:
                    raise AssertionError("a lurker stayed in the lobby for 5 s")
            assert table.seats[0].out is not None

    run(scenario())
