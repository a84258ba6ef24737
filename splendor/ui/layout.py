"""Where everything sits on the table, computed from the window size.

Positions are designed at 1280x720 and scaled by `ui_scale`, centred in the window, so
the table keeps its proportions from 1024x600 to 3840x2160.

    +--------------------------------------------------------------+---------------+
    | nobles                                                      | opponents     |
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

from splendor.ui.theme import ui_scale

BASE_W, BASE_H = 1280, 720


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
    panel_h = min(176, (440 - (count - 1) * 8) / count)
    opponent_rects = [rect(right_x, 8 + i * (panel_h + 8), right_w, panel_h) for i in range(count)]
    log_top = 8 + count * (panel_h + 8)
    log = rect(right_x, log_top, right_w, 714 - log_top)
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
    )
