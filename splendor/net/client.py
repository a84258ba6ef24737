"""A client of the game server (asyncio): says Hello, keeps the latest view, plays actions;
and `play_bot` to let a bot play a seat to the end, with no screen."""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from splendor.engine import Action, GameData, Phase, View
from splendor.net.protocol import (
    MAX_MESSAGE_BYTES,
    AnyMessage,
    Error,
    Hello,
    Lobby,
    Play,
    Record,
    State,
    Welcome,
    decode,
    encode,
)
from splendor.net.wire import action_to_wire, log_entry_from_wire, view_from_wire
from splendor.session.log import LogEntry


class Refused(Exception):
    """The server refused to seat us: `code` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(f"the server refused: {code}")
        self.code = code


class GameClient:
    """One seat's connection: `view` is what the seat sees now, `log` the game so far."""

    def __init__(self, url: str, name: str, data: GameData, token: str | None = None) -> None:
        self.url = url
        self.name = name
        self.data = data
        self.token = token
        self.seat: int | None = None
        self.view: View | None = None
        self.current: int | None = None
        self.log: list[LogEntry] = []
        self.lobby: Lobby | None = None
        self.errors: list[Error] = []
        self.record: dict[str, Any] | None = None
        #: Every State as it arrived, raw (tests check what reached this seat).
        self.raw_states: list[bytes] = []
        self._ws: ClientConnection | None = None

    async def connect(self) -> Welcome:
        """Connect and say Hello; Refused if the server answers with an Error."""
        self._ws = await connect(self.url, max_size=MAX_MESSAGE_BYTES, open_timeout=10)
        await self.send(Hello(name=self.name, token=self.token))
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
        msg = decode(data)
        if isinstance(msg, Welcome):
            self.seat, self.token = msg.seat, msg.token
        elif isinstance(msg, State):
            self.raw_states.append(data)
            self.view = view_from_wire(msg.view, self.data)
            self.current = msg.current
            self.log.extend(log_entry_from_wire(e) for e in msg.log)
        elif isinstance(msg, Lobby):
            self.lobby = msg
        elif isinstance(msg, Error):
            self.errors.append(msg)
        elif isinstance(msg, Record):
            self.record = msg.record
        return msg

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
        await client.receive()
        view = client.view
        if view is not None and client.to_act() and asked != len(view.history):
            asked = len(view.history)
            action = await loop.run_in_executor(None, bot.choose, view)
            await client.play(action, turn=asked)
    return client
