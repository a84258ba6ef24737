"""Trading Posts (RULES_CITIES.md, "Trading Posts"): one scenario per ruling, each from a
position built for it.

The posts (levels_data/trading_posts.yaml): 1 needs 1 white 3 red (a gem after a
purchase), 2 needs 2 white (an extra gem when taking two), 3 needs 3 blue 1 black (a gold
pays two of one colour), 4 needs 5 green and a noble (5 points), 5 needs 3 black (a point
per own coat of arms)."""

# A test checks a state's phase before a move and again after it; mypy keeps the first
# check's narrowing across the move and calls the second "non-overlapping".
# mypy: disable-error-code="comparison-overlap"

from __future__ import annotations

import pytest

from splendor.engine import GOLD, Phase, PositionError
from splendor.engine.actions import ChoosePost, TakeGem
from splendor.engine.expansion import ExpansionState
from splendor.engine.state import new_game
from tests.engine.modules.support import (
    DATA,
    act,
    check_module_invariants,
    legal_texts,
    market_ids,
    of_kind,
    position,
)

WHITE1_RED3 = ["L1-01", "L1-25", "L1-26", "L1-27"]   # meets post 1
WHITE2 = ["L1-01", "L1-02"]                          # meets post 2
BLUE3_BLACK1 = ["L1-09", "L1-10", "L1-11", "L1-33"]  # meets post 3
GREEN5 = ["L1-17", "L1-18", "L1-19", "L1-20", "L1-21"]
BLACK3 = ["L1-33", "L1-34", "L1-35"]                 # meets post 5
GEMS_TEXT = ["gem white", "gem blue", "gem green", "gem red", "gem black"]


def posts(**kwargs: object) -> ExpansionState:
    return position("trading-posts", **kwargs)


def test_setup_is_the_base_game_with_nobles_and_no_post_held() -> None:
    for players in (2, 3, 4):
        state = new_game(DATA, players, 5, module="trading-posts")
        assert isinstance(state, ExpansionState)
        assert len(state.nobles) == players + 1
        assert all(p.posts == [] for p in state.players)
        assert [post.id for post in DATA.posts] == [1, 2, 3, 4, 5]


def test_a_post_is_claimed_at_the_end_of_the_turn_right_after_the_noble() -> None:
    # Buying the fourth red brings N04 (4 green 4 red); with that noble, 5 green meet post 4
    # in the same turn.
    state = posts(nobles=["N04", "N01", "N02"], market={1: ["L1-28"]},
                  seats=[{"purchased": [*GREEN5, "L1-25", "L1-26", "L1-27"],
                          "tokens": {"white": 2, "red": 2}}])
    act(state, "take white blue green")  # no noble yet: post 4 is out of reach
    assert state.players[0].posts == []
    state = posts(nobles=["N04", "N01", "N02"], market={1: ["L1-28"]},
                  seats=[{"purchased": [*GREEN5, "L1-25", "L1-26", "L1-27"],
                          "tokens": {"white": 2, "red": 2}}])
    act(state, "buy L1-28")
    p = state.players[0]
    assert [n.id for n in p.nobles] == ["N04"] and p.posts == [4]
    assert p.points == 3 + 5
    assert state.phase is Phase.MAIN and state.current == 1
    check_module_invariants(state)
    # post 4 gives its five points once
    act(state, "take white blue green", "take white blue black", "take white blue green")
    assert state.players[0].points == 8 and state.players[0].posts == [4]


def test_post_four_needs_a_noble() -> None:
    state = posts(seats=[{"purchased": [*GREEN5, "L1-22", "L1-23"]}])
    act(state, "take white blue green")
    assert state.players[0].posts == []
    with pytest.raises(PositionError, match=r"post 4 without meeting it.*and a noble"):
        posts(seats=[{"purchased": GREEN5, "posts": [4]}])


def test_one_post_per_turn_and_a_choice_when_several_qualify() -> None:
    state = posts(seats=[{"purchased": WHITE2 + BLACK3}])
    act(state, "take white blue green")
    assert state.phase is Phase.POST and state.current == 0
    assert legal_texts(state) == ["post 2", "post 5"]
    assert [post.id for post in state.choices()] == [2, 5]
    check_module_invariants(state)
    refused = state.why_illegal(ChoosePost(1))
    assert refused is not None and refused.code == "not_offered"
    act(state, "post 5")
    assert state.players[0].posts == [5] and state.players[0].points == 1
    assert state.phase is Phase.MAIN and state.current == 1
    # the other post is claimed on a later turn (here a take turn)
    act(state, "take white blue green", "take red black white")
    p = state.players[0]
    assert p.posts == [5, 2] and p.points == 2  # post 5 grew with the second coat
    check_module_invariants(state)


def test_several_players_may_hold_the_same_post() -> None:
    state = posts(current=1, turns=1,
                  seats=[{"purchased": WHITE2, "posts": [2]}, {"purchased": ["L1-03", "L1-04"]}])
    act(state, "take white blue green")
    assert state.players[0].posts == [2] and state.players[1].posts == [2]


def test_post_one_gives_a_gem_after_a_purchase_before_the_refill() -> None:
    # The bank has no blue left; seat 0 pays three blue for L1-02, then may take one of
    # them back: the gem comes before the market refills.
    state = posts(market={1: ["L1-02"]},
                  seats=[{"purchased": WHITE1_RED3, "posts": [1], "tokens": {"blue": 3}},
                         {"tokens": {"blue": 1}}])
    assert state.bank[1] == 0
    deck_top = state.decks[0][-1].id
    act(state, "buy L1-02")
    assert state.phase is Phase.GEM and state.step() == (Phase.GEM, -1)
    assert legal_texts(state) == GEMS_TEXT  # blue, just spent, included; never gold
    assert state.market[0] is None, "the market refills after the gem"
    check_module_invariants(state)
    refused = state.why_illegal(parse("take white blue green"))
    assert refused is not None and refused.code == "gem_first"
    act(state, "gem blue")
    assert state.players[0].tokens[1] == 1 and state.bank[1] == 2
    assert market_ids(state)[0] == deck_top
    assert state.phase is Phase.MAIN and state.current == 1
    check_module_invariants(state)
    # a take or reserve turn brings no gem
    act(state, "take white green red", "reserve L2-01")
    assert state.phase is Phase.MAIN and state.current == 1


def parse(text: str) -> object:
    from splendor.engine import parse_action

    return parse_action(text)


def test_post_one_gives_nothing_on_the_turn_it_is_placed() -> None:
    state = posts(market={1: ["L1-28"]},
                  seats=[{"purchased": ["L1-01", "L1-25", "L1-26"],
                          "tokens": {"white": 2, "red": 2}}])
    act(state, "buy L1-28")  # the third red: post 1 claimed at the end of this turn
    assert state.players[0].posts == [1]
    assert state.phase is Phase.MAIN and state.current == 1
    assert [a.kind for a in state.history] == ["buy"]


def test_post_two_adds_a_token_of_another_colour_when_taking_two() -> None:
    state = posts(seats=[{"purchased": WHITE2, "posts": [2]}, {"tokens": {"white": 4}}])
    act(state, "take2 blue")
    assert state.phase is Phase.GEM and state.step() == (Phase.GEM, 1)
    # not blue, not white (none left), never gold
    assert legal_texts(state) == ["gem green", "gem red", "gem black"]
    act(state, "gem red")
    assert state.players[0].tokens == [0, 2, 0, 1, 0, 0]
    check_module_invariants(state)
    # taking three different brings nothing
    act(state, "take blue green red", "take blue green black")
    assert state.phase is Phase.MAIN and state.current == 1


def test_post_two_gives_nothing_when_no_other_colour_is_left() -> None:
    state = posts(bank={"blue": 4, "gold": 5}, partial=True,
                  seats=[{"purchased": WHITE2, "posts": [2]}])
    act(state, "take2 blue")
    assert state.phase is Phase.MAIN and state.current == 1


def test_post_two_still_needs_a_pile_of_four() -> None:
    state = posts(seats=[{"purchased": WHITE2, "posts": [2]}, {"tokens": {"blue": 1}}])
    assert "take2 blue" not in legal_texts(state)
    assert "take2 green" in legal_texts(state)


def test_post_three_lets_one_gold_pay_two_of_one_colour() -> None:
    # L1-32 costs 4 white: two white tokens and one gold pay it with post 3
    seat = {"purchased": BLUE3_BLACK1, "tokens": {"white": 2, "gold": 1}}
    state = posts(market={1: ["L1-32"]}, seats=[seat])
    assert "buy L1-32" not in legal_texts(state)
    state = posts(market={1: ["L1-32"]}, seats=[{**seat, "posts": [3]}])
    assert "buy L1-32" in legal_texts(state)
    assert state.why_illegal(parse("buy L1-32 pay white white gold")) is None
    assert state.why_illegal(parse("buy L1-32 pay white gold")) is not None
    act(state, "buy L1-32")
    assert state.players[0].tokens == [0] * 6 and state.bank[GOLD] == 5
    check_module_invariants(state)


def test_post_three_gold_pays_two_of_one_colour_only() -> None:
    # L1-26 costs 2 white 1 blue 1 green 1 black; blue and black come from bonuses, so
    # 2 white and 1 green are owed: one gold is not enough (it cannot split its two).
    seat = {"purchased": BLUE3_BLACK1, "posts": [3], "tokens": {"gold": 1}}
    state = posts(market={1: ["L1-26"]}, seats=[seat])
    assert "buy L1-26" not in legal_texts(state)
    state = posts(market={1: ["L1-26"]}, seats=[{**seat, "tokens": {"gold": 2}}])
    assert "buy L1-26" in legal_texts(state)
    act(state, "buy L1-26")
    assert state.players[0].tokens[GOLD] == 0


def test_a_gold_of_post_three_still_counts_as_one_token() -> None:
    seat = {"purchased": BLUE3_BLACK1, "posts": [3],
            "tokens": {"white": 2, "blue": 2, "green": 2, "gold": 2}}
    state = posts(seats=[seat])
    act(state, "take2 black")
    assert sum(state.players[0].tokens) == 10
    assert state.phase is Phase.MAIN and state.current == 1  # nothing to return
    state = posts(seats=[seat])
    act(state, "take red black white")
    assert state.phase is Phase.RETURN and state.excess_tokens() == 1


def test_post_five_counts_own_coats_of_arms_including_itself() -> None:
    state = posts(seats=[{"purchased": WHITE2 + BLACK3, "posts": [2]}])
    assert state.players[0].points == 0
    act(state, "take white blue green")
    assert state.players[0].posts == [2, 5] and state.players[0].points == 2
    # it grows as more posts are claimed
    state = posts(market={1: ["L1-28"]},
                  seats=[{"purchased": WHITE2 + BLACK3 + ["L1-25", "L1-26"], "posts": [2, 5],
                          "tokens": {"white": 2, "red": 2}}])
    assert state.players[0].points == 2
    act(state, "buy L1-28")
    assert state.players[0].posts == [2, 5, 1] and state.players[0].points == 3
    check_module_invariants(state)


def test_post_points_count_toward_fifteen_and_start_the_final_round() -> None:
    # 12 points of cards, posts 1 and 2 held; post 5 is worth 3 with its own coat
    cards = ["L3-04", "L3-02", "L3-01", "L1-25", "L1-26", "L1-27", *BLACK3]
    state = posts(seats=[{"purchased": cards, "posts": [1, 2]}])
    assert state.players[0].points == 12 and not state.final_round
    act(state, "take white blue green")
    assert state.players[0].points == 15 and state.final_round
    act(state, "take white blue green")
    assert state.is_over() and state.end_reason == "target"
    assert state.outcome().winners == (0,)
    check_module_invariants(state)


def test_the_ten_token_limit_is_checked_after_post_two() -> None:
    state = posts(seats=[{"purchased": WHITE2, "posts": [2],
                          "tokens": {"white": 2, "green": 2, "red": 2, "black": 2}}])
    act(state, "take2 blue")
    assert state.phase is Phase.GEM  # ten tokens: the gem first, then the limit
    act(state, "gem white")
    assert state.phase is Phase.RETURN and state.excess_tokens() == 1
    act(state, "return white")
    assert state.phase is Phase.MAIN and state.current == 1
    check_module_invariants(state)


def test_the_ten_token_limit_is_checked_after_post_one() -> None:
    # L1-23 costs 3 red: the red bonuses pay it all, so ten tokens stay ten, then the gem
    state = posts(market={1: ["L1-23"]},
                  seats=[{"purchased": WHITE1_RED3, "posts": [1], "tokens": {
                      "white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}}])
    act(state, "buy L1-23")
    assert state.phase is Phase.GEM
    assert state.why_illegal(TakeGem(0)) is None
    act(state, "gem green")
    assert state.phase is Phase.RETURN and state.excess_tokens() == 1
    act(state, "return green")
    assert state.phase is Phase.MAIN
    check_module_invariants(state)


def test_a_post_held_must_be_met() -> None:
    with pytest.raises(PositionError, match="seat 0 holds post 2 without meeting it"):
        posts(seats=[{"posts": [2]}])
    with pytest.raises(PositionError, match="no trading post 6"):
        posts(seats=[{"posts": [6]}])
    assert of_kind(posts(), "post") == []


def test_posts_count_bonuses_not_tokens() -> None:
    state = posts(seats=[{"tokens": {"white": 2, "red": 3, "black": 3}}])
    act(state, "take blue green red")
    assert state.players[0].posts == []
