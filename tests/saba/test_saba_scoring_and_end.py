"""Treasury scorings and the end of the game: rulings S55-S62 (docs/RULES_SABA.md 5.1-5.2;
scenarios T39-T45, T59)."""

from __future__ import annotations

from splendor.saba.engine import SabaState, Step
from splendor.saba.engine.outcome import decide
from tests.saba.helpers import (
    at_build,
    build_on,
    changed,
    empty_deck,
    game,
    legal_texts,
    play,
    put_in_quarter,
    set_display,
    set_stock,
    units,
)


def gardens(s: SabaState, seat: int, *numbers: int) -> None:
    """`seat`'s figures on these gardens' balconies (arches)."""
    for garden in numbers:
        build_on(s, garden, 1, seat)


def test_s55_buying_a_treasure_card_scores_the_treasury_at_once() -> None:
    # T39: P1 3, P2 2, P3 3 points; P3's harem marker breaks the tie; P2 buys.
    s = at_build(game(players=3, first=1))
    gardens(s, 0, 1, 2, 3)
    gardens(s, 1, 4, 5)
    gardens(s, 2, 6, 7, 8)
    s.harem = [2]
    s.players[2].markers = 4
    set_display(s, ["treasury-1", "arch-1", "arch-2"])
    set_stock(s, 1, "1A 1S 1E 1G")
    play(s, "buy treasury-1")
    assert s.treasury == [2] and s.players[2].figures == 4
    assert s.players[1].stock == units("") and "treasury-1" in s.out
    assert s.scores() == (3, 2, 4) and s.step is Step.BUILD


def test_s56_a_leader_with_an_empty_supply_sends_a_figure_from_a_quarter() -> None:
    # A17: the leader (not the buyer) chooses the quarter.
    s = at_build(game())
    gardens(s, 1, 1, 2, 3, 4, 5, 6)
    put_in_quarter(s, "stonemasons", 1)
    put_in_quarter(s, "masons", 1)
    set_display(s, ["treasury-1", "arch-7", "arch-8"])
    set_stock(s, 0, "1A 1S 1E 1G")
    play(s, "buy treasury-1")
    assert (s.step, s.current_player(), s.turn_player) == (Step.RECALL, 1, 0)
    assert legal_texts(s) == ["recall stonemasons", "recall masons"]
    play(s, "recall masons")
    assert s.treasury == [1] and s.quarters[2] == []
    assert (s.step, s.current_player()) == (Step.BUILD, 0)


def test_s56_a_leader_with_no_figure_left_places_none() -> None:
    s = at_build(game())
    gardens(s, 1, 1, 2, 3, 4, 5, 6, 7, 8)
    set_display(s, ["treasury-1", "fountain-1", "fountain-2"])
    set_stock(s, 0, "1A 1S 1E 1G")
    play(s, "buy treasury-1")
    assert s.treasury == [] and "treasury-1" in s.out and s.step is Step.BUILD


def test_s57_a_tie_the_harem_cannot_break_places_nobody() -> None:
    # T40
    s = at_build(game())
    gardens(s, 0, 1, 2)
    gardens(s, 1, 3, 4)
    set_display(s, ["treasury-2", "arch-5", "arch-6"])
    set_stock(s, 0, "1A 1S 1E 2G")
    play(s, "buy treasury-2")
    assert s.treasury == [] and "treasury-2" in s.out
    # With a marker on the track the tie is broken.
    s = at_build(game())
    gardens(s, 0, 1, 2)
    gardens(s, 1, 3, 4)
    s.harem = [1]
    s.players[1].markers = 4
    set_display(s, ["treasury-2", "arch-5", "arch-6"])
    set_stock(s, 0, "1A 1S 1E 2G")
    play(s, "buy treasury-2")
    assert s.treasury == [1]


def test_s58_a_treasury_figure_stays_and_scores() -> None:
    s = at_build(game())
    s.treasury = [0]
    s.players[0].figures -= 1
    set_display(s, ["arch-1", "arch-2", "arch-3"])
    set_stock(s, 0, "1A 1S 1E")
    play(s, "buy arch-1")
    assert s.treasury == [0] and s.points(0) == 2


def test_s59_anyone_may_buy_a_treasure_card_the_leader_gets_the_figure() -> None:
    s = at_build(game())
    gardens(s, 1, 1)
    set_display(s, ["treasury-1", "arch-2", "arch-3"])
    set_stock(s, 0, "1A 1S 1E 1G")
    play(s, "buy treasury-1")  # P1 clears space 1 for nothing but the cheaper cards
    assert s.treasury == [1] and s.points(0) == 0 and s.players[0].stock == units("")
    assert s.price(s.display[0]) == (1, 1, 1, 0)


def test_s60_buying_the_end_card_ends_the_game_at_once() -> None:
    # T42: after a build, no quarter placement, no draw, no end-of-turn check
    s = at_build(game())
    set_display(s, ["arch-1", "end", "arch-2"])
    set_stock(s, 0, "6A 6S 6E 2G")
    play(s, "buy arch-1", "buy end")
    assert s.is_over() and s.legal_actions() == () and s.current_player() is None
    assert s.outcome().reason == "end_card" and len(s.players[0].hand) == 0
    assert sum(s.players[0].stock) > 7  # no end-of-turn check


def test_s60_the_last_palace_card_built_ends_the_game_after_the_build() -> None:
    # T43
    s = at_build(game())
    empty_deck(s, ["treasury-2", "pillar-8", "end"])
    set_stock(s, 0, "3A 1S 1E 1G")
    play(s, "buy pillar-8")
    assert s.is_over() and s.outcome().reason == "palace_cards"
    assert s.balconies[7] == 0 and s.scores()[0] == 1
    assert [c.id for c in s.display] == ["treasury-2", "end"]


def test_s60_the_last_palace_card_removed_by_the_cross_ends_the_game() -> None:
    # T44
    s = game()
    s.players[0].faces = ["hand", "cross"]
    empty_deck(s, ["pillar-3", "end"])
    play(s, "harbour cross", "remove pillar-3")
    assert s.is_over() and s.outcome().reason == "palace_cards"


def test_s61_balconies_and_treasury_score_quarters_and_supply_do_not() -> None:
    # T59
    s = game()
    gardens(s, 0, 1, 2, 3)
    s.treasury = [0]
    s.players[0].figures -= 1
    put_in_quarter(s, "masons", 0)
    put_in_quarter(s, "bazaar", 0)
    changed(s)
    assert s.points(0) == 4 and s.scores() == (4, 0)


def test_s62_ties_go_to_the_harem_then_are_shared() -> None:
    # T45: both 4 points, no markers: a shared victory (A20)
    outcome = decide((4, 4), (), "palace_cards")
    assert outcome.winners == (0, 1) and outcome.tie_break == "shared"
    assert outcome.places == (1, 1)
    # T24, T25 ranked; the same comparison ranks every place
    assert decide((3, 3, 1), (2, 0, 2, 1), "end_card").tie_break == "harem_nearest"
    outcome = decide((3, 3, 1, 3), (1, 2, 0, 0), "end_card")
    assert outcome.winners == (0,) and outcome.tie_break == "harem_markers"
    assert outcome.places == (1, 2, 4, 3) and outcome.ranking == (0, 1, 3, 2)
