"""Any string can be measured and drawn: text the font library refuses is made safe in
one place (`theme.SafeFont`), long text is cut by bisection, and the text caches keep a
bounded number of bytes whatever is drawn."""

from __future__ import annotations

import pygame
import pytest

from splendor.ui import textfit, theme
from splendor.ui.bounded_cache import BoundedCache
from splendor.ui.widgets import Button, Choice, TextInput, draw_lines, draw_text, fit_text, wrap
from splendor.ui.widgets.text import _wrapped, cut_to_width

HOSTILE = ["\x00", "Ada\x00", "A\ud800da", "\udcff\udcfe", "\x00" * 20, "\ud83d", "\u0301" * 50]


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("value", HOSTILE)
def test_every_text_drawing_widget_takes_any_string(value: str) -> None:
    surface = pygame.Surface((400, 300))
    box = pygame.Rect(10, 10, 200, 40)
    assert theme.font(18).size(value)[1] > 0
    theme.text(value, 18)
    fit_text(value, 18, 100)
    draw_text(surface, value, 18, theme.TEXT, box)
    draw_lines(surface, f"{value} and more {value}", 16, theme.TEXT, pygame.Rect(0, 0, 120, 300))
    assert wrap(value, 16, 100)
    for widget in (Button(value, lambda: None), Choice([value, "b"]), TextInput(value)):
        widget.rect = box
        widget.draw(surface)


@pytest.mark.parametrize("length", [2_000, 100_000])
def test_a_long_text_is_cut_with_few_measurements_and_one_render(
        monkeypatch: pytest.MonkeyPatch, length: int) -> None:
    value = "W" * length
    measured: list[int] = []
    rendered: list[str] = []
    size, render = theme.SafeFont.size, theme.text

    def count_size(font: theme.SafeFont, text: str) -> tuple[int, int]:
        measured.append(len(text))
        return size(font, text)

    def count_render(text: str, *args: object) -> pygame.Surface:
        rendered.append(text)
        return render(text, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(theme.SafeFont, "size", count_size)
    monkeypatch.setattr(theme, "text", count_render)
    with textfit.audit() as misfits:
        image = fit_text(value, 20, 300)
    assert image.get_width() <= 300
    assert len(rendered) == 1 and rendered[0].endswith("…") and rendered[0].startswith("WWW")
    assert len(measured) <= 40, "bisection, not a character at a time"
    assert max(measured) <= 301, "never more measured than the box can show, and a '…'"
    assert [m.problem for m in misfits] == ["cut to fit 300 px"], "the cut is still reported"


def test_the_cut_is_the_longest_start_that_fits() -> None:
    value = "Ada Lovelace and Charles Babbage"
    for width in (30, 80, 150, 220):
        cut = cut_to_width(value, 18, width)
        assert theme.font(18).size(cut)[0] <= width
        longer = value[: len(cut)].rstrip() + "…"  # one more character of the original
        assert cut == "…" or theme.font(18).size(longer)[0] > width or longer == cut


def test_a_word_wider_than_its_box_is_cut_not_drawn_across_the_window(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[pygame.Surface] = []
    render = theme.text

    def keep(text: str, *args: object) -> pygame.Surface:
        drawn.append(render(text, *args))  # type: ignore[arg-type]
        return drawn[-1]

    monkeypatch.setattr(theme, "text", keep)
    box = pygame.Rect(0, 0, 200, 200)
    draw_lines(pygame.Surface((1280, 720)), "Player " + "X" * 5_000, 16, theme.TEXT, box)
    assert drawn and max(s.get_width() for s in drawn) <= box.w


def test_the_text_cache_keeps_its_byte_budget_whatever_is_drawn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(theme.text, BoundedCache)
    monkeypatch.setattr(theme.text, "max_bytes", 4 * 1024 * 1024)
    theme.text.cache_clear()
    surface = pygame.Surface((1280, 720))
    for n in range(40):  # 40 long names at a large size: about 2 MB each
        draw_text(surface, f"{n} " + "M" * 600, 40, theme.TEXT, pygame.Rect(0, 0, 99_999, 60))
    assert theme.text.bytes <= 4 * 1024 * 1024
    assert 0 < len(theme.text) < 40
    theme.text.cache_clear()


def test_wrapping_keeps_its_budget_too(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(_wrapped, BoundedCache)
    monkeypatch.setattr(_wrapped, "max_bytes", 256 * 1024)
    _wrapped.cache_clear()
    for n in range(50):
        wrap(f"{n} " + "word " * 4_000, 16, 300)
    assert _wrapped.bytes <= 256 * 1024
    _wrapped.cache_clear()


def test_a_bounded_cache_drops_the_least_recently_used_first() -> None:
    calls: list[str] = []

    def make(key: str) -> str:
        calls.append(key)
        return key * 10

    cache = BoundedCache(make, max_entries=3, max_bytes=100, cost=len)
    for key in "abc":
        cache(key)
    cache("a")  # a is now the most recent
    cache("d")  # over 3 entries: b goes
    assert len(cache) == 3 and calls == ["a", "b", "c", "d"]
    cache("a")
    cache("b")
    assert calls == ["a", "b", "c", "d", "b"]
    cache("x" * 50)  # 500 + 200 bytes: larger than the budget, returned but not kept
    assert "x" * 50 not in [k for k in calls[:-1]] and cache.bytes <= 100
    cache("x" * 50)
    assert calls.count("x" * 50) == 2


def test_a_label_that_fits_is_never_reported_as_cut_when_fitted_again() -> None:
    first, again = "Medium bot", "".join(["Medium", " bot"])  # equal, not the same object
    with textfit.audit() as misfits:
        fit_text(first, 18, 400)
        fit_text(again, 18, 400)
        draw_lines(pygame.Surface((400, 100)), again, 16, theme.TEXT, pygame.Rect(0, 0, 400, 99))
    assert misfits == []
