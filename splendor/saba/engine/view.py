"""What one seat may see: `observe(state, seat)` (S63-S64).

Public: every player's materials, figures, harem markers, harbour faces and hand size;
the harbour, the vizier, the display, the supply, the palace, the quarters, the harem
track; the sizes of both decks, the palace deck's structure and the discard pile (A25);
the actions so far. Hidden, so never in a view: the order of the palace deck and of the
action deck, the cards in other players' hands, and the seed the reshuffles come from.
Bots and the screen shown to a seat get exactly this.
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor.saba.engine.actions import Action
from splendor.saba.engine.components import DeckCard
from splendor.saba.engine.outcome import EndReason
from splendor.saba.engine.setup import palace_deck_kinds
from splendor.saba.engine.state import SabaState
from splendor.saba.engine.steps import Step


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player's possessions as the observing seat sees them."""

    seat: int
    name: str
    #: Units by material.
    stock: tuple[int, ...]
    #: Figures and harem markers in the player's supply.
    figures: int
    markers: int
    #: The section each harbour card shows; the hidden faces are the data's other faces
    #: (every colour holds the same cards, S63).
    faces: tuple[str, ...]
    hand_size: int
    #: The action card ids held: the observing seat's own only, None for the others.
    hand: tuple[str, ...] | None
    points: int


@dataclass(frozen=True, slots=True)
class SabaView:
    """The game as `seat` sees it. `legal_actions` is filled only when `seat` decides."""

    seat: int
    num_players: int
    first_player: int
    #: Whose turn it is, and who decides now (None once the game is over).
    turn_player: int
    current_player: int | None
    step: Step
    round: int
    turns: int
    supply: tuple[int, ...]
    #: The harbour row from position 1: (section id, material, units).
    harbour: tuple[tuple[str, int, int], ...]
    #: The section taken this turn while phase 1 is being resolved (its row index).
    taken: int | None
    #: The face-up cards, build space 1 first.
    display: tuple[DeckCard, ...]
    deck_size: int
    #: What may lie at each position of the palace deck, top first (S6, S63): 'level-N'
    #: or a special card's id; the last four are 'level-3' or the end card.
    deck_kinds: tuple[frozenset[str], ...]
    #: The cards out of the game, in the order they left.
    out: tuple[str, ...]
    action_deck_size: int
    discard: tuple[str, ...]
    #: By garden space (1-8 as 0-7): the level, the seat on the balcony.
    levels: tuple[int, ...]
    balconies: tuple[int | None, ...]
    treasury: tuple[int, ...]
    #: The harem track from space 1: the seat of each marker.
    harem: tuple[int, ...]
    #: By quarter: the seats of the figures there.
    quarters: tuple[tuple[int, ...], ...]
    vizier: int
    players: tuple[SeatView, ...]
    #: The turn so far (public: it follows from the actions): a palace piece built, a
    #: special card bought, the quarter given a figure, the uses left by quarter.
    built: bool
    bought_special: bool
    fresh: int | None
    quarter_uses: tuple[int, ...]
    #: The card whose purchase is being resolved (a harem or recall step), if any.
    pending: str | None
    legal_actions: tuple[Action, ...]
    #: Every action so far in text form.
    history: tuple[str, ...]
    end_reason: EndReason | None

    @property
    def me(self) -> SeatView:
        return self.players[self.seat]


def observe(state: SabaState, seat: int) -> SabaView:
    """The view of `state` for `seat` (0-based)."""
    if not 0 <= seat < state.num_players:
        raise ValueError(f"seat {seat} is not in this {state.num_players}-player game")
    players = tuple(
        SeatView(
            seat=s,
            name=state.setup.names[s],
            stock=tuple(p.stock),
            figures=p.figures,
            markers=p.markers,
            faces=tuple(p.faces),
            hand_size=len(p.hand),
            hand=tuple(p.hand) if s == seat else None,
            points=state.points(s),
        )
        for s, p in enumerate(state.players)
    )
    deciding = state.current_player()
    sections = state.data.sections
    return SabaView(
        seat=seat,
        num_players=state.num_players,
        first_player=state.setup.first_player,
        turn_player=state.current,
        current_player=deciding,
        step=state.step,
        round=state.round,
        turns=state.turns,
        supply=tuple(state.supply),
        harbour=tuple(
            (sections[k].id, state.harbour_material[k], state.harbour_units[k])
            for k in range(len(sections))
        ),
        taken=state.taken,
        display=tuple(state.display),
        deck_size=len(state.deck),
        deck_kinds=palace_deck_kinds(state.data, len(state.deck)),
        out=tuple(state.out),
        action_deck_size=len(state.action_deck),
        discard=tuple(state.discard),
        levels=tuple(state.levels),
        balconies=tuple(state.balconies),
        treasury=tuple(state.treasury),
        harem=tuple(state.harem),
        quarters=tuple(tuple(q) for q in state.quarters),
        vizier=state.vizier,
        players=players,
        built=state.built,
        bought_special=state.bought_special,
        fresh=state.fresh,
        quarter_uses=tuple(state.quarter_uses(q) for q in range(len(state.quarters))),
        pending=state.pending.id if state.pending else None,
        legal_actions=state.legal_actions() if deciding == seat else (),
        history=tuple(a.text() for a in state.history),
        end_reason=state.end_reason,
    )
