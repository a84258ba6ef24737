"""Command line: `python -m splendor [play|replay|bench|tournament] ...` (or `splendor ...`)."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from pathlib import Path

from splendor import __version__


def _players(text: str) -> int:
    if text not in {"2", "3", "4"}:
        raise argparse.ArgumentTypeError(f"players must be 2, 3 or 4, not {text!r}")
    return int(text)


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("must be greater than 0")
    return value


def _at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _bot_list(text: str) -> list[str]:
    from splendor.bots import BOT_NAMES

    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name not in BOT_NAMES:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})"
            )
    return names


def _size(text: str) -> tuple[int, int]:
    from splendor.ui.screenshots import parse_size

    try:
        return parse_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _languages(text: str) -> list[str]:
    from splendor.ui.screenshots import parse_languages

    try:
        return parse_languages(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="splendor",
        description="Splendor, the desktop game. Without a command: open the game window."
    )
    parser.add_argument("--version", action="version", version=f"splendor {__version__}")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="window (or screenshot) size, e.g. 1920x1080 (default 1280x720)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--screenshots", type=Path, metavar="DIR",
                        help="render every screen to PNG files in DIR, without a window")
    parser.add_argument("--lang", type=_languages, default=None, metavar="CODE",
                        help="language: en, pt, es or fr (the window uses it for this run); "
                             "with --screenshots also a list like pt,fr or 'all', which "
                             "writes DIR/<code>/ for each")
    parser.add_argument("--smoke", action="store_true",
                        help="check without a screen that the game loads, draws and plays")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play a game in the terminal (no window)")
    play.add_argument("--players", type=_players, default=2, help="2, 3 or 4 (default 2)")
    play.add_argument("--seed", type=int, help="deal from this seed (default: random)")
    play.add_argument("--human", action="append", default=None, metavar="NAME",
                      help="a human seat (repeat for more); default: one human if on a terminal")
    play.add_argument("--bot", default="greedy", help="bot for the other seats (default greedy)")
    play.add_argument("--record", type=Path, metavar="FILE", help="write the game record here")
    replay = sub.add_parser("replay", help="replay a game record and print the standings")
    replay.add_argument("file", type=Path)
    replay.add_argument("--json", action="store_true", help="print the standings as JSON")
    bench = sub.add_parser("bench", help="measure engine speed with random games on one core")
    bench.add_argument("--seconds", type=_positive, default=5.0, help="how long (default 5)")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    tour = sub.add_parser("tournament", help="bots against bots over many games, seats rotated")
    tour.add_argument("--players", type=_players, default=2, help="2, 3 or 4 (default 2)")
    tour.add_argument("--bots", type=_bot_list, required=True, metavar="NAME,NAME,...",
                      help="one bot per seat, comma-separated; a name may repeat")
    tour.add_argument("--games", type=_at_least_one, default=100,
                      help="games to play, rounded up to a multiple of the seat orders "
                           "(default 100)")
    tour.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    tour.add_argument("--jobs", type=_at_least_one, default=1,
                      help="worker processes (default 1: in this process)")
    tour.add_argument("--budget", type=_positive, metavar="SECONDS",
                      help="thinking time per move for search bots (default: their own)")
    tour.add_argument("--json", action="store_true", help="print the results as JSON")
    tour.set_defaults(subparser=tour)
    return parser


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args = build_parser().parse_args(argv)
    if args.smoke:
        from splendor.smoke import run_smoke

        return run_smoke(started)
    if args.command == "replay":
        return _replay(args)
    if args.command == "bench":
        return _bench(args)
    if args.command == "tournament":
        return _tournament(args)
    if args.screenshots is not None:
        return _screenshots(args)
    if args.command is None:
        return _window(args)
    return _play(args)


def _window(args: argparse.Namespace) -> int:
    from splendor.ui.main import run

    if args.lang is not None and len(args.lang) != 1:
        print("splendor: --lang takes one language for the window (en, pt, es or fr)",
              file=sys.stderr)
        return 2
    try:
        run(args.size, fullscreen=args.fullscreen,
            language=args.lang[0] if args.lang else None)
    except Exception as exc:  # a window that cannot open: say why instead of a traceback
        import pygame

        if isinstance(exc, pygame.error):
            print(f"splendor: cannot open the game window: {exc}", file=sys.stderr)
            print("(no display? `python -m splendor play` plays in the terminal)",
                  file=sys.stderr)
            return 1
        raise
    return 0


def _screenshots(args: argparse.Namespace) -> int:
    from splendor.i18n import language
    from splendor.ui.screenshots import render_languages

    written = render_languages(args.screenshots, args.size or (1280, 720),
                               args.lang or [language()])
    for path in written:
        print(path)
    return 0


def _play(args: argparse.Namespace) -> int:
    from splendor.bots import make_bot
    from splendor.engine import make_record, new_game
    from splendor.gamedata import base_game
    from splendor.terminal import play_in_terminal

    humans = args.human if args.human is not None else (["You"] if sys.stdin.isatty() else [])
    if len(humans) > args.players:
        print(f"splendor: {len(humans)} humans do not fit {args.players} seats", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    data = base_game()
    try:
        seats = [None] * len(humans) + [
            make_bot(args.bot, seed + i, data=data) for i in range(args.players - len(humans))
        ]
    except ValueError as exc:
        print(f"splendor: {exc}", file=sys.stderr)
        return 2
    names = tuple(humans) + tuple(
        f"{args.bot.capitalize()} {i + 1}" for i in range(args.players - len(humans))
    )
    state = new_game(data, args.players, seed, names)
    print(f"Splendor, {args.players} players, seed {seed}" + (" (bots only)" if not humans else ""))
    state = play_in_terminal(data, state, seats, sys.stdout)
    if args.record:
        args.record.write_text(json.dumps(make_record(state), indent=1) + "\n", encoding="utf-8")
        print(f"Record written to {args.record}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from splendor.engine import RecordError, replay
    from splendor.gamedata import base_game
    from splendor.standings import standings_dict, standings_lines

    try:
        text = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"splendor replay: cannot read {args.file}: {exc}", file=sys.stderr)
        return 1
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"splendor replay: {args.file} is not valid JSON: {exc}", file=sys.stderr)
        return 1
    try:
        state = replay(base_game(), record)
    except RecordError as exc:
        print(f"splendor replay: {args.file}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(standings_dict(state), indent=2))
    else:
        print("\n".join(standings_lines(state)))
    return 0


def _bench(args: argparse.Namespace) -> int:
    from splendor.bench import run_bench
    from splendor.gamedata import base_game

    result = run_bench(base_game(), seconds=args.seconds, seed=args.seed)
    if args.json:
        figures = {
            "decisions_per_s": round(result.decisions_per_s, 1),
            "games_per_s": round(result.games_per_s, 2),
        }
        print(json.dumps(figures))
    else:
        print(f"{result.games} random games (2-4 players), {result.decisions} decisions "
              f"in {result.seconds:.2f} s on one core")
        print(f"decisions per second: {result.decisions_per_s:,.0f}")
        print(f"games per second:     {result.games_per_s:,.1f}")
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from splendor.tournament import (
        run_tournament,
        stderr_progress,
        summarize,
        summary_dict,
        summary_lines,
    )

    if len(args.bots) != args.players:
        args.subparser.error(
            f"--bots names {len(args.bots)} bots for {args.players} players (one per seat)"
        )
    try:
        results = run_tournament(args.bots, args.games, args.seed, jobs=args.jobs,
                                 budget=args.budget, on_progress=stderr_progress())
    except KeyboardInterrupt:
        print("\nsplendor tournament: interrupted", file=sys.stderr)
        return 130
    summary = summarize(args.bots, results)
    if args.json:
        print(json.dumps(summary_dict(summary)))
    else:
        print("\n".join(summary_lines(summary, args.players, args.seed, args.games)))
    return 0
