"""A game served by another program, behind the interface of a local game (`Session`).

The table screen does not know whether its game is local: it asks for views, hands over
the person's actions, calls `poll` once a frame and shows another seat's move waiting in
`incoming` before committing it, as with a bot at this screen. Here the moves come from
the server: each local seat (one for a player who joined; the host's own seats, several
at one screen) has its own connection, run on a network thread (`LoopThread`), which
only puts what arrives in a queue. Everything a screen reads changes in `poll`, on the
frame loop's thread, so a frame never waits on the network and never sees half an update.

A network game is competitive: no undo, no hints, no pause of the game itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException

from splendor.bots import BOT_NAMES
from splendor.engine import Action, GameData, GameState, Phase, Refusal, View
from splendor.engine.record import replay
from splendor.engine.sampling import sample_world
from splendor.net import seat_names
from splendor.net.client import GameClient, Refused
from splendor.net.errors import ProtocolError
from splendor.net.protocol import (
    MAX_CHAT,
    Chat,
    Error,
    History,
    Lobby,
    Record,
    SeatInfo,
    State,
    TableSummary,
    Welcome,
)
from splendor.net.trust import client_ssl, connect_problem
from splendor.session.hints import Hint
from splendor.session.log import LogEntry
from splendor.session.replay import hide_private
from splendor.session.seats import HUMAN, REMOTE, GameOptions, SeatOption
from splendor.session.table_session import TableSession
from splendor.standings import standings_dict

log = logging.getLogger(__name__)

#: Seconds between attempts to reach the server again after a connection dropped.
RECONNECT_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0)
#: Seconds the person to play must have been away before the host may let a bot play
#: for them (a dropped connection often comes back within seconds).
HANDOVER_AFTER = 20.0
#: The bot the host's hand-over gives a seat to.
STAND_IN = "medium"
#: More moves than this behind: they are applied at once instead of shown one by one
#: (joining a game under way, or coming back after a drop).
CATCH_UP = 3


class HostActions(Protocol):
    """What the host's screen may do at its own table (see `splendor.net.hosting`)."""

    def hand_to_bot(self, seat: int, level: str) -> str: ...


@dataclass(frozen=True, slots=True)
class SeatLink:
    """A seat this screen plays: who, and how to claim it (a token, or a table and seat)."""

    name: str
    token: str | None = None
    table: str | None = None
    seat: int | None = None


#: What happened to a seat's connection, told in the chat as a line of its own
#: (`ChatLine.event`; the screen words it): a person left, came back, a bot took over.
LEFT, BACK, BOT_PLAYS = "left", "back", "bot"


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line of chat from `seat` (named `name`), or with `event` set, something that
    happened to that seat's connection (`text` empty)."""

    seat: int | None
    name: str
    text: str
    event: str = ""


@dataclass
class _Link:
    """One local seat's connection, as the frame loop knows it."""

    want: SeatLink
    client: GameClient | None = None
    seat: int | None = None
    token: str | None = None
    connected: bool = False
    #: Why the server will not seat us ('' while it may).
    refused: str = ""
    #: The seat's views by the number of moves they follow (the latest few only).
    views: dict[int, View] = field(default_factory=dict)


class _Closed:
    """Put in the queue when a link's connection ends (`reason`: an error code or '')."""

    def __init__(self, reason: str, final: bool) -> None:
        self.reason, self.final = reason, final


class NetSession:
    """The local seats of a table served over the network."""

    def __init__(self, data: GameData, url: str, links: list[SeatLink],
                 worker: Any, *, owns_worker: bool = True,
                 bot_name: seat_names.BotNamer = seat_names.server_bot_name) -> None:
        """Connect each of `links` to the server at `url` on `worker` (a `LoopThread`,
        stopped by `close` when `owns_worker`). `bot_name` words the names the server
        leaves to this screen (net/seat_names.py), in the views and the record too."""
        if not links:
            raise ValueError("a network game needs at least one local seat")
        self.data = data
        self.url = url
        self._worker = worker
        self._bot_name = bot_name
        self._owns_worker = owns_worker
        self._links = [_Link(want) for want in links]
        self._inbox: queue.SimpleQueue[tuple[int, object]] = queue.SimpleQueue()
        self._tasks: list[Any] = []
        self._closing = False
        #: The table as the server last described it (seats, who is connected).
        self.summary: TableSummary | None = None
        #: When (monotonic seconds) `summary` came: its seats' `bot_in` count from then.
        self.summary_at = time.monotonic()
        #: Set at the host's screen: lets a bot play for a person who went away.
        self.host_actions: HostActions | None = None
        #: Since when (monotonic seconds) each away person has been away.
        self._away_since: dict[int, float] = {}
        #: The seats as the first seated link last heard them (see `_seat_events`).
        self._seats_heard: dict[int, tuple[str | None, bool, bool]] | None = None
        self.chat: list[ChatLine] = []
        #: The latest refusal or connection problem, as a stable code ('' for none).
        self.problem = ""
        #: The server's refusals (their codes) as they came, the latest last.
        self.refusals: list[str] = []
        #: Every log entry received, in order; `log` is the part shown so far.
        self._received: list[LogEntry] = []
        #: Moves up to here are applied without being shown (a batch caught up with).
        self._catch_up_to = 0
        self.log: list[LogEntry] = []
        self.record: dict[str, Any] | None = None
        self._state: GameState | None = None
        self.incoming: tuple[int, Action] | None = None
        self._version = 0
        self._last_local: int | None = None
        #: The move number a local action was sent at: no second one until it is answered.
        self._sent_at: int | None = None
        self._judge: tuple[int, GameState | None] | None = None
        self.revealed: int | None = None
        self.on_commit: Callable[[LogEntry], None] | None = None
        self.on_turn_end: Callable[[], None] | None = None
        self.paused = False  # the pause menu is over the table (`pause`)
        # What a local session has and a network game never uses (no bots here, no hints).
        self.hint: Hint | None = None
        self.bot_error: str | None = None
        self.failed_seat: int | None = None
        self.finished_here = False
        for index in range(len(self._links)):
            self._tasks.append(worker.submit(self._run_link(index)))

    # ------------------------------------------------------------ the network thread

    async def _run_link(self, index: int) -> None:
        """Connect, pass on what arrives, and after a drop connect again with the token."""
        link = self._links[index]
        want = link.want
        token, attempt = want.token, 0
        while not self._closing:
            client = GameClient(self.url, want.name, self.data, token=token,
                                ssl=client_ssl(self.url), **self._hello_fields(want, token))
            try:
                welcome = await client.connect()
            except Refused as exc:
                self._inbox.put((index, _Closed(exc.code, final=True)))
                return
            except (OSError, TimeoutError, InvalidURI, WebSocketException,
                    ProtocolError) as exc:
                if token is None:  # a first try: the person typing the address hears now
                    self._inbox.put((index, _Closed(connect_problem(exc), final=True)))
                    return
                self._inbox.put((index, _Closed(connect_problem(exc), final=False)))
                await asyncio.sleep(RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)])
                attempt += 1
                continue
            attempt, token = 0, welcome.token
            link.client = client
            self._inbox.put((index, welcome))
            try:
                seen = 0  # the client's log entries passed on (with the States they came to)
                while True:
                    msg = await client.receive()
                    if isinstance(msg, State):
                        self._inbox.put((index, (client.log[seen:], client.view)))
                        seen = len(client.log)
                    elif isinstance(msg, Record) and client.record is not None:
                        # The record whole: the message's, with the actions from the log.
                        self._inbox.put((index, Record(record=client.record)))
                    elif not isinstance(msg, History):  # its entries come with the State
                        self._inbox.put((index, msg))
            except (ConnectionClosed, ProtocolError) as exc:
                code = exc.code if isinstance(exc, ProtocolError) else "connection_lost"
                if client.record is not None or self._closing:
                    return  # the game is over (or we are leaving): nothing to come back to
                self._inbox.put((index, _Closed(code, final=False)))
            finally:
                with contextlib.suppress(Exception):
                    await client.close()
            await asyncio.sleep(RECONNECT_DELAYS[0])

    @staticmethod
    def _hello_fields(want: SeatLink, token: str | None) -> dict[str, Any]:
        """The table and seat Hello asks for (none when a token names the seat)."""
        return {} if token is not None else {"table": want.table, "seat": want.seat}

    # ------------------------------------------------------------ the frame loop

    def poll(self) -> None:
        """Once a frame: take in what arrived, and apply the next move unless one is being
        shown (`incoming`) or the pause menu hides the table (`paused`)."""
        while True:
            try:
                index, item = self._inbox.get_nowait()
            except queue.Empty:
                break
            self._take(index, item)
        if not self.paused:
            self._advance()

    def _take(self, index: int, item: object) -> None:
        link = self._links[index]
        if isinstance(item, tuple):
            fresh, view = item
            if index == self._primary():
                # A connection made again gets the whole log again: keep what is new.
                new = [e for e in fresh if e.index >= len(self._received)]
                start = len(self._received)
                self._received.extend(new)
                # A move is shown from the view before it: moves that came several in one
                # State (joining, coming back) or with no view before them are applied
                # at once, as are too many waiting.
                if (new and (len(new) > 1 or start not in link.views)) \
                        or len(self._received) - len(self.log) > CATCH_UP:
                    self._catch_up_to = len(self._received)
            if view is not None:
                link.views[len(view.history)] = seat_names.renamed_view(view, self._worded())
                for old in [n for n in link.views if n < len(self.log) - 2]:
                    del link.views[old]
            self._sent_at = None
        elif isinstance(item, Welcome):
            link.seat, link.token, link.connected = item.seat, item.token, True
            self.summary, self.summary_at = item.table, time.monotonic()
            self.problem = ""
        elif isinstance(item, Lobby):
            self.summary, self.summary_at = item.table, time.monotonic()
            if index == self._primary():
                self._seat_events()
        elif isinstance(item, Chat):
            # The table's own lines (no seat) are news this screen tells in its own
            # language, from the Lobby messages (`_seat_events`).
            if index == self._primary() and item.seat is not None:
                name = item.name or self.seat_name(item.seat) or f"Seat {item.seat + 1}"
                self._say(ChatLine(item.seat, name, item.text))
        elif isinstance(item, Error):
            if item.code == "no_such_table":  # the host closed the table: nothing to rejoin
                link.refused = link.refused or item.code
            self.problem = item.code
            self.refusals.append(item.code)
            del self.refusals[:-20]
            self._sent_at = None
        elif isinstance(item, Record):
            if self.record is None:
                self.record = seat_names.renamed_record(item.record, self._worded())
        elif isinstance(item, _Closed):
            link.connected = False
            self.problem = item.reason
            if item.final:  # the first reason is the one to tell
                link.refused = link.refused or item.reason

    def _say(self, line: ChatLine) -> None:
        self.chat.append(line)
        del self.chat[:-200]

    def _primary(self) -> int:
        """The link whose copy of the log and chat is used (the first one seated)."""
        for index, link in enumerate(self._links):
            if link.seat is not None:
                return index
        return 0

    def _advance(self) -> None:
        # Moves that came in a batch (joining a game under way, back after a drop) are
        # applied at once: only the batch's last position has a view to show.
        while self.incoming is None and len(self.log) < len(self._received):
            entry = self._received[len(self.log)]
            if len(self.log) < self._catch_up_to or self._is_local(entry.seat):
                self._apply(entry)
            else:
                self.incoming = (entry.seat, entry.action)

    def commit_incoming(self) -> None:
        """The screen has shown the move in `incoming`: it joins the game."""
        if self.incoming is None:
            return
        self.incoming = None
        self._apply(self._received[len(self.log)])

    def _apply(self, entry: LogEntry) -> None:
        before = self._view_at(self.viewer(), len(self.log))
        self.log.append(entry)
        self._version += 1
        if self.revealed is not None and self.current != self.revealed:
            self.revealed = None
        if self.on_commit is not None:
            self.on_commit(entry)
        after = self._view_at(self.viewer(), len(self.log))
        if (self.on_turn_end is not None and before is not None and after is not None
                and after.turns != before.turns):
            self.on_turn_end()

    # ------------------------------------------------------------ what the screen asks

    @property
    def local_seats(self) -> tuple[int, ...]:
        return tuple(link.seat for link in self._links if link.seat is not None)

    @property
    def seated(self) -> bool:
        """True once the server has given this screen its seat(s)."""
        return all(link.seat is not None for link in self._links)

    @property
    def started(self) -> bool:
        """True once the game has begun (a first view has come)."""
        return any(link.views for link in self._links)

    @property
    def connected(self) -> bool:
        return all(link.connected for link in self._links)

    @property
    def failed(self) -> str:
        """Why a seat could not be had at all (refused, or nobody answering), or ''."""
        return next((link.refused for link in self._links if link.refused), "")

    def _is_local(self, seat: int) -> bool:
        return seat in self.local_seats

    def is_human(self, seat: int) -> bool:
        return self._is_local(seat)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(sorted(self.local_seats))

    @property
    def hot_seat(self) -> bool:
        return len(self._links) > 1

    def _view_at(self, seat: int, moves: int) -> View | None:
        """`seat`'s view after `moves` moves, or the latest it has before that."""
        for link in self._links:
            if link.seat == seat:
                known = [n for n in link.views if n <= moves]
                return link.views[max(known)] if known else None
        return None

    def view(self, seat: int | None = None) -> View:
        seat = self.viewer() if seat is None else seat
        view = self._view_at(seat, len(self.log))
        if view is None:
            raise LookupError(f"no view of seat {seat} yet")
        return view

    def view_before_last(self) -> View | None:
        if not self.log:
            return None
        return self._view_at(self.viewer(), len(self.log) - 1)

    def public_view(self, seat: int | None = None) -> View:
        """What anyone at this screen may see: no blind card, no moves to make (laid out
        for `seat` when it is played here; this screen sees through its own seats only)."""
        if seat is not None and not self._is_local(seat):
            seat = None
        return hide_private(self.view(seat))

    def screen_view(self) -> View:
        if not self.hot_seat:
            return self.view()
        if self.revealed is not None and self.revealed == self.current:
            return self.view(self.revealed)
        return self.public_view()

    def reveal(self, seat: int) -> None:
        if seat == self.current and self._is_local(seat):
            self.revealed = seat
            self._last_local = seat

    @property
    def current(self) -> int | None:
        view = self._latest()
        return None if view is None else view.current_player

    def _latest(self) -> View | None:
        for seat in self.local_seats:
            view = self._view_at(seat, len(self.log))
            if view is not None and len(view.history) == len(self.log):
                return view
        return None

    def viewer(self) -> int:
        seat = self.current
        if seat is not None and self._is_local(seat):
            return seat
        if self._last_local is not None:
            return self._last_local
        seats = self.humans
        return seats[0] if seats else 0

    def human_to_act(self) -> bool:
        seat = self.current
        return (seat is not None and self._is_local(seat) and self.incoming is None
                and self._sent_at != len(self.log)  # not while its move is on its way
                and self._link_up(seat))  # nor while it could not be sent

    def _link_up(self, seat: int) -> bool:
        return any(link.connected for link in self._links if link.seat == seat)

    def is_over(self) -> bool:
        """True once the last move is shown and the record has come (the results need
        the whole game, which only the record holds)."""
        view = self._latest()
        return (view is not None and view.phase is Phase.OVER and self.incoming is None
                and len(self.log) == len(self._received) and self.state_or_none() is not None)

    def state_or_none(self) -> GameState | None:
        """The whole game, once over (rebuilt from the server's record), else None."""
        if self._state is None and self.record is not None:
            try:
                self._state = replay(self.data, self.record)
            except Exception as exc:  # a record this version cannot read: no results
                log.warning("the server's record could not be replayed: %s", exc)
                self.record = None
                self.problem = "bad_record"
        return self._state

    @property
    def state(self) -> GameState:
        """The whole game: only once it is over (the server keeps it until then)."""
        state = self.state_or_none()
        if state is None:
            raise LookupError("the whole game is known only once it is over")
        return state

    def standings(self) -> dict[str, Any]:
        return standings_dict(self.state)

    @property
    def version(self) -> int:
        return self._version

    @property
    def thinking(self) -> bool:
        return False

    @property
    def hint_pending(self) -> bool:
        return False

    @property
    def options(self) -> GameOptions:
        """The seats as this screen knows them: its own people, the others' kinds."""
        view = self._latest() or self._any_view()
        count = view.num_players if view is not None else len(self.seat_infos())
        names = [p.name for p in view.players] if view is not None else []
        infos = {s.seat: s for s in self.seat_infos()}
        seats = []
        for seat in range(count):
            info = infos.get(seat)
            if self._is_local(seat):
                kind = HUMAN
            elif info is not None and info.kind == "bot":
                kind = info.level if info.level in BOT_NAMES else "hard"
            else:
                kind = REMOTE
            name = names[seat] if seat < len(names) else (self.seat_name(seat)
                                                           or f"Seat {seat + 1}")
            seats.append(SeatOption(kind, name))
        module = view.module if view is not None else None
        return GameOptions(seats=tuple(seats), competitive=True, module=module)

    def _any_view(self) -> View | None:
        for link in self._links:
            if link.views:
                return link.views[max(link.views)]
        return None

    def seat_infos(self) -> list[SeatInfo]:
        """The table's seats as the server last described them (who sits, who is away)."""
        return list(self.summary.seats) if self.summary is not None else []

    @property
    def links(self) -> list[SeatLink]:
        return [link.want for link in self._links]

    def held_seat(self) -> tuple[str, int, str] | None:
        """(table id, seat, token) of the first local seat once seated, to come back with."""
        link = self._links[0]
        if self.summary is None or link.seat is None or link.token is None:
            return None
        return self.summary.id, link.seat, link.token

    def _worded(self) -> dict[int, str]:
        return seat_names.worded_names(self.seat_infos(), self._bot_name)

    def seat_name(self, seat: int) -> str:
        """`seat`'s name as this screen shows it: its person's, a bot's in this screen's
        words; '' for an open seat."""
        worded = self._worded().get(seat)
        if worded is not None:
            return worded
        return next((info.name for info in self.seat_infos()
                     if info.seat == seat and info.name), "")

    def waiting_for(self) -> str | None:
        """The name of the person to play now while their connection is down."""
        seat = self.current
        if seat is None or self._is_local(seat):
            return None
        for info in self.seat_infos():
            if info.seat == seat and info.kind == "player" and not info.connected:
                return str(info.name or f"Seat {seat + 1}")
        return None

    # ------------------------------------------------------------ connections in the chat

    def _seat_events(self) -> None:
        """Tell in the chat what changed in the seats' connections since the last Lobby
        (read on the first seated link only: each link hears every Lobby, not in step):
        a person gone, back, or played by a bot now. Nothing for the first Lobby (the
        table as it was found) nor for seats being taken before the game."""
        now = {seat: (name, bot, up) for seat, name, bot, up in self._seat_states()}
        before, self._seats_heard = self._seats_heard, now
        for seat, (name, bot, up) in now.items():
            if name is None or bot or up:
                self._away_since.pop(seat, None)
            else:
                self._away_since.setdefault(seat, time.monotonic())
        if before is None:
            return
        for seat, (name, bot, up) in sorted(now.items()):
            was = before.get(seat)
            if was is None or was[0] is None or name is None:
                continue  # a seat being taken (or freed) before the game: no news
            if bot and not was[1]:
                self._say(ChatLine(seat, name, "", BOT_PLAYS))
            elif not bot and was[2] and not up:
                self._say(ChatLine(seat, name, "", LEFT))
            elif not bot and up and not was[2]:
                self._say(ChatLine(seat, name, "", BACK))

    def handover_seat(self) -> int | None:
        """At the host's screen: the seat of the person to play, away for HANDOVER_AFTER
        seconds, whom a bot may now play for; None otherwise."""
        seat = self.current
        if self.host_actions is None or seat is None or self._is_local(seat):
            return None
        since = self._away_since.get(seat)
        return seat if since is not None and time.monotonic() - since >= HANDOVER_AFTER \
            else None

    def hand_over(self, seat: int) -> str:
        """The host lets a bot play `seat` from now; '' or the reason it could not."""
        if self.host_actions is None:
            return "not the host"
        return self.host_actions.hand_to_bot(seat, STAND_IN)

    def _seat_states(self) -> list[tuple[int, str | None, bool, bool]]:
        """(seat, name, played by a bot, connected) for each seat of the last Lobby: the
        one place that reads the Lobby's seats for the chat."""
        return [(info.seat, info.name, info.kind == "bot", info.connected)
                for info in self.seat_infos()]

    # ------------------------------------------------------------ acting

    def why_illegal(self, action: Action) -> Refusal | None:
        """The engine's answer, from this seat's view: moves are legal or not by what the
        seat sees (the hidden cards, filled in by chance here, never decide it)."""
        view = self.view()
        if action in view.legal_actions:
            return None
        if self._judge is None or self._judge[0] != self._version:
            try:
                self._judge = (self._version, sample_world(view, self.data, random.Random(0)))
            except Exception:  # a view no world fits: say no more than "not now"
                self._judge = (self._version, None)
        world = self._judge[1]
        reason = world.why_illegal(action) if world is not None else None
        return reason or Refusal("not_your_turn", "it is not your turn")

    def play(self, action: Action) -> Refusal | None:
        """Send a local person's action; the refusal when it cannot be sent."""
        seat = self.current
        if seat is None or not self._is_local(seat) or self.incoming is not None:
            return Refusal("not_your_turn", "it is not your turn")
        moves = len(self.log)
        if self._sent_at == moves:
            return Refusal("sent", "your move is on its way")
        reason = self.why_illegal(action)
        if reason is not None:
            return reason
        link = next(link for link in self._links if link.seat == seat)
        if link.client is None or not link.connected:
            return Refusal("connection_lost", "not connected to the table")
        self._sent_at = moves
        self._last_local = seat
        self._worker.submit(link.client.play(action, turn=moves))
        return None

    def send_chat(self, text: str) -> Refusal | None:
        """Send a line of chat; the refusal when it is not a line the server takes."""
        text = " ".join(text.split())
        if not text:
            return Refusal("chat_empty", "nothing to send")
        if len(text) > MAX_CHAT:
            return Refusal("chat_long", f"at most {MAX_CHAT} characters", limit=MAX_CHAT)
        link = self._links[self._primary()]
        if link.client is None or not link.connected:
            return Refusal("connection_lost", "not connected to the table")
        self._worker.submit(link.client.send(Chat(text=text)))
        return None

    # ------------------------------------------------------------ what a local game has

    def why_no_undo(self) -> Refusal | None:
        return Refusal("network_game", "a network game has no undo")

    def why_no_hint(self) -> Refusal | None:
        return Refusal("network_game", "a network game has no hints")

    def undo(self) -> Refusal | None:
        return self.why_no_undo()

    def request_hint(self) -> Refusal | None:
        return self.why_no_hint()

    def cancel_hint(self) -> None:
        pass

    def pause(self) -> None:
        """The pause menu is over the table: the others play on, but their moves wait,
        not applied, shown or opening a box, until the table is back."""
        self.paused = True

    def resume(self) -> None:
        self.paused = False

    def fallback_level(self, seat: int) -> str:
        return "medium"

    def replace_bot(self, seat: int, level: str) -> None:
        raise ValueError("bots of a network game are the host's")

    def close(self) -> None:
        """Leave the table: the connections close (the seat stays ours to come back to)."""
        self._closing = True
        for link in self._links:
            if link.client is not None and self._worker.running:
                with contextlib.suppress(RuntimeError):
                    self._worker.submit(link.client.close())
        for task in self._tasks:
            task.cancel()
        if self._owns_worker:
            self._worker.stop()


if TYPE_CHECKING:
    def _offers_what_a_table_needs(session: NetSession) -> TableSession:
        return session  # mypy checks that NetSession has all of TableSession
