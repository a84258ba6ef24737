"""The pause menu answers the keyboard and the pointer, by posted events: Tab and the arrows
move a visible focus, Enter activates it, and the button under the pointer lights up."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from splendor.ui import theme
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.save_as import SaveAsScene


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def move(app: App, pos: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                        buttons=(0, 0, 0)))


@pytest.fixture
def paused() -> Iterator[tuple[Game, PauseScene]]:
    game = Game(App((1280, 720)))
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Easy bot")),
                           first_player=0, seed=5))
    game.app.render()
    game.pause()
    pause = game.app.stack.top
    assert isinstance(pause, PauseScene)
    yield game, pause
    game.close()


def index_of(pause: PauseScene, action: object) -> int:
    return next(i for i, (_, a) in enumerate(pause._spots) if a == action)


def test_the_arrows_move_a_visible_focus_and_enter_activates_it(
        paused: tuple[Game, PauseScene]) -> None:
    game, pause = paused
    # Before any frame is drawn: the keys already know where the buttons are.
    assert pause.focus.index == 0 and not pause.focus.visible  # Resume, ring hidden
    key(game.app, pygame.K_DOWN)
    assert pause.focus.visible and pause.focus.index == index_of(pause, game.open_save_as)
    key(game.app, pygame.K_RETURN)
    assert isinstance(game.app.stack.top, SaveAsScene)
    key(game.app, pygame.K_ESCAPE)
    assert game.app.stack.top is pause
    key(game.app, pygame.K_UP)
    key(game.app, pygame.K_UP)  # wraps round from Resume to the last: Leave game
    assert pause.focus.index == index_of(pause, game.confirm_leave)
    key(game.app, pygame.K_SPACE)
    assert isinstance(game.app.stack.top, ConfirmScene)


def test_tab_and_shift_tab_walk_through_every_control(
        paused: tuple[Game, PauseScene]) -> None:
    game, pause = paused
    count = len(pause._spots)
    assert count >= 8  # Resume, Save, five check boxes, speed, sound, Rules, Leave
    for _ in range(count):
        key(game.app, pygame.K_TAB)
    assert pause.focus.index == 0
    key(game.app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert pause.focus.index == count - 1
    # Enter on a check box switches that assist.
    affordable = next(i for i, (_, a) in enumerate(pause._spots)
                      if getattr(a, "args", None) == ("affordable",))
    while pause.focus.index != affordable:
        key(game.app, pygame.K_TAB)
    assert game.prefs.assists.affordable
    key(game.app, pygame.K_RETURN)
    assert not game.prefs.assists.affordable
    assert game.app.stack.top is pause


def test_the_focus_ring_is_drawn(paused: tuple[Game, PauseScene]) -> None:
    game, pause = paused
    game.app.render()
    rect = pause._spots[1][0]
    gap = max(3, rect.h // 12)
    ring = (rect.centerx, rect.top - gap)  # on the ring's top edge, outside the button
    before = tuple(game.app.screen.get_at(ring))[:3]
    key(game.app, pygame.K_DOWN)
    game.app.render()
    assert tuple(game.app.screen.get_at(ring))[:3] == theme.TEXT != before


def test_a_button_under_the_pointer_lights_up(paused: tuple[Game, PauseScene]) -> None:
    game, pause = paused
    game.app.render()
    rect = pause._spots[0][0]
    inside = (rect.x + rect.w // 5, rect.y + rect.h // 5)  # beside the label
    before = tuple(game.app.screen.get_at(inside))[:3]
    move(game.app, rect.center)
    game.app.render()
    lit = tuple(game.app.screen.get_at(inside))[:3]
    assert sum(lit) > sum(before), "lighter under the pointer"
    move(game.app, (2, 2))
    game.app.render()
    assert tuple(game.app.screen.get_at(inside))[:3] == before

