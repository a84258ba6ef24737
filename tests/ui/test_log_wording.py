"""The game log names every noble's visit, the single ones that need no decision too."""

from __future__ import annotations

import random

import pytest

from splendor.engine import Buy, ChooseNoble, new_game
from splendor.gamedata import base_game
from splendor.i18n import tr
from splendor.session.log import apply_logged
from splendor.ui.wording import describe_entry

DATA = base_game()


def test_a_single_nobles_visit_has_its_own_line() -> None:
    for seed in range(300):
        rng = random.Random(seed)
        state = new_game(DATA, 2, seed)
        while not state.is_over():
            buys = [a for a in state.legal_actions() if isinstance(a, Buy)]
            entry = apply_logged(state, rng.choice(buys or list(state.legal_actions())))
            if entry.nobles and not isinstance(entry.action, ChooseNoble):
                lines = describe_entry("Ada", entry, DATA)
                points = DATA.noble_by_id[entry.nobles[0]].points
                assert lines[1:] == [tr("log.noble", name="Ada", count=points)]
                return
    pytest.fail("no single noble visit in 300 games")


def test_a_chosen_noble_is_logged_once() -> None:
    for seed in range(300):
        rng = random.Random(seed)
        state = new_game(DATA, 2, seed)
        while not state.is_over():
            legal = state.legal_actions()
            buys = [a for a in legal if isinstance(a, Buy)]
            entry = apply_logged(state, rng.choice(buys or list(legal)))
            if isinstance(entry.action, ChooseNoble):
                assert len(describe_entry("Ada", entry, DATA)) == 1
                return
    pytest.fail("no noble choice in 300 games")
