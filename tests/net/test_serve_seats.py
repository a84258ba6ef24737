"""No absent player stalls a real `serve`: a seat taken and left before the start is free
again, a table never starts with someone missing, and a player away during the game is
replaced after the stated time, which coming back for a moment does not start again."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from splendor.net.client import GameClient, Refused
from splendor.net.protocol import Chat, Hello, Lobby, State, Welcome, decode, encode
from tests.net.real_serve import Serve
from tests.net.serving import client, receive_until, run


async def squat(url: str, table: str) -> str:
    """Say hello at `table`, take its seat, leave: the token it was given."""
    async with connect(url) as ws:
        await ws.send(encode(Hello(name="Squatter", table=table)))
        welcome = decode(await ws.recv())
        assert isinstance(welcome, Welcome)
        return welcome.token


def test_seats_taken_and_left_before_the_start_are_free_again(tmp_path: Path) -> None:
    serve = Serve("--no-save", "--open-table", "players=2", "--open-table", "players=2",
                  home=tmp_path)
    first, second = serve.tables

    async def scenario() -> None:
        # One script that says hello and leaves, once per open seat of every table.
        tokens = [await squat(serve.url, t) for t in (first, first, second, second)]
        ana, bo = client(serve.url, "Ana", table=first), client(serve.url, "Bo", table=first)
        for c in (ana, bo):
            await c.connect()
        for c in (ana, bo):  # the table starts with the two who are there
            await receive_until(c, lambda m: isinstance(m, State))
        assert ana.summary is not None and all(s.connected for s in ana.summary.seats)
        # A squatter's old token is no seat at the table that started without it...
        late = client(serve.url, "Squatter", tokens[0])
        with pytest.raises(Refused) as refused:
            await late.connect()
        assert refused.value.code == "table_full"
        # ...but takes an open seat back before the start, with a new token.
        back = client(serve.url, "Squatter", tokens[2])
        welcome = await back.connect()
        assert welcome.table.id == second and welcome.token not in tokens

    try:
        run(scenario())
    finally:
        serve.kill()


async def _seated(url: str) -> tuple[GameClient, GameClient]:
    ana, bo = client(url, "Ana"), client(url, "Bo")
    for c in (ana, bo):
        await c.connect()
    for c in (ana, bo):
        await receive_until(c, lambda m: isinstance(m, State))
    return ana, bo


def _bot_in(c: GameClient, seat: int) -> int | None:
    assert c.summary is not None
    return c.summary.seats[seat].bot_in


def test_a_player_away_is_replaced_in_the_stated_time_and_a_moment_back_does_not_reset_it(
        tmp_path: Path) -> None:
    serve = Serve("--no-save", "--open-table", "players=2", "--replace-after", "3",
                  "--replace-level", "random", home=tmp_path)

    async def scenario() -> None:
        ana, bo = await _seated(serve.url)
        assert bo.seat is not None and bo.token is not None
        await bo.close()
        # Ana is told at once: who left, and when a bot takes the seat.
        said = await receive_until(ana, lambda m: isinstance(m, Chat) and m.seat is None)
        assert isinstance(said, Chat) and said.text.startswith(
            "Bo left; the Random bot plays the seat in 3 s")
        await receive_until(ana, lambda m: isinstance(m, Lobby)
                            and m.table.seats[bo.seat].bot_in == 3)  # type: ignore[index]
        await asyncio.sleep(1.5)
        again = client(serve.url, "Bo", bo.token)
        await again.connect()  # back for a moment, without playing...
        await again.close()  # ...and away again: the clock goes on from where it was
        await receive_until(ana, lambda m: isinstance(m, Lobby) and not
                            m.table.seats[bo.seat].connected)  # type: ignore[index]
        left = _bot_in(ana, bo.seat)
        assert left is not None and left <= 2
        await receive_until(ana, lambda m: isinstance(m, Lobby)
                            and m.table.seats[bo.seat].kind == "bot")  # type: ignore[index]

    try:
        run(scenario())
    finally:
        serve.kill()


def test_serve_help_says_no_absent_player_stalls_a_table_by_default() -> None:
    shown = subprocess.run([sys.executable, "-m", "splendor", "serve", "--help"],
                           capture_output=True, text=True, timeout=60).stdout
    flat = " ".join(shown.split())
    assert "--replace-after SECONDS" in flat and "(default 120; 0: never" in flat
    assert "a seat whose player leaves is free again at once" in flat
