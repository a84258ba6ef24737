"""Network play in the game's flow: Menu → Play online → Host a table (the New game screen
with seats for remote players, then the lobby) or Join a table (found on the network, or
by address, then the lobby) → the table. The host's server runs for the window's life."""

from __future__ import annotations

import functools
import logging
import os
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from splendor.i18n import tr
from splendor.net.game_table import Table
from splendor.net.hosting import Hosted, HostError, HostServer
from splendor.net.listing import TableLister
from splendor.net.loop_thread import LoopThread
from splendor.net.protocol import DEFAULT_PORT
from splendor.net.seat_names import worded_names
from splendor.net.session import NetSession, SeatLink
from splendor.net.table_file import table_files, table_path
from splendor.session.seats import HUMAN, REMOTE, GameOptions, SeatOption
from splendor.storage import net_seats, paths
from splendor.storage.atomic import StorageError
from splendor.ui.online.join import (
    Joining,
    JoinScene,
    Listing,
    Looking,
    module_words,
    table_words,
)
from splendor.ui.online.lobby import LobbyScene
from splendor.ui.options import bot_seat_name, default_name
from splendor.ui.player_name import player_name, remember_first_person, remember_name
from splendor.ui.scenes.load_game import saved_when
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.wording import module_name

if TYPE_CHECKING:
    from splendor.ui.main import Game

log = logging.getLogger(__name__)


class _Controls:
    """The lobby's host buttons, bound to one hosted table."""

    def __init__(self, server: HostServer, hosted: Hosted) -> None:
        self.server, self.hosted = server, hosted
        self.addresses = server.addresses()
        self.port = server.port

    def start(self) -> str:
        return self.server.start(self.hosted)

    def hand_to_bot(self, seat: int, level: str) -> str:
        return self.server.hand_to_bot(self.hosted, seat, level)


def _held_row(held: net_seats.HeldSeat) -> Listing:
    """A seat this computer holds, as a row of the Join screen."""
    return Listing(f"held:{held.url}/{held.table}/{held.seat}",
                   tr("online.join.yours", title=held.title), held.url, held.table,
                   held.token)


class OnlineFlow:
    """The screens of network play for one window (`game`)."""

    def __init__(self, game: Game, *, bind: str | None = None, port: int = DEFAULT_PORT,
                 discovery: bool = True) -> None:
        """`bind`: the address the host's server listens on ('': every network; by
        default SPLENDOR_BIND from the environment, for a host on one network only)."""
        self.game = game
        if bind is None:
            bind = os.environ.get("SPLENDOR_BIND", "").strip()
        self.bind, self.port, self.discovery = bind, port, discovery
        self.server: HostServer | None = None
        self._browser: Any = None

    # ------------------------------------------------------------ the menu

    def open(self) -> None:
        """The Play online menu."""
        app = self.game.app
        saved = bool(table_files(paths.net_tables_dir()))
        menu = MenuScene(entries=[
            ("host", self.open_host), ("join", self.open_join),
            *([("host_continue", self.continue_hosted)] if saved or self._hosting() else []),
            ("back", lambda: app.stack.remove(menu))],
            tagline="menu.online_tagline", on_back=lambda: app.stack.remove(menu))
        app.stack.push(menu)

    def _player_name(self) -> str:
        return player_name(self.game.settings)

    # ------------------------------------------------------------ hosting

    def open_host(self) -> None:
        last = self.game.last_options
        seats = (SeatOption(HUMAN, self._player_name()),
                 SeatOption(REMOTE, default_name(REMOTE, 1)))
        defaults = GameOptions(seats, competitive=True,
                               module=last.module if last is not None else None)
        self.game.app.stack.push(NewGameScene(self.host_table, defaults, hosting=True))

    def _server(self) -> HostServer | None:
        """The host's server, started on first use; None (and said why) if it cannot be."""
        if self.server is None:
            try:
                self.server = HostServer(self.game.data, paths.net_tables_dir(), bind=self.bind,
                                         port=self.port, advertise=self.discovery,
                                         bot_name=bot_seat_name)
            except (HostError, OSError) as exc:
                log.warning("cannot host: %s", exc)
                detail = str(exc)
                self.game.app.stack.push(MessageScene(
                    lambda: tr("menu.entry.host"),
                    lambda: tr("online.problem.host_failed", detail=detail)))
                return None
        return self.server

    def _hosting(self) -> bool:
        return self.server is not None and bool(self.server.server.tables)

    def host_table(self, options: GameOptions) -> None:
        """Open the table the New game screen describes, and its lobby."""
        server = self._server()
        if server is None:
            return
        host = next((s.name for s in options.seats if s.kind == HUMAN), self._player_name())
        remember_first_person(self.game.settings, options)
        self.game.save_settings()
        hosted = server.open_table(options, tr("online.table_title", name=host))
        self._lobby(server, hosted, replace=True)

    def continue_hosted(self) -> None:
        """Back to a table of this host's: one still served, or one saved by an earlier
        run; with several, the player chooses which (a menu of them)."""
        server = self._server()
        if server is None:
            return
        tables = [t for t in server.server.tables.values() if not t.over] \
            or server.saved_tables()
        if not tables:
            self.game.app.stack.push(MessageScene(
                lambda: tr("online.lobby.continue_title"),
                lambda: tr("online.problem.nothing_saved")))
            return
        if len(tables) == 1:
            self._lobby(server, server.resume(tables[0]), replace=False)
            return
        stack = self.game.app.stack

        def back_to(table: Table) -> Callable[[], None]:
            def chosen() -> None:
                stack.remove(menu)
                self._lobby(server, server.resume(table), replace=False)
            return chosen

        keys = [f"table_{i}" for i in range(len(tables))]
        menu = MenuScene(
            entries=[*((k, back_to(t)) for k, t in zip(keys, tables, strict=True)),
                     ("back", lambda: stack.remove(menu))],
            tagline="online.lobby.continue_title", on_back=lambda: stack.remove(menu),
            labels={k: functools.partial(table_row, t) for k, t in zip(keys, tables,
                                                                       strict=True)})
        stack.push(menu)

    def _lobby(self, server: HostServer, hosted: Hosted, *, replace: bool) -> None:
        stack = self.game.app.stack

        def leave() -> None:
            server.close_table(hosted)
            if lobby in stack.scenes:
                stack.remove(lobby)

        controls = _Controls(server, hosted)
        hosted.session.host_actions = controls  # the table may let a bot play for someone
        lobby = LobbyScene(hosted.session, self.game.open_net_session, leave, host=controls)
        if replace and stack.top is not None:
            stack.remove(stack.top)  # the New game screen: leaving the lobby goes back
        stack.push(lobby)          # to the Play online menu under it

    # ------------------------------------------------------------ joining

    def open_join(self) -> None:
        self.game.app.stack.push(JoinScene(self._player_name(), self.listings, self.connect,
                                           self.seated, DEFAULT_PORT,
                                           on_refused=self.refused, on_look=self.look,
                                           held_at=self.held_at))

    def held_at(self, url: str) -> Listing | None:
        """The seat this computer holds at `url` (the newest), as a row to join."""
        held, _ = net_seats.held_seats()
        mine = next((h for h in held if h.url == url), None)
        return _held_row(mine) if mine is not None else None

    def look(self, url: str) -> Looking:
        """Ask the server at `url` for its tables (the player then picks a seat)."""
        return TableLister(self.game.data, url, LoopThread("splendor-look").start())

    def listings(self) -> list[Listing]:
        """The seats this computer holds, then the tables found on the network."""
        held, _ = net_seats.held_seats()
        out = [_held_row(h) for h in held[:2]]
        for found in self._found():
            out.append(found)
        return out

    def _found(self) -> list[Listing]:
        if not self.discovery:
            return []
        try:
            if self._browser is None:
                from splendor.net.discovery import Browser
                self._browser = Browser()
            tables = self._browser.tables()
        except Exception as exc:  # no discovery here (no network): typing still works
            log.info("no discovery: %s", exc)
            self.discovery = False
            return []
        from splendor.net.discovery import address_of

        titles = [table_words(t.title, t.players) for t in tables]
        heard = Counter(titles)
        out = []
        for t, title in zip(tables, titles, strict=True):
            state = "" if t.compatible else tr("online.join.incompatible")
            if t.compatible and t.started:
                state = tr("online.join.started")
            elif t.compatible and not t.open_seats:
                state = tr("online.join.full")
            detail = tr("online.join.row", players=t.players, module=module_words(t.module),
                        open=t.open_seats)
            address = address_of(t)
            if heard[title] > 1:  # the same title twice (a copy, or two "Table for 2"):
                title = f"{title} · {address}"  # where each is tells them apart
            out.append(Listing(f"found:{t.name}", f"{title} · {state or detail}",
                               address, joinable=t.compatible and bool(t.open_seats)))
        return out

    def connect(self, url: str, name: str, listing: Listing | None) -> Joining:
        # The name typed to join is the player's: offered next time, wherever they are
        # named (saved with the settings at once: a network game may be left any way).
        remember_name(self.game.settings, name)
        self.game.save_settings()
        worker = LoopThread("splendor-join").start()
        link = SeatLink(name, token=listing.token if listing else None,
                        table=listing.table if listing else None,
                        seat=listing.seat if listing else None)
        return NetSession(self.game.data, url, [link], worker, bot_name=bot_seat_name)

    def seated(self, joining: Joining) -> None:
        assert isinstance(joining, NetSession)
        session = joining
        held = session.held_seat()
        if held is not None and session.summary is not None:
            table, seat, token = held
            title = table_words(session.summary.title, session.summary.players)
            try:
                net_seats.hold_seat(net_seats.HeldSeat(session.url, table, seat, token,
                                                       session.links[0].name, title))
            except StorageError as exc:  # the seat is still ours for this window's life
                log.warning("seat not kept: %s", exc)
        stack = self.game.app.stack

        def leave() -> None:
            session.close()
            if lobby in stack.scenes:
                stack.remove(lobby)

        lobby = LobbyScene(session, self.game.open_net_session, leave)
        stack.push(lobby)

    def game_over(self, session: NetSession) -> None:
        """A network game ended: its seat is nothing to come back to any more."""
        held = session.held_seat()
        if held is not None:
            self.forget(session.url, held[0])

    def refused(self, listing: Listing | None, code: str) -> None:
        """A held seat the server no longer knows is forgotten (the row goes)."""
        if listing is not None and listing.token is not None and listing.table is not None \
                and code in ("bad_token", "no_such_table"):
            self.forget(listing.address, listing.table)

    @staticmethod
    def forget(url: str, table: str) -> None:
        try:
            net_seats.release_seat(url, table)
        except StorageError as exc:
            log.warning("held seat not forgotten: %s", exc)

    def close(self) -> None:
        if self._browser is not None:
            try:
                self._browser.close()
            except Exception as exc:
                log.warning("discovery closed badly: %s", exc)
            self._browser = None
        if self.server is not None:
            self.server.close()
            self.server = None


def table_row(table: Table) -> str:
    """A saved table as the Continue menu lists it: its players, module and round, so
    that the host's tables (all named after the host) are told apart."""
    summary = table.summary()
    bots = worded_names(summary.seats, bot_seat_name)
    names = [bots.get(seat.seat) or seat.name or tr("online.continue.open_seat")
             for seat in summary.seats]
    state = table.state
    progress = (tr("online.continue.round", round=state.turns // state.num_players + 1)
                if state is not None else tr("online.continue.lobby"))
    module = table.spec.module
    row = tr("online.continue.row", names=", ".join(names), progress=progress,
             module="" if module is None else tr("online.continue.module",
                                                 module=module_name(module)))
    try:  # when its file was last written: its last move (two tables may be alike)
        written = table_path(paths.net_tables_dir(), table.id).stat().st_mtime
    except OSError:
        return row
    when = saved_when(datetime.fromtimestamp(written).astimezone().isoformat())
    return tr("online.continue.row_when", row=row, when=when) if when else row
