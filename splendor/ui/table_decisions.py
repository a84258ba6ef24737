"""Which overlay a human's decision needs: the pass screen between humans, returning
tokens, choosing a noble. The table asks after every change; at most one is open."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from splendor.engine import Phase
from splendor.session.game import Session

if TYPE_CHECKING:
    from splendor.ui.app import App
    from splendor.ui.scene import Scene


class DecisionOverlays:
    """Opens the overlay each decision needs, built by `factories` ('pass', 'return',
    'noble'); a missing factory means that decision is made on the table itself."""

    def __init__(self, factories: dict[str, Callable[[], Scene]] | None = None) -> None:
        self.factories = factories or {}
        #: True while an overlay this opened is on the stack (the table is not on top).
        self.open = False

    def closed(self) -> None:
        """The overlay went away (the table is on top again)."""
        self.open = False

    def after_change(self, session: Session, app: App | None) -> None:
        """Open what the human to act needs now, if anything."""
        if self.open or session.is_over() or not session.human_to_act():
            return
        if session.hot_seat and session.revealed != session.current \
                and "pass" in self.factories:
            self._open("pass", app)  # it reveals the seat's view when they are ready
            return
        phase = session.view().phase
        if phase is Phase.RETURN:
            self._open("return", app)
        elif phase is Phase.NOBLE:
            self._open("noble", app)

    def _open(self, kind: str, app: App | None) -> None:
        factory = self.factories.get(kind)
        if factory is None or app is None:
            return
        self.open = True
        app.stack.push(factory())
