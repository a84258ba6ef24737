"""Property tests of the engine on random reachable positions.

A position is drawn as a seed, a player count and a list of choice indices: the game
`new_game(base_game(), players, seed)` is played choosing legal actions by index (even
choices favour a purchase when one is legal, so that games get deep: nobles, empty decks,
the final round). Then

* every legal action keeps the game's invariants, and
* any action from the universe of all actions (legal or not, well-formed or bogus) is
  accepted by `apply` exactly when `legal_actions()` lists it (a `Buy` with an explicit
  payment: exactly when the default `Buy` is legal and the payment is one of
  `payment_options`), and a refused action raises `IllegalActionError` and changes nothing.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splendor.engine import (
    GEMS,
    GOLD,
    TOKENS,
    Action,
    Buy,
    ChooseNoble,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    malformed,
    new_game,
    payment_options,
)
from splendor.gamedata import base_game
from tests.engine.forged import forge
from tests.invariants import check_invariants

DATA = base_game()
CARD_IDS = [c.id for c in DATA.cards]
NOBLE_IDS = [n.id for n in DATA.nobles]
BOGUS_CARD_IDS = ["L4-01", "L1-41", "L0-00", "N01", "", "DECK", "l1-01"]
BOGUS_NOBLE_IDS = ["N00", "N11", "L1-01", "", "n01"]

seeds = st.integers(0, 2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])


@st.composite
def choice_lists(draw: st.DrawFn) -> list[int]:
    """Choice indices: a shrinkable prefix drawn by hypothesis, then seeded random choices up
    to a drawn length (hypothesis alone draws short lists, which would stay in the opening)."""
    prefix = draw(st.lists(st.integers(0, 2**16), max_size=30))
    steps = draw(st.sampled_from(range(141)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return prefix[:steps] + [rng.randrange(2**16) for _ in range(steps - len(prefix))]


payments6 = st.tuples(*[st.integers(0, 3)] * 6)
returns6 = st.tuples(*[st.integers(0, 3)] * 6)


def choose(state: GameState, choices: Iterable[int],
           after: Callable[[GameState], None] | None = None) -> GameState:
    """Apply legal actions chosen by index (an even index favours a purchase), calling
    `after` on each position reached; the modules' property tests share it."""
    for i in choices:
        if state.is_over():
            break
        legal = state.legal_actions()
        buys = [a for a in legal if isinstance(a, Buy)]
        action = buys[i // 2 % len(buys)] if buys and i % 2 == 0 else legal[i % len(legal)]
        state.apply(action)
        if after is not None:
            after(state)
    return state


def walk(state: GameState, rng: random.Random, buy_share: float, every: bool = False,
         last_round: int | None = None) -> Iterator[GameState]:
    """Play random moves (a purchase in `buy_share` of the turns a purchase is legal),
    yielding a copy of each position outside the main phase (`every`: of each position)
    and the last one."""
    while not state.is_over() and (last_round is None or state.round <= last_round):
        if every or state.phase is not Phase.MAIN:
            yield state.clone()
        legal = state.legal_actions()
        buys = [a for a in legal if isinstance(a, Buy)]
        state.apply(rng.choice(buys if buys and rng.random() < buy_share else legal))
    yield state


def play(players: int, seed: int, choices: Iterable[int], check: bool = False) -> GameState:
    """Play from the seeded start, choosing legal actions by index; optionally checking."""
    state = new_game(DATA, players, seed)
    if check:
        check_invariants(state)
    return choose(state, choices, check_invariants if check else None)


@settings(max_examples=200, deadline=None)
@given(seeds, player_counts, choice_lists())
def test_legal_actions_keep_the_invariants(seed: int, players: int, choices: list[int]) -> None:
    state = play(players, seed, choices, check=True)
    before = state.key()
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        check_invariants(after)
        assert after.history[-1] == action
        assert state.key() == before, "applying to a clone changed the original"


# ------------------------------------------------------------ the universe of actions


def _with_lengths(counts: Sequence[int], excess: int) -> Iterable[tuple[int, ...]]:
    """Every 6-tuple within `counts` summing to `excess`."""
    ranges = [range(min(n, excess) + 1) for n in counts]
    for combo in itertools.product(*ranges):
        if sum(combo) == excess:
            yield combo


def universe(
    state: GameState,
    payments: Sequence[tuple[int, tuple[int, ...]]] = (),
    returns: Sequence[tuple[int, ...]] = (),
    *,
    with_legal: bool = True,
) -> list[Action]:
    """All actions one could try now: legal, illegal and nonsensical (`with_legal`: the
    listed legal actions added, in case the enumeration below missed one)."""
    acts: list[Action] = []
    for k in range(5):
        acts.extend(maybe(Take, colors=combo) for combo in itertools.combinations(TOKENS, k))
    acts += [maybe(Take, colors=c) for c in [(0, 0), (1, 1, 2), (3, 3, 3), (4, 4)]]
    acts += [maybe(TakeTwo, color=c) for c in TOKENS]
    acts += [maybe(Reserve, card_id=i) for i in CARD_IDS + BOGUS_CARD_IDS]
    acts += [maybe(ReserveDeck, level=level) for level in range(5)]
    acts += [maybe(Buy, card_id=i, payment=None) for i in CARD_IDS + BOGUS_CARD_IDS]
    p = state.players[state.current] if not state.is_over() else state.players[0]
    buyable = [c for c in state.market if c is not None] + list(p.reserved)
    # every exact payment of every reachable card, and near misses of each
    for card in buyable:
        for pay in payment_options(p.tokens, p.bonuses, card)[:20]:
            acts.append(Buy(card.id, pay))
            for c in TOKENS:
                for d in (-1, 1):
                    near = list(pay)
                    near[c] += d
                    if near[c] >= 0:
                        acts.append(Buy(card.id, tuple(near)))
        acts.append(Buy(card.id, (0,) * 6))
        acts.append(Buy(card.id, (*card.cost, 0)))
    # random payments, for reachable cards and for any card
    for index, pay in payments:
        target = buyable[index % len(buyable)] if buyable and index % 3 else None
        card_id = target.id if target else CARD_IDS[index % len(CARD_IDS)]
        acts.append(Buy(card_id, pay))
    acts += [Buy("L9-99", (0,) * 6), maybe(Buy, card_id="", payment=(1, 0, 0, 0, 0, 0))]
    # returns: random ones, and every way to give back one to three of the held tokens
    acts += [maybe(Return, tokens=r) for r in returns]
    for excess in (1, 2, 3):
        acts += [Return(r) for r in _with_lengths(p.tokens, excess)]
    acts += [maybe(Return, tokens=(0,) * 6)]
    acts += [maybe(ChooseNoble, noble_id=i) for i in NOBLE_IDS + BOGUS_NOBLE_IDS]
    acts.append(Pass())
    if with_legal:
        acts += list(state.legal_actions())
    return acts


def maybe(cls: type, **fields: Any) -> Action:
    """The action `cls(**fields)`, or, when its constructor refuses those fields, the same
    value forged around the checks: the universe holds both kinds of nonsense."""
    try:
        action: Action = cls(**fields)
    except (TypeError, ValueError):
        return forge(cls, **fields)  # type: ignore[no-any-return]
    return action


def accepted(state: GameState, action: Action) -> bool:
    """The oracle: what `apply` must accept, from `legal_actions()` and `payment_options`."""
    if malformed(action) is not None:
        return False
    legal = set(state.legal_actions())
    if isinstance(action, Buy) and action.payment is not None:
        if Buy(action.card_id) not in legal:
            return False
        p = state.players[state.current]
        card = DATA.card_by_id[action.card_id]
        return tuple(action.payment) in payment_options(p.tokens, p.bonuses, card)
    return action in legal


def _changed(state: GameState, child: GameState) -> None:
    assert child.key() != state.key()


def check_universe(state: GameState, actions: Iterable[Action],
                   oracle: Callable[[Any, Action], bool] = accepted,
                   check_child: Callable[[Any, Any], None] = _changed) -> tuple[int, int]:
    """Check apply/why_illegal against the `oracle` for each action, and each accepted
    one's result with `check_child(state, child)`; return (taken, refused)."""
    before = state.key()
    legal_before = state.legal_actions()
    taken = refused = 0
    for action in actions:
        expected = oracle(state, action)
        reason = state.why_illegal(action)
        if expected:
            assert reason is None, f"{action.text()!r} is legal but why_illegal says {reason!r}"
            child = state.clone()
            child.apply(action)
            assert child.history[-1] == action
            check_child(state, child)
            taken += 1
        else:
            assert isinstance(reason, str) and reason, f"{action!r} refused without a reason"
            with pytest.raises(IllegalActionError) as info:
                state.apply(action)
            assert info.value.reason == reason
            assert state.key() == before, f"refusing {action!r} changed the state"
            refused += 1
    assert state.legal_actions() == legal_before
    # everything legal was in the universe and got accepted
    return taken, refused


@settings(max_examples=200, deadline=None)
@given(
    seeds,
    player_counts,
    choice_lists(),
    st.lists(st.tuples(st.integers(0, 1000), payments6), max_size=12),
    st.lists(returns6, max_size=8),
)
def test_apply_accepts_exactly_the_legal_actions(
    seed: int,
    players: int,
    choices: list[int],
    payments: list[tuple[int, tuple[int, ...]]],
    returns: list[tuple[int, ...]],
) -> None:
    state = play(players, seed, choices)
    acts = universe(state, payments, returns, with_legal=False)
    # The enumeration finds every legal action by itself, so "accepted exactly when
    # listed" is checked both ways over it.
    missed = set(state.legal_actions()) - set(acts)
    assert not missed, f"the universe misses legal actions {missed}"
    taken, _ = check_universe(state, acts)
    assert taken >= len(set(state.legal_actions()))


def _sweep_states(games: int, every: bool = False) -> Iterable[GameState]:
    """Positions from seeded random games: those in the rarer phases (return, noble, over),
    or `every` position."""
    for seed in range(games):
        yield from walk(new_game(DATA, 2 + seed % 3, seed), random.Random(seed), 0.6, every)


def test_apply_accepts_exactly_the_legal_actions_in_rare_phases() -> None:
    caps = {Phase.RETURN: 40, Phase.OVER: 25, Phase.NOBLE: 1000}
    seen: Counter[Phase] = Counter()
    rng = random.Random(1)
    for state in _sweep_states(120):
        if seen[state.phase] >= caps[state.phase]:
            continue
        seen[state.phase] += 1
        payments = [(rng.randrange(100), tuple(rng.randrange(3) for _ in range(6)))]
        check_universe(state, universe(state, payments))
        check_invariants(state)
    # the sweep really visited every rare phase
    assert seen[Phase.NOBLE] >= 3, seen
    assert seen[Phase.RETURN] == caps[Phase.RETURN], seen
    assert seen[Phase.OVER] == caps[Phase.OVER], seen


def test_a_finished_game_refuses_everything() -> None:
    *_, state = _sweep_states(1)
    assert state.is_over()
    _, refused = check_universe(state, universe(state))
    assert refused > 0
    for action in universe(state):
        assert state.why_illegal(action) == "the game is over"


@pytest.mark.parametrize(
    "thing",
    [
        None,
        "take white blue green",
        42,
        forge(Take, colors=(7,)),
        forge(Take, colors=(0, 1, 9)),
        forge(TakeTwo, color=9),
        forge(Buy, card_id="L1-01", payment=(0, 0, 0, 0, 0, 0, 1)),
        forge(Buy, card_id="L1-01", payment=(0, 0, 0)),
        forge(Buy, card_id="L1-01", payment=(-1, 0, 0, 0, 0, 0)),
        forge(Return, tokens=(0, 0, 0, 0, 0, 0, 1)),
        forge(Return, tokens=(-1, 0, 0, 0, 0, 2)),
    ],
    ids=repr,
)
def test_malformed_actions_are_refused_cleanly(thing: object) -> None:
    """apply() promises IllegalActionError, state unchanged, for anything not legal."""
    for state in (play(2, 11, []), play(3, 12, list(range(0, 400, 7)))):
        before = state.key()
        reason = state.why_illegal(thing)
        assert isinstance(reason, str) and reason
        with pytest.raises(IllegalActionError):
            state.apply(thing)  # type: ignore[arg-type]
        assert state.key() == before


def test_every_reachable_return_phase_offers_every_exact_return() -> None:
    """In the return phase the legal returns are all the ways to give back the excess."""
    count = 0
    for state in _sweep_states(40):
        if state.phase is not Phase.RETURN:
            continue
        p = state.players[state.current]
        want = {Return(r) for r in _with_lengths(p.tokens, state.excess_tokens())}
        assert set(state.legal_actions()) == want
        count += 1
    assert count > 10


def test_buy_offers_match_payment_options() -> None:
    """A default Buy is legal exactly when the card has at least one exact payment."""
    for state in _sweep_states(20, every=True):
        if state.phase is not Phase.MAIN:
            continue
        p = state.players[state.current]
        legal = set(state.legal_actions())
        for card in [c for c in state.market if c is not None] + list(p.reserved):
            options = payment_options(p.tokens, p.bonuses, card)
            assert (Buy(card.id) in legal) == bool(options)
            for pay in options:
                assert all(pay[c] <= p.tokens[c] for c in TOKENS)
                assert pay[GOLD] + sum(pay[c] for c in GEMS) == sum(
                    max(0, card.cost[c] - p.bonuses[c]) for c in GEMS
                )


def test_pass_is_accepted_exactly_when_nothing_else_is_possible() -> None:
    from splendor.engine import build_position

    # an empty bank, three reserved cards and no tokens: seat 0 can only pass
    state = build_position(
        DATA,
        2,
        seats=[{"reserved": ["L3-01", "L3-02", "L3-03"]}, {}],
        bank={},
        partial=True,
    )
    assert state.legal_actions() == (Pass(),)
    check_universe(state, universe(state))
    assert {a for a in universe(state) if state.why_illegal(a) is None} == {Pass()}
    state.apply(Pass())
    # seat 1 can reserve (without gold): passing is refused
    assert state.current == 1
    assert Pass() not in state.legal_actions()
    check_universe(state, universe(state))
    assert state.why_illegal(Pass()) is not None
