"""Invariants every reachable position keeps; shared by the sweep and property tests."""

from __future__ import annotations

from collections import Counter

from splendor.engine import GameState, Phase


def check_invariants(state: GameState) -> None:
    """Assert conservation of tokens and cards, limits, and points bookkeeping."""
    data = state.data
    supply = data.setups[state.num_players]
    start = [supply.gems] * 5 + [supply.gold]
    for colour in range(6):
        held = state.bank[colour] + sum(p.tokens[colour] for p in state.players)
        assert held == start[colour], f"colour {colour}: {held} tokens, expected {start[colour]}"
        assert state.bank[colour] >= 0
    places = Counter(c.id for deck in state.decks for c in deck)
    places.update(c.id for c in state.market if c is not None)
    for p in state.players:
        places.update(c.id for c in p.reserved)
        places.update(c.id for c in p.purchased)
    assert places == Counter(c.id for c in data.cards), "a card is missing or in two places"
    noble_ids = [n.id for n in state.nobles] + [n.id for p in state.players for n in p.nobles]
    assert sorted(noble_ids) == sorted(state.setup.nobles), "nobles not conserved"
    for seat, p in enumerate(state.players):
        assert len(p.reserved) <= data.reserve_limit, f"seat {seat} holds too many reserved"
        assert min(p.tokens) >= 0
        if state.phase in (Phase.MAIN, Phase.OVER) or seat != state.current:
            assert sum(p.tokens) <= data.token_limit, f"seat {seat} ends a turn above the limit"
        points = sum(c.points for c in p.purchased) + sum(n.points for n in p.nobles)
        assert p.points == points, f"seat {seat}: {p.points} points, cards+nobles give {points}"
        bonuses = [0] * 5
        for c in p.purchased:
            bonuses[c.bonus] += 1
        assert p.bonuses == bonuses
        assert p.blind <= {c.id for c in p.reserved}
