"""The lobby before a network game: who sits where, and, for the host, where others join,
Start, and a bot for a seat nobody took. The game begins for everyone when the host
starts it; the screen then hands the session to the table (`on_started`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from splendor.i18n import tr
from splendor.net.session import NetSession
from splendor.ui import theme
from splendor.ui.online.join import module_words, problem_text, table_words
from splendor.ui.online.screen import PanelScreen
from splendor.ui.options import kind_label
from splendor.ui.widgets import Button, Scale, draw_gem, draw_lines, draw_text

#: The bot offered for a seat nobody took.
STAND_IN = "medium"


class HostControls(Protocol):
    """What only the host may do at its table (see `splendor.net.hosting`)."""

    addresses: list[str]
    port: int

    def start(self) -> str: ...
    def hand_to_bot(self, seat: int, level: str) -> str: ...


@dataclass(frozen=True, slots=True)
class SeatLine:
    """A seat as the lobby shows it."""

    seat: int
    name: str
    kind: str  # 'open', 'player' or 'bot'
    connected: bool
    here: bool


def seat_lines(session: NetSession) -> list[SeatLine]:
    """The table's seats as the server last described them (a bot's name in the words of
    this screen)."""
    here = set(session.local_seats)
    return [SeatLine(s.seat, session.seat_name(s.seat), s.kind, s.connected, s.seat in here)
            for s in session.seat_infos()]


class LobbyScene(PanelScreen):
    """Waits for the game to begin; `host` is given at the host's screen only."""

    panel_size = (900, 600)

    def __init__(self, session: NetSession, on_started: Callable[[NetSession], None],
                 on_leave: Callable[[], None], host: HostControls | None = None) -> None:
        super().__init__()
        self.session = session
        self.on_started = on_started
        self.on_leave = on_leave
        self.host = host
        self.start = Button(tr("online.lobby.start"), self.try_start, style="primary")
        self.leave = Button(tr("online.lobby.leave"), self.go_back)
        self.bot_buttons: dict[int, Button] = {}
        self.lines: list[SeatLine] = []
        self.problem = ""
        self._line_rects: list[tuple[SeatLine, pygame.Rect]] = []
        self._where = pygame.Rect(0, 0, 0, 0)
        self._game = pygame.Rect(0, 0, 0, 0)
        self._note = pygame.Rect(0, 0, 0, 0)
        self._left = False

    @property
    def title(self) -> str:
        summary = self.session.summary
        if summary is None:
            return tr("online.join.title")
        return table_words(summary.title, summary.players)

    # ------------------------------------------------------------ actions

    def try_start(self) -> None:
        if self.host is None:
            return
        self.problem = self.host.start()

    def hand_to_bot(self, seat: int) -> None:
        if self.host is not None:
            self.problem = self.host.hand_to_bot(seat, STAND_IN)

    def go_back(self) -> None:
        if not self._left:
            self._left = True
            self.on_leave()

    # ------------------------------------------------------------ layout

    def lay_out(self, sc: Scale, panel: pygame.Rect) -> None:
        x, w = panel.x + sc.px(36), panel.w - sc.px(72)
        y = self.title_rect.bottom + sc.px(2)
        self.start.label = tr("online.lobby.start")
        self.leave.label = tr("online.lobby.leave")
        self._game = pygame.Rect(x, y, w, sc.px(26))
        y = self._game.bottom + sc.px(6)
        body = sc.text(19)
        where_h = sc.px(64) if self.host is not None else 0
        self._where = pygame.Rect(x, y, w, where_h)
        y += where_h + sc.px(10)
        row_h, gap = sc.px(46), sc.px(8)
        self._line_rects = []
        self.bot_buttons = {}
        for line in self.lines:
            rect = pygame.Rect(x, y, w, row_h)
            self._line_rects.append((line, rect))
            if self.host is not None and line.kind == "open":
                label = tr("online.lobby.give_bot", level=kind_label(STAND_IN))
                bw = Button(label).width_for(row_h - sc.px(8), sc.text(17))
                self.bot_buttons[line.seat] = Button(
                    label, self._handover(line.seat), px=sc.text(17),
                    rect=pygame.Rect(rect.right - bw - sc.px(8), rect.y + sc.px(4), bw,
                                     row_h - sc.px(8)))
            y += row_h + gap
        button_h = sc.px(46)
        bottom = panel.bottom - sc.px(22) - button_h
        self.leave.px = self.start.px = body
        self.leave.rect = pygame.Rect(x, bottom, max(sc.px(160),
                                      self.leave.width_for(button_h, body)), button_h)
        start_w = max(sc.px(220), self.start.width_for(button_h, body))
        self.start.rect = pygame.Rect(x + w - start_w, bottom, start_w, button_h)
        self._note = pygame.Rect(x, y + sc.px(4), w, bottom - sc.px(8) - y - sc.px(4))
        widgets = [*self.bot_buttons.values()]
        if self.host is not None:
            widgets.append(self.start)
        self.form.set_widgets([*widgets, self.leave])

    def _handover(self, seat: int) -> Callable[[], None]:
        return lambda: self.hand_to_bot(seat)

    # ------------------------------------------------------------ frames

    def update(self, dt: float) -> None:
        session = self.session
        session.poll()
        lines = seat_lines(session)
        if lines != self.lines:
            self.lines = lines
            self.relayout()  # a row per seat, a bot's button by an open one
        if self.host is not None:
            self.start.enabled = bool(self.lines) and all(
                line.kind != "open" for line in self.lines)
        if session.started and not self._left:
            self.on_started(session)
            return
        if session.failed:
            self.problem = problem_text(session.failed)
        elif session.problem and not session.connected:
            self.problem = problem_text(session.problem)
        super().update(dt)

    def shows(self) -> object:
        """What the server's news changes here besides the seats: the title, the game,
        what went wrong, and whether Start may be pressed."""
        return self.title, self.session.summary, self.problem, self.start.enabled

    def draw(self, surface: pygame.Surface) -> None:
        sc = Scale(surface.get_size())
        self.draw_frame(surface, self.title)
        small = sc.text(17)
        summary = self.session.summary
        if summary is not None:  # what is played here: the module and the seats
            draw_text(surface, tr("online.lobby.game", module=module_words(summary.module),
                                  players=summary.players),
                      sc.text(18), theme.ACCENT, self._game)
        if self.host is not None:
            where = tr("online.lobby.addresses", addresses=" · ".join(self.host.addresses)) \
                + "\n" + tr("online.lobby.internet", port=self.host.port)
            draw_lines(surface, where, small, theme.TEXT_DIM, self._where)
        for line, rect in self._line_rects:
            self._draw_line(surface, sc, line, rect)
        self.form.draw(surface)
        note = self.problem
        color = theme.DANGER
        if not note:
            color = theme.TEXT_DIM
            note = tr("online.lobby.waiting_host") if self.host is None else (
                "" if self.start.enabled else tr("online.lobby.start_blocked"))
        if note:
            draw_lines(surface, note, small, color, self._note)

    def _draw_line(self, surface: pygame.Surface, sc: Scale, line: SeatLine,
                   rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=sc.px(8))
        r = sc.px(9)
        color = 2 if line.connected else 3  # a green gem for connected, red for away
        draw_gem(surface, (rect.x + sc.px(22), rect.centery), r, color if line.kind != "open"
                 else 5)
        body = sc.text(19)
        name = line.name if line.kind != "open" else "—"
        label = f"{line.seat + 1}. {name}"
        text_x = rect.x + sc.px(44)
        # The name takes what it needs (half the row at most); the state has the rest.
        wide = theme.font(body, bold=line.here).size(label)[0]
        name_box = pygame.Rect(text_x, rect.y, min(wide, rect.w // 2 - sc.px(44)), rect.h)
        draw_text(surface, label, body, theme.TEXT, name_box, align="left", bold=line.here)
        if line.kind == "open":
            state = tr("online.lobby.seat_open")
        elif line.kind == "bot":
            state = tr("online.lobby.seat_bot")
        elif line.here:
            state = tr("online.lobby.seat_here")
        else:
            state = tr("online.lobby.seat_joined" if line.connected
                       else "online.lobby.seat_away")
        button = self.bot_buttons.get(line.seat)
        right = button.rect.left - sc.px(10) if button is not None else rect.right - sc.px(12)
        left = name_box.right + sc.px(12)
        state_box = pygame.Rect(left, rect.y, right - left, rect.h)
        draw_text(surface, state, sc.text(17), theme.TEXT_DIM, state_box, align="right")
