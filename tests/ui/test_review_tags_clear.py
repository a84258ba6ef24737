"""The review's tags never hide the player's emblem (the coat of arms before their name in
Trading Posts, where the bank stands right above it) nor the count of a bank pile (a tag by
a card of the bottom row lay over the pile beneath): in every game type, language and both
window sizes, for every move of the judged position framed as the move played or as the
expert's, beside the other."""

from __future__ import annotations

import pygame
import pytest

from splendor import i18n
from splendor.engine import GameState
from splendor.i18n import LANGUAGES
from splendor.session.analysis import LABELS, MoveAnalysis
from splendor.session.hints import HintReason
from splendor.ui import art
from splendor.ui.app import App
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.table.modules import table_module
from tests.ui.test_review_fits_modules import JUDGED, OWN, _game, _scene

SIZES = [(1024, 600), (1920, 1080)]


def _moves(state: GameState) -> list[str]:
    """Every move of the judged position."""
    before = GameState.from_setup(state.data, state.setup)
    for action in state.history[:JUDGED]:
        before.apply(action)
    return sorted({a.text() for a in before.legal_actions()})


def _counts(scene: ReviewScene) -> list[pygame.Rect]:
    """Where the bank's piles show their counts on the board reviewed (drawn: the
    number badge of each pile that is not empty)."""
    lay = scene.picture.layout
    assert lay is not None
    out = []
    for rect, count in zip(lay.bank, scene.board_view.bank, strict=False):
        if count:
            badge = art.count_badge_rect(rect.w, count)
            out.append(badge.move(rect.centerx - rect.w // 2, rect.centery - rect.w // 2))
    return out


@pytest.mark.parametrize("module", list(OWN), ids=lambda m: m or "base")
def test_no_tag_hides_the_players_emblem_or_a_piles_count(app: App, module: str | None
                                                          ) -> None:
    state = _game(module)
    played = state.history[JUDGED].text()
    pairs = [(m, played) for m in _moves(state)] + [(played, m) for m in _moves(state)]
    tags = 0
    for code in LANGUAGES:
        i18n.set_language(code)
        for size in SIZES:
            app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                                size=size))
            for kinds in (("human", "medium"), ("medium", "human")):  # Ada's area, Gus's
                first = MoveAnalysis(JUDGED, 0, 3, played, played, 0.6, 0.3, LABELS[0],
                                     HintReason("tokens"), HintReason("tokens"))
                scene = _scene(state, kinds, first)
                app.stack.push(scene)
                lay = scene.picture.layout
                assert lay is not None and lay.area is not None
                emblem = lay.area.emblem
                assert bool(emblem.w) == table_module(module).has_emblem
                counts = _counts(scene)
                assert len(counts) >= 4, counts
                for shown, best in pairs:
                    scene.judged = MoveAnalysis(JUDGED, 0, 3, shown, best, 0.6, 0.3,
                                                LABELS[0], HintReason("tokens"),
                                                HintReason("tokens"))
                    scene._frame_moves()
                    for frame in scene.frames:
                        tags += 1
                        assert not frame.tag_rect.colliderect(emblem), (
                            code, size, kinds, shown, best, frame.tag, frame.tag_rect)
                        assert frame.tag_rect.collidelist(counts) == -1, (
                            code, size, kinds, shown, best, frame.tag, frame.tag_rect)
                app.stack.pop()
    assert tags > len(pairs) * len(LANGUAGES) * len(SIZES)
