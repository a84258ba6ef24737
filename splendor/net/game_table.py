"""One table's authority: its seats (open, a player or a bot, each with a token), the game,
its log and chat, and the connections sitting there.

Each seat only ever gets its own view (`observe`); a Play counts only from the seat to
decide, for the current move number, when the engine finds it legal; anything else is
refused and changes nothing. Bots play their seats in a worker thread, off the event
loop. Everything a table does runs on the server's event loop; sending only queues
(net/outbox.py), so nothing here waits on a connection.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from splendor.engine import GameData, GameState, make_record, new_game, observe
from splendor.net import errors
from splendor.net.errors import ProtocolError
from splendor.net.outbox import Outbox
from splendor.net.protocol import (
    AnyMessage,
    Chat,
    Error,
    Lobby,
    Play,
    Record,
    SeatInfo,
    State,
    TableSummary,
    Welcome,
    encode,
)
from splendor.net.table import TableSpec
from splendor.net.wire import action_from_wire, log_entry_to_struct, view_to_struct
from splendor.session.bot_process import Request, decide, fresh_random_state
from splendor.session.game import decision_seed
from splendor.session.log import LogEntry, apply_logged

log = logging.getLogger(__name__)

#: Chat lines a table keeps for a player who (re)joins.
CHAT_KEPT = 50

SeatKind = Literal["open", "player", "bot"]
#: A refusal's code and parameters; `PLAYED` for an accepted move.
Refusal = tuple[str, dict[str, str | int]]
PLAYED: Refusal = ("", {})


class TableError(Exception):
    """The host asked a table for something it cannot do now (the message says why)."""


@dataclass
class SeatSlot:
    token: str
    kind: SeatKind
    name: str | None = None
    level: str | None = None
    #: Kept for a person at the host's screen: never offered to remote joiners.
    local: bool = False
    out: Outbox | None = None
    sent_log: int = 0  # log entries this seat's connection has received
    #: When its player's connection dropped (loop time), while nobody sits there.
    left_at: float | None = None


def bot_name(level: str) -> str:
    return f"{level.capitalize()} bot"


def _report_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a bot move failed", exc_info=task.exception())


class Table:
    """One table on a server. `start` and `hand_to_bot` are for the host; the server calls
    the rest for its connections. `finished` is set once the game is over."""

    def __init__(self, data: GameData, spec: TableSpec, *, table_id: str, title: str,
                 seed: int, tokens: list[str], auto_start: bool = True,
                 local_seats: tuple[int, ...] = (), pool: Executor | None = None,
                 on_change: Callable[[Table], None] | None = None,
                 record_path: Path | None = None,
                 on_record: Callable[[Path], None] | None = None) -> None:
        self.data = data
        self.spec = spec
        self.id = table_id
        self.title = title
        self.seed = seed
        self.auto_start = auto_start
        self.local_seats = tuple(sorted(set(local_seats)))
        self.record_path = record_path
        self.on_record = on_record
        self.seats = [SeatSlot(token, "open", local=seat in self.local_seats)
                      for seat, token in enumerate(tokens)]
        for seat, slot in enumerate(self.seats):
            level = spec.seat_bot(seat)
            if level is not None:
                slot.kind, slot.level, slot.name = "bot", level, bot_name(level)
            elif slot.local:
                slot.kind = "player"
        self.state: GameState | None = None
        self.log: list[LogEntry] = []
        #: The moves as texts, kept as they come (an autosave after each move writes them
        #: all; making them again each time cost the server's loop most of a save).
        self.texts: list[str] = []
        self.chat: deque[Chat] = deque(maxlen=CHAT_KEPT)
        self.finished = asyncio.Event()
        self._pool = pool
        self._on_change = on_change
        self._bot_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ what the host asks

    def seat_token(self, seat: int) -> str:
        """The token of `seat` (the host's screen connects with those of local seats)."""
        return self.seats[seat].token

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.is_over()

    def open_seats(self) -> list[int]:
        """The seats a remote player may still take."""
        return [i for i, s in enumerate(self.seats) if s.kind == "open" and not s.local]

    async def start(self) -> None:
        """Deal and play (the host's Start); TableError if started or a seat is open."""
        if self.state is not None:
            raise TableError("this table's game has already started")
        if self.open_seats():
            seats = ", ".join(str(s + 1) for s in self.open_seats())
            raise TableError(f"seat(s) {seats} still wait for a player or a bot")
        self._begin()

    async def hand_to_bot(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from now: an open seat, or one whose player is not
        connected. TableError otherwise."""
        from splendor.bots import BOT_NAMES

        if level not in BOT_NAMES:
            raise TableError(f"unknown bot {level!r} (known: {', '.join(BOT_NAMES)})")
        if not 0 <= seat < len(self.seats):
            raise TableError(f"no seat {seat + 1} at a table of {len(self.seats)}")
        slot = self.seats[seat]
        if self.over or slot.kind == "bot" or (slot.kind == "player" and slot.out is not None):
            raise TableError(f"seat {seat + 1} is not open and its player is connected")
        person = slot.name if slot.kind == "player" else None
        slot.kind, slot.level, slot.left_at = "bot", level, None
        slot.name = slot.name if self.started and slot.name else bot_name(level)
        who = f"{person}'s seat" if person else f"Seat {seat + 1}"
        self.say(f"{who} is played by the {bot_name(level)} from now.")
        self.broadcast_lobby()
        self.changed()
        if self.state is None:
            self._start_if_ready()
        else:
            self._schedule_bot()

    # ------------------------------------------------------------ seating

    def summary(self) -> TableSummary:
        return TableSummary(
            id=self.id, title=self.title, module=self.spec.module, players=self.spec.players,
            started=self.started, over=self.over,
            seats=[SeatInfo(seat=i, kind=s.kind, name=s.name, level=s.level,
                            connected=s.kind == "bot" or s.out is not None)
                   for i, s in enumerate(self.seats)])

    def seat_with_token(self, token: str) -> int | None:
        """The seat whose token is `token` (compared in constant time), or None."""
        given = token.encode()
        found = None
        for seat, slot in enumerate(self.seats):
            if hmac.compare_digest(given, slot.token.encode()):
                found = seat
        return found

    def seat_to_join(self, seat: int | None) -> int | str:
        """The open seat a newcomer gets (`seat`, or the first open one), or the code of
        the refusal."""
        free = self.open_seats()
        if seat is None:
            return free[0] if free else errors.TABLE_FULL
        return seat if seat in free else errors.SEAT_TAKEN

    def attach(self, seat: int, out: Outbox, name: str) -> None:
        """`out` sits at `seat` (newly, or back with its token): Welcome, the chat so far,
        the lobby, and the game if there is one."""
        slot = self.seats[seat]
        old, slot.out, slot.sent_log, slot.left_at = slot.out, out, 0, None
        if old is not None and old is not out:  # the same player elsewhere: the newer wins
            old.close_after(1000, "reconnected elsewhere")
        if slot.kind == "open":
            slot.kind = "player"
        if slot.name is None:
            slot.name = name
        out.send(encode(Welcome(seat=seat, token=slot.token, table=self.summary())))
        for line in self.chat:
            out.send(encode(line))
        self.broadcast_lobby()
        self.changed()
        if self.state is None:
            self._start_if_ready()
        else:
            self._send_state(seat)
            if self.state.is_over():
                out.send(encode(Record(record=make_record(self.state))))

    def detach(self, seat: int, out: Outbox, now: float) -> None:
        """`out`'s connection at `seat` is gone."""
        slot = self.seats[seat]
        if slot.out is out:
            slot.out, slot.left_at = None, now
            self.broadcast_lobby()

    # ------------------------------------------------------------ messages

    def on_message(self, seat: int, msg: AnyMessage) -> Refusal | None:
        """Act on one message from the connection at `seat`; a refusal, PLAYED or None."""
        if isinstance(msg, Play):
            return self._play(seat, msg)
        if isinstance(msg, Chat):
            self._chat(Chat(text=msg.text, seat=seat, name=self.seats[seat].name))
            return None
        return errors.UNEXPECTED, {}

    def say(self, text: str) -> None:
        """A line of the table's own in the chat (no seat, no name)."""
        self._chat(Chat(text=text[:200]))

    def _chat(self, line: Chat) -> None:
        self.chat.append(line)
        self.broadcast(line)
        self.changed()

    def _play(self, seat: int, msg: Play) -> Refusal:
        state = self.state
        if state is None:
            return errors.NOT_STARTED, {}
        if state.is_over():
            return errors.GAME_OVER, {}
        if state.current != seat or self.seats[seat].kind == "bot":
            return errors.NOT_YOUR_TURN, {"current": state.current}
        if msg.turn != len(state.history):
            return errors.STALE_TURN, {"turn": len(state.history)}
        try:
            action = action_from_wire(msg.action)
        except ProtocolError as exc:
            return exc.code, {}
        reason = state.why_illegal(action)
        if reason is not None:
            params: dict[str, str | int] = {"reason": reason.code[:64]}
            for key, value in list(reason.params.items())[:7]:
                params[key[:64]] = value[:64] if isinstance(value, str) else value
            return errors.ILLEGAL, params
        self._commit(apply_logged(state, action))
        self._schedule_bot()
        return PLAYED

    # ------------------------------------------------------------ the game

    def _start_if_ready(self) -> None:
        if self.auto_start and not self.open_seats() and all(
                s.name is not None for s in self.seats):
            self._begin()

    def _begin(self) -> None:
        self.state = self.new_state()
        log.info("table %s: game started (%d players, module %s)", self.id,
                 self.spec.players, self.spec.module)
        self.broadcast_lobby()
        for seat in range(len(self.seats)):
            self._send_state(seat)
        self.changed()
        self._schedule_bot()

    def new_state(self, names: tuple[str, ...] | None = None) -> GameState:
        names = names or tuple(s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats))
        return new_game(self.data, self.spec.players, self.seed, names,
                        module=self.spec.module)

    def resume(self, state: GameState, entries: list[LogEntry]) -> None:
        """Take up a saved game where it was (its bots play on)."""
        self.state, self.log = state, entries
        self.texts = [a.text() for a in state.history]
        now = asyncio.get_running_loop().time()
        for slot in self.seats:  # nobody is connected yet: away since now
            slot.left_at = now if slot.kind == "player" else None
        if state.is_over():
            self.finished.set()
        else:
            self._schedule_bot()

    def _commit(self, entry: LogEntry) -> None:
        """After an action: tell every seat, save; at the end, the record."""
        self.log.append(entry)
        self.texts.append(entry.action.text())
        for seat in range(len(self.seats)):
            self._send_state(seat)
        assert self.state is not None
        if self.state.is_over():
            self._finish()
        self.changed()

    def _schedule_bot(self) -> None:
        """Let the bots play while it is a bot's decision (one task at a time)."""
        state = self.state
        if state is None or state.is_over() or self.seats[state.current].kind != "bot":
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_moves())
            self._bot_task.add_done_callback(_report_failure)

    async def _bot_moves(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_over() and (slot := self.seats[state.current]).kind == "bot":
            seat, turn = state.current, len(state.history)
            assert slot.level is not None
            seat_seed = self.seed * 10 + seat
            request = Request(turn, slot.level, seat_seed,
                              fresh_random_state(decision_seed(seat_seed, turn)),
                              observe(state, seat))
            loop = asyncio.get_running_loop()
            answer = await loop.run_in_executor(self._pool, decide, request, self.data)
            if state.current != seat or len(state.history) != turn:
                continue  # cannot happen (only this task plays a bot seat); never apply late
            action = answer.action
            if action is None or state.why_illegal(action) is not None:
                # A failed bot must not stall a table of people: it plays its first legal move.
                log.warning("bot %s failed at move %d (%s)", slot.level, turn, answer.error)
                action = state.legal_actions()[0]
            self._commit(apply_logged(state, action))

    def _finish(self) -> None:
        assert self.state is not None
        record = make_record(self.state)
        if self.record_path is not None:
            from splendor.storage.atomic import StorageError, atomic_write_text

            try:
                atomic_write_text(self.record_path, json.dumps(record, indent=1) + "\n")
            except StorageError as exc:
                log.error("table %s: the record was not written: %s", self.id, exc)
            else:
                if self.on_record is not None:
                    self.on_record(self.record_path)
        self.broadcast(Record(record=record))
        self.broadcast_lobby()
        self.finished.set()

    def close(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()

    def changed(self) -> None:
        """Something worth saving changed."""
        if self._on_change is not None:
            self._on_change(self)

    # ------------------------------------------------------------ sending (queues only)

    def broadcast(self, msg: AnyMessage) -> None:
        raw = encode(msg)
        for slot in self.seats:
            if slot.out is not None:
                slot.out.send(raw)

    def broadcast_lobby(self) -> None:
        self.broadcast(Lobby(table=self.summary()))

    def send_error(self, seat: int, refusal: Refusal) -> None:
        out = self.seats[seat].out
        if out is not None:
            out.send(encode(Error(code=refusal[0], params=refusal[1])))

    def _send_state(self, seat: int) -> None:
        slot, state = self.seats[seat], self.state
        if slot.out is None or state is None:
            return
        fresh = self.log[slot.sent_log:]
        slot.sent_log = len(self.log)
        slot.out.send(encode(State(
            view=view_to_struct(observe(state, seat)),
            log=[log_entry_to_struct(e) for e in fresh], current=state.current_player())))
