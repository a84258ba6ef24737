"""Label positions with the expert's own judgement: search values for the learned value.

    python benchmarks/label_values.py --games G [--start F] [--every K] [--simulations N]
        [--seed S] [--jobs J] [--out FILE] [--leaf shipped|net] [--candidates C]
        [--policy FILE|shipped] [--module NAME]

The learned value fitted on whole games' outcomes (`fit_value_net.py`) learns how the
rollout policy's games end: what the search's rollouts already tell it. A value that
knows more is fitted on the search's own judgement (AlphaZero's and expert iteration's
way): this script plays G seeded games with the rollout policy (the hard profile with the
rollout noise, as `fit_value_net.py` does), takes every K-th turn's start (from a seeded
offset, so that every turn is seen across games), and searches that position from its
mover's view as the shipped expert does at N simulations a move (halving, `follow=3`,
6-turn rollouts, one worker; `--leaf net` or `net:FILE`: a learned value as its leaf, the
next round; `--candidates C`: its search among the hard profile's best C moves instead of
6, to see which moves a wider search chooses; `--policy`: the learned policy's best C
and its order of the seat's next move in a simulation, `ExpertBot.policy`: the searches
of the next round of fitting the policy; `--module NAME`: games with that Cities of
Splendor module, searched as the shipped expert searches them there; `--start F`: the
schedule's games F to G-1 only, so that a long run is shared between processes or carried
on later, its files given together to the fitting scripts). The label is the
chosen candidate's mean value: the mover's win chance as the search sees it. Written to
FILE (numpy's .npz): each position's `pair_features` for the mover and its strongest
opponent, the label, the game's result for the mover and the game's number, for
`fit_value_net.py --labels FILE`; beside it, FILE with the suffix `.searches.pickle`:
each position's view and search (candidates, visits, value sums). Seeded: the same
command writes the same files.
"""

from __future__ import annotations

import argparse
import multiprocessing
import pickle
import random
import sys
import time
from pathlib import Path

import numpy as np

from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
from splendor.bots.value.leaf import strongest_opponent
from splendor.bots.value.net_features import pair_features
from splendor.engine import GameState, Phase, View, new_game, observe
from splendor.engine.modules import module_ids
from splendor.gamedata import DataError, base_game
from splendor.tournament import credits, game_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from expert_match import leaf_model, leaves_of, policy_net  # a sibling script

#: One position: pair(mover, opponent), pair(opponent, mover), label, result, game.
Row = tuple[list[float], list[float], float, float, int]
#: The same position's search: the mover's view, its legal actions' indices of the
#: candidates, their visits and value sums (for fitting a policy to the expert's choices).
Searched = tuple[View, list[int], list[int], list[float]]


def label(task: tuple[int, int, int, int, int, str, int, str | None, str | None]
          ) -> list[tuple[Row, Searched]]:
    """Games `first`..`last - 1` of the seeded schedule (`task`), their labelled rows
    and searches."""
    first, last, seed, every, simulations, leaf, candidates_n, policy_name, module = task
    policy = None if policy_name is None else {module: policy_net(policy_name, module)}
    hard, shipped = shipped_profiles()["hard"], shipped_profiles()["expert"]
    assert isinstance(hard, HeuristicProfile) and isinstance(shipped, SearchProfile)
    data, leaves = base_game(), leaves_of(leaf_model(leaf), module)
    rows: list[tuple[Row, Searched]] = []
    for game in range(first, last):
        deal = game_seed(seed, game)
        offset = random.Random(deal).randrange(every)
        roll = ExpertBot(hard, data, deal, simulations=1, rollout_turns=10**6)
        world = new_game(data, 2, seed=deal, module=module)
        kept: list[tuple[GameState, list[float]]] = []

        def visit(w: GameState, values: list[float],
                  kept: list[tuple[GameState, list[float]]] = kept,
                  offset: int = offset) -> None:
            if w.turns % every == offset and w.phase is Phase.MAIN:
                kept.append((w.clone(), list(values)))

        roll.play_out(world, visit)
        if not world.is_over():
            continue
        result = credits(world.outcome())
        for position, values in kept:
            me = position.current
            view = observe(position, me)
            if len(view.legal_actions) < 2:
                continue
            expert = ExpertBot(hard, data, deal * 1000 + position.turns,
                               simulations=simulations, leaves=leaves,
                               halving=shipped.halving_games(), follow=shipped.follows(),
                               candidates=candidates_n, policy=policy)
            candidates = expert.ranked(view, expert.scores(view))
            visits, totals, _ = expert.statistics(view, candidates, None, simulations)
            best = max(range(len(candidates)), key=lambda i: (visits[i], totals[i]))
            mine, theirs = pair_features(position, me, strongest_opponent(me, values),
                                         values)
            legal = view.legal_actions
            rows.append(((mine, theirs, totals[best] / visits[best], result[me], game),
                         (view, [legal.index(c) for c in candidates], visits, totals)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--leaf", default="shipped", help="shipped, net or net:FILE")
    parser.add_argument("--candidates", type=int, default=6,
                        help="the hard profile's best moves searched (the expert's: 6)")
    parser.add_argument("--policy", metavar="FILE|shipped",
                        help="search the learned policy's best moves (fit_policy.py --out)")
    parser.add_argument("--module", default=None, choices=module_ids(),
                        help="games with this Cities of Splendor module")
    parser.add_argument("--out", type=Path, default=Path("labels.npz"))
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1 or args.simulations < 12:
        parser.error("--games and --every must be at least 1, --simulations at least 12")
    if not 0 <= args.start < args.games:
        parser.error(f"--start {args.start}: from 0 to --games - 1 ({args.games - 1})")
    try:
        leaf_model(args.leaf)
    except ValueError:
        parser.error(f"--leaf {args.leaf}: expected shipped, net or net:FILE")
    if args.policy is not None:
        try:
            policy_net(args.policy, args.module)
        except (OSError, DataError) as exc:
            parser.error(f"--policy {args.policy}: {exc}")
    start = time.perf_counter()
    chunk = 5
    tasks = [(i, min(args.games, i + chunk), args.seed, args.every, args.simulations,
              args.leaf, args.candidates, args.policy, args.module)
             for i in range(args.start, args.games, chunk)]
    labelled: list[tuple[Row, Searched]] = []
    if args.jobs <= 1:
        for task in tasks:
            labelled += label(task)
    else:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for part in pool.imap(label, tasks):
                labelled += part
                print(f"  {len(labelled)} positions ({time.perf_counter() - start:.0f} s)",
                      flush=True)
    rows = [row for row, _ in labelled]
    with args.out.with_suffix(".searches.pickle").open("wb") as f:
        pickle.dump([searched for _, searched in labelled], f)
    np.savez_compressed(
        args.out, a=np.array([r[0] for r in rows]), b=np.array([r[1] for r in rows]),
        label=np.array([r[2] for r in rows]), result=np.array([r[3] for r in rows]),
        game=np.array([r[4] for r in rows]))
    print(f"{len(rows)} positions of games {args.start} to {args.games - 1} labelled by "
          f"{args.simulations} simulations ({args.leaf} leaf) in "
          f"{time.perf_counter() - start:.0f} s: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
