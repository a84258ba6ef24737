"""The game server: the one authority over one table, over WebSockets (asyncio).

A client says Hello and gets a seat (the first open one, or its own back when it shows that
seat's token). Once every remote seat is taken the game starts. Each seat only ever gets
its own view (`observe`); a Play counts only from the seat to decide, for the current move
number, when the engine finds it legal. Anything else is answered with an Error and
changes nothing. Bots play their seats here, in a worker thread, off the event loop. When
the game is over the server writes its record and sends it to everyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from splendor.engine import GameData, GameState, make_record, new_game, observe
from splendor.net.errors import ProtocolError
from splendor.net.protocol import (
    MAX_MESSAGE_BYTES,
    AnyMessage,
    Chat,
    Error,
    Hello,
    Lobby,
    Ping,
    Play,
    Pong,
    Record,
    SeatInfo,
    State,
    TableInfo,
    Welcome,
    decode,
    encode,
)
from splendor.net.table import TableSpec
from splendor.net.wire import action_from_wire, log_entry_to_struct, view_to_struct
from splendor.session.bot_process import Request, decide, fresh_random_state
from splendor.session.game import decision_seed
from splendor.session.log import LogEntry, apply_logged

log = logging.getLogger(__name__)

#: Stable codes of the server's refusals (a client translates them).
NOT_STARTED = "not_started"
GAME_OVER = "game_over"
NOT_YOUR_TURN = "not_your_turn"
STALE_TURN = "stale_turn"
ILLEGAL = "illegal"
TABLE_FULL = "table_full"
BAD_TOKEN = "bad_token"
HELLO_FIRST = "hello_first"
ALREADY_SEATED = "already_seated"
UNEXPECTED = "unexpected"
RATE_LIMITED = "rate_limited"


@dataclass(frozen=True, slots=True)
class Limits:
    """What one connection may cost the server."""

    #: Connections open at once (seated or not).
    max_connections: int = 16
    #: Seconds a new connection has to say Hello.
    hello_timeout: float = 10.0
    #: Messages per second a connection may send on average, and in a burst; an accepted
    #: move does not count (the game itself paces those, and a bot plays fast).
    rate: float = 20.0
    burst: int = 40
    #: Errors a connection may earn before it is closed.
    max_errors: int = 50
    #: WebSocket ping: how often, and how long to wait for the pong (then close).
    ping_interval: float = 20.0
    ping_timeout: float = 20.0


@dataclass
class _Seat:
    token: str
    bot: str | None
    name: str | None = None
    ws: ServerConnection | None = None
    sent_log: int = 0  # log entries this seat's connection has received


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


#: A refusal's code and parameters; `_PLAYED` for an accepted move.
_Refusal = tuple[str, dict[str, str | int]]
_PLAYED: _Refusal = ("", {})


def _report_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a bot move failed", exc_info=task.exception())


class GameServer:
    """One table: `start` listens, `finished` is set once the game is over."""

    def __init__(self, data: GameData, spec: TableSpec, *, seed: int | None = None,
                 record_path: Path | None = None, limits: Limits | None = None,
                 on_record: Callable[[Path], None] | None = None) -> None:
        self.data = data
        self.spec = spec
        self.seed = seed if seed is not None else secrets.randbelow(2**31)
        self.record_path = record_path
        self.limits = limits or Limits()
        self.on_record = on_record
        self.seats = [_Seat(secrets.token_urlsafe(24), spec.seat_bot(s))
                      for s in range(spec.players)]
        for seat in self.seats:
            if seat.bot is not None:
                seat.name = f"{seat.bot.capitalize()} bot"
        self.state: GameState | None = None
        self.log: list[LogEntry] = []
        self.finished = asyncio.Event()
        self.connections = 0
        self._server: Server | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="splendor-bot")
        self._bot_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ listening

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on `host`:`port` (0: any free port); the port listened on."""
        self._server = await serve(
            self._handle, host, port, max_size=MAX_MESSAGE_BYTES,
            ping_interval=self.limits.ping_interval, ping_timeout=self.limits.ping_timeout)
        sockname = next(iter(self._server.sockets)).getsockname()
        return int(sockname[1])

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self._bot_task is not None:
            self._bot_task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def _handle(self, ws: ServerConnection) -> None:
        if self.connections >= self.limits.max_connections:
            await ws.close(1013, "too many connections")
            return
        self.connections += 1
        seat: int | None = None
        try:
            seat = await self._greet(ws)
            if seat is not None:
                await self._serve_seat(ws, seat)
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            if seat is not None and self.seats[seat].ws is ws:
                self.seats[seat].ws = None
                await self._broadcast_lobby()

    async def _greet(self, ws: ServerConnection) -> int | None:
        """The seat `ws` sits at after its Hello, or None (refused, and closed)."""
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
        except TimeoutError:
            await ws.close(1008, "no hello")
            return None
        try:
            msg = decode(raw.encode() if isinstance(raw, str) else raw)
        except ProtocolError as exc:
            await self._refuse(ws, exc.code)
            return None
        if not isinstance(msg, Hello):
            await self._refuse(ws, HELLO_FIRST)
            return None
        seat = self._seat_for(msg)
        if seat is None:
            await self._refuse(ws, BAD_TOKEN if msg.token is not None else TABLE_FULL)
            return None
        slot = self.seats[seat]
        old, slot.ws, slot.sent_log = slot.ws, ws, 0
        if old is not None:  # the same player from elsewhere: the newer connection wins
            await old.close(1000, "reconnected elsewhere")
        if slot.name is None:
            slot.name = msg.name
        await self._send(ws, Welcome(seat=seat, token=slot.token, table=TableInfo(
            module=self.spec.module, players=self.spec.players)))
        await self._broadcast_lobby()
        if self.state is None and all(s.name is not None for s in self.seats):
            self._start_game()
            for other in range(len(self.seats)):
                await self._send_state(other)
        elif self.state is not None:
            await self._send_state(seat)
            if self.state.is_over():
                await self._send(ws, Record(record=make_record(self.state)))
        return seat

    def _seat_for(self, hello: Hello) -> int | None:
        if hello.token is not None:
            given = hello.token.encode()
            for seat, slot in enumerate(self.seats):
                if slot.bot is None and hmac.compare_digest(given, slot.token.encode()):
                    return seat
            return None
        for seat, slot in enumerate(self.seats):
            if slot.bot is None and slot.name is None:
                return seat
        return None

    async def _refuse(self, ws: ServerConnection, code: str) -> None:
        await self._send(ws, Error(code=code))
        await ws.close(1008, code)

    # ------------------------------------------------------------ messages

    async def _serve_seat(self, ws: ServerConnection, seat: int) -> None:
        bucket = _Bucket(self.limits.rate, self.limits.burst)
        errors = 0
        async for raw in ws:
            if not bucket.take():
                await self._refuse(ws, RATE_LIMITED)
                return
            code = await self._on_message(seat, raw.encode() if isinstance(raw, str) else raw)
            if code is _PLAYED:
                bucket.refund()
            elif code is not None:
                errors += 1
                await self._send(ws, Error(code=code[0], params=code[1]))
                if errors > self.limits.max_errors:
                    await ws.close(1008, "too many errors")
                    return

    async def _on_message(self, seat: int, raw: bytes) -> _Refusal | None:
        """Act on one message from `seat`; the error code and parameters if refused."""
        try:
            msg: AnyMessage = decode(raw)
        except ProtocolError as exc:
            return exc.code, {}
        if isinstance(msg, Play):
            return await self._play(seat, msg)
        if isinstance(msg, Ping):
            ws = self.seats[seat].ws
            if ws is not None:
                await self._send(ws, Pong(nonce=msg.nonce))
            return None
        if isinstance(msg, Chat):
            await self._broadcast(Chat(text=msg.text, seat=seat))
            return None
        if isinstance(msg, Pong):
            return None
        return (ALREADY_SEATED if isinstance(msg, Hello) else UNEXPECTED), {}

    async def _play(self, seat: int, msg: Play) -> _Refusal:
        state = self.state
        if state is None:
            return NOT_STARTED, {}
        if state.is_over():
            return GAME_OVER, {}
        if state.current != seat:
            return NOT_YOUR_TURN, {"current": state.current}
        if msg.turn != len(state.history):
            return STALE_TURN, {"turn": len(state.history)}
        try:
            action = action_from_wire(msg.action)
        except ProtocolError as exc:
            return exc.code, {}
        reason = state.why_illegal(action)
        if reason is not None:
            params: dict[str, str | int] = {"reason": reason.code[:64]}
            for key, value in list(reason.params.items())[:7]:
                params[key[:64]] = value[:64] if isinstance(value, str) else value
            return ILLEGAL, params
        await self._commit(apply_logged(state, action))
        self._schedule_bot()
        return _PLAYED

    # ------------------------------------------------------------ the game

    def _start_game(self) -> None:
        names = tuple(s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats))
        self.state = new_game(self.data, self.spec.players, self.seed, names,
                              module=self.spec.module)
        log.info("game started: %d players, module %s", self.spec.players, self.spec.module)
        self._schedule_bot()

    async def _commit(self, entry: LogEntry) -> None:
        """After an action: tell every seat; at the end, the record."""
        self.log.append(entry)
        for seat in range(len(self.seats)):
            await self._send_state(seat)
        assert self.state is not None
        if self.state.is_over():
            await self._finish()

    def _schedule_bot(self) -> None:
        """Let the bots play while it is a bot's decision (one task at a time)."""
        state = self.state
        if state is None or state.is_over() or self.seats[state.current].bot is None:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_moves())
            self._bot_task.add_done_callback(_report_failure)

    async def _bot_moves(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_over() and (kind := self.seats[state.current].bot) is not None:
            seat, turn = state.current, len(state.history)
            seat_seed = self.seed * 10 + seat
            request = Request(turn, kind, seat_seed,
                              fresh_random_state(decision_seed(seat_seed, turn)),
                              observe(state, seat))
            loop = asyncio.get_running_loop()
            answer = await loop.run_in_executor(self._pool, decide, request, self.data)
            if state.current != seat or len(state.history) != turn:
                continue  # cannot happen (only this task plays a bot seat); never apply late
            action = answer.action
            if action is None or state.why_illegal(action) is not None:
                # A failed bot must not stall a table of people: it plays its first legal move.
                log.warning("bot %s failed at move %d (%s)", kind, turn, answer.error)
                action = state.legal_actions()[0]
            await self._commit(apply_logged(state, action))

    async def _finish(self) -> None:
        assert self.state is not None
        record = make_record(self.state)
        if self.record_path is not None:
            from splendor.storage.atomic import atomic_write_text

            atomic_write_text(self.record_path, json.dumps(record, indent=1) + "\n")
            if self.on_record is not None:
                self.on_record(self.record_path)
        await self._broadcast(Record(record=record))
        self.finished.set()

    # ------------------------------------------------------------ sending

    async def _send(self, ws: ServerConnection, msg: AnyMessage) -> None:
        with contextlib.suppress(ConnectionClosed):  # its handler cleans up
            await ws.send(encode(msg))

    async def _broadcast(self, msg: AnyMessage) -> None:
        for slot in self.seats:
            if slot.ws is not None:
                await self._send(slot.ws, msg)

    async def _broadcast_lobby(self) -> None:
        await self._broadcast(Lobby(seats=[
            SeatInfo(seat=i, name=s.name, bot=s.bot is not None,
                     connected=s.ws is not None or s.bot is not None)
            for i, s in enumerate(self.seats)]))

    async def _send_state(self, seat: int) -> None:
        slot, state = self.seats[seat], self.state
        if slot.ws is None or state is None:
            return
        fresh = self.log[slot.sent_log:]
        slot.sent_log = len(self.log)
        await self._send(slot.ws, State(
            view=view_to_struct(observe(state, seat)),
            log=[log_entry_to_struct(e) for e in fresh], current=state.current_player()))
