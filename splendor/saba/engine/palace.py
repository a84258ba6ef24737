"""Phase 2: buying cards, building, the harem, treasury scorings (S25-S38, S55-S60)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor.saba.engine.components import DeckCard, PalaceCard
from splendor.saba.engine.outcome import harem_winner
from splendor.saba.engine.quarters import quarters_of
from splendor.saba.engine.steps import Step

if TYPE_CHECKING:
    from splendor.saba.engine.state import SabaState


def remove_from_display(s: SabaState, card: DeckCard) -> None:
    """The card leaves the game; the cards above it slide down and the deck's top card
    is turned up onto the last space (S33)."""
    s.display.remove(card)
    s.out.append(card.id)
    if isinstance(card, PalaceCard):
        s.palace_gone += 1
    if s.deck:
        s.display.append(s.deck.pop())


def buy(s: SabaState, card_id: str) -> None:
    """S25-S26: pay the card's materials and its space's gold into the supply, then
    build, score the treasury or end the game."""
    card = s.data.card_by_id[card_id]
    p = s.players[s.current]
    for m, n in enumerate(s.price(card)):
        p.stock[m] -= n
        s.supply[m] += n
    s.pending = card
    if isinstance(card, PalaceCard):
        s.built = True
        build(s, card)
        return
    s.bought_special = True
    if card.ends_game:  # S60 (b)
        s.pending = None
        remove_from_display(s, card)
        s.end("end_card")
        return
    score_treasury(s)


def build(s: SabaState, card: PalaceCard) -> None:
    """S32 after paying: the piece (S28), the figure on the balcony back to its owner
    (S29, the builder's own too), who may then enter the harem (S36, A11, A24)."""
    g = card.garden - 1
    s.levels[g] = card.level
    owner = s.balconies[g]
    if owner is not None:
        s.balconies[g] = None
        s.players[owner].figures += 1
        if s.players[owner].markers:
            s.step = Step.HAREM
            s.decider = owner
            return
    builder_figure(s)


def harem_answer(s: SabaState, enter: bool) -> None:
    """The displaced figure's owner entered the harem or declined; the build goes on."""
    if enter:
        enter_harem(s, s.decider)
    s.decider = s.current
    builder_figure(s)


def enter_harem(s: SabaState, seat: int) -> None:
    """S37: every marker moves a space away from space 1, one pushed beyond the last
    space in use goes home, and the new marker goes on space 1."""
    s.players[seat].markers -= 1
    s.harem.insert(0, seat)
    if len(s.harem) > s.data.harem_size(len(s.players)):
        s.players[s.harem.pop()].markers += 1


def builder_figure(s: SabaState) -> None:
    """S30: the builder's figure onto the balcony from his supply; with his supply empty
    from a quarter of his choice (a step when there is a choice to make)."""
    p = s.players[s.current]
    if p.figures:
        p.figures -= 1
        seat_on_pending(s, s.current)
        return
    s.step = Step.RECALL
    s.decider = s.current


def recall(s: SabaState, quarter_id: str) -> None:
    """The figure leaves the quarter for the pending balcony or the treasury."""
    seat = s.decider
    q = s.data.quarter_index(quarter_id)
    s.quarters[q].remove(seat)
    if seat == s.current and s.used[q]:
        s.used[q] -= 1  # figures are alike: one already used this turn leaves first (S43)
    seat_on_pending(s, seat)


def seat_on_pending(s: SabaState, seat: int) -> None:
    """`seat`'s figure (out of his supply or a quarter) takes its place: on the balcony
    of the build, or in the treasury; then the purchase is finished."""
    card = s.pending
    if isinstance(card, PalaceCard):
        s.balconies[card.garden - 1] = seat
    else:
        s.treasury.append(seat)  # there for good: never displaced nor moved (S58)
    finish_purchase(s)


def finish_purchase(s: SabaState) -> None:
    """The card out (S31, S57), the display slides and refills (S33); after a build the
    unbuildable cards go (S34) and the last palace card gone ends the game (S60 a)."""
    card = s.pending
    assert card is not None
    s.pending = None
    s.decider = s.current
    remove_from_display(s, card)
    if isinstance(card, PalaceCard):
        drop_unbuildable(s)
        if not s.palace_cards_left():
            s.end("palace_cards")
            return
    s.step = Step.BUILD


def drop_unbuildable(s: SabaState) -> None:
    """S34, A23: after every build, palace cards in the display whose garden space is at
    their level or higher leave the game, until none is left. Special cards never do
    (S35)."""
    while True:
        stale = next(
            (
                c
                for c in s.display
                if isinstance(c, PalaceCard) and s.levels[c.garden - 1] >= c.level
            ),
            None,
        )
        if stale is None:
            return
        remove_from_display(s, stale)


def score_treasury(s: SabaState) -> None:
    """S55-S57: the one player with the most figures on balconies and in the treasury
    (ties broken by the harem rule, S38) puts a figure into the treasury: from his
    supply, else from a quarter (A17); otherwise nobody does. The card is used up,
    whoever bought it (S59)."""
    n = len(s.players)
    counts = [s.points(seat) for seat in range(n)]
    best = max(counts)
    tied = [seat for seat in range(n) if counts[seat] == best]
    leader = tied[0] if len(tied) == 1 else harem_winner(s.harem, tied)
    if leader is None:
        finish_purchase(s)
    elif s.players[leader].figures:
        s.players[leader].figures -= 1
        seat_on_pending(s, leader)
    elif quarters_of(s, leader):
        s.step = Step.RECALL
        s.decider = leader
    else:
        finish_purchase(s)
