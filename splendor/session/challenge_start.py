"""A challenge's first position: a deal, or a set position with the cards placed nowhere
shuffled into the decks (apart from challenge_data.py, which builds each start to check
it, and challenges.py, which starts sessions from it)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from splendor.engine import GameData, GameState, build_position, new_game
from splendor.engine.restrictions import Restrictions

if TYPE_CHECKING:
    from splendor.session.challenge_data import Challenge

#: The player's seat in every challenge.
PLAYER = 0


def build_start(data: GameData, challenge: Challenge, seed: int,
                names: Sequence[str] | None = None) -> GameState:
    """The challenge's first position: its set position (the cards no one holds shuffled
    into the decks by `seed`), or the deal of `seed`; the player's restrictions on."""
    restrictions = ((challenge.restrictions, *(Restrictions(),) * len(challenge.opponents))
                    if challenge.restrictions else ())
    names = tuple(names) if names is not None else None
    if challenge.position is None:
        return new_game(data, challenge.players, seed, names, challenge.first,
                        challenge.module, restrictions)
    spec = dict(challenge.position)

    def built(extra: Mapping[str, object]) -> GameState:
        return build_position(data, challenge.players, current=PLAYER, first_player=PLAYER,
                              names=names, module=challenge.module,
                              restrictions=restrictions, **{**spec, **extra})

    state = built({})
    if "decks" in spec:
        return state
    # The cards placed nowhere went to the decks in id order: shuffled by the seed instead,
    # the market kept as it was filled.
    rng = random.Random(seed)
    slots = data.market_slots
    market, decks = {}, {}
    for i, level in enumerate(data.levels):
        market[level] = [c.id if c else None for c in state.market[i * slots:(i + 1) * slots]]
        decks[level] = [c.id for c in state.decks[i]]
        rng.shuffle(decks[level])
    return built({"market": market, "decks": decks})
