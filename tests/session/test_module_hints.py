"""Hints in Cities of Splendor games: the expert's suggestion for every decision of a
module game (its steps included) comes with a reason of its own, said in words."""

from __future__ import annotations

import pytest

from splendor.engine import Buy, ReserveDeck
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    Decline,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game
from splendor.session.bot_process import InlineBots
from splendor.session.game import Session
from splendor.session.hints import REASONS
from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.wording import hint_text
from tests.helpers import bot_move

DATA = base_game()
MODULE_ACTIONS = (ChooseCity, ChoosePost, Conquer, Decline, Pair, ReserveNoble, Stronghold,
                  TakeFree, TakeGem)


@pytest.mark.parametrize("module", module_ids())
def test_every_hint_of_a_module_game_has_its_reason_in_words(module: str) -> None:
    options = GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Bob")),
                          first_player=0, seed=4, module=module)
    session = Session(DATA, options, InlineBots())
    session.hint_simulations = 6
    hinted = []
    try:
        while not session.is_over() and len(hinted) < 30:
            if not session.human_to_act():
                bot_move(session)
                continue
            assert session.request_hint() is None
            for _ in range(1000):
                session.poll()
                if session.hint is not None:
                    break
            hint = session.hint
            assert hint is not None and hint.action in session.view().legal_actions
            assert hint.reason.code in REASONS
            text = hint_text(hint, options.names, DATA)
            assert text and "{" not in text
            if isinstance(hint.action, MODULE_ACTIONS):
                # A module's step is never explained as mere tokens.
                assert hint.reason.code not in ("tokens", "towards") or \
                    isinstance(hint.action, TakeGem), (hint.action, hint.reason)
            if isinstance(hint.action, Buy) and DATA.card_by_id[hint.action.card_id].orient:
                assert hint.reason.code != "buy_bonus" or \
                    DATA.card_by_id[hint.action.card_id].bonus >= 0
            if isinstance(hint.action, ReserveDeck) and hint.action.orient:
                assert "Orient" in text
            hinted.append(hint)
            session.play(hint.action)
    finally:
        session.close()
    assert len(hinted) >= 10
