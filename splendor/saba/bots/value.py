"""How good a Saba position is for one seat: a weighted sum of what each player holds,
less the same for the strongest rival (weights: levels_data/saba/bots.yaml).

Read from a state, but only what the seat's view shows too (the others' hands count by
their size): the bots judge sampled worlds, whose hidden cards are guesses.
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor.saba.engine import PalaceCard, SabaState


@dataclass(frozen=True, slots=True)
class Weights:
    """The worth of each holding, in units of about one building material."""

    #: A figure on a balcony above an arch, a fountain, a pillar (a higher piece is harder
    #: to build over: a pillar's figure stays).
    arch: float = 5.0
    fountain: float = 6.5
    pillar: float = 8.0
    #: A figure in the treasury (it stays, S58).
    treasury: float = 8.0
    #: A unit of a building material, of gold.
    material: float = 1.0
    gold: float = 1.2
    #: Taken off each unit above the stock limit (it goes back at the turn's end, S52).
    excess: float = 1.0
    #: An action card in hand, up to the hand limit.
    card: float = 0.9
    #: A figure in a quarter that produces, that trades (the Exchange, the Bazaar), worth
    #: its income over the game left (scaled by the palace cards left).
    producer: float = 3.0
    trader: float = 1.0
    #: What a figure in the vizier's quarter keeps of its worth.
    closed: float = 0.6
    #: A harem marker on the track (the tie-break, S38).
    marker: float = 0.4
    #: Having a figure in one's supply (one can build without recalling one).
    figure: float = 0.5
    #: Having the materials of a palace card one could build: the best such card, less
    #: this share a unit missing.
    reach: float = 1.5
    reach_decay: float = 0.5
    #: The share of the strongest rival's holdings taken off one's own (the rest: the
    #: rivals' mean; the same with two players).
    rival: float = 0.7
    #: A finished game: the worth of a victory (shared: its share).
    win: float = 100.0


def holdings(s: SabaState, seat: int, w: Weights) -> float:
    """What `seat` holds, weighted."""
    data = s.data
    p = s.players[seat]
    value = 0.0
    levels = s.levels
    for g, owner in enumerate(s.balconies):
        if owner == seat:
            level = levels[g]
            value += w.arch if level == 1 else w.fountain if level == 2 else w.pillar
    value += w.treasury * s.treasury.count(seat)
    stock = p.stock
    value += w.material * (stock[0] + stock[1] + stock[2]) + w.gold * stock[3]
    over = stock[0] + stock[1] + stock[2] + stock[3] - data.stock_limit
    if over > 0:
        value -= w.excess * over
    value += w.card * min(len(p.hand), data.hand_limit)
    time_left = 1.0 - s.palace_gone / len(data.palace_cards)
    for q, seats in enumerate(s.quarters):
        own = seats.count(seat)
        if own:
            worth = w.producer if data.quarters[q].material is not None else w.trader
            value += own * worth * time_left * (w.closed if q == s.vizier else 1.0)
    value += w.marker * s.harem.count(seat)
    if p.figures:
        value += w.figure
    return value + w.reach * reach(s, seat, w.reach_decay)


def reach(s: SabaState, seat: int, decay: float) -> float:
    """How near `seat` is to a palace card of the display it could build: 1 for one it
    can pay now, `decay` per unit missing (the space's gold included)."""
    stock = s.players[seat].stock
    best = 0.0
    surcharges = s.data.surcharges
    levels = s.levels
    for i, card in enumerate(s.display):
        if not isinstance(card, PalaceCard) or levels[card.garden - 1] >= card.level:
            continue
        a, b, c, g = card.cost
        missing = (
            max(0, a - stock[0])
            + max(0, b - stock[1])
            + max(0, c - stock[2])
            + max(0, g + surcharges[i] - stock[3])
        )
        best = max(best, decay**missing)
    return best


def value(s: SabaState, seat: int, w: Weights) -> float:
    """The worth of `s` to `seat`: its holdings less its rivals', or its share of the
    victory once the game is over."""
    if s.is_over():
        outcome = s.outcome()
        share = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
        points = outcome.points
        rivals = max(p for o, p in enumerate(points) if o != seat)
        return w.win * share + points[seat] - rivals
    own = holdings(s, seat, w)
    others = [holdings(s, o, w) for o in range(len(s.players)) if o != seat]
    return own - w.rival * max(others) - (1 - w.rival) * sum(others) / len(others)
