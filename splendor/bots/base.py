"""The bot interface and the registry of bots by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from splendor.engine import Action, View


class Bot(Protocol):
    """Chooses one of `view.legal_actions`; must not see anything beyond the view."""

    name: str

    def choose(self, view: View) -> Action: ...


def _registry() -> dict[str, Callable[[int, float | None], Bot]]:
    from splendor.bots.expert import ExpertBot
    from splendor.bots.greedy import GreedyBot
    from splendor.bots.heuristic import HeuristicBot
    from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
    from splendor.bots.random_bot import RandomBot
    from splendor.gamedata import base_game

    factories: dict[str, Callable[[int, float | None], Bot]] = {
        "random": lambda seed, budget: RandomBot(seed),
        "greedy": lambda seed, budget: GreedyBot(seed),
    }
    def heuristic(profile: HeuristicProfile) -> Callable[[int, float | None], Bot]:
        return lambda seed, budget: HeuristicBot(profile, base_game(), seed)

    def search(profile: SearchProfile) -> Callable[[int, float | None], Bot]:
        rollout = profiles[profile.rollout]
        assert isinstance(rollout, HeuristicProfile)
        return lambda seed, budget: ExpertBot(
            rollout,
            base_game(),
            seed,
            budget=budget if budget is not None else profile.budget,
            candidates=profile.candidates,
            name=profile.name,
        )

    profiles = shipped_profiles()
    for name, profile in profiles.items():
        factories[name] = (
            heuristic(profile) if isinstance(profile, HeuristicProfile) else search(profile)
        )
    return factories


#: Every bot name, weakest first (the ladder's names come from levels_data/bots.yaml).
BOT_NAMES = ("random", "greedy", "easy", "medium", "hard", "expert")


def make_bot(name: str, seed: int = 0, *, budget: float | None = None) -> Bot:
    """The bot called `name`, seeded; raise ValueError naming the known bots.

    `budget` is the thinking time per move in seconds for search bots (others ignore it).
    """
    factories = _registry()
    if name not in factories:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")
    return factories[name](seed, budget)
