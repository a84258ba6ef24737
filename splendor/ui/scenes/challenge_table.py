"""A challenge on the real table: its goal in a small strip at the right of the line
across the top ('Goal: Win · by round 18 · no reserving'), clear of every piece; the
game ends for the screens as soon as the challenge is decided (`session.decided`), which
may come before the game's own end (the points reached, the round limit passed).

A move the challenge forbids is refused at the table like any illegal move, with the
engine's reason: the reasons are always shown here. The player's other table aids are
theirs, as the settings have them (the pause menu turns them on and off); undo and hints
are off, as in every challenge. The strip keeps its most
important parts when the line is busy (the goal first, then the round limit, the feat
and the restrictions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from splendor.i18n import tr
from splendor.session.challenges import ChallengeSession
from splendor.session.table_session import TableSession
from splendor.ui import theme
from splendor.ui.challenge_words import strip_parts
from splendor.ui.scene import Scene
from splendor.ui.scenes.table import TableScene
from splendor.ui.sound import Sounds
from splendor.ui.table.view import Assists, header_state, header_text
from splendor.ui.widgets import draw_text
from splendor.ui.widgets.stars import draw_star

#: The strip's text size (design pixels).
STRIP_PX = 15


class ChallengeTableScene(TableScene):
    """The table of a challenge (see the module docstring)."""

    def __init__(self, session: ChallengeSession, *,
                 on_finished: Callable[[TableSession], None],
                 on_pause: Callable[[], None], on_leave: Callable[[], None],
                 on_history: Callable[[int], None] | None = None,
                 assists: Assists | None = None, speed: float = 1.0,
                 sounds: Sounds | None = None,
                 decision_overlays: dict[str, Callable[..., Scene]] | None = None) -> None:
        super().__init__(session, on_finished=on_finished, on_pause=on_pause,
                         on_leave=on_leave, on_history=on_history,
                         assists=assists, speed=speed,
                         sounds=sounds, decision_overlays=decision_overlays)
        self.challenge_session = session
        #: The strip's text and where it goes (empty when the line has no room).
        self.strip_text = ""
        self.strip = pygame.Rect(0, 0, 0, 0)
        #: What the top line said when the strip was laid out (see `header_state`);
        #: None: to lay out.
        self._strip_key: tuple[object, ...] | None = None

    @property
    def assists(self) -> Assists:
        """The player's aids as they stand now, the reasons always on."""
        return replace(self._player_assists, reasons=True)

    @assists.setter
    def assists(self, value: Assists) -> None:
        self._player_assists = value

    # ----------------------------------------------------------------- layout

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self._strip_key = None
        self._layout_strip()

    def _layout_panel(self) -> None:
        super()._layout_panel()
        self._layout_strip()

    def _layout_strip(self) -> None:
        """The strip at the right of the top line, after the round and whose turn it is;
        as many of its parts as the room left holds. Laid out on a resize (the window,
        the language) and when the top line's words change (`header_state`)."""
        lay = self.layout
        if lay is None:
            return
        view = self.view()
        key = header_state(view, self.ui)
        if key == self._strip_key:
            return
        self._strip_key = key
        header = header_text(view, self.ui, self.session.data.token_limit)
        px = lay.px
        size = max(theme.MIN_TEXT_PX, px(STRIP_PX))
        used = theme.font(max(theme.MIN_TEXT_PX, px(17)), bold=True).size(header)[0]
        room = lay.header.right - (lay.header.x + used + px(24))
        parts = strip_parts(self.challenge_session.challenge)
        label = tr("challenge_screen.strip.label")
        pad = self._strip_pad()
        font = theme.font(size, bold=True)
        self.strip_text, self.strip = "", pygame.Rect(0, 0, 0, 0)
        for count in range(len(parts), 0, -1):
            for text in (f"{label} {' · '.join(parts[:count])}", " · ".join(parts[:count])):
                width = font.size(text)[0] + 2 * pad + self._icon_room()
                if width <= room:
                    self.strip_text = text
                    self.strip = pygame.Rect(0, 0, width, lay.header.h + px(2))
                    self.strip.midright = lay.header.midright
                    return

    def _strip_pad(self) -> int:
        assert self.layout is not None
        return self.layout.px(10)

    def _icon_room(self) -> int:
        assert self.layout is not None
        return self.layout.px(24)

    # ----------------------------------------------------------------- time

    def update(self, dt: float) -> None:
        super().update(dt)
        # Decided before the game's end: once the last move is shown, the challenge is
        # over for the screens too (a decision left open, such as a noble to choose
        # after the points are reached, no longer matters).
        session = self.challenge_session
        if not self._finished and session.decided and not self.show.running \
                and session.incoming is None and self.app is not None:
            self._finished = True
            self.ui.over = True  # the top line says so, and the strip makes room for it
            self._layout_strip()
            if self.sounds is not None:
                self.sounds.play("end")
            self.on_finished(session)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.layout
        if lay is None or not self.strip_text:
            return
        px = lay.px
        rect = self.strip
        pygame.draw.rect(surface, theme.TABLE_DARK, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, theme.ACCENT, rect, max(1, px(1.5)),
                         border_radius=rect.h // 2)
        pad = self._strip_pad()
        radius = max(4, px(6))
        draw_star(surface, (rect.x + pad + radius, rect.centery), radius, True)
        text = pygame.Rect(rect.x + pad + self._icon_room(), rect.y,
                           rect.w - 2 * pad - self._icon_room(), rect.h)
        draw_text(surface, self.strip_text, max(theme.MIN_TEXT_PX, px(STRIP_PX)), theme.ACCENT,
                  text, align="left", bold=True)
