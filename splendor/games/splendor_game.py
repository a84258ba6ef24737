"""Splendor (the base game, or with one Cities of Splendor module) as a registered game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from splendor.engine import GameData, GameState, View
from splendor.games.base import Game


class SplendorGame(Game):
    """Splendor, played with `module` (a Cities of Splendor module's id) or none."""

    id = "splendor"
    #: The bots' process long named its game by its data ("base").
    aliases = ("base",)
    data_type = GameData
    name_key = "games.splendor.name"
    record_format = "splendor-record"

    def __init__(self, module: str | None = None) -> None:
        self._module = module

    @property
    def module(self) -> str | None:
        return self._module

    def with_module(self, module: str | None) -> Game:
        from splendor.engine import find_module

        return SplendorGame(None if module is None else find_module(module).module)

    def data(self) -> GameData:
        from splendor.gamedata import base_game

        return base_game()

    def new_game(
        self,
        seed: int,
        players: int,
        names: tuple[str, ...] | None = None,
        first_player: int | None = None,
    ) -> GameState:
        from splendor.engine import new_game

        return new_game(self.data(), players, seed, names, first_player, self._module)

    def observe(self, state: GameState, seat: int) -> View:
        from splendor.engine import observe

        return observe(state, seat)

    def parse_action(self, text: str) -> Any:
        from splendor.engine import parse_action

        return parse_action(text)

    def make_record(self, state: GameState) -> dict[str, Any]:
        from splendor.engine import make_record

        return make_record(state)

    def replay(self, record: object) -> GameState:
        from splendor.engine import replay

        return replay(self.data(), record)

    def standings_dict(self, state: GameState) -> dict[str, Any]:
        from splendor.standings import standings_dict

        return standings_dict(state)

    def standings_lines(self, state: GameState) -> list[str]:
        from splendor.standings import standings_lines

        return standings_lines(state)

    def bot_levels(self) -> tuple[str, ...]:
        from splendor.bots import BOT_NAMES

        return BOT_NAMES

    def make_bot(
        self, level: str, seed: int = 0, budget: float | None = None, data: GameData | None = None
    ) -> Any:
        from splendor.bots import make_bot

        return make_bot(level, seed, data=data or self.data(), budget=budget)

    def level_budget(self, level: str) -> float:
        from splendor.bots.profiles import shipped_profiles

        return float(getattr(shipped_profiles().get(level), "budget", None) or 0.0)

    def summary_fields(self, counts: Mapping[str, int]) -> dict[str, Any]:
        """The base game adds nothing (the tournament's original shape); a module, its id
        and the games without a winner (the Cities: nobody took a city)."""
        if self._module is None:
            return {}
        return {"module": self._module, "no_winner": counts["no_winner"]}

    def headline_name(self) -> str:
        return "" if self._module is None else f", module {self._module}"

    def headline_facts(self, counts: Mapping[str, int]) -> str:
        return "" if self._module is None else f", {counts['no_winner']} without a winner"
