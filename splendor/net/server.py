"""The game server: tables (net/game_table.py), each the one authority over its game, and
the connections to them, over WebSockets (asyncio).

A connection may ask which tables there are (ListTables) and then says Hello: with a seat
token it takes that seat back, wherever it is; else it takes an open seat of the table it
names (or of the first table with one). From then on its messages go to its table. Each
connection sends through a queue of its own (net/outbox.py), so that one slow client
never delays the others. With a save folder every table is saved after each change (a
move is shown once it is on disk), `resume` brings back the unfinished ones after a
restart, and no other server may use the folder meanwhile.

Connections not seated yet (the lobby) are bounded: a few per address, a stay of at most
`Limits.lobby_stay` whatever they send, and a lobby that is full makes room by closing
its oldest, so that players coming back to their seats always get in.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import ssl as ssl_module
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from splendor.engine import GameData
from splendor.net import errors
from splendor.net.autosave import Saver, check_writable
from splendor.net.bot_pool import BotPool
from splendor.net.errors import ProtocolError
from splendor.net.game_table import CHAT_KEPT, PLAYED, Refusal, Table, TableError
from splendor.net.outbox import Outbox
from splendor.net.protocol import (
    MAX_LISTED,
    MAX_MESSAGE_BYTES,
    MAX_NAME,
    Error,
    Hello,
    ListTables,
    Ping,
    Pong,
    Tables,
    decode,
    encode,
    plain_name,
)
from splendor.net.table import TableSpec
from splendor.session import seeds

log = logging.getLogger(__name__)

__all__ = ["GameServer", "Limits", "Table", "TableError"]


@dataclass(frozen=True, slots=True)
class Limits:
    """What one connection, and the server as a whole, may cost."""

    #: Tables at once.
    max_tables: int = 500
    #: Connections not seated at once (listing tables, about to say Hello): one more
    #: closes the oldest. And from one address: one more is refused (`busy`). Seated
    #: connections are bounded by the seats (one each).
    max_lobby: int = 256
    per_address: int = 16
    #: Seconds a new connection has to send its first message; and the longest it may
    #: stay without a seat, whatever it sends.
    hello_timeout: float = 10.0
    lobby_stay: float = 60.0
    #: Messages per second a connection may send on average, and in a burst; an accepted
    #: move does not count (the game itself paces those, and a bot plays fast).
    rate: float = 20.0
    burst: int = 40
    #: Errors a connection may earn before it is closed.
    max_errors: int = 50
    #: WebSocket ping: how often, and how long to wait for the pong (then close).
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    #: Messages or bytes waiting to go out to one connection before it is cut off (it has
    #: stopped reading; it may come back with its token). At least what a (re)joining
    #: seat gets at once: Welcome, the chat kept, Lobby and State.
    max_queued: int = 512
    max_queued_bytes: int = 8 * 1024 * 1024
    #: Seconds a finished table stays (for its players to see the end), then it goes.
    keep_finished: float = 600.0


@dataclass
class _Bucket:
    """A token bucket: `take` is False when the connection sends too fast."""

    rate: float
    burst: int
    level: float = 0.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.level = float(self.burst)

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def refund(self) -> None:
        self.level = min(self.burst, self.level + 1)


def _joining(table: Table, seat: int | None) -> tuple[Table, int] | str:
    """The open seat of `table` a newcomer gets (`seat`, or the first), or the refusal's
    code."""
    seat_or_code = table.seat_to_join(seat)
    return seat_or_code if isinstance(seat_or_code, str) else (table, seat_or_code)


def _address(ws: ServerConnection) -> str:
    """The peer's IP address (a connection over a Unix socket or a proxy without one:
    '')."""
    peer = ws.remote_address
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""


def _bytes(raw: bytes | str) -> bytes:
    return raw.encode() if isinstance(raw, str) else raw


class GameServer:
    """Tables (`tables`, by id) served to WebSocket clients from `start` to `close`.

    Everything but the constructor runs on the server's event loop (from another thread,
    through LoopThread.call or submit)."""

    def __init__(self, data: GameData, *, limits: Limits | None = None,
                 save_dir: Path | None = None, replace_after: float = 0.0,
                 replace_level: str = "medium",
                 on_storage: Callable[[Table, str | None], None] | None = None,
                 bots: BotPool | None = None) -> None:
        """`save_dir`: where tables are saved (FolderBusy if another server uses it;
        StorageError if nothing can be written there). `on_storage` hears when saving a
        table fails (with the reason) and works again (None), besides its players.
        `bots`: the processes the bots think in, closed with the server (default: a
        `BotPool` of one per core but one)."""
        self.data = data
        self.limits = limits or Limits()
        if self.limits.max_queued < CHAT_KEPT + 8:
            raise ValueError(f"max_queued below what a joining seat gets ({CHAT_KEPT + 8})")
        self.save_dir = save_dir
        #: Seconds a seated player may be away during a game before a bot of
        #: `replace_level` plays the seat (0: never).
        self.replace_after = replace_after
        self.replace_level = replace_level
        self.tables: dict[str, Table] = {}
        #: The seat tokens of tables their host closed (the latest few hundred).
        self._closed_tokens: list[str] = []
        self.connections = 0
        #: The connections not seated yet, oldest first, with their addresses.
        self._lobby: dict[Outbox, str] = {}
        self._per_address: Counter[str] = Counter()
        self._server: Server | None = None
        self._saver = Saver(save_dir, on_storage) if save_dir is not None else None
        if self._saver is not None:
            self._saver.claim()
            try:
                check_writable(self._saver.folder)
            except BaseException:
                self._saver.release()
                raise
        #: The bots' processes, shared by every table (started as bots first think).
        self._bots = bots if bots is not None else BotPool()
        self._tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------ tables

    def open_table(self, spec: TableSpec, *, title: str | None = None, seed: int | None = None,
                   auto_start: bool = True, local_seats: tuple[int, ...] = (),
                   record_path: Path | None = None,
                   on_record: Callable[[Path], None] | None = None) -> Table:
        """A new table for `spec` (bots in its last seats), served from now; without a
        `title` each window words one in its own language, as it words the bots' names.
        `local_seats` are kept for people at the host's screen (they connect with
        `seat_token`). With `auto_start` the game starts once the last open seat is
        taken; else at `table.start()`. TableError when the server holds `max_tables`
        already."""
        if len(self.tables) >= self.limits.max_tables:
            raise TableError(f"this server holds {len(self.tables)} tables, its most")
        if any(not 0 <= s < spec.players or spec.seat_bot(s) for s in local_seats):
            raise TableError(f"local seats {local_seats} are not seats for people "
                             f"at a table of {spec.players}")
        if title is not None and not plain_name(title):
            raise TableError(f"a title is 1 to {MAX_NAME} characters of plain text")
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        table = Table(self.data, spec, table_id=table_id, title=title or "",
                      seed=seed if seed is not None else seeds.new_seed(),
                      tokens=[secrets.token_urlsafe(24) for _ in range(spec.players)],
                      auto_start=auto_start, local_seats=local_seats,
                      **self._table_args(record_path, on_record))
        self._add(table)
        table.changed()
        return table

    def _table_args(self, record_path: Path | None = None,
                    on_record: Callable[[Path], None] | None = None) -> dict[str, Any]:
        return {"bots": self._bots, "on_change": self._changed, "record_path": record_path,
                "on_record": on_record, "replace_after": self.replace_after,
                "replace_level": self.replace_level}

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self._spawn(self._forget_when_finished(table))

    async def resume(self) -> list[Table]:
        """Bring back every unfinished table saved in `save_dir` (same ids, tokens, seeds,
        its game replayed to where it was); the tables resumed."""
        if self._saver is None or not self._saver.folder.is_dir():
            return []
        tables = [t for t in self._saver.load_all(self.data, **self._table_args())
                  if t.id not in self.tables]
        for table in tables[:max(0, self.limits.max_tables - len(self.tables))]:
            self._add(table)
            log.info("table %s resumed at move %d", table.id,
                     len(table.state.history) if table.state else 0)
        return tables

    async def close_table(self, table_id: str) -> bool:
        """The host gives up a table whose game has not begun: its players are told
        (`no_such_table`) and let go, and its save goes (nothing was played). False when
        there is no such table, or its game has begun (then it stays, saved)."""
        table = self.tables.get(table_id)
        if table is None or table.started:
            return False
        del self.tables[table_id]
        # Its players coming back are told the table went, not that their seat is lost.
        self._closed_tokens.extend(slot.token for slot in table.seats)
        del self._closed_tokens[:-256]
        table.broadcast(Error(code=errors.NO_SUCH_TABLE))
        for slot in table.seats:
            if slot.out is not None:
                slot.out.close_after(1000, "table closed")
        table.close()
        if self._saver is not None:
            await self._saver.flush()
            self._saver.remove(table_id)
        return True

    def _changed(self, table: Table) -> None:
        if self.tables.get(table.id) is not table:
            return  # closed (its file is gone with it) or not served yet
        if self._saver is not None:
            self._saver.save(table)
        else:  # nothing to wait for: saved as it is
            table.saved(len(table.log))

    async def _forget_when_finished(self, table: Table) -> None:
        await table.finished.wait()
        await asyncio.sleep(self.limits.keep_finished)
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            table.close()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _replace_absent(self) -> None:
        """Hand the seats of players away longer than `replace_after` to bots."""
        while True:
            await asyncio.sleep(min(1.0, self.replace_after / 4))
            now = time.monotonic()
            for table in list(self.tables.values()):
                for seat in range(len(table.seats)):
                    if table.bot_in(seat, now) == 0:
                        await table.hand_to_bot(seat, self.replace_level)

    # ------------------------------------------------------------ listening

    async def start(self, host: str = "127.0.0.1", port: int = 0,
                    ssl: ssl_module.SSLContext | None = None) -> int:
        """Listen on `host`:`port` (0: any free port; TLS with `ssl`); the port."""
        # No per-message compression: a State is a few kilobytes, and deflate cost each
        # connection its own zlib buffers (memory per table grew with connections coming
        # and going) and the loop CPU on every message (benchmarks/server_load.py).
        self._server = await serve(
            self._handle, host, port, max_size=MAX_MESSAGE_BYTES, ssl=ssl,
            ping_interval=self.limits.ping_interval, ping_timeout=self.limits.ping_timeout,
            close_timeout=5, compression=None)
        if self.replace_after > 0:
            self._spawn(self._replace_absent())
        sockname = next(iter(self._server.sockets)).getsockname()
        return int(sockname[1])

    async def close(self) -> None:
        """Stop listening, close every connection, write what is not saved yet."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()
        for table in self.tables.values():
            table.close()
        await self._bots.close()
        if self._saver is not None:
            await self._saver.close()

    async def flush(self) -> None:
        """Until every table's latest change is on disk (tests, and before a shutdown)."""
        if self._saver is not None:
            await self._saver.flush()

    def listing(self) -> Tables:
        """The tables as ListTables answers: those with an open seat first, then the others
        not over."""
        tables = [t for t in self.tables.values() if not t.over]
        tables.sort(key=lambda t: not t.open_seats())
        return Tables(tables=[t.summary() for t in tables[:MAX_LISTED]])

    # ------------------------------------------------------------ connections

    async def _handle(self, ws: ServerConnection) -> None:
        self.connections += 1
        out = Outbox(ws, max_messages=self.limits.max_queued,
                     max_bytes=self.limits.max_queued_bytes)
        where: tuple[Table, int] | None = None
        bucket = _Bucket(self.limits.rate, self.limits.burst)
        address = _address(ws)
        try:
            if self._per_address[address] >= self.limits.per_address:
                self._refuse(out, errors.BUSY)
            else:
                self._enter_lobby(out, address)
                where = await self._greet(ws, out, bucket)
                self._leave_lobby(out)
                if where is not None:
                    await self._serve_seat(ws, out, bucket, *where)
        except ConnectionClosed:
            pass
        finally:
            self._leave_lobby(out)
            self.connections -= 1
            if where is not None:
                where[0].detach(where[1], out, asyncio.get_running_loop().time())
            out.close_after(1000)
            # What is queued (a refusal) goes out first; a peer that does not read gets
            # a few seconds, then its connection is closed under it.
            try:
                await asyncio.wait_for(out.wait_closed(), 5)
            except TimeoutError:
                out.cancel()

    def _enter_lobby(self, out: Outbox, address: str) -> None:
        """`out` waits in the lobby; a full lobby lets its oldest go first."""
        while len(self._lobby) >= self.limits.max_lobby:
            oldest = next(iter(self._lobby))
            self._leave_lobby(oldest)
            oldest.send(encode(Error(code=errors.BUSY)))
            oldest.close_after(1013, errors.BUSY)
        self._lobby[out] = address
        self._per_address[address] += 1

    def _leave_lobby(self, out: Outbox) -> None:
        address = self._lobby.pop(out, None)
        if address is not None:
            self._per_address[address] -= 1
            if self._per_address[address] <= 0:
                del self._per_address[address]

    def _refuse(self, out: Outbox, code: str) -> None:
        out.send(encode(Error(code=code)))
        out.close_after(1008, code)

    async def _greet(self, ws: ServerConnection, out: Outbox,
                     bucket: _Bucket) -> tuple[Table, int] | None:
        """The table and seat `ws` sits at after its Hello, or None (refused, closing).
        Before it, only ListTables and Ping are answered, for `lobby_stay` seconds at most
        (and `hello_timeout` for the first message)."""
        loop = asyncio.get_running_loop()
        leave_at = loop.time() + self.limits.lobby_stay
        timeout = min(self.limits.hello_timeout, self.limits.lobby_stay)
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout)
            except TimeoutError:
                out.close_after(1008, "no hello")
                return None
            if out.done:  # let go to make room in a full lobby
                return None
            timeout = max(0.0, leave_at - loop.time())
            if not bucket.take():
                self._refuse(out, errors.RATE_LIMITED)
                return None
            try:
                msg = decode(_bytes(raw))
            except ProtocolError as exc:
                self._refuse(out, exc.code)
                return None
            if isinstance(msg, ListTables):
                out.send(encode(self.listing()))
                continue
            if isinstance(msg, Ping):
                out.send(encode(Pong(nonce=msg.nonce)))
                continue
            if not isinstance(msg, Hello):
                self._refuse(out, errors.HELLO_FIRST)
                return None
            found = self._seat_for(msg)
            if isinstance(found, str):
                self._refuse(out, found)
                return None
            table, seat = found
            table.attach(seat, out, msg.name)
            return table, seat

    def _seat_for(self, hello: Hello) -> tuple[Table, int] | str:
        """Where `hello` sits, or the code of the refusal."""
        if hello.token is not None:
            for table in self.tables.values():
                seat = table.seat_with_token(hello.token)
                if seat is not None:
                    if table.seats[seat].kind == "bot":
                        return errors.SEAT_TAKEN  # handed to a bot while away
                    return table, seat
            for table in self.tables.values():
                if table.freed_token(hello.token):  # left before the start: a seat again
                    return _joining(table, None)
            given = hello.token.encode()
            if any(hmac.compare_digest(given, t.encode()) for t in self._closed_tokens):
                return errors.NO_SUCH_TABLE  # its host closed the table
            return errors.BAD_TOKEN
        if hello.table is not None:
            chosen = self.tables.get(hello.table)
            if chosen is None:
                return errors.NO_SUCH_TABLE
            return _joining(chosen, hello.seat)
        for table in self.tables.values():
            if table.open_seats():
                return _joining(table, hello.seat)
        return errors.TABLE_FULL

    async def _serve_seat(self, ws: ServerConnection, out: Outbox, bucket: _Bucket,
                          table: Table, seat: int) -> None:
        errors_earned = 0
        async for raw in ws:
            if not bucket.take():
                self._refuse(out, errors.RATE_LIMITED)
                return
            refusal = self._on_message(out, table, seat, _bytes(raw))
            if refusal is PLAYED:
                bucket.refund()
            elif refusal is not None:
                errors_earned += 1
                out.send(encode(Error(code=refusal[0], params=refusal[1])))
                if errors_earned > self.limits.max_errors:
                    out.close_after(1008, "too many errors")
                    return
            if out.done:
                return

    def _on_message(self, out: Outbox, table: Table, seat: int, raw: bytes) -> Refusal | None:
        try:
            msg = decode(raw)
        except ProtocolError as exc:
            return exc.code, {}
        if isinstance(msg, Ping):
            out.send(encode(Pong(nonce=msg.nonce)))
            return None
        if isinstance(msg, Pong):
            return None
        if isinstance(msg, ListTables):
            out.send(encode(self.listing()))
            return None
        if isinstance(msg, Hello):
            return errors.ALREADY_SEATED, {}
        if table.seats[seat].out is not out:
            return errors.UNEXPECTED, {}  # replaced by a newer connection of the same seat
        return table.on_message(seat, msg)
