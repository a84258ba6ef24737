"""Where everything sits on the table, computed from the window size and the module.

Positions are designed at 1280x720 and scaled by `ui_scale`, centred in the window, so
the table keeps its proportions from 1024x600 to 3840x2160.

The base game (and the Strongholds, whose towers stand on the cards):

    +--------------------------------------------------------------+---------------+
    | nobles                                 legend               | opponents     |
    | [deck 3] [card] [card] [card] [card]   bank   action panel   |               |
    | [deck 2] [card] [card] [card] [card]   piles                 |               |
    | [deck 1] [card] [card] [card] [card]                         +---------------+
    +--------------------------------------------------------------+ game log      |
    | your area: tokens, bonuses, reserved cards, nobles, points    |               |
    +--------------------------------------------------------------+---------------+

The Cities put their three tiles where the nobles were, larger, over slightly smaller
cards. The Orient adds two face-up cards
per level right of the four base cards and its own decks at the right of each row: the
cards are narrower (still tall enough to show every cost), the bank moves up beside the
nobles and the legend down under the cards. Trading Posts puts its board above the
action panel: the cards are a little smaller and the bank lies in a row under them.

    Orient                                         Trading Posts
    | nobles            bank piles     |           | nobles        legend           |
    | [d] [c][c][c][c] [o][o] [od]  panel          | [d] [c][c][c][c]  posts board  |
    | [d] [c][c][c][c] [o][o] [od]     |           | [d] [c][c][c][c]  action panel |
    | [d] [c][c][c][c] [o][o] [od]     |           | [d] [c][c][c][c]               |
    | legend                           |           | bank piles                     |
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from splendor.ui.art import readable_card_width
from splendor.ui.table.modules import TableParts, table_module
from splendor.ui.theme import ui_scale
from splendor.ui.widgets import line_height

BASE_W, BASE_H = 1280, 720
#: A card's width over its height on the table.
CARD_RATIO_WIDTH = 100 / 140
#: The printed proportions of the player's own reserved cards (drawn wider when needed).
AREA_CARD_RATIO = 82 / 112
#: Design units: the left column (name, tokens, bonuses) of the player's area ends here,
#: where the reserved cards begin.
AREA_RESERVED_X = 400


@dataclass(frozen=True)
class SeatPanel:
    """The parts of another player's panel (see `seat_panel`)."""

    rect: pygame.Rect
    name: pygame.Rect  # the name at the left, the points at the right
    tokens: list[pygame.Rect]  # by colour 0..5: the chip at the left, its count beside it
    total: pygame.Rect  # how many tokens in all
    stacks: list[pygame.Rect]  # purchased cards by colour 0..4: the stack, its count beside
    #: Beside the stacks: the nobles that visited (and those kept aside, the Orient), or
    #: the player's city (the Cities, which have no nobles).
    nobles: pygame.Rect
    reserved: list[pygame.Rect]  # the three reserved cards
    #: A module's counts in the token row, before the total: strongholds left in the
    #: supply, double golds held, the player's coat of arms with the posts they hold
    #: (empty without such a module).
    badges: pygame.Rect = field(default_factory=pygame.Rect)

    @property
    def chip(self) -> int:
        """The diameter of a token chip."""
        return round(self.tokens[0].h * 0.9)

    @property
    def stack_size(self) -> tuple[int, int]:
        """The size of the little card that stands for a stack."""
        return round(self.stacks[0].h * 0.74), self.stacks[0].h


@dataclass(frozen=True)
class AreaLayout:
    """The parts of the viewer's own area."""

    rect: pygame.Rect
    top: int  # the top of the area's content: the name row
    label_h: int  # the height of the area's small labels
    name: pygame.Rect  # the name at the left, the points at the right (the column's width)
    points_w: int  # the width kept for the points at the right of `name`
    #: The token row: six chips of `diameter` from `tokens_x` at `tokens_y`.
    tokens_x: int
    tokens_y: int
    diameter: int
    column_right: int  # where the left column (name, tokens, bonuses) ends
    bonuses: list[pygame.Rect]  # the bonus badges by colour (the purchased cards)
    reserved: list[pygame.Rect]  # the three reserved cards
    #: The column right of the reserved cards, under its label: the nobles (the city in
    #: the Cities), the nobles kept aside in the Orient.
    side: pygame.Rect
    side_label: pygame.Rect
    #: Right of the token row: double golds held (the Orient).
    doubles: pygame.Rect
    #: A module's marks in the name row, left of the points (strongholds in the supply).
    badges: pygame.Rect
    #: The player's coat of arms before the name (Trading Posts); empty otherwise.
    emblem: pygame.Rect


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
    #: Where a passing announcement (the final round) is shown: over the game log, the
    #: one part of the table no decision needs.
    banner: pygame.Rect
    #: The parts of each opponent panel, in the order of `opponents`.
    seats: list[SeatPanel]
    #: The Cities of Splendor module laid out for (None: the base game).
    module: str | None = None
    #: The Orient: its face-up cards [level index][slot] and decks by level index.
    orient_market: list[list[pygame.Rect]] = field(default_factory=list)
    orient_decks: list[pygame.Rect] = field(default_factory=list)
    #: The Cities: the city tiles on the table.
    cities: list[pygame.Rect] = field(default_factory=list)
    #: Trading Posts: the board, and each post on it (posts 1-5, left to right).
    posts_board: pygame.Rect = field(default_factory=pygame.Rect)
    posts: list[pygame.Rect] = field(default_factory=list)
    #: The viewer's own area, part by part (None only in a layout built by hand).
    area: AreaLayout | None = None
    #: Where a panel deciding something (returning tokens, a module's step) may cover the
    #: table: the action panel and, in the base game, the bank beside it, down to the
    #: player's area; the cards, the nobles or cities and the player's area stay in view.
    dock: pygame.Rect = field(default_factory=pygame.Rect)
    #: Every piece a mark may frame or must stay clear of (see `table.frame_room`): the
    #: nobles or cities, decks and face-up cards, bank piles, posts, reserved cards.
    pieces: tuple[pygame.Rect, ...] = ()

    def px(self, value: float) -> int:
        """A design-unit length in pixels at this window size."""
        return max(1, round(value * self.scale))


def compute_layout(size: tuple[int, int], opponents: int, market_slots: int = 4,
                   module: str | None = None) -> TableLayout:
    """The table's rectangles for a window of `size` with `opponents` other players, for
    the base game or a Cities of Splendor `module`."""
    s = ui_scale(size)
    ox = (size[0] - BASE_W * s) / 2
    oy = (size[1] - BASE_H * s) / 2

    def rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(ox + x * s), round(oy + y * s), round(w * s), round(h * s))

    pieces = table_module(module)
    mid = pieces.middle(market_slots)
    card_w, card_h = mid.card
    header = rect(10, 8, 940, 22)
    decks, market, orient_decks, orient_market = [], [], [], []
    for level_index in range(3):
        # Level 3 on top, level 1 at the bottom, as on the physical table.
        y = mid.top + (2 - level_index) * (card_h + mid.row_gap)
        decks.append(rect(mid.deck_x, y, card_w, card_h))
        market.append([rect(mid.market_x + i * mid.step, y, card_w, card_h)
                       for i in range(market_slots)])
        if mid.orient_x:
            orient_market.append([rect(mid.orient_x + i * mid.step, y, card_w, card_h)
                                  for i in range(2)])
            orient_decks.append(rect(mid.orient_deck_x, y, card_w, card_h))
    rows_bottom = mid.top + 3 * card_h + 2 * mid.row_gap
    cards_right = (mid.orient_deck_x + card_w if mid.orient_x
                   else mid.market_x + (market_slots - 1) * mid.step + card_w)
    # The module places the bank, the action panel and its own parts (the default
    # nobles and legend are the base game's).
    parts = TableParts(rect, mid, market_slots, rows_bottom, cards_right,
                       nobles=[rect(mid.market_x + i * 92, 32, 80, 76) for i in range(5)],
                       legend=rect(588, 36, 362, 68))
    pieces.place(parts)
    bank, action_panel = parts.bank, parts.action_panel
    my_area = rect(10, 568, 940, 146)
    right_x, right_w = 962, 308
    count = max(1, opponents)
    # Tall enough for readable reserved cards (costs included) even with three opponents;
    # the log takes the rest.
    panel_h = max(173, min(220, (448 - (count - 1) * 8) / count))
    opponent_rects = [rect(right_x, 8 + i * (panel_h + 8), right_w, panel_h) for i in range(count)]
    log_top = 8 + count * (panel_h + 8)
    log = rect(right_x, log_top, right_w, 714 - log_top)
    # Over the game log (the past, not a decision): the banner hides no card, noble,
    # city, pile, the legend, a panel nor a player, in every module.
    banner = log.copy()
    if pieces.dock_over_bank:
        dock = pygame.Rect(bank[0].x - round(6 * s), action_panel.y,
                           action_panel.right - bank[0].x + round(6 * s), action_panel.h)
    else:
        dock = action_panel.copy()
    dock.h = my_area.top - round(8 * s) - dock.y
    area = area_layout(my_area, s, module)
    framable = (*parts.nobles, *parts.cities, *decks, *orient_decks, *bank, *parts.posts,
                *(r for row in (*market, *orient_market) for r in row), *area.reserved)
    return TableLayout(
        size=size,
        scale=s,
        nobles=parts.nobles,
        decks=decks,
        market=market,
        bank=bank,
        action_panel=action_panel,
        my_area=my_area,
        opponents=opponent_rects[:opponents],
        log=log,
        header=header,
        legend=parts.legend,
        banner=banner,
        seats=[seat_panel(r, s, module) for r in opponent_rects[:opponents]],
        module=module,
        orient_market=orient_market,
        orient_decks=orient_decks,
        cities=parts.cities,
        posts_board=parts.posts_board,
        posts=parts.posts,
        area=area,
        dock=dock,
        pieces=framable,
    )


def seat_panel(rect: pygame.Rect, scale: float, module: str | None = None) -> SeatPanel:
    """Where the parts of an opponent panel go: the name and points; the tokens, each
    chip with its count beside it (no badge over the symbol); the purchased cards as
    stacks by colour with their counts, the nobles beside them; the reserved cards below,
    as large as the rest leaves. A module adds its counts to the token row (`badges`)."""

    def px(value: float) -> int:
        return max(1, round(value * scale))

    x, right = rect.x + px(10), rect.right - px(10)
    y = rect.y + px(5)
    name = pygame.Rect(x, y, right - x, px(22))
    # A module with counts to show (strongholds in the supply, double golds, the posts
    # claimed beside the player's coat of arms) puts them in the token row, between the
    # tokens (a little closer together) and their total.
    counted = table_module(module).seat_counts
    cell = px(38) if counted else px(42)
    ty = name.bottom + px(3)
    tokens = [pygame.Rect(x + i * cell, ty, cell - px(2), px(24)) for i in range(6)]
    total = pygame.Rect(x + 6 * cell, ty, right - x - 6 * cell, px(24))
    badges = pygame.Rect(0, 0, 0, 0)
    if counted:
        total = pygame.Rect(right - px(24), ty, px(24), px(24))
        badges = pygame.Rect(x + 6 * cell + px(2), ty, total.x - x - 6 * cell - px(4), px(24))
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
    return SeatPanel(rect, name, tokens, total, stacks, nobles, reserved, badges)


def area_layout(area: pygame.Rect, scale: float, module: str | None = None) -> AreaLayout:
    """Where the parts of the viewer's own area go: the name and points over the token
    row and the bonus badges (the left column), the reserved cards with a label above
    them, then the nobles (the city in the Cities) under their label."""

    def px(value: float) -> int:
        return max(1, round(value * scale))

    top = area.y + px(6)
    label_h = line_height(px(14))
    cards_top = top + label_h + px(2)
    # Reserved cards as tall as the area allows with a label above and below, and wide
    # enough to show the whole cost.
    h = area.bottom - px(4) - label_h - px(2) - cards_top
    w = readable_card_width(h, AREA_CARD_RATIO)
    rx = area.x + px(AREA_RESERVED_X)
    reserved = [pygame.Rect(rx + i * (w + px(8)), cards_top, w, h) for i in range(3)]
    x, column_right = area.x + px(12), area.x + px(AREA_RESERVED_X - 16)
    name_h = line_height(px(20))
    tokens_y = top + name_h + px(2) + label_h
    diameter = px(44)
    # The bonus badges at the right of the column, whatever the label's language.
    bw, bh, bgap = px(38), px(26), px(5)
    x0 = column_right - 5 * bw - 4 * bgap
    bonuses = [pygame.Rect(x0 + i * (bw + bgap), tokens_y + diameter + px(4), bw, bh)
               for i in range(5)]
    side_x = reserved[-1].right + px(18)
    side_label = pygame.Rect(side_x, top, area.right - px(10) - side_x, label_h)
    side = pygame.Rect(side_x, cards_top, area.right - px(10) - side_x,
                       area.bottom - px(4) - cards_top)
    row_right = x + 6 * diameter + 5 * px(6)
    doubles = pygame.Rect(row_right + px(8), tokens_y, column_right - row_right - px(8),
                          diameter)
    points_w = px(110)
    name = pygame.Rect(x, top, column_right - x, name_h)
    badges = pygame.Rect(name.right - points_w - px(84), top, px(80), name_h)
    emblem = pygame.Rect(x, top, name_h, name_h) if table_module(module).has_emblem \
        else pygame.Rect(0, 0, 0, 0)
    return AreaLayout(area, top, label_h, name, points_w, x, tokens_y, diameter,
                      column_right, bonuses, reserved, side, side_label, doubles, badges,
                      emblem)
