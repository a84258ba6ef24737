"""How hard a challenge is, as measured: the tries the expert won in the player's seat
(`python -m splendor challenges verify`), kept with the challenge in
`levels_data/challenges.yaml` as `measured: {wins, tries, budget, seed}` so that the
difficulty shown is a figure anyone can measure again with the command it names.

The difficulty is the share of tries won: easy, medium or hard. No challenge may be so
hard that the expert wins it less than one time in five (`MIN_RATE`): the data's tests
hold the shipped challenges to that.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The least share of tries the expert must win: below it a challenge is too hard.
MIN_RATE = 0.2
#: The difficulties from the easiest, each with the least share of tries won it takes.
LEVELS = (("easy", 0.9), ("medium", 0.6), ("hard", 0.0))
#: The fields of a challenge's `measured`.
FIELDS = ("wins", "tries", "budget", "seed")


@dataclass(frozen=True)
class Measured:
    """`wins` of `tries` won by the expert at `budget` simulations a decision, try n
    played with the seed `seed + n` (the deal of a fresh challenge, the expert's own)."""

    wins: int
    tries: int
    budget: int
    seed: int

    @property
    def rate(self) -> float:
        return self.wins / self.tries

    @property
    def level(self) -> str:
        """'easy', 'medium' or 'hard'."""
        return next(name for name, least in LEVELS if self.rate >= least)

    def command(self, challenge_id: str) -> str:
        """The command that measures it again."""
        return (f"python -m splendor challenges verify --only {challenge_id} "
                f"--tries {self.tries} --budget {self.budget} --seed {self.seed}")

    def to_json(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in FIELDS}

    def flow_yaml(self) -> str:
        """As the data file writes it: `{wins: 9, tries: 12, budget: 60, seed: 1000}`."""
        return "{" + ", ".join(f"{name}: {getattr(self, name)}" for name in FIELDS) + "}"


def measured_from_json(raw: object) -> Measured:
    """The measurement plain data describes (`to_json`'s form); ValueError saying what is
    wrong."""
    if not isinstance(raw, Mapping) or set(raw) != set(FIELDS):
        raise ValueError(f"'measured' must give {', '.join(FIELDS)}, got {raw!r}")
    values: dict[str, Any] = {}
    for name in FIELDS:
        value = raw[name]
        low = 0 if name in ("wins", "seed") else 1
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"measured: '{name}' must be a whole number >= {low}, "
                             f"got {value!r}")
        values[name] = value
    if values["wins"] > values["tries"]:
        raise ValueError(f"measured: {values['wins']} wins of {values['tries']} tries")
    return Measured(**values)
