"""The review lays itself out on enter, on a resize and on a change of language (the game
resizes every scene), never while drawing: a draw alone leaves its layout as it was; the
board's log is worded on layout, not by a draw in a language changed behind its back."""

from __future__ import annotations

import copy
import random

import pygame
import pytest

from splendor import i18n
from splendor.session.review import GameReview, review_of
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.wording import describe_entry, log_line
from tests.helpers import play_turns
from tests.ui.layout_spy import count_layouts
from tests.ui.test_results_review import start


def _review(app: App) -> GameReview:
    _, session = start(app, [("human", "Ada"), ("greedy", "Gus")], seed=3)
    play_turns(session, 8, random.Random(1))
    review = review_of(session.state, ["human", "greedy"], ["Ada", "Gus"])
    assert review is not None
    return review


def _state(scene: ReviewScene) -> tuple[object, ...]:
    """What the layout decides: the board's places, the panel's, the buttons' and words."""
    lay = scene.picture.layout
    assert lay is not None
    return (lay.size, lay.action_panel, tuple(scene._panel), tuple(scene._describe),
            tuple(scene._keys), tuple(scene._timeline), scene.close_button.label,
            tuple(tuple(b.rect) for b in scene.steps.values()))


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The sizes every review laid itself out for, in order."""
    return count_layouts(monkeypatch, ReviewScene)


def test_drawing_never_lays_out(app: App, layouts: list[tuple[int, int]]) -> None:
    scene = ReviewScene(_review(app), start=5)
    app.stack.push(scene)
    assert layouts == [(1280, 720)], "laid out on enter"
    before = _state(scene)
    app.render()
    scene.draw(pygame.Surface((1024, 600)))  # another size: drawn, not laid out again
    i18n.set_language("fr")  # not through the game: nothing says it changed
    app.render()
    assert layouts == [(1280, 720)]
    assert _state(scene) == before and scene.close_button.label == "Close"


def test_a_resize_event_lays_out_and_the_next_draw_shows_the_new_layout(
        app: App, layouts: list[tuple[int, int]]) -> None:
    scene = ReviewScene(_review(app), start=5)
    app.stack.push(scene)
    app.render()
    wide = _state(scene)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
    assert layouts == [(1280, 720), (1024, 600)]
    small = _state(scene)
    assert small != wide and small[0] == (1024, 600)
    assert pygame.Rect(small[2]).bottom <= 600
    app.render()
    assert _state(scene) == small and len(layouts) == 2


def test_a_change_of_language_lays_the_review_out_in_that_language(
        app: App, layouts: list[tuple[int, int]]) -> None:
    game = Game(app)
    scene = ReviewScene(_review(app), start=5)
    app.stack.push(scene)
    app.render()
    game.change_language("fr")
    assert layouts[-1] == app.size and scene.close_button.label == "Fermer"
    count = len(layouts)
    app.render()
    assert len(layouts) == count


def test_the_boards_log_is_worded_on_layout_and_drawing_changes_nothing(
        app: App, layouts: list[tuple[int, int]]) -> None:
    game = Game(app)
    review = _review(app)
    scene = ReviewScene(review, start=5)
    app.stack.push(scene)
    picture = scene.picture
    english = picture.log_lines(scene.board_moves)
    assert len(english) >= 5 and english[0].startswith("R1")
    looks = copy.deepcopy(vars(picture.ui))
    app.render()
    i18n.set_language("fr")  # behind the review's back: drawn, not worded again
    app.render()
    scene.draw(pygame.Surface((1024, 600)))
    assert picture.log_lines(scene.board_moves) == english
    assert vars(picture.ui) == looks, "what the board shows is not changed by drawing it"
    i18n.set_language("en")
    game.change_language("fr")
    names = list(review.names)
    assert picture.log_lines(scene.board_moves) == [
        log_line(entry.round, text) for entry in scene.cursor.log[:scene.board_moves]
        for text in describe_entry(names[entry.seat], entry, review.data, names,
                                   review.seat)]
    assert picture.log_lines(scene.board_moves)[0] != english[0]
