"""The table's marks, each with its own look, and the legend that says what they mean.

One mark per meaning, told apart by shape as well as colour:

- a card the player can buy now: a sky-blue ring on the card itself (`art.AFFORDABLE`);
- a card just dealt to the market: a white frame with a sparkle at its corner;
- what the last move changed (bank piles, a player's stack or reserved card): a lilac
  dashed frame or ring;
- the hint's suggestion: a solid green frame;
- the card or deck whose actions are offered: a solid gold frame (the colour of whose
  turn it is).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from splendor.engine import View
from splendor.i18n import tr
from splendor.ui import art, theme
from splendor.ui.table.frame_room import clear_frame, ring_radius
from splendor.ui.table.hits import Hit, card_hit
from splendor.ui.widgets import draw_text

if TYPE_CHECKING:
    from splendor.ui.table.view import TableUi

Px = Callable[[float], int]

LAST_MOVE = (200, 164, 255)
NEW_CARD = (255, 255, 255)
HINT = theme.OK
SELECTED = theme.ACTIVE

@dataclass(frozen=True)
class LastMove:
    """Where the last move shows on its player's panel or area."""

    seat: int
    stack: int | None = None  # the colour of the card bought
    reserved: int | None = None  # the index of the card reserved


#: The legend's entries, in the order shown (keys of legend.yaml).
LEGEND = ("affordable", "new_card", "last_move", "hint")


def hint_frame_rect(rect: pygame.Rect, px: Px, pieces: Sequence[pygame.Rect] = ()
                    ) -> pygame.Rect:
    """Where the hint's frame around the card or deck at `rect` goes: well outside it,
    but clear of the other `pieces` (a layout's `pieces`) beside it."""
    return clear_frame(rect, px(8), pieces)


def draw_hint_frame(surface: pygame.Surface, rect: pygame.Rect, px: Px,
                    pieces: Sequence[pygame.Rect] = ()) -> None:
    """The hint's mark: a solid green frame well outside the card or deck (clear of the
    other `pieces`)."""
    pygame.draw.rect(surface, HINT, hint_frame_rect(rect, px, pieces), max(4, px(5)),
                     border_radius=px(12))


def hint_ring(pile: pygame.Rect, px: Px, pieces: Sequence[pygame.Rect] = ()
              ) -> tuple[int, int]:
    """The hint's ring around the bank pile at `pile`: its radius and width, clear of the
    other `pieces` (the rings of two piles hinted side by side meet between them)."""
    frame = clear_frame(pile, px(9), pieces)
    return ring_radius(pile.center, frame), max(3, px(4))


def draw_selected_frame(surface: pygame.Surface, rect: pygame.Rect, px: Px) -> None:
    pygame.draw.rect(surface, SELECTED, rect.inflate(6, 6), 4, border_radius=px(10))


def draw_new_card(surface: pygame.Surface, rect: pygame.Rect, px: Px) -> None:
    """A card just dealt: a thin white frame and a sparkle on its top-left corner."""
    pygame.draw.rect(surface, NEW_CARD, rect.inflate(px(8), px(8)), max(2, px(2)),
                     border_radius=px(10))
    size = max(12, px(20))
    sparkle = art.sparkle_surface(size, NEW_CARD)
    surface.blit(sparkle, sparkle.get_rect(center=(rect.left - px(3), rect.top - px(3))))


def draw_last_move(surface: pygame.Surface, rect: pygame.Rect, px: Px) -> None:
    """Something the last move changed: a lilac dashed frame around `rect`."""
    box = rect.inflate(px(10), px(10))
    frame = art.dashed_frame_surface(box.w, box.h, px(10), max(2, px(3)), LAST_MOVE)
    surface.blit(frame, box)


def draw_card_marks(surface: pygame.Surface, rect: pygame.Rect, hit: Hit, ui: TableUi,
                    px: Px, pieces: Sequence[pygame.Rect] = ()) -> None:
    """The marks of a card (or deck, noble, city, post) on the table, outermost first;
    the hint's frame clear of the other `pieces` (a layout's `pieces`)."""
    if hit in ui.hint_marks:
        draw_hint_frame(surface, rect, px, pieces)
    if hit in ui.highlight:
        draw_last_move(surface, rect, px)
    if hit in ui.dealt:
        draw_new_card(surface, rect, px)
    if ui.selected == hit:
        draw_selected_frame(surface, rect, px)


def draw_last_move_pile(surface: pygame.Surface, center: tuple[int, int], diameter: int,
                        px: Px) -> None:
    """A bank pile the last move took from or gave to: a lilac dashed ring."""
    ring = art.dashed_ring_surface(diameter, max(2, px(3)), LAST_MOVE)
    surface.blit(ring, ring.get_rect(center=center))


def legend_entries(affordable: bool, hints: bool) -> list[str]:
    """The marks this table can show: no "can buy" with that assist off, no hint when
    the game offers none."""
    return [key for key in LEGEND
            if (key != "affordable" or affordable) and (key != "hint" or hints)]


def _sample(surface: pygame.Surface, key: str, rect: pygame.Rect, px: Px) -> None:
    """A little card with the mark `key` on it."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=px(3))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=px(3))
    if key == "affordable":
        pygame.draw.rect(surface, art.AFFORDABLE, rect, max(2, px(3)), border_radius=px(3))
    elif key == "new_card":
        pygame.draw.rect(surface, NEW_CARD, rect.inflate(px(4), px(4)), max(1, px(2)),
                         border_radius=px(4))
        sparkle = art.sparkle_surface(max(10, px(12)), NEW_CARD)
        surface.blit(sparkle, sparkle.get_rect(center=rect.topleft))
    elif key == "last_move":
        box = rect.inflate(px(6), px(6))
        surface.blit(art.dashed_frame_surface(box.w, box.h, px(4), max(2, px(2)), LAST_MOVE),
                     box)
    elif key == "hint":
        pygame.draw.rect(surface, HINT, rect.inflate(px(6), px(6)), max(2, px(3)),
                         border_radius=px(5))


def draw_legend(surface: pygame.Surface, rect: pygame.Rect, px: Px, keys: Sequence[str]
                ) -> None:
    """What each mark means, in two columns (in one row when `rect` is a wide strip, as
    under the Orient's cards, and every name fits there): a little card with the mark,
    then its name."""
    if not keys:
        return
    columns = 2
    if rect.w >= 6 * rect.h:
        room = rect.w // len(keys) - px(40)
        font = theme.font(max(theme.MIN_TEXT_PX, px(15)))
        if all(font.size(tr(f"legend.{key}"))[0] <= room for key in keys):
            columns = len(keys)
    rows = (len(keys) + columns - 1) // columns
    col_w = rect.w // columns
    row_h = rect.h // max(2 if columns == 2 else 1, rows)
    for i, key in enumerate(keys):
        cell = pygame.Rect(rect.x + (i % columns) * col_w, rect.y + (i // columns) * row_h,
                           col_w, row_h)
        sample_h = min(px(21), row_h - px(4))  # smaller in two short rows
        sample = pygame.Rect(0, 0, round(sample_h * 15 / 21), sample_h)
        sample.midleft = (cell.x + px(4), cell.centery)
        _sample(surface, key, sample, px)
        label = pygame.Rect(sample.right + px(9), cell.y, cell.right - sample.right - px(12),
                            cell.h)
        draw_text(surface, tr(f"legend.{key}"), px(15), theme.TEXT_DIM, label, align="left")


def last_move_marks(before: View, after: View) -> tuple[set[Hit], set[Hit], LastMove | None]:
    """What a move changed, from the views before and after it: (the bank piles it took
    from or gave to, with the cards whose strongholds changed and the trading posts
    claimed; the cards dealt to the market, the Orient's included; where it shows on its
    player's panel).
    """
    old = {c.id for row in (*before.market, *before.orient_market) for c in row if c is not None}
    new = {c.id for row in (*after.market, *after.orient_market) for c in row if c is not None}
    dealt = {card_hit(card_id) for card_id in new - old}
    piles = {Hit("bank", c) for c in range(6) if before.bank[c] != after.bank[c]}
    # A module's pieces: the cards whose strongholds changed, the posts newly claimed.
    holds = set(before.holds) ^ set(after.holds)
    piles |= {card_hit(card_id) for card_id, _, _ in holds if card_id in new}
    moved = None
    for was, now in zip(before.players, after.players, strict=True):
        piles |= {Hit("post", post) for post in set(now.posts) - set(was.posts)}
        bought = [c for c in now.purchased if c not in was.purchased]
        colours = {card: colour for card, _, colour in now.pairs}
        stack = colours.get(bought[0].id, bought[0].bonus) if bought else None
        stack = stack if stack is None or stack >= 0 else None
        reserved = len(now.reserved) - 1 if len(now.reserved) > len(was.reserved) else None
        if stack is not None or reserved is not None:
            moved = LastMove(now.seat, stack, reserved)
    return piles, dealt, moved
