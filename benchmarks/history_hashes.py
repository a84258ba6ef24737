"""Proof that a refactor plays every game as before: one hash per module (and the base game).

    python benchmarks/history_hashes.py [--games N] [--seed S]

Plays N seeded random games per module: each decision picks a legal action with a seeded
`random.Random`. A module's hash covers, in order, every list of legal actions (text form),
every action chosen, what seat 0's view says of the turn (step, choices, turn state,
strongholds in supply) and each game's outcome. Same hashes before and after a change:
the same legal actions, the same effects, the same ends.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys

from splendor.engine import new_game, observe
from splendor.gamedata import base_game
from splendor.match import DEFAULT_ROUND_CAP

MODULE_IDS = (None, "cities", "trading-posts", "orient", "strongholds")


def module_hash(module: str | None, games: int, seed: int) -> str:
    data = base_game()
    digest = hashlib.sha256()
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        state = new_game(data, 2 + g % 3, game_seed, module=module)
        rng = random.Random(game_seed)
        decisions = 0
        while not state.is_over() and state.round <= DEFAULT_ROUND_CAP:
            legal = state.legal_actions()
            action = rng.choice(legal)
            digest.update("|".join(a.text() for a in legal).encode())
            digest.update(b"->" + action.text().encode() + b"\n")
            if decisions % 7 == 0:
                view = observe(state, 0)
                digest.update(repr((view.phase.value, view.step, view.turn_state,
                                    tuple(getattr(c, "id", c) for c in view.choices),
                                    tuple(p.supply for p in view.players),
                                    tuple(p.points for p in view.players))).encode())
            state.apply(action)
            decisions += 1
        result = state.outcome() if state.is_over() else None
        digest.update(repr((state.scores(), state.end_reason, result)).encode())
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for module in MODULE_IDS:
        print(f"{module or 'base':14} {module_hash(module, args.games, args.seed)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
