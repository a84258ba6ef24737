"""A terminal game (until the table scene exists): humans type actions, bots answer.

Names are printed with their control characters escaped (`console_text.printable`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TextIO

from splendor.bots import Bot
from splendor.console_text import printable
from splendor.engine import (
    ActionParseError,
    Card,
    GameData,
    GameState,
    HiddenCard,
    IllegalActionError,
    PlayerView,
    View,
    observe,
    parse_action,
    state_class,
)
from splendor.engine.components import City
from splendor.match import DEFAULT_ROUND_CAP
from splendor.standings import standings_lines

# white, blue (U, as in most Splendor notations), green, red, black (K), gold
_SHORT = ("W", "U", "G", "R", "K", "*")


def _counts(counts: Sequence[int]) -> str:
    return " ".join(f"{_SHORT[c]}{n}" for c, n in enumerate(counts) if n) or "-"


def _card(card: Card | HiddenCard | None, holds: dict[str, str] | None = None) -> str:
    if card is None:
        return "(empty)"
    if isinstance(card, HiddenCard):
        return f"[hidden {'Orient ' if card.orient else ''}level {card.level}]"
    bonus = _SHORT[card.bonus] * max(1, card.bonus_count) if card.bonus >= 0 else "-"
    text = f"{card.id} {bonus} {card.points}pt ({_counts(card.cost)})"
    if card.ability is not None:
        text += f" {card.ability}"
        if card.ability == "sacrifice" and card.discard_colour is not None:
            text += f" {_SHORT[card.discard_colour]}{card.discard_count}"
    if holds and card.id in holds:
        text += f" [{holds[card.id]}]"
    return text


_POWERS = ("gem after a purchase", "extra gem with two of a colour", "gold pays two",
           "5 points", "1 point per own post")


def render_view(view: View) -> list[str]:
    """The table as `view.seat` sees it, as lines of text (with a module's pieces)."""
    names = [printable(p.name) for p in view.players]
    holds = {card: f"{names[owner]} stronghold x{n}" for card, owner, n in view.holds}
    module = f"  module: {view.module}" if view.module else ""
    game = state_class(view.module)
    lines = [f"--- round {view.round} ---  bank: {_counts(view.bank)}{module}"]
    if view.nobles or not game.has_cities:
        lines.append("nobles: " + "  ".join(f"{n.id}({_counts(n.requires)})"
                                            for n in view.nobles))
    if game.has_cities:
        lines.append("cities: " + "  ".join(_city(c) for c in view.cities))
    for level in range(len(view.market), 0, -1):
        row = "  ".join(_card(c, holds) for c in view.market[level - 1])
        lines.append(f"L{level} [{view.deck_sizes[level - 1]:>2} left] {row}")
    for level in range(len(view.orient_market), 0, -1):
        row = "  ".join(_card(c) for c in view.orient_market[level - 1])
        lines.append(f"O{level} [{view.orient_deck_sizes[level - 1]:>2} left] {row}")
    if game.has_posts:
        for i, power in enumerate(_POWERS, 1):
            holders = [names[p.seat] for p in view.players if i in p.posts]
            lines.append(f"post {i}: {power}" + (f"  held by {', '.join(holders)}"
                                                  if holders else ""))
    for p in view.players:
        turn = ">" if p.seat == view.current_player else " "
        lines.append(
            f"{turn} {names[p.seat]}: {p.points} pts  tokens {_counts(p.tokens)}  "
            f"bonuses {_counts(p.bonuses)}  nobles {len(p.nobles)}{_pieces(view, p)}"
        )
        for card in p.reserved:
            lines.append(f"      reserved {_card(card)}")
    if view.step is not None or view.choices:
        what = view.step[0] if view.step is not None else view.phase.value
        lines.append(f"  to decide now: {what}")
    return lines


def _city(city: City) -> str:
    need = _counts(city.requires)
    single = f" +{city.any_single} of one colour" if city.any_single else ""
    return f"{city.id}({city.points}pt {need}{single})"


def _pieces(view: View, p: PlayerView) -> str:
    """A seat's module pieces, for its line."""
    parts = []
    if p.city is not None:
        parts.append(f"city {p.city.id}")
    if p.posts:
        parts.append("posts " + ",".join(map(str, p.posts)))
    if p.doubles:
        parts.append(f"double golds {len(p.doubles)}")
    if p.pairs:
        parts.append("paired " + ",".join(f"{card}>{partner}" for card, partner, _ in p.pairs))
    if p.kept_nobles:
        parts.append("kept " + ",".join(n.id for n in p.kept_nobles))
    if state_class(view.module).has_strongholds:
        parts.append(f"strongholds {p.supply} in supply")
    return "".join(f"  {part}" for part in parts)


def ask_human(view: Any, read: Callable[[str], str], write: Callable[[str], None],
              render: Callable[[Any], list[str]] = render_view,
              parse: Callable[[str], Any] = parse_action) -> str | None:
    """Ask for an action until a legal one is typed; None when the player quits. `view`
    is Splendor's (`render`, `parse`: another game's table in lines and its actions'
    grammar: Saba's terminal asks through this too)."""
    for line in render(view):
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
            return str(legal[int(answer) - 1].text())
        try:
            action = parse(answer)
        except ActionParseError as exc:
            write(f"  {exc}")
            continue
        if action in legal or action.kind == "buy":
            return str(action.text())
        write("  that action is not possible now")


def play_in_terminal(
    data: GameData,
    state: GameState,
    seats: Sequence[Bot | None],
    out: TextIO,
    read: Callable[[str], str] = input,
) -> GameState:
    """Play `state` to the end; a None seat is a human at the keyboard."""
    if play_turns(state, seats, observe, render_view, parse_action, out, read):
        for line in standings_lines(state):
            print(line, file=out, flush=True)
    return state


def play_turns(state: Any, seats: Sequence[Any | None], look: Callable[[Any, int], Any],
               render: Callable[[Any], list[str]], parse: Callable[[str], Any], out: TextIO,
               read: Callable[[str], str]) -> bool:
    """Play any game's `state` until it is over or the round cap: each decision made by
    its seat's bot (`choose(view)`), or asked of the human at the keyboard (a None seat)
    from their view (`look(state, seat)`) shown with `render`, typed in the grammar
    `parse` reads. False when a human quits ('Game abandoned.')."""

    def write(line: str) -> None:
        print(line, file=out, flush=True)

    names = [printable(name) for name in state.setup.names]
    while not state.is_over() and state.round <= DEFAULT_ROUND_CAP:
        seat = state.current_player()
        view = look(state, seat)
        bot = seats[seat]
        if bot is None:
            text = ask_human(view, read, write, render, parse)
            if text is None:
                write("Game abandoned.")
                return False
            try:
                state.apply(parse(text))
            except IllegalActionError as exc:
                write(f"  {exc.reason}")
                continue
            write(f"{names[seat]}: {text}")
        else:
            action = bot.choose(view)
            state.apply(action)
            write(f"{names[seat]}: {action.text()}")
    return True
