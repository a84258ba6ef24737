"""Action cards, the end of the turn and the supply: rulings S47-S54 (docs/RULES_SABA.md
4.7-4.9; scenarios T35-T38, T46, T55-T58, T62)."""

from __future__ import annotations

from splendor.saba.engine import SabaState, Step, observe
from tests.saba.helpers import (
    at_build,
    changed,
    game,
    give_hand,
    legal_texts,
    play,
    refused,
    set_display,
    set_harbour,
    set_stock,
    set_supply,
    units,
)


def deck_top(s: SabaState, card_id: str) -> None:
    """Put an action card on top of the action deck."""
    s.action_deck.remove(card_id)
    s.action_deck.append(card_id)
    changed(s)


def test_s47_everyone_sees_how_many_cards_a_player_holds_not_which() -> None:
    # T55
    s = game()
    give_hand(s, 0, ["action-03", "action-18"])
    theirs = observe(s, 1).players[0]
    assert (theirs.hand_size, theirs.hand) == (2, None)
    assert observe(s, 0).players[0].hand == ("action-03", "action-18")


def test_s48_a_card_gives_one_unit_of_a_material_it_shows() -> None:
    # T35: "sandstone or gold", no sandstone left
    s = game()
    give_hand(s, 0, ["action-17"])
    set_supply(s, "S", 0)
    set_supply(s, "G", 3)
    assert [t for t in legal_texts(s) if t.startswith("play")] == ["play action-17 gold"]
    play(s, "play action-17 gold")
    assert s.players[0].stock == units("1G") and s.discard == ["action-17"]
    assert s.players[0].hand == []


def test_s48_a_card_whose_materials_are_gone_cannot_be_played() -> None:
    # T36
    s = game()
    give_hand(s, 0, ["action-01", "action-02"])
    set_supply(s, "A", 0)
    refused(s, "play action-01 alabaster", "the supply has no alabaster left")
    refused(s, "play action-01 gold", "action-01 shows alabaster, not gold")
    assert s.players[0].hand == ["action-01", "action-02"]


def test_s49_a_card_drawn_this_turn_may_be_played_at_once() -> None:
    # T56
    s = game()
    set_harbour(s, "A2 G2 E3 S4")
    set_display(s, ["arch-8", "arch-1", "arch-2"])
    set_stock(s, 0, "1S 1E")
    deck_top(s, "action-07")
    play(s, "harbour hand", "play action-07 ebony", "buy arch-8")
    assert s.balconies[7] == 0
    # A22: the card drawn in phase 4 too, before the end-of-turn check
    deck_top(s, "action-10")
    play(s, "draw")
    assert "play action-10 gold" in legal_texts(s)


def test_s50_an_empty_action_deck_is_made_again_from_the_discard_pile() -> None:
    # T46
    s = at_build(game())
    give_hand(s, 1, list(s.action_deck[6:]))
    s.discard = s.action_deck[:]
    s.action_deck = []
    twin = s.clone()
    play(s, "draw")
    assert len(s.players[0].hand) == 1 and len(s.action_deck) == 5 and s.discard == []
    play(twin, "draw")
    assert twin.action_deck == s.action_deck  # the seed decides the shuffle
    # With both empty nothing is drawn, and nothing fails.
    s = at_build(game())
    give_hand(s, 1, list(s.action_deck))
    play(s, "draw")
    assert s.players[0].hand == [] and s.step is Step.DRAWN


def test_s51_phase_4_draws_a_card_whatever_the_hand() -> None:
    # T57
    s = at_build(game())
    give_hand(s, 0, s.action_deck[-3:])
    refused(s, "end", "draw your action card first")
    play(s, "draw")
    assert len(s.players[0].hand) == 4
    play(s, "end")
    assert s.step is Step.LIMIT


def test_s52_at_the_end_3_cards_and_7_units_are_kept_the_player_choosing() -> None:
    # T37
    s = at_build(game())
    give_hand(s, 0, ["action-01", "action-05", "action-09"])
    set_stock(s, 0, "3A 3S 2E 1G")
    play(s, "draw", "end")
    assert s.step is Step.LIMIT and s.current_player() == 0
    assert set(legal_texts(s)) >= {"discard action-05", "return gold", "return alabaster"}
    supply = s.supply[:]
    play(s, "return gold", "discard action-05", "return alabaster")
    assert s.players[0].stock == units("2A 3S 2E")
    assert len(s.players[0].hand) == 3 and "action-05" in s.discard
    assert [b - a for a, b in zip(supply, s.supply, strict=True)] == units("1A 1G")
    assert (s.step, s.current_player()) == (Step.START, 1)


def test_s52_the_limits_are_checked_only_at_the_end() -> None:
    # T38: 10 units after phase 1, 5 after building pillar-1
    s = game()
    s.players[0].faces = ["none", "vizier"]
    set_harbour(s, "A2 G2 E3 S4")
    set_stock(s, 0, "1A 2E")
    set_display(s, ["pillar-1", "arch-1", "arch-2"])  # pillar-1: 1A 2S 2E
    give_hand(s, 0, ["action-01", "action-02", "action-03"])
    play(
        s,
        "harbour none",
        "play action-01 alabaster",
        "play action-02 alabaster",
        "play action-03 alabaster",
    )
    assert s.players[0].stock == units("4A 4S 2E")
    play(s, "buy pillar-1")
    assert sum(s.players[0].stock) == 5
    play(s, "draw", "end")
    assert s.step is Step.START and s.current_player() == 1


def test_s53_the_next_player_clockwise_begins() -> None:
    # T62
    s = game(players=4)
    for seat in (0, 1, 2, 3):
        assert s.current_player() == seat
        play(s, "harbour hand", "draw", "end")
        while s.step is Step.LIMIT:
            s.apply(s.legal_actions()[0])
    assert s.current_player() == 0 and s.round == 2


def test_s54_the_supply_is_finite() -> None:
    # the vizier's production gives nothing once its material is gone (S19)
    s = game()
    set_harbour(s, "A2 G2 E3 S4")
    set_supply(s, "G", 0)
    play(s, "harbour vizier", "vizier goldsmiths")
    assert s.players[0].stock == units("3E")
    # what is paid goes back (T18 checks a purchase; here a placement's gold)
    s = at_build(game())
    s.built = True
    set_stock(s, 0, "2G")
    supply = s.supply[3]
    play(s, "place masons")
    assert s.supply[3] == supply + 1
