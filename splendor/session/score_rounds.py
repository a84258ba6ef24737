"""Each player's points round by round, as data for the results chart (no drawing here).

A round is complete when every seat has taken its turn once; the points are taken at
that moment, nobles included. A game stopped in the middle of a round (a save of a game
in progress, or every player having had to pass) ends with the points as they stand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from splendor.engine import Action, GameData, GameSetup, GameState


@dataclass(frozen=True, slots=True)
class ScoreRounds:
    """`points[seat][i]` is the seat's points after round `rounds[i]` (round 0: the deal,
    everyone at 0). The last round may be unfinished (`last_complete` is then False)."""

    rounds: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]
    target: int
    last_complete: bool = True

    @property
    def players(self) -> int:
        return len(self.points)

    @property
    def top(self) -> int:
        """The highest score anyone reached (0 for a game nobody scored in)."""
        return max((max(row) for row in self.points), default=0)

    def leader_after(self, index: int) -> tuple[int, ...]:
        """The seats with the most points at `rounds[index]` (several when tied)."""
        column = [row[index] for row in self.points]
        best = max(column)
        return tuple(seat for seat, p in enumerate(column) if p == best)


def score_rounds(data: GameData, setup: GameSetup, actions: Sequence[Action]) -> ScoreRounds:
    """The points by round of the game dealt by `setup` and played by `actions` (checked:
    an illegal action raises IllegalActionError)."""
    state = GameState.from_setup(data, setup)
    n = state.num_players
    rounds = [0]
    columns = [state.scores()]
    for action in actions:
        turns = state.turns
        state.apply(action)
        if state.turns != turns and state.turns % n == 0:
            rounds.append(state.turns // n)
            columns.append(state.scores())
    complete = True
    if state.turns % n or columns[-1] != state.scores():
        # An unfinished round, or a noble's visit still to come in the round's last turn:
        # the points as they stand close the chart.
        rounds.append(state.turns // n + 1)
        columns.append(state.scores())
        complete = False
    points = tuple(tuple(column[seat] for column in columns) for seat in range(n))
    return ScoreRounds(tuple(rounds), points, data.target_points, complete)


def score_rounds_of(state: GameState) -> ScoreRounds:
    """The points by round of `state`'s game so far, replayed from its deal."""
    return score_rounds(state.data, state.setup, tuple(state.history))
