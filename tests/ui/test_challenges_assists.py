"""What a challenge's pause menu says of the assists is what the table does: undo and
hints are off and a refused move is always explained (said in one line), while the
other table aids are the player's, as in any game (their check boxes work there)."""

from __future__ import annotations

import pygame

from splendor.i18n import tr
from splendor.ui.scenes.pause import PauseScene
from tests.ui.challenge_helpers import open_challenges, play_from_list, window
from tests.ui.gestures import click, frame, key


def test_the_pause_menu_of_a_challenge_says_what_is_off_and_the_aids_follow_it() -> None:
    app = window()
    game, listing = open_challenges(app)
    _, table = play_from_list(app, game, listing, "steady_hands")
    assert table.assists.affordable and table.assists.remaining_cost, "the player's aids"
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause._panel is not None
    controls = {c.name: c for c in pause._panel.controls}
    assert controls["challenge"].kind == "note"
    assert "competitive" not in controls, "no line saying the assists are off"
    note = tr("pause.challenge_note")
    assert "undo" in note and "hints" in note
    assert {"affordable", "remaining_cost", "noble_progress"} <= {
        c.name for c in pause._panel.controls if c.kind == "check"}
    assert "reasons" not in controls, "a challenge always says why a move is refused"
    click(app, controls["affordable"].rect.center)
    assert not game.prefs.assists.affordable
    key(app, pygame.K_ESCAPE)
    frame(app)
    assert app.stack.top is table
    assert not table.assists.affordable, "the table follows the box unticked"
    assert table.assists.remaining_cost and table.assists.reasons
    game.close()
