"""The network table's chat strip is laid out with the table (on entering, a resize or a
change of language: its placeholder, the status in words, the chat lines wrapped to its
width) and wraps a line when it comes, never while drawing: draws and frames wrap
nothing, a language changed behind its back leaves its words as they were, and a line
that comes into a full chat (the oldest going) is wrapped, drawn and counted below while
older lines are read. With a stand-in for the network session (the strip reads only
`NetTable`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from splendor import i18n
from splendor.i18n import tr
from splendor.net.session import ChatLine
from splendor.ui.table import net_strip
from splendor.ui.table.layout import compute_layout
from splendor.ui.table.net_strip import NetStrip
from tests.ui.drawn import spy_texts
from tests.ui.table.test_net_chat_scroll import Chatting

SIZE = (1024, 600)
#: Lines the network session keeps of the chat (net.session drops the oldest after).
KEPT = 200


class Away(Chatting):
    """A chat whose connection comes and goes, and the person to play who is away."""

    def __init__(self, lines: int) -> None:
        super().__init__(lines)
        self.online = True
        self.waiting: str | None = None

    @property
    def connected(self) -> bool:
        return self.online

    def waiting_for(self) -> str | None:
        return self.waiting


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.Surface(SIZE)


@pytest.fixture
def wraps(monkeypatch: pytest.MonkeyPatch) -> list[ChatLine]:
    """Each chat line wrapped from now on."""
    calls: list[ChatLine] = []
    real = net_strip.chat_rows

    def counted(line: ChatLine, *args: Any) -> tuple[tuple[str, str], ...]:
        calls.append(line)
        return real(line, *args)

    monkeypatch.setattr(net_strip, "chat_rows", counted)
    return calls


def _placed(session: Chatting, size: tuple[int, int] = SIZE) -> NetStrip:
    strip = NetStrip(session)
    strip.place(compute_layout(size, 1))
    strip.update(0.0)
    return strip


def test_lines_are_wrapped_when_they_come_and_on_layout_never_while_drawing(
        screen: pygame.Surface, wraps: list[ChatLine]) -> None:
    session = Chatting(5)
    strip = _placed(session)
    assert wraps == session.chat, "the lines there when the table opened: wrapped once"
    wraps.clear()
    lay = compute_layout(SIZE, 1)
    for _ in range(3):
        strip.draw(screen, lay)
        assert not strip.update(0.05)
    assert wraps == [], "drawing and frames wrap nothing"
    session.chat.append(ChatLine(1, "Bo", "a line that comes"))
    assert strip.update(0.05), "drawn again: a line came"
    assert wraps == [session.chat[-1]]
    strip.draw(screen, lay)
    assert len(wraps) == 1
    strip.place(compute_layout((1920, 1080), 1))  # a resize: every line to the new width
    assert wraps[1:] == session.chat


def test_a_line_into_a_full_chat_is_wrapped_drawn_and_counted_below(
        screen: pygame.Surface, wraps: list[ChatLine],
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = Chatting(KEPT)
    strip = _placed(session)
    wraps.clear()
    strip.scroll(3)  # reading older lines
    for n in range(2):
        session.chat.append(ChatLine(1, "Bo", f"news {n}"))
        del session.chat[:-KEPT]  # as the network session keeps its chat
        assert strip.update(0.05), "a line came though the chat is as long as before"
        assert wraps == [session.chat[-1]]
        wraps.clear()
    assert strip.back == 5, "the lines read stay where they are"
    strip.scroll(-5)
    seen = spy_texts(monkeypatch)
    strip.draw(screen, compute_layout(SIZE, 1))
    assert "news 1" in seen and "line 1" not in seen


def _drawn(strip: NetStrip, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
           ) -> list[str]:
    """The strings the strip draws once."""
    render = net_strip.theme.text
    seen = spy_texts(monkeypatch)
    strip.draw(surface, compute_layout(SIZE, 1))
    monkeypatch.setattr(net_strip.theme, "text", render)
    return seen


def test_the_words_follow_the_layout_not_a_language_changed_behind_its_back(
        screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    session = Away(0)
    session.chat.append(ChatLine(1, "Bo", "", event="left"))
    strip = _placed(session)
    placeholder, left = tr("net_table.chat.placeholder"), tr("net_table.chat.left", name="Bo")
    assert strip.field.placeholder == placeholder and strip.status() == ("", False)
    i18n.set_language("fr")  # not through the game: nothing lays the strip out
    for _ in range(3):
        strip.update(0.05)
        assert left in _drawn(strip, screen, monkeypatch)
    assert strip.field.placeholder == placeholder
    strip.place(compute_layout(SIZE, 1))  # a change of language resizes the table
    assert strip.field.placeholder == tr("net_table.chat.placeholder") != placeholder
    assert tr("net_table.chat.left", name="Bo") in _drawn(strip, screen, monkeypatch)
    # The connections: worded when they change, in the language laid out.
    session.waiting = "Bo"
    assert strip.update(0.05)
    assert strip.status() == (tr("net_table.status.waiting_for", name="Bo"), False)
    session.online = False
    assert strip.update(0.05)
    lost = strip.status()
    assert lost == (tr("net_table.status.connection_lost"), True)
    i18n.set_language("en")
    assert not strip.update(0.05)
    assert strip.status() == lost, "not worded again on a frame"
    strip.place(compute_layout(SIZE, 1))
    assert strip.status() == (tr("net_table.status.connection_lost"), True) != lost
