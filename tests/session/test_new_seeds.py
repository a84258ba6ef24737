"""A new game or challenge try given no seed is dealt from `splendor.session.seeds`, in
Splendor, in Saba and in the challenges alike: one place decides a fresh deal, which a
test (the monkey) replaces to replay a run."""

from __future__ import annotations

import pytest

from splendor.gamedata import base_game
from splendor.games import find_game
from splendor.saba.session import SabaSession
from splendor.session import challenges, seeds
from splendor.session.bot_process import InlineBots
from splendor.session.challenge_data import load_campaign
from splendor.session.game import Session
from splendor.session.seats import GameOptions, SeatOption
from tests.helpers import options_for

DATA = base_game()


@pytest.fixture
def dealt(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seeds `new_seed` gave, each a new one."""
    given: list[int] = []

    def new_seed() -> int:
        given.append(1000 + len(given))
        return given[-1]

    monkeypatch.setattr(seeds, "new_seed", new_seed)
    return given


def test_a_splendor_game_without_a_seed_is_dealt_from_a_new_seed(dealt: list[int]) -> None:
    first = Session(DATA, options_for(["human", "easy"]), InlineBots())
    second = Session(DATA, options_for(["human", "easy"]), InlineBots())
    assert dealt == [1000, 1001]
    assert (first.state.setup.seed, second.state.setup.seed) == (1000, 1001)
    assert first.state.setup.decks != second.state.setup.decks  # two deals, not one


def test_a_splendor_game_with_a_seed_draws_none(dealt: list[int]) -> None:
    session = Session(DATA, options_for(["human", "easy"], seed=7), InlineBots())
    assert dealt == [] and session.state.setup.seed == 7


def test_a_saba_game_without_a_seed_is_dealt_from_a_new_seed(dealt: list[int]) -> None:
    saba = find_game("saba").data()
    seats = (SeatOption("human", "Ada"), SeatOption("easy", "Bot"))
    session = SabaSession(saba, GameOptions(seats, first_player=0, game="saba"),
                          InlineBots("saba"))
    assert dealt == [1000] and session.state.setup.seed == 1000


def test_a_challenge_without_its_own_seed_is_dealt_from_a_new_seed(dealt: list[int]) -> None:
    free = next(c for c in load_campaign(DATA).challenges if c.seed is None)
    session = challenges.start(DATA, free, InlineBots())
    assert dealt == [1000] and session.state.setup.seed == 1000
