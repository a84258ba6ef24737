"""The `serve` and `join` commands (network play without a window)."""

from __future__ import annotations

import argparse
import asyncio
import re
import ssl
import sys
import time
from pathlib import Path
from typing import Any

from splendor.net.protocol import DEFAULT_PORT

#: Seconds the server stays up after the game so that every client gets the last State
#: and the record before the connections close.
_GRACE = 1.0


def _table(text: str) -> Any:
    from splendor.net.table import parse_table

    try:
        return parse_table(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"bad table {text!r}: {exc}") from None


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return int(text)


def _level(text: str) -> str:
    from splendor.bots import BOT_NAMES

    if text not in BOT_NAMES:
        raise argparse.ArgumentTypeError(f"unknown bot {text!r} (known: "
                                         f"{', '.join(BOT_NAMES)})")
    return text


def _name(text: str) -> str:
    from splendor.net.protocol import MAX_NAME

    if not text.strip() or len(text) > MAX_NAME or not text.isprintable():
        raise argparse.ArgumentTypeError(f"a name is 1 to {MAX_NAME} printable characters")
    return text


def _table_id(text: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,24}", text):
        raise argparse.ArgumentTypeError(f"a table id is 1 to 24 letters, digits, - or _, "
                                         f"not {text!r}")
    return text


def _address(text: str) -> str:
    """`text` as a WebSocket URL (`host:port` gets `ws://`)."""
    url = text if "://" in text else f"ws://{text}"
    if not url.startswith(("ws://", "wss://")) or len(url) > 200:
        raise argparse.ArgumentTypeError(f"expected host:port or ws://host:port, not {text!r}")
    return url


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < 10**7:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}")
    return value


def default_save_dir() -> Path:
    """Where `serve` keeps its tables unless told: `net_tables` in the data folder."""
    from splendor.storage.paths import data_dir

    return data_dir() / "net_tables"


def add_net_commands(sub: Any) -> None:
    serve = sub.add_parser("serve", help="host tables for network play (no window)")
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                       help="address to listen on (default 127.0.0.1: this machine only; "
                       "0.0.0.0: every network)")
    serve.add_argument("--no-announce", dest="announce", action="store_false",
                       help="do not announce the tables on the local network (they are "
                       "announced when listening beyond this machine)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT,
                       help=f"port to listen on (default {DEFAULT_PORT}; 0: any free one)")
    serve.add_argument("--open-table", type=_table, action="append", metavar="SPEC",
                       help="open a table: players=2|3|4, module=NAME, bots=LEVEL+LEVEL (the "
                       "last seats; the others wait for players), comma-separated; "
                       "repeatable (default: one table of players=2, unless tables resume)")
    serve.add_argument("--seed", type=int, help="deal from this seed (default: random)")
    serve.add_argument("--record", type=Path, metavar="FILE",
                       help="with one table: write its record here (default: "
                       "splendor-game-<time>-<table>.json)")
    serve.add_argument("--cert", type=Path, metavar="FILE",
                       help="TLS certificate (PEM; with --key): clients use wss://")
    serve.add_argument("--key", type=Path, metavar="FILE", help="its private key (PEM)")
    serve.add_argument("--save-dir", type=Path, metavar="DIR",
                       help="save each table here after every move, and resume the "
                       "unfinished ones at start (default: net_tables in the data folder)")
    serve.add_argument("--replace-after", type=_seconds, default=0.0, metavar="SECONDS",
                       help="hand the seat of a player away this long during a game to a "
                       "bot (default 0: never)")
    serve.add_argument("--replace-level", type=_level, default="medium", metavar="LEVEL",
                       help="the bot that takes over such a seat (default medium)")
    from splendor.net.join import DEFAULT_GIVE_UP, parse_token

    join = sub.add_parser(
        "join", help="take an open seat at a server's table and let a bot play it to the end",
        description="Take a seat at a server's table and let a bot play it to the end. The "
        "seat's token is kept in the data folder until the game is over: after a drop or a "
        "restart of the server, join comes back to the seat (pauses from 0.5 s doubling to "
        "10 s), and join run again for the same address takes it back. It ends with status "
        "1 when the first connection fails, when the server refuses the seat (its token "
        "unknown, the seat handed to a bot, the table gone) or stays away --give-up-after "
        "seconds.")
    join.add_argument("address", type=_address,
                      help="host:port, ws://host:port or wss://host:port")
    join.add_argument("--bot", type=_level, required=True, metavar="LEVEL",
                      help="the bot that plays the seat")
    join.add_argument("--name", type=_name, help="the name at the table (default: the bot's)")
    join.add_argument("--table", type=_table_id, metavar="ID",
                      help="the table to join (default: the first with an open seat)")
    join.add_argument("--token", type=parse_token,
                      help="take back the seat this token holds, at whichever table; write "
                      "--token=TOKEN, as a token may begin with - (default: the seat kept for "
                      "this address and --table, if nobody plays it now; else an open seat)")
    join.add_argument("--give-up-after", type=_seconds, default=DEFAULT_GIVE_UP,
                      metavar="SECONDS", help="after a drop, give up when the server has not "
                      f"taken the seat back for this long (default {DEFAULT_GIVE_UP:g}; 0: at "
                      "once)")
    join.add_argument("--record", type=Path, metavar="FILE", help="write the game record here")
    join.add_argument("--dump", type=Path, metavar="FILE",
                      help="write every message received here, one a line, as received")
    join.add_argument("--cafile", type=Path, metavar="FILE",
                      help="trust this certificate (a server's self-signed one) for wss://")


def run_net_command(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_serve(args) if args.command == "serve" else _join(args))
    except OSError as exc:  # a port in use, a server that is not there
        print(f"splendor {args.command}: {exc}", file=sys.stderr)
        return 1


def _tls(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
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


def _describe(spec: Any) -> str:
    module = f", module {spec.module}" if spec.module else ""
    bots = f", bots {'+'.join(spec.bots)}" if spec.bots else ""
    return f"{spec.players} players{module}{bots}"


async def _serve(args: argparse.Namespace) -> int:
    from splendor.gamedata import base_game
    from splendor.net.server import GameServer

    try:
        context = _tls(args.cert, args.key)
    except ValueError as exc:
        print(f"splendor serve: {exc}", file=sys.stderr)
        return 2
    server = GameServer(base_game(), save_dir=args.save_dir or default_save_dir(),
                        replace_after=args.replace_after, replace_level=args.replace_level)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    tables = await server.resume()
    for table in tables:
        table.record_path = Path(f"splendor-game-{stamp}-{table.id}.json")
        moves = len(table.state.history) if table.state is not None else 0
        print(f"Resumed table {table.id}: {_describe(table.spec)}, at move {moves}",
              flush=True)
    specs = args.open_table or ([] if tables else [_table("players=2")])
    announcing: asyncio.Task[None] | None = None
    if args.record and len(specs) != 1:
        print("splendor serve: --record goes with exactly one --open-table", file=sys.stderr)
        return 2
    for i, spec in enumerate(specs):
        seed = args.seed + i if args.seed is not None else None
        table = server.open_table(spec, seed=seed)
        table.record_path = args.record or Path(f"splendor-game-{stamp}-{table.id}.json")
        tables.append(table)
        print(f"Table {table.id}: {_describe(spec)}", flush=True)
    try:
        port = await server.start(args.bind, args.port, ssl=context)
        scheme = "wss" if context is not None else "ws"
        print(f"Serving {len(tables)} table(s) on {scheme}://{args.bind}:{port}", flush=True)
        if args.announce and args.bind not in ("127.0.0.1", "localhost", "::1"):
            from splendor.net.announce import Announcer

            announcing = asyncio.get_running_loop().create_task(
                Announcer(port, addresses=None if args.bind in ("0.0.0.0", "::")
                          else [args.bind]).follow(lambda: server.tables.values()))
            print("Announced on the local network (_splendor._tcp)", flush=True)
        for table in tables:
            await table.finished.wait()
            if table.record_path is not None:
                print(f"Table {table.id} is over; record written to {table.record_path}",
                      flush=True)
        await asyncio.sleep(_GRACE)
    finally:
        if announcing is not None:
            announcing.cancel()
        await server.close()
    return 0


async def _join(args: argparse.Namespace) -> int:
    from splendor.net.join import run_join

    return await run_join(args)
