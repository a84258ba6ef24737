"""The modules' newer value terms measured: a shipped heuristic profile against itself
without them (today's version before the terms: the same code, the new weights at 0).

    python benchmarks/module_terms.py [--bot hard] [--against BOT] [--modules all|NAME,...]
        [--games 400] [--seed 1] [--set NAME=VALUE,...] [--old-set NAME=VALUE,...]
        [--outside]

The new weights (`NEW_TERMS`: `blocked` and `guard` in Strongholds, `post_time` in
Trading Posts) are zeroed for the old side. `--against` plays the new profile against
another shipped profile's old version instead (e.g. `--bot hard --against medium`: the
ladder's step against today's medium). `--set` changes the new side's module weights
(to try a setting without editing bots.yaml), `--old-set` the old side's.
`--outside` plays the new profile against the greedy, the lower levels' yardstick
(outside_greedy.py), instead.

Each deal is played twice with the seats swapped (seat 0 starts), seeded as the
tournament does; prints the new side's win share (a shared win counts 1/k) with its 95%
interval (normal approximation).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any, cast

from splendor.bots.heuristic import HeuristicBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.gamedata import base_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from outside_greedy import play as play_outside
from outside_greedy import seat_swapped, share_text

MODULES = ("cities", "trading-posts", "orient", "strongholds")
#: The weights this work added, zeroed for today's version.
NEW_TERMS = ("blocked", "guard", "post_time")


def changed(profile: HeuristicProfile, module: str, values: dict[str, float],
            name: str) -> HeuristicProfile:
    """`profile` with `values` set in its weights for `module` (and renamed `name`)."""
    # `values` names float weights only (mypy sees every field's type, ints among them).
    weights = dataclasses.replace(profile.weights_for(module), **cast(dict[str, Any], values))
    modules = tuple((m, weights if m == module else w) for m, w in profile.modules)
    if all(m != module for m, _ in profile.modules):
        modules += ((module, weights),)
    return dataclasses.replace(profile, name=name, modules=modules)


def old(profile: HeuristicProfile, module: str, extra: dict[str, float]) -> HeuristicProfile:
    """`profile` as it was before the new terms (and with `extra`)."""
    return changed(profile, module, {**dict.fromkeys(NEW_TERMS, 0.0), **extra},
                   f"{profile.name}-old")


def parse_set(text: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        out[key.strip()] = float(value)
    return out


def match(new: HeuristicProfile, other: HeuristicProfile, module: str, games: int,
          seed: int) -> tuple[float, float, int]:
    """`new`'s mean win share against `other`, its 95% half-interval, unfinished games."""
    data = base_game()
    return seat_swapped(lambda s: HeuristicBot(new, data, s),
                        lambda s: HeuristicBot(other, data, s), module, games, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--against", default=None)
    parser.add_argument("--modules", default="all")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", default="")
    parser.add_argument("--old-set", default="")
    parser.add_argument("--outside", action="store_true")
    args = parser.parse_args(argv)
    profiles = shipped_profiles()
    modules = MODULES if args.modules == "all" else tuple(args.modules.split(","))
    for module in modules:
        base = profiles[args.bot]
        assert isinstance(base, HeuristicProfile)
        new = changed(base, module, parse_set(args.set), args.bot)
        if args.outside:
            def maker(_: str, seed: int, profile: HeuristicProfile = new) -> HeuristicBot:
                return HeuristicBot(profile, base_game(), seed)
            mean, half, unfinished = play_outside(args.bot, module, args.games, args.seed,
                                                  maker)
            other_name = "greedy"
        else:
            other = profiles[args.against or args.bot]
            assert isinstance(other, HeuristicProfile)
            mean, half, unfinished = match(new, old(other, module, parse_set(args.old_set)),
                                           module, args.games, args.seed)
            other_name = f"{other.name}-old"
        print(f"{module:14} {args.bot} {args.set or '(shipped)'} vs {other_name}: "
              f"{share_text(mean, half, args.games, unfinished, args.seed)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
