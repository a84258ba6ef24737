"""The host's side of network play in the window: its game server on a thread of its own,
its tables announced on the local network, and the host's own seats joined over loopback
like anyone else's (so the host's table is a `NetSession` too, and the server stays the
only authority, for the host as for the guests)."""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splendor.engine import GameData
from splendor.net.announce import Announcer
from splendor.net.autosave import FolderBusy
from splendor.net.game_table import Table, TableError
from splendor.net.loop_thread import LoopThread
from splendor.net.protocol import DEFAULT_PORT
from splendor.net.seat_names import BotNamer, server_bot_name
from splendor.net.server import GameServer
from splendor.net.session import NetSession, SeatLink
from splendor.net.table import TableSpec
from splendor.session.seats import HUMAN, REMOTE, GameOptions

log = logging.getLogger(__name__)

PORT_TRIES = 10


class HostError(Exception):
    """Why the host's server could not be started (a sentence for the screen's log)."""


@dataclass(frozen=True, slots=True)
class Hosted:
    """One table the host opened, and the host's session at it."""

    table: Table
    session: NetSession

    @property
    def id(self) -> str:
        return self.table.id

    @property
    def title(self) -> str:
        return self.table.title


class HostServer:
    """The window's game server: started on first use, kept for the window's life (tables
    go on while the host is at the menu), stopped when the window closes."""

    def __init__(self, data: GameData, save_dir: Path, *, bind: str = "",
                 port: int = DEFAULT_PORT, advertise: bool = True,
                 advertiser: Callable[..., Any] | None = None,
                 bot_name: BotNamer = server_bot_name) -> None:
        """`bot_name` words the bots' names at the host's screen (net/seat_names.py)."""
        self.data = data
        self.bot_name = bot_name
        self.save_dir = save_dir
        self.bind = bind
        self.worker = LoopThread("splendor-host").start()
        try:
            self.server = GameServer(data, save_dir=save_dir)
        except (FolderBusy, OSError) as exc:  # a `serve` has the folder, or it is read-only
            self.worker.stop()
            raise HostError(str(exc)) from exc
        self.port = self._listen(port)
        only = [bind] if bind not in ("", "0.0.0.0", "::") else None
        self._announcer = Announcer(self.port, advertiser, addresses=only) \
            if advertise else None
        if self._announcer is not None:
            announcer = self._announcer
            self.worker.submit(announcer.follow(lambda: self.server.tables.values()))

    def _listen(self, first: int) -> int:
        """Listen on `first`, or the next free port of a few (another program may hold
        it); HostError when none is free."""
        host = self.bind or None
        tries = [first + i for i in range(PORT_TRIES)] if first else [0]
        for port in tries:
            try:
                return int(self.worker.call(self.server.start(host or "", port)))
            except OSError as exc:
                log.info("port %d not free: %s", port, exc)
        self.worker.stop()
        raise HostError(f"no free port from {tries[0]} to {tries[-1]}")

    @property
    def local_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def addresses(self) -> list[str]:
        """Where players on the local network reach this server ('192.168.1.5:7437'): the
        address it listens on when it listens on one, else this machine's."""
        if self.bind not in ("", "0.0.0.0", "::"):
            return [f"[{self.bind}]:{self.port}" if ":" in self.bind else
                    f"{self.bind}:{self.port}"]
        try:
            from splendor.net.discovery import local_addresses
            found = list(local_addresses())
        except Exception:  # discovery is a convenience: the port is still worth showing
            found = []
        if not found:
            found = _fallback_addresses()
        return [f"[{a}]:{self.port}" if ":" in a else f"{a}:{self.port}" for a in found]

    # ------------------------------------------------------------ tables

    def open_table(self, options: GameOptions, title: str) -> Hosted:
        """Open a table for `options` (seats: people at this screen, remote players,
        bots, in the order the New game screen shows them); the host's people join it at
        once."""
        seats = options.seats
        local = tuple(i for i, s in enumerate(seats) if s.kind == HUMAN)
        bots = [(i, s.kind) for i, s in enumerate(seats) if s.kind not in (HUMAN, REMOTE)]

        async def opening() -> Table:
            table = self.server.open_table(TableSpec(len(seats), options.module),
                                           title=title, seed=options.seed, auto_start=False,
                                           local_seats=local)
            for seat, level in bots:  # bots keep their places (a spec puts them last)
                await table.hand_to_bot(seat, level)
            return table

        table = self.worker.call(opening())
        hosted = Hosted(table, self._host_session(table, {i: seats[i].name for i in local}))
        self._announce(table)
        return hosted

    def _host_session(self, table: Table, names: dict[int, str] | None = None) -> NetSession:
        names = names or {}
        links = [SeatLink(names.get(seat) or table.seats[seat].name or f"Player {seat + 1}",
                          token=table.seat_token(seat)) for seat in table.local_seats]
        return NetSession(self.data, self.local_url, links, self.worker, owns_worker=False,
                          bot_name=self.bot_name)

    def saved_tables(self) -> list[Table]:
        """Tables of an earlier run that are not over (Continue brings them back)."""
        return self.worker.call(self.server.resume())

    def resume(self, table: Table) -> Hosted:
        """The host's session at `table` (brought back by `saved_tables`)."""
        self._announce(table)
        return Hosted(table, self._host_session(table))

    def start(self, hosted: Hosted) -> str:
        """The host's Start: '' once begun, else the reason (a remote seat still open)."""
        try:
            self.worker.call(hosted.table.start())
        except TableError as exc:
            return str(exc)
        self._announce(hosted.table)
        return ""

    def hand_to_bot(self, hosted: Hosted, seat: int, level: str) -> str:
        """Let a bot of `level` play `seat` (open, or its player gone); '' or the reason."""
        try:
            self.worker.call(hosted.table.hand_to_bot(seat, level))
        except TableError as exc:
            return str(exc)
        self._announce(hosted.table)
        return ""

    def close_table(self, hosted: Hosted) -> None:
        """The host leaves the table. Before its game began, the table goes (those who
        joined are told it is gone); once begun, it stays served and saved (Continue
        your table brings the host back)."""
        hosted.session.close()
        try:
            self.worker.call(self.server.close_table(hosted.id))
        except Exception as exc:  # the window goes on; the table stays until it closes
            log.warning("table %s not closed: %s", hosted.id, exc)
        self._announce(hosted.table)

    # ------------------------------------------------------------ discovery

    def _announce(self, table: Table) -> None:
        """Lobby changes the host made are announced at once (the rest within 2 s)."""
        if self._announcer is not None:
            announcer = self._announcer

            async def now() -> None:
                announcer.sync(self.server.tables.values())

            self.worker.submit(now())

    def close(self) -> None:
        # The announcements are withdrawn as the worker's tasks are cancelled (`follow`).
        if self.worker.running:
            try:
                self.worker.call(self.server.close())
            except Exception as exc:
                log.warning("server closed badly: %s", exc)
        self.worker.stop()


def _fallback_addresses() -> list[str]:
    """This machine's address on the network its default route uses (no packet is
    sent: a UDP socket is only pointed somewhere)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            return [probe.getsockname()[0]]
    except OSError:
        return []
