"""What a game is, as a variant of Splendor: the base game's answers, which each Cities of
Splendor module's state class (engine/modules/) overrides where its module differs, the
way python-chess's variants override `Board` (its names and pieces as class attributes,
its part of the setup and of the view as methods)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from splendor.engine.components import GameData
from splendor.engine.player import PlayerState


class Variant:
    """The base game's names, pieces and module hooks; `GameState` inherits them."""

    __slots__ = ()

    # The game's own fields (set by GameState), which the base game's answers read.
    data: GameData
    players: list[PlayerState]

    #: The Cities of Splendor module played (its id), None for the base game: a module's
    #: state class (see engine/modules/) says which, and what it adds.
    module: ClassVar[str | None] = None
    #: What the game is called in English messages.
    title: ClassVar[str] = "the base game"
    #: Whether the Orient's decks and market are on the table (only with the Orient).
    has_orient: ClassVar[bool] = False
    #: Whether cities are on the table (and take the nobles' place), trading posts are
    #: claimed, strongholds are placed: what screens and tools show of a module.
    has_cities: ClassVar[bool] = False
    has_posts: ClassVar[bool] = False
    has_strongholds: ClassVar[bool] = False
    #: Whether reaching the target points starts the final round (the Cities: a city
    #: taken at the end of a turn does).
    ends_on_points: ClassVar[bool] = True

    # ------------------------------------------------------- the setup

    @classmethod
    def check_playable(cls, data: GameData) -> None:
        """Raise ValueError unless `data` holds the pieces this game needs."""

    @classmethod
    def nobles_dealt(cls, data: GameData, players: int) -> int:
        """How many nobles a game for `players` deals."""
        return data.setups[players].nobles

    @classmethod
    def deal_pieces(cls, data: GameData, rng: Any) -> Mapping[str, Any]:
        """The setup fields a module deals after the base game's (drawn from `rng`)."""
        return {}

    # -------------------------------------------------------- the view

    def view_seat(self, seat: int) -> dict[str, Any]:
        """A module's fields of `seat`'s PlayerView (see view.py); view_table: the View's."""
        return {}

    def view_table(self) -> dict[str, Any]:
        return {}

    # ------------------------------------------------------ the final round

    def final_round_reason(self, seat: int) -> str | None:
        """What of `seat`'s starts the final round ('has 15 points'), None if nothing."""
        points = self.players[seat].points
        return f"has {points} points" if points >= self.data.target_points else None

    def final_round_need(self) -> str:
        """What a final round needs, in words (for the position builder's errors)."""
        return f"a seat with {self.data.target_points} points or more"
