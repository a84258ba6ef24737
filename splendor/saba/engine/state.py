"""The Saba game state: decision steps, legal actions, checked application, copies.

A `SabaState` is mutable, as Splendor's `GameState` is: `apply` changes it in place and
`clone` copies it. `legal_actions()` is the single source of truth: `apply` accepts
exactly those actions and raises `IllegalActionError` (state unchanged) with a reason a
player understands otherwise; `why_illegal` gives that reason for any value. Search,
which plays only actions taken from `legal_actions()`, may use `apply_unchecked`.

Every choice inside a turn is a decision step (`Step`) with its own legal actions, made
by `current_player()`: usually the player whose turn it is (`turn_player`), but the
owner of a displaced figure decides on his harem marker (S36) and a treasury leader
with an empty supply chooses the quarter his figure leaves (S56), even outside their
turns. The free actions (playing action cards, using figures in quarters) are offered
at the free moments of one's own turn only (S14, A18): the steps START, BUILD, PLACED
and DRAWN.

Randomness: everything is dealt from the setup's seed; the action deck's reshuffles
during play (S50) draw from a generator seeded by the setup's seed and the reshuffle's
number, so a record (the setup and the actions) replays to the same game.

The engine sets no cap on a game's length (S65): nothing forces a build, so tools that
play many games stop a game after a round cap themselves and call it unfinished.
"""

from __future__ import annotations

from splendor.engine.errors import IllegalActionError, Refusal, spell
from splendor.saba.engine.actions import Action, malformed
from splendor.saba.engine.components import DeckCard, PalaceCard, SabaData
from splendor.saba.engine.legal import generate
from splendor.saba.engine.outcome import EndReason, Outcome, decide
from splendor.saba.engine.refusals import explain
from splendor.saba.engine.rules import perform
from splendor.saba.engine.seat import Seat
from splendor.saba.engine.setup import SabaSetup, check_setup, deal
from splendor.saba.engine.steps import Step


class SabaState:
    """A game of Saba in progress. Build one with `new_game` or `SabaState(data, setup)`."""

    __slots__ = (
        "_legal",
        "_log",
        "_logged",
        "action_deck",
        "balconies",
        "bought_special",
        "built",
        "current",
        "data",
        "decider",
        "deck",
        "discard",
        "display",
        "end_reason",
        "fresh",
        "harbour_material",
        "harbour_units",
        "harem",
        "levels",
        "out",
        "palace_gone",
        "pending",
        "players",
        "quarters",
        "reshuffles",
        "setup",
        "step",
        "supply",
        "taken",
        "treasury",
        "turns",
        "used",
        "vizier",
    )

    def __init__(self, data: SabaData, setup: SabaSetup) -> None:
        """Set up the game `setup` describes (S1-S12); ValueError if it does not fit `data`."""
        check_setup(data, setup)
        self.data = data
        self.setup = setup
        n = setup.players
        self.supply = list(data.supply)  # S3
        faces = [c.up_at_start for c in data.harbour_cards]  # S8, A2
        self.players = [Seat(data.figures, data.markers, faces[:]) for _ in range(n)]  # S1
        for order in range(1, n):  # S4: the second player on, in turn order
            seat = self.players[(setup.first_player + order) % n]
            material, units = setup.start_draw[order - 1], data.start_units[order]
            self.supply[material] -= units
            seat.stock[material] += units
        self.harbour_material = list(setup.harbour_draw)  # S5
        self.harbour_units = [0] * len(data.sections)
        self.refill_harbour()
        # Decks keep their top at the end of the list: drawing is a pop().
        self.deck: list[DeckCard] = [data.card_by_id[i] for i in reversed(setup.palace_deck)]
        spaces = len(data.build_spaces)
        self.display: list[DeckCard] = [self.deck.pop() for _ in range(spaces)]  # S7, A19
        self.out: list[str] = []
        self.palace_gone = 0
        self.action_deck = list(reversed(setup.action_deck))  # S9: no hand dealt (A19)
        self.discard: list[str] = []
        self.reshuffles = 0
        self.vizier = data.vizier_start  # S10, A9
        self.harem: list[int] = []  # S11: seats from space 1 on
        self.levels = [0] * data.gardens  # S12
        self.balconies: list[int | None] = [None] * data.gardens
        self.treasury: list[int] = []
        self.quarters: list[list[int]] = [[] for _ in data.quarters]
        self.current = setup.first_player  # S2, S13
        self.decider = self.current
        self.step = Step.START
        self.turns = 0
        self.end_reason: EndReason | None = None
        self.start_turn()
        # The actions so far are the first `_logged` of `_log`, a list a clone shares
        # until one of the two appends (it then continues on a copy of its own part).
        self._log: list[Action] = []
        self._logged = 0
        self._legal: tuple[Action, ...] | None = None

    def start_turn(self) -> None:
        """Clear the turn's bookkeeping for the player whose turn begins."""
        self.built = False
        self.bought_special = False
        #: The quarter given a figure this turn (S42); the uses made, by quarter (S43).
        self.fresh: int | None = None
        self.used = [0] * len(self.data.quarters)
        #: The harbour section taken, until the harbour has turned (S24).
        self.taken: int | None = None
        #: The card whose purchase is being resolved (a build, a treasury scoring).
        self.pending: DeckCard | None = None

    def refill_harbour(self) -> None:
        """S23: top every section up with its own material, as far as the supply goes."""
        for k, section in enumerate(self.data.sections):
            material = self.harbour_material[k]
            units = min(section.capacity - self.harbour_units[k], self.supply[material])
            self.harbour_units[k] += units
            self.supply[material] -= units

    # ----------------------------------------------------------------- queries

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def turn_player(self) -> int:
        """The seat whose turn it is."""
        return self.current

    @property
    def round(self) -> int:
        """The current round, counted from 1 (every seat plays once a round)."""
        return self.turns // len(self.players) + 1

    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return None if self.step is Step.OVER else self.decider

    def is_over(self) -> bool:
        return self.step is Step.OVER

    def points(self, seat: int) -> int:
        """S61: one point a figure on a balcony or in the treasury."""
        return self.balconies.count(seat) + self.treasury.count(seat)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points(s) for s in range(len(self.players)))

    def outcome(self) -> Outcome:
        """The result (S61-S62); only once the game is over."""
        if self.end_reason is None:
            raise ValueError("the game is not over yet")
        return decide(self.scores(), tuple(self.harem), self.end_reason)

    def palace_cards_left(self) -> int:
        """Palace cards still in the deck or the display (S60: none left ends the game)."""
        return len(self.data.palace_cards) - self.palace_gone

    def price(self, card: DeckCard) -> tuple[int, int, int, int]:
        """What `card` costs where it lies now: its materials and its space's gold."""
        return self.data.price_on(card, self.display.index(card))

    def quarter_uses(self, quarter: int) -> int:
        """The uses the player whose turn it is has left in a quarter now (S42-S44)."""
        if quarter == self.vizier:
            return 0
        own = self.quarters[quarter].count(self.current)
        if self.fresh == quarter:
            own -= 1
        return max(0, own - self.used[quarter])

    def pending_garden(self) -> int | None:
        """The garden space (0-based) of a build being resolved, whose balcony may stand
        empty until the builder's figure arrives (S32)."""
        card = self.pending
        return card.garden - 1 if isinstance(card, PalaceCard) else None

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, oldest first."""
        return tuple(self._log[: self._logged])

    # ----------------------------------------------------------- legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action `current_player()` may take now, in a fixed order."""
        if self._legal is None:
            self._legal = generate(self)
        return self._legal

    def why_illegal(self, action: object) -> Refusal | None:
        """None if `action` may be applied now, else the reason (English text, with a code
        and parameters a screen can translate). Any value gets an answer, never an error."""
        if self.step is Step.OVER:
            return Refusal("game_over", "the game is over")
        problem = malformed(action)
        if problem is not None:
            return Refusal("not_an_action", problem)
        legal = self.legal_actions()
        if action in legal:
            return None
        return explain(self, action)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> None:
        """Apply a legal action; raise `IllegalActionError` (state unchanged) otherwise."""
        for listed in self.legal_actions():
            # Identity first: a listed action needs no check, and a hostile value's
            # __eq__ never runs before `malformed` has looked at it.
            if listed is action:
                self.apply_unchecked(action)
                return
        reason = self.why_illegal(action)
        if reason is not None:
            text = action.text() if malformed(action) is None else spell(action)
            raise IllegalActionError(text, reason)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply `action` without checking it: for search, which plays only actions from
        `legal_actions()`. Anything else may corrupt the state or raise; use `apply` for
        actions from players, files or the network."""
        self._legal = None
        log = self._log
        if len(log) != self._logged:
            log = self._log = log[: self._logged]
        log.append(action)
        self._logged += 1
        perform(self, action)

    def end(self, reason: EndReason) -> None:
        """S60: the game ends at once; nothing else of the turn is played."""
        self.step = Step.OVER
        self.end_reason = reason
        self.decider = self.current

    # ----------------------------------------------------------------- copies

    def clone(self) -> SabaState:
        """An independent copy (components and the setup are shared: immutable)."""
        s = SabaState.__new__(SabaState)
        s.data = self.data
        s.setup = self.setup
        s.supply = self.supply[:]
        s.players = [p.clone() for p in self.players]
        s.harbour_material = self.harbour_material[:]
        s.harbour_units = self.harbour_units[:]
        s.deck = self.deck[:]
        s.display = self.display[:]
        s.out = self.out[:]
        s.palace_gone = self.palace_gone
        s.action_deck = self.action_deck[:]
        s.discard = self.discard[:]
        s.reshuffles = self.reshuffles
        s.vizier = self.vizier
        s.harem = self.harem[:]
        s.levels = self.levels[:]
        s.balconies = self.balconies[:]
        s.treasury = self.treasury[:]
        s.quarters = [q[:] for q in self.quarters]
        s.current = self.current
        s.decider = self.decider
        s.step = self.step
        s.turns = self.turns
        s.end_reason = self.end_reason
        s.built = self.built
        s.bought_special = self.bought_special
        s.fresh = self.fresh
        s.used = self.used[:]
        s.taken = self.taken
        s.pending = self.pending
        s._log = self._log  # shared: see apply_unchecked
        s._logged = self._logged
        s._legal = self._legal
        return s

    def key(self) -> tuple[object, ...]:
        """The whole position (history included) as a comparable value."""
        return (
            self.setup,
            tuple(self.supply),
            tuple(p.key() for p in self.players),
            tuple(self.harbour_material),
            tuple(self.harbour_units),
            tuple(c.id for c in self.deck),
            tuple(c.id for c in self.display),
            tuple(self.out),
            tuple(self.action_deck),
            tuple(self.discard),
            self.reshuffles,
            self.vizier,
            tuple(self.harem),
            tuple(self.levels),
            tuple(self.balconies),
            tuple(self.treasury),
            tuple(tuple(q) for q in self.quarters),
            self.current,
            self.decider,
            self.step,
            self.turns,
            self.end_reason,
            self.built,
            self.bought_special,
            self.fresh,
            tuple(self.used),
            self.taken,
            self.pending.id if self.pending else None,
            tuple(a.text() for a in self.history),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SabaState):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<SabaState {len(self.players)}p round {self.round} seat {self.current} "
            f"{self.step.value} scores {self.scores()}>"
        )


def new_game(
    data: SabaData,
    players: int,
    seed: int,
    names: tuple[str, ...] | None = None,
    first_player: int | None = None,
) -> SabaState:
    """A new game dealt from `seed`: fully deterministic (see `setup.deal`)."""
    return SabaState(data, deal(data, players, seed, names, first_player))
