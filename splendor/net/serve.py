"""The `serve` command: a game server with no window, its tables saved (unless told not
to) in a folder it alone uses, each finished game's record kept in the data folder."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ssl
import sys
import time
from pathlib import Path
from typing import Any

from splendor.net.table import TableSpec

#: Seconds the server stays up after the game so that every client gets the last State
#: and the record before the connections close.
GRACE = 1.0


def _say(text: str) -> None:
    print(f"splendor serve: {text}", file=sys.stderr, flush=True)


def tls_context(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
    """The server's TLS context, None without a certificate; ValueError saying what is
    wrong with the files."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise ValueError("--cert and --key go together")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key)
    except FileNotFoundError as exc:
        raise ValueError(f"no such file: {exc.filename}") from None
    except (ssl.SSLError, OSError) as exc:
        raise ValueError(f"cannot use the certificate {cert} with the key {key}: "
                         f"{exc}") from None
    return context


def describe(spec: TableSpec) -> str:
    module = f", module {spec.module}" if spec.module else ""
    bots = f", bots {'+'.join(spec.bots)}" if spec.bots else ""
    return f"{spec.players} players{module}{bots}"


def more_files() -> None:
    """Raise the open-files limit to its ceiling: each connection is a file, and the
    usual 1,024 is less than a full server's seats and lobby (Windows has no such limit)."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _record_name(stamp: str, table_id: str) -> str:
    return f"splendor-game-{stamp}-{table_id}.json"


def _storage_hook(table: Any, problem: str | None) -> None:
    """The host hears at once when a table cannot be saved, and when it can again."""
    if problem is not None:
        _say(f"table {table.id} cannot be saved, its moves wait until it can (retrying): "
             f"{problem}")
    else:
        _say(f"table {table.id} is saved again")


async def run_serve(args: argparse.Namespace) -> int:
    from splendor.gamedata import base_game
    from splendor.net.autosave import FolderBusy
    from splendor.net.server import GameServer
    from splendor.storage.atomic import StorageError
    from splendor.storage.paths import net_records_dir, net_tables_dir

    try:
        context = tls_context(args.cert, args.key)
    except ValueError as exc:
        _say(str(exc))
        return 2
    specs: list[TableSpec] = list(args.open_table or [])
    if args.record and len(specs) > 1:
        _say("--record goes with exactly one --open-table")
        return 2
    save_dir = (args.save_dir or net_tables_dir()) if args.save else None
    try:
        server = GameServer(base_game(), save_dir=save_dir, on_storage=_storage_hook,
                            replace_after=args.replace_after,
                            replace_level=args.replace_level)
    except FolderBusy as exc:
        _say(f"{exc}: choose another --save-dir")
        return 2
    except (StorageError, OSError) as exc:
        _say(f"cannot save tables in {save_dir}: {exc}. Choose a folder it can write in "
             f"with --save-dir, or play without saving with --no-save (a stop or a crash "
             f"then loses every table)")
        return 2
    more_files()
    records = net_records_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    tables = await server.resume()
    for table in tables:
        table.record_path = table.record_path or records / _record_name(stamp, table.id)
        moves = len(table.state.history) if table.state is not None else 0
        print(f"Resumed table {table.id}: {describe(table.spec)}, at move {moves}",
              flush=True)
    if not specs and not tables:
        specs = [TableSpec(2)]
    announcing: asyncio.Task[None] | None = None
    try:
        for i, spec in enumerate(specs):
            seed = args.seed + i if args.seed is not None else None
            table = server.open_table(spec, seed=seed)
            table.record_path = args.record or records / _record_name(stamp, table.id)
            tables.append(table)
            print(f"Table {table.id}: {describe(spec)}", flush=True)
        port = await server.start(args.bind, args.port, ssl=context)
        scheme = "wss" if context is not None else "ws"
        host = f"[{args.bind}]" if ":" in args.bind else args.bind  # an IPv6 address
        print(f"Serving {len(tables)} table(s) on {scheme}://{host}:{port}", flush=True)
        if save_dir is not None:
            print(f"Saving tables in {save_dir}; records of finished games in "
                  f"{args.record or records}", flush=True)
        else:
            print(f"Not saving: a stop loses every table; records of finished games in "
                  f"{args.record or records}", flush=True)
        if args.announce and args.bind not in ("127.0.0.1", "localhost", "::1"):
            from splendor.net.announce import Announcer

            announcing = asyncio.get_running_loop().create_task(
                Announcer(port, addresses=None if args.bind in ("0.0.0.0", "::")
                          else [args.bind]).follow(lambda: server.tables.values()))
            print("Announced on the local network (_splendor._tcp)", flush=True)
        for table in tables:
            await table.finished.wait()
            if table.record_path is not None and table.recorded:
                print(f"Table {table.id} is over; record written to {table.record_path}",
                      flush=True)
            else:
                print(f"Table {table.id} is over; its record was not written", flush=True)
        await asyncio.sleep(GRACE)
    finally:
        if announcing is not None:
            announcing.cancel()
        await server.close()
    return 0
