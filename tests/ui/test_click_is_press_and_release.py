"""A button reacts to a click on it: a press and a release on the same button. A drag
that starts on one and ends elsewhere does nothing, leaves nothing for Enter to act on,
and Enter or Space acts only on a focus that is drawn; by posted events, in the pause
menu (its "Bot moves" row), on a widget form, and on a page."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.widgets import Button, Choice, Form

OUTSIDE = (3, 3)


def post(app: App, kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))
    app.step(0.0)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at `start`, move to `end`, release there."""
    post(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(app, pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    post(app, pygame.MOUSEBUTTONUP, pos=end, button=1)


def enter(app: App) -> None:
    post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")


@pytest.fixture
def paused() -> Iterator[tuple[Game, PauseScene, pygame.Rect]]:
    game = Game(App((1280, 720)))
    game.app.running = True
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Easy bot")),
                           first_player=0, seed=5))
    game.app.render()
    game.pause()
    pause = game.app.stack.top
    assert isinstance(pause, PauseScene) and pause.panel is not None
    speed = next(rect for rect, action in pause._spots if action == pause.panel.next_speed)
    game.prefs.speed = 2.0  # Fast
    yield game, pause, speed
    game.close()


def test_a_drag_off_the_bot_moves_row_then_enter_changes_nothing(
        paused: tuple[Game, PauseScene, pygame.Rect]) -> None:
    game, pause, speed = paused
    drag(game.app, speed.center, OUTSIDE)
    assert game.prefs.speed == 2.0
    enter(game.app)
    assert game.prefs.speed == 2.0, "Enter acted on a focus nobody could see"
    assert game.app.stack.top is pause


def test_a_press_outside_released_on_the_row_does_nothing(
        paused: tuple[Game, PauseScene, pygame.Rect]) -> None:
    game, _, speed = paused
    drag(game.app, OUTSIDE, speed.center)
    assert game.prefs.speed == 2.0


def test_a_click_on_the_row_changes_the_speed_once(
        paused: tuple[Game, PauseScene, pygame.Rect]) -> None:
    game, pause, speed = paused
    post(game.app, pygame.MOUSEBUTTONDOWN, pos=speed.center, button=1)
    assert game.prefs.speed == 2.0, "nothing happens until the release"
    post(game.app, pygame.MOUSEBUTTONUP, pos=speed.center, button=1)
    assert game.prefs.speed == 20.0  # Fast -> Instant
    enter(game.app)  # the focus is not drawn yet: Enter shows it
    assert game.prefs.speed == 20.0 and pause.focus.visible
    enter(game.app)  # now it acts on the place it shows
    assert game.prefs.speed == 0.5


def _event(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0), buttons=(0, 0, 0))


def _drag_on(form: Form, start: tuple[int, int], end: tuple[int, int]) -> None:
    for kind, pos in ((pygame.MOUSEBUTTONDOWN, start), (pygame.MOUSEMOTION, end),
                      (pygame.MOUSEBUTTONUP, end)):
        form.handle_event(_event(kind, pos))


def test_form_buttons_and_choices_act_on_a_click_only() -> None:
    pygame.init()
    clicks: list[str] = []
    button = Button("Go", lambda: clicks.append("go"), rect=pygame.Rect(10, 10, 100, 40))
    choice = Choice(["Slow", "Fast"], 1, rect=pygame.Rect(10, 100, 200, 40))
    form = Form([button, choice])
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    for widget, keys in ((button, key), (choice, space)):
        _drag_on(form, widget.rect.center, (300, 300))
        assert form.focus is None, "a cancelled press leaves no focus"
        form.handle_event(keys)
        _drag_on(form, (300, 300), widget.rect.center)
    assert clicks == [] and choice.index == 1
    _drag_on(form, button.rect.center, button.rect.center)
    right = (choice.rect.right - 5, choice.rect.centery)
    _drag_on(form, right, right)
    assert clicks == ["go"] and choice.index == 0
