"""A finished game's results as the results screen shows them: public facts only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from splendor.engine import GameState
from splendor.standings import standings_dict


@dataclass(frozen=True, slots=True)
class FinalResult:
    """Standings (`splendor.standings.standings_dict`), each seat's bonuses by colour, and
    the points that end the game."""

    info: dict[str, Any]
    bonuses: tuple[tuple[int, ...], ...]
    target: int


def final_result(state: GameState) -> FinalResult:
    """The results of `state` (finished or not: an unfinished game says so)."""
    return FinalResult(standings_dict(state), tuple(tuple(p.bonuses) for p in state.players),
                       state.data.target_points)
