"""The module value terms weighed by `blocked`, `guard` (Strongholds) and `post_time`
(Trading Posts): a card under another's stronghold costs the seat it is kept from, a
stronghold step is worth the card it keeps from the opponent closest to it, a trading
post's power is worth more early than late; each weight at 0 leaves the value as it was.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.value import Evaluator, situation_from_state, situation_from_view
from splendor.bots.value.situation import Weights
from splendor.bots.value.trading_posts import TradingPostsValue
from splendor.engine import GameState, Phase, build_position, new_game, observe, parse_action
from splendor.engine.actions import Stronghold
from splendor.gamedata import base_game

DATA = base_game()
_HARD = shipped_profiles()["hard"]
assert isinstance(_HARD, HeuristicProfile)
HARD: HeuristicProfile = _HARD
#: Seat 1 can pay for L2-06 now (two white bonuses, four white tokens).
MARKET = {1: ["L1-04", "L1-09", "L1-17", "L1-33"], 2: ["L2-06", "L2-07", "L2-08", "L2-11"]}
SEATS: list[dict[str, Any]] = [{"tokens": {"blue": 2, "black": 2}},
         {"purchased": ["L1-01", "L1-02"], "tokens": {"white": 4}}]


def weights(module: str, **changes: Any) -> Weights:
    return dataclasses.replace(HARD.weights_for(module), **changes)


def strongholds(holds: dict[str, tuple[int, int]] | None = None) -> GameState:
    return build_position(DATA, 2, module="strongholds", partial=True,
                          nobles=["N01", "N05", "N10"], seats=SEATS, market=MARKET,
                          holds=holds or {})


def value(state: GameState, seat: int, w: Weights) -> float:
    ev = Evaluator(w)
    s = situation_from_state(state, seat, w)
    return ev.value(s, s.me, s.market)


def prospect(state: GameState, seat: int, w: Weights, card_id: str) -> float:
    """`seat`'s prospect of the market card `card_id` (a plain card)."""
    ev = Evaluator(w)
    s = situation_from_state(state, seat, w)
    card = next(c for c in s.market if c.id == card_id)
    worth = card.points + w.card_bonus * s.demand[card.bonus]
    return worth * ev.decay[s.terms.missing(s.me, card) if s.terms else 0]


# Strongholds: being blocked


def test_a_card_under_anothers_stronghold_costs_the_seat_it_is_kept_from() -> None:
    free, held = strongholds(), strongholds({"L2-06": (0, 1)})
    zero, one = weights("strongholds", blocked=0.0), weights("strongholds", blocked=1.0)
    lost_before = value(free, 1, zero) - value(held, 1, zero)
    lost_now = value(free, 1, one) - value(held, 1, one)
    # Seat 1 could buy L2-06 now: blocked, it loses that card's whole prospect more.
    assert lost_now - lost_before == pytest.approx(prospect(free, 1, one, "L2-06"))
    assert lost_now > lost_before + 1.0
    # The holder loses nothing by it, and with no stronghold the weight changes nothing.
    assert value(held, 0, one) == value(held, 0, zero)
    assert value(free, 1, one) == value(free, 1, zero)


def test_the_hard_bot_lifts_the_stronghold_off_the_card_it_wants_more_with_blocked() -> None:
    # Seat 1's lone stronghold sits on L2-06, which seat 0 (two white bonuses, four
    # white tokens) could buy; seat 0 buys L1-04 and chooses its stronghold step.
    seats = [SEATS[1] | {"tokens": {"white": 4, "blue": 2, "black": 2}}, {}]
    state = build_position(DATA, 2, module="strongholds", partial=True,
                           nobles=["N01", "N05", "N10"], seats=seats, market=MARKET,
                           holds={"L2-06": (1, 1)})
    state.apply(parse_action("buy L1-04"))
    assert state.phase is Phase.STRONGHOLD
    remove = Stronghold("remove", "L2-06")
    gains = []
    for blocked in (0.0, 1.0):
        by_action = step_scores(state, weights("strongholds", blocked=blocked))
        gains.append(by_action[remove] - max(v for a, v in by_action.items() if a != remove))
    assert gains[1] > gains[0]
    assert gains[1] > 0


# Strongholds: the worth of blocking


def step_scores(state: GameState, w: Weights) -> dict[object, float]:
    view = observe(state, state.current)
    ev = Evaluator(w)
    s = situation_from_view(view, DATA, w)
    world = state.clone()
    scores = ev.score_actions(s, view.legal_actions, lambda: world)
    return dict(zip(view.legal_actions, scores, strict=True))


def test_guard_values_the_card_the_opponent_is_closest_to() -> None:
    state = strongholds()
    state.apply(parse_action("buy L1-04"))
    assert state.phase is Phase.STRONGHOLD
    # Only the guard term tells the placements apart: no worth of one's own holds, no
    # opponent's loss, no cost of being blocked.
    quiet = {"hold": 0.0, "block": 0.0, "blocked": 0.0}
    without = step_scores(state, weights("strongholds", guard=0.0, **quiet))
    with_guard = step_scores(state, weights("strongholds", guard=2.0, **quiet))
    assert len(set(without.values())) == 1, without
    best = max(with_guard, key=with_guard.__getitem__)
    assert best == Stronghold("place", "L2-06")
    # Worth twice seat 1's prospect of L2-06 (it can buy it now: no decay).
    gain = with_guard[best] - without[best]
    assert gain == pytest.approx(2.0 * prospect(state, 1, weights("strongholds"), "L2-06"))
    # A card seat 1 lacks many tokens for is worth far less to block.
    far = with_guard[Stronghold("place", "L2-11")] - without[Stronghold("place", "L2-11")]
    assert 0 <= far < gain / 4


# Trading Posts: a power over the rest of the game


def test_a_posts_power_is_worth_more_early_than_late() -> None:
    state = new_game(DATA, 2, 3, module="trading-posts")
    for post_time, early_scale in ((0.0, 1.0), (2.0, 3.0)):
        w = weights("trading-posts", post_time=post_time)
        ev = Evaluator(w)
        s = situation_from_state(state, 0, w)
        me = dataclasses.replace(s.me, posts=(1,))
        early = TradingPostsValue.own_value(ev, s, me)
        s.opponents[0].points = s.target - 3  # the opponent nears the target
        late = TradingPostsValue.own_value(ev, s, me)
        s.opponents[0].points = s.target
        over = TradingPostsValue.own_value(ev, s, me)
        powers = TradingPostsValue.powers(ev, s, me)
        assert powers == (w.post_gem, w.post_extra, w.post_gold)  # the game is all played
        if post_time:
            assert early > late > over
            s.opponents[0].points = 0
            assert TradingPostsValue.powers(ev, s, me)[0] == pytest.approx(
                early_scale * w.post_gem)
        else:
            assert early == late == over
