"""A bot that failed, on the table: a notice, and one question to the player."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from splendor.i18n import tr
from splendor.session.seats import GameOptions
from splendor.ui.scenes.confirm import ConfirmScene

if TYPE_CHECKING:
    from splendor.ui.app import App

#: Shows a notice on the table, worded again on a change of language (None: no notice).
Tell = Callable[[Callable[[], str] | None], None]


class FailingSeats(Protocol):
    """What a failed bot's notice asks of a session (any game's, local or networked)."""

    bot_error: str | None
    failed_seat: int | None

    @property
    def options(self) -> GameOptions: ...
    def fallback_level(self, seat: int) -> str: ...
    def replace_bot(self, seat: int, level: str) -> None: ...


class BotFailure:
    """Follows the session's failed bot: says so on the table, and asks the player once
    whether another level plays its seat from here or the game is saved and left
    (`on_leave`; None: not offered). The notice goes when the game goes on."""

    def __init__(self, session: FailingSeats, tell: Tell,
                 on_leave: Callable[[], None] | None) -> None:
        self.session, self.tell, self.on_leave = session, tell, on_leave
        #: The failure the player was asked about (asked once for each).
        self.offered: tuple[int, str] | None = None

    def follow(self, app: App | None) -> None:
        """Tell of a new failure and ask about it (with a window); forget a mended one."""
        session = self.session
        seat, error = session.failed_seat, session.bot_error
        if seat is None or error is None:
            if self.offered is not None:
                self.tell(None)  # the game goes on: the failure's notice goes
            self.offered = None
            return
        if self.offered == (seat, error):
            return  # said already (the notice is worded again on a change of language)
        name = session.options.names[seat]
        self.tell(lambda: tr("table.bot_failed", name=name))
        if app is None:
            return
        self.offered = (seat, error)
        level = session.fallback_level(seat)

        def level_name() -> str:
            return tr(f"bots.level.{level}.name")

        app.stack.push(ConfirmScene(
            lambda: tr("dialog.bot_failed.title"),
            lambda: tr("dialog.bot_failed.text", name=name, level=level_name()),
            lambda: tr("dialog.bot_failed.replace", level=level_name()),
            lambda: session.replace_bot(seat, level),
            no=(lambda: tr("dialog.bot_failed.leave")) if self.on_leave else None,
            on_no=self.on_leave))
