"""The results lay themselves out on enter, on a resize and on a change of language (the
game resizes every scene), never while drawing: a draw alone leaves their layout as it was.
Hidden, they keep a long winner's name whole in the headline beside the bank."""

from __future__ import annotations

import pygame
import pytest

from splendor import i18n
from splendor.devtools.screens_demo import bot_game_state
from splendor.i18n import LANGUAGES
from splendor.session.results import final_result
from splendor.session.review import review_of
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.table.board_picture import BoardPicture
from splendor.ui.textfit import audit
from splendor.ui.widgets import line_height
from tests.ui.layout_spy import count_layouts


def _results() -> ResultsScene:
    """Three players' results over their final board, with the points chart."""
    kinds, names = ["hard", "medium", "easy"], ("Ada", "Bo", "Cy")
    state = bot_game_state(5, kinds, names)
    review = review_of(state, kinds, names)
    assert review is not None
    return ResultsScene(final_result(state), lambda: None, lambda: None,
                        board=BoardPicture(state.data, names, review.cursor().log),
                        final_view=review.cursor().view(None), scores=review.scores,
                        on_review=lambda: None)


def _state(scene: ResultsScene) -> tuple[object, ...]:
    """What the layout decides: the board's size, the panel's and the standings' boxes,
    the chart's, the buttons' boxes and words."""
    assert scene.board is not None and scene.board.layout is not None
    chart = scene._chart
    return (scene.board.layout.size, tuple(scene._box), tuple(scene._panel),
            tuple(scene._headline_box), tuple(tuple(b) for b in scene._sentence_boxes),
            None if chart is None else tuple(chart.box),
            tuple((b.label, tuple(b.rect)) for b in scene.form.widgets))  # type: ignore[attr-defined]


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The sizes every results screen laid itself out for, in order."""
    return count_layouts(monkeypatch, ResultsScene)


def test_drawing_never_lays_out(app: App, layouts: list[tuple[int, int]]) -> None:
    scene = _results()
    app.stack.push(scene)
    assert layouts == [(1280, 720)], "laid out on enter"
    before = _state(scene)
    app.render()
    scene.draw(pygame.Surface((1024, 600)))  # another size: drawn, not laid out again
    i18n.set_language("fr")  # not through the game: nothing says it changed
    app.render()
    app.step(0.05)  # nor does a frame's update
    assert layouts == [(1280, 720)]
    assert _state(scene) == before and scene.menu.label == "Menu"
    assert scene.review.label == "Review game"


def test_a_resize_event_lays_out_and_the_next_draw_shows_the_new_layout(
        app: App, layouts: list[tuple[int, int]]) -> None:
    scene = _results()
    app.stack.push(scene)
    app.render()
    wide = _state(scene)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
    assert layouts == [(1280, 720), (1024, 600)]
    small = _state(scene)
    assert small != wide and small[0] == (1024, 600)
    assert pygame.Rect((0, 0), (1024, 600)).contains(scene._box)
    app.render()
    assert _state(scene) == small and len(layouts) == 2


def test_a_change_of_language_lays_the_results_out_in_that_language(
        app: App, layouts: list[tuple[int, int]]) -> None:
    game = Game(app)
    scene = _results()
    app.stack.push(scene)
    app.render()
    english = _state(scene)
    game.change_language("fr")
    assert layouts[-1] == app.size
    assert scene.review.label == "Revoir la partie"
    assert _state(scene) != english  # the French buttons are placed for their words
    count = len(layouts)
    app.render()
    assert len(layouts) == count


def test_hiding_the_results_lays_out_the_side_panel_once(
        app: App, layouts: list[tuple[int, int]]) -> None:
    scene = _results()
    app.stack.push(scene)
    app.render()
    scene.toggle.click()
    assert not scene.shown and len(layouts) == 2
    assert scene.toggle.rect.colliderect(scene._side)
    app.render()
    assert len(layouts) == 2


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_long_winners_name_takes_the_hidden_results_headline_to_two_lines(
        app: App, code: str) -> None:
    """The board alone at 1024x600: the headline beside the bank is wrapped, not cut
    ("Bartholomew Hale l'emporte !"), and the buttons stay under it."""
    kinds, names = ["hard", "medium"], ("Bartholomew Hale", "Maximilian Ortiz")
    state = bot_game_state(5, kinds, names)
    review = review_of(state, kinds, names)
    assert review is not None
    scene = ResultsScene(final_result(state), lambda: None, lambda: None,
                         board=BoardPicture(state.data, names, review.cursor().log),
                         final_view=review.cursor().view(None), scores=review.scores,
                         on_review=lambda: None)
    i18n.set_language(code)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
    app.stack.push(scene)
    scene.toggle_panel()
    with audit() as misfits:
        app.render()
    assert misfits == []
    assert scene._side.contains(scene._side_words)
    assert all(b.rect.top > scene._side_words.bottom for b in scene.form.widgets)
    if code == "fr":
        assert scene._side_words.h == 2 * line_height(scene._side_px)
