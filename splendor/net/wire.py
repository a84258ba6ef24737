"""Views, log entries and actions as plain data that round-trips exactly:
`view_from_wire(view_to_wire(v), data, v.history) == v` (a view travels without its
history, which the client keeps as its log).

Cards, nobles and cities travel by their ids, trading posts by number, actions by their
text. A card the seat may not see (`HiddenCard`) travels as its level and deck only, so
the wire form of a view holds nothing the view does not. Anything malformed in data
coming back raises `ProtocolError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import msgspec

from splendor.engine import Action, ActionParseError, Card, GameData, Noble, Phase, parse_action
from splendor.engine.components import City, TradingPost
from splendor.engine.view import HiddenCard, PlayerView, View
from splendor.net.errors import BAD_ACTION, BAD_FIELD, UNKNOWN_PIECE, ProtocolError
from splendor.net.schema import HiddenWire, LogEntryWire, PlayerWire, StepArg, ViewWire
from splendor.session.log import LogEntry

T = TypeVar("T")
S = TypeVar("S", bound=msgspec.Struct)


def action_to_wire(action: Action) -> str:
    return action.text()


def action_from_wire(text: str) -> Action:
    """The action `text` names; ProtocolError if it is not one."""
    try:
        return parse_action(text)
    except ActionParseError as exc:
        raise ProtocolError(BAD_ACTION, str(exc)) from None


# ------------------------------------------------------------------ to the wire


def _ids(pieces: Iterable[Card | Noble | City]) -> list[str]:
    return [p.id for p in pieces]


def _rows(rows: Iterable[Iterable[Card | None]]) -> list[list[str | None]]:
    return [[c.id if c is not None else None for c in row] for row in rows]


def _player_struct(p: PlayerView) -> PlayerWire:
    return PlayerWire(
        seat=p.seat, name=p.name, tokens=list(p.tokens), bonuses=list(p.bonuses),
        purchased=_ids(p.purchased),
        reserved=[HiddenWire(c.level, c.orient) if isinstance(c, HiddenCard) else c.id
                  for c in p.reserved],
        reserved_blind=list(p.reserved_blind), nobles=_ids(p.nobles), points=p.points,
        city=p.city.id if p.city is not None else None, posts=list(p.posts),
        doubles=_ids(p.doubles), pairs=list(p.pairs), kept_nobles=_ids(p.kept_nobles),
        supply=p.supply)


def _choice_id(choice: Any) -> int | str:
    if isinstance(choice, TradingPost | City):
        return choice.id
    raise TypeError(f"a choice that is neither a trading post nor a city: {choice!r}")


def view_to_struct(view: View) -> ViewWire:
    """`view` in its wire shape (what a State message carries)."""
    turn = view.turn_state
    return ViewWire(
        seat=view.seat, num_players=view.num_players, first_player=view.first_player,
        current_player=view.current_player, phase=view.phase.value, round=view.round,
        turns=view.turns, final_round=view.final_round, passes_in_row=view.passes_in_row,
        bank=list(view.bank), market=_rows(view.market), deck_sizes=list(view.deck_sizes),
        nobles=_ids(view.nobles), noble_candidates=_ids(view.noble_candidates),
        players=[_player_struct(p) for p in view.players],
        legal_actions=[a.text() for a in view.legal_actions], moves=len(view.history),
        module=view.module, orient_market=_rows(view.orient_market),
        orient_deck_sizes=list(view.orient_deck_sizes), cities=_ids(view.cities),
        holds=list(view.holds), box=_ids(view.box), step=view.step,
        choices=[_choice_id(c) for c in view.choices],
        turn_state=(turn[0], list(turn[1]), list(turn[2])) if turn is not None else None)


def view_to_wire(view: View) -> dict[str, Any]:
    """`view` as JSON-ready data (dicts, lists, strings, numbers, booleans, None)."""
    data: dict[str, Any] = msgspec.to_builtins(view_to_struct(view))
    return data


def log_entry_to_struct(entry: LogEntry) -> LogEntryWire:
    return LogEntryWire(
        index=entry.index, round=entry.round, seat=entry.seat, action=entry.action.text(),
        nobles=list(entry.nobles), final_round=entry.final_round, game_over=entry.game_over,
        city=entry.city, posts=list(entry.posts), owner=entry.owner)


def log_entry_to_wire(entry: LogEntry) -> dict[str, Any]:
    data: dict[str, Any] = msgspec.to_builtins(log_entry_to_struct(entry))
    return data


# ---------------------------------------------------------------- from the wire


def _struct(data: Mapping[str, Any] | S, kind: type[S]) -> S:
    if isinstance(data, kind):
        return data
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as exc:
        raise ProtocolError(BAD_FIELD, f"{kind.__name__}: {exc}") from None


def _lookup(table: Mapping[Any, T], key: Any, what: str) -> T:
    try:
        return table[key]
    except KeyError:
        raise ProtocolError(UNKNOWN_PIECE, f"no {what} {key!r} in this game's data") from None


class _Pieces:
    """Ids back to the pieces of one game's data."""

    def __init__(self, data: GameData) -> None:
        self.card: Callable[[str], Card] = lambda i: _lookup(data.card_by_id, i, "card")
        self.noble: Callable[[str], Noble] = lambda i: _lookup(data.noble_by_id, i, "noble")
        self.city: Callable[[str], City] = lambda i: _lookup(data.city_by_id, i, "city")
        posts = {p.id: p for p in data.posts}
        self.post: Callable[[int], TradingPost] = lambda i: _lookup(posts, i, "trading post")

    def cards(self, ids: Iterable[str]) -> tuple[Card, ...]:
        return tuple(self.card(i) for i in ids)

    def nobles(self, ids: Iterable[str]) -> tuple[Noble, ...]:
        return tuple(self.noble(i) for i in ids)

    def rows(self, rows: Iterable[Iterable[str | None]]) -> tuple[tuple[Card | None, ...], ...]:
        return tuple(tuple(self.card(i) if i is not None else None for i in row)
                     for row in rows)

    def choice(self, item: int | str) -> TradingPost | City:
        return self.post(item) if isinstance(item, int) else self.city(item)


def _phase(value: str) -> Phase:
    try:
        return Phase(value)
    except ValueError:
        raise ProtocolError(BAD_FIELD, f"no phase {value!r}") from None


def _player(p: PlayerWire, pieces: _Pieces) -> PlayerView:
    return PlayerView(
        seat=p.seat, name=p.name, tokens=tuple(p.tokens), bonuses=tuple(p.bonuses),
        purchased=pieces.cards(p.purchased),
        reserved=tuple(HiddenCard(c.level, c.orient) if isinstance(c, HiddenWire)
                       else pieces.card(c) for c in p.reserved),
        reserved_blind=tuple(p.reserved_blind), nobles=pieces.nobles(p.nobles),
        points=p.points, city=pieces.city(p.city) if p.city is not None else None,
        posts=tuple(p.posts), doubles=pieces.cards(p.doubles), pairs=tuple(p.pairs),
        kept_nobles=pieces.nobles(p.kept_nobles), supply=p.supply)


def _steps(steps: Iterable[tuple[str, StepArg]]) -> tuple[tuple[str, StepArg], ...]:
    for phase, _ in steps:
        _phase(phase)
    return tuple(steps)


def view_from_wire(data: Mapping[str, Any] | ViewWire, game_data: GameData,
                   history: Sequence[str]) -> View:
    """The view `data` (from `view_to_wire` or a State message) describes, at the end of
    `history` (the action texts so far); ProtocolError unless `data` is at that move."""
    w = _struct(data, ViewWire)
    if w.moves != len(history):
        raise ProtocolError(BAD_FIELD, f"a view at move {w.moves} after {len(history)} "
                                       f"moves")
    pieces = _Pieces(game_data)
    turn = w.turn_state
    return View(
        seat=w.seat, num_players=w.num_players, first_player=w.first_player,
        current_player=w.current_player, phase=_phase(w.phase), round=w.round,
        turns=w.turns, final_round=w.final_round, passes_in_row=w.passes_in_row,
        bank=tuple(w.bank), market=pieces.rows(w.market), deck_sizes=tuple(w.deck_sizes),
        nobles=pieces.nobles(w.nobles), noble_candidates=pieces.nobles(w.noble_candidates),
        players=tuple(_player(p, pieces) for p in w.players),
        legal_actions=tuple(action_from_wire(a) for a in w.legal_actions),
        history=tuple(history), module=w.module, orient_market=pieces.rows(w.orient_market),
        orient_deck_sizes=tuple(w.orient_deck_sizes),
        cities=tuple(pieces.city(c) for c in w.cities), holds=tuple(w.holds),
        box=pieces.cards(w.box), step=_steps([w.step])[0] if w.step is not None else None,
        choices=tuple(pieces.choice(c) for c in w.choices),
        turn_state=(turn[0], _steps(turn[1]), tuple(turn[2])) if turn is not None else None)


def log_entry_from_wire(data: Mapping[str, Any] | LogEntryWire) -> LogEntry:
    w = _struct(data, LogEntryWire)
    return LogEntry(w.index, w.round, w.seat, action_from_wire(w.action), tuple(w.nobles),
                    final_round=w.final_round, game_over=w.game_over, city=w.city,
                    posts=tuple(w.posts), owner=w.owner)
