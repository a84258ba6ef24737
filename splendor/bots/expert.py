"""The expert: a search bot over worlds sampled from its own view (determinized Monte Carlo).

For each move it ranks the legal actions with its rollout profile and keeps the best
few candidates. Each simulation deals a fresh world consistent with what the seat can
see (`WorldSampler`: deck order and other seats' blind reserves are guessed, never read),
plays the candidate, continues with the rollout profile for a few turns (or to the end),
and scores the result: the win share if the game ended, else the judged win chance of
the position (`value/leaf.py`: a logistic of the value gap and other differences to the
strongest opponent, fitted to whole games' outcomes, by game; without a fitted model, the
logistic of the value gap). Candidates are chosen by UCB1; the most simulated one is
played. In the games named in `halving`, by sequential halving instead: in each phase
every candidate still in play is played on the same sampled worlds with the same rollout
luck, and the worse half is dropped; the best of the last phase is played. With `replies`,
another seat's first move in a simulation is chosen among its best few by UCB on its own
chances (a second ply; off in the shipped profiles: 52% over its first 50 games); with
`follow` (a count, or counts by game), the searching seat's own next move is searched so
among its best few. Both apply in UCB1 and in halving (statistics by candidate).
(A progressive-widening search with priors from the profile was measured weaker than
this flat one and not kept: see docs/figures.md.)
With a learned `policy` (`value/policy.py`, by game), the candidates are the policy's
best moves instead of the rollout profile's, and `follow` searches the seat's
next move among the policy's best; with `prior_weight` too, halving weighs the policy's
logits with the values (`prior`, Gumbel-style; measured weaker, no level sets it).
In a module game the module's main choices of a turn's steps (placing a stronghold, a
conquest, pairing, a free card, a noble to keep, a post or city among several) are
searched the same way; rollouts play a module's actions on the sampled world itself.

The budget is either thinking time per move (default 1 s) or a fixed number of
simulations, which makes the bot deterministic for a given seed.

With `workers=2` (the expert level's profile) and a second core, a decision is searched
by two workers at once (root parallelism, `search_worker`): a process of its own searches
its share of sampled worlds from the same view with its own seed, drawn from the bot's,
and its visits and value sums are added to this worker's before the move is chosen. A
fixed count is split evenly between them, into the same two shares whatever the machine
(with one core, the second share is searched here after the first: the same move on every
machine); on a time budget both stop on the deadline, and with one core the search is the
one-worker search. Too few simulations to share: the one-worker search; a failed worker
leaves the decision to this one.

In the base game the rollouts score main actions with `FastScorer` (value/fast.py): the
rollout profile's own scores, the same floats, about twice as fast; the same random
numbers give the same rollouts, so a fixed number of simulations plays as before. In a
module's game (its terms in `FAST_TERMS`) the main actions' takes and reservations are
scored so too (value/fast_modules.py), the rest by the evaluator. `lean=False` keeps the
evaluator's scoring everywhere (benchmarks compare the two).
"""

from __future__ import annotations

import math
import random
import time
import types
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING

from splendor.bots.heuristic import world_from
from splendor.bots.profiles import HeuristicProfile
from splendor.bots.search_worker import Helper, Share, ShareResult, next_job, shared_worker
from splendor.bots.value import (
    Evaluator,
    Evaluators,
    pick,
    situation_from_state,
    situation_from_view,
)
from splendor.bots.value.fast import fits
from splendor.bots.value.fast_modules import FAST_TERMS, FastModuleScorer, fits_modules
from splendor.bots.value.leaf import Leaf
from splendor.bots.value.registry import terms_for
from splendor.engine import Action, GameData, GameState, Phase, View, WorldSampler
from splendor.engine.modules import ModuleState
from splendor.gamedata import base_game

if TYPE_CHECKING:
    from splendor.bots.value.net import ValueNet

#: Turns simulated after the candidate move before the position is judged.
ROLLOUT_TURNS = 6
#: Prestige-point gap that maps to a ~73% judged win chance (logistic scale).
LEAF_SCALE = 3.0
#: UCB1 exploration constant for rewards in [0, 1].
EXPLORATION = 0.5
#: Noise on rollout decisions, so that simulations of one candidate differ.
ROLLOUT_NOISE = 0.15
#: Two workers: the share of the time budget by which the helper stops before the
#: deadline, and the grace after it for its answer (left out of the decision if later).
GRACE = 0.04
#: Two workers: the shortest time budget shared with the helper (seconds).
SHARED_BUDGET = 0.1
#: With a prior (a policy's logits of the candidates), halving ranks a candidate by its
#: logit plus (PRIOR_VISITS + the most visits) * PRIOR_SCALE * its mean value (Gumbel
#: AlphaZero's sigma, Danihelka et al. 2022, with its constants): the policy decides
#: between candidates the simulations cannot yet tell apart, the values beyond that.
PRIOR_VISITS = 50
PRIOR_SCALE = 1.0
#: The modules' decision steps searched like a main action (the others, like returns and
#: noble choices, are played as the rollout profile scores them).
SEARCHED_STEPS: frozenset[Phase] = frozenset({
    Phase.STRONGHOLD, Phase.CONQUEST, Phase.PAIR, Phase.FREE, Phase.KEEP_NOBLE, Phase.POST,
    Phase.CITY,
})


class ExpertBot:
    """Determinized Monte Carlo search; see the module docstring."""

    def __init__(
        self,
        rollout: HeuristicProfile,
        data: GameData,
        seed: int = 0,
        *,
        budget: float | None = 1.0,
        simulations: int | None = None,
        candidates: int = 6,
        name: str = "expert",
        lean: bool = True,
        rollout_turns: int | Mapping[str | None, int] = ROLLOUT_TURNS,
        workers: int = 1,
        exploration: float = EXPLORATION,
        leaf_scale: float = LEAF_SCALE,
        rollout_noise: float = ROLLOUT_NOISE,
        leaves: Mapping[str | None, Leaf] | None = None,
        replies: int = 0,
        halving: Collection[str | None] = (),
        follow: int | Mapping[str | None, int] = 0,
        judge: HeuristicProfile | None = None,
        policy: Mapping[str | None, ValueNet] | None = None,
        prior_weight: float = 0.0,
    ) -> None:
        self.name = name
        self.data = data
        self.profile = rollout
        #: The rollout policy's evaluator for a game with a module (None: the base game).
        self._evaluator = Evaluators(rollout.weights_for)
        #: The profile whose values a leaf reads at a rollout's end (None: the rollout
        #: profile's): a policy fitted to choose moves may judge positions on another
        #: scale than the one the leaf models were fitted on.
        self.judge = judge
        self._judge = self._evaluator if judge is None else Evaluators(judge.weights_for)
        self.budget = budget
        self.simulations = simulations
        self.candidates = candidates
        self.rng = random.Random(seed)
        self.last_simulations = 0
        #: The base game's rollouts score main actions with `FastScorer` (the same scores
        #: as the evaluator, faster); False: with the evaluator, as before it (benchmarks).
        self.lean = lean
        self.rollout_turns = rollout_turns
        self.exploration = exploration
        self.leaf_scale = leaf_scale
        self.rollout_noise = rollout_noise
        #: The judgement at a rollout's end by module (None: the base game); a game not
        #: there: the logistic of the value gap over `leaf_scale`.
        self.leaves: dict[str | None, Leaf] = dict(leaves or {})
        #: The second ply: another seat's first main action in a simulation is chosen
        #: among its `replies` best (by the rollout profile) by UCB on its own chances
        #: (information-set style: each reply's statistics over the worlds it was legal
        #: in); 0: played by the rollout profile like the rest.
        self.replies = replies
        #: The searching seat's own next main action in a simulation (after the
        #: candidate) is chosen among its so many best by UCB on its chances (0: played
        #: by the rollout profile): a count for every game, or counts by module (None:
        #: the base game; a game not there: 0).
        self.follow = follow
        #: The games (None: the base game) searched by sequential halving over paired
        #: worlds instead of UCB1 (see `_halving`).
        self.halving = frozenset(halving)
        self._fast: dict[int, FastModuleScorer] = {}
        self._fits = fits(data)
        self._fits_modules = self._fits and fits_modules(data)
        #: 2: search with a second worker process besides this one when a second core
        #: is there (`search_worker`); 1, or one core: search alone.
        self.workers = workers
        #: The second worker (this process's shared one unless a test gives another).
        self.helper: Helper | None = None
        #: The learned policies by module (None: the base game; `value/policy.py`): the
        #: candidates are its best moves, and the seat's own next move in a simulation
        #: (`follow`) is searched among its best; a game not there: the rollout profile's.
        self.policy: dict[str | None, ValueNet] = dict(policy or {})
        #: Above 0 (with a policy): halving weighs the candidates' logits times this with
        #: their values (`prior`); 0: their values alone.
        self.prior_weight = prior_weight
        self._logits: dict[Action, float] = {}

    def choose(self, view: View) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        scores = self.scores(view)
        if view.phase is not Phase.MAIN and view.phase not in SEARCHED_STEPS:
            return pick(scores, actions, self.rng, 0.0)  # returns, noble choices, gems
        return self._search(view, self.ranked(view, scores))

    def ordering(self, world: GameState, actions: tuple[Action, ...], scores: list[float]
                 ) -> list[float]:
        """The scores by which the seat's own next move in a simulation (`follow`) picks
        the moves it searches among: the policy's logits in a game with one, else the
        rollout profile's `scores`."""
        net = self.policy.get(world.setup.module)
        if net is None:
            return scores
        policy = _policy()
        if not policy.main_moves(actions):
            return scores
        x = policy.features(self.data, world.players, world.current, world.bank, actions,
                            scores)
        return net.logits(x).tolist()  # type: ignore[no-any-return]

    def prior(self, view: View, candidates: list[Action]) -> list[float] | None:
        """The policy's logits of `candidates` times `prior_weight`, for halving to weigh
        with their values (`PRIOR_SCALE`); None (no policy, or a weight of 0): the values
        alone."""
        if self.prior_weight <= 0 or not self._logits:
            return None
        return [self.prior_weight * self._logits[a] for a in candidates]

    def scores(self, view: View) -> list[float]:
        """The rollout profile's score of each of `view.legal_actions`."""
        evaluator = self._evaluator(view.module)
        situation = situation_from_view(view, self.data, evaluator.w)
        return evaluator.score_actions(situation, view.legal_actions,
                                       world_from(view, self.data, self.rng))

    def ranked(self, view: View, scores: list[float]) -> list[Action]:
        """The `candidates` best legal actions by `scores` (the rollout profile's), or by
        the policy's logits where it ranks them, best first (the search's)."""
        actions = view.legal_actions
        self._logits = {}
        net = self.policy.get(view.module)
        if net is not None and _policy().main_moves(actions):
            logits = net.logits(_policy().features(
                self.data, view.players, view.seat, view.bank, actions, scores))
            self._logits = {a: float(z) for a, z in zip(actions, logits, strict=True)}
            order = sorted(range(len(actions)), key=lambda i: -logits[i])
        else:
            order = sorted(range(len(actions)), key=lambda i: -scores[i])
        return [actions[i] for i in order[: self.candidates]]

    def _search(self, view: View, candidates: list[Action]) -> Action:
        start = time.perf_counter()
        deadline = None if self.budget is None else start + self.budget
        shared = self._shares(len(candidates))
        prior = self.prior(view, candidates) if view.module in self.halving else None
        if shared and self.helper is None:
            self.helper = shared_worker(run_share)  # None on one core: searched here
        if shared and (self.helper is not None or self.simulations is not None):
            visits, totals, done = self._two_workers(view, candidates, deadline,
                                                     self.helper, prior)
        else:
            visits, totals, done = self.statistics(view, candidates, deadline,
                                                   self.simulations, start, prior)
        self.last_simulations = done
        if prior is None:
            best = max(range(len(candidates)), key=lambda i: (visits[i], totals[i]))
        else:  # the most searched, weighed as halving weighs them
            most = max(visits)
            best = max((i for i in range(len(candidates)) if visits[i] == most),
                       key=lambda i: weighed(prior, visits, totals, i))
        return candidates[best]

    def turns(self, module: str | None) -> int:
        """The turns a rollout plays after the candidate in a game with `module` (None:
        the base game): `rollout_turns`, a count for every game or counts by module (a
        game not there: `ROLLOUT_TURNS`)."""
        if isinstance(self.rollout_turns, int):
            return self.rollout_turns
        return self.rollout_turns.get(module, ROLLOUT_TURNS)

    def follows(self, module: str | None) -> int:
        """How many of its best moves the seat's own next move is searched among in a
        game with `module` (None: the base game); 0: played by the rollout profile."""
        if isinstance(self.follow, int):
            return self.follow
        return self.follow.get(module, 0)

    def _shares(self, candidates: int) -> bool:
        """Whether this decision is searched in two shares (whatever the cores: a fixed
        count is split the same way on every machine)."""
        if self.workers < 2 or self.data is not base_game():
            return False  # the worker knows the base game's data only
        if self.simulations is not None:
            return self.simulations >= 2 * candidates  # else each tries every candidate
        return (self.budget or 0.0) >= SHARED_BUDGET  # else too short for a round trip

    def _two_workers(self, view: View, candidates: list[Action], deadline: float | None,
                     helper: Helper | None, prior: list[float] | None = None,
                     ) -> tuple[list[int], list[float], int]:
        """Root parallelism: the helper searches its own share of worlds with its own
        seed while this worker searches the rest; their statistics are added by
        candidate (both shares have the same candidates). A fixed count is
        split evenly (the helper's share searched here, with its seed, when there is no
        helper (one core) or it fails: the same move); on a deadline both stop on it, and
        a failed or late helper leaves this worker's search alone."""
        limit = self.simulations
        theirs = None if limit is None else limit // 2
        # The helper stops a little before the deadline, so that its answer is here on it.
        early = GRACE * (self.budget or 0.0)
        share = Share(
            next_job(), self.profile, view, tuple(candidates), self.rng.getrandbits(64),
            theirs,
            None if deadline is None else time.time() + deadline - early - time.perf_counter(),
            self.lean, self.turns(view.module), self.replies, tuple(self.leaves.items()),
            tuple(self.halving), self.follows(view.module), self.judge,
            None if prior is None else tuple(prior), self.policy.get(view.module))
        sent = helper is not None and helper.submit(share)
        mine = None if limit is None or theirs is None else limit - theirs
        started = time.perf_counter()
        visits, totals, done = self.statistics(view, candidates, deadline, mine, started,
                                               prior)
        result = None
        if sent and helper is not None:
            # On a deadline: a little grace for its last simulation and the pipe; at a
            # fixed count, far longer than this share took.
            now = time.perf_counter()
            wait = (GRACE * (self.budget or 0.0) if deadline is not None
                    else 5.0 + 4 * (now - started))
            result = helper.collect(share.job, wait)
        if result is None and theirs is not None and deadline is None:
            result = run_share(share)  # searched here: the same statistics, later
        if result is None or result.error is not None:
            return visits, totals, done
        for i in range(len(candidates)):
            visits[i] += result.visits[i]
            totals[i] += result.totals[i]
        return visits, totals, done + result.done

    def statistics(self, view: View, candidates: list[Action], deadline: float | None,
                   limit: int | None = None, start: float | None = None,
                   prior: list[float] | None = None,
                   ) -> tuple[list[int], list[float], int]:
        """One worker's search: visits and value sums by candidate, and the simulations
        run, until `limit` simulations or the `deadline` (a `time.perf_counter()`);
        `prior` (halving only): the candidates' logits (`PRIOR_SCALE`)."""
        if view.module in self.halving:
            return self._halving(view, candidates, deadline, limit, prior=prior)
        n = len(candidates)
        visits = [0] * n
        totals = [0.0] * n
        follows_n = self.follows(view.module)
        # The second ply: by candidate, each reply's [visits, my value sum, times offered].
        replies: list[dict[Action, list[float]]] = [{} for _ in range(n)]
        follows: list[dict[Action, list[float]]] = [{} for _ in range(n)]
        start = time.perf_counter() if start is None else start
        worlds = WorldSampler(view, self.data)
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done >= n:
                now = time.perf_counter()
                if now >= deadline:
                    break
                if done % 16 == 0:
                    # The move played is the most visited: stop once no other can catch up.
                    left = done / max(now - start, 1e-9) * (deadline - now)
                    if limit is not None:
                        left = min(left, limit - done)
                    if self._decided(visits, left):
                        break
            elif (
                limit is not None and done >= n and done % 16 == 0
                and self._decided(visits, limit - done)
            ):
                break
            k = self._ucb1(visits, totals, done, self.exploration)
            world = worlds.deal(self.rng)
            # Checked: the candidate comes from the view, the world from a sample of it.
            world.apply(candidates[k])
            ev = self._evaluator(view.module)
            reply = ReplyNode(replies[k], self.replies, self.exploration) if self.replies \
                else None
            follow = ReplyNode(follows[k], follows_n, self.exploration, mine=True) \
                if follows_n else None
            value = self._playout(world, view.seat, ev, reply=reply, follow=follow)
            for node in (reply, follow):
                if node is not None:
                    node.back(value)
            totals[k] += value
            visits[k] += 1
            done += 1
        return visits, totals, done

    def _halving(self, view: View, candidates: list[Action], deadline: float | None,
                 limit: int | None, keep: int = 1, prior: list[float] | None = None,
                 ) -> tuple[list[int], list[float], int]:
        """Sequential halving over paired worlds: in each of ceil(log2(n)) phases the
        candidates still in play are each played on the same sampled worlds with the same
        rollout luck (their differences are the moves', not the deal's), then the worse
        half (by mean value, or with `prior` by `weighed`) is dropped, until `keep` are
        left. The budget (`limit` simulations, or the time to `deadline`, a
        `time.perf_counter()`) is split evenly between the phases; each phase plays at
        least one world."""
        n = len(candidates)
        visits, totals = [0] * n, [0.0] * n
        alive = list(range(n))
        phases = max(1, math.ceil(math.log2(n / keep))) if n > keep else 0
        worlds = WorldSampler(view, self.data)
        ev = self._evaluator(view.module)
        replies: list[dict[Action, list[float]]] = [{} for _ in range(n)]
        follows: list[dict[Action, list[float]]] = [{} for _ in range(n)]
        follows_n = self.follows(view.module)
        done = 0
        for phase in range(phases):
            left = phases - phase
            rounds = None if limit is None else max(1, (limit - done) // left // len(alive))
            end = None if deadline is None else (
                time.perf_counter() + (deadline - time.perf_counter()) / left)
            played = 0
            while rounds is None or played < rounds:
                if played and end is not None and time.perf_counter() >= end:
                    break
                world = worlds.deal(self.rng)
                row = self._paired_row(world, self.rng.getrandbits(64), view.seat, ev,
                                       [(candidates[k], replies[k], follows[k])
                                        for k in alive], follows_n)
                for k, value in zip(alive, row, strict=True):
                    totals[k] += value
                    visits[k] += 1
                done += len(alive)
                played += 1
            if prior is None:
                alive.sort(key=lambda k: -totals[k] / visits[k])
            else:
                alive.sort(key=lambda k: -weighed(prior, visits, totals, k))
            alive = alive[: max(keep, (len(alive) + 1) // 2)]
        # The last phase's candidates have the most visits, equal: the move is the best of
        # them by value.
        return visits, totals, done

    def _paired_row(self, world: GameState, luck: int, me: int, ev: Evaluator,
                    moves: list[tuple[Action, dict[Action, list[float]],
                                      dict[Action, list[float]]]],
                    follows_n: int) -> list[float]:
        """Each move's value on `world` with the same rollout luck: (the move, its
        replies' and its follows' statistics), as the search plays them."""
        row = []
        for action, replies, follows in moves:
            trial = world.clone()
            trial.apply(action)  # checked: a move of the view
            reply = ReplyNode(replies, self.replies, self.exploration) \
                if self.replies else None
            follow = ReplyNode(follows, follows_n, self.exploration, mine=True) \
                if follows_n else None
            value = self._playout(trial, me, ev, rng=random.Random(luck), reply=reply,
                                  follow=follow)
            for node in (reply, follow):
                if node is not None:
                    node.back(value)
            row.append(value)
        return row

    def finalists(self, view: View, moves: list[Action], simulations: int,
                  keep: int) -> list[int]:
        """The best `keep` of `moves` (indices, best first) by sequential halving over
        paired worlds with `simulations` in all, halving until `keep` are left whatever
        the game's search (the review's first stage)."""
        visits, totals, _ = self._halving(view, moves, None, simulations, keep)
        ranked = sorted(range(len(moves)), key=lambda i: (-visits[i], -totals[i], i))
        return ranked[:keep]

    def paired_values(self, view: View, moves: list[Action], worlds: int,
                      rng: random.Random) -> list[list[float]]:
        """`worlds` rows, each every move's value on one world sampled from `view` with
        the same rollout luck (`rng` draws the worlds and the luck): paired figures,
        whose differences are the moves' and not the deal's."""
        sampler = WorldSampler(view, self.data)
        ev = self._evaluator(view.module)
        follows_n = self.follows(view.module)
        stats: list[tuple[dict[Action, list[float]], dict[Action, list[float]]]] = [
            ({}, {}) for _ in moves]
        rows = []
        for _ in range(worlds):
            world = sampler.deal(rng)
            rows.append(self._paired_row(
                world, rng.getrandbits(64), view.seat, ev,
                [(m, r, f) for m, (r, f) in zip(moves, stats, strict=True)], follows_n))
        return rows

    @staticmethod
    def _ucb1(visits: list[int], totals: list[float], done: int, c: float) -> int:
        """The flat search's choice: each candidate once, then UCB1."""
        n = len(visits)
        if done < n:
            return done
        log_n = math.log(done)
        return max(range(n), key=lambda i: totals[i] / visits[i]
                   + c * math.sqrt(log_n / visits[i]))

    @staticmethod
    def _decided(visits: list[int], simulations_left: float) -> bool:
        first, second = sorted(visits, reverse=True)[:2]
        return first - second > simulations_left

    def judged(self, world: GameState, me: int) -> float:
        """One simulation from `world` (a sample, never the real game) as the search
        scores it: `me`'s win share if the game ends within the rollout, else the judged
        win chance at its end (the analysis of a game reads it so)."""
        return self._playout(world, me, self._evaluator(world.setup.module))

    def play_out(self, world: GameState,
                 visit: Callable[[GameState, list[float]], None]) -> None:
        """Play the rollout policy on `world` for `rollout_turns` turns or to its end,
        showing `visit` the world at each turn's start with every seat's value (the leaf
        model's fitting, `benchmarks/fit_leaf.py`)."""
        evaluator = self._evaluator(world.setup.module)
        judge = self._judge(world.setup.module)
        fast = self._fast_scorer(judge) if type(world) is GameState else None
        self._playout(world, 0, evaluator,
                      lambda w: visit(w, self.values(w, judge, fast)))

    def _fast_scorer(self, evaluator: Evaluator) -> FastModuleScorer | None:
        """The fast form of `evaluator`'s scoring (None on the old path)."""
        if not self.lean or not self._fits:
            return None
        fast = self._fast.get(id(evaluator))
        if fast is None:
            fast = self._fast[id(evaluator)] = FastModuleScorer(evaluator)
        return fast

    def _playout(self, world: GameState, me: int, evaluator: Evaluator,
                 visit: Callable[[GameState], None] | None = None,
                 reply: Reply | None = None, rng: random.Random | None = None,
                 follow: Reply | None = None) -> float:
        """Play the rollout profile on `world` for `rollout_turns` turns and judge it for
        `me`; `visit` (the leaf model's fitting) sees the world at each turn's start;
        `reply` chooses the first main action of another seat (the search's second ply)
        from the legal actions and the rollout profile's scores, `follow` the first of
        `me`'s own."""
        stop = world.turns + self.turns(world.setup.module)
        rng = self.rng if rng is None else rng
        weights, noise = evaluator.w, self.rollout_noise
        # The base game's main actions in fast form; a module's takes and reservations
        # too when its terms allow it (`FAST_TERMS`), its other actions as before.
        fast = self._fast_scorer(evaluator)
        base_game = type(world) is GameState
        if not base_game and (fast is None or not self._fits_modules
                              or not isinstance(world, ModuleState)
                              or terms_for(type(world)) not in FAST_TERMS):
            fast = None

        def this_world() -> GameState:
            return world

        turn = -1
        while not world.is_over() and world.turns < stop:
            if visit is not None and world.turns != turn:
                turn = world.turns
                visit(world)
            actions = world.legal_actions()
            if len(actions) == 1:
                action = actions[0]
                world.apply_unchecked(action)
                continue
            if fast is not None and base_game and world.phase is Phase.MAIN:
                scores = fast.main_scores(world, actions)
            elif fast is not None and world.phase is Phase.MAIN:
                situation = situation_from_state(world, weights=weights)
                scores = fast.module_scores(situation, actions, this_world)
            else:
                # The world is already a sample: the module's actions are tried on it.
                situation = situation_from_state(world, weights=weights)
                scores = evaluator.score_actions(situation, actions, this_world, resolve=False)
            if reply is not None and world.current != me and world.phase is Phase.MAIN:
                action = reply(actions, scores)  # the opponent's first move: searched
                reply = None
            elif follow is not None and world.current == me and world.phase is Phase.MAIN:
                action = follow(actions, self.ordering(world, actions, scores))  # searched
                follow = None
            else:
                action = pick(scores, actions, rng, noise)
            world.apply_unchecked(action)  # taken from legal_actions(): no check needed
        if world.is_over():
            outcome = world.outcome()
            return 1.0 / len(outcome.winners) if me in outcome.winners else 0.0
        if self.judge is not None:
            evaluator = self._judge(world.setup.module)
            fast = self._fast_scorer(evaluator)
        values = self.values(world, evaluator, fast if base_game else None)
        leaf = self.leaves.get(world.setup.module)
        if leaf is not None:
            return leaf.chance(world, me, values)
        gap = values[me] - max(v for i, v in enumerate(values) if i != me)
        return 1.0 / (1.0 + math.exp(-gap / self.leaf_scale))

    @staticmethod
    def values(world: GameState, evaluator: Evaluator,
               fast: FastModuleScorer | None = None) -> list[float]:
        """Every seat's value in `world` as `evaluator` judges it (`fast`: its base-game
        fast form, the same floats)."""
        if fast is not None:
            return [fast.value_of(world, seat) for seat in range(world.num_players)]
        values = []
        for seat in range(world.num_players):
            s = situation_from_state(world, seat, evaluator.w)
            values.append(evaluator.value(s, s.me, s.market))
        return values


Reply = Callable[[tuple[Action, ...], list[float]], Action]


def _policy() -> types.ModuleType:
    """`value/policy.py`, imported when a policy is used: numpy is needed only then."""
    import splendor.bots.value.policy
    return splendor.bots.value.policy


def weighed(prior: list[float], visits: list[int], totals: list[float], k: int) -> float:
    """Candidate `k`'s logit plus its mean value scaled as `PRIOR_SCALE` says."""
    return prior[k] + (PRIOR_VISITS + max(visits)) * PRIOR_SCALE * totals[k] / visits[k]


class ReplyNode:
    """One simulation's visit to a searched step of a candidate: another seat's reply
    (the second ply), or with `mine` the searching seat's own next move; chooses the move
    and, with `back`, adds the simulation's value to it."""

    def __init__(self, stats: dict[Action, list[float]], width: int, c: float,
                 mine: bool = False) -> None:
        self.stats, self.width, self.c, self.mine = stats, width, c, mine
        self.chosen: list[float] | None = None

    def __call__(self, actions: tuple[Action, ...], scores: list[float]) -> Action:
        ranked = sorted(range(len(actions)), key=lambda i: -scores[i])[: self.width]
        best, best_key, stats = actions[ranked[0]], -math.inf, self.stats
        for i in ranked:
            s = stats.get(actions[i])
            if s is None:
                s = stats[actions[i]] = [0, 0.0, 0]
            s[2] += 1
        for i in ranked:
            s = stats[actions[i]]
            if not s[0]:  # untried: first, in the profile's order
                self.chosen = s
                return actions[i]
            # The replying seat wants the searching seat's value low, the searching
            # seat high.
            mean = s[1] / s[0] if self.mine else (s[0] - s[1]) / s[0]
            key = mean + self.c * math.sqrt(math.log(s[2]) / s[0])
            if key > best_key:
                best, best_key = actions[i], key
        self.chosen = stats[best]
        return best

    def back(self, value: float) -> None:
        if self.chosen is not None:
            self.chosen[0] += 1
            self.chosen[1] += value


def run_share(share: Share) -> ShareResult:
    """Search one share (in the worker, or in this process when the worker failed)."""
    try:
        bot = ExpertBot(share.profile, base_game(), share.seed, budget=None,
                        simulations=share.simulations, lean=share.lean,
                        rollout_turns=share.rollout_turns, replies=share.replies,
                        leaves=dict(share.leaves), halving=share.halving,
                        follow=share.follow, judge=share.judge,
                        policy=None if share.policy is None
                        else {share.view.module: share.policy})
        deadline = None
        if share.deadline is not None:
            left = share.deadline - time.time()
            if left <= 0:  # came too late (a worker just started): nothing to add
                return ShareResult(share.job, [0] * len(share.candidates),
                                   [0.0] * len(share.candidates), 0)
            deadline = time.perf_counter() + left
        visits, totals, done = bot.statistics(
            share.view, list(share.candidates), deadline, share.simulations,
            prior=None if share.prior is None else list(share.prior))
    except Exception as exc:  # the expert falls back to searching alone
        return ShareResult(share.job, [], [], 0, f"{type(exc).__name__}: {exc}")
    return ShareResult(share.job, visits, totals, done)
