"""The pause menu (with its settings panel) and Save As lay themselves out on enter, on a
resize, on a change of language and when what they show changes (a refusal, the save),
never while drawing; and every control answers a click where it is drawn, doing what
its words say, in the four languages at 1024x600 and 1920x1080, after a resize. Driven by
posted events."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from splendor.i18n import LANGUAGES, tr
from splendor.ui import settings_panel, widgets
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes import overlay_base
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.rules import RulesScene
from splendor.ui.scenes.save_as import SaveAsScene
from splendor.ui.settings_panel import (
    ASSISTS,
    SPEEDS,
    VOLUMES,
    assist_label,
    speed_name,
    volume_name,
)
from tests.ui.layout_spy import count_layouts
from tests.ui.test_overlay_layout import _untouched_by_drawing

SIZES = [(1024, 600), (1920, 1080)]
#: What a control drew: its words, where, whether it works, and 'button' or 'words'
#: (a check box's).
Drawn = tuple[str, pygame.Rect, bool, str]


@pytest.fixture
def game() -> Iterator[Game]:
    game = Game(App((1280, 720)))
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Easy bot")),
                           first_player=0, seed=5))
    game.app.render()
    yield game
    game.close()


def _resize(app: App, size: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def _click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1))


def _drawn(monkeypatch: pytest.MonkeyPatch, app: App) -> list[Drawn]:
    """The buttons the overlay on top draws (their labels) and its check boxes' words, in
    one frame (the menu beneath a dialog shows through: not its)."""
    seen: list[Drawn] = []
    top = app.stack.top
    assert top is not None
    drawing = [False]

    def button(real: Callable[..., None]) -> Callable[..., None]:
        def spy(surface: pygame.Surface, rect: pygame.Rect, label: str, *args: Any,
                **kwargs: Any) -> None:
            enabled = kwargs.get("enabled", args[1] if len(args) > 1 else True)
            if drawing[0]:
                seen.append((label, pygame.Rect(rect), enabled, "button"))
            real(surface, rect, label, *args, **kwargs)
        return spy

    def words(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> None:
        if drawing[0]:
            seen.append((text, pygame.Rect(args[2]), True, "words"))
        real_text(surface, text, *args, **kwargs)

    def draw_top(surface: pygame.Surface) -> None:
        drawing[0] = True
        type(top).draw(top, surface)
        drawing[0] = False

    real_text = settings_panel.draw_text
    with monkeypatch.context() as patch:
        for module in (overlay_base, settings_panel):
            patch.setattr(module, "draw_flat_button", button(module.draw_flat_button))
        patch.setattr(settings_panel, "draw_text", words)
        patch.setattr(top, "draw", draw_top)
        app.request_redraw()
        app.render()
    return seen


# ------------------------------------------------------------------ the pause menu


def _pause(game: Game) -> PauseScene:
    game.pause()
    pause = game.app.stack.top
    assert isinstance(pause, PauseScene)
    return pause


def _placed(pause: PauseScene) -> tuple[object, ...]:
    """What the menu's layout decides: its box, where each place is (the panel's too)."""
    return (tuple(pause._box), tuple(tuple(r) for r, _ in pause._spots))


def test_the_pause_menu_is_laid_out_on_enter_resize_and_language_never_while_drawing(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    layouts = count_layouts(monkeypatch, PauseScene)
    pause = _pause(game)
    assert layouts == [(1280, 720)], "laid out on enter: the keys work before a frame"
    _untouched_by_drawing(game.app, layouts, pause, lambda: _placed(pause))
    _click(game.app, next(r for r, a in pause._spots if getattr(a, "args", ()) == ("reasons",)
                          ).center)
    assert not game.prefs.assists.reasons and len(layouts) == 1, "a tick lays nothing out"
    wide = _placed(pause)
    _resize(game.app, SIZES[0])
    assert layouts[-1] == SIZES[0] and len(layouts) == 2 and _placed(pause) != wide
    assert pygame.Rect((0, 0), SIZES[0]).contains(pause._box)
    game.change_language("fr")
    assert len(layouts) == 3
    game.app.render()
    assert len(layouts) == 3


def _state(game: Game, pause: PauseScene) -> tuple[object, ...]:
    """What a click may change: the scene on top, whether the menu is open, the speed,
    the volume, the assists and the gem symbols."""
    sounds = game.prefs.sounds
    return (type(game.app.stack.top), pause in game.app.stack.scenes, game.prefs.speed,
            sounds.volume if sounds is not None else None,
            tuple(getattr(game.prefs.assists, a) for a in ASSISTS[:-1]), game.prefs.symbols)


def _changes(label: str) -> tuple[int, ...]:
    """Which parts of `_state` a click on the control saying `label` changes."""
    speeds = {tr("settings.speed.label", speed=speed_name(n)) for n, _ in SPEEDS}
    volumes = {tr("settings.volume.label", volume=volume_name(n)) for n, _ in VOLUMES}
    if label == tr("common.button.resume"):
        return (0, 1)  # the menu closes: the table is on top
    if label in (tr("pause.save"), tr("pause.rules"), tr("pause.leave")):
        return (0,)  # a dialog over the menu
    if label in speeds:
        return (2,)
    if label in volumes:
        return (3,)
    if label in (assist_label(a) for a in ASSISTS[:-1]):
        return (4,)
    assert label == assist_label("symbols"), f"a control nobody expects: {label!r}"
    return (5,)


def _did(game: Game, label: str, before: tuple[object, ...], after: tuple[object, ...]
         ) -> bool:
    """Whether a click on `label` did what the words say, and nothing else."""
    changed = tuple(i for i, (b, a) in enumerate(zip(before, after, strict=True)) if b != a)
    if changed != _changes(label):
        return False
    opens = {tr("pause.save"): SaveAsScene, tr("pause.rules"): RulesScene,
             tr("pause.leave"): ConfirmScene}
    if label in opens:
        return after[0] is opens[label]
    if label in (assist_label(a) for a in ASSISTS[:-1]):
        flipped = [i for i, (b, a) in enumerate(zip(before[4], after[4], strict=True))  # type: ignore[call-overload]
                   if b != a]
        return [ASSISTS[i] for i in flipped] == [n for n in ASSISTS if assist_label(n) == label]
    return True


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_control_of_the_pause_menu_answers_a_click_where_it_is_drawn(
        game: Game, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    app = game.app
    game.change_language(code)
    for size in SIZES:
        _resize(app, size)
        pause = _pause(game)
        works = [d for d in _drawn(monkeypatch, app) if d[2]]
        # Each place a click reaches holds the words of exactly one working control.
        for rect, _ in pause._spots:
            assert len([d for d in works if rect.contains(d[1])]) == 1, (code, size, rect)
        assert len(works) == len(pause._spots) >= 10
        for label, rect, _, kind in works:
            before = _state(game, pause)
            _click(app, rect.center)
            assert _did(game, label, before, _state(game, pause)), (code, size, label)
            if pause not in app.stack.scenes:
                pause = _pause(game)
            elif app.stack.top is not pause:
                app.stack.remove(app.stack.scenes[app.stack.scenes.index(pause) + 1])
            elif kind == "words":
                _click(app, rect.center)  # a check box: ticked again, as it was
                assert _state(game, pause) == before
        assert app.stack.top is pause
        pause.resume_game()


# ------------------------------------------------------------------ Save As


def _save_as(game: Game) -> SaveAsScene:
    _pause(game)
    game.open_save_as()
    dialog = game.app.stack.top
    assert isinstance(dialog, SaveAsScene)
    return dialog


def _save_placed(dialog: SaveAsScene) -> tuple[object, ...]:
    return tuple(tuple(r) for r in (dialog._box, dialog.field.rect, dialog._cancel,
                                    dialog._save, dialog._ok))


def test_save_as_is_laid_out_on_enter_a_refusal_and_the_save_never_while_drawing(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    layouts = count_layouts(monkeypatch, SaveAsScene)
    dialog = _save_as(game)
    assert layouts == [(1280, 720)]
    _untouched_by_drawing(game.app, layouts, dialog, lambda: _save_placed(dialog))
    dialog.field.set_text("")
    _click(game.app, dialog._save.center)
    assert dialog.message and len(layouts) == 2, "the refusal has its room"
    assert dialog._note.h > 0 and dialog._box.contains(dialog._note)
    assert dialog._note.bottom <= dialog._save.top
    _untouched_by_drawing(game.app, layouts, dialog, lambda: _save_placed(dialog))
    dialog.field.set_text("Evening game")
    _click(game.app, dialog._save.center)
    assert dialog.saved_name == "Evening game" and len(layouts) == 3
    assert dialog._box.contains(dialog._ok) and dialog._save.w == 0
    _untouched_by_drawing(game.app, layouts, dialog, lambda: _save_placed(dialog))


def _notes(monkeypatch: pytest.MonkeyPatch, dialog: SaveAsScene) -> list[pygame.Rect]:
    """Where the dialog's refusal is drawn from now on."""
    notes: list[pygame.Rect] = []
    draw_lines = widgets.draw_lines

    def note(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> int:
        if text == dialog.message:
            notes.append(pygame.Rect(args[2]))
        return draw_lines(surface, text, *args, **kwargs)

    monkeypatch.setattr(widgets, "draw_lines", note)
    return notes


@pytest.mark.parametrize("code", LANGUAGES)
def test_save_as_buttons_answer_a_click_where_they_are_drawn(
        game: Game, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    app = game.app
    game.change_language(code)
    for size in SIZES:
        _resize(app, size)
        dialog = _save_as(game)
        buttons = {label: rect for label, rect, *_ in _drawn(monkeypatch, app)}
        assert buttons == {tr("common.button.cancel"): dialog._cancel,
                           tr("saves.save_as.save"): dialog._save}
        dialog.field.set_text("")
        _click(app, buttons[tr("saves.save_as.save")].center)
        assert dialog.message == tr("saves.save_as.empty_name")
        notes = _notes(monkeypatch, dialog)
        after = {label: rect for label, rect, *_ in _drawn(monkeypatch, app)}
        assert notes and dialog._box.contains(notes[0]), "the reason drawn in the box"
        assert after == {tr("common.button.cancel"): dialog._cancel,
                         tr("saves.save_as.save"): dialog._save}
        assert not notes[0].colliderect(dialog._save)
        dialog.field.set_text(f"Game {code} {size[0]}")
        _click(app, after[tr("saves.save_as.save")].center)
        assert dialog.saved_name == f"Game {code} {size[0]}"
        [(label, ok, *_)] = _drawn(monkeypatch, app)
        assert label == tr("common.button.ok") and ok == dialog._ok
        _click(app, ok.center)
        assert dialog not in app.stack.scenes
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        game.open_save_as()
        dialog = app.stack.top
        assert isinstance(dialog, SaveAsScene)
        [cancel, _] = _drawn(monkeypatch, app)
        assert cancel[0] == tr("common.button.cancel")
        _click(app, cancel[1].center)
        assert app.stack.top is pause, "Cancel, where it is drawn, closes the box"
        pause.resume_game()
