"""Saba's game log as data: one entry per applied decision, with what it brought about.

The screen words entries in the player's language (splendor/ui/saba); nothing here is text
for people. Everything an entry holds is public (S63): it is worked out by comparing the
public parts of the game before and after the decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor.saba.engine import Action, Buy, EndReason, Recall, SabaState, SpecialCard, Step
from splendor.saba.engine.outcome import harem_winner


@dataclass(frozen=True, slots=True)
class SabaLogEntry:
    """One applied decision of `seat` (who decided: the turn's player, or the owner of a
    displaced figure, or a treasury leader choosing a quarter) in `turn_player`'s turn.

    `gained` is the change of the deciding seat's materials by material (negative when
    paid or given back; for a purchase `paid` holds its price); `drew` the action cards it
    drew. `displaced` lists the figures pushed off balconies, as (owner, garden space 1-8);
    `harem_out` the seats whose last marker left the harem track; `treasury` the seats
    that put a figure into the treasury. `out` holds the cards that left the game, the
    decision's own card first (bought or crossed out), then any no longer buildable
    (S34). For a treasure card bought, `leader` is the seat the scoring favours (None:
    tied, nobody). `reshuffled`: the discard pile became the action deck (S50). `step`
    is the step the decision answered and `after` the one it led to; for a Recall,
    `garden` is the garden space (1-8) whose balcony the figure goes to (None: the
    treasury).
    """

    index: int
    round: int
    seat: int
    turn_player: int
    action: Action
    gained: tuple[int, ...] = (0, 0, 0, 0)
    paid: tuple[int, ...] = (0, 0, 0, 0)
    drew: int = 0
    displaced: tuple[tuple[int, int], ...] = ()
    harem_out: tuple[int, ...] = ()
    treasury: tuple[int, ...] = ()
    out: tuple[str, ...] = ()
    leader: int | None = None
    reshuffled: bool = False
    end_reason: EndReason | None = None
    step: Step = Step.START
    after: Step = Step.START
    garden: int | None = None

    @property
    def game_over(self) -> bool:
        return self.end_reason is not None

    @property
    def dropped(self) -> tuple[str, ...]:
        """The cards that left the game as no longer buildable (S34): the card the
        decision settles (bought, crossed out, or the purchase a harem answer or a
        recall finishes) always leaves first."""
        return self.out[1:]


def apply_logged(state: SabaState, action: Action) -> SabaLogEntry:
    """Apply `action` to `state` (checked: IllegalActionError, state unchanged) and return
    its log entry."""
    seat = state.current_player()
    assert seat is not None, "the game is over"
    index, round_number, turn = len(state.history), state.round, state.turn_player
    player = state.players[seat]
    stock, hand = list(player.stock), len(player.hand)
    balconies, harem = list(state.balconies), list(state.harem)
    treasury, out, reshuffles = len(state.treasury), len(state.out), state.reshuffles
    paid: tuple[int, ...] = (0, 0, 0, 0)
    leader = None
    step = state.step
    pending = state.pending_garden()
    garden = pending + 1 if isinstance(action, Recall) and pending is not None else None
    if isinstance(action, Buy):
        card = next((c for c in state.display if c.id == action.card_id), None)
        if card is not None:
            paid = state.price(card)
            if isinstance(card, SpecialCard) and not card.ends_game:
                leader = _treasury_leader(state)
    state.apply(action)
    displaced = tuple(
        (owner, g + 1)
        for g, owner in enumerate(balconies)
        if owner is not None and state.balconies[g] != owner
    )
    # A marker entered on a full track pushes the last one off it (S37).
    full = len(state.harem) == len(harem) and state.harem[1:] == harem[:-1]
    pushed = (harem[-1],) if harem and state.harem != harem and full else ()
    return SabaLogEntry(
        index,
        round_number,
        seat,
        turn,
        action,
        gained=tuple(a - b for a, b in zip(player.stock, stock, strict=True)),
        paid=paid,
        drew=max(0, len(player.hand) - hand),
        displaced=displaced,
        harem_out=pushed,
        treasury=tuple(state.treasury[treasury:]),
        out=tuple(state.out[out:]),
        leader=leader,
        reshuffled=state.reshuffles != reshuffles,
        end_reason=state.end_reason,
        step=step,
        after=state.step,
        garden=garden,
    )


def _treasury_leader(state: SabaState) -> int | None:
    """The seat a treasury scoring now favours (S55-S57), None when tied after the harem."""
    counts = state.scores()
    tied = [s for s, n in enumerate(counts) if n == max(counts)]
    return tied[0] if len(tied) == 1 else harem_winner(state.harem, tied)
