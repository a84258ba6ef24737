"""Every marked move's dot on the chance curve is reached by the mouse: two marked moves
of one turn (a main action and the module's step after it, or both players' decisions of
a round at one chance) fell on one spot of the curve and a click reached only one of
them. They are set apart in a row, in game order, each a whole dot of its own that a
click anywhere on it reaches, at their chance and near their move, the review's line
through the dot of the move shown; in the review at 1024x600 and 1920x1080 in every
language, and on the results' curve."""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable

import pygame
import pytest

from splendor import i18n
from splendor.engine import GameState, new_game
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES
from splendor.session.analysis import GameAnalysis, MoveAnalysis
from splendor.session.analysis_job import AnalysisSource
from splendor.session.hints import HintReason
from splendor.session.review import GameReview, review_of
from splendor.ui import theme
from splendor.ui.app import App
from splendor.ui.chance_chart import (
    DOT_SIZES,
    ChanceLayout,
    chance_layout,
    dot_at,
    dot_gap,
)
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.score_chart import SEAT_INKS
from splendor.ui.widgets import Scale

NAMES = ("Ada", "Gus")
KINDS = ("human", "medium")
SIZES = [(1024, 600), (1920, 1080)]


@pytest.fixture(scope="module")
def game() -> tuple[GameState, GameReview]:
    """A Cities of Splendor game played to its end, where turns have a second step."""
    state = new_game(base_game(), 2, seed=3, names=NAMES, first_player=0, module="cities")
    rng = random.Random(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    review = review_of(state, KINDS, NAMES)
    assert review is not None
    return state, review


def _turns_of_two(review: GameReview) -> list[int]:
    """The record's indices where one player's turn has a second decision after it."""
    log = ReviewScene(review).cursor.log
    return [i for i in range(len(log) - 1)
            if log[i].seat == log[i + 1].seat and log[i].round == log[i + 1].round]


def _analysis(review: GameReview) -> GameAnalysis:
    """Every decision judged at an even chance; marked: a turn of two decisions both
    (the main action and its step), and the next turn's of the other player at the same
    chance (four dots on one spot), and one turn of two later, alone."""
    log = ReviewScene(review).cursor.log
    first, *rest = _turns_of_two(review)
    later = next(i for i in rest if i > first + 8)
    marked = {first: "mistake", first + 1: "blunder", later: "inaccuracy",
              later + 1: "mistake"}
    after = first + 2
    while log[after].seat == log[first].seat:
        after += 1
    marked.update({after: "inaccuracy", after + 1: "mistake"})
    moves = []
    for i, entry in enumerate(log):
        label = marked.get(i, "")
        moves.append(MoveAnalysis(i, entry.seat, entry.round, "pass", "pass", 0.5, 0.5,
                                  label, HintReason("tokens"), HintReason("tokens")))
    return GameAnalysis(60, (0, 1), tuple(moves))


def _reaches_each_dot(chart: ChanceLayout, reach: Callable[[tuple[int, int]], int | None]
                      ) -> None:
    """Each dot apart from the others, whole, and a click anywhere on it is its move."""
    gap = dot_gap(chart.px)
    for n, (move, (x, y)) in enumerate(chart.dots):
        r = max(3, chart.px(DOT_SIZES[move.label]))
        for _, (ox, oy) in chart.dots[n + 1:]:
            assert math.hypot(ox - x, oy - y) >= 2 * (r + 1), "dots apart"
        for dx, dy in ((0, 0), (r - 1, 0), (1 - r, 0), (0, r - 1), (0, 1 - r)):
            assert reach((x + dx, y + dy)) == move.index, (move.index, dx, dy)
        true_x = chart.xs[move.index]
        assert abs(x - true_x) <= 2 * gap, "near its move"
        assert y == chart.plot.bottom - round(chart.plot.h * move.before), "at its chance"


def _clicked(app: App, scene: ReviewScene, pos: tuple[int, int]) -> int | None:
    """The marked move a click at `pos` shows (its index), or None."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1))
    judged = scene.judged
    return judged.index if judged is not None and scene.position == judged.index + 1 \
        else None


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_marked_move_of_one_turn_has_its_own_dot_to_click(
        app: App, game: tuple[GameState, GameReview], code: str) -> None:
    state, review = game
    analysis = _analysis(review)
    i18n.set_language(code)
    for size in SIZES:
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                            size=size))
        source = AnalysisSource(state.data, state, KINDS)
        source.show(analysis)
        scene = ReviewScene(review, start=0, analysis=source)
        app.stack.push(scene)
        chart = scene._chart
        assert chart is not None and len(chart.dots) == 6
        xs = [center[0] for _, center in chart.dots]
        assert xs == sorted(xs) and len(set(xs)) == 6, "in game order, each its own x"
        app.render()
        for move, center in chart.dots:  # drawn whole where they are, in their seat's colour
            assert tuple(app.screen.get_at(center))[:3] == SEAT_INKS[move.seat]
        _reaches_each_dot(chart, functools.partial(_clicked, app, scene))
        for move, (x, y) in chart.dots:  # the position's line through the dot shown
            assert _clicked(app, scene, (x, y)) == move.index
            app.render()
            assert tuple(app.screen.get_at((x, chart.plot.y + 1)))[:3] == theme.ACTIVE, (
                move.index)
        app.stack.pop()


def test_the_results_curve_sets_them_apart_too(game: tuple[GameState, GameReview]) -> None:
    """The results' curve is wider and taller: the same dots, apart, each reached."""
    _, review = game
    analysis = _analysis(review)
    rounds = tuple(entry.round for entry in ReviewScene(review).cursor.log)
    for size in SIZES:
        sc = Scale(size)
        box = pygame.Rect(sc.px(40), sc.px(380), size[0] // 2, sc.px(220))
        chart = chance_layout(box, sc.px, sc.text(14), analysis, rounds)

        def reach(pos: tuple[int, int], chart: ChanceLayout = chart) -> int | None:
            move = dot_at(chart, pos)
            return move.index if move is not None else None

        _reaches_each_dot(chart, reach)
