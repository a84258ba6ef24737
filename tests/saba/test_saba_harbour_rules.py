"""A turn's shape and phase 1, the harbour: rulings S13-S24 (docs/RULES_SABA.md 4.1-4.2;
scenarios T06-T16, T50-T52, T64-T66)."""

from __future__ import annotations

import pytest

from splendor.saba.engine import (
    ChooseFace,
    MoveVizier,
    Step,
)
from tests.saba.helpers import (
    DATA,
    game,
    give_hand,
    harbour,
    legal_texts,
    play,
    refused,
    set_display,
    set_harbour,
    set_supply,
    units,
)


def test_s13_the_phases_come_in_order_and_nobody_passes() -> None:
    s = game(players=2)
    refused(s, "buy " + s.display[0].id, "phase 1 comes first")
    refused(s, "draw", "phase 1 comes first")
    play(s, "harbour hand")
    assert s.step is Step.BUILD
    refused(s, "end", "draw your action card first")
    play(s, "draw")
    assert s.step is Step.DRAWN
    refused(s, "buy " + s.display[0].id, "come before the draw")
    play(s, "end")
    assert (s.step, s.current_player()) == (Step.START, 1)
    # A legal phase 1 always exists: two faces to choose from.
    assert [a for a in s.legal_actions() if isinstance(a, ChooseFace)]


def test_s14_free_actions_at_the_free_moments_only() -> None:
    # T50: a card may be played before phase 1; building may not.
    s = game()
    give_hand(s, 0, ["action-01"])
    assert "play action-01 alabaster" in legal_texts(s)
    # T66: inside the harbour step (the vizier to be moved) no card may be played.
    set_harbour(s, "A2 G2 E3 S4")
    play(s, "harbour vizier")
    assert s.step is Step.VIZIER
    assert all(isinstance(a, MoveVizier) for a in s.legal_actions())
    refused(s, "play action-01 alabaster", "first move the vizier")
    play(s, "vizier stonemasons")
    play(s, "play action-01 alabaster")  # phase 1 complete: a free moment again
    assert s.players[0].stock == units("2A 3E")


def test_s15_one_of_the_two_faces_up_must_be_chosen() -> None:
    # T51
    s = game()
    assert [t for t in legal_texts(s) if t.startswith("harbour")] == [
        "harbour hand",
        "harbour vizier",
    ]
    refused(s, "end", "phase 1 comes first")
    refused(s, "harbour cross", "the cross face is not up on your harbour cards")


def test_s16_a_short_section_may_be_taken() -> None:
    # T65 (and A14: even an empty one, its action still happens)
    s = game()
    set_harbour(s, "G1 A2 E3 S4")
    play(s, "harbour hand")
    assert s.players[0].stock == units("1G") and len(s.players[0].hand) == 1
    s = game()
    set_harbour(s, "G0 A2 E3 S4")
    play(s, "harbour hand")
    assert s.players[0].stock == units("") and len(s.players[0].hand) == 1


def test_s17_the_hand_section_draws_an_action_card() -> None:
    # T07
    s = game()
    set_harbour(s, "A2 G2 E3 S4")
    top = s.action_deck[-1]
    play(s, "harbour hand")
    assert s.players[0].stock == units("2A") and s.players[0].hand == [top]
    assert harbour(s) == "A2 G2 E3 S4"


def test_s18_the_cross_removes_a_palace_card_of_the_players_choice() -> None:
    # T09
    s = game()
    s.players[0].faces = ["hand", "cross"]
    set_harbour(s, "A2 G2 E3 S4")
    set_display(s, ["arch-1", "arch-5", "arch-7"])
    play(s, "harbour cross")
    assert s.players[0].stock == units("2G") and s.step is Step.CROSS
    assert legal_texts(s) == ["remove arch-1", "remove arch-5", "remove arch-7"]
    play(s, "remove arch-5")
    assert "arch-5" in s.out and harbour(s) == "G2 A2 E3 S4"


def test_s18_special_cards_cannot_be_removed_and_the_display_slides() -> None:
    # T15
    s = game()
    s.players[0].faces = ["hand", "cross"]
    set_display(s, ["arch-3", "treasury-1", "fountain-5"], deck_top=["fountain-2"])
    play(s, "harbour cross")
    refused(s, "remove treasury-1", "treasure cards and the end card cannot be removed")
    play(s, "remove arch-3")
    assert [c.id for c in s.display] == ["treasury-1", "fountain-5", "fountain-2"]


def test_s18_without_a_palace_card_in_the_display_nothing_is_removed() -> None:
    # T16
    s = game()
    s.players[0].faces = ["hand", "cross"]
    set_harbour(s, "A2 G2 E3 S4")
    set_display(s, ["treasury-1", "treasury-2", "end"])
    play(s, "harbour cross")
    assert s.step is Step.BUILD and s.players[0].stock == units("2G")
    assert [c.id for c in s.display] == ["treasury-1", "treasury-2", "end"]


def test_s19_the_vizier_moves_and_its_quarter_gives_at_once() -> None:
    # T08
    s = game()
    set_harbour(s, "A2 G2 E3 S4")
    play(s, "harbour vizier", "vizier stonemasons")
    assert s.players[0].stock == units("3E 1A")
    assert harbour(s) == "E2 A2 G3 S4"
    assert DATA.quarters[s.vizier].id == "stonemasons"


def test_s19_the_vizier_must_leave_its_quarter() -> None:
    # T14
    s = game()
    s.vizier = DATA.quarter_index("masons")
    play(s, "harbour vizier")
    assert "vizier masons" not in legal_texts(s) and len(s.legal_actions()) == 5
    refused(s, "vizier masons", "the vizier stands on the masons quarter: it must move")


def test_s19_at_the_exchange_the_vizier_offers_one_exchange_or_none() -> None:
    # A13
    s = game()
    set_harbour(s, "A2 G2 E3 S4")
    play(s, "harbour vizier", "vizier exchange")
    assert s.step is Step.SWAP
    assert legal_texts(s) == ["swap ebony for gold", "decline"]
    play(s, "swap ebony for gold")
    assert s.players[0].stock == units("2E 1G") and s.step is Step.BUILD


def test_s20_the_none_section_has_no_extra_action() -> None:
    # T52
    s = game()
    s.players[0].faces = ["none", "vizier"]
    set_harbour(s, "A2 G2 E3 S4")
    vizier, display = s.vizier, list(s.display)
    play(s, "harbour none")
    assert s.players[0].stock == units("4S") and s.step is Step.BUILD
    assert (s.vizier, s.display, s.players[0].hand) == (vizier, display, [])


@pytest.mark.parametrize(
    ("faces", "used", "after"),
    [
        (["hand", "vizier"], "vizier", ["hand", "cross"]),  # T11
        (["none", "cross"], "none", ["hand", "cross"]),  # T12
    ],
)
def test_s21_the_card_used_turns_over(faces: list[str], used: str, after: list[str]) -> None:
    s = game()
    s.players[0].faces = faces
    set_display(s, ["treasury-1", "treasury-2", "end"])  # no cross removal to make
    play(s, f"harbour {used}")
    if s.step is Step.VIZIER:
        play(s, "vizier masons")
    assert s.players[0].faces == after


def test_s22_the_sections_below_the_one_taken_move_up() -> None:
    # T06
    s = game()
    s.players[0].faces = ["none", "vizier"]
    set_harbour(s, "A2 G2 E3 S4")
    supply = s.supply[:]
    play(s, "harbour none")
    assert s.players[0].stock == units("4S")
    assert harbour(s) == "S2 A2 G3 E4"
    assert [a - b for a, b in zip(supply, s.supply, strict=True)] == units("2S 1G 1E")


def test_s23_a_section_the_supply_cannot_fill_stays_short() -> None:
    # T10
    s = game()
    s.players[0].faces = ["hand", "cross"]
    set_harbour(s, "A2 G2 E3 S4")
    set_supply(s, "G", 1)
    play(s, "harbour cross", f"remove {s.display[0].id}")
    assert s.players[0].stock == units("2G")
    assert harbour(s) == "G1 A2 E3 S4"


def test_s24_the_vizier_s_unit_comes_before_the_refill() -> None:
    # T64
    s = game()
    set_harbour(s, "A2 G2 E3 S4")
    set_supply(s, "G", 10)
    play(s, "harbour vizier", "vizier goldsmiths")
    assert s.players[0].stock == units("3E 1G")
    assert harbour(s) == "E2 A2 G3 S4" and s.supply[3] == 8
    # the flip, the turn of the row and the refill wait for the vizier (S24)
    s = game()
    set_harbour(s, "A2 G2 E3 S4")
    play(s, "harbour vizier")
    assert s.players[0].faces == ["hand", "vizier"] and harbour(s) == "A2 G2 E0 S4"
