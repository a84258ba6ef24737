"""The game state: legal actions, checked application, decision steps and turn flow.

A `GameState` is mutable (OpenSpiel style): `apply` changes it in place and `clone`
copies it, which keeps search cheap. `legal_actions()` is the single source of truth;
`apply` accepts exactly those actions (plus a `Buy` with an explicit, exact payment)
and raises `IllegalActionError` without changing anything otherwise. `why_illegal`
says why any value, action or not, would be refused. Search, which only ever plays
actions taken from `legal_actions()`, may skip the check with `apply_unchecked`.

A turn is one main action, then, as separate decisions of the same player, returning
tokens above the limit (`Phase.RETURN`) and choosing among several qualifying nobles
(`Phase.NOBLE`). A single qualifying noble visits without a decision.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, Final, cast

from splendor.engine.actions import (
    PASS,
    TAKE2,
    TAKES_BY_MASK,
    Action,
    Buy,
    ChooseNoble,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    buy_action,
    malformed,
    noble_action,
    reserve_action,
    reserve_deck_action,
    return_actions,
)
from splendor.engine.colors import COLOR_NAMES, GEMS, GOLD
from splendor.engine.components import Card, GameData, Noble
from splendor.engine.errors import IllegalActionError, Refusal, not_buyable, spell
from splendor.engine.history import History
from splendor.engine.outcome import EndReason, Outcome, decide
from splendor.engine.payment import default_payment, nobles_met, tokens_missing
from splendor.engine.player import PlayerState as PlayerState
from splendor.engine.restrictions import Restrictions, allowed, restricted
from splendor.engine.setup import GameSetup, check_setup, deal
from splendor.engine.variant import Variant


class Phase(Enum):
    """Which kind of decision the current player faces."""

    MAIN = "main"
    RETURN = "return"
    NOBLE = "noble"
    OVER = "over"
    # The decision steps of the Cities of Splendor modules (see engine/modules/).
    GEM = "gem"
    PAIR = "pair"
    FREE = "free"
    KEEP_NOBLE = "keep_noble"
    STRONGHOLD = "stronghold"
    CONQUEST = "conquest"
    POST = "post"
    CITY = "city"


_NO_ACTIONS: Final[tuple[Action, ...]] = ()


class GameState(Variant):
    """A game in progress. Build one with `new_game` or `GameState.from_setup`; what a
    module changes, it overrides (see `Variant` and engine/modules/)."""

    __slots__ = ("_candidates", "_legal", "_log", "_logged", "_passed", "bank", "current",
                 "data", "decks", "end_reason", "final_round", "market", "nobles",
                 "passes_in_row", "phase", "players", "setup", "turns")

    def __init__(self, data: GameData, setup: GameSetup) -> None:
        """Start the game `setup` describes; raises ValueError if it does not fit `data`."""
        if setup.module != self.module:
            raise ValueError(f"a game of {self.module or 'the base game'} cannot start from a "
                             f"setup of {setup.module or 'the base game'}")
        self.check_playable(data)
        check_setup(data, setup, self.nobles_dealt)
        self.data = data
        self.setup = setup
        counts = data.setups[setup.players]
        self.bank: list[int] = [counts.gems] * 5 + [counts.gold]
        # Internally the top of each deck is the end of its list, so drawing is a pop().
        self.decks: list[list[Card]] = [
            [data.card_by_id[i] for i in reversed(ids)] for ids in setup.decks
        ]
        self.market: list[Card | None] = []
        for deck in self.decks:
            for _ in range(data.market_slots):
                self.market.append(deck.pop() if deck else None)
        self.nobles: list[Noble] = [data.noble_by_id[i] for i in setup.nobles]
        self.players = [PlayerState() for _ in range(setup.players)]
        self.current = setup.first_player
        self.phase = Phase.MAIN
        self.final_round = False
        self.passes_in_row = 0
        self.turns = 0
        self.end_reason: EndReason | None = None
        # The actions so far are the first `_logged` entries of `_log`, a list that may be
        # shared with clones and views and is only ever appended to (see history.py).
        self._log: list[Action] = []
        self._logged = 0
        self._legal: tuple[Action, ...] | None = None
        self._candidates: list[Noble] = []
        self._passed = False

    @classmethod
    def from_setup(cls, data: GameData, setup: GameSetup) -> GameState:
        """The starting position of `setup`: a game of its module's state class (see
        `state_class`) when it names one."""
        return state_class(setup.module)(data, setup)

    # ----------------------------------------------------------------- queries

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def last_seat(self) -> int:
        """The seat that closes each round (the one before the first player)."""
        return (self.setup.first_player - 1) % len(self.players)

    @property
    def round(self) -> int:
        """The current round, counted from 1 (every seat plays once per round)."""
        return self.turns // len(self.players) + 1

    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return None if self.phase is Phase.OVER else self.current

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def scores(self) -> tuple[int, ...]:
        """Prestige points by seat, nobles included."""
        return tuple(p.points for p in self.players)

    def outcome(self) -> Outcome:
        """The result; only once the game is over."""
        if self.end_reason is None:
            raise ValueError("the game is not over yet")
        cards = tuple(len(p.purchased) for p in self.players)
        return decide(self.scores(), cards, self.end_reason)

    def noble_candidates(self) -> tuple[Noble, ...]:
        """The nobles the current player may choose from (only in `Phase.NOBLE`)."""
        return tuple(self._candidates)

    def excess_tokens(self) -> int:
        """How many tokens the current player must return (only in `Phase.RETURN`)."""
        if self.phase is not Phase.RETURN:
            return 0
        return sum(self.players[self.current].tokens) - self.data.token_limit

    def deck_sizes(self) -> tuple[int, ...]:
        return tuple(len(d) for d in self.decks)

    @property
    def history(self) -> History:
        """Every action applied so far, oldest first: a snapshot that later moves leave as
        it is, taken in constant time whatever the game's length."""
        return History(self._log, self._logged)

    def market_cards(self) -> list[Card]:
        """The face-up cards, lowest level first (empty slots left out)."""
        return [c for c in self.market if c is not None]

    # ----------------------------------------------------------- legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take now, in a fixed order."""
        if self._legal is None:
            legal = self._generate()  # a seat's restrictions: engine/restrictions.py
            self._legal = allowed(self, legal) if self.setup.restrictions else legal
        return self._legal

    def _takes(self) -> list[Action]:
        """The token takes the bank allows (three colours, or two of one), as a list the
        main action's other choices are appended to."""
        bank = self.bank
        mask = 0
        for c in GEMS:
            if bank[c]:
                mask |= 1 << c
        acts: list[Action] = list(TAKES_BY_MASK[mask])
        minimum = self.data.take_two_minimum
        for c in GEMS:
            if bank[c] >= minimum:
                acts.append(TAKE2[c])
        return acts

    def _generate(self) -> tuple[Action, ...]:
        phase = self.phase
        p = self.players[self.current]
        if phase is Phase.RETURN:
            return return_actions(p.tokens, self.excess_tokens())
        if phase is Phase.NOBLE:
            return tuple(noble_action(n.id) for n in self._candidates)
        if phase is Phase.OVER:
            return _NO_ACTIONS
        data = self.data
        bank = self.bank
        # _takes spelled out: the base game's hot path (a module's turn calls it).
        mask = 0
        for c in GEMS:
            if bank[c]:
                mask |= 1 << c
        acts: list[Action] = list(TAKES_BY_MASK[mask])
        minimum = data.take_two_minimum
        for c in GEMS:
            if bank[c] >= minimum:
                acts.append(TAKE2[c])
        if len(p.reserved) < data.reserve_limit:
            for card in self.market:
                if card is not None:
                    acts.append(reserve_action(card.id))
            for level, deck in enumerate(self.decks, 1):
                if deck:
                    acts.append(reserve_deck_action(level))
        tokens = p.tokens
        gold = tokens[GOLD]
        power = [p.bonuses[c] + tokens[c] for c in GEMS]
        for group in (self.market, p.reserved):
            for card in group:
                if card is None:
                    continue
                # tokens_missing, inlined over `power`: this loop is the engine's hot path.
                short = 0
                for c, n in card.cost_items:
                    d = n - power[c]
                    if d > 0:
                        short += d
                if short <= gold:
                    acts.append(buy_action(card.id))
        if not acts:
            return (PASS,)
        return tuple(acts)

    def why_illegal(self, action: object) -> Refusal | None:
        """None if `action` may be applied now, else the reason (English text, with a code
        and parameters a screen can translate). Any value gets an answer, never an error."""
        refusal = self._why_not_at_all(action)
        if refusal is not None:
            return refusal
        phase = self.phase
        kind = type(action)
        # A pending return, then a pending noble choice, comes before anything else.
        if phase is Phase.RETURN and kind is not Return:
            limit = self.data.token_limit
            return Refusal("return_first", f"tokens above {limit} must be returned first",
                           limit=limit)
        if phase is Phase.NOBLE and kind is not ChooseNoble and kind is not Return:
            return Refusal("noble_first", "a noble must be chosen first")
        check = _WHY_NOT.get(kind)
        if check is None:
            text = cast(Action, action).text()
            return Refusal("no_such_choice", f"'{text}' is not a choice in this game",
                           action=text)
        return check(self, action)

    def _why_not_at_all(self, action: object) -> Refusal | None:
        """The refusals before any rule: the game is over, no action, a seat's restriction."""
        if self.phase is Phase.OVER:
            return Refusal("game_over", "the game is over")
        problem = malformed(action)
        if problem is None and self.setup.restrictions:
            return restricted(self, cast(Action, action))
        return None if problem is None else Refusal("not_an_action", problem)

    def _why_not_take(self, action: Take) -> Refusal | None:
        colors = action.colors
        for c in colors:
            if not self.bank[c]:
                return Refusal("none_left", f"no {COLOR_NAMES[c]} tokens are left", color=c)
        available = sum(1 for c in GEMS if self.bank[c])
        wanted = min(3, available)
        if len(colors) != wanted:
            if wanted == 3:
                return Refusal("take_three",
                               "take three different colours while three or more are available")
            return Refusal("take_each_left",
                           f"only {available} colours are left: take one of each",
                           count=available)
        return None

    def _why_not_take_two(self, action: TakeTwo) -> Refusal | None:
        c = action.color
        left, need = self.bank[c], self.data.take_two_minimum
        if left < need:
            return Refusal("take_two_low",
                           f"only {left} {COLOR_NAMES[c]} left: you can't take two (needs {need})",
                           count=left, color=c, need=need)
        return None

    def _why_not_reserve_any(self) -> Refusal | None:
        limit = self.data.reserve_limit
        if len(self.players[self.current].reserved) >= limit:
            return Refusal("reserve_limit", f"you already hold {limit} reserved cards",
                           count=limit)
        return None

    def _why_not_reserve(self, action: Reserve) -> Refusal | None:
        refusal = self._why_not_reserve_any()
        if refusal is None and not any(
            c is not None and c.id == action.card_id for c in self.market
        ):
            return Refusal("not_in_market", f"card {action.card_id} is not face up in the market",
                           card=action.card_id)
        return refusal

    def _why_not_reserve_deck(self, action: ReserveDeck) -> Refusal | None:
        refusal = self._why_not_reserve_any()
        if refusal is not None:
            return refusal
        if action.orient:
            return Refusal("no_orient", "there are Orient decks only with the Orient")
        if not 1 <= action.level <= len(self.decks):
            return Refusal("no_such_deck", f"there is no level {action.level} deck",
                           level=action.level)
        if not self.decks[action.level - 1]:
            return Refusal("deck_empty", f"the level {action.level} deck is empty",
                           level=action.level)
        return None

    def _why_not_noble(self, action: ChooseNoble) -> Refusal | None:
        if self.phase is not Phase.NOBLE:
            return Refusal("no_noble_choice", "there is no noble to choose now")
        if not any(n.id == action.noble_id for n in self._candidates):
            ids = ", ".join(n.id for n in self._candidates)
            return Refusal("noble_not_qualified",
                           f"noble {action.noble_id} is not one of those that qualify ({ids})",
                           noble=action.noble_id)
        return None

    def _why_not_pass(self, action: Pass) -> Refusal | None:
        if self.legal_actions() != (PASS,):
            return Refusal("pass_not_allowed",
                           "you may pass only when no other action is possible")
        return None

    def _why_not_return(self, action: Return) -> Refusal | None:
        if self.phase is not Phase.RETURN:
            return Refusal("nothing_to_return", "there are no tokens to return now")
        p = self.players[self.current]
        excess = self.excess_tokens()
        tokens = action.tokens
        if sum(tokens) != excess:
            return Refusal("return_exactly",
                           f"return exactly {excess} token{'s' if excess > 1 else ''}",
                           count=excess)
        for c, n in enumerate(tokens):
            if n > p.tokens[c]:
                return Refusal("hold_only", f"you hold only {p.tokens[c]} {COLOR_NAMES[c]}",
                               count=p.tokens[c], color=c)
        return None

    def _why_not_buy(self, action: Buy) -> Refusal | None:
        p = self.players[self.current]
        card = self._find_buyable(p, action.card_id)
        if card is None:
            return not_buyable(action.card_id)
        if action.doubles:  # double golds and sacrifices come only with the Orient
            return Refusal("doubles_held", "you hold 0 double gold(s)", count=0)
        if action.discard:
            return Refusal("no_discard", f"{card.id} is paid with tokens, not with cards",
                           card=card.id)
        missing = tokens_missing(p.tokens, p.bonuses, card)
        if missing:
            return Refusal("cannot_afford", f"you can't afford {card.id}: {missing} token(s) short",
                           card=card.id, count=missing)
        pay = action.payment
        if pay is None:
            return None
        gold_needed = 0
        for c in GEMS:
            need = max(0, card.cost[c] - p.bonuses[c])
            if pay[c] > need:
                return Refusal("pay_too_much",
                               f"{card.id} needs only {need} {COLOR_NAMES[c]} after bonuses",
                               card=card.id, count=need, color=c)
            if pay[c] > p.tokens[c]:
                return Refusal("hold_only", f"you hold only {p.tokens[c]} {COLOR_NAMES[c]}",
                               count=p.tokens[c], color=c)
            gold_needed += need - pay[c]
        if pay[GOLD] > p.tokens[GOLD]:
            return Refusal("hold_only", f"you hold only {p.tokens[GOLD]} gold",
                           count=p.tokens[GOLD], color=GOLD)
        if pay[GOLD] != gold_needed:
            return Refusal("gold_exactly",
                           f"this payment needs exactly {gold_needed} gold to cover the rest",
                           count=gold_needed)
        return None

    def _find_buyable(self, p: PlayerState, card_id: str) -> Card | None:
        for card in self.market:
            if card is not None and card.id == card_id:
                return card
        for card in p.reserved:
            if card.id == card_id:
                return card
        return None

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> None:
        """Apply a legal action; raise `IllegalActionError` (state unchanged) otherwise."""
        legal = self._legal
        if legal is not None:
            # An action handed out by legal_actions() is legal by construction; only others
            # (explicit payments, typed or loaded text) need the reasons (tests check that
            # both agree). Identity, not ==, so that a hostile value's __eq__ never runs.
            for listed in legal:
                if listed is action:
                    self.apply_unchecked(action)
                    return
        reason = self.why_illegal(action)
        if reason is not None:
            text = action.text() if malformed(action) is None else spell(action)
            raise IllegalActionError(text, reason)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply `action` without checking that it is legal: for search, which plays only
        actions taken from `legal_actions()` (the way python-chess's `Board.push` does not
        check moves). Anything else may corrupt the state or raise; use `apply` for
        actions from players, files or the network."""
        # The base game's hot path spells out _record and _took (a call each is 2-3% of
        # a decision here); a module's turn calls them.
        self._legal = None
        log = self._log
        if len(log) != self._logged:
            log = self._log = log[: self._logged]
        log.append(action)
        self._logged += 1
        p = self.players[self.current]
        bank = self.bank
        if isinstance(action, Take):
            for c in action.colors:
                bank[c] -= 1
                p.tokens[c] += 1
        elif isinstance(action, TakeTwo):
            bank[action.color] -= 2
            p.tokens[action.color] += 2
        elif isinstance(action, Reserve):
            i = next(
                i for i, c in enumerate(self.market) if c is not None and c.id == action.card_id
            )
            card = self.market[i]
            assert card is not None
            self._refill(i)
            self._take_reserved(p, card)
        elif isinstance(action, ReserveDeck):
            card = self.decks[action.level - 1].pop()
            p.blind.add(card.id)
            self._take_reserved(p, card)
        elif isinstance(action, Buy):
            self._buy(p, action)
        elif isinstance(action, Return):
            for c, n in enumerate(action.tokens):
                p.tokens[c] -= n
                bank[c] += n
            self._check_nobles(p)
            return
        elif isinstance(action, ChooseNoble):
            self._visit(p, self.data.noble_by_id[action.noble_id])
            self._end_turn(p)
            return
        else:
            self._passed = True
        if sum(p.tokens) > self.data.token_limit:
            self.phase = Phase.RETURN
        else:
            self._check_nobles(p)

    def _refill(self, slot: int) -> None:
        deck = self.decks[slot // self.data.market_slots]
        self.market[slot] = deck.pop() if deck else None

    def _take_reserved(self, p: PlayerState, card: Card) -> None:
        p.reserved.append(card)
        if self.bank[GOLD]:
            self.bank[GOLD] -= 1
            p.tokens[GOLD] += 1

    def _record(self, action: Action) -> None:
        """Log `action` as played (the first step of applying it)."""
        self._legal = None
        log = self._log
        if len(log) != self._logged:
            # A clone sharing this log appended first: continue on a copy of our part.
            log = self._log = log[: self._logged]
        log.append(action)
        self._logged += 1

    def _took(self, p: PlayerState, action: Action) -> bool:
        """Move a take's tokens from the bank to `p`; False when `action` is no take."""
        bank = self.bank
        if isinstance(action, Take):
            for c in action.colors:
                bank[c] -= 1
                p.tokens[c] += 1
            return True
        if isinstance(action, TakeTwo):
            bank[action.color] -= 2
            p.tokens[action.color] += 2
            return True
        return False

    def _bought(self, p: PlayerState, card_id: str) -> Card:
        """The card bought, off the market (its slot freed by `_refill`) or out of `p`'s
        reserve."""
        for i, c in enumerate(self.market):
            if c is not None and c.id == card_id:
                self._refill(i)
                return c
        card = next(c for c in p.reserved if c.id == card_id)
        p.reserved.remove(card)
        p.blind.discard(card.id)
        return card

    def _pay(self, p: PlayerState, pay: tuple[int, ...]) -> None:
        """Move a payment from `p`'s tokens to the bank."""
        for color, n in enumerate(pay):
            if n:
                p.tokens[color] -= n
                self.bank[color] += n

    def _buy(self, p: PlayerState, action: Buy) -> None:
        card = self._bought(p, action.card_id)
        self._pay(p, action.payment or default_payment(p.tokens, p.bonuses, card))
        p.purchased.append(card)
        p.bonuses[card.bonus] += 1
        p.points += card.points

    def qualifying_nobles(self, seat: int) -> list[Noble]:
        """The nobles on the table whose requirements `seat`'s bonuses meet."""
        bonuses = self.players[seat].bonuses
        return nobles_met(bonuses, self.nobles)

    def _check_nobles(self, p: PlayerState) -> None:
        if not self._nobles_visit(p):
            self._end_turn(p)

    def _nobles_visit(self, p: PlayerState) -> bool:
        """A qualifying noble visits `p`; True when several do and `p` must choose."""
        candidates = self.qualifying_nobles(self.current)
        if len(candidates) > 1:
            self._candidates = candidates
            self.phase = Phase.NOBLE
            return True
        if candidates:
            self._visit(p, candidates[0])
        return False

    def _visit(self, p: PlayerState, noble: Noble) -> None:
        self.nobles.remove(noble)
        p.nobles.append(noble)
        p.points += noble.points
        self._candidates = []

    def _end_turn(self, p: PlayerState) -> None:
        if p.points >= self.data.target_points:
            self.final_round = True
        self._next_turn("target")

    def _next_turn(self, final_reason: EndReason) -> None:
        """Close the turn: the game ends (everyone passed, or the final round is over,
        for `final_reason`) or the next seat plays."""
        n = len(self.players)
        # A noble visit is not an action: a forced pass that brings one still counts.
        self.passes_in_row = self.passes_in_row + 1 if self._passed else 0
        self._passed = False
        self.turns += 1
        self.phase = Phase.MAIN
        if self.passes_in_row >= n:
            self.phase, self.end_reason = Phase.OVER, "all_passed"
        elif self.final_round and self.current == self.last_seat:
            self.phase, self.end_reason = Phase.OVER, final_reason
        else:
            self.current = (self.current + 1) % n

    # ----------------------------------------------------------------- copies

    def clone(self) -> GameState:
        """An independent copy (components are shared: they are immutable)."""
        return self._copy_into(GameState.__new__(GameState))

    def _copy_into(self, s: GameState) -> GameState:
        """Copy the base game's fields into the blank `s` (a module's state adds its own
        after calling this)."""
        s.data = self.data
        s.setup = self.setup
        s.bank = self.bank[:]
        s.decks = [d[:] for d in self.decks]
        s.market = self.market[:]
        s.nobles = self.nobles[:]
        s.players = [p.clone() for p in self.players]
        s.current = self.current
        s.phase = self.phase
        s.final_round = self.final_round
        s.passes_in_row = self.passes_in_row
        s.turns = self.turns
        s.end_reason = self.end_reason
        s._log = self._log  # shared: see apply_unchecked
        s._logged = self._logged
        s._legal = self._legal
        s._candidates = self._candidates[:]
        s._passed = self._passed
        return s

    def key(self) -> tuple[object, ...]:
        """The whole position (history included) as a comparable value."""
        return (
            self.setup,
            tuple(self.bank),
            tuple(tuple(c.id for c in d) for d in self.decks),
            tuple(c.id if c else None for c in self.market),
            tuple(n.id for n in self.nobles),
            tuple(p.key() for p in self.players),
            self.current,
            self.phase,
            self.final_round,
            self.passes_in_row,
            self.turns,
            self.end_reason,
            tuple(n.id for n in self._candidates),
            tuple(a.text() for a in self.history),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<GameState {len(self.players)}p round {self.round} seat {self.current} "
            f"{self.phase.value} scores {self.scores()}>"
        )


#: why_illegal's check for each action type, once the phase allows that type.
_WHY_NOT: Final[dict[type, Callable[[GameState, Any], Refusal | None]]] = {
    Take: GameState._why_not_take,
    TakeTwo: GameState._why_not_take_two,
    Reserve: GameState._why_not_reserve,
    ReserveDeck: GameState._why_not_reserve_deck,
    Buy: GameState._why_not_buy,
    Return: GameState._why_not_return,
    ChooseNoble: GameState._why_not_noble,
    Pass: GameState._why_not_pass,
}


def new_game(
    data: GameData,
    players: int,
    seed: int,
    names: tuple[str, ...] | None = None,
    first_player: int | None = None,
    module: str | None = None,
    restrictions: tuple[Restrictions, ...] = (),
) -> GameState:
    """A new game dealt from `seed`, with one Cities of Splendor `module` (its id or an
    alias) or none, and seats' `restrictions`: fully deterministic (see `setup.deal`)."""
    cls = state_class(module)
    return cls(data, deal(data, players, seed, names, first_player, cls, restrictions))


#: Finds a module's state class by name (id or alias): the registry of modules,
#: splendor.engine.modules, sits above this file and installs its lookup here when it is
#: imported (splendor.engine imports it), so that this file never imports the modules.
_module_lookup: list[Callable[[str], type[GameState]]] = []


def use_module_lookup(lookup: Callable[[str], type[GameState]]) -> None:
    _module_lookup[:] = [lookup]


def state_class(module: str | None) -> type[GameState]:
    """The state class of a game of `module` (GameState for None); raises ValueError for
    a name no registered module answers to."""
    if module is not None:
        return _module_lookup[0](module)
    return GameState
