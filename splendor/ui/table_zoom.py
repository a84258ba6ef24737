"""A card shown large: hover over any card a moment, or right-click it at once.

Every card the viewer may see can be zoomed: the market, their own reserved cards and
purchased cards (the bonus badges, by colour), and the other players' face-up reserved
cards and purchased stacks. Another seat's blind reservation is only a `HiddenCard` in
the view, so it is never a target. Moving off the card, Escape or a click closes the
zoom. Time moves only in `update`; `draw` shows what `update` decided.

A line of the game log that names a card (a purchase, a reservation from the market)
shows a small picture of it beside the line as soon as the pointer is on it. Only the
logged action's card is used: a blind reservation's action holds only the level, so its
line never has a picture, whoever looks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from splendor.engine import Action, Buy, Card, GameData, Reserve, View
from splendor.ui import art, theme
from splendor.ui.layout import TableLayout
from splendor.ui.table_view import Assists, affordable, remaining_cost
from splendor.ui.widgets import draw_shadow

#: Seconds the pointer rests on a card before it is shown large.
HOVER_DELAY = 0.5
#: A zoomed card, and a card of a zoomed stack, in design units (a market card is 100).
ZOOM_CARD = (200, 280)
STACK_CARD = (140, 196)
STACK_ROW = 5
#: The small picture of a card named by a line of the game log, in design units.
LOG_CARD = (120, 168)


@dataclass(frozen=True)
class ZoomTarget:
    """Something that can be shown large: where it is, and the cards it shows."""

    key: tuple[object, ...]  # ("card", id), ("stack", seat, colour) or ("log", line)
    rect: pygame.Rect
    cards: tuple[Card, ...]
    affordable: bool = False
    remaining: tuple[int, ...] | None = None
    #: A card named by a line of the log: shown small, at once, beside the line.
    small: bool = False


def zoom_targets(lay: TableLayout, view: View, assists: Assists, acting: bool,
                 reserved: Sequence[pygame.Rect], bonuses: Sequence[pygame.Rect]
                 ) -> list[ZoomTarget]:
    """Every card on the table that can be zoomed, with where it is drawn (`reserved` and
    `bonuses` are the slots of the viewer's area, from table_view)."""
    me = view.me

    def card_target(card: Card, rect: pygame.Rect, marks: bool) -> ZoomTarget:
        if not marks:
            return ZoomTarget(("card", card.id), rect, (card,))
        return ZoomTarget(("card", card.id), rect, (card,),
                          acting and assists.affordable and affordable(me, card),
                          remaining_cost(me, card) if assists.remaining_cost and acting else None)

    targets = []
    for level_index, row in enumerate(lay.market):
        for slot, rect in enumerate(row):
            card = view.market[level_index][slot]
            if card is not None:
                targets.append(card_target(card, rect, True))
    for rect, held in zip(reserved, me.reserved, strict=False):
        if isinstance(held, Card):
            targets.append(card_target(held, rect, True))
    for color, rect in enumerate(bonuses):
        stack = tuple(c for c in me.purchased if c.bonus == color)
        if stack:
            targets.append(ZoomTarget(("stack", view.seat, color), rect, stack))
    others = [p for p in view.players if p.seat != view.seat]
    for panel, player in zip(lay.seats, others, strict=False):
        for rect, held in zip(panel.reserved, player.reserved, strict=False):
            if isinstance(held, Card):  # a HiddenCard is another seat's blind card
                targets.append(card_target(held, rect, False))
        for color, rect in enumerate(panel.stacks):
            stack = tuple(c for c in player.purchased if c.bonus == color)
            if stack:
                targets.append(ZoomTarget(("stack", player.seat, color), rect, stack))
    return targets


def logged_card(action: Action) -> str | None:
    """The card a logged move names by its id: a purchase, or a reservation of a face-up
    card (public when it happened). None otherwise: a blind reservation's action holds
    only the deck's level."""
    if isinstance(action, Buy | Reserve):
        return action.card_id
    return None


def log_targets(rows: Sequence[tuple[int, pygame.Rect]], line_cards: Sequence[str | None],
                data: GameData) -> list[ZoomTarget]:
    """The log lines shown (`rows`: line index and box, from `table_view.log_rows`) that
    name a card, as small zoom targets; `line_cards[i]` is the card line i names, or None
    (see `logged_card`)."""
    targets = []
    for line, rect in rows:
        card_id = line_cards[line] if 0 <= line < len(line_cards) else None
        card = data.card_by_id.get(card_id) if card_id is not None else None
        if card is not None:
            targets.append(ZoomTarget(("log", line), rect, (card,), small=True))
    return targets


def target_at(targets: Sequence[ZoomTarget], pos: tuple[int, int]) -> ZoomTarget | None:
    return next((t for t in targets if t.rect.collidepoint(pos)), None)


class CardZoom:
    """What is hovered, for how long, and what is shown large."""

    def __init__(self) -> None:
        self.hovered: ZoomTarget | None = None
        self.waited = 0.0
        self.shown: ZoomTarget | None = None

    def point(self, target: ZoomTarget | None) -> bool:
        """The pointer is over `target` (None: over nothing that zooms). Another target
        starts the wait again and closes what was shown; True when that changed the
        picture."""
        if target is not None and self.hovered is not None and target.key == self.hovered.key:
            return False
        changed = self.shown is not None
        self.hovered, self.waited, self.shown = target, 0.0, None
        if target is not None and target.small:  # a log line's card: no wait
            self.shown = target
            changed = True
        return changed

    def open(self, target: ZoomTarget | None) -> bool:
        """Show `target` at once (a right-click); None closes. True when the picture
        changed."""
        if target is None:
            return self.close()
        self.hovered, self.shown = target, target
        return True

    def close(self) -> bool:
        """Close the zoom and forget the hover; True when something was shown."""
        changed = self.shown is not None
        self.hovered, self.waited, self.shown = None, 0.0, None
        return changed

    def update(self, dt: float, targets: Callable[[], list[ZoomTarget]]) -> bool:
        """Let `dt` seconds pass; what is hovered is looked up again in `targets()` (a card
        bought or a view changed closes it). True when the picture changed."""
        if self.hovered is None:
            return False
        key = self.hovered.key
        fresh = next((t for t in targets() if t.key == key), None)
        if fresh is None:
            return self.close()
        changed = self.shown is not None and fresh != self.shown
        self.hovered = fresh
        if self.shown is not None:
            self.shown = fresh
            return changed
        self.waited += dt
        if self.waited >= HOVER_DELAY:
            self.shown = fresh
            return True
        return False

    def box(self, lay: TableLayout) -> pygame.Rect | None:
        """Where the zoom is drawn: beside its card, inside the window."""
        shown = self.shown
        if shown is None:
            return None
        w, h, _, _ = _grid(lay, shown)
        win_w, win_h = lay.size
        margin = lay.px(10)
        box = pygame.Rect(0, 0, w, h)
        right = shown.rect.right + margin
        box.x = right if right + w <= win_w - margin else shown.rect.left - margin - w
        box.x = max(margin, min(box.x, win_w - margin - w))
        box.centery = shown.rect.centery
        box.y = max(margin, min(box.y, win_h - margin - h))
        return box

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        box = self.box(lay)
        shown = self.shown
        if box is None or shown is None:
            return
        px = lay.px
        _, _, card, per_row = _grid(lay, shown)
        pad, gap = px(10), px(8)
        draw_shadow(surface, box, px(12), px(8))
        pygame.draw.rect(surface, theme.TABLE_DARK, box, border_radius=px(12))
        pygame.draw.rect(surface, theme.TEXT_DIM, box, max(1, px(2)), border_radius=px(12))
        for i, c in enumerate(shown.cards):
            x = box.x + pad + (i % per_row) * (card[0] + gap)
            y = box.y + pad + (i // per_row) * (card[1] + gap)
            surface.blit(art.card_surface(c, card, affordable=shown.affordable,
                                          remaining=shown.remaining), (x, y))


def _grid(lay: TableLayout, shown: ZoomTarget) -> tuple[int, int, tuple[int, int], int]:
    """(width, height, card size, cards per row) of the zoom of `shown`."""
    px = lay.px
    count = len(shown.cards)
    size = LOG_CARD if shown.small else ZOOM_CARD if count == 1 else STACK_CARD
    card = (px(size[0]), px(size[1]))
    per_row = max(1, min(count, STACK_ROW))
    rows = math.ceil(count / per_row)
    pad, gap = px(10), px(8)
    return (2 * pad + per_row * card[0] + (per_row - 1) * gap,
            2 * pad + rows * card[1] + (rows - 1) * gap, card, per_row)
