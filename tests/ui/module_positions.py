"""Built positions that put every piece of each Cities of Splendor module on the table,
for the module table tests: the viewer (seat 0) and the others hold their module's
pieces, with names as long as the New game screen allows."""

from __future__ import annotations

from splendor.engine import GameState, build_position
from splendor.gamedata import base_game

DATA = base_game()
LONG_NAMES = ("Bartholomew Kent", "Maximilianne Roe", "Wolfgang Amadeus", "Guinevere Smythe")
MODULE_NAMES = ("cities", "trading-posts", "orient", "strongholds")
#: Ten tokens, every colour and gold: the widest token row a panel shows.
FULL = {"white": 2, "blue": 2, "green": 1, "red": 2, "black": 2, "gold": 1}


def cities(players: int = 3) -> GameState:
    """The viewer on their way to the cities; the second player holds one (so the final
    round is on)."""
    seats: list[dict[str, object]] = [
        {"purchased": ["L1-01", "L1-09", "L1-17", "L2-13", "L2-19"],
         "tokens": {"white": 1, "red": 2}},
        {"purchased": ["L3-04", "L3-08", "L3-12", "L3-16"], "city": "C14", "tokens": FULL},
    ] + [{"purchased": [f"L1-{26 + i:02}"]} for i in range(players - 2)]
    return build_position(DATA, players, names=LONG_NAMES[:players], module="cities",
                          seats=seats, cities=["C03", "C11"])


def trading_posts(players: int = 3) -> GameState:
    """Posts claimed by several players, post 2 by two of them."""
    seats: list[dict[str, object]] = [
        {"purchased": ["L1-01", "L1-02", "L1-25", "L1-26", "L1-27"], "posts": [2, 1],
         "tokens": {"blue": 2}},
        {"purchased": ["L1-03", "L1-04", "L1-33", "L1-34", "L1-35"], "posts": [2, 5],
         "tokens": FULL},
    ] + [{"purchased": [f"L1-{9 + i:02}"]} for i in range(players - 2)]
    return build_position(DATA, players, names=LONG_NAMES[:players], module="trading-posts",
                          seats=seats)


def orient(players: int = 3) -> GameState:
    """The viewer holds a paired Orient card, a double gold, a kept noble and a blind
    Orient card; the second player a blind Orient card (never shown to the viewer), a
    double gold, a pair and a kept noble."""
    seats: list[dict[str, object]] = [
        {"purchased": ["L1-25", "L1-17", "O1-06"], "pairs": {"O1-06": "L1-25"},
         "doubles": ["O1-03"], "kept_nobles": ["N04"], "reserved": ["O2-05", "L2-01"],
         "blind": ["O2-05"], "tokens": {"white": 2, "green": 1}},
        {"purchased": ["L1-33", "O1-08"], "pairs": {"O1-08": "L1-33"},
         "doubles": ["O1-01", "O1-02"], "kept_nobles": ["N05"],
         "reserved": ["O3-01", "L1-40"], "blind": ["O3-01"], "tokens": FULL},
    ] + [{"purchased": [f"L1-{9 + i:02}"]} for i in range(players - 2)]
    nobles = ["N04", "N05", "N01", "N02", "N03"][:players + 1]
    return build_position(DATA, players, names=LONG_NAMES[:players], module="orient",
                          seats=seats, nobles=nobles)


def strongholds(players: int = 3) -> GameState:
    """Strongholds of two players on face-up cards: one, and three together."""
    seats: list[dict[str, object]] = [
        {"purchased": ["L1-01"], "tokens": {"red": 2}},
        {"purchased": ["L1-09"], "tokens": FULL},
    ] + [{} for _ in range(players - 2)]
    return build_position(
        DATA, players, names=LONG_NAMES[:players], module="strongholds", seats=seats,
        market={1: ["L1-05", "L1-12", "L1-20", "L1-28"], 2: ["L2-05", "L2-07", "L2-14", "L2-20"]},
        holds={"L1-12": (0, 1), "L2-07": (1, 3), "L2-20": (0, 2)})


BUILDERS = {"cities": cities, "trading-posts": trading_posts, "orient": orient,
            "strongholds": strongholds}
