"""The Orient on the table: two face-up Orient cards per level right of the four base
cards and its own decks at the right of each row (the cards narrower, still tall enough
to show every cost), the bank beside the nobles, the legend under the cards. A player's
double golds and kept nobles are drawn wherever a view holds them (see view.py, base.py).
"""

from __future__ import annotations

from splendor.engine.modules.orient import OrientState
from splendor.ui.table.modules.base import Middle, TableModule, TableParts


class OrientTable(TableModule):
    engine = OrientState
    seat_counts = True
    dock_over_bank = False

    @classmethod
    def middle(cls, market_slots: int) -> Middle:
        # Eight cards a row: narrower cards, still tall enough to show every cost.
        w, gap = 75, 6
        market_x = 12 + w + gap + 2
        orient_x = market_x + market_slots * (w + gap) + 6
        return Middle((w, 128), 112, 6, 12, market_x, w + gap, orient_x,
                      orient_x + 2 * (w + gap) + 2)

    @classmethod
    def place(cls, parts: TableParts) -> None:
        # The bank beside the nobles, the legend under the cards, the panel at the right.
        rect, bottom, right = parts.rect, parts.rows_bottom, parts.cards_right
        parts.bank = [rect(556 + i * 66, 40, 60, 60) for i in range(6)]
        parts.legend = rect(12, bottom + 4, right - 12, 556 - bottom - 4)
        parts.action_panel = rect(right + 12, parts.mid.top, 950 - right - 12, 444)
