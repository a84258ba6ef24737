"""`python -m splendor challenges verify`: the proof that every challenge is winnable.

The expert plays the player's seat of each challenge (its search bound by the same
restrictions, which it sees in its view) against the challenge's bots, through the same
session a person plays (`session/challenges.py`), several tries each; the table gives per
challenge the tries won and the best stars reached.

    python -m splendor challenges verify [--budget N] [--tries N] [--only ID] [--json]

`--budget`: the expert's simulations per decision (default 60); `--tries`: games per
challenge (default 3); `--only`: one challenge by id (repeatable); `--json`: a list of
{"id", "tries", "won", "best_stars"}. A wrong flag or an unknown id: one line, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from splendor.cli_types import at_least_one

DEFAULT_BUDGET = 60
DEFAULT_TRIES = 3
#: The most decisions one try may take (a guard: a game never gets near it).
MAX_DECISIONS = 2000


class _Refused(Exception):
    """A wrong command line: its one-line message."""


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Refused(message)


def add_challenges_command(sub: Any) -> None:
    cmd = sub.add_parser("challenges", help="the challenges: 'verify' plays each one with "
                         "the expert in the player's seat and prints how often it was won",
                         add_help=False)
    cmd.add_argument("words", nargs=argparse.REMAINDER)


def _parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(prog="splendor challenges")
    parser.add_argument("action", choices=["verify"])
    parser.add_argument("--budget", type=at_least_one, default=DEFAULT_BUDGET, metavar="N",
                        help=f"the expert's simulations per decision (default {DEFAULT_BUDGET})")
    parser.add_argument("--tries", type=at_least_one, default=DEFAULT_TRIES, metavar="N",
                        help=f"games per challenge (default {DEFAULT_TRIES})")
    parser.add_argument("--only", action="append", metavar="ID",
                        help="verify only this challenge (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    return parser


@dataclass(frozen=True)
class Result:
    id: str
    chapter: str
    tries: int
    won: int
    best_stars: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "tries": self.tries, "won": self.won,
                "best_stars": self.best_stars}


def play_try(data: Any, challenge: Any, seed: int, budget: int) -> Any:
    """One try of `challenge` with the expert in the player's seat: its Verdict."""
    from splendor.bots import make_bot
    from splendor.session.bot_process import InlineBots
    from splendor.session.challenges import judge, start

    session = start(data, challenge, InlineBots(), seed=seed)
    expert = make_bot("expert", seed, data=data)
    expert.budget, expert.simulations = None, budget  # type: ignore[attr-defined]
    # One worker: the plain search the challenges' table was measured with (two workers
    # at a fixed count split it into two shares, the same on every machine but other
    # worlds); the same tries on every machine.
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


def verify(ids: Sequence[str] | None, tries: int, budget: int,
           progress: Callable[[str], None] | None = None) -> list[Result]:
    """Play every challenge (or those of `ids`) `tries` times."""
    from splendor.gamedata import base_game
    from splendor.session.challenge_data import load_campaign

    data = base_game()
    campaign = load_campaign(data)
    chosen = [c for c in campaign.challenges if ids is None or c.id in ids]
    results = []
    for challenge in chosen:
        won = best = 0
        for n in range(tries):
            verdict = play_try(data, challenge, 1000 + n, budget)
            won += verdict.won
            best = max(best, verdict.stars)
            if progress is not None:
                progress(f"{challenge.id} try {n + 1}/{tries}: "
                         f"{'won, ' + str(verdict.stars) + ' star(s)' if verdict.won else 'lost'}"
                         f" ({verdict.measure} {verdict.value})")
        results.append(Result(challenge.id, challenge.chapter, tries, won, best))
    return results


def table(results: Sequence[Result]) -> list[str]:
    """The results as a text table."""
    width = max((len(r.id) for r in results), default=2)
    lines = [f"{'challenge':<{width}}  {'chapter':<14} won  best stars"]
    for r in results:
        lines.append(f"{r.id:<{width}}  {r.chapter:<14} {r.won}/{r.tries}  "
                     f"{'*' * r.best_stars or '-'}")
    never = [r.id for r in results if not r.won]
    lines.append(f"{len(results)} challenges, {len(results) - len(never)} won at least once"
                 + (f"; never won: {', '.join(never)}" if never else ""))
    return lines


def run_challenges(args: argparse.Namespace) -> int:
    from splendor.console_text import one_line

    try:
        opts = _parser().parse_args(args.words)
        if opts.only:
            from splendor.gamedata import base_game
            from splendor.session.challenge_data import load_campaign

            known = {c.id for c in load_campaign(base_game()).challenges}
            unknown = [i for i in opts.only if i not in known]
            if unknown:
                raise _Refused(f"no challenge {', '.join(unknown)} (see levels_data/"
                               "challenges.yaml)")
    except _Refused as exc:
        print(f"splendor challenges: {one_line(str(exc))}", file=sys.stderr)
        return 2

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    results = verify(opts.only, opts.tries, opts.budget, progress)
    if opts.json:
        print(json.dumps([r.to_json() for r in results]))
    else:
        print("\n".join(table(results)))
    return 0 if all(r.won for r in results) else 1
