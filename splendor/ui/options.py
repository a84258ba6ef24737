"""What a new game is started with: the seats, who plays first and the seed."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from splendor.bots.base import BOT_NAMES

HUMAN = "human"
MIN_SEATS = 2
MAX_SEATS = 4
#: Longest player name the new-game screen accepts.
MAX_NAME_LENGTH = 16
#: Bots the new-game screen offers: the difficulty ladder without the test bots.
LADDER = tuple(name for name in BOT_NAMES if name not in ("random", "greedy"))


@dataclass(frozen=True, slots=True)
class SeatOption:
    """One seat: `kind` is 'human' or a bot name from `BOT_NAMES`."""

    kind: str
    name: str

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass(frozen=True, slots=True)
class GameOptions:
    """A game to start. `first_player` None means drawn at random; `seed` None means random."""

    seats: tuple[SeatOption, ...]
    first_player: int | None = None
    seed: int | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def watch_only(self) -> bool:
        """True when every seat is a bot: the player watches."""
        return not any(s.is_human for s in self.seats)

    def problem(self) -> str | None:
        """Why these options cannot start a game, as a sentence; None when they can."""
        return options_problem(self.names, len(self.seats), self.first_player)


def options_problem(names: tuple[str, ...], seats: int, first_player: int | None) -> str | None:
    """The first problem with a seat list, for an inline message; None when valid."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        return f"A game needs {MIN_SEATS} to {MAX_SEATS} players."
    seen: dict[str, int] = {}
    for seat, raw in enumerate(names):
        name = raw.strip()
        if not name:
            return f"Seat {seat + 1} needs a name."
        if len(name) > MAX_NAME_LENGTH:
            return f"Seat {seat + 1}: a name has at most {MAX_NAME_LENGTH} characters."
        key = name.casefold()
        if key in seen:
            return f"Seats {seen[key] + 1} and {seat + 1} are both called \u201c{name}\u201d."
        seen[key] = seat
    if first_player is not None and not 0 <= first_player < seats:
        return "The first player must be one of the seats."
    return None


@functools.cache
def kind_labels() -> dict[str, str]:
    """'human' and the ladder's bot names, each with its label ('Hard' from bots.yaml)."""
    from splendor.bots.profiles import shipped_profiles

    profiles = shipped_profiles()
    labels = {HUMAN: "Human"}
    for name in LADDER:
        profile = profiles.get(name)
        labels[name] = profile.label if profile is not None else name.capitalize()
    return labels


def default_name(kind: str, seat: int) -> str:
    """The name a seat gets until the player types one: 'Player 2', 'Hard bot'."""
    if kind == HUMAN:
        return f"Player {seat + 1}"
    return f"{kind_labels().get(kind, kind.capitalize())} bot"


DEFAULT_OPTIONS = GameOptions(
    seats=(SeatOption(HUMAN, "Player 1"), SeatOption("medium", "Medium bot")),
)
