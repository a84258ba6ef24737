"""What lies under the pointer on Saba's table, and where each part of it is drawn."""

from __future__ import annotations

import pygame

from splendor.saba.engine import SabaData, SabaView
from splendor.ui.saba.choices import Target
from splendor.ui.saba.layout import SabaLayout


def hand_slots(lay: SabaLayout, count: int) -> list[pygame.Rect]:
    """Where the `count` action cards in the hand of the player at the screen lie: side by
    side, as wide as a third of the area's height allows, narrower when many."""
    area = lay.hand
    if count <= 0:
        return []
    gap = lay.px(6)
    width = min(area.h * 3 // 4, (area.w - gap * (count - 1)) // count)
    return [pygame.Rect(area.x + i * (width + gap), area.y, width, area.h) for i in range(count)]


def places(lay: SabaLayout, view: SabaView, data: SabaData) -> list[tuple[Target, pygame.Rect]]:
    """Every part of the table a click or the pointer may mean, with its rectangle."""
    out: list[tuple[Target, pygame.Rect]] = []
    out += [(Target("section", i), r) for i, r in enumerate(lay.sections)]
    out += [(Target("card", c.id), lay.spaces[i]) for i, c in enumerate(view.display)]
    out += [(Target("space", i), r) for i, r in enumerate(lay.surcharges)]
    out.append((Target("deck"), lay.deck))
    out.append((Target("treasury"), lay.treasury))
    out.append((Target("harem"), lay.harem))
    out += [(Target("garden", g), r) for g, r in enumerate(lay.gardens)]
    out += [(Target("quarter", q.id), r) for q, r in zip(data.quarters, lay.quarters, strict=True)]
    out += [(Target("stock", m), r) for m, r in enumerate(lay.stock)]
    out.append((Target("figures"), lay.figures))
    out.append((Target("markers"), lay.markers))
    out += [(Target("face", i), r) for i, r in enumerate(lay.faces)]
    me = view.me
    if me.hand is not None:
        out += [
            (Target("hand", c), r)
            for c, r in zip(me.hand, hand_slots(lay, len(me.hand)), strict=True)
        ]
    out += [(Target("player", s), r) for s, r in zip(seat_order(view), lay.players, strict=True)]
    out.append((Target("supply"), lay.supply))
    out.append((Target("action_deck"), lay.action_deck))
    out.append((Target("discard"), lay.discard))
    return out


def target_at(
    lay: SabaLayout, view: SabaView, data: SabaData, pos: tuple[int, int]
) -> Target | None:
    """The part of the table under `pos`, or None."""
    for target, rect in places(lay, view, data):
        if rect.collidepoint(pos):
            return target
    return None


def rect_of(lay: SabaLayout, view: SabaView, data: SabaData, target: Target) -> pygame.Rect | None:
    """Where `target` is drawn, or None when it is not on the table now."""
    return next((r for t, r in places(lay, view, data) if t == target), None)


def seat_order(view: SabaView) -> list[int]:
    """The players' rows from the top: in turn order from the first player."""
    n = view.num_players
    return [(view.first_player + i) % n for i in range(n)]
