"""The base table, and what a Cities of Splendor module may change of it.

Each module's table pieces are a subclass of `TableModule` in their own file (found by
the engine module through the registry in __init__.py) that overrides only what its
module changes: where the middle of the table goes (`middle`, `place`), what its own
pieces look like (`draw_above_cards`, `draw_pieces`), a player's counts and emblem, the
column beside the reserved cards. Nothing here changes the game: it draws a `View`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

import pygame

from splendor.engine import GameData, PlayerView, View
from splendor.engine.modules import ModuleState
from splendor.i18n import tr
from splendor.ui import art, theme
from splendor.ui.art.palette import ORIENT_GOLD
from splendor.ui.table import marks
from splendor.ui.table.hits import Hit, side_tiles
from splendor.ui.widgets import draw_text

if TYPE_CHECKING:
    from splendor.ui.table.layout import TableLayout
    from splendor.ui.table.view import Assists, TableUi

Px = Callable[[float], int]
#: A count shown with its icon (strongholds in the supply, posts held, double golds).
Badge = tuple[pygame.Surface, int]

#: The dashed frame of a noble kept aside: the Orient's gold.
KEPT = ORIENT_GOLD


@dataclass(frozen=True)
class Middle:
    """The design-unit geometry of the middle of the table for one module."""

    card: tuple[float, float]  # a card's width and height
    top: float  # the top of the level-3 row
    row_gap: float
    deck_x: float
    market_x: float  # the first base card
    step: float  # from one card to the next in a row
    orient_x: float = 0  # the first Orient card (0: none)
    orient_deck_x: float = 0


@dataclass
class TableParts:
    """The middle of the table while a module places its parts (see `TableModule.place`):
    `rect` turns design units into pixels; the cards' rows are already placed."""

    rect: Callable[[float, float, float, float], pygame.Rect]
    mid: Middle
    market_slots: int
    rows_bottom: float
    cards_right: float
    nobles: list[pygame.Rect]
    legend: pygame.Rect
    bank: list[pygame.Rect] = field(default_factory=list)
    action_panel: pygame.Rect = field(default_factory=pygame.Rect)
    cities: list[pygame.Rect] = field(default_factory=list)
    posts_board: pygame.Rect = field(default_factory=pygame.Rect)
    posts: list[pygame.Rect] = field(default_factory=list)


class TableModule:
    """The base game's table (and a module's with no table pieces of its own)."""

    #: The engine module these pieces are for (None: the base game).
    engine: ClassVar[type[ModuleState] | None] = None
    #: Whether another player's token row shows the module's counts (see `badges`).
    seat_counts: ClassVar[bool] = False
    #: Whether a player's coat of arms stands before their name.
    has_emblem: ClassVar[bool] = False
    #: Whether a deciding panel may cover the bank beside the action panel too.
    dock_over_bank: ClassVar[bool] = True

    # ------------------------------------------------------------ the layout

    @classmethod
    def middle(cls, market_slots: int) -> Middle:
        """The cards' geometry."""
        return Middle((100, 140), 112, 8, 12, 128, 108)

    @classmethod
    def place(cls, parts: TableParts) -> None:
        """Place the bank and the action panel (and the module's own parts) in `parts`:
        here six piles down the rows' height right of the cards, the panel beside them."""
        mid = parts.mid
        bank_x = mid.market_x + parts.market_slots * mid.step + 14
        # Six piles down the rows' height (64 units each in the base game).
        pile_step = min(73, (parts.rows_bottom - mid.top) / 6)
        pile = min(64, pile_step - 6)
        parts.bank = [parts.rect(bank_x, mid.top + 4 + i * pile_step, pile, pile)
                      for i in range(6)]
        parts.action_panel = parts.rect(bank_x + 80, mid.top, 950 - (bank_x + 80),
                                        parts.rows_bottom - mid.top)

    # ------------------------------------------------------------ the table

    @classmethod
    def draw_above_cards(cls, surface: pygame.Surface, lay: TableLayout, view: View,
                         ui: TableUi, assists: Assists) -> None:
        """The module's pieces drawn before the cards (over where the nobles are)."""

    @classmethod
    def draw_pieces(cls, surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
                    data: GameData, colours: Sequence[art.Color]) -> None:
        """The module's pieces drawn after the cards (on them, or beside)."""

    # ------------------------------------------------------------ a player's pieces

    @classmethod
    def badges(cls, player: PlayerView, view: View, icon: int, *, theirs: bool
               ) -> list[Badge]:
        """The module's counts for `player` (`theirs`: in another player's panel), each
        with its icon `icon` pixels tall, left to right."""
        return []

    @classmethod
    def draw_emblem(cls, surface: pygame.Surface, rect: pygame.Rect, view: View,
                    seat: int) -> None:
        """A player's emblem before their name (none in the base game)."""

    @classmethod
    def gold_pays_two(cls, player: PlayerView) -> bool:
        """Whether a gold pays two of one colour for `player` (one payment, no choice)."""
        return False

    @classmethod
    def draw_side(cls, surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
                  assists: Assists) -> None:
        """The column right of the viewer's reserved cards: the nobles that visited, in
        rows of three, then the nobles kept aside (the Orient)."""
        a = lay.area
        assert a is not None
        px = lay.px
        me = view.me
        visited, kept = side_tiles(lay, len(me.nobles), len(me.kept_nobles))
        draw_text(surface, tr("table.area.nobles"), px(14), theme.TEXT_DIM, a.side_label,
                  align="left")
        for noble, rect in zip(me.nobles, visited, strict=True):
            surface.blit(art.noble_surface(noble, rect.size, owned=True), rect)
        # Nobles kept aside (the Orient): their requirements (with the viewer's progress),
        # framed in gold dashes until they visit.
        progress = me.bonuses if assists.noble_progress else None
        for noble, rect in zip(me.kept_nobles, kept, strict=True):
            surface.blit(art.noble_surface(noble, rect.size, progress=progress), rect)
            kept_frame(surface, rect, px)
            marks.draw_card_marks(surface, rect, Hit("kept_noble", noble.id), ui, px)

    @classmethod
    def draw_seat_side(cls, surface: pygame.Surface, box: pygame.Rect, player: PlayerView,
                       px: Px) -> None:
        """Beside another player's stacks: their nobles in a row from the right of
        `box`, overlapping when many, those that visited then those kept aside (the
        Orient) framed in dashes."""
        tiles = [(noble, True) for noble in player.nobles]
        tiles += [(noble, False) for noble in player.kept_nobles]
        if not tiles:
            return
        size = box.h
        count = len(tiles)
        step = min(size + px(3), (box.w - size) // max(1, count - 1)) if count > 1 else 0
        x = box.right - size - step * (count - 1)
        for i, (noble, visited) in enumerate(tiles):
            at = pygame.Rect(x + i * step, box.y, size, size)
            surface.blit(art.noble_surface(noble, (size, size), owned=True), at)
            if not visited:
                kept_frame(surface, at, px)


def kept_frame(surface: pygame.Surface, rect: pygame.Rect, px: Px) -> None:
    """A noble kept aside, not yet visiting: a gold dashed frame around its tile."""
    box = rect.inflate(px(4), px(4))
    surface.blit(art.dashed_frame_surface(box.w, box.h, px(4), max(1, px(2)), KEPT), box)
