"""Where every part of Saba's table goes for a window's size (design values for 1280x720,
scaled about the window's centre): the board on the left (the harbour; the build spaces,
the treasury and the harem; the palace's garden spaces; the city quarters; the player at
the screen's own things), the players and the decisions on the right.

Pure geometry: worked out on entering, on a resize and on a change of language, never
while drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from splendor.ui.widgets import Scale

#: Headings over each part of the board (design pixels).
HEADING = 22
#: The board's column and the panel's, in design pixels.
BOARD_X, BOARD_W = 10, 836
PANEL_X, PANEL_W = 856, 414


@dataclass(frozen=True)
class SabaLayout:
    """Every rectangle of the table, in window pixels."""

    size: tuple[int, int]
    scale: Scale
    #: Headings: (catalog key's part, rect) pairs, drawn above their parts.
    headings: tuple[tuple[str, pygame.Rect], ...]
    #: The four harbour sections, in row order (position 1 first).
    sections: tuple[pygame.Rect, ...]
    #: The three build spaces (the cards), and under each its surcharge.
    spaces: tuple[pygame.Rect, ...]
    surcharges: tuple[pygame.Rect, ...]
    deck: pygame.Rect
    treasury: pygame.Rect
    harem: pygame.Rect
    #: The eight garden spaces of the palace.
    gardens: tuple[pygame.Rect, ...]
    quarters: tuple[pygame.Rect, ...]
    #: The player at the screen: materials (one place by material), figures in supply,
    #: harem markers in supply, the two harbour cards, the hand's area.
    stock: tuple[pygame.Rect, ...]
    figures: pygame.Rect
    markers: pygame.Rect
    faces: tuple[pygame.Rect, ...]
    hand: pygame.Rect
    #: Where a card dragged from the build spaces is bought: the player's own band.
    own: pygame.Rect
    #: The right-hand panel: the supply line (its materials, the action deck, the discard
    #: pile), one row per player, then what `panel` places (the prompt, the buttons, the
    #: log).
    supply: pygame.Rect
    action_deck: pygame.Rect
    discard: pygame.Rect
    players: tuple[pygame.Rect, ...]
    panel: pygame.Rect

    def px(self, value: float) -> int:
        return self.scale.px(value)

    def text(self, value: float) -> int:
        return self.scale.text(value)


def _row(
    sc: Scale, x: float, y: float, w: float, h: float, count: int, gap: float
) -> tuple[pygame.Rect, ...]:
    """`count` boxes side by side filling `w` design pixels with `gap` between them."""
    each = (w - gap * (count - 1)) / count
    return tuple(sc.at(x + i * (each + gap), y, each, h) for i in range(count))


def saba_layout(size: tuple[int, int], players: int) -> SabaLayout:
    """The table for a window of `size` and a game of `players` players."""
    sc = Scale(size)
    x, w = BOARD_X, BOARD_W
    headings: list[tuple[str, pygame.Rect]] = []

    def heading(key: str, hx: float, hy: float, hw: float) -> None:
        headings.append((key, sc.at(hx, hy, hw, HEADING)))

    heading("harbour", x, 4, w)
    sections = _row(sc, x, 28, w, 100, 4, 8)
    # Build spaces, the palace deck, the treasury and the harem.
    heading("build_spaces", x, 134, 464)
    spaces = _row(sc, x, 158, 324, 116, 3, 6)
    surcharges = _row(sc, x, 276, 324, 20, 3, 6)
    deck = sc.at(x + 334, 158, 130, 116)
    heading("treasury", x + 474, 134, 100)
    treasury = sc.at(x + 474, 158, 100, 116)
    heading("harem", x + 584, 134, w - 584)
    harem = sc.at(x + 584, 158, w - 584, 116)
    heading("palace", x, 300, w)
    gardens = _row(sc, x, 324, w, 122, 8, 7)
    heading("quarters", x, 452, w)
    quarters = _row(sc, x, 476, w, 112, 6, 8)
    # The player at the screen.
    own = sc.at(x, 596, w, 120)
    heading("stock", x + 8, 598, 218)
    stock = _row(sc, x + 8, 624, 218, 70, 4, 6)
    figures = sc.at(x + 236, 624, 52, 70)  # icons: no heading, a tooltip each
    markers = sc.at(x + 294, 624, 52, 70)
    heading("faces", x + 356, 598, 266)
    faces = _row(sc, x + 356, 624, 266, 70, 2, 6)
    heading("hand", x + 632, 598, w - 640)
    hand = sc.at(x + 632, 624, w - 640, 86)
    # The panel: the supply, the players, then the rest for `panel`.
    px_, pw = PANEL_X, PANEL_W
    supply = sc.at(px_, 4, pw - 150, 30)
    action_deck = sc.at(px_ + pw - 144, 4, 70, 30)
    discard = sc.at(px_ + pw - 70, 4, 70, 30)
    rows = tuple(sc.at(px_, 40 + i * 60, pw, 54) for i in range(players))
    top = 40 + players * 60 + 4
    panel = sc.at(px_, top, pw, 716 - top)
    return SabaLayout(
        size,
        sc,
        tuple(headings),
        sections,
        spaces,
        surcharges,
        deck,
        treasury,
        harem,
        gardens,
        quarters,
        stock,
        figures,
        markers,
        faces,
        hand,
        own,
        supply,
        action_deck,
        discard,
        rows,
        panel,
    )
