"""Fit the expert's leaf model: the win chance it judges at the end of a rollout.

    python benchmarks/fit_leaf.py [--games G] [--module NAME] [--seed S] [--players N]

Plays G whole games (default 2000) with the expert's rollout policy (the hard profile,
with the rollout noise) from seeded deals, records each seat's leaf features
(`splendor/bots/value/leaf.py`) at the start of every turn, and labels them with that
seat's result (a shared win counts 1/k). A logistic regression without intercept (the
features swap sign with the seats) is fitted on the first 80% of the games by Newton's
method; printed: the held-out log loss and Brier score of the expert's judgement today
(the logistic of the value gap over 3), of the best gap-only scale, and of the fitted
model, then the fitted weights as `levels_data/bots.yaml` wants them.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from splendor.bots.expert import LEAF_SCALE, ExpertBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.value.leaf import FEATURES, features
from splendor.engine import GameState, new_game
from splendor.gamedata import base_game
from splendor.tournament import credits, game_seed

Sample = tuple[list[float], float]


def collect(games: int, module: str | None, seed: int, players: int) -> list[list[Sample]]:
    """Each game's samples: (features, result) for every seat at every turn's start."""
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    data = base_game()
    out: list[list[Sample]] = []
    for game in range(games):
        deal = game_seed(seed, game)
        bot = ExpertBot(hard, data, deal, simulations=1, rollout_turns=10**6)
        samples = play(bot, new_game(data, players, seed=deal, module=module))
        if samples is not None:
            out.append(samples)
    return out


def play(bot: ExpertBot, world: GameState) -> list[Sample] | None:
    """One whole game of `bot`'s rollout policy from `world`, its samples (None: the game
    did not end)."""
    seen: list[tuple[list[float], int]] = []

    def visit(w: GameState, values: list[float]) -> None:
        seen.extend((features(w, seat, values), seat) for seat in range(w.num_players))

    bot.play_out(world, visit)
    if not world.is_over():
        return None
    result = credits(world.outcome())
    return [(x, result[seat]) for x, seat in seen]


def fit(samples: list[Sample], ridge: float = 1e-3, steps: int = 25) -> list[float]:
    """Logistic regression without intercept by Newton's method (a little ridge)."""
    k = len(samples[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in samples:
            p = chance(w, x)
            r = p - y
            s = p * (1 - p)
            for i in range(k):
                if x[i]:
                    grad[i] += r * x[i]
                    row, xi = hess[i], s * x[i]
                    for j in range(k):
                        row[j] += xi * x[j]
        for i in range(k):
            grad[i] += ridge * w[i]
            hess[i][i] += ridge
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(b) for b in step) < 1e-9:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def chance(w: list[float], x: list[float]) -> float:
    z = sum(a * b for a, b in zip(w, x, strict=True))
    z = max(-60.0, min(60.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def scores(w: list[float], samples: list[Sample]) -> tuple[float, float]:
    """Mean log loss and Brier score of the model `w` on `samples`."""
    loss = brier = 0.0
    for x, y in samples:
        p = min(1 - 1e-9, max(1e-9, chance(w, x)))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        brier += (p - y) ** 2
    return loss / len(samples), brier / len(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--module", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    games = collect(args.games, args.module, args.seed, args.players)
    cut = len(games) * 4 // 5
    train = [s for g in games[:cut] for s in g]
    test = [s for g in games[cut:] for s in g]
    print(f"{len(games)} games, module {args.module or 'none'}, {args.players} players: "
          f"{len(train)} samples to fit, {len(test)} held out "
          f"({time.perf_counter() - start:.0f} s)")
    gap = FEATURES.index("gap")
    today = [0.0] * len(FEATURES)
    today[gap] = 1.0 / LEAF_SCALE
    only = fit([([x[gap]], y) for x, y in train])
    scaled = [0.0] * len(FEATURES)
    scaled[gap] = only[0]
    full = fit(train)
    for label, w in (("today (gap / 3)", today),
                     (f"gap only (gap / {1 / only[0]:.2f})", scaled), ("fitted", full)):
        loss, brier = scores(w, test)
        print(f"  {label:28} log loss {loss:.4f}  Brier {brier:.4f}")
    print("leaf: {" + ", ".join(f"{n}: {v:.4g}" for n, v in zip(FEATURES, full, strict=True)) + "}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
