"""Network play you can trust, measured: a real `serve` killed (SIGKILL) at random moments
0-20 ms after moves every player saw, and the moves lost on restart; and the messages of
a legal endless game at move N (a seat coming back, and the next move).

    python benchmarks/net_trust.py [--kills 100] [--moves 10000]

Printed: kills, moves seen before each kill, the move each restart resumed at, moves
lost (seen but not resumed: the target is 0); the largest History, the State a seat
coming back gets, and a live State after N moves, in bytes.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def kills(count: int) -> None:
    from splendor.net.client import Refused
    from tests.net.real_serve import Serve, play_then_kill

    rng = random.Random(56)
    lost = games = 0
    resumed_at: list[tuple[int, int]] = []
    with tempfile.TemporaryDirectory(prefix="splendor-bench-") as folder:
        home = Path(folder)
        saves = str(home / "tables")
        serve = None
        tokens: list[str | None] = [None, None]
        try:
            for kill in range(count):
                if serve is None or not tokens[0]:
                    serve = Serve("--save-dir", saves, "--open-table", "players=2", home=home)
                    tokens, games = [None, None], games + 1
                try:
                    # The players' own table: a server that kept a table open after a game
                    # lists that waiting one too.
                    tokens, saw, table = asyncio.run(play_then_kill(
                        serve.url, tokens, rng.randint(1, 3), serve.pid, rng))
                except Refused:  # their game ended and its table closed: a new one next
                    serve.kill()
                    serve, tokens = None, [None, None]
                    continue
                seen = len(saw)
                serve.kill()
                serve = Serve("--save-dir", saves, home=home)
                back = serve.resumed.get(table)
                if back is None:  # the game ended: a new one next time
                    print(f"  kill {kill + 1}: table {table} closed after {seen} moves (its "
                          f"game over)", flush=True)
                    tokens = [None, None]
                    serve.kill()
                    serve = None
                    continue
                resumed_at.append((seen, back))
                lost += max(0, seen - back)
                if back < seen:
                    print(f"  kill {kill + 1} (game {games}): {seen} moves seen, resumed at "
                          f"{back}", flush=True)
                if kill % 10 == 9:
                    print(f"  {kill + 1} kills, {lost} moves lost so far", flush=True)
        finally:
            if serve is not None:
                serve.kill()
    exact = sum(1 for seen, back in resumed_at if seen == back)
    print(f"kills: {len(resumed_at)} (in {games} game(s)); restarts at exactly the last "
          f"move seen: {exact}; moves lost: {lost}")


def long_game(moves: int) -> None:
    from splendor.engine import Take, observe
    from splendor.gamedata import base_game
    from splendor.net.game_table import Table
    from splendor.net.protocol import History, Play, State, encode
    from splendor.net.table import TableSpec
    from splendor.net.wire import log_entry_to_struct, view_to_struct
    from tests.storage.long_games import loop_action

    async def run() -> None:
        table = Table(base_game(), TableSpec(2), table_id="bench", title="Bench", seed=3,
                      tokens=["a", "b"], local_seats=(0, 1))
        for seat, name in enumerate(("A", "B")):
            table.seats[seat].name = name
        await table.start()
        state = table.state
        assert state is not None
        last: dict[int, Take] = {}
        while len(state.history) < moves:
            table.on_message(state.current, Play(action=loop_action(state, last).text(),
                                                 turn=len(state.history)))
        assert not state.is_over()
        from splendor.net.protocol import LOG_CHUNK

        entries = [log_entry_to_struct(e) for e in table.log]
        chunks = [encode(History(entries=entries[i:i + LOG_CHUNK]))
                  for i in range(0, len(entries) - LOG_CHUNK, LOG_CHUNK)]
        rest = entries[len(chunks) * LOG_CHUNK:]
        back = encode(State(view=view_to_struct(observe(state, 0)), log=rest))
        live = encode(State(view=view_to_struct(observe(state, 0)), log=entries[-1:]))
        whole = len(b"".join(chunks)) + len(back)
        print(f"endless game at move {moves}: {len(chunks)} History messages of at most "
              f"{max(map(len, chunks)):,} bytes and a State of {len(back):,} bytes for a seat "
              f"coming back ({whole:,} bytes in all); a live State {len(live):,} bytes")

    asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--moves", type=int, default=10_000)
    args = parser.parse_args()
    long_game(args.moves)
    kills(args.kills)


if __name__ == "__main__":
    main()
