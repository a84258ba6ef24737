"""The registry of Saba's bots by name."""

from __future__ import annotations

from typing import Protocol

from splendor.saba.engine import Action, SabaView


class Bot(Protocol):
    """Chooses one of `view.legal_actions`; must not see anything beyond the view."""

    name: str

    def choose(self, view: SabaView) -> Action: ...


#: Every bot name, weakest first.
BOT_NAMES = ("random",)


def make_bot(name: str, seed: int = 0, *, budget: float | None = None) -> Bot:
    """The Saba bot called `name`, seeded; ValueError naming the known bots otherwise."""
    from splendor.saba.bots.random_bot import RandomBot

    if name not in BOT_NAMES:
        raise ValueError(f"unknown saba bot {name!r} (known: {', '.join(BOT_NAMES)})")
    return RandomBot(seed)
