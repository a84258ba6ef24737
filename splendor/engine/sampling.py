"""Sample a complete game consistent with what one seat sees (determinization).

A search bot must not peek: it plans over worlds drawn from `sample_world(view, ...)`,
which deals the unseen cards (deck contents and order, other seats' blind reserves)
at random from the cards the seat cannot see. Observing the world from the same seat
gives back the same view (history aside: a sampled world starts with an empty history).
"""

from __future__ import annotations

import random

from splendor.engine.components import Card, GameData
from splendor.engine.setup import GameSetup
from splendor.engine.state import GameState, PlayerState
from splendor.engine.view import HiddenCard, View


def unseen_cards(view: View, data: GameData) -> dict[int, list[Card]]:
    """By level, the cards `view.seat` cannot locate: in a deck or another's blind reserve."""
    seen = {c.id for row in view.market for c in row if c is not None}
    for p in view.players:
        seen.update(c.id for c in p.purchased)
        seen.update(c.id for c in p.reserved if isinstance(c, Card))
    return {
        level: [c for c in data.level_cards(level) if c.id not in seen] for level in data.levels
    }


def sample_world(view: View, data: GameData, rng: random.Random) -> GameState:
    """A full `GameState` agreeing with `view`, the hidden cards dealt by `rng`."""
    if view.current_player is None:
        raise ValueError("the game is over: there is nothing to sample")
    pools = unseen_cards(view, data)
    for pool in pools.values():
        rng.shuffle(pool)
    players = []
    for pv in view.players:
        p = PlayerState()
        p.tokens = list(pv.tokens)
        p.bonuses = list(pv.bonuses)
        p.purchased = list(pv.purchased)
        for card, blind in zip(pv.reserved, pv.reserved_blind, strict=True):
            real = pools[card.level].pop() if isinstance(card, HiddenCard) else card
            p.reserved.append(real)
            if blind:
                p.blind.add(real.id)
        p.nobles = list(pv.nobles)
        p.points = pv.points
        players.append(p)
    for level, size in zip(data.levels, view.deck_sizes, strict=True):
        if len(pools[level]) != size:
            raise ValueError(f"view inconsistent: level {level} has {len(pools[level])} unseen "
                             f"cards for a deck of {size}")
    dealt = [n.id for n in view.nobles] + [n.id for p in view.players for n in p.nobles]
    setup = GameSetup(
        players=view.num_players,
        names=tuple(p.name for p in view.players),
        first_player=view.first_player,
        decks=tuple(tuple(c.id for c in data.level_cards(lv)) for lv in data.levels),
        nobles=tuple(sorted(dealt)),
    )
    state = GameState.__new__(GameState)
    state.data = data
    state.setup = setup
    state.bank = list(view.bank)
    state.decks = [pools[level] for level in data.levels]
    state.market = [c for row in view.market for c in row]
    state.nobles = list(view.nobles)
    state.players = players
    state.current = view.current_player
    state.phase = view.phase
    state.final_round = view.final_round
    state.passes_in_row = view.passes_in_row
    state.turns = view.turns
    state.end_reason = None
    state._log = []
    state._logged = 0
    state._legal = None
    state._candidates = list(view.noble_candidates)
    state._passed = False
    return state
