"""Shared test helpers: sessions for built positions, and games played without a window.

Humans play through `Session.play` from their own view; bots move the way the table moves
them, by `Session.poll` and `Session.commit_incoming`. With `InlineBots` a bot decides on
the poll after its request; with a real `BotProcess` the helpers wait for its answer.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from splendor.engine import Action, GameState, View
from splendor.session.bot_process import InlineBots
from splendor.session.game import Bots, Session
from splendor.session.hints import Hint
from splendor.session.seats import GameOptions, SeatOption

#: Chooses a human's action from that human's view.
Policy = Callable[[View], Action]
#: Seconds a bot in its own process may take over one move before a test gives up.
BOT_TIMEOUT = 60.0


def random_policy(rng: random.Random) -> Policy:
    """A human who plays a legal action drawn with `rng`."""
    return lambda view: rng.choice(view.legal_actions)


def options_for(kinds: Sequence[str], names: Sequence[str] | None = None, *,
                first_player: int | None = 0, seed: int | None = None) -> GameOptions:
    """Seats of `kinds` ('human' or a bot name), named `names` or 'Seat 1', 'Seat 2'..."""
    names = names or [f"Seat {i + 1}" for i in range(len(kinds))]
    return GameOptions(tuple(SeatOption(k, n) for k, n in zip(kinds, names, strict=True)),
                       first_player=first_player, seed=seed)


def position_session(state: GameState, kinds: Sequence[str], *,
                     bots: Bots | None = None) -> Session:
    """A session playing on from `state` (a built position), its seats of `kinds` and
    named as in the position; bots decide in this process unless `bots` is given."""
    options = options_for(kinds, state.setup.names, first_player=state.setup.first_player,
                          seed=state.setup.seed)
    return Session(state.data, options, bots or InlineBots(), state=state)


def ended_session(state: GameState, kinds: Sequence[str]) -> Session:
    """A session on a finished `state` as if its last move had been played in it (the
    statistics count only games that end in the session)."""
    session = position_session(state, kinds)
    assert session.is_over()
    session.finished_here = True
    return session


def bot_move(session: Session, timeout: float = BOT_TIMEOUT) -> Action:
    """Let the bot to act decide and commit its move; return the move."""
    seat = session.current
    assert seat is not None and not session.is_human(seat), f"seat {seat} is no bot to act"
    deadline = time.monotonic() + timeout
    while session.incoming is None:
        session.poll()
        assert session.bot_error is None, f"the bot of seat {seat} failed: {session.bot_error}"
        if session.incoming is None:
            assert time.monotonic() < deadline, f"the bot of seat {seat} never answered"
            time.sleep(0.0005)  # a bot in its own process answers in real time
    incoming_seat, action = session.incoming
    assert incoming_seat == seat
    played = len(session.state.history)
    session.commit_incoming()
    assert len(session.state.history) == played + 1, f"{action} was not committed"
    return action


def human_move(session: Session, policy: Policy) -> Action:
    """Let the human to act play what `policy` chooses from their view; return the move."""
    seat = session.current
    assert seat is not None and session.is_human(seat), f"seat {seat} is no human to act"
    action = policy(session.view(seat))
    reason = session.play(action)
    assert reason is None, f"{action} refused: {reason}"
    return action


def play_action(session: Session, human: Policy) -> Action:
    """One action by whoever must act: `human` chooses for people, bots decide."""
    seat = session.current
    assert seat is not None, "the game is over"
    return human_move(session, human) if session.is_human(seat) else bot_move(session)


def play_until(session: Session, done: Callable[[], bool], rng: random.Random | None = None,
               *, human: Policy | None = None, limit: int = 5000) -> None:
    """Play actions until `done()`: humans by `human`, else at random with `rng`."""
    if human is None:
        assert rng is not None, "give the humans an rng or a policy"
        human = random_policy(rng)
    for _ in range(limit):
        if done():
            return
        assert not session.is_over(), "the game ended first"
        play_action(session, human)
    raise AssertionError(f"not done after {limit} actions")


def play_turns(session: Session, turns: int, rng: random.Random | None = None, *,
               human: Policy | None = None) -> None:
    """Play `turns` whole turns (humans at random with `rng`, or by `human`; bots as
    the table lets them), stopping as the last one completes."""
    target = session.state.turns + turns
    play_until(session, lambda: session.state.turns >= target, rng, human=human)


def hint_after(session: Session, step: Callable[[], None], tries: int = 40) -> Hint:
    """The hint asked for in `session`, once `step` (a frame of the window) has brought it,
    with one more frame to lay it out; AssertionError when it never comes."""
    for _ in range(tries):
        if session.hint is not None:
            step()
            return session.hint
        step()
    raise AssertionError("no hint came")
