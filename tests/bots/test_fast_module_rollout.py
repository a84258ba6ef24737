"""The expert's fast rollout scoring of a module game against the evaluator it stands for.

`FastModuleScorer.module_scores` must give every main action of a Cities of Splendor
module's game exactly the score `Evaluator.score_actions` gives it on a quick look (the
same float, not a close one), for every heuristic profile's weights and odd ones, in
positions of random games and of games played by the hard profile (reserves, returns,
double golds, strongholds, posts and cities held). Then an expert searching with it
plays the same rollouts as one searching with the evaluator. The CI run compares a few
hundred positions a module; `pytest -m slow` a few hundred games a module.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.value import Evaluator, pick, situation_from_state
from splendor.bots.value.fast_modules import FAST_TERMS, FastModuleScorer, _Holding, fits_modules
from splendor.bots.value.registry import VALUES, value_terms
from splendor.bots.value.terms import ModuleValue
from splendor.engine import Buy, GameState, Phase, new_game, observe
from splendor.engine.modules import ModuleState, module_ids
from splendor.gamedata import base_game
from tests.bots.test_fast_rollout import odd_weights

DATA = base_game()
PROFILES = {n: p for n, p in shipped_profiles().items() if isinstance(p, HeuristicProfile)}
MODULES = ("cities", "trading-posts", "orient", "strongholds")


def module_positions(module: str, games: int, first_seed: int) -> Iterator[GameState]:
    """Every main-phase position with a choice in `games` seeded games of `module`, 2-4
    players; half played at random, half by the hard profile with rollout noise."""
    hard = Evaluator(PROFILES["hard"].weights_for(module))
    for game in range(games):
        seed = first_seed + game
        rng = random.Random(seed)
        state = new_game(DATA, 2 + game % 3, seed, module=module)
        by_policy = game % 2 == 1
        while not state.is_over() and state.round <= 80:
            actions = state.legal_actions()
            if state.phase is Phase.MAIN and len(actions) > 1:
                yield state
            if by_policy and len(actions) > 1:
                situation = situation_from_state(state, weights=hard.w)
                scores = hard.score_actions(situation, actions, state.clone, resolve=False)
                action = pick(scores, actions, rng, 0.15)
            else:
                action = rng.choice(actions)
            state.apply_unchecked(action)


def compare(module: str, games: int, first_seed: int) -> tuple[int, set[str]]:
    """Positions compared and the kinds of action seen; fails on the first score that
    differs."""
    evaluators = [(name, Evaluator(p.weights_for(module))) for name, p in PROFILES.items()]
    evaluators.append(("odd", Evaluator(odd_weights())))
    fast = {name: FastModuleScorer(ev) for name, ev in evaluators}
    compared, kinds = 0, set()
    for state in module_positions(module, games, first_seed):
        actions = state.legal_actions()
        kinds.update(type(a).__name__ for a in actions)
        for name, ev in evaluators:
            old_world, new_world = state.clone(), state.clone()
            expected = ev.score_actions(situation_from_state(state, weights=ev.w), actions,
                                        lambda w=old_world: w, resolve=False)  # type: ignore[misc]
            got = fast[name].module_scores(situation_from_state(state, weights=ev.w), actions,
                                           lambda w=new_world: w)  # type: ignore[misc]
            assert got == expected, (
                f"{module}, {name}, {state!r}: "
                + ", ".join(f"{a.text()} {g!r} != {e!r}"
                            for a, g, e in zip(actions, got, expected, strict=True) if g != e)
            )
        compared += 1
    return compared, kinds


@pytest.mark.parametrize("module", MODULES)
def test_fast_module_scores_are_the_evaluators_exactly(module: str) -> None:
    compared, kinds = compare(module, 4, 1)
    assert compared > 250
    assert {"Take", "Buy", "Reserve", "ReserveDeck"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("module", MODULES)
def test_fast_module_scores_are_the_evaluators_over_hundreds_of_games(module: str) -> None:
    compared, _ = compare(module, 200, 20_000)
    assert compared > 10_000


def test_a_cities_purchase_is_judged_unplayed_exactly_when_nothing_follows_it() -> None:
    # The fast form judges a purchase without the engine when the turn brings nothing
    # more (no noble, no city); the engine, playing it, must agree every time.
    ev = Evaluator(PROFILES["hard"].weights_for("cities"))
    fast = FastModuleScorer(ev)
    quiet = played = 0
    for state in module_positions("cities", 6, 50):
        s = situation_from_state(state, weights=ev.w)
        base = ev.value(s, s.me, s.market)
        holding = _Holding(fast, s)
        for action in state.legal_actions():
            if not isinstance(action, Buy):
                continue
            after = state.clone()
            after.apply_unchecked(action)
            assert isinstance(after, ModuleState) and isinstance(state, ModuleState)
            mover, before = after.players[state.current], state.players[state.current]
            gains = (len(mover.nobles) > len(before.nobles)
                     or (mover.city is not None and before.city is None)
                     or after.phase in (Phase.NOBLE, Phase.CITY))
            judged = fast._quiet_buy(s, action, holding, base)
            assert (judged is None) == gains, (state, action.text())
            quiet, played = quiet + (judged is not None), played + (judged is None)
    assert quiet > 200 and played > 0


def test_every_module_with_terms_is_named_fast_or_not() -> None:
    assert set(MODULES) == set(module_ids())
    assert {value_terms(m) for m in MODULES} <= set(VALUES)
    assert set(FAST_TERMS) == set(VALUES)  # each module's terms were checked above
    assert ModuleValue not in FAST_TERMS  # a module without terms of its own: as before
    assert fits_modules(DATA)


def expert(seed: int, lean: bool) -> ExpertBot:
    return ExpertBot(PROFILES["hard"], DATA, seed, budget=None, simulations=16, lean=lean)


@pytest.mark.parametrize("module", MODULES)
def test_the_lean_expert_plays_the_same_module_rollouts_as_before(module: str) -> None:
    searched = 0
    for state in module_positions(module, 3, 400):
        if state.round % 6 or len(state.legal_actions()) < 5 or state.current:
            continue
        view = observe(state, state.current)
        lean, old = expert(state.turns, True), expert(state.turns, False)
        assert lean.choose(view) == old.choose(view)
        assert lean.last_simulations == old.last_simulations
        # Every random number of every rollout drawn alike: the same games were played.
        assert lean.rng.getstate() == old.rng.getstate()
        searched += 1
    assert searched >= 5
