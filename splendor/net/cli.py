"""The `serve` and `join` commands (network play without a window)."""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from pathlib import Path
from typing import Any

from splendor.net.protocol import DEFAULT_PORT

#: Seconds a player may be away during a game before a bot takes the seat (serve's
#: default: no table waits for ever on someone who left).
DEFAULT_REPLACE_AFTER = 120.0


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
                       "splendor-game-<time>-<table>.json in net_records in the data folder)")
    serve.add_argument("--cert", type=Path, metavar="FILE",
                       help="TLS certificate (PEM; with --key): clients use wss://")
    serve.add_argument("--key", type=Path, metavar="FILE", help="its private key (PEM)")
    serve.add_argument("--save-dir", type=Path, metavar="DIR",
                       help="save each table here after every move (a move is shown to the "
                       "players once it is saved), and resume the unfinished ones at start "
                       "(default: net_tables in the data folder). One server a folder; "
                       "serve refuses a folder it cannot write in")
    serve.add_argument("--no-save", dest="save", action="store_false",
                       help="save nothing: a stop or a crash loses every table")
    serve.add_argument("--replace-after", type=_seconds, default=DEFAULT_REPLACE_AFTER,
                       metavar="SECONDS",
                       help="hand the seat of a player away this long during a game to a "
                       "bot, announced to the others when they leave (default "
                       f"{DEFAULT_REPLACE_AFTER:g}; 0: never, and an absent player stalls "
                       "the table until they come back). Before the game, a seat whose "
                       "player leaves is free again at once")
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


async def _serve(args: argparse.Namespace) -> int:
    from splendor.net.serve import run_serve

    return await run_serve(args)


async def _join(args: argparse.Namespace) -> int:
    from splendor.net.join import run_join

    return await run_join(args)
