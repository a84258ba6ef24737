"""Build a position directly from a description, for scenarios and tests.

    build_position(data, players=2, current=0,
                   seats=[{"tokens": {"red": 2, "gold": 1}, "purchased": ["L1-01"],
                           "reserved": ["L2-07"], "blind": ["L2-07"], "nobles": []}, {}],
                   market={1: ["L1-02", "L1-03", None, "L1-05"]},
                   decks={1: ["L1-09"]}, nobles=["N01", "N02", "N03"])

Cards not placed in the market, a player's area or an explicit deck go to their level's
deck in id order. The market slots not given are filled from the decks. The bank defaults
to the supply minus the players' tokens. Points come from purchased cards and nobles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from splendor.engine.colors import TOKENS, color_index
from splendor.engine.components import Card, GameData
from splendor.engine.errors import PositionError
from splendor.engine.setup import GameSetup, default_names
from splendor.engine.state import GameState


def _counts(spec: Mapping[str, int]) -> list[int]:
    counts = [0] * len(TOKENS)
    for name, n in spec.items():
        counts[color_index(name)] = n
    return counts


def build_position(
    data: GameData,
    players: int = 2,
    *,
    current: int = 0,
    first_player: int = 0,
    seats: Sequence[Mapping[str, Any]] = (),
    market: Mapping[int, Sequence[str | None]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    nobles: Sequence[str] | None = None,
    bank: Mapping[str, int] | None = None,
    final_round: bool = False,
    turns: int | None = None,
    names: Sequence[str] | None = None,
) -> GameState:
    """A `GameState` in the described position, at the start of `current`'s turn
    (players named `names`, by default 'Player 1', 'Player 2', ...)."""
    if players not in data.setups:
        raise PositionError(f"{players} players is not supported")
    cut = data.setups[players].nobles
    setup = GameSetup(
        players=players,
        names=tuple(names) if names is not None else default_names(players),
        first_player=first_player,
        decks=tuple(tuple(c.id for c in data.level_cards(lv)) for lv in data.levels),
        nobles=tuple(nobles) if nobles is not None else tuple(n.id for n in data.nobles[:cut]),
    )
    try:
        state = GameState.from_setup(data, setup)
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    used: set[str] = set()

    def card(card_id: str) -> Card:
        if card_id not in data.card_by_id:
            raise PositionError(f"unknown card {card_id}")
        if card_id in used:
            raise PositionError(f"card {card_id} is placed twice")
        used.add(card_id)
        return data.card_by_id[card_id]

    seat_specs = list(seats) + [{}] * (players - len(seats))
    if len(seat_specs) != players:
        raise PositionError(f"{len(seats)} seats described for {players} players")
    for p, spec in zip(state.players, seat_specs, strict=True):
        p.tokens = _counts(spec.get("tokens", {}))
        p.purchased = [card(i) for i in spec.get("purchased", [])]
        p.reserved = [card(i) for i in spec.get("reserved", [])]
        p.blind = set(spec.get("blind", []))
        if not p.blind <= {c.id for c in p.reserved}:
            raise PositionError("a blind card must be among the seat's reserved cards")
        p.nobles = [data.noble_by_id[i] for i in spec.get("nobles", [])]
        p.bonuses = [0] * 5
        for c in p.purchased:
            p.bonuses[c.bonus] += 1
        p.points = sum(c.points for c in p.purchased) + sum(n.points for n in p.nobles)
    held = {n.id for p in state.players for n in p.nobles}
    state.nobles = [n for n in state.nobles if n.id not in held]
    market = market or {}
    decks = decks or {}
    slots = data.market_slots
    given_market: dict[int, list[str | None]] = {}
    for level in data.levels:
        row = list(market.get(level, []))
        if len(row) > slots:
            raise PositionError(f"level {level} has only {slots} market slots")
        given_market[level] = row
        for i in row:
            if i is not None:
                card(i)
    for level in data.levels:
        if level in decks:
            state.decks[level - 1] = [card(i) for i in reversed(decks[level])]
    for level in data.levels:
        if level not in decks:
            rest = [c for c in data.level_cards(level) if c.id not in used]
            state.decks[level - 1] = [card(c.id) for c in reversed(rest)]
    for level in data.levels:
        row = given_market[level]
        deck = state.decks[level - 1]
        for s in range(slots):
            if s < len(row):
                cid = row[s]
                state.market[(level - 1) * slots + s] = data.card_by_id[cid] if cid else None
            else:
                state.market[(level - 1) * slots + s] = deck.pop() if deck else None
    supply = data.setups[players]
    if bank is None:
        start = [supply.gems] * 5 + [supply.gold]
        state.bank = [start[c] - sum(p.tokens[c] for p in state.players) for c in TOKENS]
        if min(state.bank) < 0:
            raise PositionError("the players hold more tokens than the supply")
    else:
        state.bank = _counts(bank)
    if not 0 <= current < players:
        raise PositionError(f"seat {current} is not in the game")
    state.current = current
    state.final_round = final_round
    state.turns = turns if turns is not None else (current - first_player) % players
    return state
