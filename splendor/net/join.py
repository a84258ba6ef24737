"""The `join` command: a bot takes a seat at a server's table and plays it to the end,
coming back to it with the seat's token after a drop or a restart of the server.

The token is kept in the data folder (`storage/net_seats.py`, in `join_seats.json`, apart
from the window's seats) from the Welcome until the game is over, so that `join` run again
for the same address comes back to the seat. After a drop the bot tries again with pauses
from 0.5 s doubling to 10 s (each shortened at random, so that bots dropped together do
not come back together), until the server answers or `--give-up-after` seconds have
passed. A refusal of the seat's token is final: the seat is gone.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import ssl
import sys
from collections.abc import Awaitable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from splendor.engine import GameData
    from splendor.net.client import GameClient
    from splendor.net.protocol import Welcome
    from splendor.storage.net_seats import HeldSeat

T = TypeVar("T")

FIRST_PAUSE = 0.5
MAX_PAUSE = 10.0
#: A connection that lasted this long starts the pauses from FIRST_PAUSE again (one that
#: keeps closing soon after the Welcome is tried ever less often).
STEADY = 10.0
#: Seconds a server has to answer a connection with its Welcome (and the view).
ANSWER_TIMEOUT = 15.0
#: Seconds without the server after a drop before `join` gives up (`--give-up-after`).
DEFAULT_GIVE_UP = 300.0
#: Refusals that pass: tried again after a pause. Any other refusal is final.
PASSING = frozenset({"rate_limited", "too_slow", "busy"})
#: The refusals that say a token's seat is gone for good (it is forgotten).
SEAT_GONE = frozenset({"bad_token", "no_such_table", "seat_taken", "game_over"})

_REASONS = {
    "bad_token": "the server knows no seat with this token (its table is gone, or the "
                 "server started again without its saved tables)",
    "seat_taken": "the seat was handed to a bot while this one was away",
    "no_such_table": "there is no such table (any more)",
    "table_full": "no open seat",
    "game_over": "the game is over",
    "version_mismatch": "the server speaks another version of the game's protocol",
    "busy": "the server has too many connections now",
}

#: What the server's tokens look like (secrets.token_urlsafe: 32 of these characters).
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: The reason a server gives when the same seat was taken by a newer connection.
_ELSEWHERE = "reconnected elsewhere"


def parse_token(text: str) -> str:
    """`--token`: a seat token as the server gives it, or an argparse error."""
    if not _TOKEN.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"a seat token is 16 to 64 letters, digits, - or _ (as `join` printed it or "
            f"the host gave it), not {text!r}")
    return text


def reason(code: str) -> str:
    """A refusal's code in words, the code after them."""
    return f"{_REASONS.get(code, 'the server refused')} ({code})"


class Stop(Exception):
    """`join` ends without its game; the message says why (exit status 1)."""


class Joiner:
    """One bot's seat at the server at `url`, held through drops."""

    def __init__(self, url: str, name: str, level: str, data: GameData, *,
                 give_up_after: float, ssl_context: ssl.SSLContext | None = None,
                 dump: IO[bytes] | None = None) -> None:
        from splendor.storage.paths import join_seats_path

        self.url, self.name, self.level, self.data = url, name, level, data
        self.give_up_after = give_up_after
        self.ssl = ssl_context
        self.dump = dump
        self.kept_at = join_seats_path()
        #: The seat held (None before the first Welcome).
        self.held: HeldSeat | None = None
        self._pause = FIRST_PAUSE

    # ------------------------------------------------------------ connections

    def _client(self, token: str | None = None, table: str | None = None) -> GameClient:
        from splendor.net.client import GameClient

        return GameClient(self.url, self.name, self.data, token, table=table, ssl=self.ssl,
                          on_raw=self._dump if self.dump is not None else None)

    def _dump(self, raw: bytes) -> None:
        assert self.dump is not None
        self.dump.write(raw + b"\n")

    async def _sit(self, client: GameClient) -> Welcome:
        """Say Hello with `client` and wait for the Welcome and, in a game, the view;
        Refused, or the error of a connection that failed (closed either way)."""
        try:
            async with asyncio.timeout(ANSWER_TIMEOUT):
                welcome = await client.connect()
                while welcome.table.started and client.view is None:
                    await client.receive()
        except BaseException:
            await client.close()
            raise
        self._keep(client, welcome)
        return welcome

    def _keep(self, client: GameClient, welcome: Welcome) -> None:
        from splendor.storage.atomic import StorageError
        from splendor.storage.net_seats import HeldSeat, hold_seat

        assert client.token is not None
        table = welcome.table
        title = table.title or f"Table for {table.players}"  # as a console says it
        old, self.held = self.held, HeldSeat(self.url, table.id, welcome.seat, client.token,
                                             self.name, title)
        try:
            hold_seat(self.held, self.kept_at)
        except StorageError as exc:  # the seat is still ours while this process runs
            print(f"splendor join: the seat's token is not kept ({exc}); if this process "
                  f"ends, only --token takes the seat back", file=sys.stderr, flush=True)
        if old is not None and (old.table, old.seat) != (self.held.table, self.held.seat):
            # A seat left before the start is freed: the server seats its token elsewhere.
            self._forget(old.table, old.seat)

    def _forget(self, table: str, seat: int | None = None) -> None:
        from splendor.storage.atomic import StorageError
        from splendor.storage.net_seats import release_seat

        try:
            release_seat(self.url, table, seat, self.kept_at)
        except StorageError as exc:
            print(f"splendor join: {exc}", file=sys.stderr, flush=True)

    def _remembered(self, table: str | None) -> list[HeldSeat]:
        from splendor.storage.net_seats import held_seats

        held, problem = held_seats(self.kept_at)
        if problem is not None:
            print(f"splendor join: the seats kept in {self.kept_at} cannot be read "
                  f"({problem.detail}); taking an open seat", file=sys.stderr, flush=True)
        return [h for h in held if h.url == self.url and table in (None, h.table)]

    # ------------------------------------------------------------ the first seat

    async def first_seat(self, token: str | None, table: str | None) -> GameClient:
        """Seated: at `token`'s seat; else at a seat kept for this server (and `table`)
        that no connection holds now; else at an open seat (of `table`). Stop when the
        server cannot be reached or refuses (the first connection is not tried again)."""
        from splendor.net.client import Refused

        if token is not None:
            return await self._first(self._client(token), "the seat of this token")
        remembered = self._remembered(table)
        if remembered:
            lister = self._client()
            try:
                listed = await self._reach(lister.list_tables())
            except Refused as exc:
                raise Stop(f"{self.url} does not list its tables: {reason(exc.code)}") from None
            finally:
                await lister.close()
            # A seat another `join` of this machine plays now is left to it.
            in_use = {(t.id, s.seat) for t in listed for s in t.seats if s.connected}
            for held in remembered:
                where = f"seat {held.seat + 1} of table {held.table}"
                if (held.table, held.seat) in in_use:
                    print(f"The kept {where} is played by another connection now; "
                          f"leaving it to that one", flush=True)
                    continue
                client = self._client(held.token)
                try:
                    return await self._first(client, where, quiet=SEAT_GONE)
                except Refused as exc:
                    self._forget(held.table, held.seat)
                    print(f"The kept {where} is gone: {reason(exc.code)}; forgotten",
                          flush=True)
        where = f"table {table}" if table else "any table"
        return await self._first(self._client(table=table), f"an open seat at {where}")

    async def _first(self, client: GameClient, wanted: str,
                     quiet: frozenset[str] = frozenset()) -> GameClient:
        """`client` seated; Stop when it cannot be, except for the refusals `quiet`
        (raised as they are)."""
        from splendor.net.client import Refused

        new = client.token is None
        try:
            welcome = await self._reach(self._sit(client))
        except Refused as exc:
            if exc.code in quiet:
                raise
            raise Stop(f"cannot take {wanted} at {self.url}: {reason(exc.code)}") from None
        return self._seated(client, welcome, new=new)

    async def _reach(self, step: Awaitable[T]) -> T:
        """`step` awaited, a connection that fails turned into Stop."""
        from splendor.net.errors import ProtocolError

        try:
            return await step
        except ProtocolError as exc:
            raise Stop(_unreadable(self.url, exc)) from None
        except _unreachable() as exc:
            raise Stop(f"cannot reach {self.url}: {_said(exc)}") from None

    def _seated(self, client: GameClient, welcome: Welcome, *, new: bool) -> GameClient:
        """Say where `client` sits now."""
        assert self.held is not None
        if new:
            print(f"Seated at seat {welcome.seat + 1} of {welcome.table.players} at table "
                  f"{welcome.table.id}", flush=True)
            # Another machine needs the token to take the seat back; `=` since a token
            # may begin with '-'.
            print(f"To take this seat back from elsewhere (the token is secret): python -m "
                  f"splendor join {self.url} --bot {self.level} --token={self.held.token}",
                  flush=True)
        elif client.view is not None:
            print(f"Back at {self._where()} at move {len(client.view.history)}", flush=True)
        else:
            print(f"Back at {self._where()}; the game has not begun", flush=True)
        return client

    # ------------------------------------------------------------ playing through drops

    async def play(self, client: GameClient) -> GameClient:
        """Let the bot play `client`'s seat until the record comes, coming back after
        each drop; the last client (with the record). Stop when coming back fails."""
        from websockets.exceptions import ConnectionClosed

        from splendor.net.client import play_bot
        from splendor.net.errors import ProtocolError

        loop = asyncio.get_running_loop()
        while True:
            began = loop.time()
            try:
                await play_bot(client, self.level)
                break
            except ConnectionClosed as exc:
                await client.close()
                if exc.rcvd is not None and exc.rcvd.reason == _ELSEWHERE:
                    raise Stop(f"another connection took {self._where()} with its token; "
                               f"leaving the seat to it") from None
            except ProtocolError as exc:
                await client.close()
                raise Stop(_unreadable(self.url, exc)) from None
            if loop.time() - began >= STEADY:
                self._pause = FIRST_PAUSE
            client = await self._come_back()
        await client.close()
        assert self.held is not None
        self._forget(self.held.table)  # nothing to come back to any more
        return client

    def _where(self) -> str:
        assert self.held is not None
        return f"seat {self.held.seat + 1} of table {self.held.table}"

    async def _come_back(self) -> GameClient:
        """Seated again with the token, trying until `give_up_after` seconds pass."""
        from splendor.net.client import Refused
        from splendor.net.errors import ProtocolError

        assert self.held is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.give_up_after
        why = "Connection lost"
        while True:
            left = deadline - loop.time()
            if left <= 0:
                raise Stop(f"gave up after {self.give_up_after:g} s without the server at "
                           f"{self.url}; the seat's token is kept: `join {self.url}` run "
                           f"again takes {self._where()} back")
            pause = min(left, self._pause * random.uniform(0.5, 1.0))
            self._pause = min(MAX_PAUSE, self._pause * 2)
            print(f"{why}; trying again in {pause:.1f} s", flush=True)
            await asyncio.sleep(pause)
            client = self._client(self.held.token)
            try:
                welcome = await self._sit(client)
            except Refused as exc:
                if exc.code in PASSING:
                    why = f"The server is busy ({exc.code})"
                    continue
                if exc.code in SEAT_GONE:
                    self._forget(self.held.table, self.held.seat)
                raise Stop(f"cannot come back to {self._where()} at {self.url}: "
                           f"{reason(exc.code)}") from None
            except ProtocolError as exc:
                raise Stop(_unreadable(self.url, exc)) from None
            except _unreachable() as exc:
                why = f"No answer from {self.url} ({_said(exc)})"
                continue
            return self._seated(client, welcome, new=False)


def _unreachable() -> tuple[type[BaseException], ...]:
    """The errors of a connection that could not be made or was lost."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    return (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidURI,
            ssl.SSLError)


def _unreadable(url: str, exc: Exception) -> str:
    return f"the server at {url} sent what this version cannot read ({exc})"


def _said(exc: BaseException) -> str:
    """What went wrong with a connection, in words."""
    if isinstance(exc, TimeoutError):
        return f"no answer within {ANSWER_TIMEOUT:g} s"
    if isinstance(exc, OSError) and not isinstance(exc, ssl.SSLError) and exc.errno:
        # asyncio's own text lists every address tried; the system's says what happened.
        return os.strerror(exc.errno) if exc.errno > 0 else exc.strerror or str(exc)
    return str(exc) or type(exc).__name__


async def run_join(args: argparse.Namespace) -> int:
    """`join` with its parsed arguments: 0 once the game is over, 1 when it ends without
    it, 2 for a certificate file it cannot use."""
    from splendor.engine import replay
    from splendor.gamedata import base_game

    context = None
    if args.cafile is not None:
        try:
            context = ssl.create_default_context(cafile=args.cafile)
        except (OSError, ssl.SSLError) as exc:
            print(f"splendor join: cannot use {args.cafile}: {exc}", file=sys.stderr)
            return 2
    data = base_game()
    dump = args.dump.open("wb") if args.dump is not None else None
    joiner = Joiner(args.address, args.name or f"{args.bot.capitalize()} bot", args.bot,
                    data, give_up_after=args.give_up_after, ssl_context=context, dump=dump)
    try:
        client = await joiner.play(await joiner.first_seat(args.token, args.table))
    except Stop as exc:
        print(f"splendor join: {exc}", file=sys.stderr)
        return 1
    finally:
        if dump is not None:
            dump.close()
    assert client.record is not None
    state = replay(data, client.record)  # checks the server's record before keeping it
    print(f"Game over after {len(state.history)} moves; scores {list(state.scores())}")
    if args.record:
        return _write_record(args.record, client.record)
    return 0


def _write_record(path: Path, record: dict[str, Any]) -> int:
    from splendor.storage.atomic import StorageError, atomic_write_text

    try:
        atomic_write_text(path, json.dumps(record, indent=1) + "\n")
    except StorageError as exc:
        print(f"splendor join: record not written: {exc}", file=sys.stderr)
        return 1
    print(f"Record written to {path}")
    return 0
