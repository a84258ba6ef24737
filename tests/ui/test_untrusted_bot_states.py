"""Bot random states from a save: a damaged one (negative, over 2^32, any wrong shape)
is refused with the reason and the bot plays on from the generator the game seeds, the
same way on every load; a state the game saved is restored exactly."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from splendor.engine import observe
from splendor.gamedata import base_game
from splendor.storage.untrusted import bot_state_problem
from splendor.ui.controller import GameController
from splendor.ui.options import GameOptions, SeatOption

DATA = base_game()
OPTIONS = GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Hard bot"),
                       SeatOption("greedy", "Greedy bot")), first_player=1, seed=13)


def played_controller(moves: int = 12) -> GameController:
    """A game a few moves in, every seat played by its bot (the human by the hard one)."""
    controller = GameController(DATA, OPTIONS)
    stand_in = controller.bots[1]
    for _ in range(moves):
        seat = controller.state.current_player()
        assert seat is not None
        bot = controller.bots.get(seat, stand_in)
        controller.commit(seat, bot.choose(observe(controller.state, seat)))
    return controller


def resumed(states: dict[int, Any]) -> tuple[GameController, dict[int, str]]:
    controller = GameController(DATA, OPTIONS, state=played_controller().state)
    return controller, controller.restore_bot_states(states)


def _state(words: list[Any] | None = None, *, position: Any = 624, version: Any = 3,
           gauss: Any = None) -> list[Any]:
    base = [7] * 624 if words is None else words
    return [version, [*base, position], gauss]


@pytest.mark.parametrize("damaged", [
    _state([-1] * 624),
    _state([2**32] * 624),
    _state([2**70] + [1] * 623),
    _state(position=625),
    _state(position=-1),
    _state([0] * 624),
    _state(version=2),
    _state(gauss="x"),
    _state(gauss=float("inf")),
    _state(gauss=[1.0]),
    [3, [1, 2, 3], None],
    [3, ["1"] * 625, None],
    [3, [True] * 625, None],
    "not a state",
    {"version": 3},
    [3, None],
    None,
])
def test_a_damaged_state_is_refused_and_the_bot_keeps_the_games_generator(
        damaged: Any) -> None:
    good = played_controller().bot_states()[2]
    controller, refused = resumed({1: damaged, 2: good})
    assert set(refused) == {1} and refused[1] == bot_state_problem(damaged)
    fresh = GameController(DATA, OPTIONS, state=controller.state)
    assert controller.bots[1].rng.getstate() == fresh.bots[1].rng.getstate()  # type: ignore[attr-defined]
    assert controller.bot_states()[2] == good, "the good state is restored"
    seat = controller.state.current_player()
    assert seat is not None
    bot = controller.bots.get(seat, controller.bots[1])
    assert bot.choose(observe(controller.state, seat)) in controller.state.legal_actions()


def test_the_states_the_game_saves_are_restored_exactly() -> None:
    saved = played_controller().bot_states()
    assert set(saved) == {1, 2}
    from_file = {seat: json.loads(json.dumps(value)) for seat, value in saved.items()}
    controller, refused = resumed(from_file)
    assert refused == {}
    assert controller.bot_states() == from_file


def test_every_state_a_generator_can_be_in_is_accepted() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        for _ in range(seed * 37):
            rng.random()
        if seed % 2:
            rng.gauss(0.0, 1.0)  # leaves a gauss_next behind
        version, words, gauss = rng.getstate()
        assert bot_state_problem(json.loads(json.dumps([version, list(words), gauss]))) is None
