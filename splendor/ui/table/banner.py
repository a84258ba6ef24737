"""A passing announcement over the game log: the final round has begun.

Shown for a few seconds when the move that starts the final round is made (the log
entry says so), fading in and out. Time moves only in `update`; `draw` reads it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from splendor.i18n import tr
from splendor.session.log import LogEntry
from splendor.ui import theme
from splendor.ui.table.layout import TableLayout
from splendor.ui.widgets import draw_lines, draw_text, line_height, wrap
from splendor.ui.wording import said, subject

#: Seconds the banner stays, and how long it takes to appear and to go.
SHOWN = 4.5
FADE_IN, FADE_OUT = 0.25, 0.8


class FinalRoundBanner:
    """The banner's state: whom it names and how long it has left."""

    def __init__(self, log_length: int = 0) -> None:
        #: Log entries already looked at (a game loaded in its final round shows none).
        self.seen = log_length
        self.left = 0.0
        #: Who reached the target (None: the person at the screen).
        self.name: str | None = ""
        self.points = 0

    @property
    def active(self) -> bool:
        return self.left > 0

    def watch(self, log: Sequence[LogEntry], names: Sequence[str], points: int,
              you: int | None = None) -> bool:
        """Look at the entries added to `log` since last time: the one that started the
        final round shows the banner (said to `you`, the seat of the person at the
        screen, when it is theirs). An undo that took that entry back hides it. True
        when the banner appeared or went."""
        if len(log) < self.seen:
            self.seen = len(log)
            if self.active and not any(e.final_round for e in log):
                self.left = 0.0
                return True
            return False
        started = next((e for e in log[self.seen:] if e.final_round), None)
        self.seen = len(log)
        if started is None:
            return False
        self.name, self.points, self.left = subject(started.seat, names, you), points, SHOWN
        return True

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def alpha(self) -> int:
        """How opaque the banner is now (0-255)."""
        shown = SHOWN - self.left
        t = min(1.0, shown / FADE_IN, self.left / FADE_OUT)
        return max(0, min(255, round(255 * t)))

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        if not self.active:
            return
        px = lay.px
        box = lay.banner
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = layer.get_rect()
        pygame.draw.rect(layer, (*theme.TABLE_DARK, 255), local, border_radius=px(12))
        pygame.draw.rect(layer, theme.ACCENT, local, max(2, px(3)), border_radius=px(12))
        inner = local.inflate(-2 * px(20), -2 * px(6))
        title_px, line_px = px(24), px(16)
        line = said("legend.final_round.line", self.name, points=self.points)
        lines = len(wrap(line, max(theme.MIN_TEXT_PX, line_px), inner.w))
        title_h = line_height(title_px)
        top = inner.y + max(0, (inner.h - title_h - lines * line_height(line_px)) // 2)
        draw_text(layer, tr("legend.final_round.title"), title_px, theme.ACCENT,
                  pygame.Rect(inner.x, top, inner.w, title_h), bold=True, serif=True)
        draw_lines(layer, line, line_px, theme.TEXT,
                   pygame.Rect(inner.x, top + title_h, inner.w, inner.bottom - top - title_h),
                   align="center")
        layer.set_alpha(self.alpha())
        surface.blit(layer, box)
