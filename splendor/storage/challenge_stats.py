"""The player's best result in each challenge, kept in the statistics file (see stats.py)
under the top-level field "challenges": {challenge id: best}.

A best holds the stars earned (0 until a win), whether it was won, the measured value
the stars came from, the date it was reached (ISO, 'YYYY-MM-DD') and how many tries were
made. Fields a newer version added to an entry are kept and written back; an entry this
version cannot read makes the file unreadable like any other wrong entry (stats.py moves
it aside and says so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

_FIELDS = frozenset({"stars", "won", "value", "date", "tries"})


@dataclass
class ChallengeBest:
    stars: int = 0
    won: bool = False
    #: The measure the stars come from at the best result (None before a win).
    value: int | None = None
    #: When the best result was reached ('YYYY-MM-DD'), None before any try.
    date: str | None = None
    tries: int = 0
    #: Fields a newer version added, written back as they were.
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {**self.extra, "stars": self.stars, "won": self.won, "value": self.value,
                "date": self.date, "tries": self.tries}


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


def parse_challenges(raw: object) -> dict[str, ChallengeBest]:
    """The bests in the file's "challenges" field; ValueError naming the bad entry."""
    if not isinstance(raw, dict):
        raise ValueError("'challenges' must map challenge ids to results")
    bests = {}
    for key, entry in raw.items():
        if not isinstance(entry, dict):
            raise ValueError(f"bad challenge result {key}")
        best = ChallengeBest(extra={k: v for k, v in entry.items() if k not in _FIELDS})
        stars, won, value = entry.get("stars", 0), entry.get("won", False), entry.get("value")
        date, tries = entry.get("date"), entry.get("tries", 0)
        if not _is_count(stars) or stars > 3:
            raise ValueError(f"bad challenge result {key}: 'stars' must be 0 to 3")
        if not isinstance(won, bool):
            raise ValueError(f"bad challenge result {key}: 'won' must be true or false")
        if stars and not won:
            # Stars come with a win only: else the stars would open chapters unearned.
            raise ValueError(f"bad challenge result {key}: stars without a win")
        if value is not None and type(value) is not int:
            raise ValueError(f"bad challenge result {key}: 'value' must be a number or null")
        if date is not None and not isinstance(date, str):
            raise ValueError(f"bad challenge result {key}: 'date' must be a date or null")
        if not _is_count(tries):
            raise ValueError(f"bad challenge result {key}: 'tries' must be a count")
        best.stars, best.won, best.value, best.date, best.tries = stars, won, value, date, tries
        bests[str(key)] = best
    return bests


def improve(best: ChallengeBest, won: bool, stars: int, value: int, better: bool,
            date: str) -> bool:
    """Count a try in `best` and keep its result if it beats the best (more stars, or as
    many with a better `value`: `better` says whether `value` beats the kept one). True
    when the best changed."""
    best.tries += 1
    if not won:
        return False
    if best.won and (stars < best.stars or (stars == best.stars and not better)):
        return False
    best.won, best.stars, best.value, best.date = True, stars, value, date
    return True
