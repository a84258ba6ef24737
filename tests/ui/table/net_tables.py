"""A table scene over a NetSession against a real server on 127.0.0.1, and the people at
other screens, each run a frame at a time with the window's frames."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from splendor.engine import Take
from splendor.net.loop_thread import LoopThread
from splendor.net.session import NetSession, SeatLink
from splendor.ui.app import App
from splendor.ui.main import Game, decision_overlays
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.view import Assists
from tests.engine.modules.support import DATA
from tests.ui.gestures import frame

#: No wait on the network may take longer (seconds): a hang fails instead.
DEADLINE = 60.0
SPEED = 50.0



class Elsewhere:
    """A person at another screen: takes in what comes, shows nothing, plays at random
    when it is their turn (unless `idle`)."""

    def __init__(self, session: NetSession, seed: int) -> None:
        self.session = session
        self.rng = random.Random(seed)
        self.idle = False

    def tick(self) -> None:
        session = self.session
        session.poll()
        if session.incoming is not None:
            session.commit_incoming()
        elif not self.idle and session.human_to_act():
            session.play(self.rng.choice(session.screen_view().legal_actions))


class AtTable:
    """The person at the window's table, playing a token take (or any move) by the
    table's own `play` whenever the table offers a move."""

    def __init__(self, app: App, table: TableScene, seed: int) -> None:
        self.app, self.table, self.rng = app, table, random.Random(seed)

    def tick(self) -> None:
        table = self.table
        if table.acting() and self.app.stack.top is table:
            legal = table.view().legal_actions
            takes = [a for a in legal if isinstance(a, Take)]
            table.play(self.rng.choice(takes or list(legal)))


def join(url: str, name: str, worker: LoopThread) -> NetSession:
    return NetSession(DATA, url, [SeatLink(name)], worker, owns_worker=False)


def wait(done: Callable[[], bool], what: str, sessions: list[NetSession]) -> None:
    """Poll `sessions` (no window) until `done()`."""
    end = time.monotonic() + DEADLINE
    while not done():
        assert time.monotonic() < end, f"gave up waiting for {what}"
        for session in sessions:
            session.poll()
        time.sleep(0.002)


def run(app: App, done: Callable[[], bool], what: str,
        others: Sequence[Elsewhere | AtTable]) -> None:
    """Run the window's frames (and the others' screens) until `done()`."""
    end = time.monotonic() + DEADLINE
    while not done():
        assert time.monotonic() < end, f"gave up waiting for {what}"
        frame(app)
        for other in others:
            other.tick()
        time.sleep(0.001)


def open_table(app: App, session: NetSession) -> tuple[Game, TableScene]:
    """The table for `session` as the window opens a game: the game's pause menu and
    results, its decision overlays, fast animations."""
    game = Game(app)
    table = TableScene(session, on_finished=game.finish, on_pause=game.pause,
                       assists=Assists(False, False, False, False), speed=SPEED,
                       decision_overlays=decision_overlays(session, lambda: table))  # type: ignore[arg-type]
    app.stack.replace(table)
    app.step(0.0)
    return game, table
