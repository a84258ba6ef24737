"""Very long legal games, for the save-size tests and benchmarks: both players reserve
three cards (taking the gold), then take gem tokens and give the same ones back, turn
after turn. Legal by the rules, and endless."""

from __future__ import annotations

from splendor.engine import Action, GameData, GameState, Phase, ReserveDeck, Return, Take, new_game


def loop_action(state: GameState, last: dict[int, Take]) -> Action:
    """The loop's next action in `state`; `last` keeps each seat's latest take (to give
    the same tokens back)."""
    player = state.players[state.current]
    if state.phase is Phase.RETURN:
        counts = [0] * 6
        for color in last[state.current].colors[:state.excess_tokens()]:
            counts[color] += 1
        return Return(tuple(counts))
    if len(player.reserved) < 3 and state.bank[5] > 0:
        return ReserveDeck(1)
    takes = [a for a in state.legal_actions() if isinstance(a, Take)]
    take = max(takes, key=lambda a: (len(a.colors), a.colors))
    last[state.current] = take
    return take


def loop_game(data: GameData, actions: int, seed: int = 3) -> GameState:
    """A two-player game of exactly `actions` legal actions, through the engine."""
    state = new_game(data, players=2, seed=seed, names=("Ada", "Bob"))
    last: dict[int, Take] = {}
    while len(state.history) < actions:
        state.apply(loop_action(state, last))
    return state
