"""The standings of a game of Saba, as text lines or a JSON-ready dict: what `replay`
prints and the terminal shows at a game's end (as `splendor.standings` does Splendor's)."""

from __future__ import annotations

from typing import Any

from splendor.console_text import printable
from splendor.saba.engine import SabaState

_REASONS = {
    "end_card": "the end card was bought",
    "palace_cards": "the last palace card left the game",
}
#: What decided among the players tied for first on points (S38, S62, A20).
_TIE_BREAKS = {
    "harem_markers": "Tied on points: more markers on the harem track won.",
    "harem_nearest": "Tied on points and markers: the marker nearest to space 1 won.",
    "shared": "Tied on points and on the harem track: the victory is shared.",
}


def standings_dict(state: SabaState) -> dict[str, Any]:
    """Seats by place (seat order before the end), each one's points (balconies and
    treasury) and harem markers, and what ended the game and broke a tie."""
    names = state.setup.names
    outcome = state.outcome() if state.is_over() else None
    rows = []
    for seat in outcome.ranking if outcome else range(state.num_players):
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                "place": outcome.places[seat] if outcome else None,
                "points": state.points(seat),
                "balconies": state.balconies.count(seat),
                "treasury": state.treasury.count(seat),
                "harem_markers": state.harem.count(seat),
                "winner": bool(outcome and seat in outcome.winners),
            }
        )
    return {
        "finished": outcome is not None,
        "reason": outcome.reason if outcome else None,
        # The game ends at once, within the round being played (S60).
        "rounds": state.round,
        "turns": state.turns,
        "winners": [names[s] for s in outcome.winners] if outcome else [],
        "tie_break": outcome.tie_break if outcome else None,
        "standings": rows,
    }


def standings_lines(state: SabaState) -> list[str]:
    """A human summary of `standings_dict` for a terminal (names' control characters
    escaped: they may come from a file)."""
    info = standings_dict(state)
    rows = info["standings"]
    names = [printable(r["name"]) for r in rows]
    if info["finished"]:
        lines = [f"Game over in round {info['rounds']}: {_REASONS[info['reason']]}."]
    else:
        lines = [f"Game not finished: round {info['rounds']}, {info['turns']} turns played."]
    width = max(len(name) for name in names)
    for n, (r, name) in enumerate(zip(rows, names, strict=True), 1):
        markers = f"{r['harem_markers']} harem marker" + ("" if r["harem_markers"] == 1 else "s")
        lines.append(
            f"{r['place'] or n:>2}. {name:<{width}}  {r['points']:>2} points  {markers}"
            + ("  winner" if r["winner"] else "")
        )
    if info["tie_break"] is not None:
        lines.append(_TIE_BREAKS[info["tie_break"]])
    return lines
