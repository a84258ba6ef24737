"""A terminal game (until the table scene exists): humans type actions, bots answer.

Names are printed with their control characters escaped (`console_text.printable`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO

from splendor.bots import Bot
from splendor.console_text import printable
from splendor.engine import (
    ActionParseError,
    Card,
    GameData,
    GameState,
    HiddenCard,
    IllegalActionError,
    View,
    observe,
    parse_action,
)
from splendor.match import DEFAULT_ROUND_CAP
from splendor.standings import standings_lines

# white, blue (U, as in most Splendor notations), green, red, black (K), gold
_SHORT = ("W", "U", "G", "R", "K", "*")


def _counts(counts: Sequence[int]) -> str:
    return " ".join(f"{_SHORT[c]}{n}" for c, n in enumerate(counts) if n) or "-"


def _card(card: Card | HiddenCard | None) -> str:
    if card is None:
        return "(empty)"
    if isinstance(card, HiddenCard):
        return f"[hidden level {card.level}]"
    return f"{card.id} {_SHORT[card.bonus]} {card.points}pt ({_counts(card.cost)})"


def render_view(view: View) -> list[str]:
    """The table as `view.seat` sees it, as lines of text."""
    lines = [f"--- round {view.round} ---  bank: {_counts(view.bank)}"]
    lines.append("nobles: " + "  ".join(f"{n.id}({_counts(n.requires)})" for n in view.nobles))
    for level in range(len(view.market), 0, -1):
        row = "  ".join(_card(c) for c in view.market[level - 1])
        lines.append(f"L{level} [{view.deck_sizes[level - 1]:>2} left] {row}")
    for p in view.players:
        turn = ">" if p.seat == view.current_player else " "
        lines.append(
            f"{turn} {printable(p.name)}: {p.points} pts  tokens {_counts(p.tokens)}  "
            f"bonuses {_counts(p.bonuses)}  nobles {len(p.nobles)}"
        )
        for card in p.reserved:
            lines.append(f"      reserved {_card(card)}")
    return lines


def ask_human(view: View, read: Callable[[str], str], write: Callable[[str], None]) -> str | None:
    """Ask for an action until a legal one is typed; None when the player quits."""
    for line in render_view(view):
        write(line)
    legal = view.legal_actions
    for i, action in enumerate(legal, 1):
        write(f"  {i:>2}. {action.text()}")
    prompt = f"{printable(view.me.name)}, your move (number or text, q to quit): "
    while True:
        try:
            answer = read(prompt).strip()
        except EOFError:
            return None
        if answer.lower() in {"q", "quit"}:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1].text()
        try:
            action = parse_action(answer)
        except ActionParseError as exc:
            write(f"  {exc}")
            continue
        if action in legal or action.kind == "buy":
            return action.text()
        write("  that action is not possible now")


def play_in_terminal(
    data: GameData,
    state: GameState,
    seats: Sequence[Bot | None],
    out: TextIO,
    read: Callable[[str], str] = input,
) -> GameState:
    """Play `state` to the end; a None seat is a human at the keyboard."""
    def write(line: str) -> None:
        print(line, file=out, flush=True)

    names = [printable(name) for name in state.setup.names]
    while not state.is_over() and state.round <= DEFAULT_ROUND_CAP:
        seat = state.current
        view = observe(state, seat)
        bot = seats[seat]
        if bot is None:
            text = ask_human(view, read, write)
            if text is None:
                write("Game abandoned.")
                return state
            try:
                state.apply(parse_action(text))
            except IllegalActionError as exc:
                write(f"  {exc.reason}")
                continue
            write(f"{names[seat]}: {text}")
        else:
            action = bot.choose(view)
            state.apply(action)
            write(f"{names[seat]}: {action.text()}")
    for line in standings_lines(state):
        write(line)
    return state

