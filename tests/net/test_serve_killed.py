"""A move is on disk before anyone sees it: a real `serve`, killed (SIGKILL) at random
moments just after moves that both players saw, resumes every time at exactly the last
position they saw."""

from __future__ import annotations

import random
from pathlib import Path

from tests.net.real_serve import Serve, play_then_kill
from tests.net.serving import run

KILLS = 12


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
            tokens, saw, played = run(play_then_kill(serve.url, tokens, rng.randint(1, 3),
                                                     serve.pid, rng))
            assert played == table_id
            assert saw[:len(before)] == before  # back where they were, and on from there
            serve.kill()
            serve = Serve("--save-dir", saves, home=tmp_path)
            resumed_at.append((serve.resumed.get(table_id), len(saw)))
    finally:
        serve.kill()
    assert all(resumed == seen for resumed, seen in resumed_at), resumed_at
