"""Final standings of a game, as text lines or a JSON-ready dict."""

from __future__ import annotations

from typing import Any

from splendor.console_text import printable
from splendor.engine import GameState

_REASONS = {
    "target": "a player reached the target and the round was completed",
    "all_passed": "every player had to pass in turn",
    "city": "a player took a city and the round was completed",
}


def standings_dict(state: GameState) -> dict[str, Any]:
    """Seats ranked from first to last, with what decided the game."""
    names = state.setup.names
    rows = []
    outcome = state.outcome() if state.is_over() else None
    order = outcome.ranking if outcome else range(state.num_players)
    for seat in order:
        p = state.players[seat]
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                "points": p.points,
                "cards": len(p.purchased),
                "nobles": len(p.nobles),
                "reserved": len(p.reserved),
                "winner": bool(outcome and seat in outcome.winners),
                **_module_row(state, seat),
            }
        )
    return {
        "finished": outcome is not None,
        "reason": outcome.reason if outcome else None,
        "rounds": state.round if not outcome else (state.turns - 1) // state.num_players + 1,
        "turns": state.turns,
        "winners": [names[s] for s in outcome.winners] if outcome else [],
        "tie_break": outcome.tie_break if outcome else None,
        "standings": rows,
    }


def _module_row(state: GameState, seat: int) -> dict[str, Any]:
    """A seat's module pieces for its row: the city held (the Cities), the trading posts
    claimed (Trading Posts). Nothing for the base game or another module."""
    if state.has_cities:
        city = getattr(state.players[seat], "city", None)
        return {"city": city.id if city is not None else None}
    if state.has_posts:
        return {"posts": list(getattr(state.players[seat], "posts", []))}
    return {}


def standings_lines(state: GameState) -> list[str]:
    """A human summary of `standings_dict` for a terminal (names' control characters
    escaped: they may come from a file)."""
    info = standings_dict(state)
    names = [printable(r["name"]) for r in info["standings"]]
    if info["finished"]:
        lines = [f"Game over after {info['rounds']} rounds: {_REASONS[info['reason']]}."]
    else:
        lines = [f"Game not finished: round {info['rounds']}, {info['turns']} turns played."]
    width = max(len(name) for name in names)
    for rank, (r, name) in enumerate(zip(info["standings"], names, strict=True), 1):
        mark = f"  city {r['city']}" if r.get("city") else ""
        mark += "  winner" if r["winner"] else ""
        nobles = f"{r['nobles']} noble" + ("" if r["nobles"] == 1 else "s")
        lines.append(
            f"{rank:>2}. {name:<{width}}  {r['points']:>2} points  "
            f"{r['cards']:>2} cards  {nobles}{mark}"
        )
    if info["finished"] and not info["winners"]:
        lines.append("No one took a city: no one wins.")
    if info["tie_break"] == "fewest_cards":
        lines.append("Tied on points: the fewest purchased cards won.")
    elif info["tie_break"] == "shared":
        lines.append("Tied on points and cards: the victory is shared.")
    return lines
