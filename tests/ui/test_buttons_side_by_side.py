"""Buttons shown together never say the same word, in any language: with a token take
pending, the take's Cancel and Undo (both "Annuler" in French once); in the box choosing
the cards a sacrifice gives up, its Cancel and Undo."""

from __future__ import annotations

import pytest

from splendor.devtools.decision_positions import SACRIFICE_CARD
from splendor.i18n import LANGUAGES, tr
from splendor.ui.app import App
from splendor.ui.scenes.module_choice import SacrificeScene
from tests.ui.gestures import click
from tests.ui.table.test_table_undo_hint import VERSUS_BOT, start, until_my_turn
from tests.ui.test_module_decisions import card_pos, open_position, overlay_of, panel_button
from tests.ui.test_module_wording import speaking


def _distinct(labels: list[str]) -> None:
    assert len(set(labels)) == len(labels), f"two buttons say the same: {labels}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_pending_take_s_cancel_is_not_worded_as_undo(app: App, code: str) -> None:
    with speaking(code):
        game, table = start(app, VERSUS_BOT)
        session = table.session
        assert session.play(session.view().legal_actions[0]) is None
        until_my_turn(app, table)
        table.add_token(0)
        table.update(0.0)
        keys = [b.key for b in table.buttons]
        assert {"undo", "cancel", "confirm"} <= set(keys), keys
        _distinct([b.label for b in table.buttons])
        game.close()


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_sacrifice_box_s_cancel_is_not_worded_as_undo(app: App, code: str) -> None:
    with speaking(code):
        game, _, table = open_position(app, "sacrifice")
        click(app, card_pos(table, SACRIFICE_CARD))
        click(app, panel_button(table, "sacrifice"))
        overlay = overlay_of(app, SacrificeScene)
        assist = [label for label, _, _ in overlay.assist.buttons()]
        assert tr("table.button.undo") in assist
        _distinct([label for label, _, _ in overlay.buttons()] + assist)
        game.close()
