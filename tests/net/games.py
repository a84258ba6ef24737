"""Positions the network tests share: seeded random games of every module (the base game
included) and built positions at every phase and decision step."""

from __future__ import annotations

import random
from collections.abc import Iterator

from splendor.devtools.decision_positions import KINDS, decision_position
from splendor.engine import Buy, GameState, Phase
from splendor.engine.state import new_game
from tests.engine.modules.support import DATA, MODULES, position
from tests.engine.test_engine_why_illegal import choosing_noble, returning

#: Every game kind: the base game (None) and each Cities of Splendor module.
GAME_KINDS: tuple[str | None, ...] = (None, *MODULES)


def random_game(module: str | None, players: int, seed: int) -> Iterator[GameState]:
    """The positions of one seeded random game, the last one over (the same state moved on
    after each yield). Purchases are favoured so that games get deep."""
    state = new_game(DATA, players, seed, module=module)
    rng = random.Random(seed)
    while not state.is_over() and state.round <= 200:
        yield state
        legal = state.legal_actions()
        buys = [a for a in legal if isinstance(a, Buy)]
        state.apply(rng.choice(buys if buys and rng.random() < 0.6 else legal))
    yield state


def built_positions() -> dict[str, GameState]:
    """A position at each phase: the base game's return and noble choices, a module's, and
    every module decision step `decision_positions` builds."""
    white4_blue4_black4 = ["L1-01", "L1-02", "L1-03", "L1-04", "L1-09", "L1-10", "L1-11",
                           "L1-12", "L1-33", "L1-34", "L1-35", "L1-36"]
    out: dict[str, GameState] = {
        "base return": returning(),
        "base noble": choosing_noble(),
        "posts return": position("trading-posts", phase=Phase.RETURN,
                                 nobles=["N01", "N02", "N03"],
                                 seats=[{"purchased": ["L1-01", "L1-02"],
                                         "tokens": {"white": 3, "blue": 3, "green": 3,
                                                    "red": 2}}]),
        "posts noble": position("trading-posts", phase=Phase.NOBLE,
                                nobles=["N01", "N02", "N03"],
                                seats=[{"purchased": white4_blue4_black4}]),
        "blind reserves": position("orient", seats=[
            {"reserved": ["L2-07", "O1-03"], "blind": ["L2-07", "O1-03"]},
            {"reserved": ["L3-01", "O2-01"], "blind": ["L3-01"]}]),
    }
    for kind in KINDS:
        state, action = decision_position(kind, DATA)
        if action is not None:
            state.apply(action)
        out[kind] = state
    return out
