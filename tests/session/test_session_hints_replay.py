"""Hints come from the seat's view and are legal; a replay shows every position exactly."""

from __future__ import annotations

import random

import pytest

from splendor.engine import (
    Buy,
    GameState,
    HiddenCard,
    Reserve,
    Take,
    make_record,
    new_game,
    observe,
)
from splendor.gamedata import base_game
from splendor.session.bot_process import InlineBots, Request, decide, fresh_random_state
from splendor.session.game import Session
from splendor.session.hints import explain
from splendor.session.replay import ReplayCursor, public_view
from splendor.session.seats import GameOptions, SeatOption

DATA = base_game()


def random_game(seed: int, actions: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(DATA, 3, seed)
    while not state.is_over() and len(state.history) < actions:
        state.apply(rng.choice(state.legal_actions()))
    return state


def hint_session(competitive: bool = False) -> Session:
    seats = (SeatOption("human", "Ada"), SeatOption("hard", "Bot"))
    session = Session(DATA, GameOptions(seats, first_player=0, seed=5, competitive=competitive),
                      InlineBots())
    session.hint_simulations = 24
    return session


def test_a_hint_is_a_legal_action_for_the_player_to_move_with_a_reason() -> None:
    session = hint_session()
    assert session.request_hint() is None
    session.poll()
    hint = session.hint
    assert hint is not None and hint.seat == 0
    assert hint.action in session.view().legal_actions
    assert hint.reason.code in {"towards", "tokens", "reserve_towards", "reserve_deck",
                                "block", "buy_points", "buy_bonus"}
    assert session.counters.hints == 1
    session.play(hint.action)
    assert session.hint is None  # a move clears the suggestion


def test_hints_are_refused_in_competitive_games_and_on_a_bots_turn() -> None:
    session = hint_session(competitive=True)
    reason = session.request_hint()
    assert reason is not None and reason.code == "hint_competitive"
    session = hint_session()
    session.play(session.view().legal_actions[0])
    reason = session.request_hint()
    assert reason is not None and reason.code == "hint_not_your_turn"


def test_the_hint_bot_decides_from_the_view_alone() -> None:
    """Two games that differ only in what seat 0 cannot see get the same suggestion."""
    state = random_game(3, 30)
    seat = state.current
    other = state.clone()
    # Reverse every deck: the order is hidden from every seat.
    for deck in other.decks:
        deck.reverse()
    assert observe(state, seat) == observe(other, seat)
    answers = [decide(Request(1, "expert", 9, fresh_random_state(9), observe(s, seat),
                              simulations=30), DATA) for s in (state, other)]
    assert answers[0].action == answers[1].action
    assert answers[0].action in state.legal_actions()


def test_a_buy_that_brings_a_noble_says_so() -> None:
    for seed in range(200):
        state = random_game(seed, 400)
        history = list(state.history)
        replay = new_game(DATA, 3, seed)
        for action in history:
            seat = replay.current
            if isinstance(action, Buy):
                before = len(replay.players[seat].nobles)
                view = observe(replay, seat)
                replay.apply(action)
                if len(replay.players[seat].nobles) > before and view.noble_candidates == ():
                    hint = explain(view, action, DATA)
                    assert hint.reason.code == "buy_noble"
                    assert hint.reason.noble == replay.players[seat].nobles[-1].id
                    return
            else:
                replay.apply(action)
    pytest.fail("no game with a noble won by a buy")


def test_reserving_a_card_an_opponent_can_buy_is_a_block() -> None:
    for seed in range(100):
        state = random_game(seed, 60)
        if state.is_over():
            continue
        seat = state.current
        view = observe(state, seat)
        for action in view.legal_actions:
            if not isinstance(action, Reserve):
                continue
            card = DATA.card_by_id[action.card_id]
            buyers = [s for s in range(state.num_players) if s != seat and
                      any(isinstance(a, Buy) and a.card_id == card.id
                          for a in _legal_for(state, s))]
            if buyers:
                hint = explain(view, action, DATA)
                assert hint.reason.code == "block"
                assert hint.reason.seat in buyers
                return
    pytest.fail("no position with a blockable card")


def _legal_for(state: GameState, seat: int) -> tuple:
    """The buys `seat` could make if it were their turn (same position)."""
    probe = state.clone()
    probe.current = seat
    probe._legal = None
    return probe.legal_actions()


def test_a_take_names_the_card_it_works_towards() -> None:
    state = new_game(DATA, 2, 8)
    view = observe(state, state.current)
    take = next(a for a in view.legal_actions if isinstance(a, Take))
    hint = explain(view, take, DATA)
    assert hint.reason.code == "towards"
    card = DATA.card_by_id[hint.reason.card]
    assert any(card.cost[c] for c in take.colors)


@pytest.mark.parametrize("seed", [1, 2])
def test_every_replay_position_equals_a_fresh_replay_to_that_point(seed: int) -> None:
    final = random_game(seed, 120)
    cursor = ReplayCursor(DATA, make_record(final))
    assert len(cursor) == len(final.history)
    order = list(range(len(cursor) + 1))
    random.Random(seed).shuffle(order)
    for k in order:
        assert cursor.jump(k)
        fresh = GameState.from_setup(DATA, final.setup)
        for action in final.history[:k]:
            fresh.apply(action)
        for seat in range(final.num_players):
            assert cursor.view(seat) == observe(fresh, seat)
        assert cursor.scores() == fresh.scores()


def test_the_cursor_steps_and_stays_in_range() -> None:
    final = random_game(4, 30)
    cursor = ReplayCursor(DATA, make_record(final))
    assert cursor.position == len(cursor)
    assert not cursor.forward()
    assert cursor.back() and cursor.position == len(cursor) - 1
    assert cursor.jump(0) and not cursor.back()
    assert not cursor.jump(len(cursor) + 1) and cursor.position == 0
    assert [e.action for e in cursor.log] == list(final.history)


def test_a_replay_cannot_change_the_game_it_was_made_from() -> None:
    final = random_game(6, 50)
    before = final.clone()
    cursor = ReplayCursor(DATA, make_record(final))
    cursor.jump(10)
    cursor.view(0)
    cursor.jump(len(cursor))
    assert final == before


def test_the_public_view_hides_every_blind_reservation() -> None:
    for seed in range(50):
        state = random_game(seed, 80)
        blind = [(s, c) for s, p in enumerate(state.players) for c in p.reserved
                 if c.id in p.blind]
        if not any(s == 0 for s, _ in blind):
            continue
        view = public_view(state)
        shown = {c.id for p in view.players for c in p.reserved if not isinstance(c, HiddenCard)}
        assert not shown & {c.id for _, c in blind}
        assert view.legal_actions == ()
        return
    pytest.fail("no game where seat 0 reserved blind")
