"""Trading Posts on the table: its board above the action panel with every player's
coats of arms on it (the cards a little smaller, the bank in a row under them); each
player's coat of arms before their name, and in another player's panel the number of
posts they hold."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from splendor.engine import GameData, PlayerView, View
from splendor.engine.modules.trading_posts import TradingPostsState
from splendor.ui import art
from splendor.ui.table import marks
from splendor.ui.table.hits import Hit
from splendor.ui.table.modules.base import Badge, Middle, TableModule, TableParts

if TYPE_CHECKING:
    from splendor.ui.table.layout import TableLayout
    from splendor.ui.table.view import TableUi

#: Post 3: a gold pays two of one colour.
GOLD_PAYS_TWO = 3


class TradingPostsTable(TableModule):
    engine = TradingPostsState
    seat_counts = True
    has_emblem = True
    dock_over_bank = False

    @classmethod
    def middle(cls, market_slots: int) -> Middle:
        w, gap = 88, 6
        return Middle((w, 123), 112, 6, 12, 12 + w + gap + 2, w + gap)

    @classmethod
    def place(cls, parts: TableParts) -> None:
        # The bank in a row under the cards; the board above the action panel.
        rect, top = parts.rect, parts.mid.top
        pile = 556 - parts.rows_bottom - 8
        span = parts.cards_right - 12
        parts.bank = [rect(12 + i * (span - pile) / 5, parts.rows_bottom + 6, pile, pile)
                      for i in range(6)]
        column_x = parts.cards_right + 12
        parts.posts_board = rect(column_x, top, 950 - column_x, 112)
        parts.action_panel = rect(column_x, top + 120, 950 - column_x, 444 - 120)
        parts.posts = post_rects(parts.posts_board)

    @classmethod
    def draw_pieces(cls, surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
                    data: GameData, colours: Sequence[art.Color]) -> None:
        """The board with every player's coats of arms on it."""
        board = lay.posts_board
        if not lay.posts or not data.posts:
            return
        holders = post_holders(view)
        surface.blit(art.posts_board_surface(data.posts, holders, board.size, colours), board)
        for i, rect in enumerate(lay.posts):
            marks.draw_card_marks(surface, rect.inflate(-lay.px(6), -lay.px(6)),
                                  Hit("post", i + 1), ui, lay.px, lay.pieces)

    @classmethod
    def badges(cls, player: PlayerView, view: View, icon: int, *, theirs: bool
               ) -> list[Badge]:
        if not theirs:
            return []
        colour = art.seat_colours(view.num_players)[player.seat]
        return [(art.coat_of_arms_surface(colour, icon), len(player.posts))]

    @classmethod
    def draw_emblem(cls, surface: pygame.Surface, rect: pygame.Rect, view: View,
                    seat: int) -> None:
        """A player's coat of arms in their seat colour: it tells whose shields stand on
        the board."""
        if rect.w:
            colour = art.seat_colours(view.num_players)[seat]
            surface.blit(art.coat_of_arms_surface(colour, rect.size), rect)

    @classmethod
    def gold_pays_two(cls, player: PlayerView) -> bool:
        return GOLD_PAYS_TWO in player.posts


def post_holders(view: View) -> dict[int, list[int]]:
    """For each trading post claimed, the seats holding it (in seat order)."""
    holders: dict[int, list[int]] = {}
    for player in view.players:
        for post in player.posts:
            holders.setdefault(post, []).append(player.seat)
    return holders


def post_rects(board: pygame.Rect) -> list[pygame.Rect]:
    """The five posts of the board, left to right: equal fifths of it (a click between
    two stations belongs to the nearer)."""
    edges = [board.x + round(i * board.w / 5) for i in range(6)]
    return [pygame.Rect(edges[i], board.y, edges[i + 1] - edges[i], board.h) for i in range(5)]
