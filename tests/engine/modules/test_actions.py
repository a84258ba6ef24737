"""The text forms of the modules' actions: each round-trips (`parse_action(a.text()) == a`),
and a bad text gives an ActionParseError that quotes it and says what was expected."""

from __future__ import annotations

import pytest

from splendor.engine import ActionParseError, Buy, ReserveDeck, parse_action
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
from tests.engine.modules.support import MODULES, random_game

EXAMPLES = [
    (ChooseCity("C04"), "city C04"),
    (ChoosePost(3), "post 3"),
    (TakeGem(3), "gem red"),
    (Pair("L1-05"), "pair L1-05"),
    (TakeFree("L2-07"), "free L2-07"),
    (ReserveNoble("N04"), "reserve noble N04"),
    (ReserveDeck(2, orient=True), "reserve orient 2"),
    (Buy("O3-02", discard=("L1-07", "L1-03")), "buy O3-02 discard L1-03 L1-07"),
    (Buy("L2-05", doubles=1), "buy L2-05 doubles 1"),
    (Buy("L2-05", (0, 0, 0, 2, 0, 1), doubles=2), "buy L2-05 doubles 2 pay red red gold"),
    (Buy("L1-01", (0,) * 6, doubles=1), "buy L1-01 doubles 1 pay nothing"),
    (Stronghold("place", "L1-02"), "hold place L1-02"),
    (Stronghold("move", "L3-01", "L1-02"), "hold move L1-02 L3-01"),
    (Stronghold("remove", "L2-11"), "hold remove L2-11"),
    (Conquer("L2-14"), "conquer L2-14"),
    (Conquer("L2-14", (2, 0, 0, 0, 2, 0)), "conquer L2-14 pay white white black black"),
    (Conquer("L1-23", (0,) * 6), "conquer L1-23 pay nothing"),
    (Decline(), "decline"),
]


@pytest.mark.parametrize(("action", "text"), EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_every_module_action_has_a_canonical_text_that_round_trips(
        action: object, text: str) -> None:
    assert action.text() == text  # type: ignore[attr-defined]
    assert parse_action(text) == action
    assert parse_action(text.upper()) == action
    assert parse_action(f"  {text}  ") == action


@pytest.mark.parametrize("module", MODULES)
def test_every_legal_action_of_module_games_round_trips(module: str) -> None:
    kinds = set()
    for seed in range(12):
        for state in random_game(module, 2 + seed % 3, seed):
            for action in state.legal_actions():
                assert parse_action(action.text()) == action, action
                kinds.add(action.kind)
    expected = {"cities": {"city"}, "trading-posts": {"gem"},
                "orient": {"pair", "free", "reserve_noble"},
                "strongholds": {"hold"}}[module]
    assert expected <= kinds, kinds


BAD = [
    ("city", "'city CITY'"),
    ("city C01 C02", "'city CITY'"),
    ("post", "'post NUMBER'"),
    ("post three", "a trading post is a number"),
    ("post 0", "numbered from 1"),
    ("gem", "'gem COLOUR'"),
    ("gem gold", "gold can only be gained by reserving"),
    ("gem purple", "purple"),
    ("gem red blue", "'gem COLOUR'"),
    ("pair", "'pair CARD'"),
    ("pair L1-01 L1-02", "'pair CARD'"),
    ("free", "'free CARD'"),
    ("reserve noble", "'reserve noble' needs a noble"),
    ("reserve orient", "'reserve orient' needs a level, e.g. 'reserve orient 2'"),
    ("reserve noble N01 N02", "'reserve CARD' or 'reserve deck LEVEL'"),
    ("reserve orient two", "deck level must be a number"),
    ("reserve orient 0", "deck levels count from 1"),
    ("hold", "'hold place CARD'"),
    ("hold place", "'hold place CARD'"),
    ("hold move L1-01", "'hold move FROM TO'"),
    ("hold move L1-01 L1-01", "another card"),
    ("hold jump L1-01", "'hold remove CARD'"),
    ("hold place deck", "word of the action grammar"),
    ("conquer", "'conquer CARD'"),
    ("conquer L1-01 L1-02", "'conquer CARD pay TOKENS'"),
    ("conquer L1-01 pay", "'pay' needs tokens"),
    ("conquer L1-01 pay purple", "purple"),
    ("decline now", "'decline' takes nothing after it"),
    ("buy L1-01 doubles", "'doubles' needs a number"),
    ("buy L1-01 doubles x", "'doubles' needs a number"),
    ("buy O3-06 discard", "'discard' needs card ids"),
    ("buy O3-06 discard L1-01 L1-01", "discarded only once"),
    ("buy O3-06 discard L1-01 pay", "'pay' needs tokens"),
    ("buy L1-01 pay white doubles 1", "unknown colour 'doubles'"),
    ("buy L1-01 extra", "'buy CARD doubles N ...'"),
    ("charge", "unknown action 'charge'"),
]


@pytest.mark.parametrize(("text", "words"), BAD, ids=[t for t, _ in BAD])
def test_a_bad_module_text_is_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(text)
    message = str(info.value)
    assert repr(text) in message, message
    assert words in message, message
