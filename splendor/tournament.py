"""Bot tournaments: many seeded games, every seat order of the lineup played on each deal.

Deal `d` uses game seed `seed * 1_000_003 + d` and is played once in every distinct seat
order (duplicate format: same cards, bots swapped). Workers rebuild bots from their names,
so results depend only on the arguments, never on the number of worker processes. The game
is any of the registry's (splendor.games; default Splendor's base game): its faces deal,
show each seat its view, make its bots and say what its finished games count.
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Any, TextIO

from splendor.engine.outcome import Outcome

if TYPE_CHECKING:
    from splendor.games import Game

Order = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameResult:
    """What a worker sends back for one game: small and picklable."""

    order: Order  #: bot name by seat
    credits: tuple[float, ...]  #: victory credit by seat (all 0 when unfinished)
    rounds: int
    finished: bool
    decision_seconds: tuple[tuple[float, ...], ...]  #: by seat, one entry per decision
    #: The game's facts (`Game.result_facts`) that hold for this finished game.
    facts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BotStats:
    win_share: float | None  #: None when no game finished
    ci95: tuple[float, float] | None
    decision_ms_median: float
    decision_ms_p99: float


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    unfinished: int
    mean_rounds: float | None  #: over finished games; None when none finished
    bots: dict[str, BotStats]  #: by name, in lineup order
    #: The Cities of Splendor module played (None: the base game), and the finished games
    #: no one won (the Cities: no one took a city).
    module: str | None = None
    no_winner: int = 0
    #: The game played (None: Splendor, with `module`) and its facts counted over the
    #: finished games.
    game: Game | None = None
    facts: dict[str, int] | None = None

    def played(self) -> Game:
        """The game the tournament played."""
        return self.game if self.game is not None else resolve_game(None, self.module)


def seat_orders(lineup: Sequence[str]) -> list[Order]:
    """The distinct seat orders of `lineup`, the lineup itself first."""
    return list(dict.fromkeys(permutations(lineup)))


def game_seed(seed: int, deal: int) -> int:
    return seed * 1_000_003 + deal


def schedule(lineup: Sequence[str], games: int) -> list[tuple[int, Order]]:
    """(deal, seat order) for every game: `games` rounded up to a multiple of the orders."""
    orders = seat_orders(lineup)
    deals = -(-games // len(orders))
    return [(deal, order) for deal in range(deals) for order in orders]


def resolve_game(game: Game | None, module: str | None) -> Game:
    """`game` (default: Splendor), with `module` if one is named (ValueError if the game
    has no modules)."""
    from splendor.games import default_game

    game = game if game is not None else default_game()
    return game if module is None else game.with_module(module)


def credits(outcome: Outcome) -> tuple[float, ...]:
    """Victory credit by seat: 1 for a sole winner, 1/k to each of k sharing winners, 0 to
    all when no one won (the Cities: no one took a city)."""
    if not outcome.winners:
        return (0.0,) * len(outcome.points)
    share = 1 / len(outcome.winners)
    return tuple(share if s in outcome.winners else 0.0 for s in range(len(outcome.points)))


def play_game(
    order: Order, seed: int, budget: float | None = None, module: str | None = None,
    game: Game | None = None,
) -> GameResult:
    """One game of `game` (default: Splendor, with one Cities of Splendor `module` or
    none) with seat `s` held by bot `order[s]`, seeded `seed * 10 + s`."""
    from splendor.match import play_out

    game = resolve_game(game, module)
    bots = [game.make_bot(name, seed * 10 + seat, budget) for seat, name in enumerate(order)]
    state = game.new_game(seed, len(order), first_player=0)
    times = play_out(state, game.observe, bots, game.round_cap)
    if state.is_over():
        return GameResult(order, game.credits(state), game.rounds(state), True, times,
                          game.result_facts(state))
    return GameResult(order, (0.0,) * len(order), game.rounds(state), False, times)


def _play_chunk(work: tuple[list[tuple[int, Order, int]], float | None, Game]
                ) -> list[tuple[int, GameResult]]:
    tasks, budget, game = work
    return [(index, play_game(order, seed, budget, game=game)) for index, order, seed in tasks]


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C


def run_tournament(
    lineup: Sequence[str],
    games: int,
    seed: int,
    *,
    jobs: int = 1,
    budget: float | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    module: str | None = None,
    game: Game | None = None,
) -> list[GameResult]:
    """Play the whole `schedule` of `game` (default: Splendor, with one Cities of Splendor
    `module` or none); results in schedule order whatever `jobs` is."""
    game = resolve_game(game, module)
    tasks = [(i, order, game_seed(seed, deal))
             for i, (deal, order) in enumerate(schedule(lineup, games))]
    total = len(tasks)
    results: list[GameResult | None] = [None] * total
    done = 0
    if jobs == 1:
        for index, order, gseed in tasks:
            results[index] = play_game(order, gseed, budget, game=game)
            done += 1
            if on_progress:
                on_progress(done, total)
        return [r for r in results if r is not None]
    size = max(1, total // (jobs * 50))
    chunks = [(tasks[i:i + size], budget, game) for i in range(0, total, size)]
    # `with` terminates the workers on the way out, at once on Ctrl-C or an error.
    with multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_sigint) as pool:
        for chunk in pool.imap_unordered(_play_chunk, chunks):
            for index, result in chunk:
                results[index] = result
            done += len(chunk)
            if on_progress:
                on_progress(done, total)
    return [r for r in results if r is not None]


def _percentile(values: list[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default); 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def summarize(
    lineup: Sequence[str], results: Sequence[GameResult], module: str | None = None,
    game: Game | None = None,
) -> Summary:
    """Pool each name's seats; unfinished games are counted but excluded from shares."""
    game = resolve_game(game, module)
    finished = [r for r in results if r.finished]
    bots = {}
    for name in dict.fromkeys(lineup):
        per_game = [sum(c for n, c in zip(r.order, r.credits, strict=True) if n == name)
                    for r in finished]
        times = [t * 1000 for r in results for n, ts in zip(r.order, r.decision_seconds,
                                                              strict=True) if n == name
                 for t in ts]
        share = ci = None
        if per_game:
            share = statistics.fmean(per_game)
            sd = statistics.stdev(per_game) if len(per_game) > 1 else 0.0
            half = 1.96 * sd / math.sqrt(len(per_game))
            ci = (max(0.0, share - half), min(1.0, share + half))
        bots[name] = BotStats(share, ci, _percentile(times, 0.5), _percentile(times, 0.99))
    mean_rounds = statistics.fmean(r.rounds for r in finished) if finished else None
    no_winner = sum(1 for r in finished if not any(r.credits))
    facts = {fact: sum(fact in r.facts for r in finished) for fact in game.facts}
    return Summary(len(results), len(results) - len(finished), mean_rounds, bots, game.module,
                   no_winner, game, facts)


def summary_dict(summary: Summary) -> dict[str, Any]:
    """The `--json` object (shares as fractions 0..1)."""

    def r6(x: float | None) -> float | None:
        return None if x is None else round(x, 6)

    return {
        "games": summary.games,
        "unfinished": summary.unfinished,
        "mean_rounds": r6(summary.mean_rounds),
        **summary.played().summary_fields(_counts(summary)),
        "bots": {
            name: {
                "win_share": r6(b.win_share),
                "ci95": [r6(x) for x in b.ci95] if b.ci95 else None,
                "decision_ms_median": round(b.decision_ms_median, 3),
                "decision_ms_p99": round(b.decision_ms_p99, 3),
            }
            for name, b in summary.bots.items()
        },
    }


def summary_lines(summary: Summary, players: int, seed: int, asked: int) -> list[str]:
    """The human report: a headline, a note when the game count was rounded, a table."""
    rounds = "-" if summary.mean_rounds is None else f"{summary.mean_rounds:.1f}"
    game = summary.played()
    lines = [f"{summary.games} games, {players} players{game.headline_name()}, seed {seed} "
             f"({summary.unfinished} unfinished{game.headline_facts(_counts(summary))}), "
             f"mean {rounds} rounds"]
    if summary.games != asked:
        lines.append(f"({asked} asked, rounded up so that each seat order is played "
                     "equally often)")
    width = max(len("bot"), *(len(n) for n in summary.bots))
    lines.append(f"{'bot':<{width}}  win share   95% CI            decision ms median / p99")
    for name, b in summary.bots.items():
        if b.win_share is None or b.ci95 is None:
            share, ci = f"{'-':>9}", f"{'-':<16}"
        else:
            share = f"{b.win_share:>9.1%}"
            ci = f"[{b.ci95[0]:.1%}, {b.ci95[1]:.1%}]".ljust(16)
        lines.append(f"{name:<{width}}  {share}   {ci}  "
                     f"{_ms(b.decision_ms_median):>8} / {_ms(b.decision_ms_p99)}")
    return lines


def _counts(summary: Summary) -> dict[str, int]:
    """The finished games without a winner and the game's facts, counted."""
    return {"no_winner": summary.no_winner, **(summary.facts or {})}


def _ms(value: float) -> str:
    return f"{value:.1f}" if value >= 1 else f"{value:.3f}"


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


def progress_line(done: int, total: int, seconds: float, width: int = 20) -> str:
    """E.g. `[#####---------------] 120/400 games  1m12s`."""
    filled = width * done // total if total else width
    return f"[{'#' * filled}{'-' * (width - filled)}] {done}/{total} games  {_clock(seconds)}"


class ProgressBar:
    """Redraws `progress_line` in place on `stream` at most ten times a second."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.start = self.last = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        end = "\n" if done >= total else ""
        self.stream.write("\r" + progress_line(done, total, now - self.start) + end)
        self.stream.flush()


def stderr_progress() -> ProgressBar | None:
    """A bar on stderr when it is a terminal; None otherwise (logs stay clean)."""
    return ProgressBar(sys.stderr) if sys.stderr.isatty() else None
