"""Scenario tests for the turn-level rulings of RULES.md: nobles ("End of the turn"),
the final round and the winner ("End of the game"), forced passes and the all-pass end
("Gaps the printed rules leave") and what each seat may see. Every test starts from a
position built for it."""

# A test checks a state's phase before a move and again after it; mypy keeps the first
# check's narrowing across the move and calls the second "non-overlapping".
# mypy: disable-error-code="comparison-overlap"

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from splendor.engine import (
    Card,
    ChooseNoble,
    GameState,
    HiddenCard,
    IllegalActionError,
    Pass,
    Phase,
    build_position,
    new_game,
    observe,
    parse_action,
)
from splendor.gamedata import base_game

# ---------------------------------------------------------------- helpers

#: Three white, three blue and three green bonuses (0 points): exactly noble N06's needs.
WBG3 = ["L1-01", "L1-02", "L1-03", "L1-09", "L1-10", "L1-11", "L1-17", "L1-18", "L1-19"]
#: Four white, four blue and four black bonuses: N01, N02 and N07 all qualify.
WBK4 = [
    *("L1-04", "L1-05", "L1-06", "L1-07"),
    *("L1-12", "L1-13", "L1-14", "L1-15"),
    *("L1-33", "L1-34", "L1-35", "L1-36"),
]
#: 14 points in three cards; buying L1-08 (green 4, 1 point) makes 15.
FOURTEEN = ["L3-04", "L3-08", "L3-03"]
#: 15 points in three cards.
FIFTEEN = ["L3-12", "L3-16", "L3-20"]
#: A level-1 row holding L1-08 (green 4, 1 point).
ROW_WITH_L1_08 = ["L1-08", "L1-20", "L1-21", "L1-22"]


def position(players: int = 2, **kwargs: Any) -> GameState:
    return build_position(base_game(), players, **kwargs)


def act(state: GameState, text: str) -> None:
    state.apply(parse_action(text))


def refused(state: GameState, action: object) -> str:
    """Assert that `action` is refused with a reason and leaves the state untouched."""
    before = state.key()
    if isinstance(action, str):
        action = parse_action(action)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert info.value.reason, "an illegal action must come with a reason"
    assert state.key() == before, "a refused action must not change the state"
    return info.value.reason


def noble_ids(nobles: Any) -> list[str]:
    return [n.id for n in nobles]


def stuck_position(players: int = 2, **kwargs: Any) -> GameState:
    """No gem left in the bank, three reserved cards each, nothing affordable: all must pass.

    The gems are out of play for this scenario (the bank is given explicitly); gold stays.
    """
    seats = (
        kwargs.pop("seats", None)
        or [
            {"reserved": ["L3-05", "L3-06", "L3-07"]},
            {"reserved": ["L3-09", "L3-10", "L3-11"]},
            {"reserved": ["L3-13", "L3-14", "L3-15"]},
        ][:players]
    )
    bank = kwargs.pop("bank", {"gold": 5})
    return position(players, seats=seats, bank=bank, partial=True, **kwargs)


# ---------------------------------------------------------------- nobles


def test_noble_visits_after_the_buy_that_completes_its_requirement() -> None:
    bought = ["L1-01", "L1-02", "L1-03", "L1-09", "L1-10", "L1-11", "L1-17", "L1-18"]
    state = position(
        nobles=["N06", "N01", "N04"],
        market={1: ["L1-23", "L1-20", "L1-21", "L1-22"]},
        seats=[{"purchased": bought, "tokens": {"red": 3}}],
    )
    act(state, "buy L1-23")  # a green card: now white 3, blue 3, green 3
    p = state.players[0]
    assert noble_ids(p.nobles) == ["N06"], "the noble's requirement is met: it must visit"
    assert p.points == 3, "a noble brings 3 prestige points"
    assert noble_ids(state.nobles) == ["N01", "N04"], "the noble leaves the board"
    assert p.bonuses == [3, 3, 3, 0, 0] and len(p.purchased) == 9, "bonuses are not spent"
    assert state.phase is Phase.MAIN and state.current == 1, "a single noble needs no decision"


@pytest.mark.parametrize("action", ["take white blue green", "take2 red", "reserve deck 1"])
def test_noble_visits_on_a_take_or_reserve_turn(action: str) -> None:
    # The requirement was already met (e.g. after an earlier multi-noble turn).
    state = position(nobles=["N06", "N01", "N04"], seats=[{"purchased": WBG3}])
    act(state, action)
    assert noble_ids(state.players[0].nobles) == ["N06"], f"no noble after '{action}'"
    assert state.players[0].points == 3


def test_noble_visits_on_a_forced_pass_turn() -> None:
    state = stuck_position(
        nobles=["N06", "N01", "N04"],
        market={
            1: ["L1-05", "L1-06", "L1-07", "L1-08"],
            2: ["L2-01", "L2-02", "L2-03", "L2-04"],
            3: ["L3-01", "L3-02", "L3-03", "L3-04"],
        },
        seats=[
            {"purchased": WBG3, "reserved": ["L3-05", "L3-06", "L3-07"]},
            {"reserved": ["L3-09", "L3-10", "L3-11"]},
        ],
    )
    assert state.legal_actions() == (Pass(),), state.legal_actions()
    act(state, "pass")
    assert noble_ids(state.players[0].nobles) == ["N06"], "nobles are checked on a pass turn too"
    assert state.players[0].points == 3


def test_noble_visit_waits_for_the_return_of_excess_tokens() -> None:
    state = position(
        nobles=["N06", "N01", "N04"],
        seats=[{"purchased": WBG3, "tokens": {"white": 3, "blue": 3, "red": 3}}],
    )
    act(state, "take white blue green")
    assert state.phase is Phase.RETURN, "12 tokens: the excess comes first"
    act(state, "return white blue")
    assert noble_ids(state.players[0].nobles) == ["N06"], "the noble visits at the end of turn"
    assert state.current == 1 and state.phase is Phase.MAIN


def test_tokens_never_count_for_nobles() -> None:
    bought = ["L1-01", "L1-02", "L1-03", "L1-09", "L1-10", "L1-11", "L1-17", "L1-18"]
    state = position(
        4,
        nobles=["N06", "N01", "N04", "N05", "N10"],
        seats=[{"purchased": bought, "tokens": {"green": 4, "white": 2}}],
    )
    act(state, "take red black green")  # green 5 tokens, green bonus only 2
    assert state.players[0].nobles == [], "tokens must not count towards a noble"
    assert noble_ids(state.nobles) == ["N06", "N01", "N04", "N05", "N10"]


def test_several_qualifying_nobles_give_a_choice_of_exactly_one() -> None:
    state = position(nobles=["N01", "N02", "N07"], seats=[{"purchased": WBK4}])
    act(state, "take white blue green")
    assert state.phase is Phase.NOBLE and state.current == 0, "the player must choose"
    assert noble_ids(state.noble_candidates()) == ["N01", "N02", "N07"]
    legal = state.legal_actions()
    assert {a.text() for a in legal} == {"noble N01", "noble N02", "noble N07"}
    assert all(isinstance(a, ChooseNoble) for a in legal)
    assert "noble" in refused(state, "pass"), "a visit is mandatory: no passing"
    assert "noble" in refused(state, "take red black green")
    assert "N03" in refused(state, "noble N03")
    act(state, "noble N02")
    p = state.players[0]
    assert noble_ids(p.nobles) == ["N02"] and p.points == 3, "one noble per turn"
    assert noble_ids(state.nobles) == ["N01", "N07"], "the others stay, nothing replaces N02"
    assert state.phase is Phase.MAIN and state.current == 1


def test_at_most_one_noble_per_turn_the_rest_come_on_later_turns() -> None:
    state = position(nobles=["N01", "N02", "N07"], seats=[{"purchased": WBK4}])
    act(state, "take white blue green")
    act(state, "noble N01")
    act(state, "take white blue green")  # seat 1
    act(state, "take red black green")  # seat 0: N02 and N07 still qualify
    assert state.phase is Phase.NOBLE
    assert noble_ids(state.noble_candidates()) == ["N02", "N07"]
    act(state, "noble N07")
    assert state.players[0].points == 6
    act(state, "take red black green")  # seat 1
    act(state, "reserve deck 2")  # seat 0: only N02 left, it visits without a decision
    assert state.phase is Phase.MAIN and state.current == 1
    assert noble_ids(state.players[0].nobles) == ["N01", "N07", "N02"]
    assert state.players[0].points == 9
    assert state.nobles == [], "nobles are never replaced"


def test_noble_choice_not_available_outside_the_noble_phase() -> None:
    state = position(nobles=["N01", "N02", "N07"])
    assert "no noble" in refused(state, "noble N01")


def test_noble_points_count_towards_fifteen() -> None:
    bought = [*FOURTEEN[:2], "L1-01", "L1-02", "L1-03", "L1-09", "L1-10", "L1-11"]
    bought += ["L1-17", "L1-18"]  # 10 points; white 4, blue 4, green 2
    state = position(
        3,
        nobles=["N06", "N04", "N05", "N10"],  # not N01: white 4 + blue 4 would qualify too
        market={2: ["L2-17", "L2-01", "L2-02", "L2-03"]},
        seats=[{"purchased": bought, "tokens": {"green": 5}}],
    )
    act(state, "buy L2-17")  # green 5, 2 points: 12 + noble 3 = 15
    assert state.players[0].points == 15
    assert state.final_round, "15 points including the noble starts the final round"


# ------------------------------------------------------------ final round


def _play_take(state: GameState) -> None:
    """Play some legal take for the current seat (bank is full enough in these scenarios)."""
    action = next(a for a in state.legal_actions() if a.kind == "take")
    state.apply(action)


def test_first_player_reaching_15_lets_the_round_finish() -> None:
    state = position(
        3,
        market={1: ROW_WITH_L1_08},
        seats=[{"purchased": FOURTEEN, "tokens": {"green": 4}}],
    )
    act(state, "buy L1-08")
    assert state.players[0].points == 15 and state.final_round
    assert not state.is_over() and state.current == 1, "seats 1 and 2 still play this round"
    _play_take(state)
    assert not state.is_over() and state.current == 2
    _play_take(state)
    assert state.is_over(), "the round is complete: every seat has had one turn"
    assert state.turns == 3
    assert state.outcome().reason == "target" and state.outcome().winners == (0,)


def test_middle_seat_reaching_15_plays_on_to_the_last_seat_only() -> None:
    state = position(
        3,
        current=1,
        market={1: ROW_WITH_L1_08},
        seats=[{}, {"purchased": FOURTEEN, "tokens": {"green": 4}}],
    )
    act(state, "buy L1-08")
    assert state.final_round and not state.is_over() and state.current == 2
    _play_take(state)
    assert state.is_over(), "seat 2 closes the round; seat 0 does not play again"
    assert state.turns == 3


def test_last_seat_reaching_15_ends_the_game_at_once() -> None:
    state = position(
        3,
        current=2,
        market={1: ROW_WITH_L1_08},
        seats=[{}, {}, {"purchased": FOURTEEN, "tokens": {"green": 4}}],
    )
    act(state, "buy L1-08")
    assert state.is_over(), "every seat has had the same number of turns"
    assert state.current_player() is None and state.legal_actions() == ()
    assert "over" in refused(state, "take white blue green")
    assert state.outcome().winners == (2,)


def test_final_round_follows_the_first_player_not_seat_zero() -> None:
    # Seat 1 starts, so seat 0 closes each round.
    state = position(
        2,
        first_player=1,
        current=1,
        market={1: ROW_WITH_L1_08},
        seats=[{}, {"purchased": FOURTEEN, "tokens": {"green": 4}}],
    )
    act(state, "buy L1-08")
    assert not state.is_over() and state.current == 0, "seat 0 still has its turn"
    _play_take(state)
    assert state.is_over()
    early = position(
        2,
        first_player=1,
        current=0,
        market={1: ROW_WITH_L1_08},
        seats=[{"purchased": FOURTEEN, "tokens": {"green": 4}}],
    )
    act(early, "buy L1-08")
    assert early.is_over(), "seat 0 is the last seat when seat 1 starts"


def test_final_round_lets_a_later_seat_overtake() -> None:
    state = position(
        3,
        market={1: ROW_WITH_L1_08, 2: ["L2-12", "L2-01", "L2-02", "L2-03"]},
        seats=[
            {"purchased": FOURTEEN, "tokens": {"green": 4}},
            {"purchased": ["L3-16", "L3-20", "L2-24"], "tokens": {"blue": 5, "gold": 1}},
        ],
    )
    act(state, "buy L1-08")  # seat 0: 15
    act(state, "buy L2-12")  # seat 1: 13 + 3 = 16
    _play_take(state)  # seat 2
    assert state.is_over()
    outcome = state.outcome()
    assert outcome.points[:2] == (15, 16)
    assert outcome.winners == (1,) and outcome.tie_break is None, "most points wins"


def test_game_does_not_end_below_15() -> None:
    state = position(
        2,
        current=1,
        market={1: ROW_WITH_L1_08},
        seats=[{}, {"purchased": ["L3-04", "L3-08", "L2-01"], "tokens": {"green": 4}}],
    )
    act(state, "buy L1-08")  # 5 + 5 + 1 + 1 = 12
    assert not state.final_round and not state.is_over() and state.current == 0


# ------------------------------------------------------------------ winner


def _finish(seat0: dict[str, Any], seat1: dict[str, Any]) -> GameState:
    """Seat 0 already reached 15; seat 1, last to play, buys L1-08 (+1 point); game over."""
    state = position(
        2,
        current=1,
        final_round=True,
        market={1: ROW_WITH_L1_08},
        seats=[seat0, {"tokens": {"green": 4}, **seat1}],
    )
    act(state, "buy L1-08")
    assert state.is_over(), "the last seat closed the final round"
    return state


def test_tie_goes_to_fewest_purchased_cards_reserved_cards_do_not_count() -> None:
    state = _finish(
        {"purchased": FIFTEEN, "reserved": ["L1-30", "L1-31", "L1-32"]},  # 15 pts, 3 cards
        {"purchased": FOURTEEN},  # 14 + 1 = 15 pts, 4 cards
    )
    outcome = state.outcome()
    assert outcome.points == (15, 15) and outcome.cards == (3, 4), outcome
    assert outcome.winners == (0,), "3 purchased beat 4; seat 0's 3 reserved cards don't count"
    assert outcome.tie_break == "fewest_cards"


def test_tie_break_favours_the_later_seat_too() -> None:
    state = _finish(
        {"purchased": [*FIFTEEN, "L1-01", "L1-02"]},  # 15 pts, 5 cards
        {"purchased": FOURTEEN, "reserved": ["L1-30", "L1-31", "L1-32"]},  # 15 pts, 4 cards
    )
    assert state.outcome().winners == (1,) and state.outcome().tie_break == "fewest_cards"


def test_full_tie_is_a_shared_victory() -> None:
    state = _finish(
        {"purchased": [*FIFTEEN, "L1-01"]},  # 15 pts, 4 cards
        {"purchased": FOURTEEN, "reserved": ["L1-30"]},  # 15 pts, 4 cards
    )
    outcome = state.outcome()
    assert outcome.points == (15, 15) and outcome.cards == (4, 4)
    assert outcome.winners == (0, 1) and outcome.tie_break == "shared"


def test_most_points_wins_whatever_the_card_count() -> None:
    state = _finish(
        {"purchased": FIFTEEN},  # 15 pts, 3 cards
        {"purchased": [*FOURTEEN, "L3-19", "L1-01"]},  # 14 + 4 + 1 = 19 pts, 6 cards
    )
    assert state.outcome().winners == (1,) and state.outcome().tie_break is None


# ------------------------------------------------------- passing, all-pass end


def test_pass_is_illegal_at_the_opening() -> None:
    state = new_game(base_game(), 2, seed=3)
    assert Pass() not in state.legal_actions()
    assert "only when no other action" in refused(state, "pass")


def test_pass_is_illegal_when_only_a_reservation_is_possible() -> None:
    state = stuck_position(seats=[{"reserved": ["L3-05", "L3-06"]}, {}])
    kinds = {a.kind for a in state.legal_actions()}
    assert kinds == {"reserve", "reserve_deck"}, kinds
    refused(state, "pass")


def test_pass_is_illegal_when_only_a_buy_is_possible() -> None:
    state = stuck_position(
        market={1: ["L1-25", "L1-20", "L1-21", "L1-22"]},
        seats=[{"reserved": ["L3-05", "L3-06", "L3-07"], "purchased": ["L1-01", "L1-02", "L1-03"]}],
    )
    # Three white bonuses pay for L1-25 (white 3) with no token at all.
    assert {a.text() for a in state.legal_actions()} == {"buy L1-25"}
    refused(state, "pass")


def test_pass_is_illegal_when_only_one_token_can_be_taken() -> None:
    state = stuck_position(bank={"red": 1, "gold": 5})  # a single red token in the bank
    assert {a.text() for a in state.legal_actions()} == {"take red"}
    refused(state, "pass")


def test_forced_pass_when_no_other_action_is_legal() -> None:
    state = stuck_position()
    assert state.legal_actions() == (Pass(),)
    act(state, "pass")
    assert state.current == 1 and not state.is_over(), "one pass does not end the game"


def test_every_player_passing_in_a_round_ends_the_game() -> None:
    # Seat 2 has the most points (one purchased 1-point card).
    state = stuck_position(
        3,
        seats=[
            {"reserved": ["L3-05", "L3-06", "L3-07"]},
            {"reserved": ["L3-09", "L3-10", "L3-11"]},
            {"reserved": ["L3-13", "L3-14", "L3-15"], "purchased": ["L3-20"]},
        ],
    )
    act(state, "pass")
    act(state, "pass")
    assert not state.is_over()
    act(state, "pass")
    assert state.is_over(), "a full round of passes ends the game"
    outcome = state.outcome()
    assert outcome.reason == "all_passed"
    assert outcome.winners == (2,), "scored as usual: most points"


def test_all_pass_end_scored_with_the_tie_break() -> None:
    state = stuck_position(
        seats=[
            {"reserved": ["L3-05", "L3-06", "L3-07"], "purchased": ["L3-20", "L1-40"]},
            {"reserved": ["L3-09", "L3-10", "L3-11"], "purchased": ["L3-16", "L1-32", "L1-01"]},
        ],
    )
    act(state, "pass")
    act(state, "pass")
    outcome = state.outcome()
    assert outcome.points == (6, 6) and outcome.winners == (0,), outcome
    assert outcome.tie_break == "fewest_cards"


def test_passes_interrupted_by_an_action_do_not_end_the_game() -> None:
    state = stuck_position(
        seats=[{"reserved": ["L3-05", "L3-06", "L3-07"]}, {"reserved": ["L3-09"]}]
    )
    act(state, "pass")
    act(state, "reserve deck 1")  # seat 1 can still reserve
    act(state, "pass")
    assert not state.is_over(), "only two passes, not in one full round of passes"
    act(state, "reserve deck 1")
    act(state, "pass")
    act(state, "pass")  # seat 1 now holds three reserved cards too
    assert state.is_over() and state.outcome().reason == "all_passed"


# -------------------------------------------------------------- visibility


def _cards_in(value: Any) -> list[Any]:
    """Every Card and HiddenCard reachable from a view (through dataclasses and tuples)."""
    if isinstance(value, Card | HiddenCard):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in _cards_in(getattr(value, f.name))]
    if isinstance(value, tuple | list):
        return [c for v in value for c in _cards_in(v)]
    return []


def _visibility_position() -> GameState:
    return position(
        seats=[
            {"reserved": ["L2-05", "L1-25"], "blind": ["L2-05"]},
            {"reserved": ["L3-06", "L1-30"], "blind": ["L3-06"]},
        ]
    )


def test_own_blind_reservation_is_visible_to_its_owner() -> None:
    state = _visibility_position()
    me = observe(state, 0).me
    assert [c.id if isinstance(c, Card) else None for c in me.reserved] == ["L2-05", "L1-25"]
    assert me.reserved_blind == (True, False)


def test_others_blind_reservation_shows_only_its_level() -> None:
    state = _visibility_position()
    seen_by_1 = observe(state, 1).players[0].reserved
    assert seen_by_1[0] == HiddenCard(2), "seat 1 must see only the level of L2-05"
    assert isinstance(seen_by_1[1], Card) and seen_by_1[1].id == "L1-25", "face-up is public"
    seen_by_0 = observe(state, 0).players[1].reserved
    assert seen_by_0[0] == HiddenCard(3)
    assert isinstance(seen_by_0[1], Card) and seen_by_0[1].id == "L1-30"
    assert "L3-06" not in repr(observe(state, 0)), "seat 1's blind card leaks into seat 0's view"
    assert "L2-05" not in repr(observe(state, 1)), "seat 0's blind card leaks into seat 1's view"


def test_view_holds_no_deck_card_and_no_deck_order() -> None:
    state = _visibility_position()
    deck_ids = {c.id for deck in state.decks for c in deck}
    for seat in (0, 1):
        view = observe(state, seat)
        shown = {c.id for c in _cards_in(view) if isinstance(c, Card)}
        assert not shown & deck_ids, f"seat {seat} sees deck cards {sorted(shown & deck_ids)}"
        text = repr(view)
        leaked = sorted(i for i in deck_ids if i in text)
        assert not leaked, f"seat {seat}'s view mentions deck cards {leaked}"
        assert view.deck_sizes == state.deck_sizes(), "deck sizes are public"


def test_blind_reservation_in_play_stays_hidden_from_the_others() -> None:
    state = new_game(base_game(), 3, seed=11, first_player=0)
    top = state.decks[1][-1].id  # the engine draws from the end of the list
    act(state, "reserve deck 2")
    assert state.players[0].reserved[0].id == top
    own = observe(state, 0).me.reserved[0]
    assert isinstance(own, Card) and own.id == top
    for seat in (1, 2):
        view = observe(state, seat)
        assert view.players[0].reserved == (HiddenCard(2),)
        assert view.history == ("reserve deck 2",), "the history names only the level"
        assert top not in repr(view), f"seat {seat} can read the blind card"


def test_public_information_is_shown_to_every_seat() -> None:
    state = position(
        seats=[
            {"tokens": {"white": 2, "gold": 1}, "purchased": ["L1-01"], "nobles": ["N05"]},
            {"tokens": {"red": 1}},
        ],
        nobles=["N01", "N02", "N05"],
    )
    view = observe(state, 1)
    other = view.players[0]
    assert other.tokens == (2, 0, 0, 0, 0, 1)
    assert [c.id for c in other.purchased] == ["L1-01"]
    assert noble_ids(other.nobles) == ["N05"] and other.points == 3
    assert view.bank == tuple(state.bank)
    assert [c.id if c else None for row in view.market for c in row] == [
        c.id if c else None for c in state.market
    ]
    assert noble_ids(view.nobles) == ["N01", "N02"], "N05 was dealt, and seat 0 holds it"
    assert view.legal_actions == (), "seat 1 does not decide now: no legal actions shown"
    assert observe(state, 0).legal_actions == state.legal_actions()


def test_a_pass_with_a_noble_visit_still_counts_as_a_pass() -> None:
    """RULES.md: a noble visit "is not an action"; "if every player passes in one full
    round, the game ends". Seat 0 is forced to pass and a noble (already earned) visits
    at the end of that turn; seat 1 passes too: every player passed in one full round."""
    state = stuck_position(
        nobles=["N06", "N01", "N04"],
        market={
            1: ["L1-05", "L1-06", "L1-07", "L1-08"],
            2: ["L2-01", "L2-02", "L2-03", "L2-04"],
            3: ["L3-01", "L3-02", "L3-03", "L3-04"],
        },
        seats=[
            {"purchased": WBG3, "reserved": ["L3-05", "L3-06", "L3-07"]},
            {"reserved": ["L3-09", "L3-10", "L3-11"]},
        ],
    )
    act(state, "pass")  # seat 0 passes; N06 visits
    assert state.players[0].points == 3
    act(state, "pass")  # seat 1 passes
    assert state.is_over(), "both players passed in one full round: the game must end"
    assert state.outcome().reason == "all_passed" and state.outcome().winners == (0,)


# ------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_shows_players_plus_one_different_nobles(players: int) -> None:
    state = new_game(base_game(), players, seed=13)
    shown = noble_ids(state.nobles)
    assert len(shown) == players + 1 and len(set(shown)) == players + 1, shown
    assert set(shown) <= {n.id for n in base_game().nobles}


def test_setup_first_player_chosen_or_drawn() -> None:
    for seat in (0, 1, 2):
        state = new_game(base_game(), 3, seed=4, first_player=seat)
        assert state.current == seat and state.setup.first_player == seat
    drawn = {new_game(base_game(), 4, seed=s).current for s in range(40)}
    assert drawn <= {0, 1, 2, 3} and len(drawn) > 1, "a drawn first player varies by seed"


# ----------------------------------------------------------- endless play


def test_the_game_sets_no_round_cap() -> None:
    """The engine itself never stops an endless game (tools do). Both seats hold ten
    tokens and take three, then return those three; the bank keeps one white, two blue
    and two green between turns."""
    state = position(
        seats=[{"tokens": {"red": 4, "black": 4, "gold": 2}},
               {"tokens": {"white": 3, "blue": 2, "green": 2, "gold": 3}}],
        turns=5000,
    )
    for _ in range(400):
        act(state, "take white blue green")
        act(state, "return white blue green")
    assert not state.is_over(), "no cap on rounds in the game itself"
    assert state.round == (5000 + 400) // 2 + 1 and state.current == 0
    assert state.legal_actions(), "the game goes on"
