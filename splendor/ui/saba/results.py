"""The end of a game of Saba, over the final board: who won and how the game ended, each
player's place and points (figures on balconies and in the treasury, markers on the harem
track), how the harem broke a tie, the player's record; Play again, Menu, and a button
that hides the results to look at the board."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.saba.engine import Outcome, SabaView
from splendor.saba.result_words import end_text, headline, points_text, tie_lines
from splendor.ui import theme, widgets
from splendor.ui.saba.art import draw_figure
from splendor.ui.scenes.overlay_base import ButtonsOverlay


class SabaResultsScene(ButtonsOverlay):
    """The final standings over the table (see the module docstring)."""

    box_size = (900, 420)

    def __init__(
        self,
        outcome: Outcome,
        view: SabaView,
        *,
        you: int | None,
        on_menu: Callable[[], None],
        on_play_again: Callable[[], None] | None = None,
        record_text: str | None = None,
    ) -> None:
        super().__init__()
        self.outcome, self.final, self.you = outcome, view, you
        self.on_menu, self.on_play_again = on_menu, on_play_again
        self.record_text = record_text
        #: Whether the results are hidden to show the board alone.
        self.hidden = False
        self._rows: list[tuple[int, pygame.Rect]] = []
        self._lines = pygame.Rect(0, 0, 0, 0)
        self._buttons: list[tuple[pygame.Rect, str]] = []

    @property
    def title(self) -> str:
        return headline(self.outcome, [p.name for p in self.final.players], self.you)

    def lines(self) -> str:
        """How the game ended, how the harem broke ties, and the player's record."""
        names = [p.name for p in self.final.players]
        parts = [end_text(self.final, self.you), *tie_lines(self.outcome, names, self.you)]
        if self.record_text:
            parts.append(self.record_text)
        return "\n".join(parts)

    def state(self) -> tuple[object, ...]:
        return (self.hidden,)

    def toggle(self) -> None:
        self.hidden = not self.hidden
        self.relayout()

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        text = widgets.lines_height(self.lines(), self.text_px(surface, 15), width - px(60))
        rows = self.final.num_players * px(40)
        return px(60) + px(26) + rows + px(12) + text + px(20) + px(42) + px(20)

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        y = box.y + px(60) + px(26)
        self._rows = []
        for seat in self.outcome.ranking:
            self._rows.append((seat, pygame.Rect(box.x + px(30), y, box.w - px(60), px(36))))
            y += px(40)
        bottom = box.bottom - px(20) - px(42)
        self._lines = pygame.Rect(box.x + px(30), y + px(8), box.w - px(60), bottom - y - px(16))
        keys = ["results.review.show" if self.hidden else "results.review.hide", "results.menu"]
        actions: list[Callable[[], None]] = [self.toggle, self.on_menu]
        if self.on_play_again is not None:
            keys.insert(1, "results.play_again")
            actions.insert(1, self.on_play_again)
        gap = px(16)
        width = (box.w - px(60) - gap * (len(keys) - 1)) // len(keys)
        self._buttons = []
        spots = []
        for i, (key, action) in enumerate(zip(keys, actions, strict=True)):
            rect = pygame.Rect(box.x + px(30) + i * (width + gap), bottom, width, px(42))
            self._buttons.append((rect, key))
            spots.append((rect, action))
        if self.hidden:  # only the button that shows them again, at the bottom
            rect = pygame.Rect(0, 0, width, px(42))
            rect.midbottom = (surface.get_width() // 2, surface.get_height() - px(12))
            self._buttons, spots = [(rect, keys[0])], [(rect, self.toggle)]
        self.focus.set_spots(spots)

    def draw(self, surface: pygame.Surface) -> None:
        if self.hidden:
            for rect, key in self._buttons:
                self.button(surface, rect, tr(key))
            self.focus.draw(surface, self.px(surface, 8))
            return
        super().draw(surface)

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        size = self.text_px(surface, 15)
        head = pygame.Rect(box.x + px(30), box.y + px(58), box.w - px(60), px(24))
        columns = self._columns(head)
        for key, rect in columns[1:]:
            widgets.draw_text(
                surface, tr(key), self.text_px(surface, 14), theme.TEXT_DIM, rect, align="left"
            )
        view = self.final
        for seat, row in self._rows:
            pygame.draw.rect(surface, theme.TABLE_DARK, row, border_radius=px(8))
            place = self.outcome.places[seat]
            cells = self._columns(row)
            widgets.draw_text(
                surface,
                tr(f"results.place.{place}"),
                size,
                theme.ACCENT,
                cells[0][1],
                align="left",
                bold=True,
            )
            name_cell = cells[1][1]
            draw_figure(
                surface, pygame.Rect(name_cell.x, row.y + px(4), px(20), row.h - px(8)), seat
            )
            widgets.draw_text(
                surface,
                view.players[seat].name,
                size,
                theme.TEXT,
                name_cell.inflate(-px(28), 0).move(px(14), 0),
                align="left",
                bold=True,
            )
            values = (
                points_text(self.outcome.points[seat]),
                str(view.balconies.count(seat)),
                str(view.treasury.count(seat)),
                str(self.outcome.harem.count(seat)),
            )
            for (_, cell), value in zip(cells[2:], values, strict=True):
                widgets.draw_text(surface, value, size, theme.TEXT, cell, align="left")
        widgets.draw_lines(surface, self.lines(), size, theme.TEXT, self._lines)
        for rect, key in self._buttons:
            self.button(surface, rect, tr(key))

    @staticmethod
    def _columns(row: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
        """The standings' columns across `row`: place, player, points, balconies,
        treasury, harem."""
        shares = (
            ("", 0.08),
            ("results.column.player", 0.30),
            ("results.column.points", 0.17),
            ("saba_results.column.balconies", 0.16),
            ("saba_results.column.treasury", 0.15),
            ("saba_results.column.harem", 0.14),
        )
        out, x = [], row.x
        for key, share in shares:
            width = round(row.w * share)
            out.append((key, pygame.Rect(x, row.y, width - 4, row.h)))
            x += width
        return out
