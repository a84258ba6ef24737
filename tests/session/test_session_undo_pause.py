"""The session: bots move through it, undo rolls back exactly, pause stops everything."""

from __future__ import annotations

import pytest

from splendor.engine import GameState, Phase, build_position, observe, parse_action
from splendor.gamedata import base_game
from splendor.session.bot_process import InlineBots
from splendor.session.game import Session
from splendor.session.seats import GameOptions, SeatOption
from tests.helpers import position_session

DATA = base_game()


def options(*kinds: str, competitive: bool = False, seed: int = 11) -> GameOptions:
    seats = tuple(SeatOption(k, f"{k} {i}") for i, k in enumerate(kinds))
    return GameOptions(seats, first_player=0, seed=seed, competitive=competitive)


def settle(session: Session, limit: int = 200) -> None:
    """Let bots move until a human must act or the game ends."""
    for _ in range(limit):
        if session.is_over() or session.human_to_act():
            return
        session.poll()
        session.commit_incoming()
    raise AssertionError("the bots did not reach a human decision")


def human_move(session: Session, pick: int = 0) -> None:
    """The human plays a legal action chosen by index (from their own view)."""
    actions = session.view().legal_actions
    assert session.play(actions[pick % len(actions)]) is None


def history_texts(session: Session) -> list[str]:
    return [a.text() for a in session.state.history]


def test_bots_move_and_the_log_follows_the_history() -> None:
    session = Session(DATA, options("human", "hard", "medium"), InlineBots())
    for turn in range(5):
        settle(session)
        human_move(session, turn)
    settle(session)
    assert len(session.log) == len(session.state.history) > 10
    assert [e.action for e in session.log] == list(session.state.history)
    assert [e.index for e in session.log] == list(range(len(session.log)))


def test_undo_restores_the_position_before_the_humans_last_move() -> None:
    session = Session(DATA, options("human", "hard"), InlineBots())
    for turn in range(4):
        settle(session)
        human_move(session, turn)
    settle(session)
    while True:  # until a move of the human's is followed by the bot's reply
        before = history_texts(session)
        starts_a_move = session.view().phase is Phase.MAIN
        human_move(session, 3)
        settle(session)
        if starts_a_move and len(history_texts(session)) > len(before) + 1:
            break
    assert session.undo() is None
    assert history_texts(session) == before
    assert session.human_to_act()
    assert session.counters.undos == 1
    fresh = GameState.from_setup(DATA, session.state.setup)
    for action in session.state.history:
        fresh.apply(action)
    assert observe(fresh, 0) == session.view(0)


def test_after_undo_the_same_move_brings_the_same_bot_replies() -> None:
    session = Session(DATA, options("human", "hard", "medium"), InlineBots())
    for turn in range(3):
        settle(session)
        human_move(session, turn)
    settle(session)
    human_move(session, 5)
    settle(session)
    first = history_texts(session)
    assert session.undo() is None
    human_move(session, 5)
    settle(session)
    assert history_texts(session) == first


def test_undo_goes_back_several_steps() -> None:
    session = Session(DATA, options("human", "medium"), InlineBots())
    marks = []
    for turn in range(4):
        settle(session)
        marks.append(history_texts(session))
        human_move(session, turn)
    settle(session)
    for expected in reversed(marks):
        assert session.undo() is None
        assert history_texts(session) == expected
    assert session.why_no_undo() is not None
    assert session.why_no_undo().code == "undo_nothing"


@pytest.mark.parametrize(("kinds", "competitive", "code"), [
    (("human", "hard"), True, "undo_competitive"),
    (("human", "human", "hard"), False, "undo_several_humans"),
])
def test_undo_is_refused_where_the_rules_of_fairness_say(kinds: tuple[str, ...],
                                                         competitive: bool, code: str) -> None:
    session = Session(DATA, options(*kinds, competitive=competitive), InlineBots())
    for turn in range(2):
        settle(session)
        human_move(session, turn)
    before = history_texts(session)
    reason = session.undo()
    assert reason is not None and reason.code == code
    assert history_texts(session) == before
    assert session.counters.undos == 0


def test_a_resumed_game_can_be_undone_and_goes_on_as_it_would_have() -> None:
    first = Session(DATA, options("human", "hard"), InlineBots())
    for turn in range(3):
        settle(first)
        human_move(first, turn)
    settle(first)
    resumed = Session(DATA, first.options, InlineBots(), state=first.state.clone())
    for session in (first, resumed):
        human_move(session, 2)
        settle(session)
    assert history_texts(resumed) == history_texts(first)
    assert resumed.undo() is None
    assert first.undo() is None
    assert history_texts(resumed) == history_texts(first)


def test_pause_stops_every_move_and_resume_goes_on_identically() -> None:
    paused = Session(DATA, options("hard", "medium", seed=4), InlineBots())
    straight = Session(DATA, options("hard", "medium", seed=4), InlineBots())
    paused.poll()  # a decision is under way
    paused.pause()
    for _ in range(50):
        paused.poll()
        paused.commit_incoming()
    assert paused.state.history == []
    paused.resume()
    for session in (paused, straight):
        for _ in range(40):
            session.poll()
            session.commit_incoming()
    assert history_texts(paused) == history_texts(straight)
    assert len(history_texts(paused)) >= 20


def test_an_incoming_bot_move_waits_while_paused() -> None:
    session = Session(DATA, options("hard", "medium"), InlineBots())
    session.poll()
    session.poll()
    assert session.incoming is not None
    session.pause()
    session.commit_incoming()
    assert session.state.history == []
    session.resume()
    session.commit_incoming()
    assert len(session.state.history) == 1


def test_a_paused_human_cannot_move() -> None:
    session = Session(DATA, options("human", "hard"), InlineBots())
    session.pause()
    reason = session.play(session.view().legal_actions[0])
    assert reason is not None and reason.code == "paused"
    assert session.state.history == []


def test_a_failing_bot_stops_the_game_with_its_reason() -> None:
    session = Session(DATA, options("hard", "bogus"), InlineBots())
    for _ in range(10):
        session.poll()
        session.commit_incoming()
    assert len(session.state.history) == 1  # the hard bot moved, then "bogus" could not
    assert session.bot_error is not None and "bogus" in session.bot_error
    assert session.incoming is None


def test_undo_takes_the_whole_move_back_with_the_steps_it_brought() -> None:
    """Ten tokens and twelve cards: taking three means giving three back, then choosing
    among three nobles. Undo at the noble choice takes the take back, not only the
    return (as the boxes' Undo says)."""
    cards = ["L1-04", "L1-05", "L1-06", "L1-07", "L1-12", "L1-13", "L1-14", "L1-15",
             "L1-33", "L1-34", "L1-35", "L1-36"]
    state = build_position(DATA, 2, nobles=["N01", "N02", "N07"], seats=[
        {"purchased": cards,
         "tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1, "gold": 1}},
        {}])
    session = position_session(state, ["human", "hard"])
    assert session.play(parse_action("take white blue green")) is None
    assert session.play(parse_action("return white white white")) is None
    assert session.view().phase is Phase.NOBLE
    assert session.undo() is None
    assert history_texts(session) == [] and session.view().phase is Phase.MAIN


def test_the_view_before_the_latest_action_is_worked_out_again() -> None:
    session = Session(DATA, options("human", "hard"), InlineBots())
    assert session.view_before_last() is None  # nothing played yet
    for turn in range(3):
        settle(session)
        human_move(session, turn)
    settle(session)
    fresh = GameState.from_setup(DATA, session.state.setup)
    for action in session.state.history[:-1]:
        fresh.apply(action)
    assert session.view_before_last() == observe(fresh, session.viewer())
    assert session.view_before_last() != session.view()
    # A built position does not replay from its setup: no view to give.
    built = build_position(DATA, 2, seats=[{"tokens": {"white": 2}}])
    position = position_session(built, ["human", "hard"])
    assert position.play(parse_action("take white blue green")) is None
    assert position.view_before_last() is None
