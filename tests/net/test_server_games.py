"""Whole games through a real server: remote bot clients, server bots, the record, and no
State ever carrying a card hidden from its seat."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from splendor.engine import GameState, replay
from splendor.net.client import GameClient, play_bot
from splendor.net.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Error,
    Play,
    State,
    decode,
    encode,
)
from splendor.net.table import TableSpec
from tests.engine.modules.support import DATA
from tests.net.games import GAME_KINDS
from tests.net.serving import client, run, served
from tests.net.test_wire_privacy import hidden_ids


def assert_saw_nothing_hidden(c: GameClient, record: dict[str, object]) -> None:
    """Every State `c` received names no card hidden from its seat at that move."""
    final = replay(DATA, record)
    assert c.seat is not None and c.raw_states
    for raw in c.raw_states:
        msg = decode(raw)
        assert isinstance(msg, State)
        moves = msg.view.moves
        state = GameState.from_setup(DATA, final.setup)
        for action in final.history[:moves]:
            state.apply(action)
        hidden = hidden_ids(state, c.seat)
        assert hidden, "a game always has cards in its decks"
        assert not {i for i in hidden if f'"{i}"'.encode() in raw}, f"move {moves}"


#: Each game kind once, at two, three and four seats between them.
TABLES = [(kind, 2 + i % 3) for i, kind in enumerate(GAME_KINDS)]
NAMES = ("Ana", "Bo", "Cy", "Di")


@pytest.mark.parametrize(("module", "players"), TABLES)
def test_remote_bot_clients_play_a_whole_game(module: str | None, players: int,
                                              tmp_path: Path) -> None:
    path = tmp_path / "game.json"

    async def game() -> tuple[GameState, list[GameClient]]:
        async with served(TableSpec(players, module), seed=3, record=path) as (server, url):
            clients = await asyncio.gather(*(
                play_bot(client(url, NAMES[i]), ("greedy", "random")[i % 2], i + 1)
                for i in range(players)))
            await asyncio.wait_for(server.finished.wait(), 10)  # the record's file written
            assert server.state is not None
            return server.state, list(clients)

    final, clients = run(game())
    record = json.loads(path.read_text())
    assert replay(DATA, record) == final and final.is_over()
    assert record["setup"]["module"] == module
    assert record["setup"]["names"] == list(NAMES[:players])
    for c in clients:
        assert c.record == record and not c.errors
        assert [e.action for e in c.log] == list(final.history)
        assert c.over and c.view is not None
        assert tuple(p.points for p in c.view.players) == final.scores()
        assert_saw_nothing_hidden(c, record)


def test_a_three_seat_table_with_a_server_bot(tmp_path: Path) -> None:
    path = tmp_path / "game.json"

    async def game() -> tuple[GameState, list[GameClient]]:
        spec = TableSpec(3, "orient", ("greedy",))
        async with served(spec, seed=11, record=path) as (server, url):
            clients = await asyncio.gather(play_bot(client(url, "Ana"), "random", 1),
                                           play_bot(client(url, "Bo"), "greedy", 2))
            await asyncio.wait_for(server.finished.wait(), 10)  # the record's file written
            assert server.state is not None
            return server.state, list(clients)

    final, clients = run(game())
    assert final.is_over() and replay(DATA, json.loads(path.read_text())) == final
    assert final.setup.names[2] == "Greedy bot"
    assert any(e.seat == 2 for e in clients[0].log), "the server's bot played its seat"
    assert sorted(c.seat for c in clients) == [0, 1]


def test_a_hostile_client_changes_nothing_and_the_game_completes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    v = PROTOCOL_VERSION
    garbage: list[bytes | str] = [b"\x00\xff\xfe", "not json", b"[]",
                                  b'{"type":"dance","v":%d}' % v,
                                  b'{"type":"play","v":%d,"action":"take","turn":-1}' % v,
                                  b'{"type":"hello","v":9}', b'{"type":"state","v":%d}' % v,
                                  b"[" * 5000, encode(Play(action="buy L3-01", turn=0))]

    async def game() -> GameState:
        async with served(TableSpec(2), seed=5, record=path) as (server, url):
            # An unseated stranger sending garbage first is refused and seated nowhere.
            async with connect(url) as stranger:
                await stranger.send(b"\x00garbage")
                assert decode(await stranger.recv()) == Error(code="malformed")
            async with connect(url, max_size=None) as stranger:
                await stranger.send(b" " * (MAX_MESSAGE_BYTES + 1))
                with pytest.raises(ConnectionClosed):
                    await stranger.recv()
            assert all(s.name is None for s in server.seats)
            ana, bo = client(url, "Ana"), client(url, "Bo")
            await ana.connect()
            for raw in garbage:
                await ana.send_raw(raw)
            while len(ana.errors) < len(garbage):
                await ana.receive()
            assert server.state is None and server.seats[1].name is None
            await asyncio.gather(play_bot(ana, "random", 1), play_bot(bo, "random", 2))
            await asyncio.wait_for(server.finished.wait(), 10)  # the record's file written
            assert server.state is not None
            return server.state

    final = run(game())
    assert final.is_over() and replay(DATA, json.loads(path.read_text())) == final
