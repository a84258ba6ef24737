"""What one seat may see: `observe(state, seat)`.

The view holds everything public (bank, market, deck sizes, nobles, every player's
tokens, purchased cards, nobles and face-up reserved cards, and a module's pieces) plus
the seat's own blind reservations. It never holds the order of a deck (Orient decks
included) or another seat's blind-reserved card: those appear only as `HiddenCard`.
Bots and the table scene for a seat get this.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from splendor.engine.actions import Action
from splendor.engine.components import Card, City, Noble
from splendor.engine.pickling import fast_pickle
from splendor.engine.restrictions import Restrictions
from splendor.engine.state import GameState, Phase

if TYPE_CHECKING:
    from splendor.engine.modules.base import TurnState


@fast_pickle
@dataclass(frozen=True, slots=True)
class HiddenCard:
    """Another seat's blind-reserved card: only its level (and deck) is known."""

    level: int
    #: Taken from an Orient deck.
    orient: bool = False


@fast_pickle
@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's public possessions, as seen by the observing seat."""

    seat: int
    name: str
    tokens: tuple[int, ...]
    bonuses: tuple[int, ...]
    purchased: tuple[Card, ...]
    #: Reserved cards in the order taken; another seat's blind ones are HiddenCard.
    reserved: tuple[Card | HiddenCard, ...]
    #: For each reserved card, whether it was taken blind from a deck.
    reserved_blind: tuple[bool, ...]
    nobles: tuple[Noble, ...]
    points: int
    # The modules' pieces (public): a city, claimed trading posts, double golds, paired
    # Orient cards as (card, partner, colour), nobles kept aside, strongholds in supply.
    city: City | None = None
    posts: tuple[int, ...] = ()
    doubles: tuple[Card, ...] = ()
    pairs: tuple[tuple[str, str, int], ...] = ()
    kept_nobles: tuple[Noble, ...] = ()
    supply: int = 0


@fast_pickle
@dataclass(frozen=True, slots=True)
class View:
    """The game as `seat` sees it. `legal_actions` is filled only when `seat` decides now."""

    seat: int
    num_players: int
    first_player: int
    current_player: int | None
    phase: Phase
    round: int
    turns: int
    final_round: bool
    passes_in_row: int
    bank: tuple[int, ...]
    #: Face-up cards by level (lowest first), None for an empty slot.
    market: tuple[tuple[Card | None, ...], ...]
    deck_sizes: tuple[int, ...]
    nobles: tuple[Noble, ...]
    noble_candidates: tuple[Noble, ...]
    players: tuple[PlayerView, ...]
    legal_actions: tuple[Action, ...]
    #: Every action so far in text form. Public: a blind reservation reads 'reserve deck N'.
    #: Shared with the state rather than copied (see history.py), so observing costs the
    #: same at any point of a game; it compares equal to a tuple of the same texts.
    history: Sequence[str]
    #: The Cities of Splendor module played, and its public pieces: the Orient's face-up
    #: cards by level and deck sizes, the cities on the table, strongholds as (card,
    #: owner, count), cards out of the game, the decision step under way as (phase value,
    #: argument) and the posts or cities to choose from.
    module: str | None = None
    orient_market: tuple[tuple[Card | None, ...], ...] = ()
    orient_deck_sizes: tuple[int, ...] = ()
    cities: tuple[City, ...] = ()
    holds: tuple[tuple[str, int, int], ...] = ()
    box: tuple[Card, ...] = ()
    step: tuple[str, Any] | None = None
    choices: tuple[Any, ...] = ()
    #: Where the turn stands (public: it follows from the actions): see
    #: `ModuleState.turn_state`.
    turn_state: TurnState | None = None
    #: What each seat may not do (a challenge's restrictions; empty: nobody is
    #: restricted). Public: the game's rules for the table.
    restrictions: tuple[Restrictions, ...] = ()

    @property
    def me(self) -> PlayerView:
        return self.players[self.seat]


def observe(state: GameState, seat: int) -> View:
    """The view of `state` for `seat` (0-based)."""
    if not 0 <= seat < state.num_players:
        raise ValueError(f"seat {seat} is not in this {state.num_players}-player game")
    slots = state.data.market_slots
    base = len(state.data.levels) * slots
    market = tuple(tuple(state.market[i : i + slots]) for i in range(0, base, slots))
    players = []
    for s, p in enumerate(state.players):
        blind = tuple(c.id in p.blind for c in p.reserved)
        reserved = tuple(
            HiddenCard(c.level, c.orient) if hidden and s != seat else c
            for c, hidden in zip(p.reserved, blind, strict=True)
        )
        players.append(
            PlayerView(
                seat=s,
                name=state.setup.names[s],
                tokens=tuple(p.tokens),
                bonuses=tuple(p.bonuses),
                purchased=tuple(p.purchased),
                reserved=reserved,
                reserved_blind=blind,
                nobles=tuple(p.nobles),
                points=p.points,
                **state.view_seat(s),
            )
        )
    deciding = state.current_player()
    return View(
        seat=seat,
        num_players=state.num_players,
        first_player=state.setup.first_player,
        current_player=deciding,
        phase=state.phase,
        round=state.round,
        turns=state.turns,
        final_round=state.final_round,
        passes_in_row=state.passes_in_row,
        bank=tuple(state.bank),
        market=market,
        deck_sizes=state.deck_sizes(),
        nobles=tuple(state.nobles),
        noble_candidates=state.noble_candidates(),
        players=tuple(players),
        legal_actions=state.legal_actions() if deciding == seat else (),
        history=state.history.texts(),
        restrictions=state.setup.restrictions,
        **state.view_table(),
    )
