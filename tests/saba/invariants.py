"""The invariants of docs/RULES_SABA.md 9.1 (I1-I13), checked on any Saba position."""

from __future__ import annotations

from collections import Counter

from splendor.saba.engine import Buy, PalaceCard, SabaState, SpecialCard, Step


def check_invariants(s: SabaState, before: SabaState | None = None) -> None:
    """Assert I1-I13 on `s`; with the position `before` it, also what may never go down."""
    data = s.data
    n = s.num_players
    # I1 materials
    for m in range(4):
        harbour = sum(u for k, u in enumerate(s.harbour_units) if s.harbour_material[k] == m)
        total = s.supply[m] + harbour + sum(p.stock[m] for p in s.players)
        assert total == data.supply[m], f"material {m}: {total} units, not {data.supply[m]}"
        assert s.supply[m] >= 0 and all(p.stock[m] >= 0 for p in s.players)
    # I2 figures
    for seat, p in enumerate(s.players):
        placed = (
            s.balconies.count(seat)
            + s.treasury.count(seat)
            + sum(q.count(seat) for q in s.quarters)
        )
        assert p.figures >= 0 and p.figures + placed == data.figures, f"seat {seat}: figures"
    # I3 harem markers
    assert len(s.harem) <= data.harem_size(n)
    for seat, p in enumerate(s.players):
        assert p.markers >= 0 and p.markers + s.harem.count(seat) == data.markers
    # I4 palace deck cards
    places = Counter(c.id for c in s.deck)
    places.update(c.id for c in s.display)
    places.update(s.out)
    assert places == Counter(list(data.card_by_id)), "a palace deck card is lost or doubled"
    assert len(s.display) <= len(data.build_spaces)
    order = [s.setup.palace_deck.index(c.id) for c in s.display]
    assert order == sorted(order), "the display is not in the order the cards came up"
    if len(s.display) < len(data.build_spaces):
        assert not s.deck, "an empty display space while the deck holds cards"
    assert s.palace_gone == sum(isinstance(data.card_by_id[i], PalaceCard) for i in s.out)
    # I5 action cards
    cards = Counter(s.action_deck + s.discard + [c for p in s.players for c in p.hand])
    assert cards == Counter(list(data.action_by_id)), "an action card is lost or doubled"
    between_turns = not s.history or (before is not None and before.turns != s.turns)
    if between_turns and not s.is_over():
        for seat, p in enumerate(s.players):
            assert len(p.hand) <= data.hand_limit, f"seat {seat} holds {len(p.hand)} cards"
            assert sum(p.stock) <= data.stock_limit, f"seat {seat} holds {sum(p.stock)} units"
    # I6 balconies (the garden of a build being resolved waits for its figure)
    for g, (level, owner) in enumerate(zip(s.levels, s.balconies, strict=True)):
        if g != s.pending_garden():
            assert (owner is not None) == (level >= 1), f"garden {g + 1}: balcony and level"
    # I7 levels: never down; no stale palace card in the display once a build is done
    if s.step is Step.BUILD or s.step is Step.START:
        for c in s.display:
            if isinstance(c, PalaceCard):
                assert s.levels[c.garden - 1] < c.level, f"{c.id} is stale in the display"
    # I8 quarters
    assert all(len(q) <= data.quarter_limit for q in s.quarters)
    # I9 harbour
    assert sorted(s.harbour_material) == [0, 1, 2, 3]
    for k, section in enumerate(data.sections):
        assert 0 <= s.harbour_units[k] <= section.capacity
    # I10 treasury
    assert len(s.treasury) <= 2
    # I11 special cards: they leave the display only by being bought
    if not s.is_over() and not s.deck:
        assert any(isinstance(c, SpecialCard) and c.ends_game for c in s.display)
    # I12 vizier
    assert 0 <= s.vizier < len(data.quarters)
    # I13 end
    if not s.palace_cards_left():
        assert s.is_over()
    if before is not None:
        assert all(a <= b for a, b in zip(before.levels, s.levels, strict=True)), "I7"
        assert before.treasury == s.treasury[: len(before.treasury)], "I10"
        bought = {a.card_id for a in s.history[len(before.history) :] if isinstance(a, Buy)}
        if before.pending is not None:  # a purchase resolved by a later decision
            bought.add(before.pending.id)
        for card_id in set(before.out) ^ set(s.out):
            if isinstance(data.card_by_id[card_id], SpecialCard):
                assert card_id in bought, f"{card_id} left the display unbought (I11)"
