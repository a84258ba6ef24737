"""Two moves side by side on the table: the move played and the expert's, each a framed
set of the things it touches (as the hint marks them: `hits.hint_marks`) with a tag
naming it ("Played", "Expert"). The review draws them at a marked move, over the board
as it was when the move was chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from splendor.engine import Action, View
from splendor.ui import theme
from splendor.ui.table.hits import card_rect, hint_marks, module_rects, reserved_rects
from splendor.ui.table.layout import TableLayout
from splendor.ui.table.marks import HINT, LAST_MOVE
from splendor.ui.theme import Color
from splendor.ui.widgets import draw_text, line_height

#: The played move's frame (the table's colour of a move made) and the expert's (the
#: hint's colour).
PLAYED_INK: Color = LAST_MOVE
EXPERT_INK: Color = HINT


@dataclass(frozen=True)
class MoveFrame:
    """One move on the table: the rectangles it touches, its tag and colour."""

    rects: tuple[pygame.Rect, ...]
    tag: str
    ink: Color
    #: How far outside the pieces the frame runs (the expert's outside the played one's).
    outset: int
    #: Where the tag goes (above the pieces, or below when there is no room above).
    tag_rect: pygame.Rect


def action_rects(lay: TableLayout, view: View, action: Action) -> list[pygame.Rect]:
    """Where the things `action` touches are drawn in `view` (none for a move that
    touches nothing shown: giving tokens back, passing, a card out of sight)."""
    rects = []
    pieces = dict(module_rects(lay, view)) if view.module is not None else {}
    reserved = dict(reserved_rects(lay.area.reserved, view)) if lay.area is not None else {}
    for hit in hint_marks(action):
        rect: pygame.Rect | None = None
        if hit.kind == "bank":
            rect = lay.bank[hit.number] if hit.number < len(lay.bank) else None
        elif hit.kind == "card":
            rect = card_rect(lay, view, hit.card_id) or reserved.get(hit.card_id)
        elif hit.kind == "deck":
            rect = lay.decks[hit.number - 1] if 0 < hit.number <= len(lay.decks) else None
        else:
            rect = pieces.get(hit)
        if rect is not None:
            rects.append(rect)
    return rects


def move_frames(lay: TableLayout, view: View, moves: Sequence[tuple[Action, str, Color]]
                ) -> list[MoveFrame]:
    """The frames of `moves` (action, tag, colour), the later ones outside the earlier;
    tags placed apart (one above its pieces, the next below when they would meet)."""
    px = lay.px
    text_px = max(theme.MIN_TEXT_PX, px(14))
    frames: list[MoveFrame] = []
    taken: list[pygame.Rect] = []
    for order, (action, tag, ink) in enumerate(moves):
        rects = action_rects(lay, view, action)
        if not rects:
            continue
        outset = px(5) + order * px(7)
        union = rects[0].unionall(rects[1:]).inflate(2 * outset, 2 * outset)
        w = theme.font(text_px, bold=True).size(tag)[0] + px(14)
        h = line_height(text_px) + px(2)
        above = pygame.Rect(union.x, union.y - h + px(2), w, h)
        below = pygame.Rect(union.x, union.bottom - px(2), w, h)
        room = pygame.Rect((0, 0), lay.size)
        spot = above if room.contains(above) and not any(above.colliderect(t) for t in taken) \
            else below
        spot.clamp_ip(room)
        taken.append(spot)
        frames.append(MoveFrame(tuple(rects), tag, ink, outset, spot))
    return frames


def draw_move_frames(surface: pygame.Surface, lay: TableLayout, frames: Sequence[MoveFrame]
                     ) -> None:
    """Each move's frames around its pieces, then its tag."""
    px = lay.px
    width = max(3, px(4))
    for frame in frames:
        for rect in frame.rects:
            pygame.draw.rect(surface, frame.ink, rect.inflate(2 * frame.outset, 2 * frame.outset),
                             width, border_radius=px(10))
    text_px = max(theme.MIN_TEXT_PX, px(14))
    for frame in frames:
        pygame.draw.rect(surface, frame.ink, frame.tag_rect, border_radius=px(6))
        pygame.draw.rect(surface, theme.INK, frame.tag_rect, 1, border_radius=px(6))
        draw_text(surface, frame.tag, text_px, theme.INK, frame.tag_rect, bold=True)
