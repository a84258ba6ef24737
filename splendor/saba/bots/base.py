"""The registry of Saba's bots by name: `random` and the levels of
levels_data/saba/bots.yaml."""

from __future__ import annotations

from typing import Protocol

from splendor.saba.engine import Action, SabaData, SabaView


class Bot(Protocol):
    """Chooses one of `view.legal_actions`; must not see anything beyond the view."""

    name: str

    def choose(self, view: SabaView) -> Action: ...


#: Every bot name, weakest first (the levels after random are the YAML file's).
BOT_NAMES = ("random", "easy", "medium", "hard")


def make_bot(
    name: str, seed: int = 0, *, data: SabaData | None = None, budget: float | None = None
) -> Bot:
    """The Saba bot called `name`, seeded, for games of `data` (None: the shipped
    components); ValueError naming the known bots otherwise. `budget` is accepted for
    the registry's sake: no Saba level plays on a clock."""
    from splendor.saba.bots.greedy import GreedyBot
    from splendor.saba.bots.profiles import GreedyProfile, shipped_profiles
    from splendor.saba.bots.random_bot import RandomBot
    from splendor.saba.bots.search import SearchBot
    from splendor.saba.data import saba_game

    data = data or saba_game()
    if name == "random":
        return RandomBot(seed)
    profiles = shipped_profiles()
    profile = profiles.get(name)
    if profile is None:
        raise ValueError(f"unknown saba bot {name!r} (known: {', '.join(BOT_NAMES)})")
    if isinstance(profile, GreedyProfile):
        return GreedyBot(profile, data, seed)
    rollout = profiles[profile.rollout]
    assert isinstance(rollout, GreedyProfile)  # parse_profiles checks it
    return SearchBot(profile, rollout, data, seed)
