"""Two moves side by side on the table: the move played and the expert's, each a framed
set of the things it touches (as the hint marks them: `hits.hint_marks`) with a tag
naming it ("Played", "Expert"). The review draws them at a marked move, over the board
as it was when the move was chosen. The frames stay clear of the piles and cards beside
them (`frame_room`); the tags stay in the window, off the review's panel, its curve and
the player's emblem, shifted inward where a language's longer word would run under them.

A tag never covers a card, a deck, a noble, a pile or another player's panel: where no
such spot lies by its frames (a card of a middle row, whose neighbours are a few pixels
away), it goes to the table's legend, which at a marked move says what the frames are
(the legend's own marks, of the last move, are not shown there then).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from splendor.engine import Action, View
from splendor.ui import art, theme
from splendor.ui.table.frame_room import clear_frame
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
    """One move on the table: the rectangles it touches, the frames drawn around them,
    its tag and colour."""

    rects: tuple[pygame.Rect, ...]
    #: The frame around each of `rects`: the later move's outside the earlier's on a
    #: piece both touch, each clear of the pieces beside it.
    boxes: tuple[pygame.Rect, ...]
    tag: str
    ink: Color
    #: Where the tag goes: by its pieces, inside the window, off what `move_frames` was
    #: told is covered, off every piece and off the other tags; else in the legend.
    tag_rect: pygame.Rect
    #: Whether the tag is in the table's legend (no room by its frames).
    in_legend: bool = False


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


def frame_width(px: Callable[[float], int]) -> int:
    """The width of a move's frame line."""
    return max(3, px(4))


def tag_px(px: Callable[[float], int]) -> int:
    """The size of a tag's words."""
    return max(theme.MIN_TEXT_PX, px(14))


def move_frames(lay: TableLayout, view: View, moves: Sequence[tuple[Action, str, Color]],
                covered: Sequence[pygame.Rect] = (), note: str = "") -> list[MoveFrame]:
    """The frames of `moves` (action, tag, colour): on a piece several touch, the later
    ones outside the earlier; every frame clear of the pieces beside it. Each tag by its
    frames (the outermost move's placed first), inside the window, off `covered` (what
    is drawn over the board: the review's panel, the curve), off every piece and another
    player's panel, and off the other tags, covering as little of the table as it can;
    where there is no such spot by its frames, in the table's legend (after `note`, the
    words `draw_move_frames` writes there)."""
    px = lay.px
    width = frame_width(px)
    touched = [(action_rects(lay, view, action), tag, ink) for action, tag, ink in moves]
    framed = {tuple(rect) for rects, _, _ in touched for rect in rects}
    boxes: list[list[pygame.Rect]] = []
    for order, (rects, _, _) in enumerate(touched):
        own = []
        for rect in rects:
            earlier = [i for i in range(order) if rect in touched[i][0]]
            box = clear_frame(rect, px(5) + len(earlier) * px(7), lay.pieces, framed)
            for i in earlier:  # an earlier frame stays inside this one's line
                j = touched[i][0].index(rect)
                boxes[i][j] = boxes[i][j].clip(box.inflate(-2 * width, -2 * width))
            own.append(box)
        boxes.append(own)
    # What a tag had better not hide: the pieces shown, the header, the legend, the
    # player's name and the labels over their reserved cards and nobles.
    empty = lay.nobles[len(view.nobles):]
    shown = [r for r in lay.pieces if r not in empty]
    seen = [*shown, lay.header, lay.legend]
    # What a tag never hides: the pieces shown and the other players' panels.
    solid = [*shown, *lay.opponents]
    # What a tag must not hide at all: the bank's counts (a tag by a card of the bottom
    # row lay over the pile beneath) and the player's emblem (Trading Posts puts the
    # bank right above it).
    kept_clear = [*covered, *pile_counts(lay, view)]
    if lay.area is not None:
        a = lay.area
        columns = a.reserved[0].unionall(a.reserved[1:])
        seen += [a.name, pygame.Rect(columns.x, a.top, columns.w, a.label_h), a.side_label]
        if a.emblem.w:
            kept_clear.append(a.emblem)
    tags: dict[int, pygame.Rect] = {}
    homeless = []
    for order in reversed(range(len(touched))):
        rects, tag, _ = touched[order]
        if not rects:
            continue
        others = [b for i, own in enumerate(boxes) if i != order for b in own]
        union = boxes[order][0].unionall(boxes[order][1:])
        spot = _place_tag(lay, union, tag, kept_clear, [*tags.values(), *solid],
                          seen + others)
        if spot is None:
            homeless.append(order)
        else:
            tags[order] = spot
    homeless.sort()  # in the legend in the moves' order: played, then the expert's
    spots = legend_tags(lay, [touched[o][1] for o in homeless], list(tags.values()), note)
    for order, spot in zip(homeless, spots, strict=True):
        tags[order] = spot
    return [MoveFrame(tuple(rects), tuple(boxes[order]), tag, ink, tags[order],
                      order in homeless)
            for order, (rects, tag, ink) in enumerate(touched) if rects]


def tag_size(lay: TableLayout, tag: str) -> tuple[int, int]:
    """A tag's width and height."""
    px = lay.px
    return (theme.font(tag_px(px), bold=True).size(tag)[0] + px(14),
            line_height(tag_px(px)) + px(2))


def legend_note(lay: TableLayout, note: str) -> pygame.Rect:
    """Where a note over the tags in the legend goes (the board shown is the one the
    move was chosen in): the legend's first row, or its left in a one-row legend (the
    Orient's strip); empty without a note."""
    px = lay.px
    legend = lay.legend
    if not note:
        return pygame.Rect(legend.x + px(4), legend.y, 0, 0)
    line = line_height(tag_px(px))
    width = min(theme.font(tag_px(px)).size(note)[0], legend.w - px(8))
    if _two_rows(lay):
        top = legend.y + (legend.h - (line + px(4) + line + px(2))) // 2
        return pygame.Rect(legend.x + px(4), top, width, line)
    return pygame.Rect(legend.x + px(4), legend.centery - line // 2, width, line)


def _two_rows(lay: TableLayout) -> bool:
    """Whether the legend holds the note and, under it, a row of tags."""
    line = line_height(tag_px(lay.px))
    return lay.legend.h >= 2 * line + lay.px(4) + lay.px(2)


def legend_tags(lay: TableLayout, tags: Sequence[str], placed: Sequence[pygame.Rect],
                note: str = "") -> list[pygame.Rect]:
    """Where `tags` go in the table's legend: in a row from its left (under the note, or
    after it in a one-row legend; centred on the legend's height without one), off the
    tags `placed` already."""
    px = lay.px
    legend = lay.legend
    sizes = [tag_size(lay, tag) for tag in tags]
    height = max((h for _, h in sizes), default=0)
    words = legend_note(lay, note)
    if not note:
        x, y = legend.x + px(4), legend.centery - height // 2
    elif _two_rows(lay):
        x, y = legend.x + px(4), words.bottom + px(4)
    else:
        x, y = words.right + px(12), legend.centery - height // 2
    out: list[pygame.Rect] = []
    for w, h in sizes:
        spot = pygame.Rect(x, y, w, h)
        while spot.collidelist([*placed, *out]) >= 0 and spot.right < legend.right:
            spot.x += px(4)
        out.append(spot)
        x = spot.right + px(12)
    return out


def pile_counts(lay: TableLayout, view: View) -> list[pygame.Rect]:
    """Where the bank's piles show how many tokens they hold (their number badges)."""
    out = []
    for rect, count in zip(lay.bank, view.bank, strict=False):
        if count > 0:
            square = pygame.Rect(0, 0, rect.w, rect.w)
            square.center = rect.center
            out.append(art.count_badge_rect(rect.w, count).move(square.topleft))
    return out


def _place_tag(lay: TableLayout, union: pygame.Rect, tag: str,
               covered: Sequence[pygame.Rect], solid: list[pygame.Rect],
               seen: list[pygame.Rect]) -> pygame.Rect | None:
    """Where a tag goes by the frames `union`: above or below them, from their left or
    right edge, or shifted inward to just left or right of what is covered or of a tag
    already placed; inside the window, a little off `covered` and off `solid` (the other
    tags, the pieces, the other players' panels), the spot that hides least of `seen`
    for its distance from the frames; None when there is no such spot. The text is at
    its smallest size already at 1280x720 and less: shifting, not shrinking, finds it
    room."""
    px = lay.px
    window = pygame.Rect((0, 0), lay.size)
    blocked = [c.inflate(2 * px(4), 2 * px(4)) for c in covered] + solid
    w, h = tag_size(lay, tag)
    xs = [union.x, union.right - w, *(c.left - w for c in blocked), *(c.right for c in blocked)]
    spots = [pygame.Rect(max(0, min(x, window.right - w)), y, w, h)
             for y in (union.y - h + px(2), union.bottom - px(2)) for x in xs]
    best: tuple[int, pygame.Rect] | None = None
    for spot in spots:
        if not window.contains(spot) or spot.collidelist(blocked) >= 0:
            continue
        away = max(0, union.x - spot.right, spot.x - union.right)
        if away > px(24):
            continue  # too far to be read as the frames' tag
        hidden = sum(_area(spot.clip(r)) for r in seen)
        cost = hidden + away * h // 3
        if best is None or cost < best[0]:
            best = (cost, spot)
    return best[1] if best is not None else None


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def draw_move_frames(surface: pygame.Surface, lay: TableLayout, frames: Sequence[MoveFrame],
                     note: str = "") -> None:
    """Each move's frames around its pieces, then its tag; `note` and the tags that are
    in the legend over the legend's own marks (of the last move and a card dealt, which
    the board before a move does not show)."""
    px = lay.px
    width = frame_width(px)
    for frame in frames:
        for box in frame.boxes:
            pygame.draw.rect(surface, frame.ink, box, width, border_radius=px(10))
    if note or any(frame.in_legend for frame in frames):
        # The legend's little cards reach a few pixels past its left and top.
        surface.fill(theme.TABLE, lay.legend.inflate(px(8), px(6)))
        if note:
            draw_text(surface, note, tag_px(px), theme.TEXT, legend_note(lay, note),
                      align="left")
    for frame in frames:
        pygame.draw.rect(surface, frame.ink, frame.tag_rect, border_radius=px(6))
        pygame.draw.rect(surface, theme.INK, frame.tag_rect, 1, border_radius=px(6))
        draw_text(surface, frame.tag, tag_px(px), theme.INK, frame.tag_rect, bold=True)
