"""Server load: N tables at once on one game server on 127.0.0.1, played by headless bot
clients, for a while.

    python benchmarks/server_load.py [--tables 200] [--seconds 60] [--think 0.5]
                                     [--level random] [--server-bots hard] [--no-save]

The server runs in a child process (as `serve` would, autosaving its tables unless
--no-save); each finished table is replaced by a new one, so that N tables are held all
along and finished ones must be let go. Every table has two remote seats, each a client
in this process whose bot waits `--think` seconds before each move, as a quick player
would. The clients' bot is random by default: the 400 clients share this machine with the
server, and their thinking is not the server's (a real player's machine thinks for them);
with easy clients their process took 60% of a core of two, and the p95 measured grew with
it (docs/online.md). With `--server-bots LEVEL`
every table (or the first `--bot-tables N`, the others staying at two remote seats) has a
third seat, a bot of that level played by the server's bot processes (net/bot_pool.py).
Printed: tables held, actions per second, the delay from a Play's send to every remote
seat's new State received (p50, p95, max), and the server's memory per table (RSS above
the empty server's) at the start, the middle and the end of the run, with its bot
processes' moves, CPU and memory. Target: p95 under 50 ms with 200 tables. The exit
status is 0 when p95 meets the target, else 1.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import math
import multiprocessing
import os
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

TARGET_P95_MS = 50.0


def rss_kib(pid: int) -> int:
    """The resident memory of process `pid` in KiB (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    """The CPU time process `pid` has used so far (user and system; Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The live processes whose parent is `pid` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if ppid == pid:
            found.append(int(stat.parent.name))
    return found


def family(pid: int) -> list[int]:
    """The processes below `pid`: its children, theirs, and so on."""
    below = children(pid)
    return below + [p for child in below for p in family(child)]


def usage(pids: list[int]) -> tuple[float, int]:
    """The CPU seconds and the resident KiB of the processes `pids` still alive."""
    cpu, kib = 0.0, 0
    for pid in pids:
        try:
            cpu, kib = cpu + cpu_seconds(pid), kib + rss_kib(pid)
        except (OSError, RuntimeError):
            continue
    return cpu, kib


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q / 100 * len(ordered))) - 1]


# ------------------------------------------------------------ the server (child process)

def serve(conn: Connection, tables: int, save_dir: str | None, trace: bool,
          profile: str | None, bots: str | None = None, bot_tables: int = 0,
          pool: tuple[int | None, int | None] = (None, None)) -> None:
    if trace:
        tracemalloc.start(8)
    folder = Path(save_dir) if save_dir else None
    if profile is None:
        asyncio.run(_serve(conn, tables, folder, trace, bots, bot_tables, pool))
        return
    import cProfile

    cProfile.runctx(
        "asyncio.run(_serve(conn, tables, folder, trace, bots, bot_tables, pool))", globals(),
        {"conn": conn, "tables": tables, "folder": folder, "trace": trace, "bots": bots,
         "bot_tables": bot_tables, "pool": pool}, profile)


async def _serve(conn: Connection, tables: int, save_dir: Path | None, trace: bool,
                 bots: str | None, bot_tables: int, pool: tuple[int | None, int | None]
                 ) -> None:
    from splendor.gamedata import base_game
    from splendor.net.bot_pool import NICE, BotPool
    from splendor.net.server import GameServer, Limits, Table
    from splendor.net.table import TableSpec

    # Every client comes from 127.0.0.1, hundreds at once: no per-address bound here.
    limits = Limits(max_tables=tables + 64, max_lobby=4 * tables + 64,
                    per_address=4 * tables + 64, keep_finished=1.0)
    with_bot = TableSpec(3, None, (bots,)) if bots else TableSpec(2)
    size, nice = pool
    server = GameServer(base_game(), limits=limits, save_dir=save_dir,
                        bots=BotPool(size, nice=NICE if nice is None else nice))
    port = await server.start("127.0.0.1", 0)
    loop = asyncio.get_running_loop()
    opened = 0

    playing: set[Table] = set()
    bot_moves = 0  # of the tables finished

    def by_bots(table: Table) -> int:
        return sum(table.seats[entry.seat].kind == "bot" for entry in table.log)

    def open_one(bot: bool) -> None:
        nonlocal opened
        opened += 1
        table = server.open_table(with_bot if bot else TableSpec(2), title=f"Table {opened}",
                                  seed=opened)
        playing.add(table)
        task = loop.create_task(replace(table, bot))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def replace(table: Table, bot: bool) -> None:
        nonlocal bot_moves
        await table.finished.wait()
        playing.discard(table)
        bot_moves += by_bots(table)
        open_one(bot)  # as many tables with a bot all along

    tasks: set[asyncio.Task[None]] = set()
    conn.send(("empty", port))
    await loop.run_in_executor(None, conn.recv)
    for number in range(tables):
        open_one(number < bot_tables)
    conn.send(("opened", len(server.tables)))
    snapshots: list[tracemalloc.Snapshot] = []
    while (command := await loop.run_in_executor(None, conn.recv)) != "stop":
        assert command == "count"
        gc.collect()
        traced = 0
        if trace:
            traced = tracemalloc.get_traced_memory()[0]
            snapshots.append(tracemalloc.take_snapshot())
            if len(snapshots) > 1:  # what grew since the first sample, for a leak hunt
                for stat in snapshots[-1].compare_to(snapshots[0], "traceback")[:6]:
                    print(stat, *stat.traceback.format()[-6:], sep="\n  ", file=sys.stderr)
        conn.send((len(server.tables), opened, server.connections, traced,
                   bot_moves + sum(by_bots(t) for t in playing)))
    await server.close()
    conn.send("stopped")


# ------------------------------------------------------------ the clients (this process)

@dataclass
class Tracker:
    """When each move of one table was sent, and how many seats have seen it since."""

    seats: int
    sent: dict[int, float] = field(default_factory=dict)
    seen: dict[int, int] = field(default_factory=dict)
    def got(self, moves: int, delays: list[float]) -> None:
        """A seat received the State after `moves` moves."""
        if moves - 1 not in self.sent:
            return
        self.seen[moves] = self.seen.get(moves, 0) + 1
        if self.seen[moves] == self.seats:
            delays.append(time.perf_counter() - self.sent.pop(moves - 1))
            del self.seen[moves]


@dataclass
class Run:
    url: str
    level: str
    think: float
    until: float
    trackers: dict[str, Tracker] = field(default_factory=dict)
    delays: list[float] = field(default_factory=list)
    actions: int = 0
    games: int = 0
    failures: int = 0
    waits: int = 0


async def player(run: Run, number: int) -> None:
    """Sit at the first open table and play; again, until the run is over."""
    from splendor.bots import make_bot
    from splendor.gamedata import base_game
    from splendor.net.client import GameClient, Refused
    from splendor.net.protocol import State

    data = base_game()
    rng = random.Random(number)
    while time.perf_counter() < run.until:
        client = GameClient(run.url, f"P{number}", data)
        bot = make_bot(run.level, number, data=data)
        try:
            try:
                welcome = await client.connect()
            except Refused as refused:
                if refused.code != "table_full":
                    raise
                # Every table is full until a finished one is replaced: sit down then.
                run.waits += 1
                await asyncio.sleep(0.05)
                continue
            remote = sum(seat.kind != "bot" for seat in welcome.table.seats)
            tracker = run.trackers.setdefault(welcome.table.id, Tracker(remote))
            asked = -1
            while client.record is None and time.perf_counter() < run.until:
                try:  # a table waiting on its server bot past the end does not hold the run
                    msg = await asyncio.wait_for(client.receive(),
                                                 max(0.01, run.until - time.perf_counter()))
                except TimeoutError:
                    break
                if isinstance(msg, State):
                    tracker.got(msg.view.moves, run.delays)
                view = client.view
                if view is not None and client.to_act() and asked != len(view.history):
                    asked = len(view.history)
                    await asyncio.sleep(run.think * rng.uniform(0.5, 1.5))
                    action = bot.choose(view)
                    tracker.sent[asked] = time.perf_counter()
                    await client.play(action, turn=asked)
                    run.actions += 1
            run.games += client.record is not None
        except Exception as exc:  # counted and reported; the run goes on
            run.failures += 1
            print(f"  client {number}: {type(exc).__name__}: {exc}", file=sys.stderr)
        finally:
            await client.close()


async def drive(run: Run, clients: int, sample_at: list[float],
                sample: Callable[[str], None]) -> None:
    """The clients play; the server's memory is sampled at the times in `sample_at`."""
    tasks = [asyncio.create_task(player(run, n)) for n in range(clients)]
    for label, at in zip(("start", "middle", "end"), sample_at, strict=True):
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        sample(label)
    await asyncio.gather(*tasks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a client's bot waits before each move (default 0.5)")
    parser.add_argument("--level", default="random",
                        help="the clients' bot (default random: the cheapest, see above)")
    parser.add_argument("--server-bots", metavar="LEVEL",
                        help="a third seat at every table, a bot of LEVEL on the server")
    parser.add_argument("--bot-tables", type=int, metavar="N",
                        help="only N tables have the server's bot (default: all)")
    parser.add_argument("--bot-processes", type=int, metavar="N",
                        help="the server's bot processes (default: one per core but one)")
    parser.add_argument("--bot-nice", type=int, metavar="N",
                        help="their niceness above the server's (default bot_pool.NICE)")
    parser.add_argument("--no-save", action="store_true", help="no autosave on the server")
    parser.add_argument("--tracemalloc", action="store_true",
                        help="also the server's Python allocations (slower; prints what grew)")
    parser.add_argument("--profile", metavar="FILE",
                        help="profile the server (cProfile) into FILE (pstats format)")
    args = parser.parse_args(argv)

    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    with tempfile.TemporaryDirectory(prefix="splendor-load-") as folder:
        child = context.Process(target=serve, args=(
            theirs, args.tables, None if args.no_save else folder, args.tracemalloc,
            args.profile, args.server_bots,
            args.tables if args.bot_tables is None else args.bot_tables,
            (args.bot_processes, args.bot_nice)))
        child.start()
        assert child.pid is not None
        _, port = ours.recv()
        empty = rss_kib(child.pid)
        ours.send("open")
        ours.recv()
        memory: list[tuple[str, int, int, int, int, int]] = []
        bots_cpu, bot_moves, bots_until = 0.0, 0, 0.0

        def sample(label: str) -> None:
            nonlocal bots_cpu, bot_moves, bots_until
            ours.send("count")
            held, _opened, _connections, traced, bot_moves = ours.recv()
            bots_until = time.perf_counter() - started
            bots = family(pid)  # started with the first bot move: their CPU is the run's
            bots_cpu, bots_kib = usage(bots)
            memory.append((label, held, rss_kib(pid), traced, len(bots), bots_kib))

        pid = child.pid
        started, server_cpu = time.perf_counter(), cpu_seconds(pid)
        client_cpu = time.process_time()
        run = Run(f"ws://127.0.0.1:{port}", args.level, args.think,
                  started + args.seconds)
        warm = min(10.0, args.seconds / 4)
        at = [started + warm, started + args.seconds / 2, started + args.seconds - 1]
        asyncio.run(drive(run, 2 * args.tables, at, sample))
        elapsed = time.perf_counter() - started
        server_cpu = cpu_seconds(pid) - server_cpu
        client_cpu = time.process_time() - client_cpu
        ours.send("stop")
        ours.recv()
        child.join(10)

    delays_ms = [d * 1000 for d in run.delays]
    server_bots = ""
    if args.server_bots:
        which = "" if args.bot_tables is None else f" at {args.bot_tables} of them"
        server_bots = f", a {args.server_bots} bot on the server{which}"
    print(f"tables held: {args.tables} (2 remote seats each, {args.level} bots thinking "
          f"{args.think:g} s{server_bots}; autosave {'off' if args.no_save else 'on'}), "
          f"{args.seconds:g} s")
    print(f"games finished: {run.games}; actions: {run.actions} "
          f"({run.actions / elapsed:.0f} per second); client failures: {run.failures}; "
          f"joins refused while every table was full: {run.waits}")
    if args.server_bots:
        print(f"server bot moves: {bot_moves} ({bot_moves / bots_until:.1f} per second), "
              f"their processes {100 * bots_cpu / bots_until:.0f}% of a core")
    if delays_ms:
        print(f"Play sent -> every seat's State: p50 {percentile(delays_ms, 50):.1f} ms, "
              f"p95 {percentile(delays_ms, 95):.1f} ms, max {max(delays_ms):.1f} ms "
              f"({len(delays_ms)} moves)")
    print(f"CPU: the server {100 * server_cpu / elapsed:.0f}% of a core, the clients "
          f"{100 * client_cpu / elapsed:.0f}%; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")
    print(f"server memory: {empty / 1024:.1f} MiB empty")
    for label, held, kib, traced, bots, bots_kib in memory:
        python = f", Python heap {traced / 2**20:.1f} MiB" if traced else ""
        processes = f"; bot processes: {bots}, {bots_kib / 1024:.1f} MiB RSS" if bots else ""
        print(f"  {label:6} {held} tables, {kib / 1024:.1f} MiB RSS, "
              f"{(kib - empty) / max(1, held):.0f} KiB per table{python}{processes}")
    met = bool(delays_ms) and percentile(delays_ms, 95) < TARGET_P95_MS
    print(f"target p95 < {TARGET_P95_MS:g} ms: {'met' if met else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
