"""What the Cities of Splendor modules share (RULES_CITIES.md): `ModuleState`, the state of
a game with one module, which each module's file (cities.py, trading_posts.py, ...)
subclasses, overriding only what its module changes.

`ModuleState` extends `GameState` and leaves the base game's code paths alone (so the
base game keeps its speed). It holds every module's pieces (a seat's city, posts, double
golds...; the table's cities, strongholds, Orient decks), empty where a module has none:
the buying and paying code reads the pieces, never the module's name.

A turn is the main action, then, as decision steps of the same player with their own
legal actions, what the action brings: pairing an Orient card, a free card, the noble to
keep, the gem of post 1 or 2, placing or moving a stronghold. Then the market refills, a
conquest may be offered, tokens above ten are returned, a noble visits, a trading post is
claimed and a city is taken, each a choice when several
qualify. A step with nothing to choose from is skipped. A module says which steps follow
what (`_after_purchase`, `_after_take_two`, `_offer_conquest`, `_end_claims`), which
actions each step offers and what each does (`STEP_OPTIONS`, `STEP_APPLY`), and how the
game ends (`ends_on_points`, `final_reason`, `_eligible`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, cast

from splendor.engine.actions import (
    PASS,
    Action,
    Buy,
    ChooseCity,
    ChooseNoble,
    ChoosePost,
    Conquer,
    Decline,
    Pair,
    Pass,
    Reserve,
    ReserveDeck,
    ReserveNoble,
    Return,
    Stronghold,
    Take,
    TakeFree,
    TakeGem,
    TakeTwo,
)
from splendor.engine.components import Card, City, GameData, Noble
from splendor.engine.errors import Refusal
from splendor.engine.module_rules import (
    payment_problem,
)
from splendor.engine.modules.buying import (
    buy_module,
    gain,
    generate_main,
    interned,
    pair_targets,
    why_not_buy,
)
from splendor.engine.outcome import EndReason, Outcome, decide
from splendor.engine.payment import nobles_met, tokens_missing
from splendor.engine.player import PlayerState
from splendor.engine.setup import GameSetup
from splendor.engine.state import GameState, Phase

# Where a turn stands after its main action (and that action's own steps).
_ACTION, _CONQUEST, _RETURN, _NOBLE, _POST, _CITY = range(6)

#: The steps that follow an action inside a turn, by phase.
STEP_PHASES: Final = (
    Phase.GEM, Phase.PAIR, Phase.FREE, Phase.KEEP_NOBLE, Phase.STRONGHOLD, Phase.CONQUEST,
)

Step = tuple[Phase, Any]
#: A module's decision steps (see `ModuleState.STEP_OPTIONS` and `STEP_APPLY`).
StepOptions = dict[Phase, Callable[[Any, Any], tuple[Action, ...]]]
StepApply = dict[type, Callable[[Any, Any, Any, Any], None]]
#: Where a turn stands: its stage, the steps still to come, the market slots to refill.
TurnState = tuple[int, tuple[tuple[str, Any], ...], tuple[int, ...]]


class ModulePlayer(PlayerState):
    """A seat's possessions with a module's pieces: a city, coats of arms on trading posts,
    double golds, paired Orient cards and nobles kept aside."""

    __slots__ = ("city", "doubles", "kept_nobles", "pairs", "partners", "posts")

    def __init__(self) -> None:
        super().__init__()
        self.city: City | None = None
        #: Trading posts holding this seat's coat of arms, in the order claimed.
        self.posts: list[int] = []
        #: Double golds (bought `gold_x2` Orient cards) not spent yet.
        self.doubles: list[Card] = []
        #: Paired Orient card id -> the colour it gives, and -> the card it is paired with.
        self.pairs: dict[str, int] = {}
        self.partners: dict[str, str] = {}
        self.kept_nobles: list[Noble] = []

    def clone(self) -> ModulePlayer:
        p = cast(ModulePlayer, self._copy_into(ModulePlayer.__new__(ModulePlayer)))
        p.city = self.city
        p.posts = self.posts[:]
        p.doubles = self.doubles[:]
        p.pairs = dict(self.pairs)
        p.partners = dict(self.partners)
        p.kept_nobles = self.kept_nobles[:]
        return p

    def key(self) -> tuple[object, ...]:
        return (
            *super().key(),
            self.city.id if self.city else None,
            tuple(self.posts),
            tuple(c.id for c in self.doubles),
            tuple(sorted(self.partners.items())),
            tuple(n.id for n in self.kept_nobles),
        )


class ModuleState(GameState):
    """A game of the base game plus one module: each module's file subclasses this (and
    the registry, splendor.engine.modules, lists them). Build one with
    `new_game(..., module=...)` or `GameState.from_setup`."""

    __slots__ = ("_choices", "_empty", "_stage", "_steps", "box", "cities", "holds")

    #: The module's id (what setups, records, saves, settings and the command line name
    #: it by), other names it answers to, and what it adds, in one line.
    module: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = ""
    #: Why a game that reaches its end condition is over (see outcome.py).
    final_reason: ClassVar[EndReason] = "target"
    #: What the position builder (position.py) accepts of this module: a seat's fields,
    #: the table's arguments, and the end-of-turn choices a position may stop at.
    seat_fields: ClassVar[tuple[str, ...]] = ()
    table_fields: ClassVar[tuple[str, ...]] = ()
    position_phases: ClassVar[tuple[Phase, ...]] = ()
    #: The module's decision steps: the actions each offers (phase -> function of the
    #: state and the step's argument) and what each action does (type -> function of the
    #: state, the seat, the action and the step's argument).
    STEP_OPTIONS: ClassVar[StepOptions] = {}
    STEP_APPLY: ClassVar[StepApply] = {}

    players: list[ModulePlayer]  # type: ignore[assignment]

    def __init__(self, data: GameData, setup: GameSetup) -> None:
        super().__init__(data, setup)
        self.check_cities(data, setup)
        self.check_orient_decks(data, setup)
        self.players = [ModulePlayer() for _ in range(setup.players)]
        self.cities: list[City] = [data.city_by_id[i] for i in setup.cities]
        #: Card id -> (owner seat, strongholds on it): only one colour per card.
        self.holds: dict[str, tuple[int, int]] = {}
        #: Cards out of the game: sacrificed cards and spent double golds.
        self.box: list[Card] = []
        for ids in setup.orient_decks:
            deck = [data.card_by_id[i] for i in reversed(ids)]
            self.decks.append(deck)
            for _ in range(data.orient_slots):
                self.market.append(deck.pop() if deck else None)
        self._steps: list[Step] = []
        self._stage = _ACTION
        self._empty: list[int] = []
        self._choices: list[Any] = []

    # ----------------------------------------------------------- the setup

    @classmethod
    def playable(cls, data: GameData) -> bool:
        """Whether `data` holds this module's pieces."""
        return True

    @classmethod
    def check_playable(cls, data: GameData) -> None:
        if not cls.playable(data):
            raise ValueError(f"this game data has no pieces for the module {cls.module!r}")

    @classmethod
    def check_cities(cls, data: GameData, setup: GameSetup) -> None:
        """Raise ValueError unless `setup`'s cities fit this module (none, unless it deals
        them)."""
        if setup.cities:
            raise ValueError("cities are dealt only with the Cities module")

    @classmethod
    def check_orient_decks(cls, data: GameData, setup: GameSetup) -> None:
        """Raise ValueError unless `setup`'s Orient decks fit this module (none, unless it
        deals them)."""
        if setup.orient_decks:
            raise ValueError("Orient decks are dealt only with the Orient module")

    # ------------------------------------------------- the position builder

    @classmethod
    def position_pieces(cls, data: GameData, cities: Sequence[str] | None,
                        held_cities: list[object]) -> Mapping[str, Any]:
        """The setup fields of a built position (see position.py): the module's pieces
        dealt, from the cities given on the table and held by seats."""
        return {}

    def position_step(self, phase: Phase) -> None:
        """Where the turn stands in a built position stopping at `phase` (return, noble,
        or one of the module's `position_phases`); raises PositionError if it cannot."""
        if phase is Phase.RETURN:
            self.restore_turn((_RETURN, (), ()))
        elif phase is Phase.NOBLE:
            self.restore_turn((_NOBLE, (), ()))

    # ----------------------------------------------------------------- queries

    def deck_sizes(self) -> tuple[int, ...]:
        return tuple(len(d) for d in self.decks[: len(self.data.levels)])

    def orient_deck_sizes(self) -> tuple[int, ...]:
        """Cards left in the Orient decks, by level (empty without the Orient)."""
        return tuple(len(d) for d in self.decks[len(self.data.levels):])

    def market_rows(self) -> tuple[list[Card | None], list[Card | None]]:
        """The base market slots and the Orient ones (lowest level first)."""
        base = len(self.data.levels) * self.data.market_slots
        return self.market[:base], self.market[base:]

    def step(self) -> Step | None:
        """The decision step the current player faces, if any: (phase, argument)."""
        return self._steps[0] if self._steps and self.phase in STEP_PHASES else None

    def choices(self) -> tuple[Any, ...]:
        """The trading posts or cities to choose from (in `Phase.POST` or `Phase.CITY`)."""
        return tuple(self._choices) if self.phase in (Phase.POST, Phase.CITY) else ()

    def turn_state(self) -> TurnState:
        """Where the turn stands, as plain values (see `restore_turn`)."""
        steps = tuple((phase.value, arg) for phase, arg in self._steps)
        return (self._stage, steps, tuple(self._empty))

    def restore_turn(self, turn: TurnState | None) -> None:
        """Put the turn where `turn_state()` said it stood (for a sampled world)."""
        stage, steps, empty = turn if turn is not None else (_ACTION, (), ())
        self._stage = stage
        self._steps = [(Phase(phase), arg) for phase, arg in steps]
        self._empty = list(empty)

    def supply(self, seat: int) -> int:
        """Strongholds `seat` has left to place."""
        placed = sum(n for owner, n in self.holds.values() if owner == seat)
        return self.data.strongholds - placed

    def gold_doubles(self, seat: int) -> bool:
        """Whether `seat`'s gold pays two of a colour (trading post 3)."""
        return 3 in self.players[seat].posts

    def outcome(self) -> Outcome:
        if self.end_reason is None:
            raise ValueError("the game is not over yet")
        cards = tuple(len(p.purchased) for p in self.players)
        return decide(self.scores(), cards, self.end_reason, self._eligible())

    def _eligible(self) -> tuple[int, ...] | None:
        """The seats that may win (None: all)."""
        return None

    def qualifying_nobles(self, seat: int) -> list[Noble]:
        """Nobles on the table, and those `seat` kept aside, that its bonuses meet."""
        p = self.players[seat]
        bonuses = p.bonuses
        nobles = self.nobles + p.kept_nobles if p.kept_nobles else self.nobles
        return nobles_met(bonuses, nobles)

    def may_take(self, card: Card, seat: int) -> bool:
        """Whether `seat` may buy or reserve a face-up card: no one else's stronghold on it."""
        hold = self.holds.get(card.id)
        return hold is None or hold[0] == seat

    def view_seat(self, seat: int) -> dict[str, Any]:
        p = self.players[seat]
        return {
            "city": p.city,
            "posts": tuple(p.posts),
            "doubles": tuple(p.doubles),
            "pairs": tuple((card, p.partners[card], colour) for card, colour in p.pairs.items()),
            "kept_nobles": tuple(p.kept_nobles),
        }

    def view_table(self) -> dict[str, Any]:
        slots = self.data.orient_slots
        _, orient = self.market_rows()
        step = self.step()
        return {
            "module": self.module,
            "orient_market": tuple(tuple(orient[i : i + slots])
                                   for i in range(0, len(orient), slots)),
            "orient_deck_sizes": self.orient_deck_sizes(),
            "cities": tuple(self.cities),
            "holds": tuple((card, owner, n) for card, (owner, n) in sorted(self.holds.items())),
            "box": tuple(self.box),
            "step": (step[0].value, step[1]) if step is not None else None,
            "choices": self.choices(),
            "turn_state": self.turn_state(),
        }

    # ----------------------------------------------------------- legal actions

    def _generate(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is Phase.MAIN:
            return self._generate_main()
        if phase is Phase.OVER:
            return ()
        if phase is Phase.RETURN or phase is Phase.NOBLE:
            return super()._generate()
        if phase is Phase.POST:
            return tuple(interned(ChoosePost, post.id) for post in self._choices)
        if phase is Phase.CITY:
            return tuple(interned(ChooseCity, city.id) for city in self._choices)
        return self._step_actions(*self._steps[0])

    _generate_main = generate_main
    _pair_targets = pair_targets

    def _step_actions(self, phase: Phase, arg: Any) -> tuple[Action, ...]:
        return self.STEP_OPTIONS[phase](self, arg)

    # ------------------------------------------------------------- why illegal

    def why_illegal(self, action: object) -> Refusal | None:
        refusal = self._why_not_at_all(action)
        if refusal is not None:
            return refusal
        phase = self.phase
        if phase in (Phase.RETURN, Phase.NOBLE):
            return super().why_illegal(action)
        if phase is not Phase.MAIN:
            if action in self.legal_actions():
                return None
            return self._why_not_step(phase, action)
        kind = type(action)
        if kind in _MAIN_CHECKS:
            return _MAIN_CHECKS[kind](self, action)
        if kind is Return or kind is ChooseNoble:
            return super().why_illegal(action)
        return Refusal("no_such_choice", f"'{_text(action)}' is not a choice to make now",
                       action=_text(action))

    def _why_not_step(self, phase: Phase, action: object) -> Refusal | None:
        expected = _STEP_KIND[phase]
        if type(action) is not expected:
            if phase is Phase.CONQUEST and type(action) is Decline:
                return None
            return Refusal(f"{phase.value}_first", _STEP_FIRST[phase])
        if isinstance(action, Conquer) and action.payment is not None \
                and action.card_id == self._steps[0][1]:
            p = self.players[self.current]
            card = self.data.card_by_id[action.card_id]
            if payment_problem(p.tokens, p.bonuses, card, action.payment) is None:
                return None
            return Refusal("gold_exactly", "this payment does not cover the cost exactly",
                           count=tokens_missing(p.tokens, p.bonuses, card))
        return Refusal("not_offered", f"'{_text(action)}' is not one of the choices offered "
                       f"({', '.join(a.text() for a in self.legal_actions())})",
                       action=_text(action))

    def _why_not_reserve(self, action: Reserve) -> Refusal | None:
        refusal = super()._why_not_reserve(action)
        if refusal is None:
            card = self.data.card_by_id[action.card_id]
            refusal = self._why_occupied(card)
        return refusal

    def _why_occupied(self, card: Card) -> Refusal | None:
        hold = self.holds.get(card.id)
        if hold is not None and hold[0] != self.current:
            return Refusal("occupied", f"{card.id} carries another player's stronghold",
                           card=card.id, seat=hold[0])
        return None

    def _why_not_reserve_deck(self, action: ReserveDeck) -> Refusal | None:
        refusal = self._why_not_reserve_any()
        if refusal is not None:
            return refusal
        levels = len(self.data.levels)
        if action.orient and not self.has_orient:
            return Refusal("no_orient", "there are Orient decks only with the Orient")
        if not 1 <= action.level <= levels:
            return Refusal("no_such_deck", f"there is no level {action.level} deck",
                           level=action.level)
        if not self.decks[action.level - 1 + (levels if action.orient else 0)]:
            return Refusal("deck_empty", f"the level {action.level} deck is empty",
                           level=action.level)
        return None

    _why_not_buy = why_not_buy

    def _why_not_pass(self, action: Pass) -> Refusal | None:
        if self.legal_actions() != (PASS,):
            return Refusal("pass_not_allowed",
                           "you may pass only when no other action is possible")
        return None

    # ------------------------------------------------------------------ apply

    def apply_unchecked(self, action: Action) -> None:
        self._record(action)
        p = self.players[self.current]
        phase = self.phase
        if phase is Phase.MAIN:
            self._stage = _ACTION
            self._main(p, action)
        elif phase is Phase.RETURN:
            assert isinstance(action, Return)
            for c, n in enumerate(action.tokens):
                p.tokens[c] -= n
                self.bank[c] += n
        elif phase is Phase.NOBLE:
            assert isinstance(action, ChooseNoble)
            self._visit(p, self.data.noble_by_id[action.noble_id])
        elif phase is Phase.POST or phase is Phase.CITY:
            self._choose(p, action)
        else:
            _, arg = self._steps.pop(0)
            self.STEP_APPLY[type(action)](self, p, action, arg)
        self._advance(p)

    def _main(self, p: ModulePlayer, action: Action) -> None:
        if self._took(p, action):
            if isinstance(action, TakeTwo):
                self._after_take_two(p, action.color)
        elif isinstance(action, Reserve):
            slot = self._slot(action.card_id)
            card = self.market[slot]
            assert card is not None
            self._vacate(slot)
            self._take_reserved(p, card)
        elif isinstance(action, ReserveDeck):
            levels = len(self.data.levels)
            card = self.decks[action.level - 1 + (levels if action.orient else 0)].pop()
            p.blind.add(card.id)
            self._take_reserved(p, card)
        elif isinstance(action, Buy):
            self._buy_module(p, action)
        else:
            self._passed = True

    def _slot(self, card_id: str) -> int:
        return next(i for i, c in enumerate(self.market) if c is not None and c.id == card_id)

    def _vacate(self, slot: int) -> None:
        """Take a card off the market: its strongholds go home, its slot refills later."""
        card = self.market[slot]
        assert card is not None
        self.holds.pop(card.id, None)
        self.market[slot] = None
        self._empty.append(slot)

    # A module refills the market after the turn's steps (`_refill_empty`): a card bought
    # or reserved only leaves its slot.
    _refill = _vacate

    def _refill_empty(self) -> None:
        if not self._empty:
            return
        levels = len(self.data.levels)
        base = levels * self.data.market_slots
        for slot in self._empty:
            if slot < base:
                deck = self.decks[slot // self.data.market_slots]
            else:
                deck = self.decks[levels + (slot - base) // self.data.orient_slots]
            self.market[slot] = deck.pop() if deck else None
        self._empty.clear()

    _buy_module = buy_module
    _gain = gain

    def _after_take_two(self, p: ModulePlayer, color: int) -> None:
        """What taking two tokens of `color` brings beyond them (a step, say)."""

    def _after_purchase(self, p: ModulePlayer) -> None:
        """What a purchase brings beyond the card and its ability (a step, say)."""

    def _offer_conquest(self, p: ModulePlayer) -> None:
        """Once the market is refilled after the action: a step offered before the
        tokens are returned (Strongholds' conquest)."""

    def _end_claims(self, stage: int, p: ModulePlayer) -> bool:
        """At the end-of-turn stage `stage` (`_POST`, then `_CITY`): claim what `p`
        qualifies for; True when a choice among several (`_offer`) stops the turn there."""
        return False

    def _choose(self, p: ModulePlayer, action: Action) -> None:
        """Apply the choice among the claims `_end_claims` offered."""
        raise AssertionError(action)

    def _offer(self, phase: Phase, options: list[Any], take: Callable[[ModulePlayer, Any], None],
               p: ModulePlayer) -> bool:
        """Take the only option, or stop at `phase` for a choice among several (True)."""
        if len(options) > 1:
            self._choices = options
            self.phase = phase
            return True
        if options:
            take(p, options[0])
        return False

    def _turn_end(self, p: ModulePlayer) -> None:
        """What the end of `p`'s turn brings before the next seat plays: by default, the
        final round once `p` reaches the target."""
        if self.ends_on_points and p.points >= self.data.target_points:
            self.final_round = True

    def _advance(self, p: ModulePlayer) -> None:
        """Play the turn on to the next decision, or to the next player's turn."""
        while True:
            steps = self._steps
            while steps:
                options = self._step_actions(*steps[0])
                if options:
                    self.phase = steps[0][0]
                    self._legal = options
                    return
                steps.pop(0)
            stage = self._stage
            if stage == _ACTION:
                self._refill_empty()
                self._stage = _CONQUEST
                self._offer_conquest(p)
            elif stage == _CONQUEST:
                self._refill_empty()
                self._stage = _RETURN
                if sum(p.tokens) > self.data.token_limit:
                    self.phase = Phase.RETURN
                    return
            elif stage == _RETURN:
                self._stage = _NOBLE
                if self._nobles_visit(p):
                    return
            elif stage == _NOBLE:
                self._stage = _POST
                if self._end_claims(_POST, p):
                    return
            elif stage == _POST:
                self._stage = _CITY
                if self._end_claims(_CITY, p):
                    return
            else:
                self._end_module_turn(p)
                return

    def _visit(self, p: PlayerState, noble: Noble) -> None:
        kept = cast(ModulePlayer, p).kept_nobles
        if noble not in kept:
            super()._visit(p, noble)
            return
        kept.remove(noble)  # a noble kept aside by the Orient visits from there
        p.nobles.append(noble)
        p.points += noble.points
        self._candidates = []

    def _end_module_turn(self, p: ModulePlayer) -> None:
        self._turn_end(p)
        self._stage = _ACTION
        self._legal = None
        self._next_turn(self.final_reason)

    # ----------------------------------------------------------------- copies

    def clone(self) -> ModuleState:
        cls = type(self)
        s = cast(ModuleState, self._copy_into(cls.__new__(cls)))
        s.cities = self.cities[:]
        s.holds = dict(self.holds)
        s.box = self.box[:]
        s._steps = self._steps[:]
        s._stage = self._stage
        s._empty = self._empty[:]
        s._choices = self._choices[:]
        return s

    def key(self) -> tuple[object, ...]:
        return (
            *super().key(),
            self.module,
            tuple(c.id for c in self.cities),
            tuple(sorted(self.holds.items())),
            tuple(c.id for c in self.box),
            tuple((ph.value, arg) for ph, arg in self._steps),
            self._stage,
            tuple(self._empty),
            tuple(getattr(x, "id", x) for x in self._choices),
        )


def _text(action: object) -> str:
    return action.text() if hasattr(action, "text") else repr(action)


#: why_illegal's check in the main phase, by action type.
_MAIN_CHECKS: Final[dict[type, Callable[[ModuleState, Any], Refusal | None]]] = {
    Take: ModuleState._why_not_take,
    TakeTwo: ModuleState._why_not_take_two,
    Reserve: ModuleState._why_not_reserve,
    ReserveDeck: ModuleState._why_not_reserve_deck,
    Buy: ModuleState._why_not_buy,
    Pass: ModuleState._why_not_pass,
}

#: Which action answers each step, and what to say when another kind comes first.
_STEP_KIND: Final[dict[Phase, type]] = {
    Phase.GEM: TakeGem, Phase.PAIR: Pair, Phase.FREE: TakeFree,
    Phase.KEEP_NOBLE: ReserveNoble, Phase.STRONGHOLD: Stronghold, Phase.CONQUEST: Conquer,
    Phase.POST: ChoosePost, Phase.CITY: ChooseCity,
}
_STEP_FIRST: Final[dict[Phase, str]] = {
    Phase.GEM: "take the gem token your trading post gives first",
    Phase.PAIR: "choose the card to pair the Orient card with first",
    Phase.FREE: "choose the free card first",
    Phase.KEEP_NOBLE: "choose the noble to keep first",
    Phase.STRONGHOLD: "place, move or remove a stronghold first",
    Phase.CONQUEST: "conquer the card or decline first",
    Phase.POST: "choose the trading post to claim first",
    Phase.CITY: "choose the city to take first",
}


#: The shared, checked instance of an action (see buying.interned); module files use it.
_interned = interned
