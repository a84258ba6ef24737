"""What a game is started with: the seats, who plays first, the seed and the mode."""

from __future__ import annotations

from dataclasses import dataclass

from splendor.games import default_game

HUMAN = "human"
#: A seat for a person at another computer, in a network game.
REMOTE = "remote"
MIN_SEATS = 2
MAX_SEATS = 4
#: The game played when none is named (`splendor.games.default_game`).
DEFAULT_GAME = default_game().id


@dataclass(frozen=True, slots=True)
class SeatOption:
    """One seat: `kind` is 'human' or a bot name from `splendor.bots.BOT_NAMES`."""

    kind: str
    name: str

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass(frozen=True, slots=True)
class GameOptions:
    """A game to start. `first_player` None means drawn at random; `seed` None means random.

    A `competitive` game has no assists, no undo and no hints (Board Game Arena's name
    for it); statistics keep such games apart. `module` names the Cities of Splendor
    module played with the base game (None: the base game alone). `game` is the game
    played, by its id in the registry (`splendor.games.find_game`).
    """

    seats: tuple[SeatOption, ...]
    first_player: int | None = None
    seed: int | None = None
    competitive: bool = False
    module: str | None = None
    game: str = DEFAULT_GAME

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.is_human)

    @property
    def watch_only(self) -> bool:
        """True when every seat is a bot: the player watches."""
        return not self.humans
