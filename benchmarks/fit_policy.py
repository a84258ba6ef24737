"""Fit a move-choosing policy to the expert's own choices, to choose what it searches.

    python benchmarks/fit_policy.py FILE.searches.pickle [...] [--hidden H] [--epochs E]
        [--seed S] [--out FILE.npz]

The expert searches only the hard profile's best six moves; the searches of
`label_values.py --candidates 12` say which move a wider search chooses, and how often it
lies outside those six. This script fits a small network (numpy: one ReLU layer of H)
over each legal main action's figures (`action_features`: its kind, the hard profile's
score against the best and its rank, the card's points, level and price, the tokens it
takes or spends, and the game's stage) to the chosen move by the softmax over the legal
actions, on the first 80% of the positions (by game), and prints on the other 20% how
often the search's choice is among its best 1, 2, 3, 4 and 6 moves, and the hard
profile's. `--out` keeps the network for `expert_match.py
--a policy=FILE`. Seeded: the same command, the same network.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.engine import (
    GOLD,
    Action,
    Buy,
    GameState,
    Phase,
    PlayerState,
    PlayerView,
    Reserve,
    ReserveDeck,
    Take,
    TakeTwo,
    View,
    default_payment,
)
from splendor.gamedata import base_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_rollout_policy import choices  # a sibling script

#: `action_features`' figures, in order.
FEATURES: tuple[str, ...] = (
    "take3", "take_fewer", "take2", "buy", "reserve", "reserve_deck", "score_gap", "rank",
    "top", "points", "level", "price", "spent", "gold_spent", "taken", "held", "over",
    "stage", "my_points", "their_points", "bonuses", "reserved",
)


def action_features(view: View, actions: Sequence[Action], scores: Sequence[float]
                    ) -> np.ndarray:
    """One row of `FEATURES` for each of `actions` (the view's legal main actions, with
    the hard profile's `scores`)."""
    return features(view.players, view.seat, view.bank, actions, scores)


def features(players: Sequence[PlayerView | PlayerState], seat: int, bank: Sequence[int],
             actions: Sequence[Action], scores: Sequence[float]) -> np.ndarray:
    """`action_features` from the seats' possessions and the bank (a view's or a sampled
    world's)."""
    data = base_game()
    me = players[seat]
    them = max((p for i, p in enumerate(players) if i != seat), key=lambda p: p.points)
    held = sum(me.tokens)
    best = max(scores)
    order = sorted(range(len(actions)), key=lambda i: -scores[i])
    rank = [0] * len(actions)
    for r, i in enumerate(order):
        rank[i] = r
    stage = max(p.points for p in players) / 15
    common = [stage, me.points / 15, them.points / 15, sum(me.bonuses) / 10,
              len(me.reserved) / 3]
    rows = []
    for i, action in enumerate(actions):
        kind = [0.0] * 6
        points = level = price = spent = gold_spent = taken = 0.0
        if isinstance(action, Take):
            kind[0 if len(action.colors) == 3 else 1] = 1.0
            taken = len(action.colors)
        elif isinstance(action, TakeTwo):
            kind[2] = 1.0
            taken = 2
        elif isinstance(action, Buy):
            kind[3] = 1.0
            card = data.card_by_id[action.card_id]
            points, level = card.points, card.level
            price = sum(card.cost)
            pay = default_payment(me.tokens, me.bonuses, card)
            spent, gold_spent = sum(pay), pay[GOLD]
        elif isinstance(action, Reserve):
            kind[4] = 1.0
            card = data.card_by_id[action.card_id]
            points, level, price = card.points, card.level, sum(card.cost)
            taken = 1 if bank[GOLD] else 0
        elif isinstance(action, ReserveDeck):
            kind[5] = 1.0
            level = action.level
            taken = 1 if bank[GOLD] else 0
        rows.append([*kind, scores[i] - best, min(rank[i], 10) / 10, float(rank[i] == 0),
                     points / 5, level / 3, price / 14, spent / 10, gold_spent / 5,
                     taken / 3, held / 10, max(0.0, held + taken - 10) / 3, *common])
    return np.array(rows)


class Policy:
    """A one-hidden-layer network scoring each action's `FEATURES` row (a logit)."""

    def __init__(self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray) -> None:
        self.w1, self.b1, self.w2 = w1, b1, w2

    def logits(self, x: np.ndarray) -> np.ndarray:
        h: np.ndarray = np.maximum(x @ self.w1 + self.b1, 0.0) @ self.w2
        return h

    def save(self, path: Path) -> None:
        np.savez(path, w1=self.w1, b1=self.b1, w2=self.w2)

    @classmethod
    def load(cls, path: Path) -> Policy:
        with np.load(path) as d:
            return cls(d["w1"], d["b1"], d["w2"])


class PolicyExpert(ExpertBot):
    """The expert whose candidates are the policy's best moves instead of the hard
    profile's; with `weight` above 0, halving also weighs their logits (times `weight`)
    with their values (`ExpertBot.prior`, Gumbel-style); with `follow_policy`, the seat's
    own next move in a simulation is searched among the policy's best (`ordering`)."""

    def __init__(self, *args: object, policy: Policy, weight: float = 0.0,
                 follow_policy: bool = False, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.policy, self.weight, self.follow_policy = policy, weight, follow_policy
        self._logits: dict[Action, float] = {}

    def ranked(self, view: View, scores: list[float]) -> list[Action]:
        actions = view.legal_actions
        self._logits = {}
        if view.module is not None or not main_moves(actions):
            return super().ranked(view, scores)
        logits = self.policy.logits(action_features(view, actions, scores))
        self._logits = {a: float(z) for a, z in zip(actions, logits, strict=True)}
        ranked = sorted(range(len(actions)), key=lambda i: -logits[i])[: self.candidates]
        return [actions[i] for i in ranked]

    def prior(self, view: View, candidates: list[Action]) -> list[float] | None:
        if self.weight <= 0 or not self._logits:
            return None
        return [self.weight * self._logits[a] for a in candidates]

    def ordering(self, world: GameState, actions: tuple[Action, ...], scores: list[float]
                 ) -> list[float]:
        if (not self.follow_policy or type(world) is not GameState
                or world.phase is not Phase.MAIN or not main_moves(actions)):
            return scores
        x = features(world.players, world.current, world.bank, actions, scores)
        return [float(z) for z in self.policy.logits(x)]


def main_moves(actions: Sequence[Action]) -> bool:
    """Whether `actions` are all the base game's main actions (the policy's)."""
    return all(isinstance(a, Take | TakeTwo | Buy | Reserve | ReserveDeck) for a in actions)


def positions(paths: list[Path]) -> list[tuple[np.ndarray, int, int]]:
    """(features of every legal action, the search's choice, the position's order) for
    each searched position of `paths` (`fit_rollout_policy.choices`)."""
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    bot = ExpertBot(hard, base_game(), 0)
    return [(action_features(view, view.legal_actions, bot.scores(view)), chosen, k)
            for k, (view, chosen) in enumerate(choices(paths))]


def fit(train: list[tuple[np.ndarray, int, int]], hidden: int, epochs: int, seed: int
        ) -> Policy:
    """The policy fitted by Adam on the softmax log loss of the choices in `train`."""
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
            for x, chosen, _ in batch:
                pre = x @ params[0] + params[1]
                h = np.maximum(pre, 0.0)
                z = h @ params[2]
                p = np.exp(z - z.max())
                p /= p.sum()
                d = p.copy()
                d[chosen] -= 1.0  # d loss / d z
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
    return Policy(*params)


#: The numbers of best moves whose share holding the search's choice is printed.
AMONG = (1, 2, 3, 4, 6)


def judged(policy: Policy | None, rows: list[tuple[np.ndarray, int, int]]
           ) -> tuple[list[float], float]:
    """(for each of `AMONG`, the share of positions with the search's choice among the
    so many best moves; the mean log likelihood) for the policy, or the hard profile
    (None: its scores' order)."""
    among = [0] * len(AMONG)
    ll = 0.0
    for x, chosen, _ in rows:
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
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    rows = positions(args.files)
    rows.sort(key=lambda r: r[2])
    cut = len(rows) * 4 // 5
    train, test = rows[:cut], rows[cut:]
    ranks = [int(r[0][r[1], FEATURES.index("rank")] * 10 + 0.5) for r in rows]
    outside = sum(1 for r in ranks if r >= 6) / len(ranks)
    print(f"{len(rows)} positions ({len(train)} to fit, {len(test)} held out); the "
          f"search's choice outside the hard profile's best six: {outside:.1%}")
    policy = fit(train, args.hidden, args.epochs, args.seed)
    print("  the search's choice among the best " + ", ".join(map(str, AMONG)))
    for label, p in (("hard", None), ("policy", policy)):
        among, ll = judged(p, test)
        print(f"  {label:7} " + ", ".join(f"{a:.1%}" for a in among)
              + (f"; log likelihood {ll:.4f}" if p is not None else ""))
    if args.out is not None:
        policy.save(args.out)
        print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
