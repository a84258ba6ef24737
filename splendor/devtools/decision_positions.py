"""Built positions where the first seat faces each Cities of Splendor decision, for the
screenshots and the tests of the decision overlays.

`decision_position(kind)` returns a fresh game (two players, seat 0 to act) and the
action that brings seat 0 to the step `kind` names: 'city', 'post', 'gem' (post 1, after a
purchase), 'gem_two' (post 2, after taking two), 'pair', 'free', 'keep_noble',
'conquest', 'stronghold'; for 'sacrifice' and 'doubles' no action (None): seat 0 can buy
a card by giving up cards, or by spending double golds (`SACRIFICE_CARD`,
`DOUBLES_CARD`). A session played on from a built position replays its own moves only,
so the action is played through the session.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from splendor.engine import Action, GameData, GameState, Phase, build_position, parse_action

#: The sacrifice card on offer in the 'sacrifice' position, and the card a double gold
#: helps to buy in the 'doubles' position.
SACRIFICE_CARD = "O3-06"
DOUBLES_CARD = "L1-25"
#: The decisions `decision_state` builds, with the phase each one is at (None: a main
#: action to make from the action panel).
KINDS: dict[str, Phase | None] = {
    "city": Phase.CITY,
    "post": Phase.POST,
    "gem": Phase.GEM,
    "gem_two": Phase.GEM,
    "pair": Phase.PAIR,
    "free": Phase.FREE,
    "keep_noble": Phase.KEEP_NOBLE,
    "conquest": Phase.CONQUEST,
    "stronghold": Phase.STRONGHOLD,
    "sacrifice": None,
    "doubles": None,
}

#: A built position and the action that brings the decision (None: it is there).
Position = tuple[GameState, Action | None]

#: The screenshots of the decisions, in the order they are rendered, with the decision
#: each one shows (see `decision_shots`).
DECISION_PICTURES: dict[str, str] = {
    "decide_city": "city",
    "decide_post": "post",
    "decide_gem": "gem",
    "decide_pair": "pair",
    "decide_free": "free",
    "decide_keep_noble": "keep_noble",
    "decide_sacrifice": "sacrifice",
    "decide_doubles": "doubles",
    "decide_conquest": "conquest",
    "decide_stronghold": "stronghold",
}

_TEN = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}


def _city(data: GameData, names: Sequence[str] | None) -> Position:
    # 4 white, 4 red, 3 black and 14 points: C04 and C09 are both met, C14 is not.
    cards = ["L3-04", "L3-03", "L1-01", "L1-02", "L3-16", "L1-25", "L1-26", "L1-27",
             "L1-33", "L1-34", "L1-35"]
    state = build_position(data, 2, module="cities", names=names, cities=["C04", "C09", "C14"],
                           seats=[{"purchased": cards}])
    return state, parse_action("take white blue green")


def _post(data: GameData, names: Sequence[str] | None) -> Position:
    # 2 white (post 2), 3 black (post 5) and 3 blue, 1 black (post 3): three posts met.
    cards = ["L1-01", "L1-02", "L1-33", "L1-34", "L1-35", "L1-09", "L1-10", "L1-11"]
    state = build_position(data, 2, module="trading-posts", names=names,
                           seats=[{"purchased": cards}, {"purchased": ["L1-03", "L1-04"],
                                                         "posts": [2]}])
    return state, parse_action("take white blue green")


def _gem(data: GameData, names: Sequence[str] | None) -> Position:
    # Post 1 held (1 white, 3 red); buying L1-02 (3 blue) brings its gem.
    state = build_position(data, 2, module="trading-posts", names=names,
                           market={1: ["L1-02", "L1-05", "L1-13", "L1-17"]},
                           seats=[{"purchased": ["L1-01", "L1-25", "L1-26", "L1-27"],
                                   "posts": [1], "tokens": {"blue": 3, "green": 1}}])
    return state, parse_action("buy L1-02")


def _gem_two(data: GameData, names: Sequence[str] | None) -> Position:
    # Post 2 held (2 white); taking two red brings a token of another colour.
    state = build_position(data, 2, module="trading-posts", names=names,
                           seats=[{"purchased": ["L1-01", "L1-02"], "posts": [2]}])
    return state, parse_action("take2 red")


def _pair(data: GameData, names: Sequence[str] | None) -> Position:
    # O1-06 (3 white, 2 red) pairs with a card of four colours held (two of them red).
    state = build_position(data, 2, module="orient", names=names,
                           orient_market={1: ["O1-06", "O1-01"]},
                           seats=[{"purchased": ["L1-25", "L1-26", "L1-03", "L1-09", "L1-17",
                                                 "L2-02"],
                                   "tokens": {"white": 3, "red": 2}}])
    return state, parse_action("buy O1-06")


def _free(data: GameData, names: Sequence[str] | None) -> Position:
    # O3-01 gives a face-up level 2 card for free (base or Orient).
    state = build_position(data, 2, module="orient", names=names,
                           market={2: ["L2-01", "L2-02", "L2-03", "L2-04"]},
                           orient_market={2: ["O2-08", "O2-05"], 3: ["O3-01", "O3-02"]},
                           seats=[{"tokens": {"white": 1, "blue": 2, "green": 3},
                                   "purchased": ["L1-09", "L1-10", "L1-11", "L1-12"]}])
    return state, parse_action("buy O3-01")


def _keep_noble(data: GameData, names: Sequence[str] | None) -> Position:
    # O2-08 lets the buyer keep a noble aside.
    state = build_position(data, 2, module="orient", names=names,
                           orient_market={2: ["O2-08", "O2-05"]},
                           seats=[{"tokens": {"blue": 2, "green": 2, "red": 2, "black": 2}}])
    return state, parse_action("buy O2-08")


def _conquest(data: GameData, names: Sequence[str] | None) -> Position:
    # Seat 0's three strongholds hold L2-14; it owes 2 white and 2 black for it.
    state = build_position(data, 2, module="strongholds", names=names,
                           nobles=["N03", "N01", "N02"],
                           market={2: ["L2-01", "L2-14", "L2-03", "L2-04"]},
                           holds={"L2-14": (0, 3)},
                           seats=[{"purchased": ["L1-09", "L1-10", "L1-11", "L1-12", "L1-17",
                                                 "L1-18", "L1-19"], "tokens": dict(_TEN)}])
    return state, parse_action("take white blue green")


def _stronghold(data: GameData, names: Sequence[str] | None) -> Position:
    # After buying L1-02: seat 0's strongholds on L1-06 and L3-05 (one left in its
    # supply), seat 1's lone stronghold on L1-13 and two on L2-03.
    state = build_position(data, 2, module="strongholds", names=names,
                           market={1: ["L1-02", "L1-06", "L1-13", "L1-17"],
                                   2: ["L2-01", "L2-02", "L2-03", "L2-04"],
                                   3: ["L3-05", "L3-06", "L3-07", "L3-08"]},
                           holds={"L1-06": (0, 1), "L3-05": (0, 1), "L1-13": (1, 1),
                                  "L2-03": (1, 2)},
                           seats=[{"tokens": {"blue": 3}}])
    return state, parse_action("buy L1-02")


def _sacrifice(data: GameData, names: Sequence[str] | None) -> Position:
    # Three black cards (one of them paired with an Orient card) and O3-06, which asks
    # for two black bonuses.
    return build_position(data, 2, module="orient", names=names,
                          orient_market={1: ["O1-02", "O1-03"], 3: [SACRIFICE_CARD, "O3-07"]},
                          seats=[{"purchased": ["L1-33", "L1-34", "L1-35", "O1-07", "L1-25"],
                                  "pairs": {"O1-07": "L1-33"}}]), None


def _doubles(data: GameData, names: Sequence[str] | None) -> Position:
    # L1-25 costs 3 white: one white token and one double gold pay it.
    return build_position(data, 2, module="orient", names=names,
                          market={1: [DOUBLES_CARD, "L1-02", "L1-03", "L1-04"]},
                          seats=[{"tokens": {"white": 1, "blue": 1},
                                  "doubles": ["O1-02", "O1-03"]}]), None


_BUILDERS: dict[str, Callable[[GameData, Sequence[str] | None], Position]] = {
    "city": _city, "post": _post, "gem": _gem, "gem_two": _gem_two, "pair": _pair,
    "free": _free, "keep_noble": _keep_noble, "conquest": _conquest,
    "stronghold": _stronghold, "sacrifice": _sacrifice, "doubles": _doubles,
}


def decision_position(kind: str, data: GameData, names: Sequence[str] | None = None
                      ) -> Position:
    """A fresh two-player game and the action that brings seat 0 to the decision `kind`
    (see the module docstring); the seats are named `names`."""
    state, action = _BUILDERS[kind](data, names)
    after = state.clone()
    if action is not None:
        after.apply(action)
    assert after.current_player() == 0
    assert after.phase is (KINDS[kind] or Phase.MAIN), f"{kind}: {after.phase}"
    return state, action
