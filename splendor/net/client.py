"""A client of the game server (asyncio): says Hello, keeps the latest view, plays actions;
and `play_bot` to let a bot play a seat to the end, with no screen."""

from __future__ import annotations

import asyncio
import ssl as ssl_module
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from splendor.engine import Action, GameData, Phase, View
from splendor.net.errors import BAD_FIELD, ProtocolError
from splendor.net.protocol import (
    MAX_MESSAGE_BYTES,
    AnyMessage,
    Chat,
    Error,
    Hello,
    History,
    ListTables,
    Lobby,
    Play,
    Record,
    State,
    Tables,
    TableSummary,
    Welcome,
    decode,
    encode,
)
from splendor.net.schema import LogEntryWire
from splendor.net.wire import action_to_wire, log_entry_from_wire, view_from_wire
from splendor.session.log import LogEntry


class Refused(Exception):
    """The server refused to seat us: `code` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(f"the server refused: {code}")
        self.code = code


class GameClient:
    """One seat's connection: `view` is what the seat sees now, `log` the game so far."""

    def __init__(self, url: str, name: str, data: GameData, token: str | None = None, *,
                 table: str | None = None, seat: int | None = None,
                 ssl: ssl_module.SSLContext | None = None,
                 on_raw: Callable[[bytes], None] | None = None) -> None:
        self.url = url
        self.name = name
        self.data = data
        self.token = token
        #: The table and seat to ask for (None: the first with an open seat / its first).
        self.table = table
        self.wanted_seat = seat
        #: The TLS context for a wss:// server (None: the system's defaults).
        self.ssl = ssl
        #: Called with every message received, exactly as it came (`join --dump`).
        self.on_raw = on_raw
        self.seat: int | None = None
        #: The table as last described (Welcome, then each Lobby).
        self.summary: TableSummary | None = None
        #: The answer to the last ListTables.
        self.tables: list[TableSummary] | None = None
        self.chat: list[Chat] = []
        self.view: View | None = None
        self.current: int | None = None
        self.log: list[LogEntry] = []
        self.lobby: Lobby | None = None
        self.errors: list[Error] = []
        self.record: dict[str, Any] | None = None
        #: Every State as it arrived, raw (tests check what reached this seat).
        self.raw_states: list[bytes] = []
        #: The log's action texts: the history of every view that comes.
        self._texts: list[str] = []
        self._ws: ClientConnection | None = None

    async def open(self) -> None:
        """Open the connection (without sitting anywhere yet), unless it is open."""
        if self._ws is None and self.ssl is not None:
            self._ws = await connect(self.url, max_size=MAX_MESSAGE_BYTES, open_timeout=10,
                                     ssl=self.ssl)
        elif self._ws is None:
            self._ws = await connect(self.url, max_size=MAX_MESSAGE_BYTES, open_timeout=10)

    async def list_tables(self) -> list[TableSummary]:
        """The server's tables (open ones first); the connection stays open for Hello."""
        await self.open()
        await self.send(ListTables())
        while True:
            msg = await self.receive()
            if isinstance(msg, Tables):
                return msg.tables
            if isinstance(msg, Error):
                raise Refused(msg.code)

    async def connect(self) -> Welcome:
        """Connect (unless open) and say Hello; Refused if the server answers with an
        Error."""
        await self.open()
        await self.send(Hello(name=self.name, token=self.token, table=self.table,
                              seat=self.wanted_seat))
        msg = await self.receive()
        if isinstance(msg, Error):
            await self.close()
            raise Refused(msg.code)
        if not isinstance(msg, Welcome):
            await self.close()
            raise Refused("unexpected")
        return msg

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()

    async def say(self, text: str) -> None:
        """A line in the table's chat."""
        await self.send(Chat(text=text))

    async def send(self, msg: AnyMessage) -> None:
        assert self._ws is not None, "connect first"
        await self._ws.send(encode(msg))

    async def send_raw(self, raw: bytes | str) -> None:
        """Send anything at all (for tests of a server's defences)."""
        assert self._ws is not None, "connect first"
        await self._ws.send(raw)

    async def play(self, action: Action, turn: int | None = None) -> None:
        """Play `action` as the move the latest view is at (or as move `turn`)."""
        assert self.view is not None, "no game yet"
        turn = len(self.view.history) if turn is None else turn
        await self.send(Play(action=action_to_wire(action), turn=turn))

    async def receive(self) -> AnyMessage:
        """The next message (raising ConnectionClosed at the end), taken into account."""
        assert self._ws is not None, "connect first"
        raw = await self._ws.recv()
        data = raw.encode() if isinstance(raw, str) else raw
        if self.on_raw is not None:
            self.on_raw(data)
        msg = decode(data)
        if isinstance(msg, Welcome):
            self.seat, self.token, self.summary = msg.seat, msg.token, msg.table
            self.table = msg.table.id
        elif isinstance(msg, History):
            self._extend_log(msg.entries)
        elif isinstance(msg, State):
            self.raw_states.append(data)
            self._extend_log(msg.log)
            self.view = view_from_wire(msg.view, self.data, self._texts)
            self.current = msg.current
        elif isinstance(msg, Lobby):
            self.lobby, self.summary = msg, msg.table
        elif isinstance(msg, Tables):
            self.tables = msg.tables
        elif isinstance(msg, Chat):
            self.chat.append(msg)
        elif isinstance(msg, Error):
            self.errors.append(msg)
        elif isinstance(msg, Record):
            self.record = {**msg.record, "actions": list(self._texts)}
        return msg

    def _extend_log(self, entries: list[LogEntryWire]) -> None:
        """Add the entries that follow the log; ProtocolError for any gap or repeat."""
        for wire in entries:
            entry = log_entry_from_wire(wire)
            if entry.index != len(self.log):
                raise ProtocolError(BAD_FIELD, f"log entry {entry.index} after "
                                               f"{len(self.log)} entries")
            self.log.append(entry)
            self._texts.append(entry.action.text())

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.phase is Phase.OVER

    def to_act(self) -> bool:
        """True when the latest view asks this seat to decide."""
        return (self.view is not None and not self.over
                and self.view.current_player == self.seat and bool(self.view.legal_actions))


async def play_bot(client: GameClient, level: str, seed: int = 0) -> GameClient:
    """Connect `client` (unless it is) and let the bot `level` play its seat until the game
    is over and its record has come; the client, with its log and record."""
    from splendor.bots import make_bot

    if client.seat is None:
        await client.connect()
    bot = make_bot(level, seed, data=client.data)
    loop = asyncio.get_running_loop()
    asked: int | None = None
    while client.record is None:
        # The latest view first: a client seated earlier may have its decision already.
        view = client.view
        if view is not None and client.to_act() and asked != len(view.history):
            asked = len(view.history)
            action = await loop.run_in_executor(None, bot.choose, view)
            await client.play(action, turn=asked)
        await client.receive()
    return client
