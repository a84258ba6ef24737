"""Menu → Challenges lays itself out on entering, on a resize, on a change of language (the
game resizes every scene) and when what it shows changes (a chapter, a row, a locked
chapter refused), once, never while drawing or on a frame: a draw at another size, a
language changed behind its back and frames leave every place as it was; a click on what
is already shown lays nothing out; after a resize and a change of language, each row and
tab answers a click where it is drawn. Driven by posted events."""

from __future__ import annotations

import pygame
import pytest

from splendor import i18n
from splendor.i18n import tr
from splendor.ui.scenes.challenges import ChallengesScene
from tests.ui.challenge_helpers import SIZE, open_challenges, window
from tests.ui.gestures import click, frame, key
from tests.ui.layout_spy import count_layouts
from tests.ui.test_overlay_layout import _untouched_by_drawing
from tests.ui.test_pause_save_layout import _resize


def _placed(listing: ChallengesScene) -> tuple[object, ...]:
    """Where the tabs, rows, card, Play and Back are, and the words laid out."""
    return (tuple(tuple(r) for r in listing.tabs),
            tuple((i, tuple(r)) for i, r in listing.rows),
            tuple((kind, text, tuple(r), size) for kind, text, r, size in listing.card.parts),
            tuple(listing.card.play), tuple(listing.back_rect), listing.notice)


def test_the_list_is_laid_out_on_enter_resize_and_language_never_while_drawing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    layouts = count_layouts(monkeypatch, ChallengesScene)
    app = window()
    game, listing = open_challenges(app)
    assert layouts == [SIZE], "laid out on enter"
    english = _placed(listing)
    _untouched_by_drawing(app, layouts, listing, lambda: _placed(listing))
    i18n.set_language("fr")  # behind its back: the words stay as laid out
    for _ in range(3):
        frame(app)
    i18n.set_language("en")
    assert layouts == [SIZE] and _placed(listing) == english
    _resize(app, (1920, 1080))
    assert layouts == [SIZE, (1920, 1080)] and _placed(listing) != english
    game.change_language("fr")
    assert layouts == [SIZE, (1920, 1080), (1920, 1080)]
    assert listing.card.parts[0][1] == tr(listing.current.title_key) != english[2][0][1]
    french = _placed(listing)
    for _ in range(3):
        frame(app)
    assert len(layouts) == 3 and _placed(listing) == french
    game.close()


@pytest.mark.parametrize("size", [SIZE, (1920, 1080)], ids=["1024x600", "1920x1080"])
def test_a_change_lays_out_once_and_each_row_and_tab_answers_where_drawn(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    app = window()
    game, listing = open_challenges(app)
    _resize(app, size)
    game.change_language("pt")
    layouts = count_layouts(monkeypatch, ChallengesScene)
    assert listing.selected == 0
    click(app, listing.rows[0][1].center)  # the row shown already
    assert layouts == []
    for index, rect in list(listing.rows)[1:]:
        count = len(layouts)
        click(app, rect.center)
        assert listing.selected == index and len(layouts) == count + 1
        assert listing.card.parts[0][1] == tr(listing.current.title_key)
    key(app, pygame.K_UP)
    assert listing.selected == len(listing.rows) - 2 and len(layouts) == len(listing.rows)
    locked = next(i for i, c in enumerate(listing.chapters) if not c.open)
    count = len(layouts)
    click(app, listing.tabs[locked].center)
    assert listing.notice == tr("challenge_screen.chapter.refused",
                                listing.chapters[locked].missing,
                                chapter=tr(listing.chapters[locked].title_key))
    assert len(layouts) == count + 1
    click(app, listing.tabs[locked].center)  # refused again: nothing new to show
    assert len(layouts) == count + 1
    click(app, listing.tabs[listing.chapter].center)  # the chapter open: the notice goes
    assert listing.notice == "" and len(layouts) == count + 2
    for _ in range(3):
        frame(app)
    assert len(layouts) == count + 2
    game.close()
