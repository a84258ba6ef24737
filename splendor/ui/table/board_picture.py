"""A position of a finished or saved game drawn with the table's own code, read-only.

The results screen shows the final board under its panel, the review shows each position
of a game. Both draw a `View` with `table.view.draw_table`, no action possible (`acting`
False, no legal move in a public view, nothing selected), and the game log worded up to
that position. Nothing here holds or changes a game. The log is worded and its rows placed
on layout (`lay_out`: on entering, a resize or a change of language), never while drawing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pygame

from splendor.engine import ChooseNoble, GameData, View
from splendor.session.log import LogEntry
from splendor.ui.table.hits import Hit
from splendor.ui.table.layout import TableLayout, compute_layout
from splendor.ui.table.view import Assists, TableUi, draw_table, log_rows
from splendor.ui.table.zoom import CardZoom, ZoomTarget, log_targets, logged_card, target_at
from splendor.ui.wording import describe_entry, log_line

#: What a look back shows of the assists: the noble progress (public facts), not the
#: buying help, which is about a decision nobody is making.
LOOKING_BACK = Assists(affordable=False, remaining_cost=False, noble_progress=True,
                       reasons=False)


def changed_marks(before: View, after: View) -> set[Hit]:
    """The market cards dealt and the bank piles touched between two positions (the
    table's mark of the last move)."""
    old = {c.id for row in before.market for c in row if c is not None}
    new = {c.id for row in after.market for c in row if c is not None}
    marks = {Hit("card", card_id) for card_id in new - old}
    marks |= {Hit("bank", c) for c in range(len(after.bank)) if before.bank[c] != after.bank[c]}
    return marks


class BoardPicture:
    """The positions of one game as the table drew them; `lay_out` on enter and resize
    (a change of language is one) only, never while drawing."""

    def __init__(self, data: GameData, names: Sequence[str], entries: Sequence[LogEntry],
                 you: int | None = None) -> None:
        """`entries`: the game's whole log, `names` its seats' names, `you` the seat of
        the person at the screen (their moves said to them)."""
        self.data = data
        self.names = tuple(names)
        self.you = you
        self.entries = tuple(entries)
        # A look back: the header names whose turn it was, never "your turn".
        self.ui = TableUi(watching=True)
        self.layout: TableLayout | None = None
        #: The whole log worded on layout: its lines, and the lines of each entry.
        self._lines: list[str] = []
        self._counts: list[int] = []
        #: The card each line of the whole log names (None: none; see logged_card).
        self._cards: list[str | None] = []
        for entry in self.entries:
            # As describe_entry words it: the move, then each noble's visit it brought.
            count = 1 if isinstance(entry.action, ChooseNoble) else 1 + len(entry.nobles)
            self._cards += [logged_card(entry.action)] + [None] * (count - 1)
        #: The log's rows placed for a number of moves shown (since the layout), and the
        #: rows.
        self._rows: tuple[int, list[tuple[int, pygame.Rect]]] | None = None

    def lay_out(self, size: tuple[int, int], players: int,
                module: str | None = None) -> TableLayout:
        """Place the table for a window of `size` and a game of `players` (with a Cities of
        Splendor `module`: pass the view's `module`), the log worded in the language in
        use."""
        self.layout = compute_layout(size, players - 1, self.data.market_slots, module=module)
        self._lines, self._counts = [], []
        for entry in self.entries:
            texts = describe_entry(self.names[entry.seat], entry, self.data, self.names,
                                   self.you)
            self._lines += [log_line(entry.round, text) for text in texts]
            self._counts.append(len(texts))
        self._rows = None
        return self.layout

    def log_lines(self, moves: int) -> list[str]:
        """The log's lines for the first `moves` entries, as worded on layout."""
        return self._lines[:sum(self._counts[:moves])]

    def log_targets(self, moves: int) -> list[ZoomTarget]:
        """The lines of the log shown after `moves` entries that name a card, as small
        zoom targets (see table.zoom.log_targets)."""
        assert self.layout is not None, "lay_out first"
        if self._rows is None or self._rows[0] != moves:
            self._rows = (moves, log_rows(self.layout, self.log_lines(moves)))
        return log_targets(self._rows[1], self._cards, self.data)

    def point(self, zoom: CardZoom, pos: tuple[int, int], moves: int) -> None:
        """The pointer moved to `pos` over the position after `moves` entries: light the
        log line under it that names a card and show that card in `zoom`."""
        target = target_at(self.log_targets(moves), pos)
        zoom.point(target)
        line = target.key[1] if target is not None else None
        self.ui.hover_log = line if isinstance(line, int) else None

    def forget_pointer(self, zoom: CardZoom) -> None:
        """Nothing pointed at (another position, another size): no line lit, no card."""
        zoom.close()
        self.ui.hover_log = None

    def draw(self, surface: pygame.Surface, view: View, moves: int,
             highlight: set[Hit] | None = None) -> None:
        """The position `view`, reached after the first `moves` entries of the log."""
        assert self.layout is not None, "lay_out before drawing"
        ui = dataclasses.replace(self.ui, highlight=highlight or set())
        draw_table(surface, self.layout, view, ui, LOOKING_BACK, False,
                   self.log_lines(moves), token_limit=self.data.token_limit, data=self.data)
