"""Where everything sits on the table, computed from the window size.

Positions are designed at 1280x720 and scaled by `ui_scale`, centred in the window, so
the table keeps its proportions from 1024x600 to 3840x2160.

    +--------------------------------------------------------------+---------------+
    | nobles                                 legend               | opponents     |
    | [deck 3] [card] [card] [card] [card]   bank   action panel   |               |
    | [deck 2] [card] [card] [card] [card]   piles                 |               |
    | [deck 1] [card] [card] [card] [card]                         +---------------+
    +--------------------------------------------------------------+ game log      |
    | your area: tokens, bonuses, reserved cards, nobles, points    |               |
    +--------------------------------------------------------------+---------------+
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from splendor.ui.art import readable_card_width
from splendor.ui.theme import ui_scale

BASE_W, BASE_H = 1280, 720
#: A card's width over its height on the table.
CARD_RATIO_WIDTH = 100 / 140


@dataclass(frozen=True)
class SeatPanel:
    """The parts of another player's panel (see `seat_panel`)."""

    rect: pygame.Rect
    name: pygame.Rect  # the name at the left, the points at the right
    tokens: list[pygame.Rect]  # by colour 0..5: the chip at the left, its count beside it
    total: pygame.Rect  # how many tokens in all
    stacks: list[pygame.Rect]  # purchased cards by colour 0..4: the stack, its count beside
    nobles: pygame.Rect  # the nobles that visited, beside the stacks
    reserved: list[pygame.Rect]  # the three reserved cards

    @property
    def chip(self) -> int:
        """The diameter of a token chip."""
        return round(self.tokens[0].h * 0.9)

    @property
    def stack_size(self) -> tuple[int, int]:
        """The size of the little card that stands for a stack."""
        return round(self.stacks[0].h * 0.74), self.stacks[0].h


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    nobles: list[pygame.Rect]
    decks: list[pygame.Rect]  # by level index 0..2 (level 1 first)
    market: list[list[pygame.Rect]]  # [level index][slot]
    bank: list[pygame.Rect]  # token piles, by colour 0..5
    action_panel: pygame.Rect
    my_area: pygame.Rect
    opponents: list[pygame.Rect]
    log: pygame.Rect
    header: pygame.Rect
    #: What the table's marks mean (affordable, new card, last move, hint).
    legend: pygame.Rect
    #: Where a passing announcement (the final round) is shown across the table.
    banner: pygame.Rect
    #: The parts of each opponent panel, in the order of `opponents`.
    seats: list[SeatPanel]

    def px(self, value: float) -> int:
        """A design-unit length in pixels at this window size."""
        return max(1, round(value * self.scale))


def compute_layout(size: tuple[int, int], opponents: int, market_slots: int = 4) -> TableLayout:
    """The table's rectangles for a window of `size` with `opponents` other players."""
    s = ui_scale(size)
    ox = (size[0] - BASE_W * s) / 2
    oy = (size[1] - BASE_H * s) / 2

    def rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(ox + x * s), round(oy + y * s), round(w * s), round(h * s))

    card_w, card_h, gap = 100, 140, 8
    top = 112
    header = rect(10, 8, 940, 22)
    nobles = [rect(128 + i * 92, 32, 80, 76) for i in range(5)]
    decks, market = [], []
    for level_index in range(3):
        # Level 3 on top, level 1 at the bottom, as on the physical table.
        y = top + (2 - level_index) * (card_h + gap)
        decks.append(rect(12, y, card_w, card_h))
        market.append(
            [rect(128 + i * (card_w + gap), y, card_w, card_h) for i in range(market_slots)]
        )
    bank_x = 128 + market_slots * (card_w + gap) + 14
    bank = [rect(bank_x, top + 4 + i * 73, 64, 64) for i in range(6)]
    action_panel = rect(bank_x + 80, top, 950 - (bank_x + 80), 3 * card_h + 2 * gap)
    my_area = rect(10, 568, 940, 146)
    right_x, right_w = 962, 308
    count = max(1, opponents)
    # Tall enough for readable reserved cards (costs included) even with three opponents;
    # the log takes the rest.
    panel_h = max(173, min(220, (448 - (count - 1) * 8) / count))
    opponent_rects = [rect(right_x, 8 + i * (panel_h + 8), right_w, panel_h) for i in range(count)]
    log_top = 8 + count * (panel_h + 8)
    log = rect(right_x, log_top, right_w, 714 - log_top)
    legend = rect(588, 36, 362, 68)
    banner = rect(10, 30, 940, 96)
    return TableLayout(
        size=size,
        scale=s,
        nobles=nobles,
        decks=decks,
        market=market,
        bank=bank,
        action_panel=action_panel,
        my_area=my_area,
        opponents=opponent_rects[:opponents],
        log=log,
        header=header,
        legend=legend,
        banner=banner,
        seats=[seat_panel(r, s) for r in opponent_rects[:opponents]],
    )


def seat_panel(rect: pygame.Rect, scale: float) -> SeatPanel:
    """Where the parts of an opponent panel go: the name and points; the tokens, each
    chip with its count beside it (no badge over the symbol); the purchased cards as
    stacks by colour with their counts, the nobles beside them; the reserved cards below,
    as large as the rest leaves."""

    def px(value: float) -> int:
        return max(1, round(value * scale))

    x, right = rect.x + px(10), rect.right - px(10)
    y = rect.y + px(5)
    name = pygame.Rect(x, y, right - x, px(22))
    cell = px(42)
    ty = name.bottom + px(3)
    tokens = [pygame.Rect(x + i * cell, ty, cell - px(2), px(24)) for i in range(6)]
    total = pygame.Rect(x + 6 * cell, ty, right - x - 6 * cell, px(24))
    sy = ty + px(24) + px(4)
    stack_h = px(26)
    stacks = [pygame.Rect(x + i * cell, sy, cell - px(2), stack_h) for i in range(5)]
    nobles = pygame.Rect(x + 5 * cell, sy - px(1), right - x - 5 * cell, stack_h + px(2))
    ry = sy + stack_h + px(5)
    gap = px(6)
    h = rect.bottom - px(5) - ry
    # Printed proportions where there is room, wider where that is what shows the cost.
    w = min((right - x - 2 * gap) // 3, readable_card_width(h, CARD_RATIO_WIDTH))
    reserved = [pygame.Rect(x + i * (w + gap), ry, w, h) for i in range(3)]
    return SeatPanel(rect, name, tokens, total, stacks, nobles, reserved)
