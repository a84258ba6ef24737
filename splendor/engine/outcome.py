"""The result of a finished game: winners, the tie-break, and the standings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from splendor.engine.pickling import fast_pickle

EndReason = Literal["target", "all_passed", "city"]
TieBreak = Literal["fewest_cards", "shared"]


@fast_pickle
@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    `winners` holds one seat, or several when they share the victory. `tie_break` says
    what decided among players tied on points: None when nobody tied for first,
    'fewest_cards' when fewer purchased cards broke the tie, 'shared' when it did not.
    With the Cities only players holding a city can win: `winners` is empty when nobody
    took one.
    """

    winners: tuple[int, ...]
    points: tuple[int, ...]
    cards: tuple[int, ...]
    reason: EndReason
    tie_break: TieBreak | None

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats from first to last place: most points, then fewest purchased cards."""
        seats = range(len(self.points))
        return tuple(sorted(seats, key=lambda s: (-self.points[s], self.cards[s], s)))


def decide(
    points: tuple[int, ...],
    cards: tuple[int, ...],
    reason: EndReason,
    eligible: tuple[int, ...] | None = None,
) -> Outcome:
    """Apply the winning rule among the `eligible` seats (all by default): most points,
    then fewest purchased cards, else shared."""
    seats = range(len(points)) if eligible is None else eligible
    if not seats:
        return Outcome((), points, cards, reason, None)
    best = max(points[s] for s in seats)
    tied = [s for s in seats if points[s] == best]
    tie_break: TieBreak | None = None
    if len(tied) > 1:
        fewest = min(cards[s] for s in tied)
        winners = tuple(s for s in tied if cards[s] == fewest)
        tie_break = "fewest_cards" if len(winners) == 1 else "shared"
    else:
        winners = (tied[0],)
    return Outcome(winners, points, cards, reason, tie_break)
