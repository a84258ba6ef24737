"""Invariants every reachable position keeps; shared by the sweeps and property tests."""

from __future__ import annotations

from collections import Counter

from splendor.engine import TOKENS, GameState, Pass, Phase, Return
from splendor.engine.expansion import ExpansionState
from tests.engine.modules.support import check_module_invariants


def check_invariants(state: GameState) -> None:
    """Assert what every reachable position keeps: conservation, limits, bookkeeping (a
    Cities of Splendor game, whose steps come before the market refills, by its own)."""
    if isinstance(state, ExpansionState):
        check_module_invariants(state)
        return
    data = state.data
    n = state.num_players
    supply = data.setups[n]
    start = [supply.gems] * 5 + [supply.gold]
    # tokens: conserved per colour, never negative
    for c in TOKENS:
        total = state.bank[c] + sum(p.tokens[c] for p in state.players)
        assert total == start[c], f"colour {c}: bank + players = {total}, supply {start[c]}"
        assert state.bank[c] >= 0
        assert all(p.tokens[c] >= 0 for p in state.players)
    # cards: each of the 90 in exactly one place
    places: Counter[str] = Counter()
    for deck in state.decks:
        places.update(c.id for c in deck)
    places.update(c.id for c in state.market if c is not None)
    for p in state.players:
        places.update(c.id for c in p.reserved)
        places.update(c.id for c in p.purchased)
    assert places == Counter(c.id for c in data.cards), "a card is missing or in two places"
    # decks and market rows hold cards of their own level; a slot is empty only when its
    # level's deck is
    slots = data.market_slots
    for level, deck in enumerate(state.decks, 1):
        assert all(c.level == level for c in deck)
        row = state.market[(level - 1) * slots : level * slots]
        assert all(c is None or c.level == level for c in row)
        if any(c is None for c in row):
            assert not deck, f"an empty level-{level} slot while its deck holds cards"
    # nobles: conserved, each visit deserved
    held = [x.id for p in state.players for x in p.nobles]
    assert sorted([x.id for x in state.nobles] + held) == sorted(state.setup.nobles)
    for p in state.players:
        for noble in p.nobles:
            assert all(b >= r for b, r in zip(p.bonuses, noble.requires, strict=True))
    # per player
    for seat, p in enumerate(state.players):
        assert len(p.reserved) <= data.reserve_limit, f"seat {seat}: too many reserved"
        assert p.blind <= {c.id for c in p.reserved}
        mid_return = state.phase is Phase.RETURN and seat == state.current
        if not mid_return:
            assert sum(p.tokens) <= data.token_limit, f"seat {seat}: above the token limit"
        points = sum(c.points for c in p.purchased) + sum(x.points for x in p.nobles)
        assert p.points == points, f"seat {seat}: {p.points} points, expected {points}"
        bonuses = [0] * 5
        for card in p.purchased:
            bonuses[card.bonus] += 1
        assert p.bonuses == bonuses, f"seat {seat}: bonuses {p.bonuses}, expected {bonuses}"
    if state.phase is Phase.MAIN:
        assert all(sum(p.tokens) <= data.token_limit for p in state.players)
    # the phase and what it offers
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "legal_actions() lists an action twice"
    if state.phase is Phase.OVER:
        assert legal == ()
        assert state.current_player() is None
        assert state.end_reason in ("target", "all_passed")
        if state.end_reason == "target":
            assert max(state.scores()) >= data.target_points
            assert state.turns % n == 0, "the last round was not completed"
        state.outcome()  # does not raise
    else:
        assert legal, "no legal action: the player should at least be able to pass"
        assert Pass() not in legal or legal == (Pass(),)
        assert state.current_player() == state.current
    if state.phase in (Phase.MAIN, Phase.OVER):
        reached = any(pts >= data.target_points for pts in state.scores())
        assert state.final_round == reached
    if state.phase is Phase.RETURN:
        p = state.players[state.current]
        excess = sum(p.tokens) - data.token_limit
        assert excess > 0
        assert state.excess_tokens() == excess
        assert all(isinstance(a, Return) and sum(a.tokens) == excess for a in legal)
    if state.phase is Phase.NOBLE:
        p = state.players[state.current]
        candidates = state.noble_candidates()
        assert len(candidates) >= 2
        for noble in candidates:
            assert noble in state.nobles
            assert all(b >= r for b, r in zip(p.bonuses, noble.requires, strict=True))
        assert sorted(a.noble_id for a in legal) == sorted(x.id for x in candidates)  # type: ignore[union-attr]
