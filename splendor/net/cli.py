"""The `serve` and `join` commands (network play without a window)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

DEFAULT_PORT = 7437
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


def _address(text: str) -> str:
    """`text` as a WebSocket URL (`host:port` gets `ws://`)."""
    url = text if "://" in text else f"ws://{text}"
    if not url.startswith(("ws://", "wss://")) or len(url) > 200:
        raise argparse.ArgumentTypeError(f"expected host:port or ws://host:port, not {text!r}")
    return url


def add_net_commands(sub: Any) -> None:
    serve = sub.add_parser("serve", help="host one table for network play (no window)")
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                       help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT,
                       help=f"port to listen on (default {DEFAULT_PORT}; 0: any free one)")
    serve.add_argument("--open-table", type=_table, default=_table("players=2"),
                       metavar="SPEC", help="players=2|3|4, module=NAME, bots=LEVEL+LEVEL "
                       "(the last seats; the others wait for players), comma-separated; "
                       "default players=2")
    serve.add_argument("--seed", type=int, help="deal from this seed (default: random)")
    serve.add_argument("--record", type=Path, metavar="FILE",
                       help="write the game record here (default: splendor-game-<time>.json)")
    join = sub.add_parser("join", help="take the first open seat at a server's table and "
                                       "let a bot play it to the end")
    join.add_argument("address", type=_address, help="host:port or ws://host:port")
    join.add_argument("--bot", type=_level, required=True, metavar="LEVEL",
                      help="the bot that plays the seat")
    join.add_argument("--name", type=_name, help="the name at the table (default: the bot's)")
    join.add_argument("--record", type=Path, metavar="FILE", help="write the game record here")


def run_net_command(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_serve(args) if args.command == "serve" else _join(args))
    except OSError as exc:  # a port in use, a server that is not there
        print(f"splendor {args.command}: {exc}", file=sys.stderr)
        return 1


async def _serve(args: argparse.Namespace) -> int:
    from splendor.gamedata import base_game
    from splendor.net.server import GameServer

    spec = args.open_table
    record = args.record or Path(time.strftime("splendor-game-%Y%m%d-%H%M%S.json"))
    server = GameServer(base_game(), spec, seed=args.seed, record_path=record)
    port = await server.start(args.bind, args.port)
    module = f", module {spec.module}" if spec.module else ""
    bots = f", bots {'+'.join(spec.bots)}" if spec.bots else ""
    print(f"Serving a table of {spec.players}{module}{bots} on ws://{args.bind}:{port}",
          flush=True)
    try:
        await server.finished.wait()
        print(f"Game over; record written to {record}", flush=True)
        await asyncio.sleep(_GRACE)
    finally:
        await server.close()
    return 0


async def _join(args: argparse.Namespace) -> int:
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    from splendor.engine import replay
    from splendor.gamedata import base_game
    from splendor.net.client import GameClient, Refused, play_bot
    from splendor.net.errors import ProtocolError

    data = base_game()
    client = GameClient(args.address, args.name or f"{args.bot.capitalize()} bot", data)
    try:
        welcome = await client.connect()
        print(f"Seated at seat {welcome.seat + 1} of {welcome.table.players}", flush=True)
        await play_bot(client, args.bot)
    except Refused as exc:
        print(f"splendor join: {exc}", file=sys.stderr)
        return 1
    except (ConnectionClosed, InvalidHandshake, InvalidURI, ProtocolError) as exc:
        print(f"splendor join: the connection failed: {exc}", file=sys.stderr)
        return 1
    finally:
        await client.close()
    assert client.record is not None
    state = replay(data, client.record)  # checks the server's record before keeping it
    print(f"Game over after {len(state.history)} moves; scores {list(state.scores())}")
    if args.record:
        from splendor.storage.atomic import StorageError, atomic_write_text

        try:
            atomic_write_text(args.record, json.dumps(client.record, indent=1) + "\n")
        except StorageError as exc:
            print(f"splendor join: record not written: {exc}", file=sys.stderr)
            return 1
        print(f"Record written to {args.record}")
    return 0
