"""The measure of the challenges: the expert plays the player's seat of each challenge
(its search bound by the same restrictions, which it sees in its view) against the
challenge's bots, through the same session a person plays (`session/challenges.py`),
several tries each; how many it wins is the challenge's difficulty
(`session/challenge_difficulty.py`). The command is `python -m splendor challenges
verify` (`challenge_cli.py`).

Try n of a challenge is played with the seed `seed + n` (a fresh challenge's deal, the
expert's own) at a fixed count of simulations on one search worker, so a measure gives
the same figures on every machine and with any number of processes (`jobs`).
"""

from __future__ import annotations

import functools
import multiprocessing
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from splendor.session.challenge_difficulty import Measured

#: The expert's simulations a decision, the tries a challenge and the first try's seed
#: that the shipped challenges' difficulties were measured with.
DEFAULT_BUDGET = 60
DEFAULT_TRIES = 15
DEFAULT_SEED = 1000
#: The most decisions one try may take (a guard: a game never gets near it).
MAX_DECISIONS = 2000


@dataclass(frozen=True)
class Result:
    id: str
    chapter: str
    best_stars: int
    measured: Measured

    @property
    def tries(self) -> int:
        return self.measured.tries

    @property
    def won(self) -> int:
        return self.measured.wins

    def to_json(self) -> dict[str, Any]:
        m = self.measured
        return {"id": self.id, "tries": m.tries, "won": m.wins, "best_stars": self.best_stars,
                "rate": round(m.rate, 3), "difficulty": m.level, "budget": m.budget,
                "seed": m.seed}


def play_try(data: Any, challenge: Any, seed: int, budget: int) -> Any:
    """One try of `challenge` with the expert in the player's seat: its Verdict."""
    from splendor.bots import make_bot
    from splendor.session.bot_process import InlineBots
    from splendor.session.challenges import judge, start

    session = start(data, challenge, InlineBots(), seed=seed)
    expert = make_bot("expert", seed, data=data)
    expert.budget, expert.simulations = None, budget  # type: ignore[attr-defined]
    # One worker: two at a fixed count split it into two shares, the same on every
    # machine but other worlds; one keeps the figures those of the plain search.
    expert.workers = 1  # type: ignore[attr-defined]
    for _ in range(MAX_DECISIONS):
        if session.decided:
            break
        if session.human_to_act():
            refusal = session.play(expert.choose(session.view(0)))
            if refusal is not None:
                raise RuntimeError(f"{challenge.id}: the expert's move was refused: {refusal}")
        else:
            session.poll()
            session.commit_incoming()
    if session.bot_error is not None:
        raise RuntimeError(f"{challenge.id}: a bot failed: {session.bot_error}")
    return judge(session)


@functools.cache
def _game() -> tuple[Any, Any]:
    """The game data and the campaign, read once a process."""
    from splendor.gamedata import base_game
    from splendor.session.challenge_data import load_campaign

    data = base_game()
    return data, load_campaign(data)


#: One try: (challenge id, try index, seed, budget) -> (won, stars, measure, value).
_Task = tuple[str, int, int, int]
_Outcome = tuple[bool, int, str, int]


def _play_task(task: _Task) -> tuple[_Task, _Outcome]:
    challenge_id, _, seed, budget = task
    data, campaign = _game()
    verdict = play_try(data, campaign.find(challenge_id), seed, budget)
    return task, (verdict.won, verdict.stars, verdict.measure, verdict.value)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the parent, which ends us


def verify(ids: Sequence[str] | None, tries: int, budget: int, seed: int = DEFAULT_SEED,
           jobs: int = 1, progress: Callable[[str], None] | None = None) -> list[Result]:
    """Play every challenge (or those of `ids`) `tries` times, in `jobs` processes; the
    results in the campaign's order, the same whatever `jobs` is."""
    _, campaign = _game()
    chosen = [c for c in campaign.challenges if ids is None or c.id in ids]
    tasks = [(c.id, n, seed + n, budget) for c in chosen for n in range(tries)]
    outcomes: dict[tuple[str, int], _Outcome] = {}

    def done(task: _Task, outcome: _Outcome) -> None:
        outcomes[task[0], task[1]] = outcome
        if progress is not None:
            won, stars, measure, value = outcome
            progress(f"{task[0]} try {task[1] + 1}/{tries}: "
                     f"{f'won, {stars} star(s)' if won else 'lost'} ({measure} {value})")

    if jobs == 1:
        for task in tasks:
            done(*_play_task(task))
    else:
        with multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_sigint) \
                as pool:
            for task, outcome in pool.imap_unordered(_play_task, tasks):
                done(task, outcome)
    results = []
    for c in chosen:
        mine = [outcomes[c.id, n] for n in range(tries)]
        wins = sum(won for won, *_ in mine)
        results.append(Result(c.id, c.chapter, max(stars for _, stars, *_ in mine),
                              Measured(wins, tries, budget, seed)))
    return results
