"""Memory and frame time over a long session: N bot games through the real table.

    python benchmarks/long_play.py [--games N] [--size WxH] [--census] [--trace A,B]

One window (dummy video driver), one `Game`, started on the menu, then a player who
keeps pressing *Play again*: each game goes through the results screen's play-again path,
its bots think in the table's worker thread, their moves are animated (speed 50, the
fastest the settings file accepts), the game is autosaved after every turn. The lineups
turn over 2, 3 and 4 players and the bot levels. Files go to a temporary SPLENDOR_HOME.

Printed: resident memory (RSS) after the first 50 games and at the end, the growth
between the two, and the frame-time median, 95th percentile and maximum of the *idle*
table frames (the table on top and no move committed in the frame, so no autosave: such
frames draw and poll the bot), the same for every table frame, and the slowest idle
frames with their game. `--census` counts live objects by type (and pygame surfaces)
after game 50 and at the end; `--trace A,B` diffs tracemalloc snapshots taken after games
A and B (slow: tracing triples the run time).

The exit status is 0 when the memory stays within 10 MB after the first 50 games and no
idle-table frame took 100 ms or more, else 1.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import sys
from pathlib import Path

# The game of this source tree, not whichever copy is installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse
import gc
import math
import tempfile
import time
import tracemalloc
from collections import Counter

#: Memory may grow by this much after the first games (caches filling, fragmentation).
GROWTH_LIMIT_MB = 10.0
#: No idle-table frame may take this long.
FRAME_LIMIT_MS = 100.0
#: The game whose memory is the baseline.
BASELINE_GAME = 50
#: Seconds of game time per frame: 20 frames a second of game time, as on a slow machine.
DT = 0.05
#: Frames a game may take before the benchmark gives up on it.
MAX_FRAMES = 50_000
LINEUPS = (
    ("easy", "medium"),
    ("hard", "medium", "easy"),
    ("medium", "hard", "easy", "hard"),
    ("hard", "hard"),
)


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux /proc; else the peak from resource)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


class FrameTimes:
    """Frame times kept as a histogram of 0.05 ms steps, so that recording half a million
    frames does not itself grow the memory being measured."""

    STEP_MS = 0.05

    def __init__(self) -> None:
        self.counts = [0] * round(FRAME_LIMIT_MS * 10 / self.STEP_MS)  # up to 1 s
        self.total = 0
        self.max_ms = 0.0

    def add(self, ms: float) -> None:
        self.counts[min(len(self.counts) - 1, int(ms / self.STEP_MS))] += 1
        self.total += 1
        self.max_ms = max(self.max_ms, ms)

    def merged(self, other: FrameTimes) -> FrameTimes:
        both = FrameTimes()
        both.counts = [a + b for a, b in zip(self.counts, other.counts, strict=True)]
        both.total, both.max_ms = self.total + other.total, max(self.max_ms, other.max_ms)
        return both

    def percentile(self, q: float) -> float:
        """The nearest-rank q-th percentile, to the step."""
        rank = max(1, math.ceil(q / 100 * self.total))
        seen = 0
        for bucket, count in enumerate(self.counts):
            seen += count
            if seen >= rank:
                return (bucket + 0.5) * self.STEP_MS
        return self.max_ms

    def describe(self) -> str:
        if not self.total:
            return "no frames"
        return (f"median {self.percentile(50):.2f} ms   p95 {self.percentile(95):.2f} ms   "
                f"max {self.max_ms:.1f} ms   ({self.total:,} frames)")


class Session:
    """The game window and what is measured over its games."""

    def __init__(self, size: tuple[int, int]) -> None:
        from splendor.ui.app import App
        from splendor.ui.main import Game

        self.app = App(size)
        self.app.running = True
        self.game = Game(self.app)
        self.game.prefs.speed = 50.0  # the fastest bot-move speed the pause menu offers
        # As the program starts: the menu first (it loads the catalogs and fonts).
        self.app.stack.push(self.game.menu_scene())
        self.app.step(DT)
        self.idle = FrameTimes()
        self.busy = FrameTimes()
        #: The slowest idle-table frames: (ms, game, frame of that game).
        self.slowest: list[tuple[float, int, int]] = []
        self.turns = 0

    def play(self, number: int) -> None:
        """Play game `number` to its results screen, timing every table frame."""
        from splendor.ui.options import GameOptions, SeatOption
        from splendor.ui.scenes.results import ResultsScene
        from splendor.ui.scenes.table import TableScene

        lineup = LINEUPS[number % len(LINEUPS)]
        options = GameOptions(tuple(SeatOption(kind, f"{kind.title()} {i + 1}")
                                    for i, kind in enumerate(lineup)),
                              first_player=number % len(lineup), seed=number)
        if number == 0:
            self.game.start(options)
        else:
            results = self.app.stack.top
            assert isinstance(results, ResultsScene)
            self.game.last_options = options
            self.game.play_again()  # what the results screen's "Play again" does
        app = self.app
        for frame in range(MAX_FRAMES):
            top = app.stack.top
            if isinstance(top, ResultsScene):
                self.turns += top.info["turns"]
                return
            table = top if isinstance(top, TableScene) else None
            history = len(table.session.log) if table else 0
            start = time.perf_counter()
            app.step(DT)
            elapsed = (time.perf_counter() - start) * 1000
            if table is not None and app.stack.top is table:
                moved = len(table.session.log) != history
                (self.busy if moved else self.idle).add(elapsed)
                if not moved and elapsed >= FRAME_LIMIT_MS / 4:
                    self.slowest = sorted([*self.slowest, (elapsed, number, frame)])[-5:]
            if not app.running:  # SIGTERM or SIGINT: SDL turned it into a quit event
                raise SystemExit(f"stopped during game {number}")
            time.sleep(0.0002)  # the bots' process answers meanwhile, as the frame clock lets
        raise SystemExit(f"game {number} did not finish within {MAX_FRAMES} frames")


def top_growth(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, games: int) -> str:
    lines = [f"tracemalloc: biggest growths over {games} games"]
    for stat in after.compare_to(before, "lineno")[:15]:
        lines.append(f"  {stat.size_diff / 1024:+9.1f} KB {stat.count_diff:+7d} blocks  "
                     f"{stat.traceback}")
    return "\n".join(lines)


def census() -> Counter[str]:
    """Live objects by type, plus the pixel bytes of every live pygame surface."""
    import pygame

    counts: Counter[str] = Counter()
    surfaces: dict[int, pygame.Surface] = {}
    for obj in gc.get_objects():
        counts[type(obj).__qualname__] += 1
        # Surfaces are not tracked by the collector: find them through their holders.
        for ref in gc.get_referents(obj):
            if isinstance(ref, pygame.Surface):
                surfaces[id(ref)] = ref
    counts["Surface"] = len(surfaces)
    counts["<surface pixel bytes>"] = sum(
        s.get_bytesize() * s.get_width() * s.get_height() for s in surfaces.values())
    return counts


def census_growth(before: Counter[str] | None, after: Counter[str] | None) -> str:
    assert before is not None and after is not None
    growth = Counter(after)
    growth.subtract(before)
    lines = ["live objects, growth since game 50 (type: before -> after)"]
    for name, diff in growth.most_common(15):
        if diff > 0:
            lines.append(f"  {name}: {before[name]:,} -> {after[name]:,}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from splendor.devtools.screenshots import parse_size

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="bot games to play (2000)")
    parser.add_argument("--size", type=parse_size, default=(1280, 720), metavar="WxH")
    parser.add_argument("--trace", default=None, metavar="A,B",
                        help="diff tracemalloc snapshots taken after games A and B")
    parser.add_argument("--census", action="store_true",
                        help="also count live objects by type (and pygame surfaces' pixel "
                             "bytes, which tracemalloc does not see) after game 50 and at "
                             "the end, and print the biggest growths")
    args = parser.parse_args(argv)
    trace = tuple(int(x) for x in args.trace.split(",")) if args.trace else None
    if trace:
        tracemalloc.start(1)
    with tempfile.TemporaryDirectory(prefix="splendor-long-play-") as home:
        os.environ["SPLENDOR_HOME"] = home
        session = Session(args.size)
        started = time.perf_counter()
        baseline = None
        snapshots: list[tracemalloc.Snapshot] = []
        for number in range(args.games):
            session.play(number)
            done = number + 1
            if trace and done in trace:
                gc.collect()
                snapshots.append(tracemalloc.take_snapshot())
            if done == BASELINE_GAME:
                gc.collect()
                baseline = rss_mb()
                first_census = census() if args.census else None
            if done % 100 == 0:
                print(f"  {done} games, {rss_mb():.1f} MB, "
                      f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        gc.collect()
        final = rss_mb()
        last_census = census() if args.census else None
        seconds = time.perf_counter() - started
        session.app.close()
    print(f"{args.games} bot games through the table ({session.turns:,} turns) in "
          f"{seconds:.0f} s, {args.size[0]}x{args.size[1]}")
    growth = None
    if baseline is not None:
        growth = final - baseline
        print(f"  RSS after {BASELINE_GAME} games {baseline:.1f} MB, at the end {final:.1f} MB, "
              f"growth {growth:+.1f} MB ({growth * 1024 / (args.games - BASELINE_GAME):+.2f} KB"
              f" a game)")
    else:
        print(f"  RSS at the end {final:.1f} MB (fewer than {BASELINE_GAME} games: no baseline)")
    print(f"  idle-table frames: {session.idle.describe()}")
    print(f"  all table frames:  {session.idle.merged(session.busy).describe()}")
    if session.slowest:
        print("  slowest idle-table frames: " + ", ".join(
            f"{ms:.0f} ms (game {game + 1}, frame {frame + 1})"
            for ms, game, frame in reversed(session.slowest)))
    if args.census and baseline is not None:
        print(census_growth(first_census, last_census))
    if trace and len(snapshots) == 2:
        print(top_growth(snapshots[0], snapshots[1], trace[1] - trace[0]))
    ok = (growth is None or growth <= GROWTH_LIMIT_MB) and \
        session.idle.max_ms < FRAME_LIMIT_MS
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
