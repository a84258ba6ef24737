"""The table screen's interface over the network: a person's seat played through a
NetSession against a real server, as the window would (poll, show, commit, play)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from splendor.engine import Buy, Phase, replay
from splendor.net.loop_thread import LoopThread
from splendor.net.session import NetSession, SeatLink
from splendor.net.table import TableSpec
from splendor.session.seats import HUMAN, REMOTE
from tests.engine.modules.support import DATA
from tests.net.serving import serve

DEADLINE = 60.0


def frames(session: NetSession, until: Callable[[], bool],
           act: Callable[[NetSession], None] | None = None) -> int:
    """Run the window's frame loop (poll, show the others' moves, let the person act)
    until `until()`; the number of moves seen being shown."""
    shown = 0
    end = time.monotonic() + DEADLINE
    while not until():
        assert time.monotonic() < end, "the game stalled"
        session.poll()
        if session.incoming is not None:
            shown += 1
            session.commit_incoming()
        elif act is not None and session.human_to_act():
            act(session)
        time.sleep(0.002)
    return shown


def a_person(seed: int) -> Callable[[NetSession], None]:
    rng = random.Random(seed)

    def act(session: NetSession) -> None:
        view = session.screen_view()
        assert view.seat == session.current and view.legal_actions
        assert session.play(rng.choice(view.legal_actions)) is None

    return act


def test_a_person_plays_a_whole_game_against_the_hosts_bot(worker: LoopThread) -> None:
    server, url = serve(worker, TableSpec(2, None, ("easy",)))
    session = NetSession(DATA, url, [SeatLink("Ana")], worker, owns_worker=False)
    try:
        shown = frames(session, lambda: session.started)
        assert session.local_seats == (0,) and session.humans == (0,)
        assert [s.kind for s in session.options.seats] == [HUMAN, "easy"]
        assert session.options.names[0] == "Ana" and session.options.competitive
        shown += frames(session, session.is_over, a_person(1))
        assert server.state is not None and server.state.is_over()
        # The screen saw every move in order, the bot's ones shown before they counted.
        assert [e.action for e in session.log] == list(server.state.history)
        assert shown == sum(1 for e in session.log if e.seat == 1)
        assert session.state == server.state == replay(DATA, session.record)
        assert session.view().phase is Phase.OVER and not session.human_to_act()
    finally:
        session.close()


def test_a_move_is_sent_once_and_refusals_come_from_the_seats_view(worker: LoopThread) -> None:
    _, url = serve(worker, TableSpec(2, None, ("easy",)), seed=11)
    session = NetSession(DATA, url, [SeatLink("Ana")], worker, owns_worker=False)
    try:
        frames(session, lambda: session.started and (session.human_to_act()
                                                     or session.current != 0))
        frames(session, session.human_to_act, None)
        view = session.view()
        # A level-3 card at the first turn is too dear: the engine's reason, from the view.
        dear = next(c for c in view.market[2] if c is not None)
        reason = session.why_illegal(Buy(dear.id))
        assert reason is not None and reason.code == "cannot_afford", reason
        assert session.play(Buy(dear.id)) == reason
        action = view.legal_actions[0]
        assert session.play(action) is None
        again = session.play(action)
        assert again is not None and again.code == "sent" and not session.human_to_act()
        frames(session, lambda: len(session.log) >= 1)
        assert session.log[0].action == action and session.log[0].seat == 0
    finally:
        session.close()


def test_two_people_at_other_screens_see_each_others_moves_shown(worker: LoopThread) -> None:
    server, url = serve(worker, TableSpec(2, None, ()), seed=2)
    ana = NetSession(DATA, url, [SeatLink("Ana")], worker, owns_worker=False)
    frames(ana, lambda: ana.seated)
    bo = NetSession(DATA, url, [SeatLink("Bo")], worker, owns_worker=False)
    try:
        people = {0: a_person(3), 1: a_person(4)}
        end = time.monotonic() + DEADLINE
        shown = {id(ana): 0, id(bo): 0}
        while not (ana.is_over() and bo.is_over()):
            assert time.monotonic() < end, "the game stalled"
            for s in (ana, bo):
                s.poll()
                if s.incoming is not None:
                    shown[id(s)] += 1
                    s.commit_incoming()
                elif s.human_to_act():
                    people[s.local_seats[0]](s)
            time.sleep(0.001)
        assert ana.options.seats[1].kind == REMOTE and bo.options.seats[0].kind == REMOTE
        assert ana.state == bo.state == server.state
        assert shown[id(ana)] == sum(1 for e in ana.log if e.seat == 1)
        assert shown[id(bo)] == sum(1 for e in bo.log if e.seat == 0)
    finally:
        ana.close()
        bo.close()


def test_a_server_nobody_answers_at_is_reported_not_waited_on(worker: LoopThread) -> None:
    session = NetSession(DATA, "ws://127.0.0.1:9", [SeatLink("Ana")], worker,
                         owns_worker=False)
    try:
        start = time.monotonic()
        session.poll()
        assert time.monotonic() - start < 0.05, "a frame never waits on the network"
        frames(session, lambda: session.failed == "unreachable")
        assert not session.seated and not session.started
    finally:
        session.close()


def test_coming_back_to_a_game_under_way_shows_it_at_once(worker: LoopThread) -> None:
    _, url = serve(worker, TableSpec(2, None, ()), seed=4)
    ana = NetSession(DATA, url, [SeatLink("Ana")], worker, owns_worker=False)
    frames(ana, lambda: ana.seated)
    bo = NetSession(DATA, url, [SeatLink("Bo")], worker, owns_worker=False)
    people = {0: a_person(1), 1: a_person(2)}
    try:
        end = time.monotonic() + DEADLINE
        while len(ana.log) < 9 or len(bo.log) < 9:  # a few rounds by both
            assert time.monotonic() < end, "the game stalled"
            for s in (ana, bo):
                s.poll()
                if s.incoming is not None:
                    s.commit_incoming()
                elif s.human_to_act() and len(s.log) < 9:
                    people[s.local_seats[0]](s)
            time.sleep(0.001)
        held = bo.held_seat()
        assert held is not None
        bo.close()  # Bo's window closes; he comes back with his seat's token
        back = NetSession(DATA, url, [SeatLink("Bo", token=held[2])], worker,
                          owns_worker=False)
        frames(back, lambda: back.started)
        # The first frame after the deal: the whole position, no move left to show.
        assert back.incoming is None and len(back.log) == len(ana.log)
        assert back.view().history == ana.view().history and back.local_seats == (1,)
        back.close()
    finally:
        ana.close()
