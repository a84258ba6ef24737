"""What is under the pointer on the table, as a typed value rather than a string.

The kinds of `Hit` and their keys:

- `Hit("button", i)`: the i-th action-panel button;
- `Hit("log", i)`: the i-th line of the game log;
- `Hit("bank", c)`: the token pile of colour c (0-5, gold last);
- `Hit("card", "L2-07")`: a face-up card, base or Orient (`"O1-04"`), or one of the
  viewer's reserved cards;
- `Hit("deck", level)`: a base deck (1-3); `Hit("orient_deck", level)`: an Orient deck;
- `Hit("noble", "N04")`: a noble on the table (the Orient's "reserve noble" picks one);
- `Hit("kept_noble", "N04")`: a noble the viewer keeps aside (the Orient);
- `Hit("city", "C04")`: a city tile on the table (the Cities);
- `Hit("post", n)`: trading post n (1-5) on the Trading Posts board;
- `Hit("hold", "L2-07")`: the strongholds standing on that face-up card (Strongholds:
  over the towers themselves; the rest of the card is its "card" hit);
- `Hit("stack", c)`: the viewer's own purchased cards of bonus colour c (0-4), their
  bonus badge (the Orient's pairing and sacrifice choose among them);
- `Hit("double")`: the viewer's double golds (the Orient);
- `Hit("area")`: the player's own area elsewhere (where things are dropped).

The same values name the table's selection, the hint's marks and the highlights of the
last move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pygame

from splendor.engine import Action, Buy, Card, Noble, Reserve, ReserveDeck, Take, TakeTwo, View
from splendor.engine.actions import (
    ChooseCity,
    ChooseNoble,
    ChoosePost,
    Conquer,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)

if TYPE_CHECKING:
    from splendor.ui.table.layout import TableLayout

HitKind = Literal["button", "bank", "card", "deck", "area", "log", "orient_deck", "noble",
                  "kept_noble", "city", "post", "hold", "stack", "double"]


@dataclass(frozen=True, slots=True)
class Hit:
    """A thing on the table under the pointer: its `kind` and its `key`.

    button (index), log (line index), bank (colour 0-5), card (card id: a face-up card,
    base or Orient, or one of the viewer's reserved cards), deck (level 1-3),
    orient_deck (level 1-3), noble (id, on the table), kept_noble (id, one the viewer
    keeps aside), city (id, on the table), post (1-5), hold (id of the face-up card the
    strongholds stand on: the towers themselves), stack (bonus colour 0-4 of the
    viewer's purchased cards), double (the viewer's double golds, no key), area (the
    viewer's area elsewhere, no key). See the module docstring.
    """

    kind: HitKind
    key: str | int = ""

    @property
    def card_id(self) -> str:
        """The card's id (kinds 'card' and 'hold')."""
        assert self.kind in ("card", "hold") and isinstance(self.key, str)
        return self.key

    @property
    def number(self) -> int:
        """The colour, level, post or button index (kinds 'bank', 'deck', 'orient_deck',
        'post', 'stack', 'button', 'log')."""
        assert isinstance(self.key, int)
        return self.key


def card_hit(card_id: str) -> Hit:
    return Hit("card", card_id)


def hint_marks(action: Action) -> set[Hit]:
    """What a suggested action touches on the table: the piles it takes from, the card it
    buys, reserves or takes, the deck it reserves from, the noble, city or post it
    chooses (nothing for the other decisions)."""
    if isinstance(action, Take):
        return {Hit("bank", c) for c in action.colors}
    if isinstance(action, TakeTwo | TakeGem):
        return {Hit("bank", action.color)}
    if isinstance(action, Buy | Reserve | TakeFree | Conquer | Pair):
        return {card_hit(action.card_id)}
    if isinstance(action, ReserveDeck):
        return {Hit("orient_deck" if action.orient else "deck", action.level)}
    if isinstance(action, ReserveNoble | ChooseNoble):
        return {Hit("noble", action.noble_id)}
    if isinstance(action, ChooseCity):
        return {Hit("city", action.city_id)}
    if isinstance(action, ChoosePost):
        return {Hit("post", action.post)}
    if isinstance(action, Stronghold):
        return {card_hit(action.card_id)}
    return set()


def reserved_rects(slots: Sequence[pygame.Rect], view: View) -> list[tuple[str, pygame.Rect]]:
    """The viewer's reserved cards with where they are drawn (`slots` from the layout)."""
    return [(card.id, slots[i]) for i, card in enumerate(view.me.reserved)
            if isinstance(card, Card)]


def card_rect(lay: TableLayout, view: View, card_id: str) -> pygame.Rect | None:
    """Where a face-up card (base or Orient) is drawn, or None if it is not face up."""
    for rows, slots in ((view.market, lay.market), (view.orient_market, lay.orient_market)):
        for level_index, row in enumerate(rows):
            for slot, card in enumerate(row):
                if card is not None and card.id == card_id and level_index < len(slots) \
                        and slot < len(slots[level_index]):
                    return slots[level_index][slot]
    return None


def hold_rect(lay: TableLayout, card: pygame.Rect) -> pygame.Rect:
    """Where the strongholds standing on a card drawn at `card` are: its bottom right
    corner, clear of the cost at the bottom left and of the red counts of what is
    missing beside it (they reach 70% of the card's width)."""
    side = min(lay.px(34), round(card.w * 0.27))
    inset = lay.px(3)
    return pygame.Rect(card.right - side - inset, card.bottom - side - inset, side, side)


def hold_rects(lay: TableLayout, view: View) -> list[tuple[str, int, int, pygame.Rect]]:
    """Every card carrying strongholds: (card id, owner seat, count, where the towers
    stand)."""
    out = []
    for card_id, owner, count in view.holds:
        rect = card_rect(lay, view, card_id)
        if rect is not None:
            out.append((card_id, owner, count, hold_rect(lay, rect)))
    return out


def module_rects(lay: TableLayout, view: View) -> list[tuple[Hit, pygame.Rect]]:
    """The module pieces a click can reach, topmost first: strongholds on cards, then the
    Orient's cards and decks, nobles, cities and posts on the table, and the viewer's
    kept nobles, double golds and bonus stacks."""
    out: list[tuple[Hit, pygame.Rect]] = [
        (Hit("hold", card_id), rect) for card_id, _, _, rect in hold_rects(lay, view)]
    for level_index, row in enumerate(lay.orient_market):
        for slot, rect in enumerate(row):
            cards = view.orient_market[level_index] if level_index < len(view.orient_market) \
                else ()
            card = cards[slot] if slot < len(cards) else None
            if card is not None:
                out.append((card_hit(card.id), rect))
    out += [(Hit("orient_deck", i + 1), rect) for i, rect in enumerate(lay.orient_decks)]
    out += [(Hit("noble", noble.id), rect)
            for rect, noble in zip(lay.nobles, view.nobles, strict=False)]
    out += [(Hit("city", city.id), rect)
            for rect, city in zip(lay.cities, view.cities, strict=False)]
    out += [(Hit("post", i + 1), rect) for i, rect in enumerate(lay.posts)]
    area = lay.area
    if area is not None:
        out += [(Hit("kept_noble", noble.id), rect)
                for noble, rect in kept_noble_rects(lay, view)]
        if view.me.doubles:
            out.append((Hit("double"), area.doubles))
        if view.module is not None:
            out += [(Hit("stack", c), rect) for c, rect in enumerate(area.bonuses)]
    return out


def side_tiles(lay: TableLayout, count: int, kept: int) -> tuple[list[pygame.Rect],
                                                                list[pygame.Rect]]:
    """Where the viewer's visited nobles (`count`) and kept nobles (`kept`, the Orient)
    are drawn in the side column of their area: in two rows of three, the visited ones
    first."""
    area = lay.area
    assert area is not None
    px = lay.px
    side = area.side
    total = count + kept
    size = min(px(52), (side.h - px(4)) // 2)
    step = size + px(4)
    # Three a row, more when two rows of three are not enough and the column has room
    # (no one can hold more than the five nobles of a game).
    per_row = 3 if total <= 6 else max(3, (side.w + px(4)) // step)
    rects = [pygame.Rect(side.x + (i % per_row) * step, side.y + (i // per_row) * step,
                         size, size) for i in range(total)]
    return rects[:count], rects[count:]


def kept_noble_rects(lay: TableLayout, view: View) -> list[tuple[Noble, pygame.Rect]]:
    """The viewer's kept nobles with where they are drawn."""
    if lay.area is None or not view.me.kept_nobles:
        return []
    _, rects = side_tiles(lay, len(view.me.nobles), len(view.me.kept_nobles))
    return list(zip(view.me.kept_nobles, rects, strict=True))


def hit_test(lay: TableLayout, view: View, buttons: Sequence[pygame.Rect],
             reserved: Sequence[tuple[str, pygame.Rect]], pos: tuple[int, int],
             log: Sequence[tuple[int, pygame.Rect]] = ()) -> Hit | None:
    """The topmost thing at `pos`: a panel button, a line of the log, a bank pile, a
    stronghold on a card, a market card (base or Orient), a deck, a module's piece (see
    `module_rects`), one of the viewer's reserved cards, or their area; None over
    nothing."""
    for i, rect in enumerate(buttons):
        if rect.collidepoint(pos):
            return Hit("button", i)
    for line, rect in log:
        if rect.collidepoint(pos):
            return Hit("log", line)
    for color, rect in enumerate(lay.bank):
        if rect.collidepoint(pos):
            return Hit("bank", color)
    pieces = module_rects(lay, view) if view.module is not None else []
    for hit, rect in pieces:
        if hit.kind == "hold" and rect.collidepoint(pos):
            return hit
    for level_index, row in enumerate(lay.market):
        for slot, rect in enumerate(row):
            card = view.market[level_index][slot]
            if card is not None and rect.collidepoint(pos):
                return card_hit(card.id)
    for level_index, rect in enumerate(lay.decks):
        if rect.collidepoint(pos):
            return Hit("deck", level_index + 1)
    for hit, rect in pieces:
        if hit.kind != "hold" and rect.collidepoint(pos):
            return hit
    for card_id, rect in reserved:
        if rect.collidepoint(pos):
            return card_hit(card_id)
    if in_area(lay, pos):
        return Hit("area")
    return None


def in_area(lay: TableLayout, pos: tuple[int, int]) -> bool:
    """Whether `pos` is a drop into the viewer's area (or the action panel)."""
    return bool(lay.my_area.collidepoint(pos) or lay.action_panel.collidepoint(pos))
