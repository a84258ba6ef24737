"""`serve` and its save folder, as real processes: no folder it cannot write in, one
server a folder, a failed save that holds the move back (players and host told, tried
again), and a record written even when the server stopped before writing it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
from pathlib import Path

from splendor.net.client import GameClient
from splendor.net.protocol import Error, Lobby, State
from splendor.net.table_file import read_table, table_path
from tests.net.real_serve import Serve, run_serve
from tests.net.serving import client, receive_until, run


def test_serve_refuses_a_save_folder_it_cannot_write_in_unless_told_not_to_save(
        tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("not a folder\n")
    nowhere = tmp_path / "a file" / "tables"
    status, out, err = run_serve("--save-dir", str(nowhere), home=tmp_path)
    assert status == 2 and out == ""
    assert err.startswith(f"splendor serve: cannot save tables in {nowhere}: ")
    assert "--no-save" in err and "--save-dir" in err
    serve = Serve("--save-dir", str(nowhere), "--no-save", home=tmp_path)
    try:
        assert serve.line_starting("Not saving: a stop loses every table")
    finally:
        serve.kill()


def test_a_second_serve_on_the_same_save_folder_is_refused(tmp_path: Path) -> None:
    saves = str(tmp_path / "tables")
    first = Serve("--save-dir", saves, home=tmp_path)
    try:
        status, out, err = run_serve("--save-dir", saves, home=tmp_path)
        assert status == 2 and out == ""
        assert err == (f"splendor serve: another Splendor server is using {saves} (its "
                       f"tables are served there): choose another --save-dir\n")
    finally:
        first.kill()
    # Killed, the first one holds nothing any more: the folder is free again.
    again = Serve("--save-dir", saves, home=tmp_path)
    again.kill()
    assert len(again.resumed) == 1  # the first one's table, not begun


async def _seated(url: str) -> list[GameClient]:
    players = [client(url, name) for name in ("Ana", "Bo")]
    for c in players:
        await c.connect()
    for c in players:
        await receive_until(c, lambda m: isinstance(m, State))
    return players


def test_a_save_that_fails_holds_the_move_back_tells_everyone_and_is_tried_again(
        tmp_path: Path) -> None:
    saves = tmp_path / "tables"
    serve = Serve("--save-dir", str(saves), "--open-table", "players=2", "--seed", "3",
                  home=tmp_path)
    [table_id] = serve.tables
    saved = table_path(saves, table_id)

    async def scenario() -> tuple[int, list[str]]:
        players = await _seated(serve.url)
        # The disk refuses: a folder stands where the table's file goes (the seating's
        # save may still land in between: then again).
        while not saved.is_dir():
            with contextlib.suppress(FileNotFoundError):
                saved.unlink()
            with contextlib.suppress(FileExistsError):
                saved.mkdir()
        (saved / "x").touch()
        mover = next(c for c in players if c.to_act())
        assert mover.view is not None
        await mover.play(mover.view.legal_actions[0])
        for c in players:  # told at once, in words the window has, and by the Lobby
            await receive_until(c, lambda m: m == Error(code="not_saved"))
            await receive_until(c, lambda m: isinstance(m, Lobby) and m.table.unsaved)
        # The move is not shown while it is not on disk.
        other = next(c for c in players if c is not mover)
        try:
            await asyncio.wait_for(receive_until(other, lambda m: isinstance(m, State)), 1.5)
        except TimeoutError:
            pass
        else:
            raise AssertionError("a move was shown before it was saved")
        assert all(len(c.log) == 0 for c in players)
        shutil.rmtree(saved)  # room again: the save is tried again, and the move shown
        for c in players:  # the Lobby saying so came first
            await receive_until(c, lambda m, c=c: isinstance(m, State) and len(c.log) == 1)
            assert c.summary is not None and not c.summary.unsaved
        return 1, [e.action.text() for e in players[0].log]

    try:
        moves, log = run(scenario())
    finally:
        serve.kill()
    assert f"table {table_id} cannot be saved, its moves wait until it can" in serve.err
    assert f"table {table_id} is saved again" in serve.err
    assert serve.err.count("cannot be saved") == 1  # once, not once a try
    back = Serve("--save-dir", str(saves), home=tmp_path)
    back.kill()
    assert back.resumed == {table_id: moves}
    assert read_table(saved)["actions"] == log


def test_a_record_not_written_before_the_server_stopped_is_written_when_it_starts_again(
        tmp_path: Path) -> None:
    saves, blocked = tmp_path / "tables", tmp_path / "records"
    blocked.write_text("a file where the record's folder goes\n")
    record = blocked / "game.json"
    serve = Serve("--save-dir", str(saves), "--open-table", "players=2,bots=random",
                  "--seed", "5", "--record", str(record), home=tmp_path)
    [table_id] = serve.tables

    async def play() -> GameClient:
        from splendor.net.client import play_bot

        return await play_bot(client(serve.url, "Ana"), "random", 3)

    ana = run(play())
    status, out, _ = serve.finish()
    assert status == 0 and f"Table {table_id} is over; its record was not written" in out
    kept = read_table(table_path(saves, table_id))
    assert kept["finished"] is True and kept["recorded"] is False
    blocked.unlink()  # the server stopped before the record was written: it starts again
    again = Serve("--save-dir", str(saves), home=tmp_path)
    status, out, _ = again.finish()
    assert status == 0 and f"record written to {record}" in out
    assert json.loads(record.read_text()) == ana.record
    assert read_table(table_path(saves, table_id))["recorded"] is True
