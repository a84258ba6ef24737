"""What saving adds to a move on a busy server: N tables on one save folder, moves coming
at random (Poisson) at a given total rate, each written by the server's `Saver` (and so
synced to disk) before the move may be shown; the delay from a move to its table's file
on disk.

    python benchmarks/autosave_latency.py [--tables 200] [--rate 210] [--seconds 20]

This is the storage part of `server_load.py`'s Play -> State delay, measured apart from
the CPU (a busy machine blurs the whole server's figures). Printed: moves, and the delay
p50, p95 and max.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from splendor.gamedata import load_game_data  # noqa: E402
from splendor.net.autosave import Saver  # noqa: E402
from splendor.net.game_table import Table  # noqa: E402
from splendor.net.table import TableSpec  # noqa: E402

#: A move's text as a table's file holds it (a file grows by one per move).
MOVE = "take white blue green"


async def measure(folder: Path, tables: int, rate: float, seconds: float,
                  seed: int) -> list[float]:
    data = load_game_data()
    saver = Saver(folder)
    made: dict[tuple[str, int], float] = {}
    delays: list[float] = []
    spec = TableSpec(2, None, ())
    rng = random.Random(seed)
    pool = [Table(data, spec, table_id=f"t{i}", title="", seed=i, tokens=["a", "b"])
            for i in range(tables)]
    for table in pool:
        def saved(moves: int, table: Table = table) -> None:
            now = time.perf_counter()
            for move in range(table.saved_moves + 1, moves + 1):
                delays.append(now - made.pop((table.id, move)))
            table.saved_moves = max(table.saved_moves, moves)
        table.saved = saved  # type: ignore[method-assign]
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        await asyncio.sleep(rng.expovariate(rate))
        table = rng.choice(pool)
        table.texts.append(MOVE)
        made[(table.id, len(table.texts))] = time.perf_counter()
        saver.save(table)
    await saver.close()
    return delays


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rate", type=float, default=210.0, help="moves a second, all tables")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=56)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="splendor-autosave-") as folder:
        delays = asyncio.run(measure(Path(folder), args.tables, args.rate,
                                            args.seconds, args.seed))
    ms = [d * 1000 for d in delays]
    print(f"{args.tables} tables, {len(ms)} moves in {args.seconds:.0f} s "
          f"({len(ms) / args.seconds:.0f} a second)")
    print(f"move -> on disk: p50 {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} "
          f"ms, max {max(ms):.1f} ms")


if __name__ == "__main__":
    main()
