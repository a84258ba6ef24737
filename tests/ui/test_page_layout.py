"""The menu's pages (Settings, Load, Statistics) lay themselves out on enter, on a resize,
on a change of language and when what they show changes (the wheel scrolled, a save
deleted), never while drawing: a draw at another size, a language changed behind their
back or a frame leaves every place as it was; and the settings' controls answer a click
where they are drawn in every language at 1024x600 and 1920x1080. Driven by posted
events."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from splendor import i18n
from splendor.engine import new_game
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES
from splendor.storage.saves import save_document, save_path_for, write_save
from splendor.storage.stats import Record
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.load_game import LoadGameScene
from splendor.ui.scenes.page import PageScene
from splendor.ui.scenes.settings import SettingsScene
from splendor.ui.scenes.statistics import StatisticsScene
from splendor.ui.settings_panel import language_name
from tests.ui.layout_spy import count_layouts
from tests.ui.test_overlay_layout import _untouched_by_drawing
from tests.ui.test_pause_save_layout import _click, _drawn, _resize

SMALL = (1024, 600)
SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Hal"}]


@pytest.fixture
def game() -> Iterator[Game]:
    game = Game(App((1280, 720)))
    game.app.stack.push(game.menu_scene())
    yield game
    game.close()


def _placed(page: PageScene) -> tuple[object, ...]:
    """Each place a click reaches, and what it acts on (a save, a language...)."""
    return tuple((tuple(rect), getattr(action, "args", ())) for rect, action in page.spots)


def _wheel(app: App, y: int) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))


# ------------------------------------------------------------------ settings


def test_the_settings_are_laid_out_on_enter_resize_and_language_never_while_drawing(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    layouts = count_layouts(monkeypatch, PageScene)
    game.open_settings()
    screen = game.app.stack.top
    assert isinstance(screen, SettingsScene)
    assert layouts == [(1280, 720)] and len(screen.spots) >= 12, "the places before a frame"
    _untouched_by_drawing(game.app, layouts, screen, lambda: _placed(screen))
    tick = next(r for r, a in screen.spots if getattr(a, "args", ()) == ("reasons",))
    _click(game.app, tick.center)
    assert not game.prefs.assists.reasons and len(layouts) == 1, "a tick lays nothing out"
    _resize(game.app, SMALL)
    assert layouts[-1] == SMALL and len(layouts) == 2
    french = next(r for r, a in screen.spots if getattr(a, "args", ()) == ("fr",))
    _click(game.app, french.center)
    assert i18n.language() == "fr" and len(layouts) == 3


@pytest.mark.parametrize("size", [SMALL, (1920, 1080)], ids=["1024x600", "1920x1080"])
def test_each_language_button_answers_a_click_where_its_name_is_drawn(
        game: Game, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    app = game.app
    _resize(app, size)
    game.open_settings()
    screen = app.stack.top
    assert isinstance(screen, SettingsScene)
    for code in [*LANGUAGES[1:], LANGUAGES[0]]:
        drawn = {label: rect for label, rect, *_ in _drawn(monkeypatch, app)}
        # Every place a click reaches but Back holds the words of one control.
        for rect, _ in screen.spots[:-1]:
            assert len([r for r in drawn.values() if rect.contains(r)]) == 1, (code, rect)
        _click(app, drawn[language_name(code)].center)
        assert i18n.language() == code
        assert app.stack.top is screen


# ------------------------------------------------------------------ load


def _saves(count: int) -> None:
    state = new_game(base_game(), 2, 9, first_player=0)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    for n in range(count):
        name = f"Evening {n:02}"
        write_save(save_path_for(name), save_document(state, SEATS, name=name))


def test_the_load_screen_lays_out_on_a_scroll_and_a_deletion_never_while_drawing(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    _saves(12)
    layouts = count_layouts(monkeypatch, PageScene)
    _resize(game.app, SMALL)
    game.open_load()
    screen = game.app.stack.top
    assert isinstance(screen, LoadGameScene)
    assert layouts == [SMALL]
    shown = screen._shown
    assert 1 < shown < 12, "more saves than room: the wheel shows the rest"
    _untouched_by_drawing(game.app, layouts, screen, lambda: _placed(screen))
    first = _placed(screen)
    _wheel(game.app, -1)  # down a save
    assert screen._top == 1 and len(layouts) == 2 and _placed(screen) != first
    for _ in range(20):
        _wheel(game.app, -1)
    at_end = len(layouts)
    assert screen._top == 12 - screen._shown
    _wheel(game.app, -1)  # at the end: nothing moves, nothing laid out
    assert len(layouts) == at_end
    _untouched_by_drawing(game.app, layouts, screen, lambda: _placed(screen))
    delete = next(r for r, a in screen.spots
                  if getattr(a, "func", None) == screen.ask_delete)
    _click(game.app, delete.center)
    confirm = game.app.stack.top
    assert isinstance(confirm, ConfirmScene)
    _click(game.app, confirm._yes.center)
    assert len(screen.saves) == 11 and len(layouts) == at_end + 1, "laid out without it"


# ------------------------------------------------------------------ statistics


def test_the_statistics_lay_out_on_a_scroll_never_while_drawing(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    records = {f"{level}/{players}{module}": Record(3, 1, 15, 30)
               for level in ("easy", "medium", "hard", "expert") for players in (2, 3, 4)
               for module in ("", "/orient", "/cities")}
    layouts = count_layouts(monkeypatch, PageScene)
    _resize(game.app, SMALL)
    screen = StatisticsScene(records)
    game.app.stack.push(screen)
    assert layouts == [SMALL] and screen._shown < screen._count

    def placed() -> tuple[object, ...]:
        return (screen._top, tuple(tuple(r) for r in screen._heads),
                tuple((line, tuple(r)) for line, r in screen._placed))

    _untouched_by_drawing(game.app, layouts, screen, placed)
    first = placed()
    _wheel(game.app, -1)
    assert screen._top == 1 and len(layouts) == 2 and placed() != first
    _untouched_by_drawing(game.app, layouts, screen, placed)
    _wheel(game.app, 5)  # back up, past the top: at the top
    assert screen._top == 0 and len(layouts) == 3 and placed() == first
