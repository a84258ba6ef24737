"""Several tables on one server: the listing, joining a table and seat by id, the host's
start and local seats, seats handed to bots, chat, and the limits on tables and on
connections that only look."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from splendor.engine import replay
from splendor.net.client import GameClient, Refused, play_bot
from splendor.net.game_table import CHAT_KEPT, TableError
from splendor.net.protocol import Chat, ListTables, Lobby, State, Tables, decode, encode
from splendor.net.server import Limits
from splendor.net.table import TableSpec
from tests.engine.modules.support import DATA
from tests.net.serving import client, receive_until, run, serving


def seats_of(c: GameClient) -> list[tuple[str, str | None, bool]]:
    assert c.summary is not None
    return [(s.kind, s.name, s.connected) for s in c.summary.seats]


async def refusal(c: GameClient) -> str:
    with pytest.raises(Refused) as refused:
        await c.connect()
    return refused.value.code


def test_tables_are_listed_before_hello_and_joined_by_id_and_seat() -> None:
    async def scenario() -> None:
        async with serving() as (server, url):
            duo = server.open_table(TableSpec(2), title="Ana's table")
            trio = server.open_table(TableSpec(3, "orient", ("easy",)), title="Orient")
            looker = client(url, "Cy")
            listed = await looker.list_tables()
            assert [(t.id, t.title, t.module, t.players) for t in listed] == [
                (duo.id, "Ana's table", None, 2), (trio.id, "Orient", "orient", 3)]
            assert [(s.kind, s.level, s.connected) for s in listed[1].seats] == [
                ("open", None, False), ("open", None, False), ("bot", "easy", True)]
            # The same connection then sits at the table and seat it chose.
            looker.table, looker.wanted_seat = trio.id, 1
            welcome = await looker.connect()
            assert (welcome.seat, welcome.table.id) == (1, trio.id)
            assert trio.seats[1].name == "Cy" and duo.seats[1].kind == "open"
            assert await refusal(client(url, "Di", table=trio.id, seat=1)) == "seat_taken"
            assert await refusal(client(url, "Di", table=trio.id, seat=2)) == "seat_taken"
            assert await refusal(client(url, "Di", table="nope")) == "no_such_table"
            assert await refusal(client(url, "Di", token="x" * 32)) == "bad_token"
            # No table named: the first with an open seat, at its first open seat.
            ana = client(url, "Ana")
            assert (await ana.connect()).table.id == duo.id and ana.seat == 0
            bo = client(url, "Bo", table=trio.id)
            assert (await bo.connect()).seat == 0
            await receive_until(looker, lambda m: isinstance(m, State))  # trio started
            assert trio.started and not duo.started
            # A bot named after its level: each window words its name.
            assert seats_of(looker) == [("player", "Bo", True), ("player", "Cy", True),
                                        ("bot", None, True)]
            listed = await client(url, "Ed").list_tables()
            assert [t.id for t in listed] == [duo.id, trio.id]  # open seats first
            assert listed[1].started and not listed[0].started
            # A token finds its seat on whichever table holds it.
            await looker.close()
            back = client(url, "Anyone", token=looker.token)
            assert (await back.connect()).table.id == trio.id and back.seat == 1
            await ana.close()
            await bo.close()
            await back.close()

    run(scenario())


def test_a_host_table_keeps_local_seats_waits_for_start_and_hands_open_seats_to_bots(
        ) -> None:
    async def scenario() -> None:
        async with serving() as (server, url):
            table = server.open_table(TableSpec(3), seed=4, auto_start=False,
                                      local_seats=(0,))
            remote = client(url, "Ana")
            assert (await remote.connect()).seat == 1  # seat 0 is the host's
            assert table.open_seats() == [2]
            with pytest.raises(TableError, match=r"seat.*3 still wait"):
                await table.start()
            host = client(url, "Host", token=table.seat_token(0))
            assert (await host.connect()).seat == 0
            await table.hand_to_bot(2, "random")
            lobby = await receive_until(remote, lambda m: isinstance(m, Lobby)
                                        and m.table.seats[2].kind == "bot")
            assert isinstance(lobby, Lobby) and not lobby.table.started
            assert seats_of(remote) == [("player", "Host", True), ("player", "Ana", True),
                                        ("bot", None, True)]
            assert not table.started  # no auto start: the host decides
            assert await refusal(client(url, "Late")) == "table_full"
            await table.start()
            with pytest.raises(TableError, match="already started"):
                await table.start()
            clients = await asyncio.gather(play_bot(host, "random", 1),
                                           play_bot(remote, "random", 2))
            assert table.state is not None and table.over
            for c in clients:
                assert c.record is not None and replay(DATA, c.record) == table.state
            assert table.state.setup.names == ("Host", "Ana", "Random bot")

    run(scenario())


def test_a_player_away_during_the_game_is_seen_waiting_then_handed_to_a_bot() -> None:
    async def scenario() -> None:
        async with serving() as (server, url):
            table = server.open_table(TableSpec(2), seed=5)
            ana, bo = client(url, "Ana"), client(url, "Bo")
            await ana.connect()
            await bo.connect()
            await receive_until(ana, lambda m: isinstance(m, State))
            with pytest.raises(TableError, match="connected"):
                await table.hand_to_bot(1, "random")
            await bo.close()
            await receive_until(ana, lambda m: isinstance(m, Lobby)
                                and not m.table.seats[1].connected)
            assert seats_of(ana)[1] == ("player", "Bo", False)  # "waiting for Bo"
            await table.hand_to_bot(1, "easy")
            said = await receive_until(ana, lambda m: isinstance(m, Chat))
            assert said == Chat(text="Bo's seat is played by the Easy bot from now.")
            await receive_until(ana, lambda m: isinstance(m, Lobby))
            assert seats_of(ana)[1] == ("bot", "Bo", True)
            assert await refusal(client(url, "Bo", token=bo.token)) == "seat_taken"
            await play_bot(ana, "random", 1)
            assert table.state is not None and table.state.setup.names == ("Ana", "Bo")
            assert ana.record is not None and replay(DATA, ana.record) == table.state

    run(scenario())


def test_with_replace_after_an_absent_player_gets_a_bot_by_itself() -> None:
    async def scenario() -> None:
        async with serving(replace_after=0.2, replace_level="random") as (server, url):
            table = server.open_table(TableSpec(2), seed=6)
            ana, bo = client(url, "Ana"), client(url, "Bo")
            await ana.connect()
            await bo.connect()
            await bo.close()
            await play_bot(ana, "random", 1)  # finishes only if Bo's seat is played
            assert table.seats[1].kind == "bot" and table.seats[1].level == "random"
            assert table.over

    run(scenario())


def test_chat_carries_seat_and_name_and_a_returning_seat_gets_the_last_lines() -> None:
    async def scenario() -> None:
        async with serving(limits=Limits(rate=1000, burst=1000)) as (server, url):
            server.open_table(TableSpec(2))
            ana, bo = client(url, "Ana"), client(url, "Bo")
            await ana.connect()
            await bo.connect()
            for i in range(CHAT_KEPT + 5):
                await ana.say(f"line {i}")
            for c in (ana, bo):
                await receive_until(c, lambda m: isinstance(m, Chat)
                                    and m.text == f"line {CHAT_KEPT + 4}")
            assert bo.chat[0] == Chat(text="line 0", seat=0, name="Ana")
            await bo.close()
            back = client(url, "Bo", token=bo.token)
            await back.connect()
            await receive_until(back, lambda m: isinstance(m, State))
            assert [c.text for c in back.chat] == [f"line {i}" for i in range(5, CHAT_KEPT + 5)]

    run(scenario())


def test_tables_are_limited_and_a_connection_that_only_looks_is_closed_when_idle() -> None:
    async def scenario() -> None:
        limits = Limits(max_tables=2, lobby_stay=0.5)
        async with serving(limits=limits) as (server, url):
            server.open_table(TableSpec(2))
            server.open_table(TableSpec(2))
            with pytest.raises(TableError, match="2 tables"):
                server.open_table(TableSpec(2))
            async with connect(url) as ws:
                await ws.send(encode(ListTables()))
                listed = decode(await ws.recv())
                assert isinstance(listed, Tables) and len(listed.tables) == 2
                with pytest.raises(ConnectionClosed) as closed:
                    for _ in range(100):  # listing again and again does not keep it there
                        await ws.send(encode(ListTables()))
                        assert isinstance(decode(await ws.recv()), Tables)
                        await asyncio.sleep(0.05)
                assert closed.value.rcvd is not None and closed.value.rcvd.reason == "no hello"

    run(scenario())
