"""Text fields as a player edits them, by posted events: a first click or Tab selects the
default text so that typing replaces it, Ctrl+A selects all, a click and the arrow keys
place the caret, and the limit shows instead of silently dropping characters. The text
scrolls with the caret as it moves (never while drawing), so that a click lands on the
character drawn under it."""

from __future__ import annotations

import random

import pygame
import pytest

from splendor.storage.saves import list_saves
from splendor.ui import theme
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import MAX_NAME_LENGTH, GameOptions, SeatOption
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.save_as import SaveAsScene
from splendor.ui.widgets import TextInput
from tests.helpers import play_turns
from tests.ui.drawn import drawn_texts


def click(app: App, pos: tuple[int, int], **extra: object) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, **extra))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def type_text(app: App, text: str) -> None:
    for ch in text:
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode=ch))
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def new_game(app: App) -> NewGameScene:
    scene = NewGameScene(lambda options: None)
    app.stack.push(scene)
    app.render()
    return scene


def text_x(field: TextInput, index: int) -> int:
    """The window x of the caret position `index` in `field` (its text starts at the left)."""
    pad = max(8, field.rect.h // 4)
    return field.rect.x + pad + theme.font(field.px).size(field.text[:index])[0]


def test_the_first_click_selects_the_default_name_and_typing_replaces_it(app: App) -> None:
    scene = new_game(app)
    field = scene.rows[0].name
    assert field.text == "Player 1"
    click(app, field.rect.center)
    assert scene.form.focus is field and field.selected_text == "Player 1"
    type_text(app, "Ada")
    assert field.text == "Ada"
    assert scene.options().seats[0].name == "Ada"


def test_frames_drawn_between_the_click_and_the_typing_keep_the_selection(
        app: App) -> None:
    """A real window draws after the click (and the screen lays out as it draws): the
    automatic name put back unchanged must not drop the selection (found under Xvfb)."""
    scene = new_game(app)
    field = scene.rows[0].name
    click(app, field.rect.center)
    for _ in range(3):
        app.step(0.05)
        app.render()
    assert field.selected_text == "Player 1"
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT,
                                        mod=pygame.KMOD_LSHIFT, unicode=""))
    app.render()
    type_text(app, "Ada")
    app.render()
    assert field.text == "Ada"


def test_tab_into_a_field_selects_it_too(app: App) -> None:
    scene = new_game(app)
    click(app, (3, 3))  # nothing focused
    key(app, pygame.K_TAB)  # the first seat's kind
    key(app, pygame.K_TAB)  # its name
    field = scene.rows[0].name
    assert scene.form.focus is field and field.selected_text == "Player 1"
    type_text(app, "Bo")
    assert field.text == "Bo"


def test_a_click_places_the_caret_and_keys_move_it(app: App) -> None:
    scene = new_game(app)
    field = scene.rows[0].name
    click(app, field.rect.center)  # focuses, selects all
    type_text(app, "Ada")
    click(app, (text_x(field, 1), field.rect.centery))  # between 'A' and 'da'
    assert field.caret == 1 and field.selected_text == ""
    type_text(app, "l")
    assert field.text == "Alda"
    key(app, pygame.K_HOME)
    type_text(app, "<")
    key(app, pygame.K_END)
    type_text(app, ">")
    assert field.text == "<Alda>"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)  # select the 'a' before the caret
    assert field.selected_text == "a"
    type_text(app, "A")
    assert field.text == "<AldA>"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)
    assert field.text == "AldA"


def test_ctrl_a_selects_everything(app: App) -> None:
    scene = new_game(app)
    field = scene.rows[1].name
    click(app, field.rect.center)
    click(app, (field.rect.right - 4, field.rect.centery))  # second click: caret at the end
    assert field.selected_text == "" and field.caret == len(field.text)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    assert field.selected_text == field.text == "Medium bot"
    type_text(app, "Cy")
    assert field.text == "Cy"


def test_the_limit_shows_and_nothing_is_dropped_silently(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = new_game(app)
    field = scene.rows[0].name
    click(app, field.rect.center)
    type_text(app, "Ada")
    assert f"3/{MAX_NAME_LENGTH}" in drawn_texts(monkeypatch, app), "the count shows"
    type_text(app, "x" * (MAX_NAME_LENGTH - 3))
    assert field.full and not field.refused
    type_text(app, "yz")  # one character too many
    assert field.text == "Ada" + "x" * (MAX_NAME_LENGTH - 3)
    assert field.refused > 0, "typing refused at the limit is shown"
    assert f"{MAX_NAME_LENGTH}/{MAX_NAME_LENGTH}" in drawn_texts(monkeypatch, app)


def test_a_name_longer_than_the_field_allows_is_kept_and_refused_with_a_reason(
        app: App) -> None:
    long = "Bartholomew the Magnificent"  # a name a file may hold (up to 64 characters)
    scene = NewGameScene(lambda options: None, GameOptions(
        (SeatOption("human", long), SeatOption("medium", "Medium bot"))))
    app.stack.push(scene)
    assert scene.rows[0].name.text == long, "never cut"
    assert not scene.try_start()
    assert scene.message == f"Seat 1: a name has at most {MAX_NAME_LENGTH} characters."
    assert scene.rows[0].name.error


def test_the_saves_list_shows_a_save_name_exactly_as_typed() -> None:
    game = Game(App((1280, 720)))
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("medium", "Medium bot")),
                           first_player=0, seed=31))
    assert game.session is not None
    play_turns(game.session, 4, random.Random(3))
    game.app.render()
    game.pause()
    game.open_save_as()
    dialog = game.app.stack.top
    assert isinstance(dialog, SaveAsScene)
    assert dialog.field.selected_text == dialog.field.text != "", "the offer is selected"
    typed = "Ada & Bo: round 4, (tight!)"
    type_text(game.app, typed)
    key(game.app, pygame.K_RETURN)
    assert dialog.saved_name == typed, "saved"
    key(game.app, pygame.K_RETURN)
    assert not isinstance(game.app.stack.top, SaveAsScene), "closed at the next key"
    shown = {info.name for info in list_saves()}
    assert typed in shown
    game.close()


# ------------------------------------------------------------------ the text's scroll

LONG = "the quick brown fox jumps over the lazy dog"


def _typed(rect: pygame.Rect) -> TextInput:
    """A focused field `rect` wide holding LONG, typed: the caret at its end."""
    pygame.init()
    field = TextInput("", rect=rect, max_length=120, show_count=False, px=18)
    field.focused = True
    field.focus_gained(by_click=False)
    for ch in LONG:
        field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert field.text == LONG
    return field


def _press(field: TextInput, x: int) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        field.handle_event(pygame.event.Event(kind, pos=(x, field.rect.centery), button=1))


def _caret_drawn_at(field: TextInput) -> int:
    """Where the caret is drawn across the field (its first column)."""
    surface = pygame.Surface((field.rect.right + 20, field.rect.bottom + 20))
    field.caret_on = True
    field.draw(surface)
    inner = field.rect.inflate(-2 * max(8, field.rect.h // 4), -4)
    return next(x for x in range(inner.x, inner.right)
                if surface.get_at((x, field.rect.centery))[:3] == theme.ACCENT)


def test_the_text_follows_the_caret_as_it_moves_and_a_click_lands_where_it_is_drawn(
        ) -> None:
    field = _typed(pygame.Rect(20, 20, 180, 32))
    inner = field.rect.inflate(-2 * max(8, field.rect.h // 4), -4)
    _press(field, inner.right - 2)  # no frame drawn since the typing
    assert field.caret == len(LONG), "the end of the text is where the field ends"
    assert inner.right - 12 <= _caret_drawn_at(field) < inner.right
    field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0,
                                          unicode=""))
    _press(field, inner.x + 1)  # nothing drawn since Home
    assert field.caret == 0, "Home brought the start of the text back into view"
    assert _caret_drawn_at(field) == inner.x
    field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0,
                                          unicode=""))
    field.place(pygame.Rect(20, 20, 120, 32), 18)  # laid out narrower: the caret kept
    inner = field.rect.inflate(-2 * max(8, field.rect.h // 4), -4)
    assert inner.right - 12 <= _caret_drawn_at(field) < inner.right
    _press(field, inner.right - 2)
    assert field.caret == len(LONG)


def test_drawing_a_field_changes_nothing_in_it() -> None:
    field = _typed(pygame.Rect(20, 20, 180, 32))
    for focused in (True, False):  # at rest it shows the start of its text
        field.focused = focused
        before = dict(vars(field))
        for size in ((240, 80), (100, 40)):
            field.draw(pygame.Surface(size))
            assert vars(field) == before
