"""Tables saved after every change come back after a restart: the same ids, tokens and
seed, the game replayed to where it was (a decision step included); files that cannot be
read are skipped and kept; a finished table stays finished."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from splendor.engine import Phase, View, replay
from splendor.net.client import GameClient, play_bot
from splendor.net.protocol import State
from splendor.net.table import TableSpec
from splendor.net.table_file import FORMAT, VERSION, meta_line, move_lines, read_table, table_path
from tests.engine.modules.support import DATA
from tests.net.serving import client, receive_until, run, serving


async def play_until_a_decision_step(clients: list[GameClient], seed: int,
                                     stop: int = 400) -> View:
    """Random moves by whichever client is to act, until the one to act faces something
    other than a main move (a token return, a noble, a module step); its view then."""
    rng = random.Random(seed)
    for c in clients:
        await receive_until(c, lambda m: isinstance(m, State))
    for _ in range(stop):
        mover = next(c for c in clients if c.to_act())
        assert mover.view is not None
        if mover.view.phase is not Phase.MAIN:
            return mover.view
        turn = len(mover.view.history)
        await mover.play(rng.choice(mover.view.legal_actions))
        for c in clients:
            await receive_until(c, lambda m, turn=turn: isinstance(m, State)
                                and m.view.moves == turn + 1)
    raise AssertionError("no decision step came")


@pytest.mark.parametrize(("module", "seed", "step"), [
    (None, 8, Phase.RETURN), ("orient", 3, Phase.PAIR), ("strongholds", 2, Phase.STRONGHOLD)])
def test_a_table_resumes_mid_decision_after_the_server_goes(
        module: str | None, seed: int, step: Phase, tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(save_dir=tmp_path) as (server, url):
            table = server.open_table(TableSpec(2, module), title="Kept", seed=seed)
            ana, bo = client(url, "Ana"), client(url, "Bo")
            await ana.connect()
            await bo.connect()
            before = await play_until_a_decision_step([ana, bo], seed)
            assert before.phase is step
            await server.flush()
        async with serving(save_dir=tmp_path) as (again, url):
            [back] = await again.resume()
            assert (back.id, back.title, back.seed) == (table.id, "Kept", seed)
            assert back.state is not None and back.state.phase is before.phase
            ana2 = client(url, "x", token=ana.token)
            bo2 = client(url, "y", token=bo.token)
            assert (await ana2.connect()).seat == ana.seat
            assert (await bo2.connect()).seat == bo.seat
            for c in (ana2, bo2):
                await receive_until(c, lambda m: isinstance(m, State))
            mover = ana2 if ana2.seat == before.current_player else bo2
            assert mover.view == before and mover.to_act()
            await asyncio.gather(play_bot(ana2, "random", 1), play_bot(bo2, "random", 2))
            assert back.state.is_over()
            assert ana2.record is not None and replay(DATA, ana2.record) == back.state
            assert back.state.setup.names == ("Ana", "Bo")
            played = [a.text() for a in back.state.history]
            assert played[:len(before.history)] == list(before.history)
            await again.flush()
        # Finished: its file says so, and it is not resumed again.
        assert read_table(table_path(tmp_path, table.id))["finished"] is True
        async with serving(save_dir=tmp_path) as (third, _url):
            assert await third.resume() == [] and not third.tables

    run(scenario())


def test_files_that_cannot_be_resumed_are_skipped_named_and_kept(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bad = {"table-junk.jsonl": b"{not json\n", "table-future.jsonl": meta_line(
        {"format": FORMAT, "version": VERSION + 1}), "table-old-future.json": json.dumps(
        {"format": FORMAT, "version": VERSION + 1}).encode()}

    async def scenario() -> None:
        async with serving(save_dir=tmp_path) as (server, _url):
            table = server.open_table(TableSpec(3, None, ("easy",)), seed=1)
            await server.flush()
        saved = read_table(table_path(tmp_path, table.id))
        del saved["actions"]
        illegal = dict(saved, names=["A", "B", "C"])
        bad["table-illegal.jsonl"] = meta_line(illegal) + move_lines(["buy L3-01"])
        for name, raw in bad.items():
            (tmp_path / name).write_bytes(raw)
        async with serving(save_dir=tmp_path) as (again, _url):
            with caplog.at_level(logging.WARNING):
                resumed = await again.resume()
            assert [t.id for t in resumed] == [table.id]
            assert [s.kind for s in resumed[0].seats] == ["open", "open", "bot"]
            assert resumed[0].seat_token(0) == table.seat_token(0)

    run(scenario())
    for name, raw in bad.items():
        assert (tmp_path / name).read_bytes() == raw  # never deleted nor changed
        assert any(name in r.getMessage() and "cannot be resumed" in r.getMessage()
                   for r in caplog.records), name


def _wait_for_moves(path: Path, moves: int) -> None:
    """Until the table's file holds `moves` moves (it is written just after each)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if path.exists() and len(read_table(path)["actions"]) >= moves:
            return
        time.sleep(0.02)
    raise AssertionError(f"{path} never reached move {moves}")


def test_a_killed_serve_resumes_its_tables_and_the_players_finish(tmp_path: Path) -> None:
    saves = tmp_path / "tables"
    command = [sys.executable, "-m", "splendor", "serve", "--port", "0",
               "--save-dir", str(saves)]
    first = subprocess.Popen([*command, "--open-table", "players=2", "--seed", "4"],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None
        table_id = first.stdout.readline().split()[1].rstrip(":")
        url = first.stdout.readline().split()[-1]

        async def start() -> tuple[GameClient, GameClient, View]:
            ana, bo = client(url, "Ana"), client(url, "Bo")
            await ana.connect()
            await bo.connect()
            view = await play_until_a_decision_step([ana, bo], 4)
            return ana, bo, view

        ana, bo, before = run(start())
        _wait_for_moves(table_path(saves, table_id), len(before.history))
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        first.kill()
    second = subprocess.Popen([*command], stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert second.stdout is not None
        assert second.stdout.readline() == (f"Resumed table {table_id}: 2 players, at move "
                                             f"{len(before.history)}\n")
        url = second.stdout.readline().split()[-1]

        async def finish() -> tuple[GameClient, GameClient]:
            ana2, bo2 = client(url, "Ana", ana.token), client(url, "Bo", bo.token)
            return await asyncio.gather(play_bot(ana2, "random", 1),
                                        play_bot(bo2, "random", 2))

        ana2, bo2 = run(finish())
        assert second.wait(timeout=30) == 0
    finally:
        second.kill()
    assert ana2.record is not None and ana2.record == bo2.record
    final = replay(DATA, ana2.record)
    assert final.is_over() and final.setup.names == ("Ana", "Bo")
    assert [a.text() for a in final.history][:len(before.history)] == list(before.history)
    # The record is kept in the data folder, never where serve was started.
    assert not list(tmp_path.glob("splendor-game-*"))
    records = Path(os.environ["SPLENDOR_HOME"]) / "net_records"
    [written] = records.glob(f"splendor-game-*-{table_id}.json")
    assert json.loads(written.read_text()) == ana2.record
