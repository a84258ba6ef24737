"""Any card the viewer may see can be shown large: hover it a moment or right-click it;
moving away, Escape or a click closes it. Another seat's blind card never can.

Driven by posted events through the real app (posted events carry `pos`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from splendor.engine import Buy, build_position
from splendor.gamedata import base_game
from splendor.ui import art, theme
from splendor.ui.app import App
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.hits import Hit
from splendor.ui.table.layout import TableLayout
from splendor.ui.table.view import bonus_rects, reserved_slots
from splendor.ui.table.zoom import HOVER_DELAY
from tests.helpers import position_session

DATA = base_game()
DT = 0.05
Pos = tuple[int, int]


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1024, 600))
    yield application
    while application.stack.scenes:
        application.stack.pop()


def _table(app: App, players: int = 3, **position: Any) -> TableScene:
    """A built position on the table, seat 0 human and the others bots, first frame run."""
    state = build_position(DATA, players, names=[f"P{i}" for i in range(players)], **position)
    session = position_session(state, ["human"] + ["hard"] * (players - 1))
    paused: list[int] = []
    table = TableScene(session, on_finished=lambda s: None, on_pause=lambda: paused.append(1))
    table.paused_count = paused  # type: ignore[attr-defined]
    app.stack.replace(table)
    app.step(0.0)
    return table


def _post(app: App, kind: int, dt: float = DT, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))
    app.step(dt)


def _move(app: App, pos: Pos, dt: float = DT) -> None:
    _post(app, pygame.MOUSEMOTION, dt, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def _lay(table: TableScene) -> TableLayout:
    assert table.layout is not None
    return table.layout


def _market_rect(table: TableScene, card_id: str) -> pygame.Rect:
    view = table.view()
    for level_index, row in enumerate(view.market):
        for slot, card in enumerate(row):
            if card is not None and card.id == card_id:
                return _lay(table).market[level_index][slot]
    raise AssertionError(f"{card_id} is not in the market")


def _shown(table: TableScene) -> list[str]:
    shown = table.zoom.shown
    return [] if shown is None else [c.id for c in shown.cards]


def test_hovering_a_market_card_shows_it_large_after_a_moment_and_moving_away_closes_it(
        app: App) -> None:
    table = _table(app, market={2: ["L2-03"]})
    rect = _market_rect(table, "L2-03")
    _move(app, rect.center)
    assert _shown(table) == [], "the zoom waits a moment before it shows"
    _move(app, (rect.centerx + 3, rect.centery + 2), dt=HOVER_DELAY / 2)
    assert _shown(table) == []
    app.step(HOVER_DELAY / 2 + DT)
    assert _shown(table) == ["L2-03"]
    # Drawn large: the card as the art draws it (with the viewer's marks), well larger
    # than on the table and beside it.
    lay = _lay(table)
    box = table.zoom.box(lay)
    shown = table.zoom.shown
    assert box is not None and shown is not None
    assert box.w > 1.8 * rect.w and not box.colliderect(rect)
    big = art.card_surface(DATA.card_by_id["L2-03"], (lay.px(200), lay.px(280)),
                           affordable=shown.affordable, remaining=shown.remaining)
    expected = pygame.Surface(big.get_size())
    expected.fill(theme.TABLE_DARK)  # the zoom's background
    expected.blit(big, (0, 0))
    on_screen = app.screen.subsurface(big.get_rect(topleft=(box.x + lay.px(10),
                                                            box.y + lay.px(10))))
    assert pygame.image.tobytes(on_screen, "RGB") == pygame.image.tobytes(expected, "RGB")
    _move(app, _lay(table).log.center)
    assert _shown(table) == []


def test_right_click_zooms_at_once_and_escape_closes_it_without_pausing(app: App) -> None:
    table = _table(app, market={1: ["L1-05"]})
    rect = _market_rect(table, "L1-05")
    _post(app, pygame.MOUSEBUTTONDOWN, pos=rect.center, button=3)
    assert _shown(table) == ["L1-05"]
    _post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert _shown(table) == []
    assert table.paused_count == [], "Escape closed the zoom, it did not open the pause menu"
    # With nothing zoomed, Escape pauses as before.
    _post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert table.paused_count == [1]


def test_a_click_closes_the_zoom_and_still_selects_the_card(app: App) -> None:
    table = _table(app, market={1: ["L1-05"]})
    rect = _market_rect(table, "L1-05")
    _post(app, pygame.MOUSEBUTTONDOWN, pos=rect.center, button=3)
    assert _shown(table) == ["L1-05"]
    _post(app, pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    _post(app, pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    assert _shown(table) == []
    assert table.ui.selected == Hit("card", "L1-05")


def test_no_zoom_while_a_token_is_dragged(app: App) -> None:
    table = _table(app, market={1: ["L1-05"]})
    rect = _market_rect(table, "L1-05")
    bank = _lay(table).bank[0].center
    _post(app, pygame.MOUSEBUTTONDOWN, pos=bank, button=1)
    _post(app, pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(1, 0, 0))
    app.step(HOVER_DELAY * 2)
    assert _shown(table) == []
    _post(app, pygame.MOUSEBUTTONUP, pos=_lay(table).my_area.center, button=1)


def test_an_opponents_face_up_reserved_card_zooms_and_their_blind_one_never(app: App) -> None:
    table = _table(app, seats=[{}, {"reserved": ["L3-07", "L2-11"], "blind": ["L2-11"]}, {}])
    panel = _lay(table).seats[0]
    assert table.view().players[1].reserved[0].id == "L3-07"  # type: ignore[union-attr]
    _move(app, panel.reserved[0].center)
    app.step(HOVER_DELAY)
    assert _shown(table) == ["L3-07"]
    # The blind one: neither hover nor right-click shows anything, and no zoom target on
    # the whole table holds that card.
    _move(app, panel.reserved[1].center)
    app.step(HOVER_DELAY * 2)
    assert _shown(table) == []
    _post(app, pygame.MOUSEBUTTONDOWN, pos=panel.reserved[1].center, button=3)
    assert _shown(table) == []
    assert all(c.id != "L2-11" for t in table.zoom_targets() for c in t.cards)


def test_purchased_cards_zoom_as_their_whole_stack(app: App) -> None:
    blue = ["L1-09", "L1-10", "L2-07"]
    assert all(DATA.card_by_id[c].bonus == 1 for c in blue)
    table = _table(app, seats=[{"purchased": ["L1-01"]}, {"purchased": [*blue, "L1-17"]}, {}])
    panel = _lay(table).seats[0]
    _post(app, pygame.MOUSEBUTTONDOWN, pos=panel.stacks[1].center, button=3)
    assert _shown(table) == blue
    # The viewer's own purchased cards, behind their bonus badges.
    white = bonus_rects(_lay(table))[0]
    _move(app, white.center)
    app.step(HOVER_DELAY)
    assert _shown(table) == ["L1-01"]


def test_the_viewers_reserved_cards_zoom_blind_ones_too(app: App) -> None:
    table = _table(app, seats=[{"reserved": ["L3-02", "L2-05"], "blind": ["L2-05"]}, {}, {}])
    rects = dict(table.reserved_rects())
    _post(app, pygame.MOUSEBUTTONDOWN, pos=rects["L2-05"].center, button=3)
    assert _shown(table) == ["L2-05"], "the viewer may see their own blind card"


def test_a_zoomed_card_that_leaves_the_table_closes(app: App) -> None:
    table = _table(app, market={1: ["L1-05"]},
                   seats=[{"tokens": {"blue": 1, "green": 2, "red": 1, "black": 1}}, {}, {}])
    _post(app, pygame.MOUSEBUTTONDOWN, pos=_market_rect(table, "L1-05").center, button=3)
    assert _shown(table) == ["L1-05"]
    assert table.play(Buy("L1-05"))  # bought: it is in a stack now, no longer a card
    app.step(DT)
    assert _shown(table) == []


def test_a_scene_over_the_table_or_a_resize_closes_the_zoom(app: App) -> None:
    from splendor.ui.scenes.pass_screen import PassScreenScene

    table = _table(app, market={1: ["L1-05"]})
    _post(app, pygame.MOUSEBUTTONDOWN, pos=_market_rect(table, "L1-05").center, button=3)
    assert _shown(table) == ["L1-05"]
    app.stack.push(PassScreenScene("P1"))
    assert _shown(table) == []
    app.stack.pop()
    _post(app, pygame.MOUSEBUTTONDOWN, pos=_market_rect(table, "L1-05").center, button=3)
    assert _shown(table) == ["L1-05"]
    app.stack.resize((1280, 720))
    assert _shown(table) == []


def test_in_a_hot_seat_game_the_public_table_zooms_no_blind_card(app: App) -> None:
    """Two people share the screen: until the pass screen, the table shows the public
    view, where even the viewer's own blind card is only its back; no zoom reveals it.
    Once that person is at the screen, they may zoom their own blind card."""
    state = build_position(DATA, 2, names=["Ada", "Bea"],
                           seats=[{"reserved": ["L2-05"], "blind": ["L2-05"]},
                                  {"reserved": ["L3-02"], "blind": ["L3-02"]}])
    session = position_session(state, ["human", "human"])
    table = TableScene(session, on_finished=lambda s: None)
    app.stack.replace(table)
    app.step(0.0)
    every_spot = [r.center for row in _lay(table).market for r in row]
    every_spot += [r.center for seat in _lay(table).seats for r in seat.reserved]
    every_spot += [r.center for r in reserved_slots(_lay(table))]
    for pos in every_spot:
        _post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
        assert not {"L2-05", "L3-02"} & set(_shown(table))
    assert all(c.id not in ("L2-05", "L3-02") for t in table.zoom_targets() for c in t.cards)
    session.reveal(0)
    app.step(0.0)
    _post(app, pygame.MOUSEBUTTONDOWN, pos=dict(table.reserved_rects())["L2-05"].center,
          button=3)
    assert _shown(table) == ["L2-05"]
    assert all(c.id != "L3-02" for t in table.zoom_targets() for c in t.cards)
