"""Fit the learned value (`splendor/bots/value/net.py`): a small network's win chance.

    python benchmarks/fit_value_net.py [--games G] [--module NAME] [--seed S]
        [--hidden 32,16] [--epochs E] [--jobs J] [--labels FILE [...] [--blend B]] [--write]

Plays G whole games (default 6000) with the expert's rollout policy (the hard profile with
the rollout noise, as `fit_leaf.py` does) from seeded deals, records at every turn's start
each seat's `pair_features` against its strongest opponent, labelled with that seat's
result (a shared win counts 1/k). The network (ReLU layers of the `--hidden` widths) is
fitted by Adam on minibatches to the log loss of g(pair(a, b)) - g(pair(b, a)), on the
first 80% of the games (the last tenth of them to stop early), seeded: the same weights
for the same command. Printed: the held-out log loss and Brier score of the shipped leaf
(`levels_data/bots.yaml`'s fitted logistic, or the value gap's) and of the network, and a
calibration table (judged chance by tenths against the share won). `--write` puts the
network into `levels_data/value_nets.yaml` under the game's name (`base` or the module's).

`--labels FILE` fits instead on positions labelled by the expert's search
(`label_values.py`; several files, e.g. a run's parts by `--start`, in the schedule's
order): the target is B times the search's value plus 1 - B times the game's
result (`--blend`, default 1: the search's judgement alone), split by game as above; the
held-out figures are against both, beside the shipped network's.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np
import yaml

from splendor.bots.expert import LEAF_SCALE, ExpertBot
from splendor.bots.profiles import HeuristicProfile, SearchProfile, shipped_profiles
from splendor.bots.value.leaf import Leaf, LeafModel, strongest_opponent
from splendor.bots.value.net import ValueNet, shipped_net
from splendor.bots.value.net_features import pair_features
from splendor.engine import GameState, new_game
from splendor.gamedata import base_game
from splendor.tournament import credits, game_seed

NETS = Path(__file__).resolve().parent.parent / "levels_data" / "value_nets.yaml"

#: A seat at a turn's start: pair(a, b), pair(b, a), the shipped leaf's chance, a's seat.
Row = tuple[list[float], list[float], float, int]
#: One game's samples: pair(a, b), pair(b, a), the shipped leaf's chance, a's result.
Game = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def shipped_leaf(module: str | None) -> Leaf:
    """The expert's judgement today in `module`'s game (its leaf, or the gap's)."""
    expert = shipped_profiles()["expert"]
    assert isinstance(expert, SearchProfile)
    return expert.leaves().get(module) or LeafModel.gap_only(LEAF_SCALE)


def collect(task: tuple[int, int, str | None, int, int]) -> list[Game]:
    """Games `first`..`last - 1` of the seeded schedule (`task`), each its samples."""
    first, last, module, seed, players = task
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    data, leaf = base_game(), shipped_leaf(module)
    out = []
    for game in range(first, last):
        deal = game_seed(seed, game)
        bot = ExpertBot(hard, data, deal, simulations=1, rollout_turns=10**6)
        world = new_game(data, players, seed=deal, module=module)
        rows: list[Row] = []

        def visit(w: GameState, values: list[float], rows: list[Row] = rows) -> None:
            for seat in range(w.num_players):
                mine, theirs = pair_features(w, seat, strongest_opponent(seat, values),
                                             values)
                rows.append((mine, theirs, leaf.chance(w, seat, values), seat))

        bot.play_out(world, visit)
        if not world.is_over() or not rows:
            continue
        result = credits(world.outcome())
        out.append((np.array([r[0] for r in rows]), np.array([r[1] for r in rows]),
                    np.array([r[2] for r in rows]),
                    np.array([result[r[3]] for r in rows])))
    return out


def gather(games: int, module: str | None, seed: int, players: int, jobs: int
           ) -> list[Game]:
    chunk = 50
    tasks = [(i, min(games, i + chunk), module, seed, players) for i in range(0, games, chunk)]
    if jobs <= 1:
        parts = [collect(t) for t in tasks]
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            parts = pool.map(collect, tasks)
    return [g for part in parts for g in part]


def labelled(paths: list[Path], blend: float) -> tuple[list[Game], list[Game]]:
    """`label_values.py`'s positions by game: (targets blended, the games' results)."""
    parts: list[list[np.ndarray]] = []
    for path in paths:
        with np.load(path) as d:
            parts.append([d[key] for key in ("a", "b", "label", "result", "game")])
    xa, xb, label, result, game = (np.concatenate(column) for column in zip(*parts, strict=True))
    net = shipped_net("base")
    judged = net.logits(np.concatenate([xa, xb]))
    shipped = 1 / (1 + np.exp(-np.clip(judged[:len(xa)] - judged[len(xa):], -60, 60)))
    target = blend * label + (1 - blend) * result
    fitted, results = [], []
    for g in np.unique(game):
        at = game == g
        fitted.append((xa[at], xb[at], shipped[at], target[at]))
        results.append((xa[at], xb[at], shipped[at], result[at]))
    return fitted, results


def stack(games: list[Game]) -> Game:
    return (np.concatenate([g[0] for g in games]), np.concatenate([g[1] for g in games]),
            np.concatenate([g[2] for g in games]), np.concatenate([g[3] for g in games]))


class Trainer:
    """An MLP g fitted so that sigmoid(g(a) - g(b)) is a's chance (Adam, log loss)."""

    def __init__(self, inputs: int, hidden: list[int], rng: np.random.Generator) -> None:
        sizes = [inputs, *hidden, 1]
        self.w = [rng.normal(0, math.sqrt(2 / m), (m, n)) for m, n in itertools.pairwise(sizes)]
        self.b = [np.zeros(n) for n in sizes[1:]]
        self.m = [np.zeros_like(p) for p in self.w + self.b]
        self.v = [np.zeros_like(p) for p in self.w + self.b]
        self.t = 0

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        acts = [x]
        h = x
        for i, (w, b) in enumerate(zip(self.w, self.b, strict=True)):
            h = h @ w + b
            if i < len(self.w) - 1:
                h = np.maximum(h, 0.0)
            acts.append(h)
        return h[:, 0], acts

    def backward(self, acts: list[np.ndarray], grad: np.ndarray,
                 gw: list[np.ndarray], gb: list[np.ndarray]) -> None:
        d = grad[:, None]
        for i in range(len(self.w) - 1, -1, -1):
            gw[i] += acts[i].T @ d
            gb[i] += d.sum(axis=0)
            if i:
                d = (d @ self.w[i].T) * (acts[i] > 0)

    def chance(self, xa: np.ndarray, xb: np.ndarray) -> np.ndarray:
        z = self.forward(xa)[0] - self.forward(xb)[0]
        chances: np.ndarray = 1 / (1 + np.exp(-np.clip(z, -60, 60)))
        return chances

    def step(self, xa: np.ndarray, xb: np.ndarray, y: np.ndarray, lr: float,
             l2: float) -> None:
        za, acts_a = self.forward(xa)
        zb, acts_b = self.forward(xb)
        p = 1 / (1 + np.exp(-np.clip(za - zb, -60, 60)))
        g = (p - y) / len(y)
        gw = [l2 * w for w in self.w]
        gb = [np.zeros_like(b) for b in self.b]
        self.backward(acts_a, g, gw, gb)
        self.backward(acts_b, -g, gw, gb)
        self.t += 1
        params = self.w + self.b
        for i, (param, grad) in enumerate(zip(params, gw + gb, strict=True)):
            self.m[i] = 0.9 * self.m[i] + 0.1 * grad
            self.v[i] = 0.999 * self.v[i] + 0.001 * grad * grad
            mh = self.m[i] / (1 - 0.9 ** self.t)
            vh = self.v[i] / (1 - 0.999 ** self.t)
            param -= lr * mh / (np.sqrt(vh) + 1e-8)


def scores(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Mean log loss and Brier score of chances `p` for results `y`."""
    q = np.clip(p, 1e-9, 1 - 1e-9)
    return (float(-(y * np.log(q) + (1 - y) * np.log(1 - q)).mean()),
            float(((p - y) ** 2).mean()))


def calibration(p: np.ndarray, y: np.ndarray) -> list[tuple[str, int, float, float]]:
    """By tenths of the judged chance: (range, samples, mean judged, share won)."""
    rows = []
    for k in range(10):
        inside = (p >= k / 10) & ((p < (k + 1) / 10) if k < 9 else (p <= 1))
        if inside.any():
            rows.append((f"{k / 10:.1f}-{(k + 1) / 10:.1f}", int(inside.sum()),
                         float(p[inside].mean()), float(y[inside].mean())))
    return rows


def fit(train: Game, stop: Game, hidden: list[int], epochs: int, seed: int,
        verbose: bool = True) -> tuple[ValueNet, int]:
    """The network fitted on `train`, stopped at the epoch best on `stop`."""
    rng = np.random.default_rng(seed)
    xa, xb, _, y = train
    both = np.concatenate([xa, xb])
    mean, scale = both.mean(axis=0), both.std(axis=0)
    scale[scale < 1e-6] = 1.0
    trainer = Trainer(xa.shape[1], hidden, rng)
    na, nb = (xa - mean) / scale, (xb - mean) / scale
    sa, sb = (stop[0] - mean) / scale, (stop[1] - mean) / scale
    best, best_epoch, kept = math.inf, 0, None
    for epoch in range(1, epochs + 1):
        order = rng.permutation(len(y))
        lr = 2e-3 if epoch <= epochs // 2 else 5e-4
        for i in range(0, len(order), 512):
            batch = order[i:i + 512]
            trainer.step(na[batch], nb[batch], y[batch], lr, 1e-4)
        loss = scores(trainer.chance(sa, sb), stop[3])[0]
        if verbose:
            fitted = scores(trainer.chance(na[:20000], nb[:20000]), y[:20000])[0]
            print(f"  epoch {epoch}: log loss {fitted:.4f} fitting, {loss:.4f} stopping")
        if loss < best:
            best, best_epoch = loss, epoch
            kept = ([w.copy() for w in trainer.w], [b.copy() for b in trainer.b])
    assert kept is not None
    layers = tuple(zip(kept[0], kept[1], strict=True))
    return ValueNet(mean, scale, layers), best_epoch


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--module", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hidden", default="32,16")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--labels", type=Path, metavar="FILE", nargs="+",
                        help="fit on label_values.py's positions instead of playing games")
    parser.add_argument("--blend", type=float, default=1.0)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--nets", type=Path, default=NETS,
                        help="the file --write writes to (default levels_data/value_nets.yaml)")
    args = parser.parse_args(argv)
    if not 0.0 <= args.blend <= 1.0:
        parser.error(f"--blend {args.blend}: from 0 to 1")
    hidden = [int(h) for h in args.hidden.split(",") if h]
    start = time.perf_counter()
    if args.labels is not None:
        games, results = labelled(args.labels, args.blend)
        shipped = "the shipped network"
    else:
        games = results = gather(args.games, args.module, args.seed, args.players, args.jobs)
        shipped = "the shipped leaf"
    cut = len(games) * 4 // 5
    stop_cut = cut * 9 // 10
    train, stop, test = stack(games[:stop_cut]), stack(games[stop_cut:cut]), stack(games[cut:])
    print(f"{len(games)} games, module {args.module or 'none'}, {args.players} players: "
          f"{len(train[3])} samples to fit, {len(stop[3])} to stop, {len(test[3])} held out "
          f"({time.perf_counter() - start:.0f} s)")
    net, epoch = fit(train, stop, hidden, args.epochs, args.seed)
    judged = net.logits(np.concatenate([test[0], test[1]]))
    n = len(test[0])
    net_p = 1 / (1 + np.exp(-np.clip(judged[:n] - judged[n:], -60, 60)))
    print(f"fitted in {time.perf_counter() - start:.0f} s, best epoch {epoch} of "
          f"{args.epochs}, hidden {hidden}")
    against = [("the results", stack(results[cut:])[3])]
    if args.labels is not None:
        against.insert(0, ("the targets", test[3]))
    for what, y in against:
        print(f"held out, against {what}:")
        for label, p in ((shipped, test[2]), ("the network", net_p)):
            loss, brier = scores(p, y)
            print(f"  {label:20} log loss {loss:.4f}  Brier {brier:.4f}")
    won = against[-1][1]
    print("calibration (held out): judged chance | samples | mean judged | share won")
    for label, p in ((shipped, test[2]), ("the network", net_p)):
        print(f"  {label}")
        for rng_, k, judged_mean, share in calibration(p, won):
            print(f"    {rng_}  {k:7d}  {judged_mean:.3f}  {share:.3f}")
    if args.write:
        nets = yaml.safe_load(args.nets.read_text()) if args.nets.exists() else None
        nets = nets or {}
        entry = net.to_data()
        names = " ".join(path.name for path in args.labels or ())
        source = (f"--labels {names} --blend {args.blend}" if args.labels
                  else f"--games {args.games}")
        entry["fitted"] = (f"fit_value_net.py {source} --seed {args.seed} "
                           f"--hidden {args.hidden} --epochs {args.epochs}"
                           + (f" --module {args.module}" if args.module else ""))
        nets[args.module or "base"] = entry
        args.nets.write_text("# The learned values (splendor/bots/value/net.py), one a game type,\n"
                        "# written by benchmarks/fit_value_net.py --write (see docs/bots.md).\n"
                        + yaml.safe_dump(nets, sort_keys=False, width=100))
        print(f"written to {args.nets}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
