"""The learned policy: a small network's preference among a seat's legal main actions
(issue 60).

A multi-layer perceptron (the same `ValueNet` form as the learned value, numpy) reads one
row of `FEATURES` for each legal action (its kind, the rollout profile's score of it
against the best and its rank, the card's points, level and price, the tokens it takes
or spends, the game's stage) and gives each a logit; the softmax over them is the chance
that the expert's own search chooses that action. It is fitted by
`benchmarks/fit_policy.py` to the moves the expert chose in its searches and shipped in
`levels_data/policy_nets.yaml`; the expert searches the policy's best moves, and its own
next move in a simulation among them, in the games `bots.yaml` names (`policy:`).

A policy is a game's (the base game's, or a module's: its rows read the module's scores,
which weigh what the figures do not say, an Orient card's ability or a post's claim).
It ranks main actions of the base game's kinds only: a decision with any other action (a
stronghold's, a return, a noble) is ranked by the rollout profile.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from splendor.bots.value.net import ValueNet, load_nets, shipped_network
from splendor.engine import (
    GOLD,
    Action,
    Buy,
    GameData,
    PlayerState,
    PlayerView,
    Reserve,
    ReserveDeck,
    Take,
    TakeTwo,
    default_payment,
)

#: The file of the shipped policies, in `levels_data/`.
POLICY_FILE = "policy_nets.yaml"

#: The figures of one action, in order (`features`).
FEATURES: tuple[str, ...] = (
    "take3", "take_fewer", "take2", "buy", "reserve", "reserve_deck", "score_gap", "rank",
    "top", "points", "level", "price", "spent", "gold_spent", "taken", "held", "over",
    "stage", "my_points", "their_points", "bonuses", "reserved",
)

MAIN = (Take, TakeTwo, Buy, Reserve, ReserveDeck)


def main_moves(actions: Sequence[Action]) -> bool:
    """Whether `actions` are all base-game main actions (what a policy ranks)."""
    return all(isinstance(a, MAIN) for a in actions)


def features(data: GameData, players: Sequence[PlayerView | PlayerState], seat: int,
             bank: Sequence[int], actions: Sequence[Action], scores: Sequence[float],
             ) -> np.ndarray:
    """One row of `FEATURES` for each of `actions` (`seat`'s legal main actions, with the
    rollout profile's `scores`), from the seats' possessions and the bank: a view's or a
    sampled world's, the same rows."""
    me = players[seat]
    them = max((p for i, p in enumerate(players) if i != seat), key=lambda p: p.points)
    held = sum(me.tokens)
    best = max(scores)
    order = sorted(range(len(actions)), key=lambda i: -scores[i])
    rank = [0] * len(actions)
    for r, i in enumerate(order):
        rank[i] = r
    common = [max(p.points for p in players) / 15, me.points / 15, them.points / 15,
              sum(me.bonuses) / 10, len(me.reserved) / 3]
    gold_left = 1 if bank[GOLD] else 0
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
            points, level, price = card.points, card.level, sum(card.cost)
            pay = default_payment(me.tokens, me.bonuses, card)
            spent, gold_spent = sum(pay), pay[GOLD]
        elif isinstance(action, Reserve):
            kind[4] = 1.0
            card = data.card_by_id[action.card_id]
            points, level, price = card.points, card.level, sum(card.cost)
            taken = gold_left
        elif isinstance(action, ReserveDeck):
            kind[5] = 1.0
            level = action.level
            taken = gold_left
        rows.append([*kind, scores[i] - best, min(rank[i], 10) / 10, float(rank[i] == 0),
                     points / 5, level / 3, price / 14, spent / 10, gold_spent / 5,
                     taken / 3, held / 10, max(0.0, held + taken - 10) / 3, *common])
    return np.array(rows, dtype=np.float64)


def load_policies(path: Path) -> dict[str, ValueNet]:
    """The policies of `path` by game (`base`); DataError naming the file, the game and
    the problem when one is wrong."""
    return load_nets(path, FEATURES, "fit_policy.py")


def shipped_policy(game: str) -> ValueNet:
    """The policy of `game` (`base`) shipped in `levels_data/policy_nets.yaml`, read once;
    DataError if there is none."""
    return shipped_network(POLICY_FILE, game, FEATURES, "fit_policy.py", "policy")
