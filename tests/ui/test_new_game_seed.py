"""Every new game is a new deal: New game after Continue or Load and Play again draw a
fresh seed unless the player types one, and a typed seed is never cut."""

from __future__ import annotations

import random

import pygame

from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.new_game import NewGameScene
from tests.helpers import play_turns

SEATS = (SeatOption("human", "Ada"), SeatOption("easy", "Eve"))


def test_new_game_after_continue_does_not_repeat_the_deal(app: App) -> None:
    first = Game(app)
    first.start(GameOptions(SEATS, first_player=0, seed=1_234_567_890))
    assert first.session is not None
    play_turns(first.session, 2, random.Random(1))
    first.autosave()
    first.close()
    game = Game(app)
    game.continue_game()
    assert game.session is not None and game.session.state.setup.seed == 1_234_567_890
    game.open_new_game()
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    assert scene.seed.text == ""
    assert scene.options().seed is None
    game.close()


def test_play_again_deals_anew(app: App) -> None:
    game = Game(app)
    game.start(GameOptions(SEATS, first_player=0, seed=42))
    seeds = set()
    for _ in range(3):
        game.play_again()
        assert game.session is not None
        seeds.add(game.session.state.setup.seed)
    assert 42 not in seeds and len(seeds) == 3
    game.close()


def test_a_typed_ten_digit_seed_is_kept_whole(app: App) -> None:
    game = Game(app)
    game.open_new_game()
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    scene.seed.focused = True
    for digit in "2147483647":
        scene.seed.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=digit))
    assert scene.seed.text == "2147483647"
    assert scene.options().seed == 2147483647
