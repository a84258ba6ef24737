"""One table's authority: its seats (open, a player or a bot, each with a token), the game,
its log and chat, and the connections sitting there.

Each seat only ever gets its own view (`observe`); a Play counts only from the seat to
decide, for the current move number, when the engine finds it legal; anything else is
refused and changes nothing. Bots play their seats in the server's bot processes
(net/bot_pool.py), off the event loop. Everything a table does runs on the server's event
loop; sending only queues (net/outbox.py), so nothing here waits on a connection.

A move is shown only once it is saved: each commit keeps every seat's view of it
(`_Shown`), asks for a save (`changed`), and the views go out when the save that holds
the move is on disk (`saved`). A restart therefore resumes at least at the last
position anyone saw.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import math
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from splendor.engine import GameData, GameState, View, make_record, new_game, observe
from splendor.net import errors
from splendor.net.bot_pool import Decides
from splendor.net.errors import ProtocolError
from splendor.net.outbox import Outbox
from splendor.net.protocol import (
    LOG_CHUNK,
    AnyMessage,
    Chat,
    Error,
    History,
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
    """A seat. `name`: its person's, as they gave it; None for an open seat and for a bot
    named after its level (each window words that name in its own language)."""

    token: str
    kind: SeatKind
    name: str | None = None
    level: str | None = None
    #: Kept for a person at the host's screen: never offered to remote joiners.
    local: bool = False
    out: Outbox | None = None
    sent_log: int = 0  # log entries this seat's connection has received
    #: When its player's connection dropped (monotonic time), while nobody sits there.
    left_at: float | None = None
    #: Seconds its player was away since their last move, before `left_at`: coming back
    #: for a moment does not start the clock again (only a move does).
    away: float = 0.0


@dataclass(frozen=True, slots=True)
class _Shown:
    """The game after a commit as the seats are to see it: shown once it is saved."""

    moves: int
    views: tuple[View, ...]
    current: int | None
    over: bool


def bot_name(level: str) -> str:
    """A bot's name in the server's own lines and records (windows word their own)."""
    return f"{level.capitalize()} bot"


def _report_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a bot move failed", exc_info=task.exception())


class Table:
    """One table on a server. `start` and `hand_to_bot` are for the host; the server calls
    the rest for its connections. `finished` is set once the game is over."""

    def __init__(self, data: GameData, spec: TableSpec, *, table_id: str, title: str,
                 seed: int, tokens: list[str], auto_start: bool = True,
                 local_seats: tuple[int, ...] = (), bots: Decides | None = None,
                 on_change: Callable[[Table], None] | None = None,
                 record_path: Path | None = None,
                 on_record: Callable[[Path], None] | None = None,
                 replace_after: float = 0.0, replace_level: str = "medium") -> None:
        self.data = data
        self.spec = spec
        self.id = table_id
        #: As the host gave it; '' for none (each window words one, by its player count).
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
                slot.kind, slot.level = "bot", level
            elif slot.local:
                slot.kind = "player"
        self.state: GameState | None = None
        self.log: list[LogEntry] = []
        #: The moves as texts, kept as they come (an autosave after each move writes them
        #: all; making them again each time cost the server's loop most of a save).
        self.texts: list[str] = []
        self.chat: deque[Chat] = deque(maxlen=CHAT_KEPT)
        self.finished = asyncio.Event()
        #: Seconds a player may be away during the game before a bot of `replace_level`
        #: takes the seat (0: never; the server does the handing over).
        self.replace_after = replace_after
        self.replace_level = replace_level
        #: Tokens of seats freed before the start (their player left): such a player
        #: coming back gets an open seat, if one is left, with its new token.
        self.freed_tokens: set[str] = set()
        #: Commits not yet saved, oldest first; and the last one shown (saved).
        self._unsaved: deque[_Shown] = deque()
        self.shown: _Shown | None = None
        #: The moves on disk; and the record written (or none to write), once over.
        self.saved_moves = 0
        self.recorded = False
        #: Why the last save failed, while saving fails (None: saving works).
        self.save_problem: str | None = None
        #: Who decides for bot seats (None: a thread of this process, for tools).
        self._bots = bots
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

    def absent_seats(self) -> list[int]:
        """The remote players' seats with nobody connected."""
        return [i for i, s in enumerate(self.seats)
                if s.kind == "player" and not s.local and s.out is None]

    def bot_in(self, seat: int, now: float | None = None) -> float | None:
        """Seconds until a bot takes `seat`, whose player is away during the game (None:
        the seat is not waiting for one)."""
        slot = self.seats[seat]
        if (self.replace_after <= 0 or not self.started or self.over
                or slot.kind != "player" or slot.out is not None or slot.left_at is None):
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, self.replace_after - slot.away - (now - slot.left_at))

    async def start(self) -> None:
        """Deal and play (the host's Start); TableError if started or a seat is open."""
        if self.state is not None:
            raise TableError("this table's game has already started")
        if self.open_seats():
            seats = ", ".join(str(s + 1) for s in self.open_seats())
            raise TableError(f"seat(s) {seats} still wait for a player or a bot")
        if self.absent_seats():
            seats = ", ".join(str(s + 1) for s in self.absent_seats())
            raise TableError(f"the player(s) of seat(s) {seats} are not connected")
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
        if not self.started:
            slot.name = None  # named after its level by each window (a seat given up
            # before the start has no person left in it)
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
            id=self.id, title=self.title or None, module=self.spec.module,
            players=self.spec.players,
            started=self.started, over=self.over, unsaved=self.save_problem is not None,
            seats=[SeatInfo(seat=i, kind=s.kind, name=s.name, level=s.level,
                            connected=s.kind == "bot" or s.out is not None,
                            bot_in=_whole(self.bot_in(i)))
                   for i, s in enumerate(self.seats)])

    def seat_with_token(self, token: str) -> int | None:
        """The seat whose token is `token` (compared in constant time), or None."""
        given = token.encode()
        found = None
        for seat, slot in enumerate(self.seats):
            if hmac.compare_digest(given, slot.token.encode()):
                found = seat
        return found

    def freed_token(self, token: str) -> bool:
        """True when `token` was a seat's here, freed before the start (its player left)."""
        given = token.encode()
        return any(hmac.compare_digest(given, t.encode()) for t in self.freed_tokens)

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
        if slot.left_at is not None:
            slot.away += time.monotonic() - slot.left_at
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
        elif self.shown is not None:  # else the game's start is not saved yet: it follows
            self._send_state(seat, self.shown)
            if self.shown.over:
                out.send(encode(self._record_message()))

    def detach(self, seat: int, out: Outbox, now: float | None = None) -> None:
        """`out`'s connection at `seat` is gone. Before the start, a remote player's seat
        is free again (an absent player must not hold up the table); during the game
        it waits for its player, or a bot after `replace_after` seconds."""
        slot = self.seats[seat]
        if slot.out is not out:
            return
        slot.out, slot.left_at = None, time.monotonic() if now is None else now
        if self.state is None and slot.kind == "player" and not slot.local:
            self._free(seat)
            self.changed()
        elif (left := self.bot_in(seat)) is not None:
            who = slot.name or f"Seat {seat + 1}"
            self.say(f"{who} left; the {bot_name(self.replace_level)} plays the seat in "
                     f"{_whole(left)} s unless they come back and play.")
        self.broadcast_lobby()

    def _free(self, seat: int) -> None:
        """`seat` is open again, with a new token (the old one could take it from the next
        player); the old token may still claim an open seat before the start."""
        slot = self.seats[seat]
        self.freed_tokens.add(slot.token)
        slot.token, slot.kind, slot.name, slot.left_at = secrets.token_urlsafe(24), "open", \
            None, None

    def free_absent_seats(self) -> None:
        """Before the start, free the remote seats nobody is connected to (a resumed
        table: nobody is yet)."""
        if self.state is None:
            for seat in self.absent_seats():
                self._free(seat)

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
        self.seats[seat].away = 0.0  # playing is being there
        self._commit(apply_logged(state, action))
        self._schedule_bot()
        return PLAYED

    # ------------------------------------------------------------ the game

    def _start_if_ready(self) -> None:
        if self.auto_start and not self.open_seats() and not self.absent_seats() and all(
                s.name is not None or s.kind == "bot" for s in self.seats):
            self._begin()

    def _begin(self) -> None:
        self.state = self.new_state()
        log.info("table %s: game started (%d players, module %s)", self.id,
                 self.spec.players, self.spec.module)
        self.broadcast_lobby()
        self._unsaved.append(self._snapshot())
        self.changed()
        self._schedule_bot()

    def new_state(self, names: tuple[str, ...] | None = None) -> GameState:
        names = names or tuple(
            s.name or (bot_name(s.level) if s.level else f"Seat {i + 1}")
            for i, s in enumerate(self.seats))
        return new_game(self.data, self.spec.players, self.seed, names,
                        module=self.spec.module)

    def resume(self, state: GameState, entries: list[LogEntry]) -> None:
        """Take up a saved game where it was (its bots play on)."""
        self.state, self.log = state, entries
        self.texts = [a.text() for a in state.history]
        self.shown, self.saved_moves = self._snapshot(), len(self.texts)
        now = time.monotonic()
        for slot in self.seats:  # nobody is connected yet: away since now
            slot.left_at = now if slot.kind == "player" else None
        if state.is_over():  # its record was not written (else it would not come back)
            self._finish()
        else:
            self._schedule_bot()

    def _commit(self, entry: LogEntry) -> None:
        """After an action: save, and once saved tell every seat (`saved`)."""
        self.log.append(entry)
        self.texts.append(entry.action.text())
        self._unsaved.append(self._snapshot())
        self.changed()

    def _snapshot(self) -> _Shown:
        state = self.state
        assert state is not None
        return _Shown(len(self.log), tuple(observe(state, s) for s in range(len(self.seats))),
                      state.current_player(), state.is_over())

    def _view_now(self, seat: int) -> View:
        """`seat`'s view of the game as it is: the last commit's (observed once per move
        for every seat), else observed now."""
        latest = self._unsaved[-1] if self._unsaved else self.shown
        if latest is not None and latest.moves == len(self.log):
            return latest.views[seat]
        assert self.state is not None
        return observe(self.state, seat)

    def saved(self, moves: int) -> None:
        """The table as it was after `moves` moves is on disk: show every commit up to it
        (the latest of them: a seat gets the log entries it lacks with it)."""
        self.saved_moves = max(self.saved_moves, moves)
        latest = None
        while self._unsaved and self._unsaved[0].moves <= self.saved_moves:
            latest = self._unsaved.popleft()
        if latest is None:
            return
        self.shown = latest
        if latest.moves == 0:
            self.broadcast_lobby()
        for seat in range(len(self.seats)):
            self._send_state(seat, latest)
        if latest.over:
            self._finish()

    def storage_problem(self, problem: str | None) -> None:
        """Saving this table fails (`problem` says why) or works again (None): its
        players are told, as moves wait until they are saved."""
        if problem == self.save_problem:
            return
        self.save_problem = problem
        if problem is not None:
            self.broadcast(Error(code=errors.NOT_SAVED))
        self.broadcast_lobby()

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
                              self._view_now(seat))
            if self._bots is not None:
                answer = await self._bots.decide(request)
            else:
                answer = await asyncio.to_thread(decide, request, self.data)
            if state.current != seat or len(state.history) != turn:
                continue  # cannot happen (only this task plays a bot seat); never apply late
            action = answer.action
            if action is None or state.why_illegal(action) is not None:
                # A failed bot must not stall a table of people: it plays its first legal move.
                log.warning("bot %s failed at move %d (%s)", slot.level, turn, answer.error)
                action = state.legal_actions()[0]
            self._commit(apply_logged(state, action))

    def _finish(self) -> None:
        """The game is over and saved: its record to the players, and to its file."""
        if self.finished.is_set():
            return
        self.broadcast(self._record_message())
        self.broadcast_lobby()
        if self.record_path is not None and not self.recorded:
            task = asyncio.get_running_loop().create_task(self._write_record())
            task.add_done_callback(_report_failure)
        else:
            self.finished.set()

    def _record_message(self) -> Record:
        assert self.state is not None
        record = make_record(self.state)
        del record["actions"]  # the players have them as their logs
        return Record(record=record)

    async def _write_record(self) -> None:
        """Write the record (off the loop); saved as written, so that a restart before it
        writes it then (autosave.py)."""
        from splendor.storage.atomic import StorageError, atomic_write_text

        assert self.state is not None and self.record_path is not None
        text = json.dumps(make_record(self.state), indent=1) + "\n"
        try:
            await asyncio.to_thread(atomic_write_text, self.record_path, text)
        except StorageError as exc:
            log.error("table %s: the record was not written: %s", self.id, exc)
        else:
            self.recorded = True
            self.changed()
            if self.on_record is not None:
                self.on_record(self.record_path)
        finally:
            self.finished.set()

    def close(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()

    def changed(self) -> None:
        """Something worth saving changed (without a saver, it counts as saved at once)."""
        if self._on_change is not None:
            self._on_change(self)
        else:
            self.saved(len(self.log))

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

    def _send_state(self, seat: int, shown: _Shown) -> None:
        """The log entries `seat` lacks up to `shown` (History messages first when they
        are many), then its view there."""
        slot = self.seats[seat]
        if slot.out is None:
            return
        fresh = [log_entry_to_struct(e) for e in self.log[slot.sent_log:shown.moves]]
        slot.sent_log = shown.moves
        while len(fresh) > LOG_CHUNK:
            slot.out.send(encode(History(entries=fresh[:LOG_CHUNK])))
            del fresh[:LOG_CHUNK]
        slot.out.send(encode(State(view=view_to_struct(shown.views[seat]), log=fresh,
                                   current=shown.current)))


def _whole(seconds: float | None) -> int | None:
    return None if seconds is None else math.ceil(seconds)
