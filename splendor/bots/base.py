"""The bot interface and the registry of bots by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from splendor.engine import Action, GameData, View


class Bot(Protocol):
    """Chooses one of `view.legal_actions`; must not see anything beyond the view."""

    name: str

    def choose(self, view: View) -> Action: ...


Factory = Callable[[GameData, int, float | None], Bot]


def _registry() -> dict[str, Factory]:
    from splendor.bots.expert import ExpertBot
    from splendor.bots.greedy import GreedyBot
    from splendor.bots.heuristic import HeuristicBot
    from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
    from splendor.bots.random_bot import RandomBot

    factories: dict[str, Factory] = {
        "random": lambda data, seed, budget: RandomBot(seed),
        "greedy": lambda data, seed, budget: GreedyBot(data, seed),
    }

    def heuristic(profile: HeuristicProfile) -> Factory:
        return lambda data, seed, budget: HeuristicBot(profile, data, seed)

    def search(profile: SearchProfile) -> Factory:
        rollout = profiles[profile.rollout]
        assert isinstance(rollout, HeuristicProfile)
        if profile.simulations is not None:  # a fixed count: no time budget applies
            return lambda data, seed, budget: ExpertBot(
                rollout, data, seed, budget=None, simulations=profile.simulations,
                candidates=profile.candidates, name=profile.name, workers=profile.workers,
                replies=profile.replies, leaves=profile.leaves(), halving=profile.halving_games(),
                follow=profile.follows(), rollout_turns=profile.rollout_turns(),
                policy=profile.policies())
        return lambda data, seed, budget: ExpertBot(
            rollout,
            data,
            seed,
            budget=budget if budget is not None else profile.budget,
            candidates=profile.candidates,
            name=profile.name,
            workers=profile.workers,
            replies=profile.replies,
            leaves=profile.leaves(),
            halving=profile.halving_games(),
            follow=profile.follows(),
            rollout_turns=profile.rollout_turns(),
            policy=profile.policies(),
        )

    profiles = shipped_profiles()
    for name, profile in profiles.items():
        factories[name] = (
            heuristic(profile) if isinstance(profile, HeuristicProfile) else search(profile)
        )
    return factories


#: Every bot name, weakest first (the ladder's names come from levels_data/bots.yaml).
BOT_NAMES = ("random", "greedy", "easy", "medium", "hard", "advanced", "expert")


def make_bot(
    name: str, seed: int = 0, *, data: GameData | None = None, budget: float | None = None
) -> Bot:
    """The bot called `name`, seeded, for games of `data` (its cards, nobles and rules'
    numbers; None: the base game); raise ValueError naming the known bots.

    `budget` is the thinking time per move in seconds for search bots on a time budget
    (others, and a level with a fixed simulation count, ignore it).
    """
    factories = _registry()
    if name not in factories:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")
    if data is None:
        from splendor.gamedata import base_game

        data = base_game()
    return factories[name](data, seed, budget)
