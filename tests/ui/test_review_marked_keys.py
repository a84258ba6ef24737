"""The analysed review from the keyboard, by posted key events: [ and ] (or Shift with the
arrows) go from marked move to marked move as a click on a dot does, the dot of the move
shown ringed; the keys are said under the curve, and at 1024x600 every marked move's
words fit in every language."""

from __future__ import annotations

import random

import pygame
import pytest

from splendor import i18n
from splendor.i18n import LANGUAGES
from splendor.session.analysis import MoveAnalysis
from splendor.ui import theme
from splendor.ui.analysis_words import label_name
from splendor.ui.app import App
from splendor.ui.chance_chart import DOT_SIZES
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.textfit import audit
from tests.helpers import play_turns
from tests.ui.test_analysis_screens import analysed_review
from tests.ui.test_results_review import click, key, post, review_of, start


def _ring_pixel(review: ReviewScene, move: MoveAnalysis) -> tuple[int, int]:
    """A point on the ring around `move`'s dot (where the ring is drawn when selected)."""
    chart = review._chart
    assert chart is not None
    center = dict((m.index, c) for m, c in chart.dots)[move.index]
    ring = max(3, chart.px(DOT_SIZES[move.label])) + max(4, chart.px(6))
    return center[0], center[1] - ring + 1


def _white_at(app: App, point: tuple[int, int]) -> bool:
    return tuple(app.screen.get_at(point))[:3] == theme.TEXT


def test_brackets_go_from_marked_move_to_marked_move_as_a_click_on_its_dot(app: App
                                                                           ) -> None:
    review = analysed_review(app)
    assert review.analysis is not None and review.analysis.shown is not None
    marked = list(review.analysis.shown.marked())
    assert len(marked) >= 3, "a game with a few marked moves"
    key(app, pygame.K_HOME)
    assert review.position == 0
    seen = []
    for _ in range(len(marked) + 2):  # past the last one: it stays there
        key(app, pygame.K_RIGHTBRACKET)
        seen.append(review.position)
    assert seen == [m.index + 1 for m in marked] + [marked[-1].index + 1] * 2
    # Shown as a click shows it: the move's words, the two moves framed, its dot ringed.
    last = marked[-1]
    by_key = (review.judged, review.move_lines, review.board_moves,
              [f.tag for f in review.frames])
    app.render()
    assert _white_at(app, _ring_pixel(review, last)), "the dot of the move shown is ringed"
    assert not _white_at(app, _ring_pixel(review, marked[0])), "and no other"
    key(app, pygame.K_END)
    chart = review._chart
    assert chart is not None
    click(app, dict((m.index, c) for m, c in chart.dots)[last.index])
    assert review.position == last.index + 1
    assert (review.judged, review.move_lines, review.board_moves,
            [f.tag for f in review.frames]) == by_key
    assert by_key[0] == last and by_key[1][0].startswith(label_name(last.label) + ": ")
    back = []
    for _ in range(len(marked) + 1):
        key(app, pygame.K_LEFTBRACKET)
        back.append(review.position)
    assert back == [m.index + 1 for m in reversed(marked[:-1])] + [marked[0].index + 1] * 2
    app.render()
    assert _white_at(app, _ring_pixel(review, marked[0]))


def test_shift_with_the_arrows_or_the_typed_bracket_does_the_same_and_arrows_still_step(
        app: App) -> None:
    review = analysed_review(app)
    assert review.analysis is not None and review.analysis.shown is not None
    marked = [m.index + 1 for m in review.analysis.shown.marked()]
    review.go(0)
    key(app, pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    assert review.position == marked[0]
    key(app, pygame.K_RIGHT)
    assert review.position == marked[0] + 1, "the arrow alone: one move on"
    # A keyboard that types "]" with another key (AltGr on a French one): the character.
    post(app, pygame.KEYDOWN, key=pygame.K_RIGHTPAREN, mod=pygame.KMOD_RALT, unicode="]")
    # (The next marked move after the one the arrow went to: the second may be that one.)
    after = next(p for p in marked if p > marked[0] + 1)
    assert review.position == after
    key(app, pygame.K_LEFT, pygame.KMOD_RSHIFT)
    before = max(p for p in marked if p < after)
    assert review.position == before
    key(app, pygame.K_LEFT)
    assert review.position == before - 1
    key(app, pygame.K_DOWN)  # a round on, as before
    assert review.position > before - 1


def test_without_an_analysis_the_brackets_do_nothing_and_shift_arrows_step(app: App
                                                                           ) -> None:
    _, session = start(app, [("human", "Ada"), ("greedy", "Gus")], seed=3)
    play_turns(session, 6, random.Random(1))
    review = review_of(session.state, ["human", "greedy"], ["Ada", "Gus"])
    assert review is not None
    scene = ReviewScene(review, start=4)
    app.stack.push(scene)
    app.render()
    key(app, pygame.K_RIGHTBRACKET)
    key(app, pygame.K_LEFTBRACKET)
    assert scene.position == 4
    key(app, pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    assert scene.position == 5
    assert scene._chart is None and scene._keys.h > 0, "the review's own keys, as before"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_marked_moves_keys_are_said_under_the_curve_and_every_marked_move_fits(
        app: App, code: str) -> None:
    """At 1024x600: the keys on a line of their own under the plot, and the words of
    every marked move in the panel, with nothing cut."""
    review = analysed_review(app)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
    i18n.set_language(code)
    app.stack.resize(app.size)  # what the game does on a change of language
    chart = review._chart
    assert chart is not None
    assert chart.keys == i18n.tr("review.keys_marked")
    assert "[ ]" in chart.keys and "⇧←/→" in chart.keys
    assert chart.box.contains(chart.keys_box) and chart.keys_box.h > 0
    assert chart.keys_box.top > chart.plot.bottom, "under the plot and its dots"
    assert all(chart.plot.inflate(2, 2).collidepoint(c) for _, c in chart.dots)
    key(app, pygame.K_HOME)
    with audit() as misfits:
        app.render()
        assert review.analysis is not None and review.analysis.shown is not None
        for _ in review.analysis.shown.marked():
            key(app, pygame.K_RIGHTBRACKET)
            app.render()
    assert misfits == [], [(m.text, m.problem) for m in misfits]
