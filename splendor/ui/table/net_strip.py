"""The network parts of the table, in one place: the chat under the game log, and the
status a game over the network adds (a person whose connection is down, with the time
left before a bot plays for them, or this screen's own) and its warning (the table's
server cannot save the game: moves wait). The table asks `strip_for(session)` once: a
local game gets `NoStrip`, which does nothing, so the scene never asks whether its game
is online.

The chat field takes the keyboard only while focused (Enter or a click on it); then
every key is its own, so typing never triggers a table shortcut. Enter sends, Escape
leaves the field (not the table); a refused line is said in words for a few seconds.
The wheel over the chat (or Page Up / Page Down while typing) goes back through older
lines; the view then stays still as lines come, a mark counts the newer ones below, and
sending a line comes back to the newest.

Laid out with the table (`place`: on entering, a resize or a change of language): the
field's placeholder and the status in words, the chat lines wrapped to the panel's width;
a line that comes is wrapped on the update that brings it, never while drawing.
"""

from __future__ import annotations

import dataclasses
import math
import time
from typing import Protocol, runtime_checkable

import pygame

from splendor.engine import Refusal
from splendor.i18n import tr
from splendor.net.protocol import MAX_CHAT, TableSummary
from splendor.net.session import ChatLine
from splendor.session.table_session import TableSession
from splendor.ui import theme
from splendor.ui.art import seat_colours
from splendor.ui.online.join import problem_text
from splendor.ui.table.layout import TableLayout
from splendor.ui.textfit import check_inside
from splendor.ui.widgets import TextInput, draw_flat_button, line_height
from splendor.ui.widgets.style import _mix
from splendor.ui.widgets.text import cut_to_width
from splendor.ui.wording import refusal_text

#: Seconds a refused chat line's reason stays under the field.
REFUSAL_SHOWN = 4.0
#: Lines of the screen one chat line may take (longer ones are cut with '…').
LINES_PER_MESSAGE = 3
#: Chat lines a wheel notch (or a Page Up / Page Down) goes back or forth.
SCROLL_STEP = 1
PAGE_STEP = 4

#: A bot to come for a person away: their name, the whole seconds left, whether the game
#: waits for them (see `NetStrip.bot_due`).
BotDue = tuple[str, int, bool]
#: What the status says, as values: connected, whom the game waits for, whether the table
#: cannot save, a bot to come.
_Seen = tuple[bool, str | None, bool, BotDue | None]


@runtime_checkable
class NetTable(Protocol):
    """What a game served over the network adds for its table (see net.session). Only
    these are checked by `isinstance`: the whole `TableSession` would read `state`,
    which a network game has only once over."""

    chat: list[ChatLine]
    refusals: list[str]
    #: The table as last described (None before), and when that came (monotonic).
    summary: TableSummary | None
    summary_at: float

    @property
    def connected(self) -> bool: ...
    @property
    def current(self) -> int | None: ...
    def send_chat(self, text: str) -> Refusal | None: ...
    def waiting_for(self) -> str | None: ...
    def handover_seat(self) -> int | None: ...
    def hand_over(self, seat: int) -> str: ...


class NoStrip:
    """A local game: no chat, nothing to add to the status."""

    def place(self, lay: TableLayout) -> TableLayout:
        return lay

    def handle_event(self, event: pygame.event.Event, enter_free: bool) -> bool:
        return False

    def update(self, dt: float) -> bool:
        return False

    def status(self) -> tuple[str, bool]:
        return "", False

    def warning(self) -> str:
        return ""

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        pass


def strip_for(session: TableSession) -> NetStrip | NoStrip:
    return NetStrip(session) if isinstance(session, NetTable) else NoStrip()


class NetStrip(NoStrip):
    """The chat beside the log, and the connections' status."""

    def __init__(self, session: NetTable) -> None:
        self.session = session
        self.field = TextInput(max_length=MAX_CHAT, show_count=False)
        self.rect = pygame.Rect(0, 0, 0, 0)  # the chat's panel
        self.refusal: Refusal | None = None
        self._refusal_left = 0.0
        self._pressed = False  # a press began in the field: its release is the field's too
        #: Each chat line followed so far, with its rows as drawn (see `chat_rows`).
        self._wrapped: list[tuple[ChatLine, tuple[tuple[str, str], ...]]] = []
        #: The rows' text size and width, set on layout.
        self._chat_px = self._chat_w = 0
        #: The connections as last seen (connected, whom the game waits for, whether the
        #: table cannot save, a bot to come: see `bot_due`), and the status and warning
        #: said of them (see `status`, `warning`).
        self._status_of: _Seen | None = None
        self._status: tuple[str, bool] = ("", False)
        self._warning = ""
        self._refusals_seen = 0
        #: A refusal of the server's, in words (shown like a chat refusal).
        self.said = ""
        self._scale = 1.0
        #: At the host's screen, the button letting a bot play for a person long gone
        #: (placed on layout, shown while `handover_seat` names a seat), and that seat.
        self.handover = pygame.Rect(0, 0, 0, 0)
        self.handover_for: int | None = None
        #: How many of the newest chat lines are hidden below (0: the newest shown).
        self.back = 0
        self._pointer: tuple[int, int] | None = None

    @property
    def focused(self) -> bool:
        return self.field.focused

    def scroll(self, lines: int) -> None:
        """Go back `lines` chat lines (forth when negative), within the chat."""
        self.back = max(0, min(self.back + lines, len(self.session.chat) - 1))

    # ----------------------------------------------------------------- layout

    def place(self, lay: TableLayout) -> TableLayout:
        """Share the log's place with the chat (the chat under it); the layout with the
        log shortened."""
        px = lay.px
        log = lay.log
        gap = px(6)
        field_h = px(26)
        row = line_height(self._text_px(lay.scale))
        # Half the place, within what keeps two rows of the log (its title and padding as
        # table.view draws it) and one of the chat over its field: four players at the
        # smallest window leave just that.
        log_least = px(18) + line_height(max(theme.MIN_TEXT_PX, px(15))) + 2 * (
            line_height(max(theme.MIN_TEXT_PX, px(14))) + px(3))
        chat_least = field_h + px(16) + row
        chat_h = max(chat_least, min(px(230), round(log.h * 0.5),
                                     log.h - gap - log_least))
        self.rect = pygame.Rect(log.x, log.bottom - chat_h, log.w, chat_h)
        self._scale = lay.scale
        inner = self.rect.inflate(-2 * px(8), 0)
        self.field.place(pygame.Rect(inner.x, self.rect.bottom - px(6) - field_h, inner.w,
                                     field_h), self._text_px(lay.scale))
        self.handover = pygame.Rect(inner.x, self.rect.y + px(6), inner.w, field_h)
        # The words of the language in use, the lines wrapped to this width.
        self.field.placeholder = tr("net_table.chat.placeholder")
        self._word_status()
        self._chat_px = self._text_px(lay.scale)
        self._chat_w = self.rect.inflate(-2 * px(10), 0).w
        self._wrapped = [(line, self._wrap(line)) for line, _ in self._wrapped]
        shorter = pygame.Rect(log.x, log.y, log.w, log.h - chat_h - gap)
        return dataclasses.replace(lay, log=shorter)

    @staticmethod
    def _text_px(scale: float) -> int:
        return max(theme.MIN_TEXT_PX, round(13 * scale))

    def _px(self, value: float) -> int:
        return max(1, round(value * self._scale))

    # ----------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event, enter_free: bool) -> bool:
        """True when the event was the chat's (the table must not see it). `enter_free`:
        the table has no use for Enter now (nothing picked), so Enter opens the field."""
        field = self.field
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 \
                and self.handover_for is not None and self.handover.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP:  # a click counts when released
                self.session.hand_over(self.handover_for)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if field.rect.collidepoint(event.pos):
                if not field.focused:
                    self._focus(by_click=True)
                field.handle_event(event)
                self._pressed = True
                return True
            self._leave()  # a click on the table: the table has it, and the keys again
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            self._pressed = False
            field.handle_event(event)
            return True
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            field.handle_event(event)
            return self._pressed
        if event.type == pygame.MOUSEWHEEL:
            if self._pointer is None or not self.rect.collidepoint(self._pointer):
                return False  # the log's, or nobody's
            self.scroll(event.y * SCROLL_STEP)  # up: older lines
            return True
        if event.type == pygame.KEYDOWN:
            enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            if not field.focused:
                if enter and enter_free:
                    self._focus(by_click=False)
                    return True
                return False
            if enter:
                self.send()
            elif event.key == pygame.K_ESCAPE:
                self._leave()
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.scroll(PAGE_STEP if event.key == pygame.K_PAGEUP else -PAGE_STEP)
            else:
                field.handle_event(event)
            return True  # no key reaches the table while typing
        if event.type == pygame.TEXTINPUT and field.focused:
            field.handle_event(event)
            return True
        return False

    def _focus(self, by_click: bool) -> None:
        self.field.focused = True
        self.field.focus_gained(by_click)

    def _leave(self) -> None:
        self.field.focused = False
        self.field.hover = False

    def send(self) -> None:
        """Send the field's line; the field empties, or the reason is shown."""
        reason = self.session.send_chat(self.field.text)
        if reason is None:
            self.field.clear()
            self.back = 0  # one's own line is read where it lands: with the newest
            self.refusal = None
            self.said = ""
            self._refusal_left = 0.0
        else:
            self.refusal = reason
            self._refusal_left = REFUSAL_SHOWN

    # ----------------------------------------------------------------- time

    def update(self, dt: float) -> bool:
        """Time passes for the caret and a refusal, lines come, the connections change;
        True when the chat must be drawn again."""
        redraw = self.field.update(dt)
        refusals = self.session.refusals
        if len(refusals) != self._refusals_seen:  # the server refused something of ours
            self._refusals_seen = len(refusals)
            self.said = problem_text(refusals[-1]) if refusals else ""
            self._refusal_left = REFUSAL_SHOWN
            redraw = True
        if self._refusal_left > 0:
            self._refusal_left = max(0.0, self._refusal_left - dt)
            if self._refusal_left == 0:
                self.refusal = None
                self.said = ""
                redraw = True
        seat = self.session.handover_seat()
        if seat != self.handover_for:
            self.handover_for = seat
            redraw = True
        came = self._follow_chat()
        if came:
            if self.back:  # reading older lines: they stay where they are
                self.back += came
            redraw = True
        if self._seen_now() != self._status_of:  # a countdown: once a second
            self._word_status()
            redraw = True
        return redraw

    def _follow_chat(self) -> int:
        """Wrap the chat lines that came since the last time (the oldest go once the
        chat is full); how many came."""
        chat = self.session.chat
        if len(chat) == len(self._wrapped) and (not chat or chat[-1] is self._wrapped[-1][0]):
            return 0
        # By the line itself: two lines may say the same. The lines held here keep
        # their ids from being taken by new ones.
        known = {id(line): rows for line, rows in self._wrapped}
        self._wrapped = [(line, known[id(line)] if id(line) in known else self._wrap(line))
                         for line in chat]
        return sum(1 for line in chat if id(line) not in known)

    def _wrap(self, line: ChatLine) -> tuple[tuple[str, str], ...]:
        return chat_rows(line, self._chat_px, self._chat_w)

    def _seen_now(self) -> _Seen:
        """What the status and the warning say, as values (worded when it changes)."""
        session = self.session
        unsaved = session.summary is not None and session.summary.unsaved
        return session.connected, session.waiting_for(), unsaved, self.bot_due()

    def bot_due(self) -> BotDue | None:
        """The person away whose seat a bot takes soonest, the person to play first: their
        name, the whole seconds left (counted down from the Lobby that said it) and
        whether the game waits for them; None while no bot is to come."""
        session = self.session
        if session.summary is None:
            return None
        due = [(info.seat != session.current, info.bot_in, info.seat,
                str(info.name or f"Seat {info.seat + 1}")) for info in session.summary.seats
               if info.kind == "player" and not info.connected and info.bot_in is not None]
        if not due:
            return None
        later, bot_in, _, name = min(due)
        left = bot_in - (time.monotonic() - session.summary_at)
        return name, max(0, math.ceil(left)), not later

    def _word_status(self) -> None:
        """Say the connections' status in the language in use (on layout, and when
        they change)."""
        self._status_of = self._seen_now()
        connected, name, unsaved, due = self._status_of
        self._warning = tr("online.status.unsaved") if unsaved else ""
        if not connected:
            self._status = tr("net_table.status.connection_lost"), True
        elif due is not None and (due[2] or name is None):
            away, left, waiting = due
            self._status = tr("online.status.bot_waiting" if waiting else
                              "online.status.bot_away", name=away,
                              time=f"{left // 60}:{left % 60:02d}"), False
        elif name is not None:
            self._status = tr("net_table.status.waiting_for", name=name), False
        else:
            self._status = "", False

    def status(self) -> tuple[str, bool]:
        """What the panel says of the connections, and whether it is an alarm: this
        screen's own connection lost, or the person to play gone, with the time left
        before a bot plays for them (as worded on layout or when they changed)."""
        return self._status

    def warning(self) -> str:
        """What the panel says in red whatever else it shows: the table cannot save the
        game (its moves wait until it can), or ''."""
        return self._warning

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        px = self._px
        rect = self.rect
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=px(10))
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=px(10))
        self.field.draw(surface)
        inner = rect.inflate(-2 * px(10), 0)
        size = self._text_px(self._scale)
        step = line_height(size)
        bottom = self.field.rect.y - px(4)
        words = refusal_text(self.refusal) if self.refusal is not None else self.said
        if words:
            text = cut_to_width(words, size, inner.w) \
                if theme.font(size).size(words)[0] > inner.w else words
            bottom -= step
            self._blit(surface, text, size, theme.DANGER, inner.x, bottom, rect)
        top = rect.y + px(6)
        if self.handover_for is not None:
            # Under "Waiting for NAME" in the panel: the button need not name them again.
            draw_flat_button(surface, self.handover, tr("net_table.handover"), px, text_px=12)
            top = self.handover.bottom + px(4)
        if self.back and bottom - 2 * step >= top:
            # Newer lines below, out of sight: how many, where the newest would be (when
            # a line of the chat is left above it: four players at the smallest window
            # leave the chat a single line).
            text = tr("net_table.chat.newer", self.back)
            if theme.font(size, True).size(text)[0] > inner.w:
                text = cut_to_width(text, size, inner.w, bold=True)
            bottom -= step
            width = theme.font(size, True).size(text)[0]
            self._blit(surface, text, size, theme.ACCENT, inner.right - width, bottom, rect,
                       bold=True)
        colours = seat_colours(4)
        wrapped = self._wrapped
        for line, rows in reversed(wrapped[:len(wrapped) - self.back]):
            fit = min(len(rows), (bottom - top) // step)
            if fit <= 0:
                break
            if fit < len(rows):  # the oldest shown: its start, cut, so its name shows
                head, last = rows[fit - 1]
                rows = (*rows[:fit - 1], (head, cut_to_width(last + " …", size, inner.w - (
                    theme.font(size, True).size(head)[0] if head else 0))))
            bottom -= fit * step
            y = bottom
            for head, rest in rows:
                x = inner.x
                if head:
                    seat = line.seat if line.seat is not None else 0
                    x += self._blit(surface, head, size, name_colour(colours[seat % 4]),
                                    x, y, rect, bold=True)
                ink = theme.TEXT_DIM if line.event else theme.TEXT
                self._blit(surface, rest, size, ink, x, y, rect)
                y += step
            bottom -= px(2)

    @staticmethod
    def _blit(surface: pygame.Surface, text: str, size: int, colour: tuple[int, int, int],
              x: int, y: int, box: pygame.Rect, bold: bool = False) -> int:
        """Draw `text` at (x, y) inside `box`; its width."""
        if not text:
            return 0
        image = theme.text(text, size, colour, bold)
        at = image.get_rect(topleft=(x, y))
        check_inside(text, at, box, "the chat")
        surface.blit(image, at)
        return image.get_width()


def name_colour(seat_colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A seat's colour made light enough to read on the panel."""
    r, g, b = _mix(seat_colour, theme.TEXT, 0.4)
    return (int(r), int(g), int(b))


def chat_text(line: ChatLine) -> str:
    """What a chat line says after its name, or the connection news as a sentence."""
    return tr(f"net_table.chat.{line.event}", name=line.name) if line.event else line.text


def chat_rows(line: ChatLine, size: int, width: int) -> tuple[tuple[str, str], ...]:
    """A chat line on the screen in the language in use: rows of (the name in bold, or
    '', then the text), at most LINES_PER_MESSAGE, each at most `width` wide (a word too
    long for a row is broken where the row ends; the last row cut with '…' when the
    line needs more)."""
    head = f"{line.name}: " if not line.event else ""
    head_w = theme.font(size, True).size(head)[0] if head else 0
    if head_w > width // 2:  # a long name: shortened rather than taking the whole row
        head = cut_to_width(head.rstrip(), size, width // 2, True) + " "
        head_w = theme.font(size, True).size(head)[0]
    texts = fill_rows(chat_text(line), size, width - head_w, width)
    rows = [(head, texts[0]), *(("", text) for text in texts[1:])]
    if len(rows) > LINES_PER_MESSAGE:
        last_head, last = rows[LINES_PER_MESSAGE - 1]
        cut = cut_to_width(last + " " + rows[LINES_PER_MESSAGE][1], size,
                           width - (head_w if last_head else 0))
        rows = [*rows[:LINES_PER_MESSAGE - 1], (last_head, cut)]
    return tuple(rows)


def fill_rows(text: str, size: int, first: int, width: int) -> list[str]:
    """`text` in rows, the first at most `first` wide and the others `width`: words as
    they fit, and a word wider than its row broken where the row ends."""
    font = theme.font(size)
    rows: list[str] = []
    line, room = "", first
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if font.size(trial)[0] <= room:
            line = trial
            continue
        if line:
            rows.append(line)
            line, room = "", width
        while font.size(word)[0] > room and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and font.size(word[:cut])[0] > room:
                cut -= 1
            rows.append(word[:cut])
            word, room = word[cut:], width
        line = word
    rows.append(line)
    return rows
