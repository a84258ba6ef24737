"""Hot-seat privacy: with two or more humans the screen shows one human's secrets only
after they passed the pass screen on their own turn: on a new game, on load, never while
a bot plays after them, and in a past position they open from the log as on their table."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from splendor.engine import Card, HiddenCard, ReserveDeck, build_position, new_game
from splendor.gamedata import base_game
from splendor.session.seats import GameOptions, SeatOption
from splendor.storage import paths
from splendor.storage.saves import save_document, write_save
from splendor.ui import art
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.pass_screen import PassScreenScene
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.scenes.table import TableScene

DATA = base_game()
SEATS = (SeatOption("human", "Ada"), SeatOption("hard", "Hal"), SeatOption("human", "Bob"))


def record_cards(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    asked: list[str] = []
    real = art.card_surface

    def recording(card: Card, *args: Any, **kwargs: Any) -> pygame.Surface:
        asked.append(card.id)
        return real(card, *args, **kwargs)

    monkeypatch.setattr(art, "card_surface", recording)
    return asked


def saved_game_with_blind_card(*, dealt: bool = False) -> str:
    """An autosave where Ada (seat 0, to play) holds a blind-reserved card (`dealt`: a
    game played from its deal, which has a history to look back on; Bob reserves blind
    too)."""
    names = tuple(s.name for s in SEATS)
    state = new_game(DATA, 3, 8, names, first_player=0) if dealt \
        else build_position(DATA, 3, names=names)
    state.apply(ReserveDeck(3))  # Ada, blind
    state.apply(state.legal_actions()[0])  # Hal
    state.apply(ReserveDeck(2) if dealt else state.legal_actions()[0])  # Bob
    assert state.current == 0
    blind = state.players[0].reserved[-1].id
    seats = [{"kind": s.kind, "name": s.name} for s in SEATS]
    paths.saves_dir().mkdir(parents=True, exist_ok=True)
    write_save(paths.autosave_path(), save_document(state, seats))
    return blind


def test_continue_of_a_hot_seat_game_shows_the_pass_screen_before_any_secret(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    blind = saved_game_with_blind_card()
    asked = record_cards(monkeypatch)
    game = Game(app)
    game.continue_game()
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    app.step(0.05)
    app.render()
    assert isinstance(app.stack.top, PassScreenScene) and app.stack.top.name == "Ada"
    assert blind not in asked
    assert all(blind != getattr(c, "id", None) for p in table.view().players
               for c in p.reserved)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r"))
    app.step(0.05)
    app.render()
    assert app.stack.top is table
    assert blind in asked, "after the pass screen Ada sees her own card"
    game.close()


def test_a_humans_secrets_leave_the_screen_when_a_bot_plays_after_them(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(app)
    game.prefs.speed = 50.0
    game.start(GameOptions(SEATS, first_player=0, seed=4))
    table = app.stack.top
    assert isinstance(table, TableScene)
    app.step(0.05)
    assert isinstance(app.stack.top, PassScreenScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" "))
    app.step(0.05)
    session = table.session
    assert session.play(ReserveDeck(2)) is None
    blind = session.state.players[0].reserved[-1].id
    asked = record_cards(monkeypatch)
    app.render()  # Hal (a bot) is to play now: the public view
    assert session.current == 1
    assert blind not in asked
    assert table.view().legal_actions == ()
    game.close()


def press_enter() -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r"))


def test_a_past_position_shows_the_revealed_players_own_blind_card_as_their_table_does(
        app: App) -> None:
    blind = saved_game_with_blind_card(dealt=True)
    game = Game(app)
    game.continue_game()
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    app.step(0.05)
    press_enter()  # Ada passes the pass screen: her table shows her blind card
    app.step(0.05)
    assert app.stack.top is table
    assert blind in {c.id for c in table.view().me.reserved}
    assert table.on_history is not None
    table.on_history(3)  # the log line of Bob's move: Ada looks back
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    me, bob = review.view.players[0], review.view.players[2]
    assert [c.id for c in me.reserved] == [blind], "her own card, face up as on her table"
    assert all(isinstance(c, HiddenCard) for c in bob.reserved), "Bob's stays hidden"
    game.close()
