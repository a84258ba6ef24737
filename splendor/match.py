"""Playing whole games between bots: the loop shared by the CLI, benchmarks and tests."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from splendor.bots import Bot
from splendor.engine import Action, GameData, GameState, new_game, observe

#: Tools stop a game after this many rounds and report it as unfinished (RULES.md,
#: "Endless play"). Real games last 25-40 rounds; random play about 40.
DEFAULT_ROUND_CAP = 200


@dataclass(frozen=True, slots=True)
class MatchResult:
    state: GameState
    finished: bool
    #: Seconds each seat's bot spent in `choose`, one entry per decision.
    decision_seconds: tuple[tuple[float, ...], ...]


def play_match(
    data: GameData,
    bots: Sequence[Bot],
    seed: int,
    *,
    names: tuple[str, ...] | None = None,
    first_player: int | None = None,
    round_cap: int = DEFAULT_ROUND_CAP,
    on_action: Callable[[GameState, int, Action], None] | None = None,
    module: str | None = None,
) -> MatchResult:
    """Play one game (with one Cities of Splendor `module`, or none); each bot sees only
    its seat's view. Stops at `round_cap` rounds.

    `on_action(state_before, seat, action)` is called before each action is applied.
    """
    state = new_game(data, len(bots), seed, names, first_player, module)
    times = play_out(state, observe, bots, round_cap, on_action)
    return MatchResult(state, state.is_over(), times)


def play_out(
    state: Any,
    observe: Callable[[Any, int], Any],
    bots: Sequence[Any],
    round_cap: int = DEFAULT_ROUND_CAP,
    on_action: Callable[[Any, int, Any], None] | None = None,
) -> tuple[tuple[float, ...], ...]:
    """Play `state` (of any game: see splendor.games) on to its end or `round_cap`, each
    decision made by the bot of the seat that decides, from its `observe(state, seat)`;
    the seconds each seat's bot spent in `choose`, one entry per decision."""
    times: list[list[float]] = [[] for _ in bots]
    clock = time.perf_counter
    while not state.is_over() and state.round <= round_cap:
        seat = state.current_player()
        view = observe(state, seat)
        start = clock()
        action = bots[seat].choose(view)
        times[seat].append(clock() - start)
        if on_action is not None:
            on_action(state, seat, action)
        state.apply(action)
    return tuple(tuple(t) for t in times)
