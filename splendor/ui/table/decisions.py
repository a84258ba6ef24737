"""Which overlay a human's decision needs: the pass screen between humans, returning
tokens, choosing a noble, and the Cities of Splendor steps (a city, a trading post, a
post's gem, pairing an Orient card, a free card, a noble to keep, a stronghold, a
conquest). The table asks after every change; at most one is open. The cards to give up
for a sacrifice are chosen in an overlay the action panel opens (`open_sacrifice`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from splendor.engine import Phase
from splendor.session.table_session import TableSession

if TYPE_CHECKING:
    from splendor.ui.app import App
    from splendor.ui.scene import Scene

#: The overlay (factory name) each decision phase opens.
PHASE_OVERLAYS: dict[Phase, str] = {
    Phase.RETURN: "return",
    Phase.NOBLE: "noble",
    Phase.CITY: "city",
    Phase.POST: "post",
    Phase.GEM: "gem",
    Phase.PAIR: "pair",
    Phase.FREE: "free",
    Phase.KEEP_NOBLE: "keep_noble",
    Phase.STRONGHOLD: "stronghold",
    Phase.CONQUEST: "conquest",
}


class DecisionOverlays:
    """Opens the overlay each decision needs, built by `factories` ('pass', then the
    names in `PHASE_OVERLAYS`, and 'sacrifice', which takes the card's id); a missing
    factory means that decision is made on the table itself."""

    def __init__(self, factories: dict[str, Callable[..., Scene]] | None = None) -> None:
        self.factories = factories or {}
        #: True while an overlay this opened is on the stack (the table is not on top).
        self.open = False

    def closed(self) -> None:
        """The overlay went away (the table is on top again)."""
        self.open = False

    def after_change(self, session: TableSession, app: App | None) -> None:
        """Open what the human to act needs now, if anything. Bots' steps open nothing;
        in a hot-seat game the pass screen comes first. Nothing opens while the game is
        paused (the pause menu is over the table): a box opened over it would refuse
        every choice and could not be left; the table asks again when it resumes."""
        if self.open or session.paused or session.is_over() or not session.human_to_act():
            return
        if session.hot_seat and session.revealed != session.current \
                and "pass" in self.factories:
            self._open("pass", app)  # it reveals the seat's view when they are ready
            return
        kind = PHASE_OVERLAYS.get(session.view().phase)
        if kind is not None:
            self._open(kind, app)

    def open_sacrifice(self, card_id: str, app: App | None) -> bool:
        """Open the choice of the cards to give up to buy the sacrifice card `card_id`;
        False when there is no such overlay."""
        return self._open("sacrifice", app, card_id)

    def _open(self, kind: str, app: App | None, *args: object) -> bool:
        factory = self.factories.get(kind)
        if factory is None or app is None:
            return False
        self.open = True
        app.stack.push(factory(*args))
        return True
