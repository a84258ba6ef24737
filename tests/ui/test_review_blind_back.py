"""In a look back shown to everyone (a hot-seat review, the final board under the
results) the bottom seat's own blind-reserved card is hidden like anyone's: its back fills
its slot, as another seat's does, and its face is never drawn."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from splendor.engine import Card, GameState, HiddenCard, new_game, parse_action
from splendor.session.replay import public_view
from splendor.session.review import review_of
from splendor.ui import art
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.table.board_picture import BoardPicture


def blind_game(app: App) -> GameState:
    """Ada and Bo each reserve blind from a deck; Ada then takes gems."""
    state = new_game(Game(app).data, 2, 8, ("Ada", "Bo"), first_player=0)
    for text in ("reserve deck 1", "reserve deck 2", "take white blue green"):
        state.apply(parse_action(text))
    return state


def record(monkeypatch: pytest.MonkeyPatch, name: str) -> list[tuple[Any, ...]]:
    """Record the arguments of `art.<name>` calls (the picture still drawn)."""
    calls: list[tuple[Any, ...]] = []
    real = getattr(art, name)

    def recording(*args: Any, **kwargs: Any) -> pygame.Surface:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(art, name, recording)
    return calls


def assert_back_in(surface: pygame.Surface, slot: pygame.Rect, level: int) -> None:
    """`slot` shows the back of a level `level` card (compared beside the label)."""
    back = art.card_back_surface(level, slot.size)
    for dx, dy in ((slot.w // 2, slot.h // 2), (slot.w // 4, slot.h // 3), (3, 3)):
        assert surface.get_at((slot.x + dx, slot.y + dy)) == back.get_at((dx, dy))


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_a_hot_seat_review_shows_the_own_blind_card_as_a_back(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    app = App(size)
    state = blind_game(app)
    review = review_of(state, ["human", "human"])
    assert review is not None and review.seat is None
    faces = record(monkeypatch, "card_surface")
    scene = ReviewScene(review, start=3)
    app.stack.push(scene)
    app.render()
    ada = scene.view.me
    assert isinstance(ada.reserved[0], HiddenCard)
    layout = scene.picture.layout
    assert layout is not None
    assert_back_in(app.screen, layout.area.reserved[0], 1)
    hidden = {c.id for p in state.players for c in p.reserved}
    assert not hidden & {c[0].id for c in faces if isinstance(c[0], Card)}
    app.stack.pop()


def test_the_final_board_shows_the_own_blind_card_as_a_back(app: App) -> None:
    state = blind_game(app)
    picture = BoardPicture(state.data, ("Ada", "Bo"), ())
    layout = picture.lay_out((1280, 720), 2)
    surface = pygame.Surface((1280, 720))
    picture.draw(surface, public_view(state, 0), 0)
    assert_back_in(surface, layout.area.reserved[0], 1)
