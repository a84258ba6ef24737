"""Frames kept clear of the pieces beside them: a frame around a pile, card, deck or tile
runs out from it as far as asked but, on each side, no further than the next piece (half
way to it when that piece is framed too), so it never touches a pile or card it is not
about. The table's hint and the review's framed moves both use it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame


def clear_frame(piece: pygame.Rect, outset: int, pieces: Sequence[pygame.Rect],
                framed: Collection[tuple[int, ...]] = ()) -> pygame.Rect:
    """The frame `outset` px around `piece`, cut back on each side where it would meet
    another of `pieces` (a layout's `pieces`): a pixel short of that piece, or of half
    the way to it when it is in `framed` (its own frame takes the other half). Pieces
    overlapping `piece` (the card under a stronghold, the piece itself) are not its
    neighbours."""
    left, top = piece.left - outset, piece.top - outset
    right, bottom = piece.right + outset, piece.bottom + outset
    # Near enough to matter: a frame beside a framed piece stops half way to it.
    reach = piece.inflate(4 * outset + 4, 4 * outset + 4)
    for other in pieces:
        if other.colliderect(piece) or not other.colliderect(reach):
            continue
        share = 2 if tuple(other) in framed else 1
        # The side facing `other` (a neighbour across a corner: the side with more room).
        gaps = {"below": other.top - piece.bottom, "above": piece.top - other.bottom,
                "right": other.left - piece.right, "left": piece.left - other.right}
        side, gap = max(gaps.items(), key=lambda item: item[1])
        room = max(0, gap // share - 1)  # a pixel's line left clear
        if side == "below":
            bottom = min(bottom, piece.bottom + room)
        elif side == "above":
            top = max(top, piece.top - room)
        elif side == "right":
            right = min(right, piece.right + room)
        else:
            left = max(left, piece.left - room)
    return pygame.Rect(left, top, right - left, bottom - top)


def ring_radius(center: tuple[int, int], frame: pygame.Rect) -> int:
    """The largest circle about `center` that stays inside `frame` (a pile's ring)."""
    x, y = center
    return min(x - frame.left, frame.right - 1 - x, y - frame.top, frame.bottom - 1 - y)
