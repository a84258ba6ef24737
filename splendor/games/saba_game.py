"""Saba – Palast der Königin (docs/RULES_SABA.md) as a registered game."""

from __future__ import annotations

from typing import Any, ClassVar

from splendor.games.base import DataMismatch, Game
from splendor.saba.engine import SabaData, SabaState, SabaView


class SabaGame(Game):
    """Saba's basic game."""

    id = "saba"
    data_type = SabaData
    name_key = "games.saba.name"
    #: The game ended by the end card (else: by the last palace card, S60); the winner
    #: decided by the harem track (S38, S62); a victory shared (A20).
    facts: ClassVar[tuple[str, ...]] = ("end_card", "harem_decided", "shared")
    rules_folder = "rules/saba"
    record_format = "saba-record"

    def notice(self) -> tuple[str, str]:
        """The card values are a reconstruction, the advanced game is missing, and where
        the data file lies (RULES_SABA.md section 8)."""
        from splendor.saba.words import notice

        return notice()

    def rules_fields(self) -> dict[str, str]:
        """The shipped card data file and where a player's copy of it goes."""
        from splendor.saba.words import data_file
        from splendor.storage.paths import saba_data_path

        return {"data_file": str(data_file()), "user_copy": str(saba_data_path())}

    def data(self) -> SabaData:
        """The player's copy of the card data when it is valid, else the shipped data
        (`splendor.saba.data.saba_game`)."""
        from splendor.saba.data import saba_game

        return saba_game()

    def new_game(
        self,
        seed: int,
        players: int,
        names: tuple[str, ...] | None = None,
        first_player: int | None = None,
    ) -> SabaState:
        from splendor.saba.engine import new_game

        return new_game(self.data(), players, seed, names, first_player)

    def observe(self, state: SabaState, seat: int) -> SabaView:
        from splendor.saba.engine import observe

        return observe(state, seat)

    def parse_action(self, text: str) -> Any:
        from splendor.saba.engine import parse_action

        return parse_action(text)

    def make_record(self, state: SabaState) -> dict[str, Any]:
        from splendor.saba.engine import make_record

        return make_record(state)

    def replay(self, record: object) -> SabaState:
        from splendor.saba.engine import replay

        return replay(self.data(), record)

    def data_mismatch(self, record: object) -> DataMismatch | None:
        from splendor.saba.data_match import data_mismatch

        return data_mismatch(record, self.data())

    def standings_dict(self, state: SabaState) -> dict[str, Any]:
        from splendor.saba.standings import standings_dict

        return standings_dict(state)

    def standings_lines(self, state: SabaState) -> list[str]:
        from splendor.saba.standings import standings_lines

        return standings_lines(state)

    def bot_levels(self) -> tuple[str, ...]:
        from splendor.saba.bots import BOT_NAMES

        return BOT_NAMES

    def make_bot(
        self, level: str, seed: int = 0, budget: float | None = None, data: SabaData | None = None
    ) -> Any:
        from splendor.saba.bots import make_bot

        return make_bot(level, seed, data=data or self.data(), budget=budget)

    def result_facts(self, state: SabaState) -> tuple[str, ...]:
        outcome = state.outcome()
        facts = []
        if outcome.reason == "end_card":
            facts.append("end_card")
        if outcome.tie_break in ("harem_markers", "harem_nearest"):
            facts.append("harem_decided")
        if outcome.tie_break == "shared":
            facts.append("shared")
        return tuple(facts)
