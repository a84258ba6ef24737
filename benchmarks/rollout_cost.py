"""Where a simulation's time goes: the rules, the rollout policy, the dealing of worlds
and the judgement at the end (what a faster form of each could save at most).

    python benchmarks/rollout_cost.py [--simulations N] [--modules]

At the middle position of `expert_speed.py` (the base game's; with `--modules` each
module's too), the shipped expert's rollouts (its profile, its leaf models) play N
simulations (default 300), the expert's six candidates in turn, each on a fresh sampled
world. Each simulation is timed whole (the candidate and the rollout played and judged,
as the search does), and then again in parts, without a profiler (which slows small
calls more than large ones):

- worlds: dealing the sampled world (`WorldSampler.deal`);
- rules: the same rollout replayed on a copy of the world with only the engine's work
  (`apply` of the candidate, then `is_over`, `legal_actions` and `apply_unchecked` of
  the moves the policy chose, recorded the first time): what a rollout state in flat
  integer arrays would replace;
- leaf: every seat's value and the leaf model on the rollout's last world;
- policy: the rest of the whole simulation: the rollout profile scoring the legal
  actions and choosing among them.

Printed per game: each part's share of the time and the simulations per second of
processor time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import splendor.bots.expert as expert_module
from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
from splendor.engine import Action, GameState, WorldSampler
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from expert_speed import position

ORDER = ("worlds", "rules", "policy", "leaf")


def expert(simulations: int) -> ExpertBot:
    """The shipped expert's rollouts and judgement (its profile and leaf models)."""
    profiles = shipped_profiles()
    hard, spec = profiles["hard"], profiles["expert"]
    assert isinstance(hard, HeuristicProfile) and isinstance(spec, SearchProfile)
    return ExpertBot(hard, base_game(), 3, budget=None, simulations=simulations,
                     leaves=spec.leaves())


class Recorder:
    """Stands for the rollouts' `pick`: the choices made, in order."""

    def __init__(self, pick: Callable[..., Action]) -> None:
        self.pick, self.chosen = pick, []  # type: Callable[..., Action], list[Action]

    def __call__(self, *args: Any) -> Action:
        action = self.pick(*args)
        self.chosen.append(action)
        return action


def replay(world: GameState, candidate: Action, chosen: list[Action], turns: int) -> GameState:
    """The rules' part of a simulation: the candidate and the recorded rollout."""
    world.apply(candidate)
    moves = iter(chosen)
    stop = world.turns + turns
    while not world.is_over() and world.turns < stop:
        actions = world.legal_actions()
        world.apply_unchecked(actions[0] if len(actions) == 1 else next(moves))
    return world


def measure(module: str | None, simulations: int) -> tuple[dict[str, float], float]:
    """Seconds by part over `simulations` simulations, and the simulations a second."""
    data = base_game()
    view = position(data, module, 24)
    bot = expert(simulations)
    candidates = bot.ranked(view, bot.scores(view))
    worlds = WorldSampler(view, data)
    rng = random.Random(5)
    # The expert's own parts, as its `_playout` judges the last world.
    evaluator = bot._evaluator(module)
    fast = bot._fast_scorer(evaluator) if module is None else None
    leaf = bot.leaves.get(module)
    seconds = dict.fromkeys(ORDER, 0.0)
    whole = 0.0
    # The rollouts' choices, recorded where `_playout` looks `pick` up.
    recorder = Recorder(vars(expert_module)["pick"])
    vars(expert_module)["pick"] = recorder
    try:
        for i in range(simulations):
            t0 = time.process_time()
            world = worlds.deal(rng)
            t1 = time.process_time()
            seconds["worlds"] += t1 - t0
            copy = world.clone()
            recorder.chosen = []
            t1 = time.process_time()
            world.apply(candidates[i % len(candidates)])
            bot.judged(world, view.seat)
            whole += time.process_time() - t1
            t2 = time.process_time()
            last = replay(copy, candidates[i % len(candidates)], recorder.chosen,
                          bot.turns(module))
            t3 = time.process_time()
            seconds["rules"] += t3 - t2
            if not last.is_over():
                values = ExpertBot.values(last, evaluator, fast)
                if leaf is not None:
                    leaf.chance(last, view.seat, values)
                seconds["leaf"] += time.process_time() - t3
    finally:
        vars(expert_module)["pick"] = recorder.pick
    seconds["policy"] = whole - seconds["rules"] - seconds["leaf"]
    return seconds, simulations / (whole + seconds["worlds"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulations", type=int, default=300)
    parser.add_argument("--modules", action="store_true", help="each module's position too")
    args = parser.parse_args(argv)
    if args.simulations < 1:
        parser.error("--simulations: at least 1")
    games: list[str | None] = [None, *(module_ids() if args.modules else ())]
    print(f"{'game':<14} " + " ".join(f"{p:>8}" for p in ORDER) + f" {'sims/s':>8}")
    for module in games:
        seconds, rate = measure(module, args.simulations)
        total = sum(seconds.values())
        shares = " ".join(f"{100 * seconds[p] / total:>7.1f}%" for p in ORDER)
        print(f"{module or 'base':<14} {shares} {rate:>8.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
