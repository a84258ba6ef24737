"""Sample a complete game consistent with what one seat sees (determinization).

A search bot must not peek: it plans over worlds drawn from `sample_world(view, ...)`,
which deals the unseen cards (deck contents and order, other seats' blind reserves)
at random from the cards the seat cannot see. Observing the world from the same seat
gives back the same view (history aside: a sampled world starts with an empty history).
"""

from __future__ import annotations

import random

from splendor.engine.components import Card, GameData
from splendor.engine.modules import ModulePlayer, ModuleState
from splendor.engine.player import PlayerState
from splendor.engine.setup import GameSetup
from splendor.engine.state import GameState, state_class
from splendor.engine.view import HiddenCard, PlayerView, View


def _seen(view: View) -> set[str]:
    seen = {c.id for row in (*view.market, *view.orient_market) for c in row if c is not None}
    seen.update(c.id for c in view.box)
    for p in view.players:
        seen.update(c.id for c in p.purchased)
        seen.update(c.id for c in p.doubles)
        seen.update(c.id for c in p.reserved if isinstance(c, Card))
    return seen


def unseen_cards(view: View, data: GameData) -> dict[int, list[Card]]:
    """By level, the cards `view.seat` cannot locate: in a deck or another's blind reserve."""
    seen = _seen(view)
    return {
        level: [c for c in data.level_cards(level) if c.id not in seen] for level in data.levels
    }


def unseen_orient_cards(view: View, data: GameData) -> dict[int, list[Card]]:
    """By level, the Orient cards `view.seat` cannot locate (none without the Orient)."""
    if not state_class(view.module).has_orient:
        return {level: [] for level in data.levels}
    seen = _seen(view)
    return {
        level: [c for c in data.orient_cards(level) if c.id not in seen] for level in data.levels
    }


def sample_world(view: View, data: GameData, rng: random.Random) -> GameState:
    """A full `GameState` agreeing with `view`, the hidden cards dealt by `rng` (a search
    sampling many worlds from one view prepares them once with `WorldSampler`)."""
    return WorldSampler(view, data).deal(rng)


class WorldSampler:
    """Worlds consistent with one view: what they all share (the unseen cards in their
    order before the shuffle, the setup) is made once, and `deal` draws each world."""

    def __init__(self, view: View, data: GameData) -> None:
        if view.current_player is None:
            raise ValueError("the game is over: there is nothing to sample")
        self.view, self.data = view, data
        self.pools = unseen_cards(view, data)
        self.orient = unseen_orient_cards(view, data)
        hidden: dict[tuple[bool, int], int] = {}
        for pv in view.players:
            for card in pv.reserved:
                if isinstance(card, HiddenCard):
                    where = (card.orient, card.level)
                    hidden[where] = hidden.get(where, 0) + 1
        sizes = (*view.deck_sizes, *view.orient_deck_sizes)
        counts = [(level, len(pool) - hidden.get((False, level), 0))
                  for level, pool in self.pools.items()]
        counts += [(level, len(pool) - hidden.get((True, level), 0))
                   for level, pool in self.orient.items()]
        for (level, count), size in zip(counts, sizes, strict=False):
            if count != size:
                raise ValueError(f"view inconsistent: level {level} has {count} unseen "
                                 f"cards for a deck of {size}")
        dealt = [n.id for n in view.nobles] + [n.id for p in view.players for n in p.nobles]
        dealt += [n.id for p in view.players for n in p.kept_nobles]
        module = view.module
        self.cls = cls = state_class(module)
        self.setup = GameSetup(
            players=view.num_players,
            names=tuple(p.name for p in view.players),
            first_player=view.first_player,
            decks=tuple(tuple(c.id for c in data.level_cards(lv)) for lv in data.levels),
            nobles=tuple(sorted(dealt)),
            module=module,
            cities=tuple(sorted([c.id for c in view.cities] + [
                p.city.id for p in view.players if p.city is not None])),
            orient_decks=tuple(tuple(c.id for c in data.orient_cards(lv)) for lv in data.levels)
            if cls.has_orient else (),
            restrictions=view.restrictions,
        )
        self.market = [c for row in view.market for c in row]
        current = view.current_player
        assert current is not None, "sample_world checks that the game goes on"
        self.current = current

    def deal(self, rng: random.Random) -> GameState:
        """A world: the unseen cards shuffled by `rng`, then the hidden reserves dealt
        from the ends of the shuffled pools (as `sample_world` always has). Each world is
        new: playing on one changes none of the next."""
        view, data = self.view, self.data
        pools = {level: pool[:] for level, pool in self.pools.items()}
        orient = {level: pool[:] for level, pool in self.orient.items()}
        for pool in (*pools.values(), *orient.values()):
            rng.shuffle(pool)
        players: list[PlayerState] = []
        for pv in view.players:
            p = PlayerState() if view.module is None else _module_player(pv)
            p.tokens = list(pv.tokens)
            p.bonuses = list(pv.bonuses)
            p.purchased = list(pv.purchased)
            for card, blind in zip(pv.reserved, pv.reserved_blind, strict=True):
                if isinstance(card, HiddenCard):
                    real = (orient if card.orient else pools)[card.level].pop()
                else:
                    real = card
                p.reserved.append(real)
                if blind:
                    p.blind.add(real.id)
            p.nobles = list(pv.nobles)
            p.points = pv.points
            players.append(p)
        cls = self.cls
        state = cls.__new__(cls)
        state.data = data
        state.setup = self.setup
        state.bank = list(view.bank)
        state.decks = [pools[level] for level in data.levels]
        state.market = self.market[:]
        state.nobles = list(view.nobles)
        state.players = players
        state.current = self.current
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
        if isinstance(state, ModuleState):
            _module_table(state, view, orient)
        return state


def _module_player(pv: PlayerView) -> ModulePlayer:
    p = ModulePlayer()
    p.city = pv.city
    p.posts = list(pv.posts)
    p.doubles = list(pv.doubles)
    for card, partner, colour in pv.pairs:
        p.pairs[card] = colour
        p.partners[card] = partner
    p.kept_nobles = list(pv.kept_nobles)
    return p


def _module_table(state: ModuleState, view: View, orient: dict[int, list[Card]]) -> None:
    """The module's part of a sampled world: the view's public pieces, the Orient decks
    dealt from the unseen Orient cards, and the turn's pending step."""
    if state.has_orient:
        state.decks += [orient[level] for level in state.data.levels]
    state.market += [c for row in view.orient_market for c in row]
    state.cities = list(view.cities)
    state.holds = {card: (owner, n) for card, owner, n in view.holds}
    state.box = list(view.box)
    state._choices = list(view.choices)
    state.restore_turn(view.turn_state)
