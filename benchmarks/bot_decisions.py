"""Proof that a refactor of the bots decides every position as before: one hash per module
(and the base game).

    python benchmarks/bot_decisions.py [--games N] [--seed S] [--simulations K]

Plays N seeded games per module between the heuristic bots (and, in every third game, the
shipped expert's search with a fixed number of simulations, which makes it deterministic).
At each decision with a choice, every heuristic profile's evaluator scores the legal
actions from the mover's view (its module's world sampled with a seeded generator); the
hash covers those scores (exact floats), the actions, the action played and each game's
end. Same hashes before and after a change: the same judgements, the same moves.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys

from splendor.bots.expert import ExpertBot
from splendor.bots.heuristic import HeuristicBot, world_from
from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
from splendor.bots.value import Evaluator, situation_from_view
from splendor.engine import new_game, observe
from splendor.gamedata import base_game
from splendor.match import DEFAULT_ROUND_CAP

MODULE_IDS = (None, "cities", "trading-posts", "orient", "strongholds")
HEURISTICS = ("easy", "medium", "hard")


def decisions_hash(module: str | None, games: int, seed: int, simulations: int) -> str:
    data = base_game()
    profiles = shipped_profiles()
    heuristic = {n: p for n, p in profiles.items() if isinstance(p, HeuristicProfile)}
    expert = profiles["expert"]
    assert isinstance(expert, SearchProfile)
    evaluators = [Evaluator(heuristic[n].weights_for(module)) for n in HEURISTICS]
    digest = hashlib.sha256()
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        players = 2 + g % 2
        bots: list[HeuristicBot | ExpertBot] = [
            HeuristicBot(heuristic[HEURISTICS[(g + s) % 3]], data, game_seed + s)
            for s in range(players)]
        if g % 3 == 2:
            rollout = heuristic[expert.rollout]
            # The shipped expert's search (its leaf models, halving, follow, workers) at
            # a fixed count: deterministic, the same shares on every machine.
            bots[0] = ExpertBot(rollout, data, game_seed, budget=None, simulations=simulations,
                                candidates=expert.candidates, workers=expert.workers,
                                replies=expert.replies, leaves=expert.leaves(),
                                halving=expert.halving_games(), follow=expert.follows(),
                                rollout_turns=expert.rollout_turns())
        state = new_game(data, players, game_seed, module=module)
        scoring = random.Random(game_seed)
        while not state.is_over() and state.round <= DEFAULT_ROUND_CAP:
            view = observe(state, state.current)
            actions = view.legal_actions
            if len(actions) > 1:
                for ev in evaluators:
                    situation = situation_from_view(view, data, ev.w)
                    world = world_from(view, data, random.Random(scoring.random()))
                    scores = ev.score_actions(situation, actions, world)
                    digest.update(repr(scores).encode())
            action = bots[state.current].choose(view)
            digest.update("|".join(a.text() for a in actions).encode())
            digest.update(b"->" + action.text().encode() + b"\n")
            state.apply(action)
        digest.update(repr((state.scores(), state.end_reason)).encode())
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=12)
    args = parser.parse_args(argv)
    for module in MODULE_IDS:
        digest = decisions_hash(module, args.games, args.seed, args.simulations)
        print(f"{module or 'base':14} {digest}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
