"""The expert's fast rollout policy against the evaluator it stands for.

`FastScorer.main_scores` must give every base-game main action exactly the score
`Evaluator.score_actions` gives it (the same float, not a close one), and
`FastScorer.value_of` every seat's position the evaluator's value (a rollout's last
judgement), for every heuristic profile's weights, in positions of random games and of
games played by the policy itself (reserves, returns, nobles, the final round). Then an
expert searching with it plays the same rollouts as one searching with the evaluator:
the same choice and the same random numbers drawn. The CI run compares a few thousand
positions; `pytest -m slow` plays a thousand games (tens of thousands of positions).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.value import Evaluator, Weights, pick, situation_from_state
from splendor.bots.value.evaluator import noisy
from splendor.bots.value.fast import FastScorer, fits
from splendor.engine import GameState, Phase, new_game, observe
from splendor.gamedata import base_game

DATA = base_game()
PROFILES = {n: p for n, p in shipped_profiles().items() if isinstance(p, HeuristicProfile)}


def odd_weights() -> Weights:
    """The hard profile's weights made inexact in binary: 0.25 * 3 - 0.25 is 0.25 * 2,
    but with its reserve slot 0.272375, x * 3 - x is not x * 2; only the same operations
    give the same floats."""
    hard = PROFILES["hard"].weights
    changed = {f.name: getattr(hard, f.name) * 1.0371 + 0.0131 for f in dataclasses.fields(hard)
               if isinstance(getattr(hard, f.name), float)}
    return dataclasses.replace(hard, prospect_cards=2, **changed)


def main_positions(games: int, first_seed: int) -> Iterator[GameState]:
    """Every base-game main-phase position with a choice in `games` seeded games, 2-4
    players; half played at random, half by the hard profile with rollout noise."""
    hard = Evaluator(PROFILES["hard"].weights)
    for game in range(games):
        seed = first_seed + game
        rng = random.Random(seed)
        state = new_game(DATA, 2 + game % 3, seed)
        by_policy = game % 2 == 1
        while not state.is_over() and state.round <= 100:
            actions = state.legal_actions()
            if state.phase is Phase.MAIN and len(actions) > 1:
                yield state
            if by_policy and len(actions) > 1:
                situation = situation_from_state(state, weights=hard.w)
                action = pick(hard.score_actions(situation, actions), actions, rng, 0.15)
            else:
                action = rng.choice(actions)
            state.apply_unchecked(action)


def compare(games: int, first_seed: int) -> tuple[int, set[str]]:
    """Positions compared, and the kinds of action seen, over `games` games; fails on
    the first score that differs."""
    scorers = [(name, Evaluator(p.weights)) for name, p in PROFILES.items()]
    scorers.append(("odd", Evaluator(odd_weights())))
    fast = {name: FastScorer(ev) for name, ev in scorers}
    compared, kinds = 0, set()
    for state in main_positions(games, first_seed):
        actions = state.legal_actions()
        kinds.update(type(a).__name__ for a in actions)
        for name, ev in scorers:
            expected = ev.score_actions(situation_from_state(state, weights=ev.w), actions)
            for seat in range(state.num_players):
                side = situation_from_state(state, seat, ev.w)
                assert fast[name].value_of(state, seat) == ev.value(side, side.me, side.market)
            got = fast[name].main_scores(state, actions)
            assert got == expected, (
                f"{name}, {state!r}: "
                + ", ".join(f"{a.text()} {g!r} != {e!r}"
                            for a, g, e in zip(actions, got, expected, strict=True) if g != e)
            )
        compared += 1
    return compared, kinds


def test_fast_scores_are_the_evaluators_exactly() -> None:
    compared, kinds = compare(16, 1)
    assert compared > 1000
    assert {"Take", "TakeTwo", "Buy", "Reserve", "ReserveDeck"} <= kinds


@pytest.mark.slow
def test_fast_scores_are_the_evaluators_over_thousands_of_games() -> None:
    compared, _ = compare(1000, 10_000)
    assert compared > 50_000


def test_the_base_game_fits_the_tables() -> None:
    assert fits(DATA)


def expert(seed: int, lean: bool, simulations: int = 24) -> ExpertBot:
    return ExpertBot(PROFILES["hard"], DATA, seed, budget=None, simulations=simulations,
                     lean=lean)


def test_the_lean_expert_plays_the_same_rollouts_as_before() -> None:
    searched = 0
    for state in main_positions(6, 300):
        if state.round % 5 or len(state.legal_actions()) < 5 or state.current:
            continue
        view = observe(state, state.current)
        lean, old = expert(state.turns, True), expert(state.turns, False)
        assert lean.choose(view) == old.choose(view)
        assert lean.last_simulations == old.last_simulations
        # Every random number of every rollout drawn alike: the same games were played.
        assert lean.rng.getstate() == old.rng.getstate()
        searched += 1
    assert searched >= 10


def test_the_rollout_noise_is_random_gauss_exactly() -> None:
    for seed in range(100):
        ours, theirs = random.Random(seed), random.Random(seed)
        if seed % 2:  # a deviate already waiting in the generator
            ours.gauss()
            theirs.gauss()
        for n in (1, 2, 3, 8, 15):
            scores = [ours.random() - 0.5 for _ in range(n)]
            assert scores == [theirs.random() - 0.5 for _ in range(n)]
            expected = [x + theirs.gauss(0.0, 0.15) for x in scores]
            assert noisy(scores, ours, 0.15) == expected
            assert ours.getstate() == theirs.getstate()
