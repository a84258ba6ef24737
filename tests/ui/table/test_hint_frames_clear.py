"""The hint's mark on the table stays clear of the pieces beside it: a ring round the
first or last bank pile, a frame round the right-most card of a row, a deck or a
reserved card changes no pixel of any other pile or card, at both sizes; the pile's
count stays drawn over its ring."""

from __future__ import annotations

import pygame
import pytest

from splendor.engine import Card, View, new_game, observe, parse_action
from splendor.gamedata import base_game
from splendor.ui import art
from splendor.ui.app import App
from splendor.ui.table import marks
from splendor.ui.table.board_picture import BoardPicture
from splendor.ui.table.hits import Hit, card_hit
from splendor.ui.table.layout import TableLayout
from tests.ui.test_menu_i18n import SIZES


def _view() -> View:
    """Ada's view after she reserved the right-most level 3 card (and Gus took tokens)."""
    state = new_game(base_game(), 2, seed=7, names=("Ada", "Gus"), first_player=0)
    card = observe(state, 0).market[2][-1]
    assert card is not None
    state.apply(parse_action(f"reserve {card.id}"))
    state.apply(parse_action("take white blue green"))
    return observe(state, 0)


def _marks(view: View) -> list[tuple[Hit, int | None]]:
    """Hints at the table's edges: (what is hinted, its piece's place in the layout's
    bank, None for a card or deck)."""
    right_most = [card_hit(row[-1].id) for row in view.market if row[-1] is not None]
    [reserved] = [c for c in view.me.reserved if isinstance(c, Card)]
    return [(Hit("bank", 0), 0), (Hit("bank", 4), 4), (Hit("bank", 5), 5),
            *((hit, None) for hit in right_most), (card_hit(reserved.id), None),
            (Hit("deck", 3), None)]


def _piece(lay: TableLayout, view: View, hit: Hit, pile: int | None) -> pygame.Rect:
    if pile is not None:
        return lay.bank[pile]
    if hit.kind == "deck":
        return lay.decks[hit.number - 1]
    for rows, slots in ((view.market, lay.market),):
        for row, places in zip(rows, slots, strict=True):
            for card, rect in zip(row, places, strict=True):
                if card is not None and card.id == hit.key:
                    return rect
    assert lay.area is not None
    return lay.area.reserved[0]  # her one reserved card


def _pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


@pytest.mark.parametrize("size", SIZES)
def test_the_hint_changes_no_pixel_of_the_pieces_beside_it(app: App, size: tuple[int, int]
                                                           ) -> None:
    view = _view()
    picture = BoardPicture(base_game(), ("Ada", "Gus"), ())
    lay = picture.lay_out(size, 2)
    plain = pygame.Surface(size)
    picture.draw(plain, view, 0)
    for hit, pile in _marks(view):
        piece = _piece(lay, view, hit, pile)
        picture.ui.hint_marks = {hit}
        hinted = pygame.Surface(size)
        picture.draw(hinted, view, 0)
        around = piece.inflate(2 * lay.px(8), 2 * lay.px(8)).clip(hinted.get_rect())
        assert _pixels(hinted, around) != _pixels(plain, around), f"{hit}: no mark drawn"
        for other in lay.pieces:
            if not other.colliderect(piece):
                assert _pixels(hinted, other) == _pixels(plain, other), (hit, other)


def test_a_piles_count_stays_readable_over_its_ring(app: App) -> None:
    view = _view()
    picture = BoardPicture(base_game(), ("Ada", "Gus"), ())
    lay = picture.lay_out((1024, 600), 2)
    pile = lay.bank[0]
    picture.ui.hint_marks = {Hit("bank", 0)}
    surface = pygame.Surface((1024, 600))
    picture.draw(surface, view, 0)
    token = art.token_surface(0, pile.width, count=view.bank[0])
    drawn = token.get_rect(center=pile.center)
    radius, width = marks.hint_ring(pile, lay.px, lay.pieces)
    # Wherever the pile's picture (its count badge) is solid, it shows over the ring.
    seen = 0
    for x in range(drawn.w):
        for y in range(drawn.h):
            r, g, b, a = token.get_at((x, y))
            if a == 255:
                point = (drawn.x + x, drawn.y + y)
                d2 = (point[0] - pile.centerx) ** 2 + (point[1] - pile.centery) ** 2
                if (radius - width) ** 2 < d2 <= radius ** 2:
                    seen += 1
                    assert tuple(surface.get_at(point))[:3] == (r, g, b), point
    assert seen > 0, "the badge reaches the ring"
