"""Build a position directly from a description, for scenarios and tests.

    build_position(data, players=2, current=0,
                   seats=[{"tokens": {"red": 2, "gold": 1}, "purchased": ["L1-01"],
                           "reserved": ["L2-07"], "blind": ["L2-07"], "nobles": []}, {}],
                   market={1: ["L1-02", "L1-03", None, "L1-05"]},
                   decks={2: ["L2-09", ...]}, nobles=["N01", "N02", "N03"])

`nobles` lists the nobles dealt: those a seat holds are taken off the table. Cards not
placed in the market or a player's area go to their level's deck in id order, unless
that level's deck is given. The market slots not given are filled from the decks. The
bank defaults to the supply minus the players' tokens. Points come from purchased cards
and nobles; `final_round` defaults to whether someone has reached the target.

The position starts `current`'s turn (`phase=Phase.MAIN`), or stops in the middle of it:
`Phase.RETURN` (the seat holds more tokens than the limit) or `Phase.NOBLE` (two or more
nobles on the table qualify). `passes` is how many seats passed in a row just before.

An inconsistent description raises `PositionError` saying what is wrong: a card in two
places or in the wrong level's row or deck, more reserved cards or tokens than allowed,
a held noble that was not dealt, turn and seat numbers that disagree, a final round
that should already have ended. Every card and token must be somewhere: with
`partial=True` a scenario may leave out of the game the cards of a deck it gives that it
places nowhere, and the tokens an explicit bank leaves unaccounted for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from splendor.engine.colors import COLOR_NAMES, TOKENS, color_index
from splendor.engine.components import Card, GameData
from splendor.engine.errors import PositionError
from splendor.engine.setup import GameSetup, default_names
from splendor.engine.state import GameState, Phase, PlayerState

SEAT_FIELDS = ("tokens", "purchased", "reserved", "blind", "nobles")
#: The most tokens one main action can bring above the limit (taking three at the limit).
MAX_EXCESS = 3


def _counts(spec: object, where: str) -> list[int]:
    """Token counts by colour from {colour name: count}."""
    if not isinstance(spec, Mapping):
        raise PositionError(f"{where}: tokens are given as {{colour: count}}, got {spec!r}")
    counts = [0] * len(TOKENS)
    for name, n in spec.items():
        try:
            c = color_index(str(name))
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise PositionError(f"{where}: {name} must be a whole number >= 0, got {n!r}")
        counts[c] = n
    return counts


def _ids(spec: Mapping[str, Any], key: str, where: str) -> list[str]:
    ids = spec.get(key, [])
    if isinstance(ids, str) or not isinstance(ids, Sequence):
        raise PositionError(f"{where}: '{key}' must be a list of ids, got {ids!r}")
    return list(ids)


class _Placer:
    """Hands out each card once, remembering where it went for the error messages."""

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.where: dict[str, str] = {}

    def place(self, card_id: object, where: str, level: int | None = None) -> Card:
        card = self.data.card_by_id.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            raise PositionError(f"{where}: unknown card {card_id!r}")
        if card.id in self.where:
            raise PositionError(f"card {card.id} is placed twice: in {self.where[card.id]} "
                                f"and in {where}")
        if level is not None and card.level != level:
            raise PositionError(f"card {card.id} is a level-{card.level} card: it cannot be "
                                f"in {where}")
        self.where[card.id] = where
        return card

    def unplaced(self, level: int) -> list[Card]:
        return [c for c in self.data.level_cards(level) if c.id not in self.where]


def build_position(
    data: GameData,
    players: int = 2,
    *,
    current: int = 0,
    first_player: int = 0,
    seats: Sequence[Mapping[str, Any]] = (),
    market: Mapping[int, Sequence[str | None]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    nobles: Sequence[str] | None = None,
    bank: Mapping[str, int] | None = None,
    final_round: bool | None = None,
    turns: int | None = None,
    names: Sequence[str] | None = None,
    phase: Phase = Phase.MAIN,
    passes: int = 0,
    partial: bool = False,
) -> GameState:
    """A `GameState` in the described position (see the module docstring); players are
    named `names`, by default 'Player 1', 'Player 2', ... Raises PositionError."""
    if players not in data.setups:
        raise PositionError(f"{players} players is not supported")
    for what, seat in (("current", current), ("first_player", first_player)):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise PositionError(f"{what}: seat {seat!r} is not in this {players}-player game")
    if phase not in (Phase.MAIN, Phase.RETURN, Phase.NOBLE):
        raise PositionError(f"phase {phase!r}: a position is built at a decision "
                            "(main, return or noble); play on to reach the end")
    if len(seats) > players:
        raise PositionError(f"{len(seats)} seats described for {players} players")
    cut = data.setups[players].nobles
    setup = GameSetup(
        players=players,
        names=tuple(names) if names is not None else default_names(players),
        first_player=first_player,
        decks=tuple(tuple(c.id for c in data.level_cards(lv)) for lv in data.levels),
        nobles=tuple(nobles) if nobles is not None else tuple(n.id for n in data.nobles[:cut]),
    )
    try:
        state = GameState.from_setup(data, setup)
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    placer = _Placer(data)
    specs = list(seats) + [{}] * (players - len(seats))
    state.players = [_seat(data, state, placer, s, spec) for s, spec in enumerate(specs)]
    _place_table(data, state, placer, market or {}, decks or {}, partial)
    _place_tokens(data, state, bank, partial)
    state.current = current
    _set_turn(data, state, phase, final_round, turns, passes)
    return state


def _seat(data: GameData, state: GameState, placer: _Placer, seat: int,
          spec: Mapping[str, Any]) -> PlayerState:
    where = f"seat {seat}"
    if not isinstance(spec, Mapping):
        raise PositionError(f"{where}: a seat is described by a mapping, got {spec!r}")
    unknown = sorted(set(spec) - set(SEAT_FIELDS))
    if unknown:
        raise PositionError(f"{where}: unknown field(s) {', '.join(map(repr, unknown))} "
                            f"(known: {', '.join(SEAT_FIELDS)})")
    p = PlayerState()
    p.tokens = _counts(spec.get("tokens", {}), f"{where} tokens")
    p.purchased = [placer.place(i, f"{where}'s purchased cards")
                   for i in _ids(spec, "purchased", where)]
    p.reserved = [placer.place(i, f"{where}'s reserved cards")
                  for i in _ids(spec, "reserved", where)]
    if len(p.reserved) > data.reserve_limit:
        raise PositionError(f"{where} holds {len(p.reserved)} reserved cards: the limit is "
                            f"{data.reserve_limit}")
    p.blind = set(_ids(spec, "blind", where))
    if not p.blind <= {c.id for c in p.reserved}:
        raise PositionError(f"{where}: a blind card must be among the seat's reserved cards")
    dealt = set(state.setup.nobles)
    for noble_id in _ids(spec, "nobles", where):
        if noble_id not in data.noble_by_id:
            raise PositionError(f"{where}: unknown noble {noble_id!r}")
        if noble_id not in dealt:
            raise PositionError(f"{where} holds noble {noble_id}, which was not dealt "
                                f"(dealt: {', '.join(state.setup.nobles)})")
        if noble_id not in {n.id for n in state.nobles}:
            raise PositionError(f"noble {noble_id} is held twice")
        noble = data.noble_by_id[noble_id]
        state.nobles.remove(noble)
        p.nobles.append(noble)
    for c in p.purchased:
        p.bonuses[c.bonus] += 1
    p.points = sum(c.points for c in p.purchased) + sum(n.points for n in p.nobles)
    return p


def _place_table(data: GameData, state: GameState, placer: _Placer,
                 market: Mapping[int, Sequence[str | None]],
                 decks: Mapping[int, Sequence[str]], partial: bool) -> None:
    for what, given in (("market", market), ("decks", decks)):
        stray = [k for k in given if k not in data.levels]
        if stray:
            raise PositionError(f"{what}: no level {stray[0]!r} (levels: "
                                f"{', '.join(map(str, data.levels))})")
    slots = data.market_slots
    rows: dict[int, list[str | None]] = {}
    for level in data.levels:
        row = list(market.get(level, []))
        if len(row) > slots:
            raise PositionError(f"level {level} has only {slots} market slots, {len(row)} given")
        rows[level] = row
        for i in row:
            if i is not None:
                placer.place(i, f"the level-{level} market", level)
    for level in data.levels:
        if level in decks:
            # Internally the top of a deck is the end of its list.
            deck = [placer.place(i, f"the level-{level} deck", level) for i in decks[level]]
            state.decks[level - 1] = deck[::-1]
            left = placer.unplaced(level)
            if left and not partial:
                ids = ", ".join(c.id for c in left[:5]) + (", ..." if len(left) > 5 else "")
                raise PositionError(
                    f"the level-{level} deck given leaves {len(left)} level-{level} card(s) "
                    f"nowhere ({ids}): place them, or pass partial=True to leave them out "
                    "of the game")
    for level in data.levels:
        if level not in decks:
            rest = placer.unplaced(level)
            state.decks[level - 1] = [placer.place(c.id, f"the level-{level} deck")
                                      for c in reversed(rest)]
    for level in data.levels:
        deck = state.decks[level - 1]
        row = rows[level]
        for s in range(slots):
            if s < len(row):
                cid = row[s]
                card = data.card_by_id[cid] if cid is not None else None
            else:
                card = deck.pop() if deck else None
            state.market[(level - 1) * slots + s] = card
        if None in state.market[(level - 1) * slots : level * slots] and deck:
            raise PositionError(f"an empty level-{level} market slot while the level-{level} "
                                "deck still holds cards: the slot would have been refilled")


def _place_tokens(data: GameData, state: GameState, bank: Mapping[str, int] | None,
                  partial: bool) -> None:
    supply = data.setups[state.num_players]
    start = [supply.gems] * 5 + [supply.gold]
    held = [sum(p.tokens[c] for p in state.players) for c in TOKENS]
    over = [c for c in TOKENS if held[c] > start[c]]
    if over:
        c = over[0]
        raise PositionError(f"the players hold {held[c]} {COLOR_NAMES[c]} tokens: the supply "
                            f"has only {start[c]}")
    if bank is None:
        state.bank = [start[c] - held[c] for c in TOKENS]
        return
    state.bank = _counts(bank, "bank")
    for c in TOKENS:
        total = state.bank[c] + held[c]
        if total > start[c] or (total < start[c] and not partial):
            raise PositionError(
                f"{COLOR_NAMES[c]}: bank {state.bank[c]} + players {held[c]} = {total}, but the "
                f"supply is {start[c]}" + ("" if total > start[c] else
                                           " (partial=True leaves the rest out of the game)"))


def _set_turn(data: GameData, state: GameState, phase: Phase, final_round: bool | None,
              turns: int | None, passes: int) -> None:
    n, seat = state.num_players, state.current
    first = state.setup.first_player
    limit = data.token_limit
    for s, p in enumerate(state.players):
        total = sum(p.tokens)
        returning = phase is Phase.RETURN and s == seat
        if total > limit and not returning:
            raise PositionError(f"seat {s} holds {total} tokens: the limit is {limit}")
        if returning and not limit < total <= limit + MAX_EXCESS:
            raise PositionError(f"a return decision needs seat {s} to hold {limit + 1} to "
                                f"{limit + MAX_EXCESS} tokens, not {total}")
    if phase is Phase.NOBLE:
        candidates = state.qualifying_nobles(seat)
        if len(candidates) < 2:
            raise PositionError(f"a noble decision needs two or more nobles on the table that "
                                f"seat {seat} qualifies for, not {len(candidates)}")
        state._candidates = candidates
    state.phase = phase

    expected = (seat - first) % n
    if turns is None:
        turns = expected
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 0:
        raise PositionError(f"turns must be a whole number >= 0, got {turns!r}")
    if turns % n != expected:
        raise PositionError(f"after {turns} turns from seat {first}, seat {(first + turns) % n} "
                            f"plays, not seat {seat}")
    state.turns = turns
    if isinstance(passes, bool) or not isinstance(passes, int) or not 0 <= passes < n:
        raise PositionError(f"passes: 0 to {n - 1} seats can have passed in a row, not {passes!r}"
                            f" (with {n} the game is over)")
    state.passes_in_row = passes

    target = data.target_points
    reached = [s for s, p in enumerate(state.players) if p.points >= target]
    # Mid-turn (return, noble) the current seat may have just reached the target: the
    # final round only starts when its turn ends.
    before = [s for s in reached if s != seat or phase is Phase.MAIN]
    if final_round is None:
        final_round = bool(reached)
    if final_round and not reached:
        raise PositionError(f"a final round needs a seat with {target} points or more")
    if not final_round and before:
        raise PositionError(f"seat {before[0]} has {state.players[before[0]].points} points: "
                            "the final round has begun")
    if final_round and before and seat == first and turns > 0:
        raise PositionError(f"the final round ended when the round reached seat {first} "
                            "again: the game would be over")
    state.final_round = final_round
