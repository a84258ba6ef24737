"""Expert against expert: two search settings in a seeded, seat-rotated 2-player match.

    python benchmarks/expert_match.py [--games G] [--start K] [--simulations N | --budget S]
        [--simulations-b N] [--turns-a T] [--turns-b T] [--old-a] [--old-b]
        [--module NAME] [--seed S] [--old-terms-a] [--old-terms-b]
        [--a KEY=VALUE ...] [--b KEY=VALUE ...] [--rollout-a FILE] [--rollout-b FILE]

Each deal is played twice with the seats swapped (seat 0 starts). Expert A and expert B
differ in the turns each rollout plays before the position is judged (`--turns-a`,
`--turns-b`, default 6 each) and in their rollouts (`--old-a`, `--old-b`: the evaluator's,
as before the fast scorer; default the fast ones). With `--simulations` (default 48)
both search that many simulations a move: deterministic, the same result on any machine;
with `--budget` they get that many seconds a move. `--simulations-b` gives B another
count: a faster setting's equal time, emulated so that the result does not depend on
the machine's load (e.g. 48 against 91 when B's rollouts are 1.9 times as fast).
`--old-terms-a`, `--old-terms-b`: that side's rollouts play the hard profile without the
module terms `module_terms.NEW_TERMS` (their weights at 0: the rollouts as before them).
`--a`/`--b KEY=VALUE` (repeatable) set one side's search: `candidates`, `exploration`,
`leaf_scale`, `rollout_noise`, `replies`, `follow`, `leaf` (a leaf model, `gap:0.4,points:-0.3,...`:
see `splendor/bots/value/leaf.py` and `fit_leaf.py`; `shipped`: the expert profile's
fitted models; `net`: the learned value, `levels_data/value_nets.yaml`), `halving` (1:
sequential halving in the match's game), `workers` (2: a
second searching process, as the shipped expert on a second core) (`ExpertBot`'s
arguments; default the ExpertBot's: no leaf model, the value gap).
`policy=FILE` (a file of `fit_policy.py --out`; `shipped`: `levels_data/policy_nets.yaml`;
`shipped:GAME`: that file's policy of GAME, e.g. `shipped:base` in a module):
the candidates, and the seat's own next move in a simulation (`follow`), are that learned
policy's best moves instead of the hard profile's (`ExpertBot.policy`; the file's policy
of the match's game, `--module`); `prior_weight=W`
(above 0) makes halving weigh the policy's logits times W with the values
(`ExpertBot.prior`, Gumbel-style).
`--rollout-a`/`--rollout-b FILE` (weights of `fit_rollout_policy.py --out`): that side's
rollouts, candidates and searched replies are
chosen with those weights, its leaf reading the hard profile's values (`judge`).
`--start K` plays the schedule's games K to G-1 only (a long run cut short, carried on).
Prints A's win share (a shared win counts 1/k) with its 95% interval (normal
approximation), the simulations a search of each (mean and median: at a budget a game's
last moves search thousands of trivial simulations and lift the mean), and the
unfinished games.

`--record FILE` appends each game to FILE as it ends (one JSON line: the match's setup,
the game's number and seed, A's share, each side's mean and median simulations a
search), so that a long match run over several sittings loses no game when it is
stopped and is counted whole: `--tally FILE [FILE ...]` prints the figure of every
setup recorded in them (games of another seed are other deals of the same setup; a game
recorded twice counts once). The setup is the command's: a file holds one version of the bots' code.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
from splendor.bots.value.leaf import Leaf, LeafModel
from splendor.bots.value.net import ValueNet, load_nets, shipped_net
from splendor.bots.value.policy import load_policies, shipped_policy
from splendor.bots.value.situation import Weights
from splendor.engine import Action, View
from splendor.gamedata import DataError, base_game
from splendor.match import play_match
from splendor.tournament import credits, game_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from module_terms import old as old_terms


class Counted:
    """Wraps an expert: the simulations of each search it ran."""

    def __init__(self, bot: ExpertBot) -> None:
        self.bot, self.name = bot, bot.name
        self.searches: list[int] = []

    def choose(self, view: View) -> Action:
        self.bot.last_simulations = 0
        action = self.bot.choose(view)
        if self.bot.last_simulations:
            self.searches.append(self.bot.last_simulations)
        return action


def leaf_model(text: str) -> LeafModel | str:
    """`name:weight,...` (the leaf features, `leaf.FEATURES`) as a leaf model;
    `shipped`: the expert profile's fitted models (`levels_data/bots.yaml`), by game;
    `net`: the learned value of the match's game (`levels_data/value_nets.yaml`);
    `net:FILE`: the one in FILE (`fit_value_net.py --nets FILE --write`)."""
    if text in ("shipped", "net") or text.startswith("net:"):
        return text
    named = {}
    for part in text.split(","):
        name, _, weight = part.partition(":")
        named[name.strip()] = float(weight)
    return LeafModel.of(named)


def policy_of(parser: argparse.ArgumentParser, path: Path | None,
              hard: HeuristicProfile) -> HeuristicProfile | None:
    """The hard profile with the base game's weights of `path` (`weights:` in YAML, as
    `fit_rollout_policy.py --out` writes them); None without a file."""
    if path is None:
        return None
    try:
        raw = yaml.safe_load(path.read_text())
        weights = Weights(**raw["weights"])
    except (OSError, yaml.YAMLError, KeyError, TypeError) as exc:
        parser.error(f"{path}: not a weights file ({exc})")
    return dataclasses.replace(hard, weights=weights, modules=())


def leaves_of(leaf: LeafModel | str, module: str | None) -> dict[str | None, Leaf]:
    """The leaves `leaf_model` names, as `ExpertBot` takes them, for a game with `module`."""
    if leaf == "shipped":
        expert = shipped_profiles()["expert"]
        assert isinstance(expert, SearchProfile)
        return expert.leaves()
    if leaf == "net":
        return {module: shipped_net(module or "base")}
    if isinstance(leaf, str):  # net:FILE
        return {module: _nets(Path(leaf[4:]))[module or "base"]}
    return {module: leaf}


#: A file's networks, read once however many games a match plays.
_nets = functools.cache(load_nets)


@functools.cache
def policy_net(name: str, module: str | None = None) -> ValueNet:
    """The learned policy `policy=` names for a game with `module` (None: the base
    game): `shipped`, `shipped:GAME` (the shipped policy of GAME, e.g. the base game's
    for a module's moves) or a file of `fit_policy.py --out`; DataError or OSError if
    none."""
    game = module or "base"
    if name == "shipped":
        return shipped_policy(game)
    if name.startswith("shipped:"):
        return shipped_policy(name.removeprefix("shipped:"))
    nets = load_policies(Path(name))
    if game not in nets:
        raise DataError(f"{name}: no policy for {game!r}")
    return nets[game]


#: The `ExpertBot` settings `--a`/`--b` may change, and their types.
SETTINGS: dict[str, Callable[[str], object]] = {
    "candidates": int, "exploration": float, "leaf_scale": float, "rollout_noise": float,
    "leaf": leaf_model, "replies": int, "halving": lambda v: v in ("1", "true", "yes"),
    "workers": int, "follow": int, "policy": lambda v: v, "prior_weight": float}


def settings_of(parser: argparse.ArgumentParser, pairs: list[str]) -> dict[str, object]:
    """`KEY=VALUE` pairs as ExpertBot keyword arguments (a wrong one stops with a message)."""
    out: dict[str, object] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or key not in SETTINGS:
            parser.error(f"{pair!r}: expected KEY=VALUE with KEY one of {', '.join(SETTINGS)}")
        try:
            out[key] = SETTINGS[key](value)
        except ValueError as exc:
            parser.error(f"{pair!r}: {exc}")
    return out


def interval(shares: list[float]) -> str:
    """A's win share over `shares` with its 95% interval (normal approximation)."""
    n = len(shares)
    mean = sum(shares) / n
    half = 1.96 * statistics.pstdev(shares) / math.sqrt(n) if n > 1 else 0.0
    return f"{mean:.1%} [{max(0.0, mean - half):.1%}, {min(1.0, mean + half):.1%}]"


def setup_of(args: argparse.Namespace) -> dict[str, object]:
    """What makes two recorded games games of one match (the seed aside: other deals)."""
    setup = {"module": args.module, "budget": args.budget, "simulations": args.simulations,
             "simulations_b": args.simulations_b, "turns": [args.turns_a, args.turns_b],
             "old": [args.old_a, args.old_b],
             "old_terms": [args.old_terms_a, args.old_terms_b],
             "a": sorted(args.a), "b": sorted(args.b)}
    if args.rollout_a or args.rollout_b:  # (the records of matches before it have none)
        setup["rollout"] = [str(args.rollout_a or ""), str(args.rollout_b or "")]
    return setup


def tally(paths: list[str]) -> int:
    """Print the figure of each setup recorded in `paths` (see the module docstring)."""
    groups: dict[str, dict[tuple[int, int], dict[str, object]]] = {}
    for path in paths:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            print(f"{path}: {exc.strerror}", file=sys.stderr)
            return 2
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
                key = json.dumps(game["setup"], sort_keys=True)
                where = (int(game["seed"]), int(game["game"]))
            except (ValueError, KeyError, TypeError) as exc:
                print(f"{path}, line {number}: not a recorded game ({exc})", file=sys.stderr)
                return 2
            games = groups.setdefault(key, {})
            if where in games:
                print(f"{path}, line {number}: seed {where[0]} game {where[1]} recorded "
                      "before; counted once", file=sys.stderr)
                continue
            games[where] = game
    for key, games in groups.items():
        shares = [float(g["share"]) for g in games.values()  # type: ignore[arg-type]
                  if g["share"] is not None]
        seeds = sorted({seed for seed, _ in games})
        print(f"setup {key}")
        print(f"  {len(games)} games (seeds {', '.join(map(str, seeds))}), "
              f"{len(games) - len(shares)} unfinished")
        for side in ("A", "B"):
            counts = [float(g["sims"][side]) for g in games.values()  # type: ignore[index]
                      if g["sims"][side]]  # type: ignore[index]
            medians = [float(g["sims_median"][side])  # type: ignore[index]
                       for g in games.values() if "sims_median" in g]
            if counts:
                print(f"  {side}: mean {statistics.mean(counts):.0f} simulations a search"
                      + (f"; the median of its games' medians {statistics.median(medians):.0f}"
                         f" ({len(medians)} games)" if medians else ""))
        if shares:
            print(f"A's win share {interval(shares)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--simulations", type=int, default=None)
    parser.add_argument("--simulations-b", type=int, default=None)
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--turns-a", type=int, default=6)
    parser.add_argument("--turns-b", type=int, default=6)
    parser.add_argument("--old-a", action="store_true")
    parser.add_argument("--old-b", action="store_true")
    parser.add_argument("--module", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--old-terms-a", action="store_true")
    parser.add_argument("--old-terms-b", action="store_true")
    parser.add_argument("--a", action="append", default=[], metavar="KEY=VALUE",
                        help="a search setting of A: " + ", ".join(SETTINGS))
    parser.add_argument("--b", action="append", default=[], metavar="KEY=VALUE",
                        help="a search setting of B (as --a)")
    parser.add_argument("--rollout-a", type=Path, metavar="FILE",
                        help="A's rollouts played by these weights (fit_rollout_policy.py "
                             "--out), its leaf reading the hard profile's values")
    parser.add_argument("--rollout-b", type=Path, metavar="FILE", help="as --rollout-a")
    parser.add_argument("--record", metavar="FILE",
                        help="append each game to FILE as it ends (JSON lines)")
    parser.add_argument("--tally", nargs="+", metavar="FILE",
                        help="print the figures recorded in these files, play nothing")
    args = parser.parse_args(argv)
    if args.tally:
        return tally(args.tally)
    if not 0 <= args.start < args.games:
        parser.error(f"--start {args.start}: from 0 to --games - 1 ({args.games - 1})")
    settings = {"A": settings_of(parser, args.a), "B": settings_of(parser, args.b)}
    for side in settings.values():
        if "policy" in side:
            try:
                policy_net(str(side["policy"]), args.module)
            except (OSError, DataError) as exc:
                parser.error(f"policy={side['policy']}: {exc}")
    if args.simulations is None and args.budget is None:
        args.simulations = 48
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    data = base_game()

    hard_old = hard if args.module is None else old_terms(hard, args.module, {})
    policies = {"A": policy_of(parser, args.rollout_a, hard),
                "B": policy_of(parser, args.rollout_b, hard)}

    def expert(name: str, seed: int, turns: int, old: bool) -> Counted:
        sims = args.simulations
        if name == "B" and args.simulations_b is not None:
            sims = args.simulations_b
        without = args.old_terms_a if name == "A" else args.old_terms_b
        rollout = hard_old if without else hard
        policy = policies[name]
        if policy is not None:  # chooses the moves; the leaf reads hard's values
            kwargs_judge: dict[str, Any] = {"judge": rollout}
            rollout = policy
        else:
            kwargs_judge = {}
        # The settings' values have the types `SETTINGS` parsed them to, one per key.
        kwargs: dict[str, Any] = dict(settings[name])
        if "leaf" in kwargs:
            kwargs["leaves"] = leaves_of(kwargs.pop("leaf"), args.module)
        kwargs["halving"] = {args.module} if kwargs.get("halving") else ()
        if "policy" in kwargs:
            kwargs["policy"] = {args.module: policy_net(kwargs["policy"], args.module)}
        return Counted(ExpertBot(rollout, data, seed, budget=args.budget, simulations=sims,
                                 name=name, lean=not old, rollout_turns=turns,
                                 **kwargs, **kwargs_judge))

    shares: list[float] = []
    sims: dict[str, list[int]] = {"A": [], "B": []}
    unfinished = 0
    start = time.perf_counter()
    setup = setup_of(args)
    for game in range(args.start, args.games):
        seed = game_seed(args.seed, game // 2)
        a = expert("A", seed * 10 + game % 2, args.turns_a, args.old_a)
        b = expert("B", seed * 10 + 1 - game % 2, args.turns_b, args.old_b)
        seats = [a, b] if game % 2 == 0 else [b, a]
        result = play_match(data, seats, seed, first_player=0, module=args.module)
        for bot in (a, b):
            sims[bot.name].extend(bot.searches)
        share = credits(result.state.outcome())[seats.index(a)] if result.finished else None
        if args.record:
            line = {"setup": setup, "seed": args.seed, "game": game, "share": share,
                    "sims": {bot.name: statistics.mean(bot.searches) if bot.searches else 0
                             for bot in (a, b)},
                    # The median too: a game's last moves search thousands of trivial
                    # simulations, and at a budget they weigh heavily in the mean.
                    "sims_median": {bot.name: statistics.median(bot.searches)
                                    if bot.searches else 0 for bot in (a, b)}}
            with open(args.record, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")
        if share is None:
            unfinished += 1
            continue
        shares.append(share)
        if len(shares) % 10 == 0:  # a running figure, so that a long run cut short still tells
            print(f"  after game {game + 1} ({len(shares)} played): "
                  f"A {sum(shares) / len(shares):.1%}, "
                  f"simulations a search (median) A {statistics.median(sims['A'] or [0]):.0f}, "
                  f"B {statistics.median(sims['B'] or [0]):.0f}", file=sys.stderr, flush=True)
    limit = (f"at most {args.simulations} simulations" if args.simulations
             else f"{args.budget:g} s")
    print(f"games {args.start} to {args.games - 1} ({unfinished} unfinished), {limit} a move, "
          f"module {args.module or 'none'}, seed {args.seed}, "
          f"{time.perf_counter() - start:.0f} s")
    for name, turns, old in (("A", args.turns_a, args.old_a), ("B", args.turns_b, args.old_b)):
        without = args.old_terms_a if name == "A" else args.old_terms_b
        print(f"  {name}: rollouts of {turns} turns, {'old' if old else 'fast'} scoring, "
              f"{'without' if without else 'with'} the new module terms, "
              f"mean {statistics.mean(sims[name]):.0f} simulations a search "
              f"(median {statistics.median(sims[name]):.0f})"
              + "".join(f", {k} {v}" for k, v in settings[name].items()))
    if shares:
        print(f"A's win share {interval(shares)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
