"""The network table's chat goes back through older lines: the wheel over the chat (not
over the log), Page Up / Page Down while typing; the view stays still while lines come,
a mark says how many newer lines are below, and sending a line comes back to the newest.
Driven by posted events on the strip as the table routes them, with a stand-in for the
network session (the strip reads only `NetTable`)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from splendor.engine import Refusal
from splendor.net.protocol import TableSummary
from splendor.net.session import ChatLine
from splendor.ui import theme
from splendor.ui.table.layout import compute_layout
from splendor.ui.table.net_strip import NetStrip
from tests.ui.drawn import spy_texts

SIZE = (1024, 600)


class Chatting:
    """A network game's chat with nobody away."""

    def __init__(self, lines: int) -> None:
        self.chat = [ChatLine(i % 2, "Ana" if i % 2 == 0 else "Bo", f"line {i}")
                     for i in range(lines)]
        self.refusals: list[str] = []
        self.summary: TableSummary | None = None
        self.summary_at = 0.0
        self.current: int | None = None

    @property
    def connected(self) -> bool:
        return True

    def send_chat(self, text: str) -> Refusal | None:
        self.chat.append(ChatLine(0, "Ana", text))
        return None

    def waiting_for(self) -> str | None:
        return None

    def handover_seat(self) -> int | None:
        return None

    def hand_over(self, seat: int) -> str:
        return ""


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.Surface(SIZE)


def strip_with(lines: int) -> tuple[NetStrip, Chatting]:
    session = Chatting(lines)
    strip = NetStrip(session)
    strip.place(compute_layout(SIZE, 1))
    strip.update(0.0)
    return strip, session


def shown(strip: NetStrip, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
          ) -> list[str]:
    lay = strip.place(compute_layout(SIZE, 1))
    render = theme.text
    seen = spy_texts(monkeypatch)
    strip.draw(surface, lay)
    monkeypatch.setattr(theme, "text", render)
    return seen


def wheel(strip: NetStrip, at: tuple[int, int], notches: int) -> bool:
    strip.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                          buttons=(0, 0, 0)), True)
    return strip.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches), True)


def test_the_wheel_over_the_chat_goes_back_and_forth_and_says_what_is_below(
        screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    strip, _ = strip_with(40)
    newest = shown(strip, screen, monkeypatch)
    assert "line 39" in newest and "line 0" not in newest
    assert wheel(strip, strip.rect.center, 5), "the chat's wheel, not the table's"
    older = shown(strip, screen, monkeypatch)
    assert "line 39" not in older and "line 34" in older
    assert "▼ 5 newer lines" in older
    assert wheel(strip, strip.rect.center, -2)
    assert "line 36" in shown(strip, screen, monkeypatch) and strip.back == 3
    # No further back than the first line, no further forth than the newest.
    wheel(strip, strip.rect.center, 100)
    assert strip.back == 39 and "line 0" in shown(strip, screen, monkeypatch)
    wheel(strip, strip.rect.center, -100)
    assert strip.back == 0 and "newer" not in " ".join(shown(strip, screen, monkeypatch))
    # Over the log above, the wheel is the log's.
    assert not wheel(strip, (strip.rect.centerx, strip.rect.y - 20), 3) and strip.back == 0


def test_lines_that_come_while_reading_leave_the_view_still_until_one_is_sent(
        screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    strip, session = strip_with(30)
    wheel(strip, strip.rect.center, 4)
    before = [t for t in shown(strip, screen, monkeypatch) if t.startswith("line")]
    session.chat.append(ChatLine(1, "Bo", "new one"))
    assert strip.update(0.0), "drawn again"
    after = shown(strip, screen, monkeypatch)
    assert [t for t in after if t.startswith("line")] == before
    assert "▼ 5 newer lines" in after and "new one" not in after
    # Page Up / Page Down while typing; sending comes back to the newest.
    strip.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                          unicode="\r"), True)
    assert strip.focused
    strip.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0,
                                          unicode=""), True)
    assert strip.back == 9
    strip.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                          unicode=""), True)
    assert strip.back == 5
    strip.field.text = "hello"
    strip.send()
    strip.update(0.0)
    assert strip.back == 0 and "hello" in shown(strip, screen, monkeypatch)
