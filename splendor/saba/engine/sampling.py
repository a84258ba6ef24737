"""A whole Saba game agreeing with what one seat sees (determinization, S63-S64).

A bot that searches must not peek: it plans over worlds drawn by `sample_world(view,
data, rng)`, which deals what the seat cannot see at random: the order of the palace deck
(within its public structure, S6), the other players' hands and the action deck (from
the action cards neither in the seat's hand nor on the discard pile), and the seed the
action deck's reshuffles come from. Observing the world from the same seat gives back
the view, history aside (a sampled world starts with an empty history).
"""

from __future__ import annotations

import random

from splendor.saba.engine.components import DeckCard, PalaceCard, SabaData
from splendor.saba.engine.seat import Seat
from splendor.saba.engine.setup import SabaSetup, card_kind
from splendor.saba.engine.state import SabaState
from splendor.saba.engine.view import SabaView


def palace_deck(view: SabaView, data: SabaData, rng: random.Random) -> list[DeckCard]:
    """The palace deck, top first: the cards neither displayed nor out of the game, each
    position given a card of a kind `view.deck_kinds` allows it, at random."""
    gone = set(view.out) | {c.id for c in view.display}
    pools: dict[str, list[str]] = {}
    for card_id in data.card_by_id:
        if card_id not in gone:
            pools.setdefault(card_kind(data, card_id), []).append(card_id)
    for pool in pools.values():
        rng.shuffle(pool)
    deck: list[str | None] = []
    for kinds in view.deck_kinds:  # positions of one kind first
        deck.append(pools[next(iter(kinds))].pop() if len(kinds) == 1 else None)
    rest = [card_id for pool in pools.values() for card_id in pool]
    rng.shuffle(rest)  # the positions of several kinds (three level-3 and the end card)
    cards = [card_id if card_id is not None else rest.pop() for card_id in deck]
    if rest or len(cards) != view.deck_size:
        raise ValueError("view inconsistent: the palace deck's cards do not fit its kinds")
    return [data.card_by_id[card_id] for card_id in cards]


def hidden_action_cards(view: SabaView, data: SabaData) -> list[str]:
    """The action cards the seat cannot locate: in the deck or another player's hand."""
    seen = set(view.discard) | set(view.me.hand or ())
    return [c.id for c in data.action_cards if c.id not in seen]


def sample_world(view: SabaView, data: SabaData, rng: random.Random) -> SabaState:
    """A full `SabaState` agreeing with `view`, its hidden cards dealt by `rng`."""
    unseen = hidden_action_cards(view, data)
    rng.shuffle(unseen)
    hands = {
        p.seat: list(p.hand) if p.hand is not None else [unseen.pop() for _ in range(p.hand_size)]
        for p in view.players
    }
    if len(unseen) != view.action_deck_size:
        raise ValueError(
            f"view inconsistent: {len(unseen)} unseen action cards for a deck of "
            f"{view.action_deck_size}"
        )
    s = SabaState.__new__(SabaState)
    s.data = data
    s.setup = SabaSetup(
        players=view.num_players,
        names=tuple(p.name for p in view.players),
        first_player=view.first_player,
        start_draw=(),
        harbour_draw=(),
        palace_deck=(),
        action_deck=(),
        seed=rng.getrandbits(32),  # the reshuffles to come are as hidden as the deck
    )
    s.supply = list(view.supply)
    s.players = []
    for p in view.players:
        seat = Seat(p.figures, p.markers, list(p.faces))
        seat.stock = list(p.stock)
        seat.hand = hands[p.seat]
        s.players.append(seat)
    s.harbour_material = [material for _, material, _ in view.harbour]
    s.harbour_units = [units for _, _, units in view.harbour]
    s.deck = palace_deck(view, data, rng)[::-1]  # the state keeps the top last
    s.display = list(view.display)
    s.out = list(view.out)
    s.palace_gone = sum(isinstance(data.card_by_id[c], PalaceCard) for c in view.out)
    s.action_deck = unseen
    s.discard = list(view.discard)
    s.reshuffles = 0
    s.vizier = view.vizier
    s.harem = list(view.harem)
    s.levels = list(view.levels)
    s.balconies = list(view.balconies)
    s.treasury = list(view.treasury)
    s.quarters = [list(q) for q in view.quarters]
    s.current = view.turn_player
    s.decider = view.turn_player if view.current_player is None else view.current_player
    s.step = view.step
    s.turns = view.turns
    s.end_reason = view.end_reason
    s.built = view.built
    s.bought_special = view.bought_special
    s.fresh = view.fresh
    # The vizier's quarter shows no use left; none was made there (it was closed since
    # the turn began, or the vizier moved there in phase 1 and stays: either way moot).
    s.used = [
        0 if k == view.vizier else q.count(view.turn_player) - (view.fresh == k) - left
        for k, (q, left) in enumerate(zip(view.quarters, view.quarter_uses, strict=True))
    ]
    s.taken = view.taken
    s.pending = data.card_by_id[view.pending] if view.pending is not None else None
    s._log = []
    s._logged = 0
    s._legal = None
    return s
