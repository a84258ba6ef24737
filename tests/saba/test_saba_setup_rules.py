"""Saba's setup, rulings S1-S12 (docs/RULES_SABA.md section 3; scenarios T01-T05, T48,
T49)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from splendor.saba.engine import (
    ALABASTER,
    EBONY,
    GOLD,
    SANDSTONE,
    PalaceCard,
    SabaState,
    deal,
    new_game,
)
from splendor.saba.engine.setup import card_kind
from tests.saba.helpers import DATA, harbour

G, E, A, S = GOLD, EBONY, ALABASTER, SANDSTONE


def dealt(players: int, seed: int = 3, first: int = 0, **fields: Any) -> SabaState:
    setup = dataclasses.replace(deal(DATA, players, seed, first_player=first), **fields)
    return SabaState(DATA, setup)


def before_harbour_fill(s: SabaState) -> list[int]:
    """The supply as it was before the harbour was filled (the harbour units put back)."""
    supply = s.supply[:]
    for material, units in zip(s.harbour_material, s.harbour_units, strict=True):
        supply[material] += units
    return supply


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s01_each_player_has_a_colour_of_8_figures_5_markers_2_harbour_cards(players: int) -> None:
    s = new_game(DATA, players, seed=5)
    assert len(s.players) == players
    for p in s.players:
        assert (p.figures, p.markers, len(p.faces)) == (8, 5, 2)


@pytest.mark.parametrize("players", [1, 5])
def test_s01_saba_is_for_two_to_four_players(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(DATA, players, seed=1)


def test_s02_the_same_seed_deals_the_same_game_and_the_first_player_is_drawn() -> None:
    # T48
    first, again = deal(DATA, 3, seed=11), deal(DATA, 3, seed=11)
    assert first == again
    assert new_game(DATA, 3, 11) == new_game(DATA, 3, 11)
    assert {deal(DATA, 4, seed).first_player for seed in range(40)} == {0, 1, 2, 3}
    # The setup screen may fix the first player: everything else is dealt the same.
    fixed = deal(DATA, 3, seed=11, first_player=(first.first_player + 1) % 3)
    assert dataclasses.replace(fixed, first_player=first.first_player) == first
    s = new_game(DATA, 3, seed=11, first_player=2)
    assert s.current_player() == 2


def test_s03_the_supply_holds_fifteen_of_each_material_and_is_all_there_is() -> None:
    # T49
    s = new_game(DATA, 3, seed=8)
    for m in (A, S, E, G):
        harbour_units = sum(u for k, u in enumerate(s.harbour_units) if s.harbour_material[k] == m)
        assert s.supply[m] + harbour_units + sum(p.stock[m] for p in s.players) == 15


def test_s04_start_materials_four_players() -> None:
    # T01: the draw shuffled to (G, E, A, S)
    s = dealt(4, start_draw=(G, E, A, S))
    assert [p.stock for p in s.players] == [[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 2, 0], [2, 0, 0, 0]]
    assert before_harbour_fill(s) == [13, 15, 13, 14]  # A 13, S 15, E 13, G 14


def test_s04_start_materials_two_players_and_in_turn_order() -> None:
    # T02: (S, G, A, E): the second player gets one sandstone, the rest goes back.
    s = dealt(2, start_draw=(S, G, A, E))
    assert [p.stock for p in s.players] == [[0, 0, 0, 0], [0, 1, 0, 0]]
    assert before_harbour_fill(s) == [15, 14, 15, 15]
    # Seats follow the first player: with seat 3 first, seat 4 is dealt as "seat 2".
    s = dealt(4, first=2, start_draw=(G, E, A, S))
    assert [p.stock for p in s.players] == [[0, 0, 2, 0], [2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]


def test_s05_the_harbour_gets_one_material_a_section_filled_to_capacity() -> None:
    # T04: the harbour draw (E, A, G, S)
    s = dealt(2, harbour_draw=(E, A, G, S), start_draw=(S, G, A, E))
    assert harbour(s) == "E2 A2 G3 S4"
    assert sum(before_harbour_fill(s)) - sum(s.supply) == 11


@pytest.mark.parametrize("seed", range(8))
def test_s06_the_palace_deck_is_stacked_by_level_with_the_scorings_between(seed: int) -> None:
    # T03
    deck = deal(DATA, 2, seed).palace_deck
    kinds = [card_kind(DATA, i) for i in deck]
    assert kinds[:8] == ["level-1"] * 8 and kinds[8] == "treasury-1"
    assert kinds[9:17] == ["level-2"] * 8 and kinds[17] == "treasury-2"
    assert kinds[18:23] == ["level-3"] * 5
    assert sorted(kinds[23:]) == ["end", "level-3", "level-3", "level-3"]


def test_s06_the_end_card_lies_anywhere_among_the_last_four() -> None:
    places = {deal(DATA, 2, seed).palace_deck.index("end") for seed in range(60)}
    assert places == {23, 24, 25, 26}


def test_s07_the_display_shows_the_first_three_cards_in_draw_order() -> None:
    s = new_game(DATA, 2, seed=4)
    assert [c.id for c in s.display] == list(s.setup.palace_deck[:3])
    assert all(isinstance(c, PalaceCard) and c.level == 1 for c in s.display)
    assert len(s.deck) == 24


def test_s08_every_player_shows_the_hand_and_vizier_faces() -> None:
    # T05; A2, A3: the cross hides under the vizier, the none face under the hand.
    s = new_game(DATA, 4, seed=2)
    assert all(p.faces == ["hand", "vizier"] for p in s.players)
    hidden = {c.up_at_start: c.other_face for c in DATA.harbour_cards}
    assert hidden == {"hand": "none", "vizier": "cross"}


def test_s09_twenty_shuffled_action_cards_nobody_holds_one() -> None:
    s = new_game(DATA, 3, seed=2)
    assert sorted(s.action_deck) == sorted(DATA.action_by_id)
    assert s.discard == [] and all(p.hand == [] for p in s.players)
    assert deal(DATA, 3, 2).action_deck != deal(DATA, 3, 3).action_deck


def test_s10_the_vizier_starts_on_the_bazaar() -> None:
    # A9
    s = new_game(DATA, 2, seed=9)
    assert DATA.quarters[s.vizier].id == "bazaar"


@pytest.mark.parametrize(("players", "spaces"), [(2, 4), (3, 5), (4, 6)])
def test_s11_the_harem_track_is_empty_with_spaces_by_players(players: int, spaces: int) -> None:
    s = new_game(DATA, players, seed=1)
    assert s.harem == []
    assert DATA.harem_size(players) == spaces


def test_s12_the_palace_starts_empty() -> None:
    # T49
    s = new_game(DATA, 3, seed=6)
    assert s.levels == [0] * 8 and s.balconies == [None] * 8 and s.treasury == []
    assert s.scores() == (0, 0, 0)
