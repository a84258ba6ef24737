"""Command line: `python -m splendor [play|replay|analyse|bench|tournament|challenges|serve|
join|saba-data] ...` (or `splendor ...`)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from splendor import __version__
from splendor.cli_types import at_least_one
from splendor.session import seeds

if TYPE_CHECKING:
    from splendor.engine import GameState
    from splendor.games import Game


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


def _module(text: str) -> str:
    """The id of the module `text` names (its id or an alias)."""
    from splendor.engine.modules import find_module

    try:
        return find_module(text).module
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


_MODULE_HELP = ("play with one Cities of Splendor module: cities, trading-posts, orient or "
                "strongholds (default: the base game)")


def _bot_list(text: str) -> list[str]:
    from splendor.bots import BOT_NAMES

    names = _names(text)
    for name in names:
        if name not in BOT_NAMES:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})"
            )
    return names


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",")]


def _game(text: str) -> Game:
    from splendor.games import find_game

    try:
        return find_game(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _size(text: str) -> tuple[int, int]:
    from splendor.devtools.screenshots import parse_size

    try:
        return parse_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _languages(text: str) -> list[str]:
    from splendor.devtools.screenshots import parse_languages

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
    parser.add_argument("--in-place", action="store_true",
                        help="with --smoke: check your own saves, settings and statistics "
                             "(or $SPLENDOR_HOME's) instead of a temporary folder, changing "
                             "none of them")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play a game in the terminal (no window)")
    play.add_argument("--players", type=_players, default=2, help="2, 3 or 4 (default 2)")
    play.add_argument("--seed", type=int, help="deal from this seed (default: random)")
    play.add_argument("--human", action="append", default=None, metavar="NAME",
                      help="a human seat (repeat for more); default: one human if on a terminal")
    play.add_argument("--bot", default=None,
                      help="bot for the other seats (default: the game's second level, "
                           "greedy for Splendor, easy for Saba)")
    play.add_argument("--record", type=Path, metavar="FILE", help="write the game record here")
    play.add_argument("--module", type=_module, metavar="NAME", help=_MODULE_HELP)
    play.add_argument("--game", type=_game, default="splendor", metavar="NAME",
                      help="the game: splendor or saba (default splendor)")
    replay = sub.add_parser("replay", help="replay a game record or save (of any game) and "
                            "print the standings")
    replay.add_argument("file", type=Path)
    replay.add_argument("--json", action="store_true", help="print the standings as JSON")
    replay.add_argument("--module", type=_module, metavar="NAME",
                        help="refuse the file unless it is a game with this Cities of "
                             "Splendor module (cities, trading-posts, orient or strongholds)")
    bench = sub.add_parser("bench", help="measure engine speed with random games on one core")
    bench.add_argument("--seconds", type=_positive, default=5.0, help="how long (default 5)")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--module", type=_module, metavar="NAME", help=_MODULE_HELP)
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    tour = sub.add_parser("tournament", help="bots against bots over many games, seats rotated")
    tour.add_argument("--players", type=_players, default=2, help="2, 3 or 4 (default 2)")
    tour.add_argument("--game", type=_game, default="splendor", metavar="NAME",
                      help="the game: splendor or saba (default splendor)")
    tour.add_argument("--bots", type=_names, required=True, metavar="NAME,NAME,...",
                      help="one bot per seat, comma-separated, of the game's levels; a name "
                           "may repeat")
    tour.add_argument("--games", type=at_least_one, default=100,
                      help="games to play, rounded up to a multiple of the seat orders "
                           "(default 100)")
    tour.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    tour.add_argument("--jobs", type=at_least_one, default=1,
                      help="worker processes (default 1: in this process)")
    tour.add_argument("--budget", type=_positive, metavar="SECONDS",
                      help="thinking time per move for search bots on a time budget "
                           "(default: their own; advanced plays its fixed count)")
    tour.add_argument("--module", type=_module, metavar="NAME", help=_MODULE_HELP)
    tour.add_argument("--json", action="store_true", help="print the results as JSON")
    tour.set_defaults(subparser=tour)
    from splendor.analyse import add_analyse_command
    from splendor.challenge_cli import add_challenges_command
    from splendor.net.cli import add_net_commands
    from splendor.saba.data_command import add_saba_data_command

    add_analyse_command(sub)
    add_challenges_command(sub)
    add_net_commands(sub)
    add_saba_data_command(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.in_place and not args.smoke:
        parser.error("--in-place goes with --smoke")
    _tolerant_streams()
    try:
        return _dispatch(args, started)
    except KeyboardInterrupt:  # Ctrl+C: the commands that keep something handle it first
        print("\nsplendor: interrupted", file=sys.stderr)
        return 130


def _tolerant_streams() -> None:
    # A terminal or pipe whose encoding lacks a character of a name prints an escape
    # for it instead of raising UnicodeEncodeError halfway through the output.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")


def _dispatch(args: argparse.Namespace, started: float) -> int:
    if args.smoke:
        from splendor.devtools.smoke import run_smoke

        return run_smoke(started, in_place=args.in_place)
    if args.command == "replay":
        return _replay(args)
    if args.command == "bench":
        return _bench(args)
    if args.command == "tournament":
        return _tournament(args)
    if args.command == "analyse":
        from splendor.analyse import run_analyse

        return run_analyse(args)
    if args.command == "challenges":
        from splendor.challenge_cli import run_challenges

        return run_challenges(args)
    if args.command in {"serve", "join"}:
        from splendor.net.cli import run_net_command

        return run_net_command(args)
    if args.command == "saba-data":
        from splendor.saba.data_command import run_saba_data

        return run_saba_data(args)
    if args.screenshots is not None:
        return _screenshots(args)
    if args.command is None:
        return _window(args)
    return _play(args)


def _no_display() -> bool:
    """True on Linux with no X11 or Wayland display and no video driver asked for: SDL
    would otherwise open an invisible window and the game would seem to hang."""
    if os.environ.get("SDL_VIDEODRIVER") or not sys.platform.startswith("linux"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _window(args: argparse.Namespace) -> int:
    from splendor.ui.main import run

    if args.lang is not None and len(args.lang) != 1:
        print("splendor: --lang takes one language for the window (en, pt, es or fr)",
              file=sys.stderr)
        return 2
    if _no_display():
        print("splendor: no display found (DISPLAY and WAYLAND_DISPLAY are not set), so the "
              "game window cannot open; `python -m splendor play` plays in the terminal",
              file=sys.stderr)
        return 1
    try:
        return run(args.size, fullscreen=args.fullscreen,
                   language=args.lang[0] if args.lang else None)
    except KeyboardInterrupt:  # Ctrl+C before the window was up: nothing to save yet
        return 130
    except Exception as exc:  # a window that cannot open: say why instead of a traceback
        import pygame

        if isinstance(exc, pygame.error):
            print(f"splendor: cannot open the game window: {exc}", file=sys.stderr)
            print("(no display? `python -m splendor play` plays in the terminal)",
                  file=sys.stderr)
            return 1
        raise


def _screenshots(args: argparse.Namespace) -> int:
    from splendor.devtools.screenshots import render_languages
    from splendor.i18n import language

    written = render_languages(args.screenshots, args.size or (1280, 720),
                               args.lang or [language()])
    for path in written:
        print(path)
    return 0


def _play(args: argparse.Namespace) -> int:
    """A game in the terminal, of the game `--game` names (its table in lines of text)."""
    from splendor.console_text import printable
    from splendor.games import SabaGame, SplendorGame
    from splendor.saba.terminal import play_saba_in_terminal
    from splendor.terminal import play_in_terminal

    humans = args.human if args.human is not None else (["You"] if sys.stdin.isatty() else [])
    if len(humans) > args.players:
        print(f"splendor: {len(humans)} humans do not fit {args.players} seats", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else seeds.new_seed()
    try:
        game = args.game.with_module(args.module)
        level = args.bot or game.bot_levels()[1]
        seats = [None] * len(humans) + [
            game.make_bot(level, seed + i) for i in range(args.players - len(humans))
        ]
    except ValueError as exc:
        print(f"splendor: {printable(str(exc))}", file=sys.stderr)
        return 2
    names = tuple(humans) + tuple(
        f"{level.capitalize()} {i + 1}" for i in range(args.players - len(humans))
    )
    state = game.new_game(seed, args.players, names)
    module = f", module {args.module}" if args.module else ""
    print(f"{args.game.id.capitalize()}, {args.players} players{module}, seed {seed}"
          + (" (bots only)" if not humans else ""))
    # Each game's terminal table, by the game's class; each plays on `state` itself.
    terminals: dict[type[Game], Callable[[], object]] = {
        SplendorGame: lambda: play_in_terminal(state.data, state, seats, sys.stdout),
        SabaGame: lambda: play_saba_in_terminal(state, seats, sys.stdout),
    }
    try:
        terminals[type(game)]()
    except KeyboardInterrupt:
        _ignore_ctrl_c()  # a second Ctrl+C must not cut the record short
        print("\nsplendor play: interrupted", file=sys.stderr)
        if args.record:
            _write_record(args.record, state, game, so_far=True)
        return 130
    if args.record:
        return _write_record(args.record, state, game)
    return 0


def _ignore_ctrl_c() -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _write_record(path: Path, state: GameState, game: Game, so_far: bool = False) -> int:
    """Write `game`'s record of `state` atomically and say so; exit code 0, or 1 if it
    cannot be."""
    from splendor.storage.atomic import StorageError, atomic_write_text

    try:
        atomic_write_text(path, json.dumps(game.make_record(state), indent=1) + "\n")
    except StorageError as exc:
        return _refuse("play", f"record not written: {exc}")
    moves = len(state.history)
    what = f"Record of the {moves} moves so far" if so_far else "Record"
    print(f"{what} written to {path}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    """Replay a game record or a save file of any game (the game's own loading, which
    reads bare records as version-0 saves) and print its game's standings."""
    from splendor.gamedata import base_game
    from splendor.storage.saves import SaveError, load_save

    try:
        saved = load_save(args.file, base_game(), any_game=True)
    except SaveError as exc:
        return _refuse("replay", str(exc))
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        # What the loader did not foresee in a hostile file is still one line, not a trace.
        return _refuse("replay", f"{args.file.name} cannot be replayed: {exc}")
    state, game = saved.state, saved.game
    try:
        game.with_module(args.module)
    except ValueError as exc:  # a game without modules
        return _refuse("replay", f"{args.file.name}: {exc}")
    played = getattr(state.setup, "module", None)  # only Splendor's setups name one
    if args.module is not None and played != args.module:
        what = f"the module {played}" if played else "the base game"
        return _refuse("replay", f"{args.file.name} is a game of {what}, not of the module "
                                 f"{args.module}")
    if args.json:  # json.dumps escapes control characters itself
        print(json.dumps(game.standings_dict(state), indent=2))
    else:
        print("\n".join(game.standings_lines(state)))  # names escaped there
    return 0


def _refuse(command: str, message: str) -> int:
    """Say on one line why `command` cannot go on (text from files escaped); exit code 1."""
    from splendor.console_text import one_line

    print(f"splendor {command}: {one_line(message)}", file=sys.stderr)
    return 1


def _bench(args: argparse.Namespace) -> int:
    from splendor.bench import run_bench
    from splendor.gamedata import base_game

    result = run_bench(base_game(), seconds=args.seconds, seed=args.seed, module=args.module)
    if args.json:
        figures: dict[str, object] = {
            "decisions_per_s": round(result.decisions_per_s, 1),
            "games_per_s": round(result.games_per_s, 2),
        }
        if args.module:
            figures["module"] = args.module
        print(json.dumps(figures))
    else:
        module = f" with the module {args.module}" if args.module else ""
        print(f"{result.games} random games (2-4 players){module}, {result.decisions} "
              f"decisions in {result.seconds:.2f} s on one core")
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
    levels = args.game.bot_levels()
    for name in args.bots:
        if name not in levels:
            args.subparser.error(f"unknown bot {name!r} (known: {', '.join(levels)})")
    try:
        game = args.game.with_module(args.module)
    except ValueError as error:
        args.subparser.error(str(error))
    try:
        results = run_tournament(args.bots, args.games, args.seed, jobs=args.jobs,
                                 budget=args.budget, on_progress=stderr_progress(), game=game)
    except KeyboardInterrupt:
        print("\nsplendor tournament: interrupted", file=sys.stderr)
        return 130
    summary = summarize(args.bots, results, game=game)
    if args.json:
        print(json.dumps(summary_dict(summary)))
    else:
        print("\n".join(summary_lines(summary, args.players, args.seed, args.games)))
    return 0
