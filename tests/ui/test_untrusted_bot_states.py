"""Bot random states in a save (format 1 kept a field for them) are not read any more: a
bot's decisions are seeded by its seat and the game's progress. So no value there, however
damaged (negative, over 2^32, any wrong shape), can stop a game from resuming, and the
game goes on exactly as it would from a save without them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from splendor.session.seats import GameOptions, SeatOption
from splendor.storage import paths
from splendor.storage.saves import save_document, write_save
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.table import TableScene
from tests.helpers import play_turns

OPTIONS = GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Hard bot"),
                       SeatOption("greedy", "Greedy bot")), first_player=1, seed=13)


def saved_document() -> dict[str, Any]:
    game = Game(App((1280, 720)))
    game.start(OPTIONS)
    assert game.session is not None
    play_turns(game.session, 3, random.Random(2))
    seats = [{"kind": s.kind, "name": s.name} for s in OPTIONS.seats]
    document = save_document(game.session.state, seats)
    game.close()
    return document


def resumed_moves(document: dict[str, Any]) -> list[str]:
    write_save(paths.autosave_path(), json.loads(json.dumps(document, allow_nan=True)))
    game = Game(App((1280, 720)))
    game.continue_game()
    assert isinstance(game.app.stack.top, TableScene), "the game resumes"
    session = game.session
    assert session is not None
    start = len(session.state.history)
    play_turns(session, 12, random.Random(5))
    game.close()
    return [a.text() for a in session.state.history[start:]]


def _state(words: list[Any] | None = None, *, position: Any = 624, version: Any = 3,
           gauss: Any = None) -> list[Any]:
    base = [7] * 624 if words is None else words
    return [version, [*base, position], gauss]


@pytest.mark.parametrize("damaged", [
    _state([-1] * 624),
    _state([2**32] * 624),
    _state([2**70] + [1] * 623),
    _state(position=625),
    _state(gauss=float("inf")),
    [3, ["1"] * 625, None],
    "not a state",
    {"version": 3},
    None,
])
def test_a_damaged_bot_state_in_a_save_changes_nothing(damaged: Any) -> None:
    document = saved_document()
    clean = resumed_moves({**document, "bots": {}})
    hostile = resumed_moves({**document, "bots": {"1": damaged, "2": damaged}})
    assert hostile == clean
    assert len(clean) >= 8
