"""Phase 3 and the city quarters: rulings S39-S46 (docs/RULES_SABA.md 4.5-4.6; scenarios
T13, T28-T34, T54, T58)."""

from __future__ import annotations

import pytest

from splendor.saba.engine import SabaState, Step
from tests.saba.helpers import (
    DATA,
    at_build,
    build_on,
    game,
    legal_texts,
    play,
    put_in_quarter,
    refused,
    set_display,
    set_harbour,
    set_stock,
    set_supply,
    units,
)


def q(name: str) -> int:
    return DATA.quarter_index(name)


def after_building(stock: str) -> SabaState:
    """P1 in phase 2, having built a palace piece this turn, holding `stock`."""
    s = at_build(game())
    s.built = True
    set_stock(s, 0, stock)
    return s


def places(s: SabaState) -> list[str]:
    return [t for t in legal_texts(s) if t.startswith("place")]


def uses(s: SabaState) -> list[str]:
    return [t for t in legal_texts(s) if t.startswith("use")]


def next_turn_of_p1(s: SabaState) -> None:
    """End P1's turn and play P2's (the hand section, then the draw), coming down to the
    limits with the first choice offered."""
    if s.step is not Step.DRAWN:
        play(s, "draw")
    play(s, "end")
    while s.step is Step.LIMIT:
        s.apply(s.legal_actions()[0])
    play(s, "harbour hand", "draw", "end")
    while s.step is Step.LIMIT:
        s.apply(s.legal_actions()[0])
    assert s.current_player() == 0 and s.step is Step.START


def test_s39_only_a_player_who_built_places_a_figure() -> None:
    # T28: a treasure card bought is no build.
    s = at_build(game())
    set_display(s, ["treasury-1", "arch-1", "arch-2"])
    set_stock(s, 0, "1A 1S 1E 3G")
    play(s, "buy treasury-1")
    assert places(s) == []
    refused(s, "place stonemasons", "only a player who built a palace piece this turn")
    # one figure a turn, from the supply
    s = after_building("3G")
    play(s, "place stonemasons")
    assert s.step is Step.PLACED
    refused(s, "place masons", "buying and placing a figure come before")
    s = after_building("3G")
    s.players[0].figures = 0
    assert places(s) == []


def test_s40_two_figures_a_quarter_the_second_dearer() -> None:
    # T29: one P2 figure in the Carpenters' already
    s = after_building("2G")
    put_in_quarter(s, "carpenters", 1)
    assert "place carpenters" in places(s)
    play(s, "place carpenters")
    assert s.players[0].stock == units("") and s.quarters[q("carpenters")] == [1, 0]
    s = after_building("5G")
    put_in_quarter(s, "carpenters", 1)
    put_in_quarter(s, "carpenters", 0)  # one player may hold both places
    assert "place carpenters" not in places(s)
    refused(s, "place carpenters", "the carpenters quarter is full")


def test_s40_the_first_figure_costs_one_gold() -> None:
    # T30
    s = after_building("1G")
    assert places(s) == [f"place {quarter.id}" for quarter in DATA.quarters]
    play(s, "place stonemasons")
    assert s.players[0].stock == units("") and s.players[0].figures == 7
    s = after_building("")
    assert places(s) == []
    refused(s, "place stonemasons", "costs 1 gold; you hold 0")


def test_s41_the_vizier_s_quarter_may_be_chosen_but_gives_nothing() -> None:
    # T54, A8
    s = after_building("1G")
    s.vizier = q("goldsmiths")
    play(s, "place goldsmiths")
    assert s.quarters[q("goldsmiths")] == [0]
    next_turn_of_p1(s)
    assert "use goldsmiths" not in uses(s)


def test_s42_a_figure_placed_this_turn_works_from_the_next_turn_on() -> None:
    # T30
    s = after_building("1G")
    play(s, "place stonemasons")
    assert uses(s) == []
    refused(s, "use stonemasons", "a figure placed this turn works from your next turn on")
    play(s, "draw")
    assert uses(s) == []
    next_turn_of_p1(s)
    assert uses(s) == ["use stonemasons"]


def test_s43_each_figure_is_used_once_a_turn_at_any_free_moment() -> None:
    # T31
    s = game()
    put_in_quarter(s, "stonemasons", 0)
    put_in_quarter(s, "stonemasons", 0)
    set_stock(s, 0, "")
    set_harbour(s, "G2 S2 E3 A4")
    play(s, "use stonemasons", "harbour hand", "use stonemasons")
    assert s.players[0].stock == units("2A 2G")
    assert uses(s) == [] and s.quarter_uses(q("stonemasons")) == 0
    refused(s, "use stonemasons", "have been used this turn")


def test_s43_uses_are_counted_per_turn() -> None:
    s = game()
    set_harbour(s, "G2 S2 E3 A4")
    put_in_quarter(s, "stonemasons", 0)
    play(s, "use stonemasons", "harbour hand")
    assert s.players[0].stock == units("1A 2G")
    next_turn_of_p1(s)
    assert uses(s) == ["use stonemasons"]


def test_s43_the_figure_recalled_for_a_balcony_is_an_already_used_one() -> None:
    s = at_build(game())
    put_in_quarter(s, "stonemasons", 0)
    put_in_quarter(s, "stonemasons", 0)
    for garden in range(2, 8):
        build_on(s, garden, 1, 0)
    set_display(s, ["arch-1", "arch-8", "fountain-2"])
    set_stock(s, 0, "1S 1E")
    play(s, "use stonemasons", "buy arch-1", "recall stonemasons")
    assert s.quarters[q("stonemasons")] == [0] and s.balconies[0] == 0
    assert uses(s) == ["use stonemasons"]


def test_s44_the_vizier_closes_its_quarter_until_it_leaves() -> None:
    # T32
    s = game()
    put_in_quarter(s, "masons", 0)
    s.vizier = q("masons")
    assert uses(s) == []
    refused(s, "use masons", "the vizier closes the masons quarter")
    play(s, "harbour vizier", "vizier stonemasons")
    assert "use masons" in uses(s)  # at once, in the same turn


@pytest.mark.parametrize(
    ("quarter", "gives"),
    [
        ("stonemasons", "1A"),
        ("carpenters", "1E"),
        ("masons", "1S"),
        ("goldsmiths", "1G"),
    ],
)
def test_s45_the_production_quarters(quarter: str, gives: str) -> None:
    # A10
    s = game()
    put_in_quarter(s, quarter, 0)
    set_stock(s, 0, "")
    play(s, f"use {quarter}")
    assert s.players[0].stock == units(gives)


def test_s45_the_exchange_and_the_bazaar() -> None:
    # T33
    s = game()
    put_in_quarter(s, "exchange", 0)
    set_stock(s, 0, "1E")
    assert uses(s) == ["use exchange ebony for gold"]
    play(s, "use exchange ebony for gold")
    assert s.players[0].stock == units("1G")
    # T34
    s = game()
    put_in_quarter(s, "bazaar", 0)
    s.vizier = q("masons")
    set_stock(s, 0, "1S")
    assert uses(s) == ["use bazaar sandstone for alabaster", "use bazaar sandstone for ebony"]
    refused(
        s,
        "use bazaar sandstone for gold",
        "the Bazaar swaps alabaster, sandstone and ebony among themselves; gold is never involved",
    )


def test_s45_a_use_that_cannot_be_made_is_not_used_up() -> None:
    # T58: no ebony in the supply until a payment puts one back
    s = at_build(game())
    put_in_quarter(s, "carpenters", 0)
    set_display(s, ["arch-1", "arch-2", "arch-3"])
    set_stock(s, 0, "1A 1S 1E")
    set_supply(s, "E", 0)
    assert uses(s) == []
    refused(s, "use carpenters", "the supply has no ebony left")
    play(s, "buy arch-1")
    assert uses(s) == ["use carpenters"]
    play(s, "use carpenters")
    assert s.players[0].stock == units("1E")


def test_s46_the_vizier_s_effect_needs_no_figure_and_uses_none() -> None:
    # T13: P2's Bazaar figure, closed by the vizier at the start, works again in P2's turn.
    s = game()
    set_harbour(s, "A2 G2 E3 S4")
    put_in_quarter(s, "bazaar", 1)
    put_in_quarter(s, "stonemasons", 0)
    set_stock(s, 1, "1S")
    play(s, "harbour vizier", "vizier goldsmiths")
    assert s.players[0].stock == units("3E 1G")
    assert s.quarter_uses(q("stonemasons")) == 1  # P1's own use is still there
    play(s, "draw", "end")
    assert "use bazaar sandstone for alabaster" in uses(s)
