"""The dialogs answer the pointer and the keyboard as the pause menu does: the Leave
dialog's and a message's buttons and the noble-choice tiles light up under the pointer;
Tab and the arrows move a visible focus, Enter or Space activates it.

Driven by posted events (`pos` in the event, as the real window sends them).
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from splendor.engine import ChooseNoble, Phase, build_position, parse_action
from splendor.gamedata import base_game
from splendor.ui import theme
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.noble_choice import NobleChoiceScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.table import TableScene
from tests.helpers import position_session

DT = 0.05
Rgb = tuple[int, int, int]


def post(app: App, kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))
    app.step(DT)


def move(app: App, pos: tuple[int, int]) -> None:
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def key(app: App, k: int, mod: int = 0) -> None:
    post(app, pygame.KEYDOWN, key=k, mod=mod, unicode="")


def pixel(app: App, pos: tuple[int, int]) -> Rgb:
    app.render()
    r, g, b, *_ = app.screen.get_at(pos)
    return (r, g, b)


def assert_lights_up(app: App, rect: pygame.Rect) -> None:
    """The pointer over `rect` makes it lighter; off it, it is as before."""
    inside = (rect.x + rect.w // 5, rect.y + rect.h // 5)  # beside a button's label
    move(app, (2, 2))
    before = pixel(app, inside)
    move(app, rect.center)
    assert sum(pixel(app, inside)) > sum(before), "lighter under the pointer"
    move(app, (2, 2))
    assert pixel(app, inside) == before


def ring_pixel(rect: pygame.Rect) -> tuple[int, int]:
    """A point on the focus ring's top edge, just outside `rect` (see SpotFocus.draw)."""
    return rect.centerx, rect.top - max(3, rect.h // 12)


@pytest.fixture
def leave() -> Iterator[tuple[Game, ConfirmScene]]:
    game = Game(App((1280, 720)))
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Easy bot")),
                           first_player=0, seed=5))
    game.app.step(0.0)
    game.pause()
    game.confirm_leave()
    dialog = game.app.stack.top
    assert isinstance(dialog, ConfirmScene)
    yield game, dialog
    game.close()


def test_the_leave_dialogs_buttons_light_up_under_the_pointer(
        leave: tuple[Game, ConfirmScene]) -> None:
    game, dialog = leave
    cancel, yes = (rect for rect, _ in dialog.focus.spots)
    assert cancel.right < yes.left
    assert_lights_up(game.app, cancel)
    assert_lights_up(game.app, yes)
    assert isinstance(game.app.stack.top, ConfirmScene), "hovering does not act"


def test_the_leave_dialog_answers_the_keyboard_cancel_first(
        leave: tuple[Game, ConfirmScene]) -> None:
    game, dialog = leave
    cancel, yes = (rect for rect, _ in dialog.focus.spots)
    assert pixel(game.app, ring_pixel(cancel)) != theme.TEXT  # no ring before a key
    key(game.app, pygame.K_TAB)
    assert dialog.focus.index == 1 and pixel(game.app, ring_pixel(yes)) == theme.TEXT
    key(game.app, pygame.K_LEFT)
    assert dialog.focus.index == 0 and pixel(game.app, ring_pixel(cancel)) == theme.TEXT
    key(game.app, pygame.K_RETURN)  # Cancel: back to the pause menu, the game kept
    assert isinstance(game.app.stack.top, PauseScene)
    game.confirm_leave()
    dialog = game.app.stack.top
    assert isinstance(dialog, ConfirmScene)
    key(game.app, pygame.K_RIGHT)
    key(game.app, pygame.K_SPACE)  # Leave
    assert isinstance(game.app.stack.top, MenuScene)


def test_a_click_on_the_leave_dialogs_cancel_keeps_the_game(
        leave: tuple[Game, ConfirmScene]) -> None:
    game, dialog = leave
    cancel = dialog.focus.spots[0][0]
    post(game.app, pygame.MOUSEBUTTONDOWN, pos=cancel.center, button=1)
    post(game.app, pygame.MOUSEBUTTONUP, pos=cancel.center, button=1)
    assert isinstance(game.app.stack.top, PauseScene)


def test_a_messages_ok_lights_up_and_a_click_closes_it(app: App) -> None:
    menu_like = MessageScene("Under", "beneath")
    app.stack.replace(menu_like)
    message = MessageScene("A problem", "The file could not be read.")
    app.stack.push(message)
    app.step(0.0)
    ok = message.focus.spots[0][0]
    assert_lights_up(app, ok)
    post(app, pygame.MOUSEBUTTONDOWN, pos=ok.center, button=1)
    assert app.stack.top is message, "closes on the release, over OK"
    post(app, pygame.MOUSEBUTTONUP, pos=ok.center, button=1)
    assert app.stack.top is menu_like


def test_a_resized_window_moves_the_dialogs_buttons(app: App) -> None:
    message = MessageScene("A problem", "The file could not be read.")
    app.stack.replace(message)
    app.step(0.0)
    before = message.focus.spots[0][0].copy()
    post(app, pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))
    after = message.focus.spots[0][0]
    assert after != before and after.center[0] > before.center[0]
    assert_lights_up(app, after)


def _noble_choice(app: App) -> NobleChoiceScene:
    """Three nobles qualify at once for the human (as screenshots.py sets it up)."""
    data = base_game()
    bought = ["L1-04", "L1-05", "L1-06", "L1-07", "L1-12", "L1-13", "L1-14", "L1-15",
              "L1-33", "L1-34", "L1-35", "L1-36"]
    state = build_position(data, 2, names=["Ada", "Bot"], seats=[{"purchased": bought}, {}],
                           nobles=["N01", "N02", "N07"])
    session = position_session(state, ["human", "hard"])
    assert session.play(parse_action("take green red black")) is None
    assert session.view().phase is Phase.NOBLE
    app.stack.replace(TableScene(session, on_finished=lambda s: None))
    overlay = NobleChoiceScene(session)
    app.stack.push(overlay)
    app.step(0.0)
    return overlay


def test_the_noble_tiles_light_up_under_the_pointer(app: App) -> None:
    overlay = _noble_choice(app)
    tiles = [rect for rect, _ in overlay.focus.spots]
    assert len(tiles) == 3
    for tile in tiles:
        assert_lights_up(app, tile)
    assert overlay.session.view().phase is Phase.NOBLE, "hovering chooses nothing"


def test_the_arrows_and_enter_choose_a_noble(app: App) -> None:
    overlay = _noble_choice(app)
    session = overlay.session
    second = overlay._rects[1][0]
    key(app, pygame.K_RIGHT)
    assert overlay.focus.index == 1
    assert pixel(app, ring_pixel(overlay.focus.spots[1][0])) == theme.TEXT
    key(app, pygame.K_RETURN)
    assert session.log[-1].action == ChooseNoble(second)
    assert app.stack.top is not overlay


def test_a_click_on_a_noble_still_chooses_it(app: App) -> None:
    overlay = _noble_choice(app)
    first, rect = overlay._rects[0]
    post(app, pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    assert overlay.session.view().phase is Phase.NOBLE, "a press alone chooses nothing"
    post(app, pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    assert overlay.session.log[-1].action == ChooseNoble(first)
