"""Join a table: the tables found on the local network (and the seats this computer had),
or a typed address; a name; then the lobby (`on_join` makes the connection, the screen
waits for a seat without ever waiting in a frame)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from splendor.i18n import tr
from splendor.net.protocol import TableSummary
from splendor.ui import theme
from splendor.ui.online.screen import PanelScreen
from splendor.ui.options import MAX_NAME_LENGTH
from splendor.ui.widgets import Button, Scale, TextInput, draw_lines, draw_text
from splendor.ui.wording import module_name

#: Rows of found tables shown at once.
MAX_ROWS = 5
#: Seconds of searching before the screen says nothing was found (and how to go on).
SEARCH_SECONDS = 4.0


@dataclass(frozen=True, slots=True)
class Listing:
    """One table to offer: its words, where it is, and how to sit there."""

    key: str
    label: str
    address: str
    table: str | None = None
    token: str | None = None
    joinable: bool = True
    seat: int | None = None


class Joining(Protocol):
    """What a Join asks of the connection (a NetSession)."""

    @property
    def seated(self) -> bool: ...
    @property
    def failed(self) -> str: ...
    def poll(self) -> None: ...
    def close(self) -> None: ...


def parse_address(text: str, default_port: int) -> str | None:
    """'host:port' (or 'host', with the default port; IPv6 in brackets) as a WebSocket URL
    with ws:// or wss://; None when it is no address."""
    text = text.strip()
    scheme = "ws://"
    for prefix in ("ws://", "wss://"):
        if text.startswith(prefix):
            scheme, text = prefix, text[len(prefix):]
    text = text.rstrip("/")
    if not text or any(c.isspace() or c in "/?#@" for c in text) or len(text) > 200:
        return None
    host, port = text, str(default_port)
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        host, rest = text[:end + 1], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                return None
            port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    elif ":" in text:
        return None  # a bare IPv6 address needs brackets to carry a port
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return f"{scheme}{host}:{int(port)}"


def module_words(module: str | None) -> str:
    """A table's module in its line: its name, or 'base game'."""
    return module_name(module) if module is not None else tr("online.join.base_game")


def table_words(title: str | None, players: int) -> str:
    """A table's title: the host's, or for a table given none 'Table for 2'."""
    return title or tr("online.table_for", players=players)


class Looking(Protocol):
    """What a Join asks of the server's table list (a `TableLister`)."""

    tables: list[TableSummary] | None
    failed: str

    def poll(self) -> None: ...
    def close(self) -> None: ...


def open_seats(url: str, tables: list[TableSummary]) -> list[Listing]:
    """The seats one may take at `url`'s tables, as rows to click."""
    out = []
    for table in tables:
        if table.started or table.over:
            continue
        for seat in table.seats:
            if seat.kind == "open":
                label = tr("online.join.seat_row",
                           title=table_words(table.title, table.players), seat=seat.seat + 1,
                           players=table.players, module=module_words(table.module))
                out.append(Listing(f"seat:{table.id}/{seat.seat}", label, url, table.id,
                                   seat=seat.seat))
    return out


class JoinScene(PanelScreen):
    """Pick a found table or type an address, with a name; `on_join(url, name, listing)`
    returns the connection, and `on_seated(connection)` follows once the server seats us."""

    def __init__(self, name: str, listings: Callable[[], list[Listing]],
                 on_join: Callable[[str, str, Listing | None], Joining],
                 on_seated: Callable[[Joining], None], default_port: int, *,
                 on_refused: Callable[[Listing | None, str], None] | None = None,
                 on_look: Callable[[str], Looking] | None = None,
                 held_at: Callable[[str], Listing | None] | None = None) -> None:
        """`on_look(url)` asks a server for its tables, so that the player picks a seat
        (without it, the server seats the player at the first open one)."""
        super().__init__()
        self.on_look = on_look
        #: The seat this computer holds at an address, if any (typing the address of a
        #: table one sat at takes that seat back).
        self.held_at = held_at
        self.looking: Looking | None = None
        #: The open seats found at the address asked, to choose from (None: not asked).
        self.seats_offered: list[Listing] | None = None
        self.on_refused = on_refused
        self._listing: Listing | None = None
        self.listings = listings
        self.on_join = on_join
        self.on_seated = on_seated
        self.default_port = default_port
        # Names as long as the New game screen's (the tables' panels are made for them).
        self.name = TextInput(name[:MAX_NAME_LENGTH], max_length=MAX_NAME_LENGTH, px=20,
                              placeholder=tr("online.join.name"),
                              on_change=lambda text: self._typed(self.name))
        self.address = TextInput("", max_length=120, px=20, show_count=False,
                                 placeholder="192.168.1.5:7437",
                                 on_change=lambda text: self._typed(self.address))
        self.join_typed = Button(tr("online.join.join"), self.join_address, style="primary")
        self.back = Button(tr("menu.entry.back"), self.go_back)
        self.rows: list[tuple[Listing, Button]] = []
        self._shown: list[Listing] = []
        self._searched = 0.0
        #: The connection being made, and where to (for the words while it is made).
        self.joining: Joining | None = None
        self._joining_at = ""
        #: The URL asked (its scheme kept: the seats found there are joined over wss:// too).
        self._joining_url = ""
        #: What went wrong last (a text in the language in use), '' for nothing.
        self.problem = ""
        self._status_rect = pygame.Rect(0, 0, 0, 0)
        self._found_label = pygame.Rect(0, 0, 0, 0)
        self._empty_rect = pygame.Rect(0, 0, 0, 0)
        self._address_label = pygame.Rect(0, 0, 0, 0)
        self._name_label = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------ model

    def _offered(self) -> list[Listing]:
        return self.seats_offered if self.seats_offered is not None else self._shown

    def _typed(self, field: TextInput) -> None:
        """A field at fault is being mended: its mark and the sentence about it go."""
        if field.error:
            field.error = False
            self.problem = ""

    def _joiner(self, listing: Listing) -> Callable[[], None]:
        return lambda: self.join_listing(listing)

    def join_listing(self, listing: Listing) -> None:
        self._join(listing.address, listing)

    def join_address(self) -> None:
        self._join(self.address.text, None)

    def _join(self, address: str, listing: Listing | None) -> None:
        if self.joining is not None or self.looking is not None:
            return
        name = " ".join(self.name.text.split())
        if not name:
            self.problem = tr("online.problem.name_empty")
            self.name.error = True
            return
        self.name.error = False
        url = parse_address(address, self.default_port)
        if url is None:
            self.problem = tr("online.problem.bad_address", address=address.strip()[:40])
            self.address.error = True
            return
        self.address.error = False
        self.problem = ""
        self._joining_at = url.split("://", 1)[1]
        self._joining_url = url
        if listing is None and self.held_at is not None:
            listing = self.held_at(url)
        self._listing = listing
        # A held seat or a chosen one is asked for; otherwise: which seats are open there?
        chosen = listing is not None and (listing.token is not None or listing.seat is not None)
        if self.on_look is not None and not chosen:
            self.looking = self.on_look(url)
            return
        self.joining = self.on_join(url, name, listing)

    def _looked(self, looking: Looking) -> None:
        """The server's tables came: one open seat is taken at once, several offered."""
        assert looking.tables is not None
        seats = open_seats(self._joining_url, looking.tables)
        if not seats:
            self.problem = problem_text("table_full")
        elif len(seats) == 1:
            self._join(seats[0].address, seats[0])
        else:
            self.seats_offered = seats
            self.relayout()  # a row per open seat

    # ------------------------------------------------------------ layout

    def lay_out(self, sc: Scale, panel: pygame.Rect) -> None:
        x, w = panel.x + sc.px(36), panel.w - sc.px(72)
        y = self.title_rect.bottom + sc.px(14)
        self.join_typed.label = tr("online.join.join")
        self.back.label = tr("menu.entry.back")
        self.name.placeholder = tr("online.join.name")
        field_h, label_w = sc.px(44), min(sc.px(220), w // 3)
        body = sc.text(19)
        self._name_label = pygame.Rect(x, y, label_w, field_h)
        self.name.place(pygame.Rect(x + label_w + sc.px(12), y, min(sc.px(360), w - label_w),
                                    field_h), sc.text(20))
        y += field_h + sc.px(18)
        self._found_label = pygame.Rect(x, y, w, sc.px(30))
        y += sc.px(34)
        row_h, gap = sc.px(42), sc.px(8)
        self.rows = []
        for listing in self._offered()[:MAX_ROWS]:
            button = Button(listing.label, self._joiner(listing),
                            rect=pygame.Rect(x, y, w, row_h), px=sc.text(18),
                            enabled=listing.joinable)
            self.rows.append((listing, button))
            y += row_h + gap
        list_bottom = self._found_label.bottom + sc.px(4) + MAX_ROWS * (row_h + gap)
        self._empty_rect = pygame.Rect(x, self._found_label.bottom + sc.px(4), w,
                                       2 * row_h)
        # Under the address: room for two lines of what went wrong, then Back.
        back_h = sc.px(44)
        status_h = 2 * theme.font(sc.text(17)).get_linesize() + sc.px(6)
        lowest = panel.bottom - sc.px(20) - back_h - sc.px(8) - status_h - sc.px(12) \
            - field_h - sc.px(36)
        y = min(list_bottom, lowest)
        y = max(y, self._found_label.bottom + sc.px(4) + (row_h + gap) * len(self.rows))
        self._address_label = pygame.Rect(x, y, w, sc.px(30))
        y += sc.px(36)
        join_w = self.join_typed.width_for(field_h, body)
        self.address.place(pygame.Rect(x, y, w - join_w - sc.px(12), field_h), sc.text(20))
        self.join_typed.rect = pygame.Rect(self.address.rect.right + sc.px(12), y, join_w,
                                           field_h)
        self.join_typed.px = body
        y += field_h + sc.px(12)
        self.back.rect = pygame.Rect(x, panel.bottom - sc.px(20) - back_h,
                                     max(sc.px(160), self.back.width_for(back_h, body)), back_h)
        self.back.px = body
        self._status_rect = pygame.Rect(x, y, w, self.back.rect.top - sc.px(8) - y)
        self.form.set_widgets([self.name, *(b for _, b in self.rows), self.address,
                               self.join_typed, self.back])

    # ------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focus in (self.address, self.name):
            if self.address.text.strip():
                self.join_address()
            return True
        return super().handle_event(event)

    def go_back(self) -> None:
        """Back to the tables found from a choice of seats; else leave the screen (what
        was under way is dropped)."""
        if self.looking is not None:
            self.looking.close()
            self.looking = None
        if self.joining is not None:
            self.joining.close()
            self.joining = None
        elif self.seats_offered is not None:
            self.seats_offered = None
            self.relayout()  # the tables found again
            return
        super().go_back()

    def update(self, dt: float) -> None:
        self._searched += dt
        found = self.listings()
        if found != self._shown:
            self._shown = found
            if self.seats_offered is None:
                self.relayout()  # a table found or gone: its row
        looking = self.looking
        if looking is not None:
            looking.poll()
            if looking.tables is not None or looking.failed:
                self.looking = None
                looking.close()
                if looking.failed:
                    self.problem = problem_text(looking.failed, self._joining_at)
                else:
                    self._looked(looking)
        joining = self.joining
        if joining is not None:
            joining.poll()
            if joining.seated:
                self.joining = None
                self.on_seated(joining)
            elif joining.failed:
                self.problem = problem_text(joining.failed, self._joining_at)
                if self.on_refused is not None:
                    self.on_refused(self._listing, joining.failed)
                joining.close()
                self.joining = None
        super().update(dt)

    def shows(self) -> object:
        """The line under the address (an attempt under way, or how the last ended) and
        whether the search has given up: what an update changes by itself."""
        return (self.joining is not None or self.looking is not None, self._joining_at,
                self.problem, self._searched < SEARCH_SECONDS)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        sc = Scale(surface.get_size())
        self.draw_frame(surface, tr("online.join.title"))
        body = sc.text(19)
        draw_text(surface, tr("online.join.name"), body, theme.TEXT, self._name_label,
                  align="left")
        heading = tr("online.join.found") if self.seats_offered is None else \
            tr("online.join.choose_seat", address=self._joining_at)
        draw_text(surface, heading, body, theme.TEXT, self._found_label, align="left",
                  bold=True)
        if not self.rows:
            words = tr("online.join.searching") if self._searched < SEARCH_SECONDS \
                else tr("online.join.none_found")
            draw_lines(surface, words, sc.text(17), theme.TEXT_DIM, self._empty_rect)
        draw_text(surface, tr("online.join.address"), body, theme.TEXT, self._address_label,
                  align="left")
        self.form.draw(surface)
        if self.joining is not None or self.looking is not None:
            draw_lines(surface, tr("online.join.connecting", address=self._joining_at),
                       sc.text(17), theme.TEXT_DIM, self._status_rect)
        elif self.problem:
            draw_lines(surface, self.problem, sc.text(17), theme.DANGER, self._status_rect)


def problem_text(code: str, address: str = "") -> str:
    """A refusal or connection problem in words (online.problem.<code>)."""
    from splendor.i18n import has

    key = f"online.problem.{code}"
    if has(key):
        return tr(key, address=address)
    return tr("online.problem.other", code=code[:40])
