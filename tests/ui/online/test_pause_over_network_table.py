"""The pause menu over a network table: the others play on, but what they play waits under
the menu (nothing applied or shown, no box opened over it) and is shown once the table is
back."""

from __future__ import annotations

import random

import pygame

from splendor.net.session import NetSession
from splendor.ui.app import App
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.table import TableScene
from tests.ui.gestures import frame, post
from tests.ui.online.test_host_and_join_windows import (
    ANA,
    Serve,
    frames_until,
    online,
    press_button,
    served,
    top,
    type_into,
)

__all__ = ["served"]  # the fixture, shared


def escape(app: App) -> None:
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    frame(app)


def test_the_others_moves_wait_under_the_pause_menu_and_are_shown_after_it(
        app: App, served: Serve) -> None:
    (table,), port = served(ANA)
    game = online(app)
    try:
        press_button(app, top(app).buttons["join"])  # type: ignore[attr-defined]
        type_into(app, top(app).address, f"127.0.0.1:{port}")  # type: ignore[attr-defined]
        press_button(app, top(app).join_typed)  # type: ignore[attr-defined]
        frames_until(app, lambda: isinstance(top(app), TableScene), "the table opens")
        scene = top(app)
        assert isinstance(scene, TableScene)
        session = scene.session
        assert isinstance(session, NetSession)
        frames_until(app, lambda: session.human_to_act() and not scene.busy,
                     "the window's seat to play")
        seen = len(session.log)
        view = session.screen_view()
        assert session.play(random.Random(4).choice(view.legal_actions)) is None
        escape(app)
        assert isinstance(top(app), PauseScene)
        assert len(session.log) <= seen + 1  # its own move, if its echo came that soon

        # The host's bot answers at the server; under the menu the window keeps it.
        frames_until(app, lambda: len(table.log) >= seen + 2, "the bot's move at the server")
        for _ in range(120):  # two seconds of frames: time enough for it to reach us
            frame(app)
        assert isinstance(top(app), PauseScene), "nothing opens over the pause menu"
        assert len(session.log) <= seen + 1 and session.incoming is None

        escape(app)  # back to the table: the bot's move is shown, then joins the game
        assert top(app) is scene
        frames_until(app, lambda: len(session.log) >= seen + 2, "the bot's move shown")
        assert session.log[: seen + 2] == table.log[: seen + 2]
    finally:
        game.close()
