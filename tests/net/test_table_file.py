"""A server's table file: it grows by a line a move (not rewritten whole after each), a
last line cut short by a crash is left out (it was never synced, so never shown), and a
file of the old format (version 1, one JSON object) comes back and is replaced."""

from __future__ import annotations

import json
import random
from pathlib import Path

from splendor.net.client import GameClient
from splendor.net.protocol import State
from splendor.net.table import TableSpec
from splendor.net.table_file import legacy_path, read_table, table_path
from tests.net.serving import client, receive_until, run, serving


async def play(clients: list[GameClient], moves: int, seed: int) -> None:
    """`moves` random moves by whichever client is to act, each seen by every client."""
    rng = random.Random(seed)
    for _ in range(moves):
        mover = next(c for c in clients if c.to_act())
        assert mover.view is not None
        turn = len(mover.view.history)
        await mover.play(rng.choice(mover.view.legal_actions))
        for c in clients:
            await receive_until(c, lambda m, turn=turn: isinstance(m, State)
                                and m.view.moves == turn + 1)


async def seated(url: str, tokens: tuple[str | None, str | None] = (None, None),
                 ) -> list[GameClient]:
    players = [client(url, "Ana", tokens[0]), client(url, "Bo", tokens[1])]
    for c in players:
        await c.connect()
    for c in players:
        await receive_until(c, lambda m: isinstance(m, State))
    return players


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_bytes().splitlines()]


def test_the_file_grows_by_a_line_a_move_and_a_cut_last_line_is_left_out(
        tmp_path: Path) -> None:
    async def scenario() -> tuple[str, list[str], tuple[str, str]]:
        async with serving(save_dir=tmp_path) as (server, url):
            table = server.open_table(TableSpec(2, None), title="Lines", seed=5)
            players = await seated(url)
            await play(players, 12, seed=1)
            await server.flush()
            path = table_path(tmp_path, table.id)
            kinds = [line["t"] for line in lines(path)]
            # One line a move, and a table line only when seats or chat changed.
            assert kinds.count("move") == 12 and kinds[0] == "table"
            assert kinds.count("table") <= 4
            played = read_table(path)["actions"]
            assert played == [e.action.text() for e in players[0].log]
            tokens = (players[0].token, players[1].token)
            assert tokens[0] is not None and tokens[1] is not None
            for c in players:
                await c.close()
        # A crash in the middle of the next append: its line is cut short.
        with path.open("ab") as handle:
            handle.write(b'{"t": "move", "a": "take whi')
        return table.id, played, (tokens[0], tokens[1])

    table_id, played, tokens = run(scenario())

    async def again() -> None:
        async with serving(save_dir=tmp_path) as (server, url):
            [back] = await server.resume()
            assert back.state is not None
            assert [a.text() for a in back.state.history] == played
            players = await seated(url, tokens)
            await play(players, 1, seed=2)
            await server.flush()
            # Written whole again by this server: the cut line is gone, every line reads.
            kept = lines(table_path(tmp_path, table_id))
            assert [line["a"] for line in kept if line["t"] == "move"] == [
                e.action.text() for e in players[0].log]
            for c in players:
                await c.close()

    run(again())


def test_a_table_kept_in_the_old_format_comes_back_and_is_written_anew(
        tmp_path: Path) -> None:
    async def first() -> tuple[str, list[str], tuple[str, str]]:
        async with serving(save_dir=tmp_path) as (server, url):
            table = server.open_table(TableSpec(2, None), title="Old", seed=9)
            players = await seated(url)
            await play(players, 5, seed=3)
            await server.flush()
            tokens = (players[0].token, players[1].token)
            assert tokens[0] is not None and tokens[1] is not None
            for c in players:
                await c.close()
        return table.id, read_table(table_path(tmp_path, table.id))["actions"], (
            tokens[0], tokens[1])

    table_id, played, tokens = run(first())
    # What a version-1 server kept: one JSON object, the moves under "actions".
    saved = read_table(table_path(tmp_path, table_id))
    del saved["t"]
    old = legacy_path(tmp_path, table_id)
    old.write_text(json.dumps({**saved, "version": 1}))
    table_path(tmp_path, table_id).unlink()

    async def again() -> None:
        async with serving(save_dir=tmp_path) as (server, url):
            [back] = await server.resume()
            assert back.state is not None and back.title == "Old"
            assert [a.text() for a in back.state.history] == played
            players = await seated(url, tokens)
            await play(players, 1, seed=4)
            await server.flush()
            assert not old.exists(), "the old file is replaced by the new one"
            assert read_table(table_path(tmp_path, table_id))["actions"] == [
                e.action.text() for e in players[0].log]
            for c in players:
                await c.close()

    run(again())
