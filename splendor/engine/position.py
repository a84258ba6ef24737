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

With a Cities of Splendor `module` (see RULES_CITIES.md) a seat may also hold

    "city": "C04"                    the Cities: the city taken (its requirements met)
    "posts": [1, 5]                  Trading Posts: the posts claimed, in order (met)
    "doubles": ["O1-03"]             the Orient: double golds not spent yet
    "pairs": {"O1-06": "L1-25"}      the Orient: every bought pairing card -> its partner
    "kept_nobles": ["N04"]           the Orient: nobles kept aside (dealt, off the table)

and the table: `cities` (the Cities: the cities still on the table; with those held they
make the cities dealt, by default the lowest ids), `holds` (Strongholds: {face-up card:
(seat, count)}), `orient_market` and `orient_decks` (the Orient, by level, like `market`
and `decks`) and `box` (the Orient: cards out of the game, sacrificed or spent). Points
add the trading posts' (5 for post 4, one per own coat of arms for post 5). With the
Cities no noble is dealt and the final round is on exactly when a seat holds a city.
A module position may also stop at the end-of-turn choices `Phase.POST` (two or more
trading posts qualify), `Phase.CITY` (two or more cities) or `Phase.CONQUEST` (the
current seat's strongholds all stand on one card it can pay for). For the steps inside
an action (a gem, a pairing, a free card, a noble to keep, a stronghold), build the
position before that action and apply it.

An inconsistent description raises `PositionError` saying what is wrong: a card in two
places or in the wrong level's row or deck, more reserved cards or tokens than allowed,
a held noble that was not dealt, turn and seat numbers that disagree, a final round
that should already have ended, a module's piece in a game without that module or
where that module cannot have put it. Every card and token must be somewhere: with
`partial=True` a scenario may leave out of the game the cards of a deck it gives that it
places nowhere, and the tokens an explicit bank leaves unaccounted for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard

from splendor.engine.colors import COLOR_NAMES, TOKENS, color_index
from splendor.engine.components import Card, City, GameData
from splendor.engine.errors import PositionError
from splendor.engine.module_rules import city_shortfall, post_met
from splendor.engine.modules import MODULES, ModulePlayer, ModuleState
from splendor.engine.player import PlayerState
from splendor.engine.restrictions import Restrictions
from splendor.engine.setup import GameSetup, default_names
from splendor.engine.state import GameState, Phase, state_class

SEAT_FIELDS = ("tokens", "purchased", "reserved", "blind", "nobles")
#: The most tokens one main action can bring above the limit (taking three at the limit).
MAX_EXCESS = 3


def _owner(kind: str, name: object) -> str | None:
    """The module whose position pieces of `kind` ('seat_fields', 'table_fields',
    'position_phases') include `name`."""
    return next((m.module for m in MODULES if name in getattr(m, kind)), None)


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

    def __init__(self, data: GameData, orient: bool = False) -> None:
        self.data = data
        #: Whether the game plays the Orient (whose cards may then be placed).
        self.orient = orient
        self.where: dict[str, str] = {}

    def place(self, card_id: object, where: str, level: int | None = None,
              orient: bool | None = None) -> Card:
        card = self.data.card_by_id.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            raise PositionError(f"{where}: unknown card {card_id!r}")
        if card.id in self.where:
            raise PositionError(f"card {card.id} is placed twice: in {self.where[card.id]} "
                                f"and in {where}")
        if card.orient and not self.orient:
            raise PositionError(f"card {card.id} is an Orient card: it cannot be in {where} "
                                "in a game without the Orient module")
        if orient is not None and card.orient != orient:
            kind = "an Orient card" if card.orient else "not an Orient card"
            raise PositionError(f"card {card.id} is {kind}: it cannot be in {where}")
        if level is not None and card.level != level:
            raise PositionError(f"card {card.id} is a level-{card.level} card: it cannot be "
                                f"in {where}")
        self.where[card.id] = where
        return card

    def unplaced(self, level: int, orient: bool = False) -> list[Card]:
        cards = self.data.orient_cards(level) if orient else self.data.level_cards(level)
        return [c for c in cards if c.id not in self.where]


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
    module: str | None = None,
    cities: Sequence[str] | None = None,
    holds: Mapping[str, tuple[int, int]] | None = None,
    orient_market: Mapping[int, Sequence[str | None]] | None = None,
    orient_decks: Mapping[int, Sequence[str]] | None = None,
    box: Sequence[str] = (),
    restrictions: Sequence[Restrictions] = (),
) -> GameState:
    """A `GameState` in the described position (see the module docstring); players are
    named `names`, by default 'Player 1', 'Player 2', ... An `ModuleState` with a
    `module`; `restrictions` by seat, as in `GameSetup`. Raises PositionError."""
    if players not in data.setups:
        raise PositionError(f"{players} players is not supported")
    for what, seat in (("current", current), ("first_player", first_player)):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise PositionError(f"{what}: seat {seat!r} is not in this {players}-player game")
    try:
        cls = state_class(module)
        _check_module_args(data, cls, cities, holds, orient_market, orient_decks, box, phase)
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    if phase not in (Phase.MAIN, Phase.RETURN, Phase.NOBLE) and _owner(
            "position_phases", phase) is None:
        raise PositionError(f"phase {phase!r}: a position is built at a decision "
                            "(main, return or noble); play on to reach the end")
    _check_shapes(seats, market, decks, nobles, orient_market, orient_decks)
    if len(seats) > players:
        raise PositionError(f"{len(seats)} seats described for {players} players")
    specs = list(seats) + [{}] * (players - len(seats))
    for s, spec in enumerate(specs):
        _check_seat_fields(s, spec, cls)
    held_cities = [spec["city"] for spec in specs if spec.get("city") is not None]
    nobles_dealt = cls.nobles_dealt(data, players)
    if nobles is not None:
        dealt = tuple(nobles)
        if dealt and not nobles_dealt:
            raise PositionError(f"nobles: {cls.title} deal no nobles")
    else:
        dealt = tuple(n.id for n in data.nobles[:nobles_dealt])
    pieces = cls.position_pieces(data, cities, held_cities) \
        if issubclass(cls, ModuleState) else {}
    setup = GameSetup(
        players=players,
        names=tuple(names) if names is not None else default_names(players),
        first_player=first_player,
        decks=tuple(tuple(c.id for c in data.level_cards(lv)) for lv in data.levels),
        nobles=dealt,
        module=cls.module,
        restrictions=tuple(restrictions),
        **pieces,
    )
    try:
        state = GameState.from_setup(data, setup)
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    placer = _Placer(data, orient=cls.has_orient)
    state.players = [_seat(data, state, placer, s, spec) for s, spec in enumerate(specs)]
    if isinstance(state, ModuleState):
        state.players = [
            _module_seat(data, state, placer, s, spec, p)
            for s, (spec, p) in enumerate(zip(specs, state.players, strict=True))
        ]
        state.box = [placer.place(i, "the box") for i in box]
        if cities is not None:
            state.cities = [data.city_by_id[i] for i in cities]
    tables: list[Table] = [(False, market or {}, decks or {})]
    if cls.has_orient:
        tables.append((True, orient_market or {}, orient_decks or {}))
    _place_table(data, state, placer, tables, partial)
    if isinstance(state, ModuleState) and holds:
        _place_holds(data, state, holds)
    _place_tokens(data, state, bank, partial)
    state.current = current
    _set_turn(data, state, phase, final_round, turns, passes)
    return state


# ------------------------------------------------------------------ the modules


def _check_module_args(data: GameData, cls: type[GameState], cities: object, holds: object,
                       orient_market: object, orient_decks: object, box: Sequence[str],
                       phase: Phase) -> None:
    """Refuse a module's table pieces in a game without that module."""
    module = cls.module
    cls.check_playable(data)
    table = cls.table_fields if issubclass(cls, ModuleState) else ()
    phases = cls.position_phases if issubclass(cls, ModuleState) else ()
    for what, given in (("cities", cities), ("holds", holds), ("orient_market", orient_market),
                        ("orient_decks", orient_decks), ("box", box or None)):
        if given is not None and what not in table:
            raise PositionError(f"{what}: only a game with the {_owner('table_fields', what)} "
                                f"module has them (this game: {module or 'the base game'})")
    owner = _owner("position_phases", phase)
    if owner is not None and phase not in phases:
        raise PositionError(f"phase {phase.value}: a decision of the {owner} "
                            f"module (this game: {module or 'the base game'})")
    if phase.value in ("gem", "pair", "free", "keep_noble", "stronghold"):
        raise PositionError(f"phase {phase.value}: a step inside an action; build the position "
                            "before that action and apply it")


def _is_list(value: object) -> TypeGuard[Sequence[object]]:
    return isinstance(value, Sequence) and not isinstance(value, str)


def _check_shapes(seats: object, market: object, decks: object, nobles: object,
                  orient_market: object, orient_decks: object) -> None:
    """Refuse arguments of the wrong kind (as a hand-written position may give them) with
    a PositionError, before anything is read from them."""
    if not _is_list(seats):
        raise PositionError(f"seats: a list of seat descriptions, got {seats!r}")
    if nobles is not None and (not _is_list(nobles)
                               or not all(isinstance(n, str) for n in nobles)):
        raise PositionError(f"nobles: a list of noble ids, got {nobles!r}")
    for what, table in (("market", market), ("decks", decks),
                        ("orient_market", orient_market), ("orient_decks", orient_decks)):
        if table is None:
            continue
        if not isinstance(table, Mapping):
            raise PositionError(f"{what}: a list of card ids by level, got {table!r}")
        for level, ids in table.items():
            if not _is_list(ids):
                raise PositionError(f"{what}: level {level!r} needs a list of card ids, "
                                    f"got {ids!r}")


def _check_seat_fields(seat: int, spec: object, cls: type[GameState]) -> None:
    where = f"seat {seat}"
    if not isinstance(spec, Mapping):
        raise PositionError(f"{where}: a seat is described by a mapping, got {spec!r}")
    known = SEAT_FIELDS + (cls.seat_fields if issubclass(cls, ModuleState) else ())
    for name in sorted(set(spec) - set(known)):
        owner = _owner("seat_fields", name)
        if owner is not None:
            raise PositionError(f"{where}: '{name}' belongs to the {owner} module (this game: "
                                f"{cls.module or 'the base game'})")
        raise PositionError(f"{where}: unknown field(s) {name!r} (known: {', '.join(known)})")


def _module_seat(data: GameData, state: ModuleState, placer: _Placer, seat: int,
                 spec: Mapping[str, Any], base: PlayerState) -> ModulePlayer:
    """The base seat `base` with the module's pieces of `spec`: points and bonuses again."""
    where = f"seat {seat}"
    p = ModulePlayer()
    p.tokens, p.purchased, p.reserved = base.tokens, base.purchased, base.reserved
    p.blind, p.nobles = base.blind, base.nobles
    for card in p.purchased:
        if card.ability == "gold_x2":
            raise PositionError(f"{where}: {card.id} is a double gold: it goes in 'doubles', "
                                "not among the purchased cards")
    p.doubles = [placer.place(i, f"{where}'s double golds") for i in _ids(spec, "doubles", where)]
    for card in p.doubles:
        if card.ability != "gold_x2":
            raise PositionError(f"{where}: {card.id} is no double gold (gold_x2 Orient card)")
    _pairs(spec, where, p)
    for noble_id in _ids(spec, "kept_nobles", where):
        noble = data.noble_by_id.get(noble_id)
        if noble is None:
            raise PositionError(f"{where}: unknown noble {noble_id!r}")
        if noble_id not in state.setup.nobles:
            raise PositionError(f"{where} keeps noble {noble_id}, which was not dealt "
                                f"(dealt: {', '.join(state.setup.nobles)})")
        if noble not in state.nobles:
            raise PositionError(f"noble {noble_id} is held twice")
        state.nobles.remove(noble)
        p.kept_nobles.append(noble)
    p.bonuses = [0] * 5
    for card in p.purchased:
        colour = p.pairs.get(card.id, card.bonus)
        if colour >= 0:
            p.bonuses[colour] += card.bonus_count
    p.points = sum(c.points for c in p.purchased) + sum(n.points for n in p.nobles)
    _posts(data, spec, where, p)
    city_id = spec.get("city")
    if city_id is not None:
        city = data.city_by_id[city_id]
        if city_shortfall(city, p.points, p.bonuses):
            raise PositionError(f"{where} holds city {city.id} without meeting it: "
                                f"{_city_text(city)}")
        p.city = city
    return p


def _pairs(spec: Mapping[str, Any], where: str, p: ModulePlayer) -> None:
    pairs = spec.get("pairs", {})
    if not isinstance(pairs, Mapping):
        raise PositionError(f"{where}: 'pairs' maps an Orient card to its partner, "
                            f"got {pairs!r}")
    owned = {c.id: c for c in p.purchased}
    for card_id, partner_id in pairs.items():
        card, partner = owned.get(card_id), owned.get(partner_id)
        if card is None or partner is None:
            missing = card_id if card is None else partner_id
            raise PositionError(f"{where}: pairs {card_id} -> {partner_id}, but {missing!r} "
                                "is not among the seat's purchased cards")
        if card.ability not in ("pair", "pair_and_take_level1"):
            raise PositionError(f"{where}: {card_id} has no pairing ability")
        if partner.bonus < 0 or partner.bonus_count < 1:
            raise PositionError(f"{where}: {card_id} cannot pair with {partner_id}, which "
                                "gives no gem bonus of its own")
        p.pairs[card_id] = partner.bonus
        p.partners[card_id] = partner_id
    for card in p.purchased:
        if card.ability in ("pair", "pair_and_take_level1") and card.id not in p.pairs:
            raise PositionError(f"{where}: {card.id} was bought, so it is paired: name its "
                                "partner in 'pairs'")


def _posts(data: GameData, spec: Mapping[str, Any], where: str, p: ModulePlayer) -> None:
    posts = spec.get("posts", [])
    if isinstance(posts, str) or not isinstance(posts, Sequence):
        raise PositionError(f"{where}: 'posts' must be a list of post numbers, got {posts!r}")
    ids = [post.id for post in data.posts]
    for post_id in posts:
        if post_id not in ids or isinstance(post_id, bool):
            raise PositionError(f"{where}: no trading post {post_id!r} (posts: "
                                f"{', '.join(map(str, ids))})")
        if post_id in p.posts:
            raise PositionError(f"{where}: one coat of arms per post, post {post_id} twice")
        post = data.post(post_id)
        if not post_met(post, p.bonuses, len(p.nobles)):
            need = ", ".join(f"{n} {COLOR_NAMES[c]}" for c, n in enumerate(post.requires) if n)
            noble = " and a noble" if post.requires_noble else ""
            raise PositionError(f"{where} holds post {post_id} without meeting it: it needs "
                                f"{need} bonuses{noble}")
        p.posts.append(post_id)
        if post.power == "five_prestige":
            p.points += 5
    if 5 in p.posts:
        p.points += len(p.posts)


def _city_text(city: City) -> str:
    need = [f"{n} {COLOR_NAMES[c]}" for c, n in enumerate(city.requires) if n]
    if city.any_single:
        need.append(f"{city.any_single} of one other colour")
    return f"{city.points} points and {', '.join(need) or 'no bonus'}"


def _place_holds(data: GameData, state: ModuleState,
                 holds: Mapping[str, tuple[int, int]]) -> None:
    face_up = {c.id for c in state.market if c is not None}
    placed = [0] * state.num_players
    for card_id, hold in holds.items():
        if card_id not in face_up:
            raise PositionError(f"holds: {card_id!r} is not a face-up market card")
        if not (isinstance(hold, tuple) and len(hold) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in hold)):
            raise PositionError(f"holds: {card_id} needs (seat, count), got {hold!r}")
        seat, n = hold
        if not 0 <= seat < state.num_players:
            raise PositionError(f"holds: {card_id}: seat {seat} is not in this game")
        if not 1 <= n <= data.strongholds:
            raise PositionError(f"holds: {card_id}: 1 to {data.strongholds} strongholds, "
                                f"not {n}")
        placed[seat] += n
        if placed[seat] > data.strongholds:
            raise PositionError(f"holds: seat {seat} has only {data.strongholds} strongholds, "
                                f"{placed[seat]} placed")
        state.holds[card_id] = (seat, n)


# ------------------------------------------------------------------ the base game


def _seat(data: GameData, state: GameState, placer: _Placer, seat: int,
          spec: Mapping[str, Any]) -> PlayerState:
    where = f"seat {seat}"
    if not isinstance(spec, Mapping):
        raise PositionError(f"{where}: a seat is described by a mapping, got {spec!r}")
    p = PlayerState()
    p.tokens = _counts(spec.get("tokens", {}), f"{where} tokens")
    p.purchased = [placer.place(i, f"{where}'s purchased cards")
                   for i in _ids(spec, "purchased", where)]
    p.reserved = [placer.place(i, f"{where}'s reserved cards")
                  for i in _ids(spec, "reserved", where)]
    if len(p.reserved) > data.reserve_limit:
        raise PositionError(f"{where} holds {len(p.reserved)} reserved cards: the limit is "
                            f"{data.reserve_limit}")
    blind = _ids(spec, "blind", where)
    if not all(isinstance(i, str) for i in blind) or not set(blind) <= {
            c.id for c in p.reserved}:
        raise PositionError(f"{where}: a blind card must be among the seat's reserved cards")
    p.blind = set(blind)
    dealt = set(state.setup.nobles)
    for noble_id in _ids(spec, "nobles", where):
        if not isinstance(noble_id, str) or noble_id not in data.noble_by_id:
            raise PositionError(f"{where}: unknown noble {noble_id!r}")
        if noble_id not in dealt:
            raise PositionError(f"{where} holds noble {noble_id}, which was not dealt "
                                f"(dealt: {', '.join(state.setup.nobles)})")
        if noble_id not in {n.id for n in state.nobles}:
            raise PositionError(f"noble {noble_id} is held twice")
        noble = data.noble_by_id[noble_id]
        state.nobles.remove(noble)
        p.nobles.append(noble)
    if not isinstance(state, ModuleState):
        for c in p.purchased:
            p.bonuses[c.bonus] += 1
    p.points = sum(c.points for c in p.purchased) + sum(n.points for n in p.nobles)
    return p


Table = tuple[bool, Mapping[int, Sequence[str | None]], Mapping[int, Sequence[str]]]


def _place_table(data: GameData, state: GameState, placer: _Placer, tables: list[Table],
                 partial: bool) -> None:
    """Place the markets (the base game's, and the Orient's: `(orient, market, decks)`) and
    their decks: every market card and every deck given first, then the rest in decks."""
    levels = len(data.levels)
    rows: dict[tuple[bool, int], list[str | None]] = {}
    for orient, market, decks in tables:
        kind = "Orient " if orient else ""
        for what, given in (("market", market), ("decks", decks)):
            stray = [k for k in given if k not in data.levels]
            if stray:
                name = f"orient_{what}" if orient else what
                raise PositionError(f"{name}: no level {stray[0]!r} (levels: "
                                    f"{', '.join(map(str, data.levels))})")
        slots = data.orient_slots if orient else data.market_slots
        for level in data.levels:
            row = list(market.get(level, []))
            if len(row) > slots:
                raise PositionError(f"level {level} has only {slots} {kind}market slots, "
                                    f"{len(row)} given")
            rows[orient, level] = row
            for i in row:
                if i is not None:
                    placer.place(i, f"the level-{level} {kind}market", level, orient)
        for level in data.levels:
            if level in decks:
                # Internally the top of a deck is the end of its list.
                deck = [placer.place(i, f"the level-{level} {kind}deck", level, orient)
                        for i in decks[level]]
                state.decks[(levels if orient else 0) + level - 1] = deck[::-1]
    for orient, _, decks in tables:
        kind = "Orient " if orient else ""
        first_deck = levels if orient else 0
        for level in data.levels:
            left = placer.unplaced(level, orient)
            if level in decks:
                if left and not partial:
                    some = ", ".join(c.id for c in left[:5]) + (", ..." if len(left) > 5 else "")
                    raise PositionError(
                        f"the level-{level} {kind}deck given leaves {len(left)} level-{level} "
                        f"{kind}card(s) nowhere ({some}): place them, or pass partial=True to "
                        "leave them out of the game")
            else:
                state.decks[first_deck + level - 1] = [
                    placer.place(c.id, f"the level-{level} {kind}deck") for c in reversed(left)]
    for orient, _, _ in tables:
        kind = "Orient " if orient else ""
        slots = data.orient_slots if orient else data.market_slots
        offset = levels * data.market_slots if orient else 0
        for level in data.levels:
            deck = state.decks[(levels if orient else 0) + level - 1]
            row = rows[orient, level]
            start = offset + (level - 1) * slots
            for s in range(slots):
                if s < len(row):
                    cid = row[s]
                    card = data.card_by_id[cid] if cid is not None else None
                else:
                    card = deck.pop() if deck else None
                state.market[start + s] = card
            if None in state.market[start : start + slots] and deck:
                raise PositionError(f"an empty level-{level} {kind}market slot while the level-"
                                    f"{level} {kind}deck still holds cards: the slot would have "
                                    "been refilled")


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
    if isinstance(state, ModuleState):
        state.position_step(phase)

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

    reached = [s for s in range(n) if state.final_round_reason(s)]
    if state.ends_on_points:
        # Mid-turn (return, noble) the current seat may have just reached the target: the
        # final round only starts when its turn ends.
        before = [s for s in reached if s != seat or phase is Phase.MAIN]
    else:
        before = reached  # a claim starts the final round, at the very end of a turn
    if final_round is None:
        final_round = bool(reached)
    if final_round and not reached:
        raise PositionError(f"a final round needs {state.final_round_need()}")
    if not final_round and before:
        raise PositionError(f"seat {before[0]} {state.final_round_reason(before[0])}: the "
                            "final round has begun")
    if final_round and before and seat == first and turns > 0:
        raise PositionError(f"the final round ended when the round reached seat {first} "
                            "again: the game would be over")
    state.final_round = final_round
