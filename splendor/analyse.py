"""`python -m splendor analyse FILE [--seats 0,1] [--budget N] [--json] [--keep]`: the
expert's review of a game record or save, per move (see `splendor.session.analysis`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from splendor.cli_types import at_least_one
from splendor.session.analysis import DEFAULT_BUDGET, LABELS, GameAnalysis

PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


def _seats(text: str) -> list[int]:
    try:
        seats = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"seats are seat numbers from 0, comma-separated, not {text!r}") from None
    if any(s < 0 for s in seats):
        raise argparse.ArgumentTypeError("seat numbers start at 0")
    return seats


def add_analyse_command(sub: Any) -> None:
    cmd = sub.add_parser("analyse", help="the expert's review of a game record or save: "
                         "each decision's chance to win before and after, and the best move")
    cmd.add_argument("file", type=Path)
    cmd.add_argument("--seats", type=_seats, metavar="S,S,...",
                     help="the seats to judge, from 0 (default: a save's human seats, "
                          "every seat of a record)")
    cmd.add_argument("--budget", type=at_least_one, default=DEFAULT_BUDGET, metavar="N",
                     help=f"simulations per decision (default {DEFAULT_BUDGET}; more is "
                          "deeper and slower)")
    cmd.add_argument("--json", action="store_true", help="print the figures as JSON")
    cmd.add_argument("--keep", action="store_true",
                     help="keep the analysis in the file, so the next look costs nothing")


def _fail(message: str) -> int:
    from splendor.console_text import one_line

    print(f"splendor analyse: {one_line(message)}", file=sys.stderr)
    return 2


def run_analyse(args: argparse.Namespace) -> int:
    from splendor.gamedata import base_game
    from splendor.session.analysis import Analysis, human_seats
    from splendor.session.analysis_store import (
        AnalysisProblem,
        keep_analysis,
        read_document,
        stored_analysis,
    )
    from splendor.storage.saves import SaveError, load_save

    path: Path = args.file
    data = base_game()
    try:
        saved = load_save(path, data)
        document = read_document(path)
    except SaveError as exc:
        if exc.kind == "other_game":  # the expert plays Splendor only
            return _fail(f"{path.name} is a game of {exc.params['game']}: the expert's "
                         "review is of Splendor's games only")
        return _fail(str(exc))
    except AnalysisProblem as exc:
        return _fail(str(exc))
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        return _fail(f"{path.name} cannot be replayed: {exc}")
    state = saved.state
    if args.seats is not None:
        seats = sorted(set(args.seats))
    elif document.get("format") == "splendor-record":
        seats = list(range(state.num_players))
    else:
        seats = list(human_seats([s["kind"] for s in saved.seats]))
    if any(s >= state.num_players for s in seats):
        return _fail(f"--seats: {path.name} is a game of {state.num_players} seats "
                     f"(0 to {state.num_players - 1})")
    try:
        known = stored_analysis(document, state, args.budget, path.name)
    except AnalysisProblem as exc:
        print(f"splendor analyse: {exc}; analysing again", file=sys.stderr)
        known = None
    run = Analysis(data, document.get("record", document), seats, args.budget, known)
    progress = sys.stderr.isatty()

    def said(_: object) -> None:
        if progress:
            print(f"\ranalysing: {run.done}/{run.total}", end="", file=sys.stderr, flush=True)

    run.run(workers=os.cpu_count() or 1, on_move=said)  # every core: the same figures
    if progress and run.total:
        print(file=sys.stderr)
    analysis = run.result()
    if args.keep and run.total:
        try:
            if not keep_analysis(path, state, analysis):
                print(f"splendor analyse: {path.name} holds a newer version's analysis; "
                      "this one is not kept", file=sys.stderr)
        except AnalysisProblem as exc:
            print(f"splendor analyse: {exc}", file=sys.stderr)
    names = [s["name"] for s in saved.seats]
    if args.json:
        print(json.dumps(analysis.figures()))
    else:
        print("\n".join(table_lines(analysis, names)))
    return 0


def _percent(chance: float) -> str:
    return f"{round(chance * 100):d}%"


def table_lines(analysis: GameAnalysis, names: list[str]) -> list[str]:
    """The analysis as a readable table, then one summary line per seat."""
    from splendor.console_text import printable

    lines = [f"{'move':>5} {'round':>5}  {'player':<12} {'played':<28} {'best':<28} "
             f"{'before':>6} {'after':>6}  label"]
    for m in analysis.moves:
        lines.append(f"{m.index:>5} {m.round:>5}  {printable(names[m.seat])[:12]:<12} "
                     f"{m.played[:28]:<28} {m.best if m.best != m.played else '=':<28.28} "
                     f"{_percent(m.before):>6} {_percent(m.after):>6}  {m.label}")
    for seat in analysis.seats:
        s = analysis.summary(seat)
        marks = ", ".join(f"{s.counts[label]} {PLURALS[label] if s.counts[label] > 1 else label}"
                          for label in LABELS if s.counts[label])
        stretch = (f"best stretch rounds {s.best_stretch[0]}-{s.best_stretch[1]}"
                   if s.best_stretch else "no unmarked stretch")
        lines.append(f"{printable(names[seat])} (seat {seat}): {s.decisions} decisions, "
                     f"{marks or 'no marked move'}; {stretch}; mean loss "
                     f"{_percent(s.mean_drop)}")
    return lines
