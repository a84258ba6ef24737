"""`python -m splendor challenges [list|verify]`: the challenges and how hard each is.

    python -m splendor challenges [list] [--json]
    python -m splendor challenges verify [--budget N] [--tries N] [--seed N] [--only ID]
                                         [--jobs N] [--write] [--json]

`list` (also with no action): each challenge, its chapter and its difficulty as measured
(the expert's tries won, kept in levels_data/challenges.yaml), with the command that
measures it again. `verify` measures: the expert plays each challenge `--tries` times at
`--budget` simulations a decision (try n with the seed `--seed` + n), in `--jobs`
processes; the table gives the tries won, the difficulty and the best stars, and the
exit code is 1 when one is won less than one time in five (`MIN_RATE`). `--write` keeps
the figures in the data file. A wrong flag or an unknown id: one line, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn

from splendor.challenge_verify import DEFAULT_BUDGET, DEFAULT_SEED, DEFAULT_TRIES, Result
from splendor.cli_types import at_least_one
from splendor.session.challenge_difficulty import MIN_RATE, Measured


class _Refused(Exception):
    """A wrong command line: its one-line message."""


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Refused(message)


class _Help(argparse.Action):
    """`challenges --help`: the help of the challenges' own parser."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        _parser().print_help()
        parser.exit()


def add_challenges_command(sub: Any) -> None:
    # Its words are parsed by `_parser`, whose mistakes are one line (not argparse's
    # usage and message).
    cmd = sub.add_parser("challenges", help="the challenges and their difficulty; 'verify' "
                         "measures it (the expert in the player's seat)", add_help=False)
    cmd.add_argument("-h", "--help", action=_Help, help="show this help message and exit")
    cmd.add_argument("words", nargs=argparse.REMAINDER)


def _parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(prog="splendor challenges",
                            description="The challenges and how hard each is.")
    actions = parser.add_subparsers(dest="action", metavar="{list,verify}")
    listing = actions.add_parser("list", help="each challenge with its measured difficulty "
                                 "(the default)")
    listing.add_argument("--json", action="store_true", help="print the list as JSON")
    check = actions.add_parser("verify", help="measure the difficulty: the expert plays each "
                               "challenge in the player's seat")
    check.add_argument("--budget", type=at_least_one, default=DEFAULT_BUDGET, metavar="N",
                       help=f"the expert's simulations per decision (default {DEFAULT_BUDGET})")
    check.add_argument("--tries", type=at_least_one, default=DEFAULT_TRIES, metavar="N",
                       help=f"games per challenge (default {DEFAULT_TRIES})")
    check.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="N",
                       help=f"try n plays with the seed N + n (default {DEFAULT_SEED})")
    check.add_argument("--only", action="append", metavar="ID",
                       help="verify only this challenge (repeatable)")
    check.add_argument("--jobs", type=at_least_one, default=1, metavar="N",
                       help="processes playing tries at once (default 1; the figures "
                            "do not depend on it)")
    check.add_argument("--write", action="store_true",
                       help="keep the figures as the challenges' 'measured' in "
                            "levels_data/challenges.yaml")
    check.add_argument("--json", action="store_true", help="print the results as JSON")
    return parser


def _rate(m: Measured) -> str:
    return f"{f'{m.wins}/{m.tries}':>5} {round(100 * m.rate):>3}%"


def verify_table(results: Sequence[Result]) -> list[str]:
    """The measured results as a text table."""
    width = max((len(r.id) for r in results), default=2)
    lines = [f"{'challenge':<{width}}  {'chapter':<14} {'won':<10} difficulty  best stars"]
    for r in results:
        lines.append(f"{r.id:<{width}}  {r.chapter:<14} {_rate(r.measured):<10} "
                     f"{r.measured.level:<11} {'*' * r.best_stars or '-'}")
    lines.append(f"{len(results)} challenges, {_verdict([(r.id, r.measured) for r in results])}")
    return lines


def _verdict(rows: Sequence[tuple[str, Measured]]) -> str:
    """Whether the expert won each at least one time in five, or which it did not."""
    low = [f"{i} ({m.wins}/{m.tries})" for i, m in rows if m.rate < MIN_RATE]
    if low:
        return f"won less than one time in five: {', '.join(low)}"
    return "each won at least one time in five"


def list_lines(campaign: Any) -> list[str]:
    """The challenges with their measured difficulty, and the commands that measured it."""
    challenges = campaign.challenges
    width = max(len(c.id) for c in challenges)
    lines = [f"{'challenge':<{width}}  {'chapter':<14} {'difficulty':<11} expert won"]
    for c in challenges:
        m = c.measured
        lines.append(f"{c.id:<{width}}  {c.chapter:<14} "
                     + (f"{m.level:<11} {_rate(m)}" if m else "not measured"))
    measured = [(c.id, c.measured) for c in challenges if c.measured is not None]
    lines.append(f"{len(challenges)} challenges, " + (_verdict(measured) if measured
                                                       else "none measured yet"))
    settings = Counter((m.tries, m.budget, m.seed) for _, m in measured)
    if settings:
        (tries, budget, seed), _ = settings.most_common(1)[0]
        lines.append(f"measured by: python -m splendor challenges verify --tries {tries} "
                     f"--budget {budget} --seed {seed}")
        lines += [f"  and {m.command(i)}" for i, m in measured
                  if (m.tries, m.budget, m.seed) != (tries, budget, seed)]
    return lines


def _list_json(campaign: Any) -> list[dict[str, Any]]:
    return [{"id": c.id, "chapter": c.chapter,
             "difficulty": c.measured.level if c.measured else None,
             "measured": c.measured.to_json() if c.measured else None}
            for c in campaign.challenges]


def run_challenges(args: argparse.Namespace) -> int:
    from splendor.challenge_verify import verify
    from splendor.console_text import one_line
    from splendor.gamedata import base_game
    from splendor.session.challenge_data import load_campaign

    campaign = load_campaign(base_game())
    try:
        opts = _parser().parse_args(args.words)
        unknown = [i for i in getattr(opts, "only", None) or () if campaign.find(i) is None]
        if unknown:
            raise _Refused(f"no challenge {', '.join(unknown)} (see levels_data/"
                           "challenges.yaml)")
    except _Refused as exc:
        print(f"splendor challenges: {one_line(str(exc))}", file=sys.stderr)
        return 2
    if opts.action != "verify":
        print(json.dumps(_list_json(campaign)) if getattr(opts, "json", False)
              else "\n".join(list_lines(campaign)))
        return 0

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    results = verify(opts.only, opts.tries, opts.budget, opts.seed, opts.jobs, progress)
    if opts.json:
        print(json.dumps([r.to_json() for r in results]))
    else:
        print("\n".join(verify_table(results)))
    if opts.write:
        from splendor.challenge_measures_file import write_measured

        try:
            path = write_measured({r.id: r.measured for r in results})
        except (OSError, ValueError) as exc:
            print(f"splendor challenges: not written: {one_line(str(exc))}", file=sys.stderr)
            return 1
        print(f"written to {path}", file=sys.stderr)
    return 0 if all(r.measured.rate >= MIN_RATE for r in results) else 1
