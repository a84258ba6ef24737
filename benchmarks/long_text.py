"""Time and memory of drawing very long player names (issue 15, item 8).

    python benchmarks/long_text.py [--lengths 1000,100000] [--frames 20]

For each name length, three cases, each in a fresh process (peak memory is per process):

- `load screen`: a save whose two players have names that long, listed by the Load screen;
- `continue`: the same save resumed with Continue and its table drawn (names are cut to
  64 characters on load);
- `table, raw`: a game started with the names as they are (no cut on load), so that the
  drawing code alone is measured: fitting by bisection, bounded text caches.

Printed: the time to the first frame, the median of the next frames, the peak resident
memory of the process and what the text caches hold. Before the fix, 1,000 characters cost
0.48 s and 444 MB and 100,000 never drew a frame. Exit status 0 when every first frame
takes under 1 s and every process peaks under 300 MB.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES = ("load screen", "continue", "table, raw")
FIRST_FRAME_S = 1.0
PEAK_MB = 300.0


def peak_mb() -> float:
    """The process's peak resident memory in MB (Linux reports KB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def run_case(case: str, length: int, frames: int) -> dict[str, float]:
    """Draw one case in this process (SPLENDOR_HOME is a fresh folder); the figures."""
    import pygame

    from splendor.engine import new_game
    from splendor.gamedata import base_game
    from splendor.storage import paths
    from splendor.storage.saves import save_document, write_save
    from splendor.ui import theme
    from splendor.ui.app import App
    from splendor.ui.main import Game
    from splendor.ui.options import GameOptions, SeatOption

    names = ("A" * length, "B" * length)
    data = base_game()
    state = new_game(data, 2, 7, names, 0)
    seats = [{"kind": "human", "name": names[0]}, {"kind": "medium", "name": names[1]}]
    write_save(paths.autosave_path(), save_document(state, seats))
    game = Game(App((1280, 720)), data)
    game.app.stack.push(game.menu_scene())
    game.app.render()
    before = peak_mb()
    start = time.perf_counter()
    if case == "load screen":
        game.open_load()
    elif case == "continue":
        game.continue_game()
    else:
        game.start(GameOptions((SeatOption("human", names[0]), SeatOption("medium", names[1])),
                               first_player=0, seed=7))
    game.app.render()
    first = time.perf_counter() - start
    times = []
    for _ in range(frames):
        tick = time.perf_counter()
        game.app.render()
        times.append(time.perf_counter() - tick)
    figures = {"first_s": first, "median_ms": statistics.median(times) * 1000,
               "menu_mb": before, "peak_mb": peak_mb(),
               "cache_mb": theme.text.bytes / (1024 * 1024)}
    game.close()
    pygame.quit()
    return figures


def measure(case: str, length: int, frames: int) -> dict[str, float]:
    """`run_case` in a child process with its own SPLENDOR_HOME."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SPLENDOR_HOME": home}
        out = subprocess.run(
            [sys.executable, __file__, "--child", case, "--lengths", str(length),
             "--frames", str(frames)],
            env=env, capture_output=True, text=True, timeout=600,
            cwd=Path(__file__).resolve().parents[1])
    if out.returncode != 0:
        raise SystemExit(f"{case} with {length} characters failed:\n{out.stderr}")
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="1000,100000",
                        help="name lengths, comma-separated (1000,100000)")
    parser.add_argument("--frames", type=int, default=20, help="frames after the first (20)")
    parser.add_argument("--child", choices=CASES, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    lengths = [int(n) for n in args.lengths.split(",")]
    if args.child:
        print(json.dumps(run_case(args.child, lengths[0], args.frames)))
        return 0
    ok = True
    print(f"{'name length':>11}  {'case':<12} {'first frame':>11} {'next (median)':>13} "
          f"{'peak RSS':>9} {'at menu':>8} {'text cache':>10}")
    for length in lengths:
        for case in CASES:
            f = measure(case, length, args.frames)
            ok = ok and f["first_s"] < FIRST_FRAME_S and f["peak_mb"] < PEAK_MB
            print(f"{length:>11,}  {case:<12} {f['first_s']:>9.3f} s {f['median_ms']:>10.2f} ms"
                  f" {f['peak_mb']:>6.0f} MB {f['menu_mb']:>5.0f} MB {f['cache_mb']:>7.1f} MB")
    print(f"targets: first frame under {FIRST_FRAME_S:.0f} s, peak under {PEAK_MB:.0f} MB: "
          f"{'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
