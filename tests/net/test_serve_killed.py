"""A move is on disk before anyone sees it: a real `serve`, killed (SIGKILL) at random
moments just after moves that both players saw, resumes every time at exactly the last
position they saw."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from pathlib import Path

from splendor.net.client import GameClient
from splendor.net.protocol import State
from tests.net.real_serve import Serve
from tests.net.serving import client, receive_until, run

KILLS = 12


async def _seen_by_all(clients: list[GameClient], moves: int) -> None:
    for c in clients:
        if len(c.log) < moves or c.view is None or len(c.view.history) < moves:
            await receive_until(c, lambda m, c=c: isinstance(m, State)
                                and len(c.log) >= moves)


async def play_then_kill(url: str, tokens: list[str | None], moves: int, pid: int,
                         rng: random.Random) -> tuple[list[str | None], list[str]]:
    """Seat both players (back with their tokens), play `moves` random moves, each seen by
    both, then kill the server 0-20 ms after the last was seen. Their tokens, and the
    log they saw."""
    players = [client(url, name, token) for name, token in zip(("Ana", "Bo"), tokens, strict=True)]
    for c in players:
        await c.connect()
    await _seen_by_all(players, 0)
    for _ in range(moves):
        mover = next((c for c in players if c.to_act()), None)
        if mover is None:
            break  # the game is over
        assert mover.view is not None
        turn = len(mover.view.history)
        await mover.play(rng.choice(mover.view.legal_actions))
        await _seen_by_all(players, turn + 1)
    await asyncio.sleep(rng.uniform(0, 0.02))
    os.kill(pid, signal.SIGKILL)
    saw = [e.action.text() for e in players[0].log]
    assert saw == [e.action.text() for e in players[1].log]
    return [c.token for c in players], saw


def test_a_serve_killed_just_after_moves_resumes_at_the_last_position_seen(
        tmp_path: Path) -> None:
    rng = random.Random(56)
    saves = str(tmp_path / "tables")
    serve = Serve("--save-dir", saves, "--open-table", "players=2", "--seed", "9",
                  home=tmp_path)
    [table_id] = serve.tables
    tokens: list[str | None] = [None, None]
    saw: list[str] = []
    resumed_at = []
    try:
        for _ in range(KILLS):
            before = saw
            tokens, saw = run(play_then_kill(serve.url, tokens, rng.randint(1, 3), serve.pid,
                                             rng))
            assert saw[:len(before)] == before  # back where they were, and on from there
            serve.kill()
            serve = Serve("--save-dir", saves, home=tmp_path)
            resumed_at.append((serve.resumed.get(table_id), len(saw)))
    finally:
        serve.kill()
    assert all(resumed == seen for resumed, seen in resumed_at), resumed_at
