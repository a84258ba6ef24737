"""Rule options that restrict one seat's moves (a challenge's constraints), as legality.

A `Restrictions` value says what one seat may not do: reserve, take two tokens of a
colour, buy or reserve cards of some levels, pay with gold. It is part of the game's
setup (`GameSetup.restrictions`, one per seat, empty for a game without any), so every
copy, record, save and replay of the game keeps it, and a seat's view carries it
(`View.restrictions`) so that a bot deciding from the view, and a search in sampled
worlds, plays by it. The restricted moves leave `legal_actions()`, and `apply` refuses
them with a reason of its own code (`no_reserving`, `no_take_two`, `level_barred`,
`no_gold_payment`; a buy that even gold would not pay, `cannot_afford` for the tokens short
without gold) that says why in the player's language.

Restrictions bind only a seat's main action: the steps a module's turn brings (a gem,
a pairing, a free card...) are left as the rules give them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from splendor.engine.actions import PASS, Action, Buy, Reserve, ReserveDeck, TakeTwo
from splendor.engine.colors import GOLD
from splendor.engine.components import Card, GameData
from splendor.engine.errors import Refusal
from splendor.engine.payment import tokens_missing
from splendor.engine.pickling import fast_pickle
from splendor.engine.player import PlayerState

#: The names of the flags, as data files and records spell them.
FLAGS = ("no_reserve", "no_take_two", "no_gold")


@fast_pickle
@dataclass(frozen=True, slots=True)
class Restrictions:
    """What one seat may not do. `levels`: the card levels it may buy and reserve (None:
    every level)."""

    no_reserve: bool = False
    no_take_two: bool = False
    no_gold: bool = False
    levels: tuple[int, ...] | None = None

    def __bool__(self) -> bool:
        return self.no_reserve or self.no_take_two or self.no_gold or self.levels is not None

    def to_json(self) -> dict[str, Any]:
        """The restrictions as plain data (only those set)."""
        doc: dict[str, Any] = {name: True for name in FLAGS if getattr(self, name)}
        if self.levels is not None:
            doc["levels"] = list(self.levels)
        return doc

    def allows_level(self, level: int) -> bool:
        return self.levels is None or level in self.levels


NONE = Restrictions()


def restrictions_from_json(raw: object, levels: Sequence[int], where: str) -> Restrictions:
    """The restrictions plain data describes (`to_json`'s form); ValueError naming
    `where` and the problem."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: restrictions are given as {{name: value}}, got {raw!r}")
    unknown = sorted(str(k) for k in raw if k not in (*FLAGS, "levels"))
    if unknown:
        raise ValueError(f"{where}: unknown restriction(s) {', '.join(unknown)} "
                         f"(known: {', '.join((*FLAGS, 'levels'))})")
    flags = {}
    for name in FLAGS:
        value = raw.get(name, False)
        if not isinstance(value, bool):
            raise ValueError(f"{where}: {name} must be true or false, got {value!r}")
        flags[name] = value
    allowed = raw.get("levels")
    if allowed is not None:
        if not isinstance(allowed, list) or not allowed or any(
                isinstance(v, bool) or v not in levels for v in allowed):
            raise ValueError(f"{where}: levels must list card levels among "
                             f"{', '.join(map(str, levels))}, got {allowed!r}")
        allowed = tuple(sorted(set(allowed)))
    return Restrictions(levels=allowed, **flags)


def seat_restrictions(all_seats: tuple[Restrictions, ...], seat: int) -> Restrictions:
    """`seat`'s restrictions in a setup's tuple (empty: nobody is restricted)."""
    return all_seats[seat] if seat < len(all_seats) else NONE


def check_restrictions(all_seats: tuple[Restrictions, ...], players: int) -> None:
    """Raise ValueError unless `all_seats` is empty or names one value per seat."""
    if all_seats and len(all_seats) != players:
        raise ValueError(f"restrictions name {len(all_seats)} seats for {players} players")


def refusal(rules: Restrictions, data: GameData, p: PlayerState,
            action: Action) -> Refusal | None:
    """Why `rules` forbid the main action `action` to the seat `p`, or None."""
    kind = type(action)
    if kind is TakeTwo and rules.no_take_two:
        return Refusal("no_take_two", "you may not take two tokens of a colour in this game")
    if kind is Reserve or kind is ReserveDeck:
        if rules.no_reserve:
            return Refusal("no_reserving", "you may not reserve cards in this game")
        level = _level(data, action)
        if level is not None and not rules.allows_level(level):
            return _barred(rules, level)
    if isinstance(action, Buy):
        card = data.card_by_id.get(action.card_id)
        if card is None:
            return None
        if not rules.allows_level(card.level):
            return _barred(rules, card.level)
        if rules.no_gold:
            return _gold_refusal(p, action, card)
    return None


def _level(data: GameData, action: Action) -> int | None:
    if isinstance(action, ReserveDeck):
        return action.level
    assert isinstance(action, Reserve)
    card = data.card_by_id.get(action.card_id)
    return card.level if card is not None else None


def _barred(rules: Restrictions, level: int) -> Refusal:
    allowed = ", ".join(map(str, rules.levels or ()))
    return Refusal("level_barred",
                   f"level {level} cards are barred in this game (allowed: {allowed})",
                   level=level, levels=allowed)


def _gold_refusal(p: PlayerState, action: Buy, card: Card) -> Refusal | None:
    """Why a game without gold refuses the buy, or None: it pays with gold (double golds,
    an explicit payment's gold, or the default payment, tokens first, when tokens and
    bonuses fall short and gold would cover the rest). A buy that even gold would not pay
    is refused for the tokens short, counted without gold: that, not the gold, is what
    stops the player."""
    if action.doubles or (action.payment is not None and action.payment[GOLD] > 0):
        return _no_gold()
    if action.payment is not None or action.discard:
        return None
    without_gold = [*p.tokens[:GOLD], 0, *p.tokens[GOLD + 1:]]
    short = tokens_missing(without_gold, p.bonuses, card)
    if not short:
        return None
    if tokens_missing(p.tokens, p.bonuses, card):
        return Refusal("cannot_afford", f"you can't afford {card.id}: {short} token(s) short",
                       card=card.id, count=short)
    return _no_gold()


def _no_gold() -> Refusal:
    return Refusal("no_gold_payment", "you may not pay with gold in this game")


class _Game(Protocol):
    """What restrictions read of a game (a `GameState`)."""

    @property
    def setup(self) -> _Setup: ...
    @property
    def data(self) -> GameData: ...
    @property
    def players(self) -> Sequence[PlayerState]: ...
    @property
    def current(self) -> int: ...
    @property
    def phase(self) -> Enum: ...


class _Setup(Protocol):
    @property
    def restrictions(self) -> tuple[Restrictions, ...]: ...


def _rules(game: _Game) -> Restrictions:
    """The current seat's restrictions, in its main phase (none in a turn's other steps)."""
    if game.phase.value != "main":
        return NONE
    return seat_restrictions(game.setup.restrictions, game.current)


def allowed(game: _Game, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The actions of `actions` that the current seat's restrictions leave it: a pass when
    they leave none."""
    rules = _rules(game)
    if not rules:
        return actions
    p, data = game.players[game.current], game.data
    return tuple(a for a in actions if refusal(rules, data, p, a) is None) or (PASS,)


def restricted(game: _Game, action: Action) -> Refusal | None:
    """Why the current seat's restrictions forbid it `action` now, or None."""
    rules = _rules(game)
    return refusal(rules, game.data, game.players[game.current], action) if rules else None
