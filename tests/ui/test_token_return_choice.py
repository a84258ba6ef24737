"""Giving tokens back, by posted events: a click on a token picks one more, a click on its
"−N" mark (or a right-click on it) puts one back, a pick beyond the count is refused with
a reason and changes nothing; and the panel leaves the market and one's own area in view."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from splendor.engine import Return, build_position, parse_action
from splendor.gamedata import base_game
from splendor.session.game import Session
from splendor.ui.app import App
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.token_return import TokenReturnScene
from tests.helpers import position_session

WHITE, BLUE, GREEN, RED, BLACK, GOLD = range(6)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def over_the_limit(players: int = 2) -> Session:
    """The human holds ten tokens and takes three more: three to give back."""
    state = build_position(base_game(), players, seats=[
        {"tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1, "gold": 1}}])
    session = position_session(state, ["human"] + ["hard"] * (players - 1))
    assert session.play(parse_action("take white blue green")) is None
    return session


@pytest.fixture(params=[(1024, 600), (1280, 720), (1920, 1080)],
                ids=lambda s: f"{s[0]}x{s[1]}")
def window(request: pytest.FixtureRequest) -> Iterator[App]:
    application = App(request.param)
    yield application
    while application.stack.scenes:
        application.stack.pop()


def open_return(app: App, session: Session) -> tuple[TableScene, TokenReturnScene]:
    table = TableScene(session, on_finished=lambda s: None)
    app.stack.replace(table)
    overlay = TokenReturnScene(session)
    app.stack.push(overlay)
    app.render()
    return table, overlay


def test_a_click_after_the_count_is_reached_changes_nothing_and_says_why(app: App) -> None:
    session = over_the_limit()
    _, overlay = open_return(app, session)
    for _ in range(3):
        click(app, overlay._token_rects[WHITE].center)
    assert overlay.marked == [3, 0, 0, 0, 0, 0] and overlay.message == ""
    click(app, overlay._token_rects[WHITE].center)  # once toggled a token back off
    click(app, overlay._token_rects[BLUE].center)
    assert overlay.marked == [3, 0, 0, 0, 0, 0]
    assert overlay.message == ("The 3 tokens to give back are chosen: click a “−” mark to "
                               "change one.")
    app.render()


def test_the_mark_and_a_right_click_put_a_token_back(app: App) -> None:
    session = over_the_limit()
    _, overlay = open_return(app, session)
    click(app, overlay._token_rects[RED].center)
    click(app, overlay._token_rects[RED].center)
    click(app, overlay._token_rects[GOLD].center)
    assert overlay.marked == [0, 0, 0, 2, 0, 1]
    app.render()
    click(app, overlay._mark_rects[RED].center)  # the "−2" under red
    assert overlay.marked == [0, 0, 0, 1, 0, 1]
    click(app, overlay._token_rects[GOLD].center, button=3)
    assert overlay.marked == [0, 0, 0, 1, 0, 0]
    click(app, overlay._mark_rects[GOLD].center)  # no mark left there: nothing
    assert overlay.marked == [0, 0, 0, 1, 0, 0]
    click(app, overlay._token_rects[GOLD].center)  # the one gold token, once more
    click(app, overlay._token_rects[GOLD].center)  # none left to pick
    assert overlay.marked == [0, 0, 0, 1, 0, 1]
    assert overlay.message == "You have no gold token left to give back."
    click(app, overlay._token_rects[BLACK].center)
    click(app, overlay._confirm.center)
    assert session.state.history[-1] == Return((0, 0, 0, 1, 1, 1))
    assert app.stack.top is not overlay


def test_the_panel_leaves_the_market_and_the_players_area_in_view(window: App) -> None:
    session = over_the_limit(players=4)
    table, overlay = open_return(window, session)
    lay = table.layout
    assert lay is not None
    box = overlay._box
    covered = [rect for row in lay.market for rect in row if rect.colliderect(box)]
    covered += [rect for rect in (*lay.decks, *lay.nobles[:len(session.view().nobles)],
                                  lay.my_area, *lay.opponents) if rect.colliderect(box)]
    assert covered == [], f"the panel {box} covers {covered}"
    assert window.screen.get_rect().contains(box)
    for rect in (*overlay._token_rects, *overlay._mark_rects, overlay._confirm,
                 overlay._reset):
        assert box.contains(rect)
    # The table is not dimmed: a market card looks as it does without the panel.
    card = lay.market[0][0]
    with_panel = window.screen.subsurface(card).copy()
    window.stack.pop()
    window.render()
    assert pygame.image.tobytes(with_panel, "RGB") == \
        pygame.image.tobytes(window.screen.subsurface(card), "RGB")
