"""Fit a move-choosing policy to the expert's own choices, to choose what it searches.

    python benchmarks/fit_policy.py FILE.searches.pickle [...] [--hidden H] [--epochs E]
        [--seed S] [--soft W] [--out FILE.yaml] [--write]

The searches are one game's (`label_values.py`, with its `--module` or none); the
network is written as that game's policy.

The expert searched only the hard profile's best six moves; the searches of
`label_values.py --candidates 12` say which move a wider search chooses, and how often it
lies outside those six. This script fits a small network (numpy: one ReLU layer of H)
over each legal main action's figures (`splendor/bots/value/policy.py`'s `features`: its
kind, the hard profile's score against the best and its rank, the card's points, level
and price, the tokens it takes or spends, and the game's stage) to the chosen move by the
softmax over the legal actions (`--soft W`: to a target giving W to the search's visits,
spread as they were, and 1 - W to its choice), on the first 80% of the positions (by
game), and prints on the other 20% how often the search's choice is among its best 1, 2,
3, 4 and 6 moves, and the hard profile's. `--out FILE` writes the network (the form of
`levels_data/policy_nets.yaml`, every float exact) for `expert_match.py --a
policy=FILE`; `--write` puts it into `levels_data/policy_nets.yaml` as that game's.
Seeded: the same command, the same network.
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
from pathlib import Path

import numpy as np
import yaml

from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.value.net import ValueNet
from splendor.bots.value.policy import FEATURES, features
from splendor.engine import View
from splendor.gamedata import base_game

#: The shipped policies (`--write`).
POLICIES = Path(__file__).resolve().parent.parent / "levels_data" / "policy_nets.yaml"


def network(w1: np.ndarray, b1: np.ndarray, w2: np.ndarray) -> ValueNet:
    """The fitted layers as the game's network form (inputs unscaled, no output bias)."""
    width = w1.shape[0]
    return ValueNet(np.zeros(width), np.ones(width), ((w1, b1), (w2[:, None], np.zeros(1))))


Row = tuple[np.ndarray, int, int, np.ndarray]


Searched = tuple[View, list[int], list[int], list[float]]


def read(paths: list[Path]) -> list[Searched]:
    """The searches of `label_values.py` files (view, candidates, visits, value sums)."""
    searches: list[Searched] = []
    for path in paths:
        with path.open("rb") as f:
            searches += pickle.load(f)
    return searches


def positions(searches: list[Searched]) -> list[Row]:
    """(features of every legal action, the search's choice, the position's order, the
    share of the search's visits each legal action had) for each of `searches` (the
    choice as `fit_rollout_policy.choices` reads it)."""
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    bot = ExpertBot(hard, base_game(), 0)
    data = base_game()
    rows: list[Row] = []
    for view, candidates, visits, totals in searches:
        best = max(range(len(candidates)), key=lambda i: (visits[i], totals[i]))
        share = np.zeros(len(view.legal_actions))
        for c, n in zip(candidates, visits, strict=True):
            share[c] = n
        rows.append((features(data, view.players, view.seat, view.bank,
                              view.legal_actions, bot.scores(view)),
                     candidates[best], len(rows), share / share.sum()))
    return rows


def fit(train: list[Row], hidden: int, epochs: int, seed: int, soft: float = 0.0
        ) -> ValueNet:
    """The policy fitted by Adam on the softmax log loss of the choices in `train`
    (with `soft` above 0, of a target that gives that share to the search's visits)."""
    rng = np.random.default_rng(seed)
    width = train[0][0].shape[1]
    params = [rng.normal(0, math.sqrt(2 / width), (width, hidden)), np.zeros(hidden),
              rng.normal(0, math.sqrt(1 / hidden), hidden)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    t = 0
    for epoch in range(epochs):
        lr = 3e-3 if epoch < epochs * 2 // 3 else 1e-3
        for start in range(0, len(train), 64):
            grads = [np.zeros_like(p) for p in params]
            batch = train[start:start + 64]
            for x, chosen, _, share in batch:
                pre = x @ params[0] + params[1]
                h = np.maximum(pre, 0.0)
                z = h @ params[2]
                p = np.exp(z - z.max())
                p /= p.sum()
                d = p - soft * share  # d loss / d z
                d[chosen] -= 1.0 - soft
                grads[2] += h.T @ d
                dh = np.outer(d, params[2]) * (pre > 0)
                grads[0] += x.T @ dh
                grads[1] += dh.sum(axis=0)
            t += 1
            for i, g in enumerate(grads):
                g = g / len(batch) + (1e-4 * params[i] if i != 1 else 0.0)
                m[i] = 0.9 * m[i] + 0.1 * g
                v[i] = 0.999 * v[i] + 0.001 * g * g
                params[i] -= lr * (m[i] / (1 - 0.9 ** t)) / (
                    np.sqrt(v[i] / (1 - 0.999 ** t)) + 1e-8)
        order = rng.permutation(len(train))
        train = [train[i] for i in order]
    return network(*params)


#: The numbers of best moves whose share holding the search's choice is printed.
AMONG = (1, 2, 3, 4, 6)


def judged(policy: ValueNet | None, rows: list[Row]
           ) -> tuple[list[float], float]:
    """(for each of `AMONG`, the share of positions with the search's choice among the
    so many best moves; the mean log likelihood) for the policy, or the hard profile
    (None: its scores' order)."""
    among = [0] * len(AMONG)
    ll = 0.0
    for x, chosen, *_ in rows:
        z = policy.logits(x) if policy is not None else -x[:, FEATURES.index("rank")]
        order = list(np.argsort(-z, kind="stable"))
        place = order.index(chosen)
        for k, n in enumerate(AMONG):
            among[k] += int(place < n)
        if policy is not None:
            q = z - z.max()
            ll += float(q[chosen] - math.log(np.exp(q).sum()))
    return [a / len(rows) for a in among], ll / len(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--soft", type=float, default=0.0,
                        help="the target's share given to the search's visits (0-1)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    searches = read(args.files)
    games = {view.module for view, *_ in searches}
    if len(games) != 1:
        parser.error(f"the searches are of more than one game: {sorted(map(str, games))}")
    game = games.pop() or "base"
    rows = positions(searches)
    rows.sort(key=lambda r: r[2])
    cut = len(rows) * 4 // 5
    train, test = rows[:cut], rows[cut:]
    ranks = [int(r[0][r[1], FEATURES.index("rank")] * 10 + 0.5) for r in rows]
    outside = sum(1 for r in ranks if r >= 6) / len(ranks)
    print(f"{game}: {len(rows)} positions ({len(train)} to fit, {len(test)} held out); the "
          f"search's choice outside the hard profile's best six: {outside:.1%}")
    policy = fit(train, args.hidden, args.epochs, args.seed, args.soft)
    print("  the search's choice among the best " + ", ".join(map(str, AMONG)))
    for label, p in (("hard", None), ("policy", policy)):
        among, ll = judged(p, test)
        print(f"  {label:7} " + ", ".join(f"{a:.1%}" for a in among)
              + (f"; log likelihood {ll:.4f}" if p is not None else ""))
    entry = policy.to_data(digits=17, features=FEATURES)  # every float exact
    entry["fitted"] = (f"fit_policy.py {' '.join(f.name for f in args.files)} --seed "
                       f"{args.seed} --hidden {args.hidden} --epochs {args.epochs}"
                       + (f" --soft {args.soft}" if args.soft else ""))
    for path in [args.out] + ([POLICIES] if args.write else []):
        if path is None:
            continue
        policies = (yaml.safe_load(path.read_text()) if path.exists() else None) or {}
        policies[game] = entry
        path.write_text("# The learned policies (splendor/bots/value/policy.py), written by\n"
                        "# benchmarks/fit_policy.py (see docs/figures.md, issue 60).\n"
                        + yaml.safe_dump(policies, sort_keys=False, width=100))
        print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
