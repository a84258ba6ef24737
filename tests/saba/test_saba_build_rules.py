"""Phase 2, buying and building, displacement and the harem: rulings S25-S38
(docs/RULES_SABA.md 4.3-4.4; scenarios T17-T27, T41, T47, T53, T63)."""

from __future__ import annotations

from splendor.saba.engine import SabaState, Step
from splendor.saba.engine.outcome import decide, harem_winner
from tests.saba.helpers import (
    DATA,
    at_build,
    build_on,
    changed,
    empty_deck,
    game,
    legal_texts,
    play,
    put_in_quarter,
    refused,
    set_display,
    set_stock,
    units,
)


def building(
    display: list[str], stock: str, players: int = 2, deck_top: tuple[str, ...] = ()
) -> SabaState:
    """P1 in phase 2 with `stock`, the display holding `display`."""
    s = at_build(game(players))
    set_display(s, display, deck_top=deck_top)
    set_stock(s, 0, stock)
    return s


def test_s25_one_palace_card_and_one_special_card_in_either_order() -> None:
    # T41: T1 has slid to space 1 after the build and costs no gold there.
    s = building(["arch-2", "treasury-1", "fountain-7"], "2A 2S 2E 1G")
    play(s, "buy arch-2")
    assert [c.id for c in s.display][:2] == ["treasury-1", "fountain-7"]
    assert s.price(s.display[0]) == (1, 1, 1, 1)
    play(s, "buy treasury-1")
    assert s.players[0].stock == units("") and s.step is Step.BUILD
    assert not [t for t in legal_texts(s) if t.startswith("buy")]


def test_s25_no_second_treasure_card_in_a_turn() -> None:
    # T47
    s = building(["arch-8", "treasury-1", "treasury-2"], "3A 3S 3E 6G")
    play(s, "buy treasury-1")
    assert "buy treasury-2" not in legal_texts(s)
    refused(s, "buy treasury-2", "already bought a treasure or end card this turn")
    play(s, "buy arch-8")
    refused(s, "buy " + s.display[1].id, "already built a palace piece this turn")


def test_s26_the_price_adds_the_gold_of_the_build_space() -> None:
    # T17: arch-4 (2A 1E) on space 3 needs 2 gold more.
    s = building(["arch-1", "arch-2", "arch-4"], "2A 1E 1G")
    assert "buy arch-4" not in legal_texts(s)
    refused(
        s,
        "buy arch-4",
        r"arch-4 costs 2 alabaster, 1 ebony, 2 gold on build space 3: "
        r"you are short of 1 gold",
    )
    set_stock(s, 0, "2A 1E 2G")
    play(s, "buy arch-4")
    assert s.players[0].stock == units("")


def test_s26_exactly_the_price_is_paid_into_the_supply() -> None:
    # T18: fountain-1 (2A 1S 1E) on space 2: one gold more; gold stands in for nothing.
    s = building(["arch-1", "fountain-1", "arch-3"], "2A 1S 1E 1G")
    supply = s.supply[:]
    play(s, "buy fountain-1")
    assert s.players[0].stock == units("")
    assert [b - a for a, b in zip(supply, s.supply, strict=True)] == units("2A 1S 1E 1G")
    s = building(["fountain-1", "arch-2", "arch-3"], "1A 1S 1E 3G")
    assert "buy fountain-1" not in legal_texts(s)


def test_s27_a_garden_space_at_the_cards_level_or_higher_cannot_be_built() -> None:
    # T19, set up directly: garden 4 holds P2's fountain.
    s = building(["arch-4", "arch-1", "arch-2"], "5A 5E")
    build_on(s, 4, 2, 1)
    assert "buy arch-4" not in legal_texts(s)
    refused(s, "buy arch-4", "garden space 4 already has a piece of level 2: arch-4 cannot be")


def test_s27_levels_may_be_skipped() -> None:
    # T20: a fountain on an empty garden space
    s = building(["fountain-6", "arch-1", "arch-2"], "2A 1S 1E")
    play(s, "buy fountain-6")
    assert (s.levels[5], s.balconies[5]) == (2, 0)


def test_s27_a_builder_with_no_figure_anywhere_builds_only_over_his_own() -> None:
    # A16: P1's eight figures on seven balconies and in the treasury.
    s = building(["arch-8", "fountain-1", "arch-3"], "5A 5S 5E 5G")
    for garden in range(1, 8):
        build_on(s, garden, 1, 0)
    s.treasury.append(0)
    s.players[0].figures -= 1
    changed(s)
    assert "buy arch-8" not in legal_texts(s)
    refused(s, "buy arch-8", "no figure in your supply or in a quarter")
    play(s, "buy fountain-1", "decline")  # pushes his own arch's figure off
    assert s.balconies[0] == 0 and s.levels[0] == 2


def test_s28_the_piece_sets_the_garden_level() -> None:
    s = building(["pillar-3", "arch-1", "arch-2"], "2A 1S 2E 2G")
    build_on(s, 3, 1, 1)
    play(s, "buy pillar-3", "decline")
    assert s.levels[2] == 3  # a pillar on an arch: level 3


def test_s29_the_displaced_figure_goes_home_and_its_owner_decides_on_the_harem() -> None:
    # T21
    s = building(["fountain-2", "arch-1", "arch-3"], "1A 1S 2E")
    build_on(s, 2, 1, 1)
    play(s, "buy fountain-2")
    assert s.step is Step.HAREM and s.current_player() == 1 and s.turn_player == 0
    assert s.players[1].figures == 8
    assert legal_texts(s) == ["enter", "decline"]
    play(s, "enter")
    assert s.harem == [1]
    assert (s.levels[1], s.balconies[1], s.current_player()) == (2, 0, 0)


def test_s30_an_empty_supply_takes_the_figure_from_a_quarter() -> None:
    # T27
    s = building(["arch-2", "arch-1", "arch-3"], "1A 1S 1E")
    put_in_quarter(s, "carpenters", 0)
    for garden in (1, 3, 4, 5, 6, 7, 8):
        build_on(s, garden, 1, 0)
    assert s.players[0].figures == 0
    play(s, "buy arch-2")
    assert s.step is Step.RECALL and legal_texts(s) == ["recall carpenters"]
    play(s, "recall carpenters")
    assert s.balconies[1] == 0 and s.quarters[DATA.quarter_index("carpenters")] == []


def test_s30_the_builders_own_displaced_figure_counts_as_his_supply() -> None:
    # T63
    s = building(["fountain-7", "arch-1", "arch-3"], "2A 2S")
    put_in_quarter(s, "bazaar", 0)
    for garden in range(1, 8):
        build_on(s, garden, 1, 0)
    assert s.players[0].figures == 0
    play(s, "buy fountain-7")
    assert s.step is Step.HAREM and s.current_player() == 0  # A11: his own figure
    play(s, "decline")
    assert s.balconies[6] == 0 and s.quarters[DATA.quarter_index("bazaar")] == [0]
    assert s.step is Step.BUILD


def test_s31_the_bought_card_leaves_the_game() -> None:
    # T53
    s = building(["arch-1", "arch-2", "arch-3"], "1A 1S 1E")
    play(s, "buy arch-1")
    assert "arch-1" in s.out
    assert "arch-1" not in [c.id for c in (*s.deck, *s.display)]


def test_s32_a_build_pays_then_builds_then_asks_the_harem_then_seats_the_builder() -> None:
    s = building(["arch-1", "fountain-2", "arch-3"], "1A 1S 2E 1G", deck_top=("arch-4",))
    build_on(s, 2, 1, 1)
    play(s, "buy fountain-2")
    # the harem question comes with the price paid, the piece built, the balcony empty
    assert s.players[0].stock == units("")
    assert (s.levels[1], s.balconies[1]) == (2, None)
    assert [c.id for c in s.display] == ["arch-1", "fountain-2", "arch-3"]
    play(s, "enter")
    assert s.balconies[1] == 0
    assert [c.id for c in s.display] == ["arch-1", "arch-3", "arch-4"]


def test_s33_the_display_slides_down_and_refills_on_space_3() -> None:
    s = building(["arch-1", "arch-2", "arch-3"], "1A 1S 1E 1G", deck_top=("arch-7",))
    play(s, "buy arch-2")
    assert [c.id for c in s.display] == ["arch-1", "arch-3", "arch-7"]
    # With the deck empty the highest spaces stay empty.
    s = at_build(game())
    empty_deck(s, ["pillar-1", "pillar-2", "end"])
    set_stock(s, 0, "1A 2S 2E")
    play(s, "buy pillar-1")
    assert [c.id for c in s.display] == ["pillar-2", "end"]


def test_s34_cards_a_build_makes_unbuildable_leave_the_game() -> None:
    # T22
    s = building(
        ["arch-5", "fountain-1", "fountain-5"], "2A 2E 2G", deck_top=("fountain-2", "fountain-3")
    )
    play(s, "buy fountain-5")
    assert [c.id for c in s.display] == ["fountain-1", "fountain-2", "fountain-3"]
    assert {"arch-5", "fountain-5"} <= set(s.out)
    assert s.palace_cards_left() == 22  # the discarded card counts as gone (S60)


def test_s35_special_cards_stay_slide_and_make_the_others_cost_gold() -> None:
    s = building(["treasury-1", "arch-3", "arch-5"], "2A 1S 1G", deck_top=("arch-8",))
    assert s.price(s.display[1]) == (2, 1, 0, 1)  # arch-3 on space 2: one gold more
    play(s, "buy arch-3")
    assert [c.id for c in s.display] == ["treasury-1", "arch-5", "arch-8"]
    # A pillar makes no special card unbuildable.
    s = building(["treasury-2", "pillar-4", "end"], "1A 2S 2E 1G")
    play(s, "buy pillar-4")
    assert [c.id for c in s.display][:2] == ["treasury-2", "end"]


def test_s36_the_builder_may_enter_after_displacing_his_own_figure() -> None:
    # T26, A11
    s = building(["pillar-5", "arch-1", "arch-2"], "1A 2S 2E")
    build_on(s, 5, 1, 0)
    play(s, "buy pillar-5")
    assert s.current_player() == 0 and legal_texts(s) == ["enter", "decline"]
    play(s, "enter")
    assert s.harem == [0] and s.balconies[4] == 0 and s.players[0].markers == 4


def test_s36_an_owner_without_markers_is_not_asked() -> None:
    s = building(["fountain-2", "arch-1", "arch-3"], "1A 1S 2E", players=4)
    s.harem = [1, 1, 1, 1, 1]
    s.players[1].markers = 0
    build_on(s, 2, 1, 1)
    play(s, "buy fountain-2")
    assert s.step is Step.BUILD and s.harem == [1] * 5 and s.balconies[1] == 0


def test_s37_entering_pushes_every_marker_up_and_the_last_one_home() -> None:
    # T23: two players, the track's 4 spaces full
    s = building(["fountain-2", "arch-1", "arch-3"], "1A 1S 2E")
    s.harem = [0, 1, 0, 1]
    s.players[0].markers = s.players[1].markers = 3
    build_on(s, 2, 1, 1)
    play(s, "buy fountain-2", "enter")
    assert s.harem == [1, 0, 1, 0]
    assert s.players[1].markers == 3  # one placed, the one from space 4 back


def test_s38_the_harem_rule_more_markers_then_the_nearer_one() -> None:
    # T24: both one marker, P1's on space 2 nearer than P2's on space 4
    assert harem_winner([2, 0, 2, 1], [0, 1]) == 0
    assert decide((3, 3, 1), (2, 0, 2, 1), "palace_cards").winners == (0,)
    # T25: P1 two markers (spaces 3, 4) beat P2's one on space 1
    assert harem_winner([1, 2, 0, 0], [0, 1]) == 0
    # Without markers players stay tied; repeated, the rule orders several players.
    assert harem_winner([2], [0, 1]) is None
    assert decide((2, 2, 2), (2, 1), "end_card").ranking == (2, 1, 0)
