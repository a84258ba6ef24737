"""The advanced level: a search bot at a fixed simulation count between hard and expert,
on every list of levels (bots, statistics, network play) and the same moves every time."""

from __future__ import annotations

import argparse

import pytest

from splendor.bots import BOT_NAMES, make_bot
from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import SearchProfile, shipped_profiles
from splendor.engine import Action, View
from splendor.gamedata import base_game
from splendor.match import play_match
from splendor.net.cli import _level
from splendor.net.table import parse_table
from splendor.storage.stats import LEVEL_ORDER, Record, describe, table_key
from splendor.ui.scenes.statistics import rows


def test_advanced_stands_between_hard_and_expert_in_every_ordered_list() -> None:
    for order in (BOT_NAMES, LEVEL_ORDER):
        assert order.index("hard") + 1 == order.index("advanced") == order.index("expert") - 1


def test_the_advanced_profile_searches_a_fixed_count_with_the_hard_rollout() -> None:
    profile = shipped_profiles()["advanced"]
    assert isinstance(profile, SearchProfile)
    assert profile.rollout == "hard" and profile.workers == 1
    assert profile.budget is None and profile.simulations is not None
    assert 1 <= profile.simulations <= 200 and profile.label == "Advanced"


def test_advanced_judges_strongholds_by_the_expert_s_fitted_leaf_only() -> None:
    """In Strongholds the value gap left advanced short of the 60% step over hard; there it
    judges positions as the expert does, every other game by the value gap."""
    advanced, expert = shipped_profiles()["advanced"], shipped_profiles()["expert"]
    assert isinstance(advanced, SearchProfile) and isinstance(expert, SearchProfile)
    assert advanced.leaves() == {"strongholds": expert.leaves()["strongholds"]}
    bot = make_bot("advanced", 3)
    assert isinstance(bot, ExpertBot) and set(bot.leaves) == {"strongholds"}


def test_a_time_budget_does_not_change_the_advanced_count() -> None:
    """`--budget` is the expert's time; the advanced bot plays at its count whatever it is."""
    count = shipped_profiles()["advanced"].simulations  # type: ignore[union-attr]
    for budget in (None, 0.01, 5.0):
        bot = make_bot("advanced", 3, budget=budget)
        assert isinstance(bot, ExpertBot) and bot.name == "advanced"
        assert bot.budget is None and bot.simulations == count and bot.workers == 1
    expert = make_bot("expert", 3, budget=0.5)
    assert isinstance(expert, ExpertBot) and expert.budget == 0.5 and expert.simulations is None


class Counted:
    """Wraps the advanced bot: the simulations each searched decision ran."""

    def __init__(self, bot: ExpertBot) -> None:
        self.bot, self.name = bot, bot.name
        self.counts: list[int] = []

    def choose(self, view: View) -> Action:
        self.bot.last_simulations = 0
        action = self.bot.choose(view)
        if self.bot.last_simulations:
            self.counts.append(self.bot.last_simulations)
        return action


def test_a_game_with_the_advanced_bot_plays_through_the_same_twice() -> None:
    count = shipped_profiles()["advanced"].simulations  # type: ignore[union-attr]

    def game() -> tuple[list[str], list[int], list[int]]:
        advanced = make_bot("advanced", 7)
        assert isinstance(advanced, ExpertBot)
        counted = Counted(advanced)
        result = play_match(base_game(), [counted, make_bot("hard", 8)], seed=11,
                            first_player=0)
        assert result.finished
        return [a.text() for a in result.state.history], result.state.scores(), counted.counts

    first = game()
    assert first == game(), "the same seeds gave other moves"
    # The profile's count bounds every search (one may stop early once no other candidate
    # can overtake the leader), and the count is reached: no clock cut a search short.
    assert first[2] and max(first[2]) == count and all(c <= count for c in first[2])


def test_statistics_list_the_advanced_tables_between_hard_and_expert() -> None:
    assert table_key(["human", "hard", "advanced"], 3) == "advanced/3"
    assert table_key(["human", "advanced", "expert"], 3) == "expert/3"
    records = {key: Record(played=1) for key in ("expert/2", "advanced/2", "hard/2")}
    assert [row[0] for row in rows(records)] == [
        "Hard bots, 2 players", "Advanced bots, 2 players", "Expert bots, 2 players"]
    # The results screen's line about the player's record at that table.
    assert describe("advanced/2", Record(played=3, won=1)).startswith("Against advanced bots")


def test_network_play_accepts_the_advanced_level() -> None:
    assert _level("advanced") == "advanced"  # serve --replace-level, join --bot
    with pytest.raises(argparse.ArgumentTypeError, match="advanced"):
        _level("grandmaster")  # the message lists the known levels, advanced among them
    spec = parse_table("players=3,bots=advanced+hard")  # serve --open-table: the host's bots
    assert spec.bots == ("advanced", "hard") and spec.seat_bot(1) == "advanced"
