"""Move history: the pointer on a line of the game log that names a card (a purchase, a
reservation from the market) shows a small picture of that card beside the line at once,
and lights the line; a blind reservation's line never shows a card, to anyone.

Driven by posted pygame events through the real app (posted events carry `pos`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from splendor.engine import Buy, Card, Reserve, ReserveDeck, Take, build_position
from splendor.gamedata import base_game
from splendor.ui import art, theme
from splendor.ui.app import App
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.zoom import LOG_CARD
from tests.helpers import position_session

DATA = base_game()
DT = 0.05
#: Seat 0 can pay for L1-05 with these (blue, two green, red, black).
PAYS_L1_05 = {"blue": 1, "green": 2, "red": 1, "black": 1}


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1280, 720))
    pygame.event.clear()
    yield application
    while application.stack.scenes:
        application.stack.pop()


def _move(app: App, pos: tuple[int, int], dt: float = DT) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(dt)


def _hot_seat_table(app: App, **history: Any) -> TableScene:
    """Two people at one screen (the public view shows until the pass screen): Ada buys
    L1-05, Bea reserves L2-03 from the market, Ada reserves blind from the level-2 deck."""
    state = build_position(DATA, 2, names=["Ada", "Bea"], market={1: ["L1-05"], 2: ["L2-03"]},
                           seats=[{"tokens": PAYS_L1_05}, {}])
    session = position_session(state, ["human", "human"])
    for action in (Buy("L1-05"), Reserve("L2-03"), ReserveDeck(2)):
        assert session.play(action) is None
    table = TableScene(session, on_finished=lambda s: None, on_history=lambda k: None)
    app.stack.replace(table)
    app.step(0.0)
    return table


def _row(table: TableScene, words: str) -> tuple[int, pygame.Rect]:
    """The log line containing `words`, and where it is drawn."""
    lines = table.log_lines()
    return next((line, rect) for line, rect in table.log_row_rects() if words in lines[line])


def _shown(table: TableScene) -> list[str]:
    shown = table.zoom.shown
    return [] if shown is None else [c.id for c in shown.cards]


def test_hovering_a_line_naming_a_card_shows_that_card_small_beside_it_at_once(
        app: App) -> None:
    table = _hot_seat_table(app)
    line, rect = _row(table, "buys")
    _move(app, rect.center, dt=0.0)  # no waiting, unlike a card of the table
    assert _shown(table) == ["L1-05"]
    assert table.ui.hover_log == line
    lay = table.layout
    assert lay is not None
    box = table.zoom.box(lay)
    assert box is not None
    assert not box.colliderect(rect), "beside the line, not over it"
    assert app.screen.get_rect().contains(box)
    assert box.top <= rect.centery <= box.bottom
    # Drawn as the card art draws that card, small (a market card's size, about).
    size = (lay.px(LOG_CARD[0]), lay.px(LOG_CARD[1]))
    assert size[0] < lay.market[0][0].w * 1.4
    picture = art.card_surface(DATA.card_by_id["L1-05"], size)
    expected = pygame.Surface(picture.get_size())
    expected.fill(theme.TABLE_DARK)
    expected.blit(picture, (0, 0))
    on_screen = app.screen.subsurface(picture.get_rect(topleft=(box.x + lay.px(10),
                                                                box.y + lay.px(10))))
    assert pygame.image.tobytes(on_screen, "RGB") == pygame.image.tobytes(expected, "RGB")
    # The line is lit under the pointer.
    corner = (rect.x + 1, rect.bottom)
    lit = tuple(app.screen.get_at(corner))[:3]
    _move(app, lay.header.center)
    assert _shown(table) == [] and table.ui.hover_log is None
    assert tuple(app.screen.get_at(corner))[:3] != lit


def test_a_reservation_from_the_market_shows_its_card(app: App) -> None:
    table = _hot_seat_table(app)
    _, rect = _row(table, "reserves a level 2")
    _move(app, (rect.x + 4, rect.y + 2))
    assert _shown(table) == ["L2-03"]
    # From one line to the next: the picture follows.
    _, bought = _row(table, "buys")
    _move(app, bought.center)
    assert _shown(table) == ["L1-05"]


def test_a_blind_reservation_shows_no_card_whoever_looks(app: App) -> None:
    table = _hot_seat_table(app)
    session = table.session
    blind = session.state.players[0].reserved[-1]
    assert isinstance(blind, Card) and blind.id in session.state.players[0].blind
    line, rect = _row(table, "deck")
    for seat in (None, 1):  # the public view, then Bea at the screen (her turn)
        if seat is not None:
            session.reveal(seat)
            app.step(0.0)
        _move(app, rect.center)
        app.step(1.0)
        assert _shown(table) == []
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center,
                                             button=3))
        app.step(DT)
        assert _shown(table) == []
        assert all(c.id != blind.id for t in table.zoom_targets() for c in t.cards)
    # The line still answers the pointer (a click shows that position): it is lit.
    assert table.ui.hover_log == line


def test_a_noble_visit_line_and_a_take_name_no_card(app: App) -> None:
    state = build_position(DATA, 2, names=["Ada", "Bot"], seats=[{}, {}])
    session = position_session(state, ["human", "hard"])
    table = TableScene(session, on_finished=lambda s: None)
    app.stack.replace(table)
    app.step(0.0)
    take = next(a for a in session.view().legal_actions if isinstance(a, Take))
    assert table.play(take)
    app.step(0.0)
    _, rect = _row(table, "You take ")
    _move(app, rect.center)
    app.step(1.0)
    assert _shown(table) == []
    assert table.ui.hover_log is None, "without history, a line naming no card is inert"


def test_a_click_on_a_line_with_its_card_shown_opens_that_position(app: App) -> None:
    opened: list[int] = []
    table = _hot_seat_table(app)
    table.on_history = opened.append
    _, rect = _row(table, "buys")
    _move(app, rect.center)
    assert _shown(table) == ["L1-05"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.step(DT)
    assert opened == [1] and _shown(table) == []


def test_the_picture_follows_the_log_when_a_move_scrolls_it(app: App) -> None:
    """The pointer rests on the newest line; more moves arrive and scroll the log: the
    line lit and the card shown are those now under the pointer."""
    state = build_position(DATA, 2, names=["Ada", "Bea"], market={1: ["L1-05"]},
                           seats=[{"tokens": PAYS_L1_05}, {}])
    session = position_session(state, ["human", "human"])
    table = TableScene(session, on_finished=lambda s: None, on_history=lambda k: None)
    app.stack.replace(table)
    app.step(0.0)
    assert session.play(Buy("L1-05")) is None
    app.step(0.0)
    rows = table.log_row_rects()
    _, rect = rows[-1]
    _move(app, rect.center)
    assert _shown(table) == ["L1-05"]
    # Enough moves naming no card to fill the log: the buy's line scrolls up, out from
    # under the pointer.
    for _ in range(30):
        seat = session.current
        assert seat is not None
        move = next(a for a in session.view(seat).legal_actions
                    if not isinstance(a, Buy | Reserve))
        assert session.play(move) is None
        app.step(0.0)
    under = next(line for line, r in table.log_row_rects() if r.collidepoint(rect.center))
    assert table.ui.hover_log == under
    assert "buys" not in table.log_lines()[under]
    assert _shown(table) == []


def test_the_review_shows_the_card_of_a_log_line_too(app: App) -> None:
    from splendor.session.bot_process import InlineBots
    from splendor.session.game import Session
    from splendor.session.review import review_of
    from splendor.ui.scenes.review import ReviewScene
    from tests.helpers import options_for

    session = Session(DATA, options_for(["human", "human"], ["Ada", "Bea"], seed=4),
                      InlineBots())
    card = next(c for c in session.view().market[1] if c is not None)
    for action in (Reserve(card.id), ReserveDeck(2)):
        assert session.play(action) is None
    blind = session.state.players[1].reserved[0]
    past = review_of(session.state, ["human", "human"], list(session.options.names))
    assert past is not None
    review = ReviewScene(past, start=2)
    app.stack.replace(review)
    app.step(0.0)
    targets = review.picture.log_targets(review.position)
    assert [t.cards[0].id for t in targets] == [card.id], "never the blind card"
    assert blind.id != card.id
    line = targets[0].rect
    _move(app, line.center)
    assert review.zoom.shown is not None and review.zoom.shown.cards[0].id == card.id
    assert review.picture.ui.hover_log == targets[0].key[1]
    lay = review.picture.layout
    assert lay is not None
    box = review.zoom.box(lay)
    assert box is not None and not box.colliderect(line)
    # Another position: another log, nothing shown until the pointer moves again.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0,
                                         unicode=""))
    app.step(DT)
    assert review.zoom.shown is None and review.picture.ui.hover_log is None
    _move(app, lay.header.center)
    assert review.zoom.shown is None
    session.close()


def test_the_final_board_alone_shows_the_card_of_a_log_line_too(app: App) -> None:
    """Results hidden, the final board alone: its log's lines show their cards as the
    table's do; showing the results again closes the picture."""
    from tests.ui.test_results_review import finished_against_a_bot

    game, _session, results = finished_against_a_bot(app)
    results.toggle.click()
    board = results.board
    assert board is not None and not results.shown
    targets = board.log_targets(len(board.entries))
    assert targets, "the last moves name cards"
    _move(app, targets[-1].rect.center)
    shown = results.zoom.shown
    assert shown is not None and shown.cards == targets[-1].cards
    assert board.ui.hover_log == targets[-1].key[1]
    results.toggle.click()
    assert results.zoom.shown is None and board.ui.hover_log is None
    game.close()
