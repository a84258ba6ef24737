"""Undo and Hint inside the boxes where a decision is made (choosing a city, a noble,
the tokens to give back...), as the table offers them: to a single person playing
against bots, in a game that is not competitive. Undo (also Ctrl+Z) closes the box and
takes the whole move back through the table; Hint (also H) asks the expert, whose
choice the box then shows and says."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from splendor.engine import Refusal
from splendor.i18n import tr
from splendor.session.table_session import TableSession
from splendor.ui import theme
from splendor.ui.wording import hint_text


class Assist(Protocol):
    """What Undo and Hint do (the table scene's own undo and hint)."""

    def undo(self) -> None: ...

    def ask_hint(self) -> None: ...


class BoxAssist:
    """A box's Undo and Hint: offered only with a `target` (set by the table's overlay
    factories) and when the game allows them. `close` takes the box away; `refuse` shows
    a refusal in it (None: clears the last one)."""

    def __init__(self, session: TableSession, close: Callable[[], None],
                 refuse: Callable[[Refusal | None], None]) -> None:
        self.session = session
        self.close = close
        self.refuse = refuse
        #: The table's undo and hint (None: the box offers neither).
        self.target: Assist | None = None

    def offered(self) -> bool:
        session = self.session
        return self.target is not None and not session.options.competitive \
            and len(session.humans) == 1

    def buttons(self) -> list[tuple[str, Callable[[], object], bool]]:
        """(label, action, enabled) for Undo and Hint; none when not offered."""
        if not self.offered():
            return []
        session = self.session
        hint_ok = session.why_no_hint() is None and session.hint is None \
            and not session.hint_pending
        return [(tr("table.button.undo"), self.undo, session.why_no_undo() is None),
                (tr("table.button.hint"), self.ask_hint, hint_ok)]

    def state(self) -> tuple[object, ...]:
        """What the buttons and the hint line depend on (for a box's layout key)."""
        session = self.session
        if not self.offered():
            return ()
        return (session.why_no_undo() is None, session.hint_pending,
                session.hint.action if session.hint is not None else None)

    def undo(self) -> None:
        """Close the box and take the whole move back (the table then opens what the
        position needs), or refuse with the reason. Only called when offered."""
        reason = self.session.why_no_undo()
        if reason is not None:
            self.refuse(reason)
            return
        target = self.target
        assert target is not None
        self.close()
        target.undo()

    def ask_hint(self) -> None:
        """Ask the table for a hint, or refuse with the reason. Only called when offered."""
        reason = self.session.why_no_hint()
        if reason is not None:
            self.refuse(reason)
            return
        assert self.target is not None
        self.refuse(None)  # the box's last refusal gives way to the hint
        self.target.ask_hint()

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z and H, when offered; True when the key was one of them."""
        if event.type != pygame.KEYDOWN or not self.offered():
            return False
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ask_hint()
            return True
        return False

    def line(self) -> str:
        """The hint in words, or that one is being looked for ('' neither)."""
        session = self.session
        if session.hint is not None:
            return hint_text(session.hint, session.options.names, session.data)
        return tr("hint.thinking") if session.hint_pending else ""

    def line_colour(self) -> tuple[int, int, int]:
        return theme.OK if self.session.hint is not None else theme.TEXT_DIM


class Assisted(Protocol):
    """A box with Undo and Hint."""

    assist: BoxAssist
