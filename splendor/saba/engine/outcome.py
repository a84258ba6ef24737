"""The harem rule (S38) and the result of a finished game (S61-S62)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

#: S60: the last palace card left the game, or someone bought the end card.
EndReason = Literal["palace_cards", "end_card"]
#: What decided among players tied on points: more markers on the harem track, the
#: nearer marker to space 1, or nothing (a shared victory, A20).
TieBreak = Literal["harem_markers", "harem_nearest", "shared"]


def harem_key(track: Sequence[int], seat: int) -> tuple[int, int]:
    """S38 as a sort key, higher first: markers on the track, then how near to space 1
    the nearest one lies. Seats without a marker share the lowest key (they stay tied)."""
    count = track.count(seat)
    return (count, -track.index(seat)) if count else (0, -len(track) - 1)


def harem_winner(track: Sequence[int], tied: Sequence[int]) -> int | None:
    """The one seat the harem rule puts first among `tied`, or None if still tied."""
    keys = {s: harem_key(track, s) for s in tied}
    best = max(keys.values())
    first = [s for s in tied if keys[s] == best]
    return first[0] if len(first) == 1 else None


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    `winners` holds one seat, or several when they share the victory (A20). `places`
    gives each seat's place from 1, tied seats sharing one (S62). `tie_break` says what
    decided among players tied for first on points: None when nobody tied.
    """

    winners: tuple[int, ...]
    points: tuple[int, ...]
    places: tuple[int, ...]
    #: The harem track at the end, space 1 first (the tie-break's evidence).
    harem: tuple[int, ...]
    reason: EndReason
    tie_break: TieBreak | None

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats from first to last place (tied seats in seat order)."""
        return tuple(sorted(range(len(self.points)), key=lambda s: (self.places[s], s)))


def decide(points: tuple[int, ...], harem: tuple[int, ...], reason: EndReason) -> Outcome:
    """Rank the seats: most points, then the harem rule; still tied, they share (S62)."""
    seats = range(len(points))
    keys = {s: (points[s], harem_key(harem, s)) for s in seats}
    places = tuple(1 + sum(1 for o in seats if keys[o] > keys[s]) for s in seats)
    winners = tuple(s for s in seats if places[s] == 1)
    tied = [s for s in seats if points[s] == max(points)]
    tie_break: TieBreak | None = None
    if len(winners) > 1:
        tie_break = "shared"
    elif len(tied) > 1:
        counts = sorted((harem.count(s) for s in tied), reverse=True)
        tie_break = "harem_markers" if counts[0] > counts[1] else "harem_nearest"
    return Outcome(winners, points, places, harem, reason, tie_break)
