"""Saba in the terminal (`python -m splendor play --game saba`): the table as lines of
text from a seat's view, humans typing actions in Saba's grammar (or their number), bots
answering. Names are printed with their control characters escaped."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TextIO

from splendor.console_text import printable
from splendor.match import DEFAULT_ROUND_CAP
from splendor.saba.engine import (
    MATERIAL_NAMES,
    PalaceCard,
    SabaData,
    SabaState,
    SabaView,
    observe,
    parse_action,
)
from splendor.saba.standings import standings_lines
from splendor.terminal import play_turns

#: Materials by their first letter: alabaster, sandstone, ebony, gold.
_SHORT = ("A", "S", "E", "G")
_PIECES = ("-", "arch", "fountain", "pillar")


def _units(counts: Sequence[int]) -> str:
    return " ".join(f"{_SHORT[m]}{n}" for m, n in enumerate(counts) if n) or "-"


def render_saba_view(view: SabaView, data: SabaData) -> list[str]:
    """The table as `view.seat` sees it, as lines of text."""
    names = [printable(p.name) for p in view.players]

    def who(seat: int | None) -> str:
        return "-" if seat is None else names[seat]

    lines = [
        f"--- round {view.round} ---  supply: {_units(view.supply)}  action deck "
        f"{view.action_deck_size}, discard {len(view.discard)}"
    ]
    lines.append(
        "harbour: "
        + " | ".join(
            f"{k + 1} {section} {MATERIAL_NAMES[m]} x{n}/{data.sections[k].capacity}"
            for k, (section, m, n) in enumerate(view.harbour)
        )
    )
    spaces = []
    for i, card in enumerate(view.display):
        what = f"garden {card.garden}" if isinstance(card, PalaceCard) else card.effect
        spaces.append(f"[{i + 1} +{data.surcharges[i]}G] {card.id} ({what}: {_units(card.cost)})")
    lines.append("build spaces: " + "  ".join(spaces) + f"  deck {view.deck_size}")
    lines.append(
        "palace: "
        + "  ".join(
            f"{g + 1}:{_PIECES[level]}({who(view.balconies[g])})"
            for g, level in enumerate(view.levels)
        )
    )
    lines.append(
        f"treasury: {', '.join(names[s] for s in view.treasury) or '-'}   harem "
        f"(space 1 first): {', '.join(names[s] for s in view.harem) or '-'}"
    )
    lines.append(
        "quarters: "
        + "  ".join(
            f"{q.id}{'*' if i == view.vizier else ''}[{','.join(names[s] for s in seats)}]"
            for i, (q, seats) in enumerate(zip(data.quarters, view.quarters, strict=True))
        )
        + "   (* the vizier)"
    )
    for p in view.players:
        turn = ">" if p.seat == view.current_player else " "
        hand = f"  hand {', '.join(p.hand)}" if p.hand is not None else ""
        lines.append(
            f"{turn} {names[p.seat]}: {p.points} pts  {_units(p.stock)} "
            f"({sum(p.stock)}/{data.stock_limit})  figures {p.figures}  markers "
            f"{p.markers}  cards {p.hand_size}  faces {'/'.join(p.faces)}{hand}"
        )
    lines.append(f"  to decide now: {view.step.value}")
    return lines


def play_saba_in_terminal(
    state: SabaState,
    seats: Sequence[Any | None],
    out: TextIO,
    read: Callable[[str], str] = input,
) -> SabaState:
    """Play `state` to the end (or the round cap); a None seat is a human at the
    keyboard, the others are bots (`choose(view)`); then the standings, as `replay`
    prints them."""

    def render(view: SabaView) -> list[str]:
        return render_saba_view(view, state.data)

    if not play_turns(state, seats, observe, render, parse_action, out, read):
        return state
    if not state.is_over():
        print(f"Unfinished after {DEFAULT_ROUND_CAP} rounds.", file=out)
    for line in standings_lines(state):
        print(line, file=out, flush=True)
    return state
