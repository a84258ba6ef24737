"""The greedy, the yardstick of the lower levels (issue 60): legal moves from its view in
every game type, and each of its rules in a built position: it buys what brings most
points (a noble's visit and a trading post's claim count), takes towards the nearest
trading post, and puts its strongholds on the card its opponent lacks fewest tokens for.
"""

from __future__ import annotations

from typing import Any

import pytest

from splendor.bots import make_bot
from splendor.engine import Buy, GameState, Phase, Take, TakeTwo, build_position, observe
from splendor.engine.actions import Stronghold
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game
from splendor.match import play_match
from tests.bots.test_bots_modules import Checked

DATA = base_game()


def greedy_choice(state: GameState) -> object:
    view = observe(state, state.current)
    assert len(view.legal_actions) > 1
    return make_bot("greedy", 1, data=DATA).choose(view)


@pytest.mark.parametrize("module", [None, *module_ids()])
def test_the_greedy_plays_legal_moves_from_its_view_in_every_game_type(
    module: str | None,
) -> None:
    for game in range(2):
        other = ("greedy", "medium")[game]
        bots = [Checked(make_bot(n, game * 10 + s, data=DATA))
                for s, n in enumerate(("greedy", other))]
        result = play_match(DATA, bots, 70 + game, first_player=game, module=module)
        assert result.finished, (module, other)
        # Its module's own steps came up and were answered from its view.
        assert bots[0].decisions > 20


def test_a_nobles_visit_counts_among_the_points_a_purchase_brings() -> None:
    # Three white and four blue bonuses: L1-02 (white, no points) brings N01 (four of
    # each, 3 points); L1-16 (blue) is worth 1 point by itself and brings no noble.
    state = build_position(
        DATA, 2, partial=True, nobles=["N01", "N03", "N05"],
        seats=[{"purchased": ["L1-01", "L1-03", "L1-04", "L1-09", "L1-10", "L1-11",
                              "L1-12"], "tokens": {"red": 4}}, {}],
        market={1: ["L1-02", "L1-16", "L1-17", "L1-33"],
                2: ["L2-17", "L2-18", "L2-23", "L2-24"]},
    )
    assert greedy_choice(state) == Buy("L1-02")


def test_a_trading_posts_points_count_among_the_points_a_purchase_brings() -> None:
    # Four green bonuses and a noble: L1-21 (green) claims post 4 (five green and a
    # noble: 5 points); L1-16 is worth 1 point by itself.
    state = build_position(
        DATA, 2, partial=True, module="trading-posts", nobles=["N03", "N02", "N05"],
        seats=[{"purchased": ["L1-09", "L1-10", "L1-11", "L1-12", "L1-17", "L1-18", "L1-19",
                              "L1-20"], "nobles": ["N03"], "tokens": {"red": 4}}, {}],
        market={1: ["L1-21", "L1-16", "L1-02", "L1-33"]},
    )
    assert greedy_choice(state) == Buy("L1-21")


@pytest.mark.parametrize("module", [None, "trading-posts"])
def test_in_trading_posts_it_takes_towards_the_nearest_post(module: str | None) -> None:
    # Two black bonuses: post 5 (three black) is one short, the nearest. L1-17 (green)
    # lacks one blue; L1-37 (black, three green) lacks three: the base game's greedy
    # takes a blue, Trading Posts' goes for the black card's greens.
    state = build_position(
        DATA, 2, partial=True, module=module, nobles=["N01", "N02", "N05"],
        seats=[{"purchased": ["L1-33", "L1-34"], "tokens": {"white": 2}}, {}],
        market={1: ["L1-17", "L1-37", "L1-02", "L1-09"]},
    )
    choice = greedy_choice(state)
    if module is None:
        assert isinstance(choice, Take) and 1 in choice.colors, choice
    else:
        assert choice == TakeTwo(2), choice


def strongholds(**kwargs: Any) -> GameState:
    """Seat 1 (two white bonuses, four white tokens) can pay for L2-06 now; seat 0 buys
    L1-04 and chooses its stronghold step."""
    state = build_position(
        DATA, 2, partial=True, module="strongholds", nobles=["N01", "N05", "N10"],
        seats=[{"tokens": {"blue": 2, "black": 2}},
               {"purchased": ["L1-01", "L1-02"], "tokens": {"white": 4}}],
        market={1: ["L1-04", "L1-09", "L1-17", "L1-33"],
                2: ["L2-06", "L2-07", "L2-08", "L2-11"]},
        **kwargs,
    )
    state.apply(Buy("L1-04"))
    assert state.phase is Phase.STRONGHOLD
    return state


def test_in_strongholds_it_blocks_the_card_its_opponent_lacks_fewest_tokens_for() -> None:
    assert greedy_choice(strongholds()) == Stronghold("place", "L2-06")


def test_with_none_left_to_place_it_moves_the_one_its_opponent_needs_least() -> None:
    # All three on cards seat 1 lacks 8 (L2-07), 7 (L2-08) and 5 (L2-11) tokens for.
    state = strongholds(holds={"L2-07": (0, 1), "L2-08": (0, 1), "L2-11": (0, 1)})
    assert greedy_choice(state) == Stronghold("move", "L2-06", "L2-07")
