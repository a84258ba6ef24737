"""Positions with a known answer for the expert's review (issue 57, "A review a player can
trust"): in each, one move is clearly better than the move played, and the judge
(`splendor.session.judge`) must say so.

Most positions are built through the engine's own API (`build_position`, which refuses
what the rules could not have produced: a card in two places, tokens over the supply,
a city or post held without meeting it, ...), then, for a decision inside a turn (an
Orient free card, a stronghold to place), reached by applying the legal action before
it. Each seat's cards are chosen so that nobody already qualifies for a noble, post or
city they do not hold, and every point total is what the cards and nobles make. The
last few (`PLAYED`) are reached by playing from a seeded deal: the hard bots' own games.

Most positions are such that the right move wins for certain (the game ends within the
turn, or the opponent's one turn left cannot catch up) and the bad one loses at once or
leaves the opponent a winning move; the `why` of each says how, and where luck of the
deal or the opponents' play leaves some doubt.

    python -m tests.session.review_positions [--seeds N] [NAME ...]   # the table
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from splendor.engine import (
    GameState,
    Phase,
    View,
    build_position,
    new_game,
    observe,
    parse_action,
)
from splendor.gamedata import base_game
from splendor.session.analysis import DEFAULT_BUDGET, label_for
from splendor.session.judge import DecisionTask, Judgement, judge, simulations_for

DATA = base_game()


def tokens(**counts: int) -> dict[str, int]:
    """Token counts by colour name; `gold` for gold."""
    return dict(counts)


def seat(cards: str = "", *, reserved: str = "", blind: str = "", nobles: str = "",
         **extra: Any) -> dict[str, Any]:
    """A seat of `build_position`: cards as space-separated ids (`extra`: tokens and the
    modules' fields)."""
    spec: dict[str, Any] = {"purchased": cards.split(), "reserved": reserved.split(),
                            "blind": blind.split(), "nobles": nobles.split()}
    spec.update(extra)
    return spec


def row(text: str) -> list[str]:
    return text.split()


@dataclass(frozen=True)
class KnownPosition:
    """A position whose answer is known: `bad` (an action text) was played; the right
    moves are the legal actions whose text is one of `right` or starts with one of them
    followed by a space (a buy with a payment); `right[0]` is the one judged as "the right
    move played". `index` seeds the judgement (a DecisionTask's place in the game)."""

    name: str
    theme: str
    why: str
    bad: str
    right: tuple[str, ...]
    index: int
    players: int = 2
    current: int = 0
    round: int = 20
    seats: Sequence[Mapping[str, Any]] = ()
    market: Mapping[int, Sequence[str]] = field(default_factory=dict)
    nobles: Sequence[str] | None = None
    module: str | None = None
    #: Legal actions applied after building (to reach a decision inside a turn).
    then: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: A played game instead of a built position: the deal's seed, and the actions
    #: played from it ("; "-separated texts; `seats`, `market` and `nobles` unused).
    seed: int | None = None
    played: str = ""

    def state(self, steps: bool = True) -> GameState:
        """The position, built afresh (a state is mutable); without `steps`, before the
        actions of `then`."""
        if self.seed is not None:
            state = new_game(DATA, self.players, self.seed, module=self.module)
            texts = self.played.split("; ")
        else:
            turns = (self.round - 1) * self.players + self.current
            state = build_position(DATA, self.players, current=self.current,
                                   seats=self.seats, market=self.market, nobles=self.nobles,
                                   turns=turns, module=self.module, **self.extra)
            texts = []
        for text in [*texts, *(self.then if steps else ())]:
            state.apply(parse_action(text))
        assert state.current == self.current and state.round == self.round, self.name
        return state

    def view(self) -> View:
        state = self.state()
        assert state.current is not None
        return observe(state, state.current)

    def is_right(self, text: str) -> bool:
        return any(text == r or text.startswith(r + " ") for r in self.right)

    def right_move(self, view: View) -> str:
        """The right move judged as played: the legal action `right[0]` names."""
        return next(a.text() for a in view.legal_actions if self.is_right(a.text())
                    and (a.text() == self.right[0] or a.text().startswith(self.right[0] + " ")))

    def judged(self, move: str, view: View | None = None, budget: int = DEFAULT_BUDGET,
               index: int | None = None) -> Judgement:
        """The judge's figures for `move` played here, at `budget` (`index`: the
        decision's place in the game, which seeds the judgement; the position's own by
        default)."""
        view = self.view() if view is None else view
        played = next(a for a in view.legal_actions if a.text() == move)
        at = self.index if index is None else index
        return judge(DecisionTask(at, view, played, simulations_for(view, budget)), DATA)


P = KnownPosition

# ---------------------------------------------------------------- the base game
# Cards used below (points, bonus colour, cost):
#   L3-04 5w W3K7   L3-08 5u W7U3   L3-12 5g U7G3   L3-16 5r G7R3   L3-20 5k R7K3
#   L3-02 4w W3R3K6 L3-03 4w K7     L3-06 4u W7     L3-07 4u W6U3K3 L3-10 4g W3U6G3
#   L3-11 4g U7     L3-14 4r U3G6R3 L3-15 4r G7     L3-18 4k G3R6K3 L3-19 4k R7
#   L2-06 3w W6     L2-12 3u U6     L2-18 3g G6     L2-24 3r R6     L2-30 3k K6

LAST_ROUND = [
    P("last seat buys past 15", "winning purchase",
      "Seat 1 plays last in the final round, 13 points against 15: L3-16 (5 points, paid "
      "with its green, red and gold) wins, and so does L2-03 (2 points: a tie on 15 won "
      "with fewer cards); anything else loses (L2-02, free, makes 14).",
      bad="take white blue black", right=("buy L3-16", "buy L2-03"), index=101, current=1,
      round=20,
      seats=[seat("L3-04 L2-06 L2-12 L1-08 L1-16 L1-24 L1-32 L1-02 L1-09 L1-17",
                  tokens=tokens(black=2, red=1)),
             seat("L3-12 L2-18 L2-24 L2-17 L1-25 L1-33 L1-34 L1-10",
                  tokens=tokens(green=3, red=1, gold=1))],
      market={1: row("L1-01 L1-03 L1-04 L1-05"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-16 L3-01 L3-05 L3-09")},
      nobles=["N03", "N04", "N05"]),
    P("reserved winner left for a free card", "winning purchase",
      "Seat 1 plays last in the final round, 12 points against 16: its reserved L3-20 "
      "(5 points, and N05 with it) wins; the free L2-05 played (2 points) makes 14.",
      bad="buy L2-05", right=("buy L3-20",), index=102, current=1, round=19,
      seats=[seat("L3-08 L3-07 L2-09 L2-11 L2-01 L1-40 L1-16 L1-01 L1-02 L1-03",
                  tokens=tokens(white=2, green=1)),
             seat("L3-19 L2-24 L2-23 L2-19 L1-32 L1-26 L1-33 L1-35 L1-24",
                  reserved="L3-20", tokens=tokens(red=2, white=1, blue=1))],
      market={1: row("L1-04 L1-05 L1-06 L1-07"), 2: row("L2-02 L2-03 L2-04 L2-05"),
              3: row("L3-01 L3-02 L3-03 L3-05")},
      nobles=["N04", "N05", "N10"]),
    P("three players, the middle seat's free winner", "winning purchase",
      "Three players, final round (seat 0 has 15); seat 1 (13 points, six green bonuses) "
      "can take L2-18 (3 points) for nothing and finish on 16, out of seat 2's reach (7); "
      "a take leaves seat 0 the winner.",
      bad="take white blue green", right=("buy L2-18",), index=103, players=3, current=1,
      round=21,
      seats=[seat("L3-03 L3-02 L2-05 L2-10 L2-27 L1-40 L1-04 L1-12 L1-33",
                  tokens=tokens(red=2, green=1)),
             seat("L3-11 L2-17 L2-16 L2-13 L2-14 L2-07 L2-08 L1-24",
                  tokens=tokens(white=2, red=2, black=1)),
             seat("L2-24 L2-23 L2-19 L1-32 L1-26 L1-27", tokens=tokens(green=2, gold=1))],
      market={1: row("L1-05 L1-06 L1-11 L1-13"), 2: row("L2-18 L2-20 L2-21 L2-22"),
              3: row("L3-12 L3-10 L3-13 L3-17")},
      nobles=["N03", "N04", "N09", "N10"]),
    P("four players, two winners with gold", "winning purchase",
      "Four players, final round (seat 1 has 15); seat 3 plays last with 11 points: L3-04 "
      "or L3-08 (5 points each, gold making up the cost) wins; a take loses.",
      bad="take white green red", right=("buy L3-04", "buy L3-08"), index=104, players=4,
      current=3, round=22,
      seats=[seat("L3-06 L2-09 L2-11 L1-16 L1-09 L1-11 L1-13 L2-25",
                  tokens=tokens(white=1, green=1)),
             seat("L3-15 L3-19 L2-23 L1-32 L1-40 L1-25 L1-34 L1-35", nobles="N05",
                  tokens=tokens(red=1)),
             seat("L2-17 L2-16 L2-15 L1-24 L2-13 L2-14 L1-17 L1-18",
                  tokens=tokens(green=2, red=2)),
             seat("L3-02 L3-03 L2-05 L1-08 L1-01 L1-02 L1-03 L1-04",
                  tokens=tokens(black=5, gold=2, blue=1))],
      market={1: row("L1-05 L1-06 L1-07 L1-10"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-04 L3-08 L3-01 L3-10")},
      nobles=["N01", "N02", "N05", "N06", "N10"]),
    P("a tie won on fewer cards", "winning purchase",
      "Seat 1 plays last in the final round, 13 points against 15: L2-17 (2 points, free "
      "with its five green) ties on 15 and wins the tie with fewer cards (8 to 13); "
      "taking two tokens loses.",
      bad="take2 blue", right=("buy L2-17",), index=105, current=1, round=21,
      seats=[seat("L3-04 L2-06 L2-01 L2-02 L2-25 L1-08 L1-16 L1-40 L1-32 L1-02 L1-09 L1-10 "
                  "L1-33",
                  tokens=tokens(red=2)),
             seat("L3-12 L3-11 L2-16 L2-13 L1-24 L1-17 L1-18",
                  tokens=tokens(white=1, black=1))],
      market={1: row("L1-03 L1-04 L1-05 L1-06"), 2: row("L2-17 L2-19 L2-20 L2-21"),
              3: row("L3-01 L3-05 L3-09 L3-13")},
      nobles=["N02", "N04", "N05"]),
]


DECISIVE = [
    P("a five-pointer ends it first", "decisive purchase",
      "Seat 0 (first player, 11 points) buys L3-20 and ends the game on 16: seat 1 "
      "(11) can reach 15 at most. After a take, seat 1 buys L3-07 (4) and wins on 15.",
      bad="take white green black", right=("buy L3-20",), index=111, current=0, round=18,
      seats=[seat("L3-15 L2-24 L2-23 L1-32 L1-16 L1-25 L1-26 L1-37 L1-38",
                  tokens=tokens(red=1, black=1, white=1, green=1)),
             seat("L3-06 L2-06 L2-09 L1-08 L1-40 L1-01 L1-02 L1-09 L1-10",
                  tokens=tokens(white=2, black=2, blue=1))],
      market={1: row("L1-03 L1-04 L1-05 L1-06"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-20 L3-07 L3-08 L3-13")},
      nobles=["N03", "N04", "N08"]),
    P("fifteen first, the tie on cards", "decisive purchase",
      "Seat 0 (10 points) buys L3-16 for 15: seat 1 (12, twelve cards) can only tie on 15 "
      "with the free L2-30 and loses the tie on cards. After a take, L2-30 wins it for "
      "seat 1.",
      bad="take white blue black", right=("buy L3-16",), index=112, current=0, round=19,
      seats=[seat("L3-12 L2-17 L2-15 L1-24 L1-17 L1-18 L1-11 L1-12",
                  tokens=tokens(red=3, green=1, white=1)),
             seat("L3-02 L2-05 L2-27 L2-25 L2-19 L1-08 L1-40 L1-01 L1-03 L1-33 L1-34 L1-36",
                  tokens=tokens(white=1, blue=2))],
      market={1: row("L1-02 L1-04 L1-05 L1-06"), 2: row("L2-30 L2-01 L2-02 L2-03"),
              3: row("L3-16 L3-03 L3-05 L3-09")},
      nobles=["N03", "N04", "N09"]),
    P("three players, fifteen before the last seat's five", "decisive purchase",
      "Three players: seat 0 (11) buys L3-18 (4, red paid with gold) for 15; seat 2 (10, "
      "eleven cards) can tie with L3-08 but loses on cards. After L3-01 (3) played "
      "instead, seat 2's L3-08 ends the game on 15 against 14 and wins it.",
      bad="buy L3-01", right=("buy L3-18",), index=113, players=3, current=0,
      round=17,
      seats=[seat("L3-19 L2-30 L2-29 L1-40 L1-16 L1-35 L1-36 L1-09",
                  tokens=tokens(green=3, red=4, gold=2)),
             seat("L2-24 L2-21 L2-19 L2-20 L1-32 L1-08 L1-25 L1-26",
                  tokens=tokens(blue=1, green=1)),
             seat("L3-06 L2-12 L2-09 L1-24 L1-10 L1-11 L1-12 L1-13 L1-14 L1-15 L1-17",
                  tokens=tokens(white=5, gold=2))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-05 L2-01 L2-02 L2-03"),
              3: row("L3-18 L3-08 L3-01 L3-05")},
      nobles=["N04", "N05", "N08", "N10"]),
    P("four players, fifteen before the last seat", "decisive purchase",
      "Four players: seat 2 (10) buys L3-12 (5, blue and gold) for 15; seat 3, last, "
      "(12, nine cards) can only tie with the free L2-30 and loses on cards. After a "
      "take, L2-30 ends the game for seat 3 on 15.",
      bad="take white green red", right=("buy L3-12",), index=114, players=4, current=2,
      round=18,
      seats=[seat("L3-03 L2-06 L1-08 L1-01", tokens=tokens(green=1)),
             seat("L3-16 L2-24 L1-32 L1-25", tokens=tokens(black=2)),
             seat("L3-11 L2-17 L2-16 L2-13 L1-24 L1-17 L1-18",
                  tokens=tokens(blue=5, gold=2)),
             seat("L3-19 L3-20 L2-27 L1-40 L1-33 L1-34 L1-35 L1-36 L1-37",
                  tokens=tokens(white=1))],
      market={1: row("L1-02 L1-03 L1-04 L1-05"), 2: row("L2-30 L2-01 L2-02 L2-03"),
              3: row("L3-12 L3-01 L3-05 L3-09")},
      nobles=["N01", "N04", "N05", "N03", "N06"]),
    P("the reserved three-pointer that ends it", "decisive purchase",
      "Seat 0 (12) buys its reserved L2-24 (free) for 15; seat 1 (13, nine cards) can tie "
      "with L2-29 and loses on cards. After a take, L2-29 wins it for seat 1.",
      bad="take white blue green", right=("buy L2-24",), index=115, current=0, round=18,
      seats=[seat("L3-14 L3-15 L2-21 L1-32 L1-24 L1-25 L1-26", reserved="L2-24",
                  tokens=tokens(white=2, blue=2)),
             seat("L3-10 L3-11 L2-17 L2-16 L1-40 L1-17 L1-18 L1-19 L1-20",
                  tokens=tokens(red=3, white=1))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-29 L2-01 L2-02 L2-03"),
              3: row("L3-12 L3-01 L3-02 L3-03")},
      nobles=["N01", "N02", "N03"]),
]

NOBLES = [
    P("the noble that wins the last turn", "noble given up",
      "Seat 1 plays last in the final round, 12 points against 15: L1-40 (1 point, its "
      "fourth black) brings N05 and 16; L2-05 (2 points, no noble) makes 14 and loses.",
      bad="buy L2-05", right=("buy L1-40",), index=121, current=1, round=20,
      seats=[seat("L3-04 L3-08 L2-06 L1-08 L1-16 L1-01 L1-09 L1-17",
                  tokens=tokens(green=2, black=1)),
             seat("L3-15 L3-14 L2-23 L2-21 L1-33 L1-34 L1-35",
                  tokens=tokens(blue=4, white=1, red=1))],
      market={1: row("L1-40 L1-36 L1-37 L1-02"), 2: row("L2-05 L2-01 L2-02 L2-03"),
              3: row("L3-01 L3-02 L3-03 L3-05")},
      nobles=["N05", "N01", "N03"]),
    P("the noble that ends it first", "noble given up",
      "Seat 0 (12) buys L1-12 (free), its third blue: N07 visits, 15, and seat 1 can only "
      "tie (L2-18) with more cards. L1-32 played instead (1 point, no noble) leaves seat "
      "1's L2-18 the winner.",
      bad="buy L1-32", right=("buy L1-12",), index=122, current=0, round=18,
      seats=[seat("L3-03 L3-06 L2-09 L2-01 L1-08 L1-02 L1-03 L1-33 L1-34 L1-35",
                  tokens=tokens(red=2, green=1)),
             seat("L3-12 L2-17 L2-15 L2-25 L2-26 L1-24 L1-37 L1-38 L1-39 L1-20 L1-21",
                  tokens=tokens(white=1, blue=1))],
      market={1: row("L1-12 L1-32 L1-01 L1-04"), 2: row("L2-18 L2-02 L2-03 L2-04"),
              3: row("L3-01 L3-02 L3-05 L3-07")},
      nobles=["N07", "N04", "N10"]),
    P("the reserved card that brings a noble", "noble given up",
      "Seat 0 (11, W4 K3) buys its reserved L1-40 (1): its fourth black brings N02, 15, "
      "and seat 1 (12, nine cards) can only tie with L2-18 and loses on cards. L2-10 "
      "played instead (2 points, no noble) leaves seat 1's L2-18 the winner.",
      bad="buy L2-10", right=("buy L1-40",), index=123, current=0, round=18,
      seats=[seat("L3-04 L2-27 L2-02 L2-09 L1-08 L1-01 L1-33 L1-34", reserved="L1-40",
                  tokens=tokens(blue=3, red=1, black=1)),
             seat("L3-12 L3-11 L2-17 L1-24 L1-17 L1-18 L1-19 L1-20 L1-21",
                  tokens=tokens(white=1))],
      market={1: row("L1-02 L1-03 L1-04 L1-05"), 2: row("L2-18 L2-10 L2-01 L2-03"),
              3: row("L3-01 L3-02 L3-05 L3-06")},
      nobles=["N02", "N03", "N07"]),
    P("three players, the last seat's noble", "noble given up",
      "Three players, final round (seat 0 has 15); seat 2 plays last with 12: L1-40 "
      "brings N02 and 16; L2-03 (2 points, no noble) makes 14.",
      bad="buy L2-03", right=("buy L1-40",), index=124, players=3, current=2, round=21,
      seats=[seat("L3-08 L3-12 L2-16 L2-11 L1-24 L1-10 L1-11", tokens=tokens(white=1)),
             seat("L2-24 L2-23 L2-21 L1-32 L1-16"),
             seat("L3-02 L3-03 L2-05 L2-27 L1-01 L1-02 L1-33 L1-34",
                  tokens=tokens(blue=4, red=4, green=1))],
      market={1: row("L1-40 L1-03 L1-04 L1-05"), 2: row("L2-03 L2-01 L2-02 L2-06"),
              3: row("L3-01 L3-04 L3-05 L3-06")},
      nobles=["N02", "N03", "N09", "N05"]),
]

TEN_TOKENS = [
    P("three taken and given back on the last turn", "take at ten tokens",
      "Seat 1 plays last in the final round with 10 tokens, 12 points against 15: L3-08 "
      "(5) or L3-10 (4) wins; taking three means giving three back, and losing.",
      bad="take blue red black", right=("buy L3-08", "buy L3-10"), index=131, current=1,
      round=21,
      seats=[seat("L3-16 L3-20 L2-24 L1-32 L1-40 L1-25 L1-33", tokens=tokens(red=1)),
             seat("L3-07 L3-06 L2-09 L2-11 L1-09 L1-10",
                  tokens=tokens(white=4, gold=3, green=3))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-08 L3-10 L3-01 L3-02")},
      nobles=["N05", "N01", "N07"]),
    P("ten tokens and the game in hand", "take at ten tokens",
      "Seat 0 (11) holds 10 tokens and can buy L3-19, L3-02 or L3-03 (4) for 15; seat 1 "
      "(12) can then only tie with more cards (unless the card dealt in its place is "
      "L3-15, free for seat 1: about one deal in ten). Taking three (and giving three "
      "back) lets seat 1's free L2-18 win.",
      bad="take white blue black", right=("buy L3-19", "buy L3-02", "buy L3-03"), index=132,
      current=0, round=19,
      seats=[seat("L3-18 L2-30 L2-28 L1-40 L1-16 L1-36",
                  tokens=tokens(red=4, gold=3, green=2, white=1)),
             seat("L3-11 L3-12 L2-13 L2-14 L1-24 L1-17 L1-18 L1-19",
                  tokens=tokens(blue=2))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-18 L2-01 L2-02 L2-03"),
              3: row("L3-19 L3-01 L3-02 L3-03")},
      nobles=["N05", "N02", "N03"]),
    P("three players, ten tokens, the middle seat", "take at ten tokens",
      "Three players, final round (seat 0 has 15); seat 1 (12) holds 10 tokens and can "
      "buy L3-20 (5) for 17; taking three and giving them back loses.",
      bad="take white blue green", right=("buy L3-20",), index=133, players=3, current=1,
      round=20,
      seats=[seat("L3-04 L3-03 L2-06 L2-05 L1-08", tokens=tokens(black=1)),
             seat("L3-19 L3-18 L2-30 L1-40 L1-33 L1-34",
                  tokens=tokens(red=5, gold=2, green=2, blue=1)),
             seat("L2-17 L2-16 L2-13 L2-14 L1-24", tokens=tokens(white=2))],
      market={1: row("L1-01 L1-02 L1-03 L1-05"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-20 L3-01 L3-02 L3-05")},
      nobles=["N01", "N04", "N09", "N10"]),
    P("ten tokens and a reserved two-pointer", "take at ten tokens",
      "Seat 0 (13) holds 10 tokens and its reserved L2-29 (2) ends the game on 15; seat "
      "1 (12) can then only tie with more cards. Taking three lets seat 1's L2-30 win.",
      bad="take blue green red", right=("buy L2-29",), index=134, current=0, round=19,
      seats=[seat("L3-12 L3-10 L2-16 L2-15 L1-17 L1-18", reserved="L2-29",
                  tokens=tokens(red=3, white=3, blue=2, black=2)),
             seat("L3-19 L3-03 L2-27 L2-25 L1-40 L1-33 L1-34 L1-35",
                  tokens=tokens(green=2, white=1))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-30 L2-01 L2-02 L2-03"),
              3: row("L3-01 L3-02 L3-05 L3-06")},
      nobles=["N01", "N02", "N04"]),
]

RESERVES = [
    P("a reserve on the last turn", "idle reserve",
      "Seat 1 plays last in the final round, 13 against 15: L2-24 (3, free) wins; "
      "reserving L1-01 blocks nobody (the game ends) and loses.",
      bad="reserve L1-01", right=("buy L2-24",), index=141, current=1, round=20,
      seats=[seat("L3-12 L3-11 L2-17 L2-16 L1-24 L1-16 L1-17", tokens=tokens(black=2)),
             seat("L3-16 L3-15 L2-23 L2-21 L1-25 L1-26", tokens=tokens(white=1, blue=1))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-24 L2-01 L2-02 L2-03"),
              3: row("L3-01 L3-02 L3-03 L3-04")},
      nobles=["N03", "N01", "N08"]),
    P("a blind reserve instead of the end", "idle reserve",
      "Seat 0 (10) can buy L3-08 (5, white and gold) for 15, and seat 1 (12) can then "
      "only tie with more cards; reserving from the level-1 deck lets seat 1's free L2-30 "
      "win.",
      bad="reserve deck 1", right=("buy L3-08",), index=142, current=0, round=18,
      seats=[seat("L3-06 L2-12 L2-10 L1-16 L1-09 L1-11", tokens=tokens(white=4, gold=3)),
             seat("L3-19 L3-03 L2-27 L1-40 L1-32 L1-33 L1-34 L1-35 L1-36",
                  tokens=tokens(blue=1))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-30 L2-01 L2-02 L2-03"),
              3: row("L3-08 L3-01 L3-02 L3-14")},
      nobles=["N01", "N04", "N05"]),
    P("three players, a reserve on the last turn", "idle reserve",
      "Three players, final round (seat 0 has 15); seat 2 plays last with 11: L3-08 (5, "
      "white and gold) wins; reserving L3-05 blocks nothing.",
      bad="reserve L3-05", right=("buy L3-08",), index=143, players=3, current=2, round=22,
      seats=[seat("L3-20 L3-19 L2-30 L2-29 L1-33 L1-34 L1-40", tokens=tokens(red=1)),
             seat("L2-24 L2-23 L2-21 L1-32", tokens=tokens(green=2)),
             seat("L3-06 L3-07 L2-11 L1-16 L1-09 L1-10", tokens=tokens(white=5, gold=2))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-08 L3-05 L3-09 L3-13")},
      nobles=["N05", "N02", "N01", "N03"]),
    P("a level-3 reserve instead of a noble", "idle reserve",
      "Seat 0 (12) buys L1-15 (its fourth blue): N01 visits, 15, and seat 1 (12) can then "
      "only tie with more cards; reserving from the level-3 deck lets seat 1's free L2-24 "
      "win.",
      bad="reserve deck 3", right=("buy L1-15",), index=144, current=0, round=18,
      seats=[seat("L3-04 L3-02 L2-05 L1-08 L1-12 L1-13 L1-14",
                  tokens=tokens(black=3, red=1)),
             seat("L3-16 L3-15 L2-21 L1-32 L1-25 L1-26 L1-37 L1-38 L1-20",
                  tokens=tokens(white=1, blue=1))],
      market={1: row("L1-15 L1-01 L1-02 L1-03"), 2: row("L2-24 L2-01 L2-02 L2-03"),
              3: row("L3-01 L3-03 L3-05 L3-06")},
      nobles=["N01", "N04", "N10"]),
]

BLOCKS = [
    P("the only card that stops the winner", "blocking reserve",
      "Seat 1 (13, five green) plays last and wins next turn with L2-17 (2, free for it), "
      "its only way to 15. Seat 0 (12) cannot win now: reserving L2-17 is the only move "
      "that does not lose at once; after a take, seat 1 buys it and wins.",
      bad="take blue green black", right=("reserve L2-17",), index=201, current=0,
      round=17,
      seats=[seat("L3-03 L3-02 L2-05 L2-01 L1-08", tokens=tokens(black=2, blue=2, red=1)),
             seat("L3-12 L3-11 L2-16 L2-13 L1-24", tokens=tokens(white=1))],
      market={1: row("L1-01 L1-05 L1-06 L1-07"), 2: row("L2-17 L2-19 L2-20 L2-21"),
              3: row("L3-01 L3-05 L3-09 L3-13")},
      nobles=["N03", "N04", "N06"]),
    P("the card that would bring the winning noble", "blocking reserve",
      "Seat 1 (11, R5 U4 K3) plays last and wins next turn with L1-40 (1, free for it): "
      "its fourth black brings N05, 15. Seat 0 (12) cannot win now nor buy L1-40: "
      "reserving it is the only move that does not lose at once, and its gold pays for "
      "seat 0's reserved L2-24 (3) next turn, 15, out of seat 1's reach.",
      bad="take white blue green", right=("reserve L1-40",), index=202, current=0,
      round=17,
      seats=[seat("L3-04 L2-06 L2-05 L1-08 L1-32", reserved="L2-24",
                  tokens=tokens(red=4)),
             seat("L3-15 L3-14 L2-08 L2-07 L2-19 L1-25 L1-26 L1-09 L1-10 L1-33 L1-34 L1-35")],
      market={1: row("L1-40 L1-02 L1-03 L1-04"), 2: row("L2-01 L2-02 L2-03 L2-20"),
              3: row("L3-01 L3-02 L3-03 L3-05")},
      nobles=["N05", "N02", "N06"]),
]

# ---------------------------------------------------------------- the modules

CITIES = [
    P("the city on the last seat's turn", "city thrown away",
      "The Cities: seat 1 plays last in the round, 12 points, W4 R2: L1-32 (1, free) "
      "makes 13 and R3, and C04 is taken: the round ends at once and seat 1 alone holds "
      "a city. After a take, seat 0 takes C09 with L2-19 next turn.",
      bad="take green red black", right=("buy L1-32",), index=151, current=1, round=17,
      module="cities",
      seats=[seat("L3-19 L3-20 L2-23 L1-40 L1-27 L1-28", tokens=tokens(white=2, blue=1)),
             seat("L3-04 L3-03 L2-06 L1-01 L1-25 L1-26", tokens=tokens(green=2, blue=1))],
      market={1: row("L1-32 L1-30 L1-05 L1-06"), 2: row("L2-19 L2-01 L2-02 L2-03"),
              3: row("L3-01 L3-02 L3-05 L3-06")},
      extra={"cities": ["C04", "C05", "C09"]}),
    P("a city first, on more points", "city thrown away",
      "The Cities: seat 0 (12, U2 G4) buys L2-11 (2) for 14 and U3: C07 is taken, and "
      "seat 1's answer (C08 with L2-13) comes on 13. After a take, seat 1 takes C08 and "
      "the game ends with it.",
      bad="take green red black", right=("buy L2-11",), index=152, current=0, round=17,
      module="cities",
      seats=[seat("L3-12 L3-11 L2-17 L1-24 L1-09 L1-10", tokens=tokens(blue=3, white=1)),
             seat("L3-20 L3-19 L2-29 L1-40 L1-17 L1-18", tokens=tokens(white=3, red=3))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-11 L2-13 L2-01 L2-02"),
              3: row("L3-01 L3-02 L3-03 L3-04")},
      extra={"cities": ["C07", "C08", "C01"]}),
    P("three players, the last city", "city thrown away",
      "The Cities, three players: seat 0 holds C04 on 13 (the final round); seat 2 plays "
      "last with 13 points and R3 K4: L2-21 (2) makes 15 and R4, C09 is taken and wins on "
      "points; a take leaves seat 0 the only city holder.",
      bad="take blue green red", right=("buy L2-21",), index=153, players=3, current=2,
      round=19, module="cities",
      seats=[seat("L3-04 L3-02 L2-05 L1-08 L1-32 L1-25 L1-26", city="C04"),
             seat("L2-17 L2-16 L2-15 L2-13 L2-14 L1-24"),
             seat("L3-20 L3-19 L2-27 L2-23 L1-27 L1-28 L1-33",
                  tokens=tokens(white=3, black=1, blue=1))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-21 L2-01 L2-02 L2-03"),
              3: row("L3-01 L3-03 L3-05 L3-06")},
      extra={"cities": ["C09", "C07"]}),
]

POSTS = [
    P("post 4 on the last turn", "trading post thrown away",
      "Trading Posts: seat 1 plays last in the final round, 10 points (N04, four green) "
      "against 15: L1-24 (1) is its fifth green, post 4 brings 5 points: 16. A take "
      "loses.",
      bad="take white green red", right=("buy L1-24",), index=161, current=1, round=20,
      module="trading-posts",
      seats=[seat("L3-08 L3-07 L2-12 L2-09 L1-16", tokens=tokens(white=1)),
             seat("L2-17 L2-16 L1-17 L1-18 L2-23 L1-25 L1-26 L1-27 L1-40", nobles="N04",
                  tokens=tokens(black=3, blue=1))],
      market={1: row("L1-24 L1-01 L1-02 L1-03"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-01 L3-02 L3-03 L3-04")},
      nobles=["N04", "N01", "N07"]),
    P("post 4 ends it first", "trading post thrown away",
      "Trading Posts: seat 0 (9, N03, four green) buys L2-17 (2): post 4 makes 16, and "
      "seat 1 (12 with post 5) reaches 15 at most. After a take, seat 1 buys L2-30 and "
      "wins on 15.",
      bad="take white blue black", right=("buy L2-17",), index=162, current=0, round=18,
      module="trading-posts",
      seats=[seat("L2-11 L2-10 L1-11 L1-12 L2-15 L1-17 L1-18 L1-19", nobles="N03",
                  tokens=tokens(green=1, red=2, white=1)),
             seat("L3-19 L3-20 L2-27", posts=[5], tokens=tokens(black=3))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-17 L2-30 L2-01 L2-02"),
              3: row("L3-01 L3-02 L3-03 L3-04")},
      nobles=["N03", "N05", "N02"]),
    P("three players, post 4 or a point", "trading post thrown away",
      "Trading Posts, three players, final round (seat 0 has 15): seat 1 (10, N04, four "
      "green) buys L1-24 (1), its fifth green: post 4, 16. L1-32 (1, no post) makes 11.",
      bad="buy L1-32", right=("buy L1-24",), index=163, players=3, current=1, round=21,
      module="trading-posts",
      seats=[seat("L3-08 L3-07 L2-12 L2-09 L1-16", tokens=tokens(white=1)),
             seat("L2-17 L2-16 L1-17 L1-18 L2-23 L1-25 L1-26 L1-27 L1-40", nobles="N04",
                  tokens=tokens(black=3, white=4)),
             seat("L2-24 L2-21 L1-33 L1-34", tokens=tokens(blue=2))],
      market={1: row("L1-24 L1-32 L1-02 L1-03"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-01 L3-02 L3-03 L3-04")},
      nobles=["N04", "N01", "N07", "N06"]),
]

ORIENT = [
    P("the double gold that wins", "orient: winning purchase",
      "The Orient: seat 1 plays last in the final round, 12 against 15: L3-14 (4) paid "
      "with its double gold (two of the missing tokens) wins; a take loses.",
      bad="take white blue black", right=("buy L3-14",), index=171, current=1, round=20,
      module="orient",
      seats=[seat("L3-04 L3-03 L2-06 L2-05 L1-08", tokens=tokens(black=1)),
             seat("L3-12 L3-11 L2-18 L1-17 L1-18", doubles=["O1-01"],
                  tokens=tokens(blue=2, red=2, green=1))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-14 L3-01 L3-02 L3-05")},
      nobles=["N01", "N02", "N08"],
      extra={"orient_market": {1: ["O1-06", "O1-07"], 2: ["O2-01", "O2-03"],
                               3: ["O3-06", "O3-07"]}}),
    P("the sacrifice that wins", "orient: winning purchase",
      "The Orient: seat 1 plays last in the final round, 13 against 15: O3-09 (3) costs "
      "its two green cards (0 points) and makes 16; a take loses.",
      bad="take white blue green", right=("buy O3-09",), index=172, current=1, round=20,
      module="orient",
      seats=[seat("L3-08 L3-06 L2-12 L2-11 L1-16", tokens=tokens(black=1)),
             seat("L3-20 L3-19 L2-23 L2-21 L1-17 L1-18", tokens=tokens(white=1))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-01 L3-02 L3-03 L3-04")},
      nobles=["N03", "N05", "N10"],
      extra={"orient_market": {1: ["O1-06", "O1-07"], 2: ["O2-01", "O2-03"],
                               3: ["O3-09", "O3-06"]}}),
    P("the free card that wins", "orient: free card",
      "The Orient: seat 1, last in the final round, bought O3-01 (take a level-2 card "
      "free) on 13 against 15: L2-06 (3) wins; L2-01 (1) makes 14.",
      bad="free L2-01", right=("free L2-06",), index=173, current=1, round=20,
      module="orient", then=("buy O3-01",),
      seats=[seat("L3-16 L3-15 L2-24 L2-23 L1-32", tokens=tokens(black=1)),
             seat("L3-06 L3-07 L2-09 L2-11 L1-09 L1-10 L1-11 L1-16",
                  tokens=tokens(white=1, green=3))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-06 L2-01 L2-07 L2-13"),
              3: row("L3-01 L3-02 L3-03 L3-04")},
      nobles=["N04", "N05", "N01"],
      extra={"orient_market": {1: ["O1-06", "O1-07"], 2: ["O2-03", "O2-08"],
                               3: ["O3-01", "O3-07"]}}),
]

STRONGHOLDS = [
    P("the conquest that wins", "strongholds: conquest",
      "Strongholds: seat 1, last in the final round, 11 against 15, has its three "
      "strongholds on L3-08 (5) and can pay for it: conquering wins; declining loses.",
      bad="decline", right=("conquer L3-08",), index=181, current=1, round=20,
      module="strongholds",
      seats=[seat("L3-12 L3-11 L2-18 L2-17 L1-24", tokens=tokens(red=1)),
             seat("L3-07 L3-06 L2-09 L1-16 L1-09 L1-10", tokens=tokens(white=4, gold=3))],
      market={1: row("L1-01 L1-02 L1-03 L1-04"), 2: row("L2-01 L2-02 L2-03 L2-04"),
              3: row("L3-08 L3-01 L3-02 L3-14")},
      nobles=["N01", "N02", "N03"],
      extra={"holds": {"L3-08": (1, 3)}, "phase": Phase.CONQUEST}),
    P("the stronghold that blocks the winner", "strongholds: block",
      "Strongholds: seat 0 (12) bought L2-06 (3) for 15; seat 1 (12) can answer only with "
      "L3-20 (5, red and gold) for 17. A stronghold on L3-20 keeps it from seat 1; one "
      "anywhere else loses.",
      bad="hold place L3-01", right=("hold place L3-20",), index=182, current=0, round=19,
      module="strongholds", then=("buy L2-06",),
      seats=[seat("L3-04 L3-03 L2-05 L1-08 L1-01 L1-02", tokens=tokens(blue=1)),
             seat("L3-19 L3-18 L2-27 L2-25 L1-40 L1-33 L1-34 L1-35",
                  tokens=tokens(red=4, gold=3))],
      market={1: row("L1-03 L1-04 L1-05 L1-06"), 2: row("L2-06 L2-01 L2-02 L2-03"),
              3: row("L3-20 L3-01 L3-11 L3-05")},
      nobles=["N02", "N05", "N06"]),
]


# ---------------------------------------------------------------- played games
# Games of the hard bots (`make_bot("hard", seed * 10 + seat)`), kept as the actions they
# played from the seeded deal, stopped where the seat to play can win at once.

GAME_56 = (
    "take green red black; take green red black; take green red black; reserve L2-02; buy "
    "L1-38; take green red black; reserve L1-08; buy L2-02; take white blue green; "
    "reserve L1-26; buy L1-06; take white blue green; buy L1-17; buy L1-26; take white "
    "green red; reserve L1-30; buy L1-14; take white red black; reserve L1-16; take white "
    "green red; reserve L2-27; reserve L1-37; buy L1-29; take white red black; return "
    "white; take white green black; reserve L2-21; return green; buy L2-19; buy L3-19; "
    "buy L1-10; buy L1-30; buy L1-28; reserve L2-08; buy L1-23; take green red black; buy "
    "L2-13; take white red black; buy L1-13; take white red black; return white white; "
    "buy L1-08; buy L2-24; reserve L2-10; take white green black; buy L1-05; buy L2-21; "
    "buy L1-33; reserve L2-15; buy L1-04; take blue red black; buy L2-27; noble N08; take "
    "white red black; buy L2-20"
)
GAME_130 = (
    "take white blue black; take white blue black; take blue green red; take blue green "
    "red; buy L1-35; take blue green red; reserve L2-22; buy L1-10; buy L1-15; take white "
    "blue green; reserve L2-11; reserve L2-12; reserve L3-11; buy L2-12; take2 blue; take "
    "green red black; take white blue green; buy L1-05; take white blue green; reserve "
    "L3-10; buy L1-26; buy L1-33; buy L1-06; reserve L1-40; buy L3-11; buy L1-31; buy "
    "L1-36; take white blue red; reserve L2-01; buy L1-40; take blue green red; reserve "
    "L2-08; buy L1-09; buy L1-25; buy L1-20; buy L1-19; buy L1-14; buy L1-39; buy L2-11; "
    "buy L1-12; buy L2-22; buy L1-07; buy L1-03; buy L1-27; buy L1-38; buy L1-04; noble "
    "N07; buy L1-21; buy L1-01; buy L1-17; buy L1-32; buy L1-37; reserve L1-24; buy "
    "L1-08; buy L1-22; buy L2-26; buy L2-08; buy L2-21; reserve L3-05; buy L2-01"
)
GAME_115 = (
    "take white blue black; take white blue black; take white blue black; take white red "
    "black; take white red black; reserve L1-20; buy L1-12; take white blue black; "
    "reserve L1-24; reserve L1-25; buy L1-17; take green red black; take white blue red; "
    "reserve L2-01; reserve L2-19; buy L1-28; reserve L2-02; buy L1-24; take blue green "
    "red; take green red black; buy L1-09; reserve L2-08; reserve L3-11; return white; "
    "reserve L3-03; reserve L2-05; buy L1-15; take white green black; take white red "
    "black; take white green red; buy L1-04; buy L2-05; buy L1-11; take white green "
    "black; reserve L2-29; take white blue red; buy L1-01; buy L2-14; buy L2-17; take "
    "white blue black; take white blue red; take white red black; buy L2-25; take white "
    "blue green; buy L1-03; take white green black; buy L1-25; buy L2-01; buy L2-26; buy "
    "L2-08; take2 white; take2 red; reserve L2-09; buy L1-32; buy L1-26; buy L1-21; "
    "reserve L2-03; buy L2-19; buy L1-23; buy L1-36; buy L1-39; buy L1-31; buy L1-06; "
    "reserve L2-27; reserve L2-10; buy L2-15; buy L1-07; buy L1-10; buy L1-33; buy L1-30; "
    "take white blue green; buy L1-29; buy L2-13; buy L1-18; buy L1-27; buy L1-20; buy "
    "L1-02; buy L2-03; reserve L3-17; buy L1-37; buy L1-34; buy L1-05; buy L1-40; buy "
    "L1-38; buy L2-27; buy L1-35; buy L2-21; reserve L3-15; buy L2-20; buy L1-16; take2 "
    "black; buy L1-08; buy L2-02"
)
CITIES_10 = (
    "take white blue green; take white blue green; take white green red; reserve L1-36; "
    "take white green black; buy L1-36; reserve deck 1; reserve L2-26; reserve L1-07; "
    "return black; reserve L2-17; buy L2-28; take white blue green; reserve L1-40; take "
    "blue green black; take blue green black; reserve L1-29; buy L1-27; buy L2-17; buy "
    "L1-07; buy L1-29; take blue green red; take white blue black; buy L1-10; reserve "
    "L1-33; reserve L1-24; buy L1-15; buy L1-40; take white blue green; reserve L2-22; "
    "take white blue green; buy L1-25; reserve L1-19; return white; buy L1-20; buy L3-11; "
    "take blue green black; buy L1-13; buy L1-04; buy L1-34; buy L1-05; take2 white; buy "
    "L1-22; buy L1-38; buy L1-12; buy L1-19; buy L2-25; buy L1-08; buy L1-35; reserve "
    "L2-21; buy L1-24; buy L2-26; buy L1-11; take white red black; buy L1-09; take white "
    "green red; buy L2-22; buy L2-21; reserve L2-03; buy L1-16; buy L2-03; buy L1-02; buy "
    "L1-06; reserve L3-07; reserve L2-29; reserve L2-06; buy L2-09; buy L2-20; buy L2-30"
)
HOLDS_49 = (
    "take white blue black; take white blue black; take white blue green; take white blue "
    "green; reserve L1-35; reserve L2-15; buy L1-34; hold place L2-06; take white red "
    "black; take white red black; buy L2-15; hold place L2-23; buy L1-30; hold remove "
    "L2-23; take blue green red; reserve L2-28; take white green black; reserve L2-02; "
    "buy L1-22; hold place L2-17; take green red black; buy L2-17; hold place L2-23; take "
    "green red black; reserve L2-04; buy L1-38; hold remove L2-23; reserve L2-30; buy "
    "L2-23; hold place L3-15; reserve L2-24; buy L1-16; hold place L2-01; take2 red; take "
    "white green red; take white red black; buy L2-01; hold place L2-13; buy L2-24; hold "
    "place L1-11; take white green red; buy L1-11; hold remove L2-13; buy L1-06; hold "
    "place L2-13; take blue red black; buy L1-26; hold move L3-15 L2-06; buy L1-09; hold "
    "place L2-12; buy L1-07; hold remove L2-12; take blue green black; buy L1-25; hold "
    "move L2-13 L2-12; buy L1-14; hold remove L2-12; buy L1-28; hold place L2-12; buy "
    "L1-31; hold remove L2-12; buy L1-01; hold place L2-12; buy L1-13; hold remove L2-12; "
    "buy L1-19; hold place L2-12; reserve L2-13; buy L2-27; hold move L2-06 L3-10; take "
    "white green red; buy L1-39; hold move L2-06 L3-15; buy L1-20; hold remove L2-12; buy "
    "L2-10; hold place L2-12; buy L1-37; hold remove L2-12; buy L1-10; hold place L2-12; "
    "take2 black; buy L2-14; hold move L3-10 L3-01; buy L2-07; hold remove L2-12; buy "
    "L1-17; hold place L2-12; take2 white; buy L3-01; hold place L3-10"
)

PLAYED = [
    P("played: ten tokens on the last turn", "take at ten tokens",
      "A hard bots' game (seed 56), final round: seat 1 plays last with 10 points and 10 "
      "tokens against 15; L3-20 (5) ties on 15 and wins on cards (7 to 17); taking three "
      "means giving three back, and losing.",
      bad="take white blue green", right=("buy L3-20",), index=191, current=1, round=26,
      seed=56, played=GAME_56),
    P("played: the bot's own slip", "winning purchase",
      "A hard bots' game (seed 130), final round: seat 1 plays last, 12 points against "
      "16: L3-07 (4) ties on 16 and wins on cards (18 to 20); the bot played L3-13 (3) "
      "and lost.",
      bad="buy L3-13", right=("buy L3-07",), index=192, current=1, round=30,
      seed=130, played=GAME_130),
    P("played: three players, the middle seat", "winning purchase",
      "A hard bots' game of three (seed 115), final round: seat 1 plays last, 10 points "
      "against 15 and 13: L3-04 (5) ties on 15 and wins on cards (16 to 19); a take "
      "loses.",
      bad="take white blue green", right=("buy L3-04",), index=193, players=3, current=1,
      round=31, seed=115, played=GAME_115),
    P("played: the Cities, the last city", "city thrown away",
      "A hard bots' game of the Cities (seed 10): seat 0 holds C08 on 14; seat 1 plays "
      "last in the round with 12: L3-14 (4) makes 16 and takes a city, and the game; a "
      "take leaves seat 0 the only city holder.",
      bad="take white blue green", right=("buy L3-14",), index=194, current=1, round=34,
      module="cities", seed=10, played=CITIES_10),
    P("played: Strongholds, the last turn", "strongholds: winning purchase",
      "A hard bots' game of Strongholds (seed 49), final round: seat 1 plays last, 11 "
      "against 15: L3-11 (4) ties on 15 and wins on cards; a take loses.",
      bad="take white blue green", right=("buy L3-11",), index=195, current=1, round=30,
      module="strongholds", seed=49, played=HOLDS_49),
]


def positions() -> dict[str, KnownPosition]:
    """Every known position by name, in a stable order."""
    every = [*LAST_ROUND, *DECISIVE, *NOBLES, *TEN_TOKENS, *RESERVES, *BLOCKS, *CITIES,
             *POSTS, *ORIENT, *STRONGHOLDS, *PLAYED]
    named = {p.name: p for p in every}
    assert len(named) == len(every), "two positions share a name"
    assert len({p.index for p in every}) == len(every), "two positions share an index"
    return named


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class Result:
    position: KnownPosition
    bad: Judgement
    right: Judgement

    @property
    def label(self) -> str:
        return label_for(self.bad.drop, self.bad.noise)

    @property
    def right_label(self) -> str:
        return label_for(self.right.drop, self.right.noise)

    @property
    def hit(self) -> bool:
        """Labelled a mistake or blunder, with a right move as the best, and the right
        move played neither labelled nor judged with other figures."""
        return (self.label in ("mistake", "blunder")
                and self.position.is_right(self.bad.best.text())
                and not self.right_label and self.right.before == self.bad.before
                and self.right.best == self.bad.best)


def evaluate(p: KnownPosition, budget: int = DEFAULT_BUDGET, index: int | None = None
             ) -> Result:
    """The bad move and the right move judged (`index`: another seed than the position's
    own, to see how much a figure owes to the worlds drawn)."""
    view = p.view()
    return Result(p, p.judged(p.bad, view, budget, index),
                  p.judged(p.right_move(view), view, budget, index))


def table(results: Sequence[Result], out: Callable[[str], Any] = print) -> int:
    """Print the results as a table; returns the hits."""
    out(f"{'position':44} {'theme':20} {'label':10} {'best':22} {'before':>6} {'after':>6} "
        f"{'noise':>6}  ok")
    for r in results:
        b = r.bad
        out(f"{r.position.name[:44]:44} {r.position.theme[:20]:20} {r.label or '-':10} "
            f"{b.best.text()[:22]:22} {b.before:6.3f} {b.after:6.3f} {b.noise:6.3f}  "
            f"{'yes' if r.hit else 'NO'}"
            + ("" if r.hit else f"  (right move played: label {r.right_label or '-'}, best "
                                f"{r.right.best.text()}, before {r.right.before:.3f})"))
    hits = sum(r.hit for r in results)
    out(f"hit rate: {hits}/{len(results)}")
    return hits


def main(argv: Sequence[str]) -> int:
    """`[--seeds N] [NAME ...]`: the table of the positions whose name holds one of the
    NAMEs (all by default); with --seeds, each judged again at N other seeds (indices),
    and the hits counted by position."""
    args = list(argv)
    seeds = 0
    if args[:1] == ["--seeds"]:
        seeds, args = int(args[1]), args[2:]
    chosen = [p for name, p in positions().items() if not args or any(a in name for a in args)]
    start = time.perf_counter()
    results = [evaluate(p) for p in chosen]
    table(results)
    judged = 2 * len(results)
    if seeds:
        print(f"\nagain at {seeds} other seeds (hits, and the least drop and its noise):")
        total = 0
        for p in chosen:
            again = [evaluate(p, index=p.index + 1000 * k) for k in range(1, seeds + 1)]
            hits = sum(r.hit for r in again)
            worst = min(again, key=lambda r: r.bad.drop)
            total += hits
            print(f"{p.name[:44]:44} {hits}/{seeds}   least drop {worst.bad.drop:.3f} "
                  f"(noise {worst.bad.noise:.3f}, {worst.label or 'unmarked'})")
        judged += 2 * seeds * len(chosen)
        print(f"hit rate at other seeds: {total}/{seeds * len(chosen)}")
    print(f"{judged} judgements in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
