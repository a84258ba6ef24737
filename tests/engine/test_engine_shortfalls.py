"""What a player still lacks for a card or a noble: the engine's measures the bots use."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from splendor.engine import GOLD, Card, Noble, bonus_shortfall, payment_options, tokens_missing
from splendor.gamedata import base_game

DATA = base_game()
tokens = st.lists(st.integers(0, 4), min_size=6, max_size=6)
bonuses = st.lists(st.integers(0, 5), min_size=5, max_size=5)


@settings(max_examples=300, deadline=None)
@given(tokens, bonuses, st.sampled_from(DATA.cards))
def test_tokens_missing_is_the_gold_that_would_make_a_card_affordable(
    held: list[int], bonus: list[int], card: Card
) -> None:
    missing = tokens_missing(held, bonus, card)
    assert (missing == 0) == bool(payment_options(held, bonus, card))
    if missing:
        richer = held[:]
        richer[GOLD] += missing
        assert payment_options(richer, bonus, card), "that much gold more must suffice"
        richer[GOLD] -= 1
        assert not payment_options(richer, bonus, card), "one gold less must not"


@settings(max_examples=300, deadline=None)
@given(bonuses, st.sampled_from(DATA.nobles))
def test_bonus_shortfall_counts_the_bonuses_a_noble_still_needs(
    bonus: list[int], noble: Noble
) -> None:
    short = bonus_shortfall(bonus, noble)
    assert (short == 0) == all(b >= r for b, r in zip(bonus, noble.requires, strict=True))
    topped = [max(b, r) for b, r in zip(bonus, noble.requires, strict=True)]
    assert sum(topped) - sum(bonus) == short
    assert bonus_shortfall(topped, noble) == 0
