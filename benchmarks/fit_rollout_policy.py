"""Fit the rollout profile's weights to the expert's own choices (a policy by imitation).

    python benchmarks/fit_rollout_policy.py FILE.searches.pickle [...] [--positions N]
        [--rounds R] [--seed S] [--out FILE]

The expert's rollouts, its candidates and its searched replies are all played or ranked
by the hard profile's scores (`levels_data/bots.yaml`). A policy that picks more often
what the search would pick makes every simulation know more at no cost a simulation.
The searches `label_values.py` wrote (each position's view, the candidates, their visits
and value sums) say what the expert chose; this script scores every legal action of each
view with a profile and measures the log likelihood of the expert's choice under the
softmax of the scores (the temperature fitted too), and the share of positions where the
profile's best is the expert's choice. It searches the weights by coordinates (each
weight times 0.5, 0.8, 1.25, 2, and 0 where that is a value, kept when the likelihood on
the first half of the positions rises), and prints both figures on the other half for
the hard profile and the fitted one. `--out FILE` writes the fitted weights (YAML, a
`weights:` mapping for `bots.yaml`). Seeded: the same command, the same weights.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pickle
import random
import sys
import time
from pathlib import Path

import numpy as np
import yaml

from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.value.situation import Weights
from splendor.engine import View
from splendor.gamedata import base_game

#: The weights searched (the base game's; the integer `prospect_cards` is left alone).
SEARCHED: tuple[str, ...] = (
    "points", "bonus", "card_bonus", "prospect", "prospect_decay", "reserved_factor",
    "noble", "noble_decay", "token", "gold", "null_move", "buy", "deny", "reserve_slot",
    "blind_card",
)
#: A position: the view, and the index among its legal actions of the expert's choice.
Choice = tuple[View, int]


def choices(paths: list[Path]) -> list[Choice]:
    """The expert's choice at each searched position of `paths` (most visits, then
    value)."""
    out = []
    for path in paths:
        with path.open("rb") as f:
            for view, candidates, visits, totals in pickle.load(f):
                best = max(range(len(candidates)), key=lambda i: (visits[i], totals[i]))
                out.append((view, candidates[best]))
    return out


def score_matrix(weights: Weights, positions: list[Choice]) -> list[np.ndarray]:
    """The profile's score of every legal action of each position."""
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    profile = dataclasses.replace(hard, weights=weights, modules=())
    bot = ExpertBot(profile, base_game(), 0)
    return [np.array(bot.scores(view)) for view, _ in positions]


def likelihood(scores: list[np.ndarray], positions: list[Choice]) -> tuple[float, float,
                                                                           float]:
    """(mean log likelihood at the best temperature, that temperature, share of
    positions whose best-scored action is the expert's)."""
    chosen = [c for _, c in positions]
    hits = sum(int(np.argmax(s)) == c for s, c in zip(scores, chosen, strict=True))
    best = (-math.inf, 1.0)
    for t in (0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0):
        total = 0.0
        for s, c in zip(scores, chosen, strict=True):
            z = s / t
            z = z - z.max()
            total += float(z[c] - math.log(np.exp(z).sum()))
        best = max(best, (total / len(scores), t))
    return best[0], best[1], hits / len(scores)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--positions", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    positions = choices(args.files)
    random.Random(args.seed).shuffle(positions)
    half = min(args.positions, len(positions) // 2)
    fit_on, held = positions[:half], positions[half: 2 * half]
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    weights = hard.weights
    current = likelihood(score_matrix(weights, fit_on), fit_on)
    print(f"{len(positions)} positions; fitting on {len(fit_on)}, judging on {len(held)}; "
          f"hard: log likelihood {current[0]:.4f} (temperature {current[1]}), "
          f"best = expert's {current[2]:.1%}", flush=True)
    for round_ in range(args.rounds):
        for name in SEARCHED:
            value = getattr(weights, name)
            trials = {round(value * f, 4) for f in (0.5, 0.8, 1.25, 2.0)}
            if name not in ("points", "prospect_decay", "noble_decay"):
                trials.add(0.0)
            if value == 0.0:
                trials |= {0.1, 0.3, 1.0}
            if name.endswith("_decay"):
                trials = {t for t in trials if 0.0 < t < 1.0}
            for trial in sorted(trials - {value}):
                tried = dataclasses.replace(weights, **{name: trial})
                result = likelihood(score_matrix(tried, fit_on), fit_on)
                if result[0] > current[0] + 1e-4:
                    weights, current = tried, result
            print(f"  round {round_ + 1}, {name} = {getattr(weights, name)}: log likelihood "
                  f"{current[0]:.4f}, best = expert's {current[2]:.1%} "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
    for label, w in (("hard", hard.weights), ("fitted", weights)):
        ll, t, hits = likelihood(score_matrix(w, held), held)
        print(f"held out, {label}: log likelihood {ll:.4f} (temperature {t}), "
              f"best = expert's {hits:.1%}")
    changed = {name: getattr(weights, name) for name in SEARCHED
               if getattr(weights, name) != getattr(hard.weights, name)}
    print("changed:", changed)
    if args.out is not None:
        full = {f.name: getattr(weights, f.name) for f in dataclasses.fields(Weights)
                if getattr(weights, f.name) != getattr(Weights(), f.name)}
        args.out.write_text(yaml.safe_dump({"weights": full}, sort_keys=False))
        print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
