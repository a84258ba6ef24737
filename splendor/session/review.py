"""A finished or saved game to look back on: its record, whose eyes, its points by round.

Nothing here can change a game: a `GameReview` holds a copy of the record, and each
`cursor()` replays it afresh (`ReplayCursor`).

Whose eyes: with exactly one person among the seats, the review shows what that person
saw (their own blind reservations are theirs to see again); otherwise (hot seat, bots
only) the public view, so a review shown to everyone at the screen gives away nobody's
blind reservation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from splendor.engine import GameData, GameState, RecordError, make_record, replay
from splendor.session.replay import ReplayCursor
from splendor.session.score_rounds import ScoreRounds, score_rounds
from splendor.session.seats import HUMAN


def review_seat(kinds: Sequence[str]) -> int | None:
    """The seat whose view a review shows: the only human, or None (public view)."""
    humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    return humans[0] if len(humans) == 1 else None


@dataclass(frozen=True)
class GameReview:
    """What the review and results screens need of one game."""

    data: GameData
    #: The game record (`splendor.engine.make_record`): the deal and every action.
    record: dict[str, Any]
    names: tuple[str, ...]
    #: The seat whose view is shown, or None for the public view (see the module).
    seat: int | None
    scores: ScoreRounds

    @property
    def moves(self) -> int:
        """How many actions the game has (positions run from 0 to this)."""
        return len(self.record["actions"])

    def cursor(self) -> ReplayCursor:
        """A fresh cursor at the game's last position."""
        return ReplayCursor(self.data, self.record)


def review_of(state: GameState, kinds: Sequence[str],
              names: Sequence[str] | None = None) -> GameReview | None:
    """The review of `state`'s game with seats of `kinds` (named `names`, by default as
    in the deal). None when its record does not lead from the deal to `state` (a position
    set up by hand rather than played, as tests and demonstrations build)."""
    record = make_record(state)
    try:
        replayed = replay(state.data, record)
    except RecordError:
        return None
    if replayed != state:
        return None
    scores = score_rounds(state.data, state.setup, tuple(state.history))
    return GameReview(state.data, record, tuple(names or state.setup.names),
                      review_seat(kinds), scores)
