"""The screenshots of the Cities of Splendor decisions (`screenshots` renders them with
the other screens): each decision's overlay or panel over a real table, in the position
`decision_positions` builds for it, reached by playing the action that leads there
through the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from splendor.devtools.decision_positions import (
    DECISION_PICTURES,
    DOUBLES_CARD,
    SACRIFICE_CARD,
    decision_position,
)
from splendor.engine import GameData
from splendor.session.bot_process import InlineBots
from splendor.session.game import Session
from splendor.ui.app import App
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.table.hits import Hit

if TYPE_CHECKING:
    from splendor.ui.scenes.table import TableScene

def render_decisions(app: App, data: GameData, names: Sequence[str],
                     shot: Callable[[str], None]) -> None:
    """Show each decision in `app` (its seats named `names`) and `shot` it by name."""
    seats = (SeatOption("human", names[0]), SeatOption("hard", names[1]))
    for name, kind in DECISION_PICTURES.items():
        state, action = decision_position(kind, data, names=names)
        session = Session(data, GameOptions(seats, first_player=0, seed=1), InlineBots(),
                          state=state)
        table = _table(session)
        app.stack.replace(table)
        if action is not None:
            table.play(action)  # the decision's overlay opens
        if kind in ("sacrifice", "doubles"):
            card = SACRIFICE_CARD if kind == "sacrifice" else DOUBLES_CARD
            table.select(Hit("card", card))
            table.update(0.0)  # the action panel for the card
            if kind == "sacrifice":
                table.choose_sacrifice(card)
        app.stack.update(0.0)
        shot(name)
        session.close()


def _table(session: Session) -> TableScene:
    """A table for `session` with the game's own decision overlays."""
    from splendor.ui.main import decision_overlays
    from splendor.ui.scenes.table import TableScene

    table = TableScene(session, on_finished=lambda session: None,
                       decision_overlays=decision_overlays(session, lambda: table))
    return table
