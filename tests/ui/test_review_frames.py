"""The review's two framed moves at the table's edges (the first and last bank piles a
move takes from, the right-most card of each market row, a reserved card, a deck): in
every language and at both sizes each tag lies whole in the window, off the review's
panel, off the curve, off every piece and off the other tag (in the legend where there
is no such spot by its frames), its words uncut; each frame stays clear of the pieces
beside it and of the other move's frames."""

from __future__ import annotations

import pygame
import pytest

from splendor import i18n
from splendor.engine import Card, GameState, new_game, observe, parse_action
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES
from splendor.session.analysis import GameAnalysis, MoveAnalysis
from splendor.session.analysis_job import AnalysisSource
from splendor.session.hints import HintReason
from splendor.session.review import GameReview, review_of
from splendor.ui.app import App
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.table.move_frames import MoveFrame
from splendor.ui.textfit import audit
from tests.ui.test_menu_i18n import SIZES

NAMES = ("Ada", "Gus")
KINDS = ("human", "medium")
#: Ada reserves the right-most card of each row (her three reserved cards), Gus takes
#: tokens; then Ada's judged move: a take from the first three piles.
OPENING = ("reserve L3", "take white blue green", "reserve L2", "take red black white",
           "reserve L1", "take blue green red")
JUDGED = "take white blue green"


def _game() -> GameState:
    state = new_game(base_game(), 2, seed=7, names=NAMES, first_player=0)
    for text in OPENING:
        if text.startswith("reserve L"):
            card = observe(state, 0).market[int(text[-1]) - 1][-1]
            assert card is not None
            text = f"reserve {card.id}"  # the right-most card of that row
        state.apply(parse_action(text))
    state.apply(parse_action(JUDGED))
    return state


@pytest.fixture(scope="module")
def game() -> tuple[GameState, GameReview]:
    state = _game()
    review = review_of(state, KINDS, NAMES)
    assert review is not None
    return state, review


def _experts(state: GameState) -> list[str]:
    """The expert's moves to frame beside the one played: at the table's edges."""
    board = GameState.from_setup(state.data, state.setup)
    for action in state.history[:len(OPENING)]:
        board.apply(action)
    view = observe(board, 0)
    reserved = [c for c in view.me.reserved if isinstance(c, Card)]
    assert len(reserved) == 3
    right_most = [row[-1] for row in view.market]
    return ["take2 white",  # the first pile, which the move played also takes from
            "take2 black",  # the last pile a take reaches (gold is only given)
            "take white blue black",
            *(f"reserve {card.id}" for card in right_most if card is not None),
            f"buy {reserved[-1].id}",  # the right-most reserved card
            "reserve deck 3"]


def _review(state: GameState, review: GameReview, best: str) -> ReviewScene:
    index = len(OPENING)
    move = MoveAnalysis(index, 0, 4, JUDGED, best, 0.6, 0.3, "blunder",
                        HintReason("tokens"), HintReason("tokens"))
    source = AnalysisSource(state.data, state, KINDS)
    source.show(GameAnalysis(60, (0, 1), (move,)))
    return ReviewScene(review, start=index + 1, analysis=source)


def _check_frames(scene: ReviewScene, best: str) -> None:
    lay = scene.picture.layout
    assert lay is not None and scene._chart is not None
    frames: list[MoveFrame] = scene.frames
    assert [f.tag for f in frames] == [i18n.tr("analysis.played"), i18n.tr("analysis.expert")]
    window = pygame.Rect((0, 0), lay.size)
    tags = [f.tag_rect for f in frames]
    for frame in frames:
        tag = frame.tag_rect
        assert window.contains(tag), (best, frame.tag, tag)
        assert not tag.colliderect(scene._panel), (best, frame.tag, tag, scene._panel)
        assert not tag.colliderect(scene._chart.box), (best, frame.tag, tag)
        for piece, box in zip(frame.rects, frame.boxes, strict=True):
            assert window.contains(box)
            beside = [p for p in lay.pieces if not p.colliderect(piece)]
            assert box.collidelist(beside) == -1, (best, frame.tag, box, piece)
            for other in frames:
                if other is frame:
                    continue
                for other_piece, other_box in zip(other.rects, other.boxes, strict=True):
                    if other_piece != piece:
                        assert not box.colliderect(other_box), (best, box, other_box)
    assert not tags[0].colliderect(tags[1]), (best, tags)
    empty = lay.nobles[len(scene.board_view.nobles):]  # the slots of nobles gone
    shown = [piece for piece in lay.pieces if piece not in empty]
    for frame in frames:
        assert frame.tag_rect.collidelist(shown) == -1, (best, frame.tag)
        assert not frame.in_legend or lay.legend.contains(frame.tag_rect), (best, frame.tag)


@pytest.mark.parametrize("code", LANGUAGES)
def test_tags_fit_the_visible_table_and_frames_stay_clear_of_their_neighbours(
        app: App, game: tuple[GameState, GameReview], code: str) -> None:
    state, review = game
    i18n.set_language(code)
    for size in SIZES:
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                            size=size))
        for best in _experts(state):
            scene = _review(state, review, best)
            app.stack.push(scene)
            with audit() as misfits:
                app.render()
            assert misfits == [], (best, misfits)
            _check_frames(scene, best)
            app.stack.pop()


def test_the_expert_frames_the_shared_pile_outside_the_move_played(
        app: App, game: tuple[GameState, GameReview]) -> None:
    """Both moves take from the first pile: the expert's frame runs round the played
    one's there, and stops short of the second pile, which only the played move takes
    from; the Portuguese tag ("Mestre", the expert bot's name there) stays left of the
    panel, over no pile nor noble."""
    state, review = game
    i18n.set_language("pt")
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
    scene = _review(state, review, "take2 white")
    app.stack.push(scene)
    app.render()
    lay = scene.picture.layout
    assert lay is not None
    played, expert = scene.frames
    first, second = lay.bank[0], lay.bank[1]
    inner = played.boxes[played.rects.index(first)]
    [outer] = expert.boxes
    assert outer.contains(inner) and outer != inner
    assert outer.bottom < second.top
    assert expert.tag == "Mestre" and expert.tag_rect.right <= scene._panel.left
    empty = lay.nobles[len(scene.board_view.nobles):]
    assert expert.tag_rect.collidelist([p for p in lay.pieces if p not in empty]) == -1

