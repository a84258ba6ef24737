"""The faces every game of the program shows to what is not a table screen: the command
line, tournaments, the bots' process, records. A game is a `Game` subclass that overrides
only what differs from the base (as python-chess's variants subclass its board): nothing
outside the registry asks which game it has."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from splendor.match import DEFAULT_ROUND_CAP


@dataclass(frozen=True)
class DataMismatch:
    """A record played with other components than the game's loaded ones: `message` says
    which it needs in English, `kind` names the sentence saying it in the player's language
    (`saves.problem.<kind>`), `params` fill that sentence."""

    kind: str
    message: str
    params: Mapping[str, str]


class Game:
    """One game: its rules (the engine's `new_game`, `observe`, `parse_action`, records),
    its bots and what a tournament counts of its finished games.

    States and views are the game's own (Splendor's `GameState` and `View`, Saba's
    `SabaState` and `SabaView`); both show `current_player()`, `is_over()`, `outcome()`
    (with `winners`), `turns`, `round` and `num_players`, which is all the faces below use.
    """

    #: What the command line, records and settings name the game by; other names
    #: `find_game` knows it by.
    id: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    #: The class of the game's components (what `data()` gives).
    data_type: ClassVar[type]
    #: The i18n key of the game's name (assets/i18n/<code>/games.yaml).
    name_key: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: Tools stop a game after this many rounds and report it as unfinished.
    round_cap: ClassVar[int] = DEFAULT_ROUND_CAP
    #: The facts a tournament counts over finished games (`result_facts` names them).
    facts: ClassVar[tuple[str, ...]] = ()
    #: The folder of the game's rules page under assets/ (one <language>.yaml a language).
    rules_folder: ClassVar[str] = "rules"
    #: The "format" of the game's records (`make_record`): a bare record loads as a save.
    record_format: ClassVar[str]

    @property
    def module(self) -> str | None:
        """The module played with the game, if the game has modules (None: none)."""
        return None

    def with_module(self, module: str | None) -> Game:
        """This game with `module` played (None: none); ValueError if it has no modules."""
        if module is None:
            return self
        raise ValueError(f"{self.id} has no modules (asked for {module!r})")

    # ------------------------------------------------------------------ rules

    def notice(self) -> tuple[str, str] | None:
        """What players must be told before their first game and on the rules page, as a
        title and its text in the language in use (None: nothing)."""
        return None

    def rules_fields(self) -> dict[str, str]:
        """What the rules page's `{name}` placeholders stand for on this computer (the
        pages are data: a path is filled in here)."""
        return {}

    def data(self) -> Any:
        """The components the game is played with (loaded once)."""
        raise NotImplementedError

    def new_game(
        self,
        seed: int,
        players: int,
        names: tuple[str, ...] | None = None,
        first_player: int | None = None,
    ) -> Any:
        """A new game dealt from `seed` (names None: the engine's defaults)."""
        raise NotImplementedError

    def observe(self, state: Any, seat: int) -> Any:
        """What `seat` may see of `state`: all a bot or a seat's screen gets."""
        raise NotImplementedError

    def parse_action(self, text: str) -> Any:
        """The action `text` writes (ActionParseError otherwise)."""
        raise NotImplementedError

    def make_record(self, state: Any) -> dict[str, Any]:
        """The JSON-ready record of `state` (its setup and every action)."""
        raise NotImplementedError

    def replay(self, record: object) -> Any:
        """The game `record` describes, played again (RecordError otherwise)."""
        raise NotImplementedError

    def data_mismatch(self, record: object) -> DataMismatch | None:
        """Why `record` cannot be played with the components `data()` gives, when it was
        played with others (None: it can, or its replay will say what is wrong)."""
        return None

    def standings_dict(self, state: Any) -> dict[str, Any]:
        """`state`'s seats ranked first to last (in seat order before the end) and what
        decided the game, JSON-ready (`replay --json`)."""
        raise NotImplementedError

    def standings_lines(self, state: Any) -> list[str]:
        """`standings_dict` in lines for a terminal (names' control characters escaped)."""
        raise NotImplementedError

    # ------------------------------------------------------------------- bots

    def bot_levels(self) -> tuple[str, ...]:
        """The bots' names, weakest first."""
        raise NotImplementedError

    def make_bot(
        self, level: str, seed: int = 0, budget: float | None = None, data: Any = None
    ) -> Any:
        """The bot `level`, seeded: it chooses from a view (`bot.choose(view)`). `budget`:
        thinking seconds a move for levels on a time budget; `data`: the components it
        plays with (None: the shipped ones). ValueError naming the levels for an unknown
        one."""
        raise NotImplementedError

    def level_budget(self, level: str) -> float:
        """The thinking time a move of `level` (0: it does not search on a clock)."""
        return 0.0

    # ---------------------------------------------------------- tournaments

    def credits(self, state: Any) -> tuple[float, ...]:
        """Victory credit by seat of a finished game: 1 for a sole winner, 1/k to each of
        k sharing winners, 0 to all when no one won."""
        outcome = state.outcome()
        if not outcome.winners:
            return (0.0,) * int(state.num_players)
        share = 1 / len(outcome.winners)
        seats: range = range(state.num_players)
        return tuple(share if s in outcome.winners else 0.0 for s in seats)

    def rounds(self, state: Any) -> int:
        """Rounds played: begun ones for a finished game, the current one otherwise."""
        if state.is_over():
            return int(-(-state.turns // state.num_players))
        return int(state.round)

    def result_facts(self, state: Any) -> tuple[str, ...]:
        """Which of `facts` hold for a finished game."""
        return ()

    def summary_fields(self, counts: Mapping[str, int]) -> dict[str, Any]:
        """What a tournament's JSON adds for this game, from what it counted over the
        finished games: `no_winner` (no one won) and each of `facts`."""
        return {"game": self.id, **{fact: counts[fact] for fact in self.facts}}

    def headline_name(self) -> str:
        """What the tournament's headline says of the game, after the players."""
        return f", {self.id}"

    def headline_facts(self, counts: Mapping[str, int]) -> str:
        """What the headline says of what was counted, after the unfinished games."""
        return "".join(f", {counts[fact]} {fact.replace('_', ' ')}" for fact in self.facts)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}>"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(vars(self).items()))))
