"""The end of a game of Saba in the player's language: who won, how the game ended, each
player's points, and how the harem track ranked the players tied on points (S38,
S61-S62). `you` is the seat of the person at the screen (None: nobody in particular)."""

from __future__ import annotations

from collections.abc import Sequence

from splendor.i18n import said, tr
from splendor.saba.engine import Outcome, SabaView
from splendor.saba.words import join


def headline(outcome: Outcome, names: Sequence[str], you: int | None = None) -> str:
    """'Ada wins!', 'You win!', 'Ada and Bo share the victory!', 'You share the victory
    with Bo!'."""
    winners = outcome.winners
    if len(winners) == 1:
        seat = winners[0]
        return said("saba_results.headline.wins", None if seat == you else names[seat])
    if you in winners:
        others = join([names[s] for s in winners if s != you])
        return tr("saba_results.shared_with_you", names=others)
    return tr("saba_results.headline.shared", names=join([names[s] for s in winners]))


def end_text(view: SabaView, you: int | None = None) -> str:
    """How the game ended and in which round: the last palace card gone, or the end card
    bought (by the player whose turn it was)."""
    if view.end_reason == "end_card":
        buyer = view.turn_player
        name = None if buyer == you else view.players[buyer].name
        return said("saba_results.end.end_card", name, round=view.round)
    return tr("saba_results.end.palace_cards", round=view.round)


def points_text(points: int) -> str:
    """'5 points'."""
    return tr("saba_results.points", points)


def detail_text(view: SabaView, seat: int) -> str:
    """Where a player's points stand: '4 on balconies, 1 in the treasury' (S61)."""
    return tr(
        "saba_results.detail",
        balconies=view.balconies.count(seat),
        treasury=view.treasury.count(seat),
    )


def tie_lines(outcome: Outcome, names: Sequence[str], you: int | None = None) -> list[str]:
    """For every group of players tied on points, best first: how the harem track ranks
    them (each one's markers and nearest space), then who still shares the victory or a
    place because no marker tells them apart (A20)."""
    lines = []
    for points in sorted(set(outcome.points), reverse=True):
        tied = sorted(
            (s for s, p in enumerate(outcome.points) if p == points),
            key=lambda s: (outcome.places[s], s),
        )
        if len(tied) < 2:
            continue
        standings = join([_standing(outcome.harem, s, names, you) for s in tied])
        lines.append(tr("saba_results.tie", points=points, standings=standings))
        for place in sorted({outcome.places[s] for s in tied}):
            sharing = [names[s] for s in tied if outcome.places[s] == place]
            if len(sharing) < 2:
                continue
            if place == 1:
                lines.append(tr("saba_results.shared_victory", names=join(sharing)))
            else:
                lines.append(tr("saba_results.shared_place", names=join(sharing), place=place))
    return lines


def _standing(harem: Sequence[int], seat: int, names: Sequence[str], you: int | None) -> str:
    """One tied player's standing on the harem track: markers, and the nearest's space."""
    name = None if seat == you else names[seat]
    count = list(harem).count(seat)
    if not count:
        return said("saba_results.standing.none", name)
    space = list(harem).index(seat) + 1
    return said("saba_results.standing.markers", name, count, space=space)
