"""Small endgames for the review's judge, solved exactly (issue 57, "A review a player can
trust": "endgames solved exactly ... the judge's chances agree with the exact values
within a stated error"). The solver is `tests/session/exact_endgame.py`.

Each position is a two-player base game played from a seeded deal by the easy, medium
and hard bots (`new_game(base_game(), 2, seed)`, the bots' kinds drawn by
`random.Random(seed)`, each seat's bot seeded `seed * 10 + seat`), stopped at the seat's
decision in the last round or the round before it; it is kept here as the actions played
("; "-separated texts), so that it does not change when the bots do. `exact` names some
moves and their exact values as fractions of the deal (the solver must find them).

The comparison (`compare`): for a few moves of each position (one for every distinct
exact value, and an unsettled one whose upper bound is below 1), the judge's figure for
the move played (`Judgement.after`) against its exact value; the judge's chance with its
best move (`before`) against the exact optimum; and the exact value of the judge's best.

    python -m tests.session.exact_endgame_positions [NAME ...]    # the table

The error allowed (`error_bound`): a judgement is a mean over W sampled worlds (its
stage 2, `judged_worlds`), each scoring a win share in [0, 1]; with an exact value p the
variance of one world's share is at most p(1 - p), so the mean's standard error is at
most sqrt(p(1 - p) / W): the bound is `Z` = 3 of those, plus `SLACK` = 0.05 for the
rollout policy's own slips (a sure win scored 0.97 is within it; a systematic error is
not). At a sure value (0 or 1) the bound is 0.05.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from splendor.engine import Action, GameState, View, new_game, observe, parse_action
from splendor.gamedata import base_game
from splendor.session.analysis import DEFAULT_BUDGET
from splendor.session.judge import (
    CHOOSE_SHARE,
    FINALISTS,
    MIN_WORLDS,
    DecisionTask,
    Judgement,
    judge,
    simulations_for,
)
from tests.session.exact_endgame import Bounds, EndgameSolver

DATA = base_game()
#: Standard errors allowed, and the allowance for the rollout policy's slips.
Z = 3.0
SLACK = 0.05
#: The most moves judged in a position.
MOST_MOVES = 4


# ---------------------------------------------------------------- played games

GAME_109 = (
    "take white green red; take green red black; take white blue black; take white green "
    "red; reserve L2-28; take blue green black; buy L1-25; reserve L1-12; take white blue "
    "red; buy L1-37; reserve L2-17; take white blue green; buy L1-21; buy L1-34; reserve "
    "L1-35; buy L1-24; buy L1-13; take white blue black; take blue green black; buy "
    "L1-12; take green red black; buy L2-20; buy L1-20; take white red black; take white "
    "blue green; take white blue red; buy L2-17; buy L2-19; reserve L2-26; reserve L2-03; "
    "buy L2-28; buy L2-03; buy L1-35; take blue green red; reserve deck 1; buy L2-08; "
    "reserve deck 1; reserve deck 1; buy L1-05; buy L1-27; buy L2-26; buy L1-23; buy "
    "L1-22; buy L1-40; buy L1-06; buy L1-38; buy L1-14; take white red black; buy L1-02; "
    "buy L1-28; buy L2-21; reserve deck 2; buy L1-09; buy L1-16; take blue red black; buy "
    "L2-24; buy L1-08; buy L1-03; buy L2-25; buy L2-10; buy L2-15; buy L1-17; buy L2-07"
)
GAME_546 = (
    "take blue green black; take white blue green; take white blue black; take white blue "
    "green; take white red black; take green red black; reserve L2-13; buy L1-13; buy "
    "L1-11; take white blue green; buy L1-40; take blue green black; reserve L2-28; "
    "reserve L1-36; return black; take green red black; buy L1-36; buy L1-06; take white "
    "blue red; reserve L1-09; buy L1-20; buy L2-21; buy L1-14; take white green red; "
    "reserve L2-22; take white green red; buy L2-12; take green red black; buy L1-04; buy "
    "L1-22; buy L1-17; take white red black; take blue green black; buy L1-32; reserve "
    "L3-09; buy L1-16; buy L2-16; buy L2-28; take2 blue; buy L1-30; buy L2-22; buy L1-35; "
    "buy L1-19; buy L1-31; take2 green; take green red black; buy L2-18; reserve L3-18; "
    "take white green red; buy L3-19; take white blue red; take green red black; buy "
    "L3-14; take white blue red; reserve L3-17; buy L3-18"
)
GAME_370 = (
    "take white green red; take white blue green; take white green black; take white blue "
    "red; reserve L1-32; buy L1-35; buy L1-07; take white green black; reserve L3-13; "
    "reserve L2-27; take green red black; reserve L2-17; take blue red black; return red; "
    "reserve L1-24; buy L1-15; buy L2-27; reserve L1-26; take white red black; buy L1-32; "
    "buy L1-24; reserve deck 1; take2 black; take white blue red; reserve L2-11; buy "
    "L1-23; buy L2-23; buy L2-25; take blue green black; buy L1-05; buy L1-30; buy L1-17; "
    "buy L1-14; take blue red black; buy L1-21; take white green red; buy L1-13; buy "
    "L1-26; buy L1-31; take white green red; return white; reserve L2-24; buy L2-08; take "
    "blue red black; take blue green black; return blue; buy L2-07; buy L2-29; take blue "
    "red black; take white green black; buy L2-11; buy L1-03; reserve L2-21; reserve "
    "L1-09; buy L3-20; buy L2-30; take blue green red; buy L2-01; take blue green red; "
    "buy L2-06; take white blue red; buy L1-09"
)
GAME_283 = (
    "take white green red; reserve deck 1; take blue green black; reserve L2-24; buy "
    "L1-38; take white blue black; take white green black; take white green black; buy "
    "L1-27; reserve L3-15; reserve L2-27; take green red black; return blue gold; reserve "
    "L2-30; buy L2-19; take2 red; take2 white; buy L2-05; take green red black; take "
    "white blue black; take blue green black; return black; reserve L2-25; buy L1-21; buy "
    "L2-10; reserve L3-08; take white red black; buy L2-17; buy L2-14; take blue green "
    "red; buy L1-36; take white green red; take white blue green; buy L1-08; buy L1-05; "
    "buy L1-11; buy L1-26; take blue red black; buy L1-39; buy L2-01; buy L1-33; buy "
    "L1-20; take2 black; take white red black; buy L2-30; buy L2-06; buy L2-23; take2 "
    "green; buy L2-21; buy L1-13; buy L2-03; take white green red; reserve L3-16; buy "
    "L2-15; buy L1-22; buy L3-15"
)
GAME_111 = (
    "take white blue red; take green red black; take white blue green; take white blue "
    "black; take white blue green; buy L1-29; take white blue green; return green green; "
    "reserve L2-05; reserve L1-36; return blue; take blue red black; reserve deck 2; "
    "return green; reserve L2-07; reserve L2-09; return red; buy L2-05; take2 red; return "
    "red red; reserve L1-05; take2 red; return red red; take2 red; take2 green; return "
    "blue blue; reserve L3-02; buy L3-06; take white red black; take white green red; buy "
    "L1-05; take white blue black; take white green black; buy L1-03; reserve deck 2; buy "
    "L1-17; take white blue black; return white red red; buy L1-36; buy L1-28; take white "
    "blue red; buy L1-24; buy L1-01; buy L1-31; reserve deck 3; take white blue black; "
    "take white blue red; buy L1-07; buy L1-10; take2 black; buy L2-22; buy L1-38; buy "
    "L1-04; buy L1-39; buy L1-02; buy L1-19; take blue green red; buy L1-34; buy L2-25; "
    "buy L1-30; buy L2-09; take white green black; buy L1-12; buy L3-02; buy L1-25; buy "
    "L1-16; reserve deck 1; buy L2-03; buy L1-40; buy L1-09"
)
GAME_284 = (
    "take green red black; take blue green red; take white blue green; take blue red "
    "black; take white red black; take blue green black; reserve L3-06; reserve L3-17; "
    "buy L1-21; reserve L2-24; return green; reserve deck 3; reserve L1-39; return blue; "
    "buy L1-29; take white blue red; return white black black; take blue green red; buy "
    "L2-24; reserve deck 2; reserve deck 2; buy L1-23; take white red black; take white "
    "red black; take white red black; return white; buy L1-09; buy L1-16; take2 red; buy "
    "L1-04; buy L1-19; take white blue red; buy L2-18; buy L1-25; buy L1-38; take white "
    "green red; take2 black; take white green black; return green; buy L1-14; buy L1-39; "
    "take green red black; buy L1-01; buy L2-20; reserve L1-22; take white blue red; buy "
    "L1-36; buy L1-13; buy L1-12; buy L2-05; buy L2-14; buy L1-34; buy L1-27; take white "
    "red black; take white green red; buy L1-08; buy L2-26; buy L1-37; buy L1-15; buy "
    "L1-35; buy L2-04; buy L2-23; take blue green red; buy L2-03; buy L2-12"
)
GAME_657 = (
    "take white green black; reserve deck 3; take white green black; take green red "
    "black; buy L1-12; take white green red; reserve L1-08; take white blue red; reserve "
    "L2-13; buy L1-20; reserve L2-17; take white red black; take2 blue; reserve L3-09; "
    "buy L2-12; reserve L2-19; return white; take white blue red; buy L2-18; buy L1-18; "
    "take blue green black; take white blue green; take white green black; return blue; "
    "take blue black; buy L2-19; buy L1-06; reserve deck 2; buy L1-25; buy L2-28; take "
    "white green red; take white blue red; take white green red; take white blue red; buy "
    "L2-17; buy L1-03; buy L2-13; take blue green red; buy L1-37; buy L1-26; buy L1-13; "
    "buy L1-07; buy L1-36; take white green red; reserve L2-24; buy L1-10; buy L1-11; buy "
    "L1-05; buy L1-35; buy L1-23; reserve L2-29; buy L2-27; buy L2-23; buy L1-14; buy "
    "L2-20; noble N10; buy L2-08"
)
GAME_165 = (
    "take white blue red; take green red black; reserve deck 3; take blue green black; "
    "buy L1-17; take white blue green; take white green black; reserve deck 2; reserve "
    "L2-30; reserve L3-07; return black; buy L1-06; reserve L1-09; return white; reserve "
    "L2-26; buy L2-16; take white blue green; take white red black; buy L1-01; take white "
    "green red; take white green red; reserve L3-05; take white blue black; buy L1-25; "
    "buy L1-36; take white blue red; buy L2-26; buy L1-09; buy L1-34; reserve L1-30; take "
    "white green black; take white blue red; reserve L2-06; buy L2-08; take white red "
    "black; buy L1-35; buy L2-06; take blue green red; reserve L1-08; take2 white; buy "
    "L2-30; buy L2-14; take white green black; take white blue black; take blue green "
    "black; buy L1-18; buy L1-08; buy L1-39; take blue green red; take blue green red; "
    "buy L2-15; buy L2-17; take white blue green; buy L2-28; buy L2-21; buy L1-13; buy "
    "L1-11; take blue red black; buy L1-27; buy L2-12; buy L2-27; buy L1-31"
)
GAME_232 = (
    "take white blue black; take white green red; take white green red; take white green "
    "black; reserve L1-28; take blue green black; buy L1-07; take blue red black; return "
    "white green; buy L1-25; reserve L1-29; return blue; take white red black; buy L1-24; "
    "buy L1-28; take white red black; take white red black; reserve L2-19; reserve L3-06; "
    "take blue green black; return white red black; buy L2-03; reserve deck 2; return "
    "blue; take white green black; buy L2-18; buy L1-01; take blue green black; take "
    "white blue green; take white green black; return red; reserve L2-23; reserve deck 2; "
    "return white; reserve L3-11; buy L2-17; buy L3-06; take white green black; buy "
    "L2-25; buy L2-10; take white blue black; take white green red; buy L2-15; take blue "
    "green red; buy L1-19; take blue red black; return white blue; buy L1-34; buy L3-14; "
    "buy L1-36; take white green black; buy L1-30; buy L1-29; buy L2-13; take2 white; "
    "reserve L2-20; take white red black; buy L1-22; take blue red black; return white; "
    "buy L1-16; buy L2-19; buy L1-13; take white blue red"
)
GAME_391 = (
    "take2 blue; take white blue red; take white blue red; reserve deck 2; reserve L3-03; "
    "take white red black; buy L1-33; reserve deck 1; reserve L3-02; reserve deck 2; take "
    "white blue red; take blue green black; return white white; reserve L2-27; buy L2-11; "
    "take white blue red; buy L1-22; take white blue green; return white blue; take white "
    "green red; take white blue black; return white red black; take white red black; buy "
    "L1-36; take white blue black; take green red black; reserve L1-27; return black; buy "
    "L1-20; buy L1-05; take white green black; take blue green red; buy L2-30; buy L2-09; "
    "take white blue red; take white blue red; buy L1-06; take blue red black; buy L1-01; "
    "buy L1-17; take2 white; buy L1-18; buy L1-15; buy L2-29; take white blue black; take "
    "blue green red; buy L2-27; buy L2-02; buy L1-02; buy L2-22; take2 red; take white "
    "blue green; buy L1-25; buy L2-25; buy L2-19; buy L1-27; buy L1-28; buy L1-19; "
    "reserve L2-04; buy L2-18; buy L3-02; buy L1-09; buy L2-03; buy L1-12"
)
GAME_250 = (
    "take white blue red; take white red black; reserve L3-19; take white blue green; "
    "take white red black; reserve L3-11; take blue green black; take green red black; "
    "buy L1-02; buy L1-01; reserve L1-13; take white green black; reserve L2-18; reserve "
    "deck 3; buy L2-19; buy L2-26; take white green black; reserve L1-27; take white blue "
    "green; take blue green red; take white blue red; return green green; buy L1-29; buy "
    "L2-06; take white blue black; buy L1-33; buy L2-03; take white blue green; take "
    "white blue green; buy L1-22; take white blue green; take2 black; buy L2-09; take "
    "white blue black; take white blue black; buy L1-17; buy L1-12; buy L1-08; buy L1-35; "
    "buy L2-27; buy L1-27; take white blue green; buy L2-14; buy L2-23; buy L1-04; take "
    "blue green black; take blue green black; buy L2-25; buy L1-34; buy L2-10; reserve "
    "deck 2; buy L2-28; buy L2-21; buy L1-07; buy L1-23; buy L1-20; buy L2-13; buy L1-13; "
    "buy L1-28"
)
GAME_327 = (
    "take white blue black; take blue green black; take blue green black; take green red "
    "black; buy L1-12; take blue red black; reserve L2-20; reserve deck 2; reserve L1-03; "
    "reserve deck 2; return black; buy L2-11; take blue green red; return green red "
    "black; reserve L2-05; reserve L2-16; return black; take white green red; buy L1-17; "
    "take white blue red; buy L1-23; buy L1-18; take white red black; buy L1-03; take "
    "white blue green; buy L1-33; take white blue black; return green black black; take "
    "green red black; take white green black; return green green black; reserve L2-09; "
    "take green red black; return blue green black; buy L2-08; take green red black; "
    "return blue blue red; take green red black; buy L1-05; buy L1-35; buy L2-27; take "
    "blue red black; take white red black; buy L2-22; take blue green red; buy L1-19; buy "
    "L2-29; buy L2-20; buy L1-27; buy L1-11; buy L1-20; buy L1-24; buy L1-37; buy L1-36; "
    "buy L1-15; buy L1-13; take white blue black; take2 red; buy L1-26; buy L2-03; buy "
    "L1-38; buy L2-14; buy L2-30; buy L1-28; take2 black; buy L2-01"
)


@dataclass(frozen=True)
class EndgamePosition:
    """A seat's decision near the end of a played game (see the module docstring)."""

    name: str
    why: str
    seed: int
    played: str
    #: Moves (action texts) and their exact values.
    exact: dict[str, float]

    def state(self) -> GameState:
        state = new_game(DATA, 2, self.seed)
        for text in self.played.split("; "):
            state.apply(parse_action(text))
        return state

    def view(self) -> View:
        state = self.state()
        assert state.current_player() is not None
        return observe(state, state.current)

    @property
    def index(self) -> int:
        """The decision's place in the game (it seeds the judgement)."""
        return len(self.played.split("; "))


P = EndgamePosition
POSITIONS = [
    P("closing: one winning buy",
      "Final round; seat 0 closes it with 13 points against 15 (18 cards to 19): L1-19 "
      "brings a noble, 16 points, and the game; any other move loses.",
      109, GAME_109, {"buy L1-19": 1.0, "take white blue green": 0.0}),
    P("closing: a shared win",
      "Final round; seat 0 closes it with 14 against 15, 12 cards to 13: L2-09, L2-27 or "
      "L3-17 win; L2-02 (1 point) ties on 15 with 13 cards each, a shared win (1/2); the "
      "rest lose.",
      546, GAME_546, {"buy L2-09": 1.0, "buy L2-02": 0.5, "take blue green red": 0.0}),
    P("closing: beside a blind card",
      "Final round; seat 1 closes it with 13 against 15 and cannot see seat 0's blind "
      "level-1 card (it changes nothing now): L3-12 or L2-24 win, the rest lose.",
      370, GAME_370, {"buy L3-12": 1.0, "buy L2-24": 1.0, "take white blue red": 0.0}),
    P("two turns: a refill",
      "Seat 0 opens the round, 14 against 14 (15 cards to 11): L3-05 makes 17, a sure "
      "win; L2-08 makes 15, and seat 1 passes it only if the level-2 refill is L2-28 or "
      "L2-13 (2 of 11 unseen): 9/11; a take leaves seat 1 a winning reply: 0.",
      283, GAME_283, {"buy L3-05": 1.0, "buy L2-08": 9 / 11, "take white blue green": 0.0}),
    P("two turns: the opponent's blind card",
      "Seat 1 opens the round, 13 against 13: its reserved L3-09 makes 16; seat 0 then "
      "wins only if its blind level-2 card is L2-26 (with the noble N05) or L2-27, 2 of "
      "the 19 level-2 cards seat 1 cannot see: 17/19; anything else loses.",
      111, GAME_111, {"buy L3-09": 17 / 19, "take blue green red": 0.0}),
    P("two turns: three buys, three chances",
      "Seat 0 opens the round, 14 against 14 (17 cards to 14): L2-15 makes 16 and loses "
      "only to the refill L2-22 (14/15); L1-32 makes 15 and loses only to L1-40 (13/14); "
      "L2-02 makes 15 and loses to 6 of 15 refills (3/5). A take is unsettled in two "
      "turns (nobody reaches 15: the game goes on).",
      284, GAME_284, {"buy L2-15": 14 / 15, "buy L1-32": 13 / 14, "buy L2-02": 0.6}),
    P("two turns: the reply ties",
      "Seat 0 opens the round with 12 against 9, and a noble visits it at the end of any "
      "move (15). A take keeps 14 cards, and seat 1's best reply (L3-17 and a noble) "
      "ties on 15 with 14 cards each: 1/2 whatever seat 1's two blind cards are; a "
      "purchase makes 15 cards and loses that tie: 0.",
      657, GAME_657, {"take white blue green": 0.5, "buy L1-04": 0.0}),
    P("two turns: a refill, four cards bad",
      "Seat 0 opens the round, 14 against 14: L2-02 makes 15, and 4 of the 14 level-2 "
      "refills let seat 1 pass it: 5/7; reserving L2-02 instead is unsettled, at most "
      "5/7; everything else loses.",
      165, GAME_165, {"buy L2-02": 5 / 7, "take white blue green": 0.0}),
    P("two turns: a sure win or a gamble",
      "Seat 0 opens the round, 14 against 13: L2-20 (and a noble) makes 18, a sure win; "
      "L2-14 makes 15, and 4 of 16 level-2 refills let seat 1 pass it: 3/4; takes are "
      "unsettled.",
      232, GAME_232, {"buy L2-20": 1.0, "buy L2-14": 0.75}),
    P("two turns: two blind cards",
      "Seat 1 opens the round with 12 against 13 and 15 cards each after L1-29 and a "
      "noble (15): the level-1 refills L1-26 and L1-31 let seat 0 pass it (17/19), "
      "whatever its two blind level-2 cards are; reserving L1-29 is unsettled, at most "
      "0.54; the rest lose.",
      391, GAME_391, {"buy L1-29": 17 / 19, "take white blue green": 0.0}),
    P("two turns: wins, ties and a loss",
      "Seat 0 opens the round, 14 against 12, 15 cards each: L1-32 makes 15; of the 19 "
      "level-1 refills 13 leave seat 1 no way to catch up, 5 let it tie (a shared win) "
      "and 1 (L1-16) lets it pass: 31/38. Takes are unsettled in two turns.",
      250, GAME_250, {"buy L1-32": 31 / 38}),
    P("a noble chosen",
      "Seat 1 has bought its way to two nobles at once, 14 points against 7: either "
      "makes 17, and seat 0 cannot catch up in its last turn: both win for sure.",
      327, GAME_327, {"noble N08": 1.0, "noble N06": 1.0}),
]


def positions() -> dict[str, EndgamePosition]:
    named = {p.name: p for p in POSITIONS}
    assert len(named) == len(POSITIONS), "two positions share a name"
    return named


# ---------------------------------------------------------------- comparing


def judged_worlds(view: View, budget: int = DEFAULT_BUDGET) -> int:
    """The worlds the judge's second stage plays the moves on (`splendor.session.judge`):
    the simulations left after choosing, shared by its finalists and the move played."""
    simulations = simulations_for(view, budget)
    choosing = max(len(view.legal_actions), round(simulations * CHOOSE_SHARE))
    return max(MIN_WORLDS, (simulations - choosing) // (FINALISTS + 1))


def error_bound(p: float, worlds: int) -> float:
    """The error allowed a judge's chance whose exact value is `p` (module docstring)."""
    return SLACK + Z * math.sqrt(max(0.0, p * (1.0 - p)) / worlds)


def within(figure: float, bounds: Bounds, worlds: int) -> bool:
    """`figure` agrees with `bounds` (an exact value, or an interval) within the error."""
    return (bounds.lo - error_bound(bounds.lo, worlds) <= figure
            <= bounds.hi + error_bound(bounds.hi, worlds))


def judged_moves(values: dict[Action, Bounds]) -> list[Action]:
    """The moves to judge: the first legal move of each distinct exact value (best
    first), then the first unsettled one whose upper bound is below 1; at most
    `MOST_MOVES`."""
    exact: dict[float, Action] = {}
    for move, b in values.items():
        if b.exact and all(abs(b.lo - v) > 1e-9 for v in exact):
            exact[b.lo] = move
    moves = [exact[v] for v in sorted(exact, reverse=True)]
    unsettled = [m for m, b in values.items() if not b.exact and b.hi < 1.0 - 1e-9]
    return (moves + unsettled[:1])[:MOST_MOVES]


@dataclass(frozen=True)
class Row:
    move: Action
    exact: Bounds
    judgement: Judgement
    seconds: float


@dataclass(frozen=True)
class Compared:
    """One position: every legal move's exact bounds and the judged moves' rows."""

    position: EndgamePosition
    values: dict[Action, Bounds]
    rows: list[Row]
    worlds: int
    solve_seconds: float

    @property
    def optimum(self) -> Bounds:
        """The best move's value: between the best lower bound and the best upper one."""
        return Bounds(max(b.lo for b in self.values.values()),
                      max(b.hi for b in self.values.values()))

    def agrees(self, row: Row) -> bool:
        return within(row.judgement.after, row.exact, self.worlds)

    def before_agrees(self, row: Row) -> bool:
        return within(row.judgement.before, self.optimum, self.worlds)

    def best_is_best(self, row: Row) -> bool:
        """The judge's best is not worse than the optimum by more than the error: proven
        when its exact value (its lower bound) is within it, and not refuted when only
        its upper bound is (`settled` tells them apart)."""
        opt = self.optimum.lo
        return self.values[row.judgement.best].hi >= opt - error_bound(opt, self.worlds)

    def settled(self, row: Row) -> bool:
        opt = self.optimum.lo
        return self.values[row.judgement.best].lo >= opt - error_bound(opt, self.worlds)

    def errors(self) -> list[float]:
        """|after - exact| of the judged moves with an exact value."""
        return [abs(r.judgement.after - r.exact.lo) for r in self.rows if r.exact.exact]


def compare(p: EndgamePosition, budget: int = DEFAULT_BUDGET) -> Compared:
    view = p.view()
    start = time.perf_counter()
    values = EndgameSolver(view, DATA).values()
    solved = time.perf_counter() - start
    rows = []
    for move in judged_moves(values):
        start = time.perf_counter()
        j = judge(DecisionTask(p.index, view, move, simulations_for(view, budget)), DATA)
        rows.append(Row(move, values[move], j, time.perf_counter() - start))
    return Compared(p, values, rows, judged_worlds(view, budget), solved)


def table(results: Sequence[Compared], out: Callable[[str], Any] = print) -> float:
    """Print the comparison; returns the largest |after - exact| over exact moves."""
    out(f"{'position':38} {'move':22} {'exact':>16} {'judge':>6} {'noise':>6} {'bound':>6} "
        f"{'before':>6} {'optimum':>16} {'best':14} {'best exact':>16}  ok")
    worst = 0.0
    for c in results:
        for r in c.rows:
            j = r.judgement
            ok = c.agrees(r) and c.before_agrees(r) and c.best_is_best(r)
            bound = f"{error_bound(r.exact.lo, c.worlds):6.3f}" if r.exact.exact else "     -"
            out(f"{c.position.name[:38]:38} {r.move.text()[:22]:22} {r.exact!s:>16} "
                f"{j.after:6.3f} {j.noise:6.3f} {bound} {j.before:6.3f} "
                f"{c.optimum!s:>16} {j.best.text()[:14]:14} {c.values[j.best]!s:>16}  "
                f"{'yes' if ok else 'NO'}{'' if c.settled(r) else ' (best unsettled)'}")
        worst = max([worst, *c.errors()])
    judged = sum(len(c.rows) for c in results)
    seconds = sum(r.seconds for c in results for r in c.rows)
    solving = sum(c.solve_seconds for c in results)
    out(f"{judged} moves judged in {seconds:.1f} s; solved in {solving:.1f} s; largest "
        f"|after - exact|: {worst:.3f}")
    return worst


def main(argv: Sequence[str]) -> int:
    named = positions()
    chosen = [p for name, p in named.items() if not argv or any(a in name for a in argv)]
    table([compare(p) for p in chosen])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
