"""Property tests of module games on random reachable positions (as
tests/engine/test_hypothesis_engine.py does for the base game).

A position is drawn as a module, a seed, a player count and choice indices (even choices
favour a purchase, so that games get deep). Then any action from a universe of actions
(the base game's and every module's: legal or not, well-formed or bogus) is accepted by
`apply` exactly when `legal_actions()` lists it (a `Buy` or `Conquer` with an explicit
payment: exactly when the same action without it is listed and the payment is one this
file's own oracle finds exact), and a refused action raises `IllegalActionError` and
changes nothing. The buy variants listed are exactly the cards with an exact payment.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence

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
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    Decline,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.engine.components import Card
from splendor.engine.expansion import ExpansionState
from splendor.engine.module_rules import sacrifice_options
from splendor.engine.state import GameState
from tests.engine.modules.support import DATA, MODULES, check_module_invariants
from tests.engine.test_hypothesis_engine import (
    _with_lengths,
    choice_lists,
    choose,
    maybe,
    walk,
)
from tests.engine.test_hypothesis_engine import check_universe as engine_check_universe

ALL_CARDS = [c.id for c in (*DATA.cards, *DATA.orient)]
NOBLE_IDS = [n.id for n in DATA.nobles]
CITY_IDS = [c.id for c in DATA.cities]
BOGUS_IDS = ["L4-01", "O4-01", "O1-11", "C15", "N11", "", "DECK", "o1-01"]

seeds = st.integers(0, 2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])
payments6 = st.tuples(*[st.integers(0, 3)] * 6)


def play(module: str, players: int, seed: int, choices: Iterable[int]) -> ExpansionState:
    state = new_game(DATA, players, seed, module=module)
    assert isinstance(state, ExpansionState)
    choose(state, choices)
    return state


# ------------------------------------------------------------------ the oracle


def exact_payments(state: ExpansionState, card: Card, doubles: int) -> set[tuple[int, ...]]:
    """Every exact token payment for `card` by the current seat with `doubles` double
    golds: coloured tokens up to what is owed and held, gold for part of the rest (with
    trading post 3 one gold covers up to two of a colour), the doubles the remainder,
    each double used at least in part. Worked out here by enumeration, apart from the
    engine's arithmetic."""
    p = state.players[state.current]
    gold2 = state.module == "trading-posts" and 3 in p.posts
    need = [max(0, card.cost[c] - p.bonuses[c]) for c in GEMS]
    ranges = [range(min(need[c], p.tokens[c]) + 1) for c in GEMS]
    out = set()
    for own in itertools.product(*ranges):
        rest = [need[c] - own[c] for c in GEMS]
        for gold in range(p.tokens[GOLD] + 1):
            if gold2:
                # some split of the gold over the colours, each gold covering 1 or 2
                ok = (sum((r + 1) // 2 for r in rest) <= gold <= sum(rest)) and not doubles
            else:
                left = sum(rest) - gold
                ok = left == 0 if not doubles else 2 * (doubles - 1) < left <= 2 * doubles
            if ok:
                out.add((*own, gold))
    return out


def accepted(state: ExpansionState, action: Action) -> bool:
    """What `apply` must accept, from `legal_actions()` and the payment oracle."""
    if malformed(action) is not None:
        return False
    legal = set(state.legal_actions())
    if isinstance(action, Buy) and action.payment is not None:
        bare = Buy(action.card_id, None, action.doubles, action.discard)
        if bare not in legal or action.discard:
            return False
        card = DATA.card_by_id[action.card_id]
        return tuple(action.payment) in exact_payments(state, card, action.doubles)
    if isinstance(action, Conquer) and action.payment is not None:
        if Conquer(action.card_id) not in legal:
            return False
        p = state.players[state.current]
        card = DATA.card_by_id[action.card_id]
        return tuple(action.payment) in payment_options(p.tokens, p.bonuses, card)
    return action in legal


# ------------------------------------------------------------------ the universe


def buyable(state: GameState) -> list[Card]:
    seat = state.current if not state.is_over() else 0
    return [c for c in state.market if c is not None] + list(state.players[seat].reserved)


def universe(state: GameState, payments: Sequence[tuple[int, tuple[int, ...]]] = (),
             *, with_legal: bool = True) -> list[Action]:
    """All actions one could try now in any game, the modules' included."""
    seat = state.current if not state.is_over() else 0
    p = state.players[seat]
    market = [c.id for c in state.market if c is not None]
    near = market + [c.id for c in p.purchased] + [c.id for c in p.reserved] + BOGUS_IDS
    acts: list[Action] = []
    for k in range(4):
        acts.extend(maybe(Take, colors=combo) for combo in itertools.combinations(TOKENS, k))
    acts += [maybe(TakeTwo, color=c) for c in TOKENS]
    acts += [maybe(Reserve, card_id=i) for i in ALL_CARDS + BOGUS_IDS]
    acts += [maybe(ReserveDeck, level=lv, orient=o) for lv in range(5) for o in (False, True)]
    acts += [maybe(Buy, card_id=i, payment=None) for i in ALL_CARDS + BOGUS_IDS]
    doubles = len(getattr(p, "doubles", ()))
    for card in buyable(state):
        for k in range(doubles + 2):
            acts.append(Buy(card.id, doubles=k))
            pays = sorted(exact_payments(state, card, k)) if isinstance(
                state, ExpansionState) and not state.is_over() else []
            if not pays and k == 0:
                pays = payment_options(p.tokens, p.bonuses, card)
            for pay in pays[:12]:
                acts.append(Buy(card.id, pay, k))
                for c in TOKENS:
                    for d in (-1, 1):
                        off = list(pay)
                        off[c] += d
                        if off[c] >= 0:
                            acts.append(Buy(card.id, tuple(off), k))
            acts.append(Buy(card.id, (0,) * 6, k))
        # sacrifices: every option, near misses, and discards where none belong
        options = sacrifice_options(p.purchased, getattr(p, "pairs", {}), card) \
            if card.ability == "sacrifice" else []
        owned = [c.id for c in p.purchased] + [c.id for c in p.reserved]
        for option in options:
            acts.append(Buy(card.id, discard=option))
            acts.append(Buy(card.id, (0,) * 6, discard=option))
            acts.append(Buy(card.id, discard=option[1:]))
            acts += [Buy(card.id, discard=tuple(sorted({*option, i}))) for i in owned[:6]
                     if i not in option]
        acts += [Buy(card.id, discard=(i,)) for i in owned[:4]]
        acts.append(Buy(card.id, discard=tuple(sorted(owned[:2]))) if len(owned) > 1
                    else Buy(card.id, discard=("L1-01",)))
    for index, pay in payments:
        target = buyable(state)
        card_id = target[index % len(target)].id if target and index % 3 else \
            ALL_CARDS[index % len(ALL_CARDS)]
        acts.append(Buy(card_id, pay, index % 2))
        acts.append(Conquer(card_id, pay))
    for excess in (1, 2, 3):
        acts += [Return(r) for r in _with_lengths(p.tokens, excess)]
    acts += [maybe(Return, tokens=(0,) * 6)]
    acts += [maybe(ChooseNoble, noble_id=i) for i in NOBLE_IDS + BOGUS_IDS[:3]]
    acts.append(Pass())
    # the modules' step actions
    acts += [maybe(ChooseCity, city_id=i) for i in CITY_IDS + BOGUS_IDS[:4]]
    acts += [maybe(ChoosePost, post=i) for i in range(7)]
    acts += [maybe(TakeGem, color=c) for c in TOKENS]
    acts += [maybe(Pair, card_id=i) for i in near]
    acts += [maybe(TakeFree, card_id=i) for i in near]
    acts += [maybe(ReserveNoble, noble_id=i) for i in [*NOBLE_IDS, "N00", ""]]
    held = sorted(getattr(state, "holds", {}))
    for target in market + BOGUS_IDS[:2] + ["L1-01"]:
        acts.append(maybe(Stronghold, how="place", card_id=target))
        acts.append(maybe(Stronghold, how="remove", card_id=target))
        acts.append(maybe(Stronghold, how="jump", card_id=target))
        for source in held + market[:2]:
            acts.append(maybe(Stronghold, how="move", card_id=target, source=source))
    for card in [c for c in state.market if c is not None]:
        acts.append(Conquer(card.id))
        for pay in payment_options(p.tokens, p.bonuses, card)[:6]:
            acts.append(Conquer(card.id, pay))
            acts.append(Conquer(card.id, (*pay[:5], pay[5] + 1)))
    acts.append(Decline())
    if with_legal:
        acts += list(state.legal_actions())
    return acts


def check_universe(state: ExpansionState, actions: Iterable[Action]) -> tuple[int, int]:
    """Check apply/why_illegal against the oracle for each action; (taken, refused)."""
    return engine_check_universe(state, set(actions), accepted,
                                 lambda _, child: check_module_invariants(child))


def check_buy_variants(state: ExpansionState) -> None:
    """The token-paid purchases listed are exactly those with an exact payment."""
    if state.phase is not Phase.MAIN:
        return
    p = state.players[state.current]
    legal = set(state.legal_actions())
    for card in buyable(state):
        if card.ability == "sacrifice":
            continue
        pairing = card.ability in ("pair", "pair_and_take_level1")
        partner = any(c.bonus >= 0 and c.bonus_count > 0 for c in p.purchased)
        hold = state.holds.get(card.id)
        mine = hold is None or hold[0] == state.current or card in p.reserved
        for k in range(len(p.doubles) + 1):
            allowed = bool(exact_payments(state, card, k)) and mine and (partner or not pairing)
            assert (Buy(card.id, doubles=k) in legal) == allowed, (card.id, k)


@pytest.mark.parametrize("module", MODULES)
@settings(max_examples=40, deadline=None)
@given(seeds, player_counts, choice_lists(),
       st.lists(st.tuples(st.integers(0, 1000), payments6), max_size=8))
def test_apply_accepts_exactly_the_legal_actions_in_every_module(
        module: str, seed: int, players: int, choices: list[int],
        payments: list[tuple[int, tuple[int, ...]]]) -> None:
    state = play(module, players, seed, choices)
    check_module_invariants(state)
    acts = universe(state, payments, with_legal=False)
    missed = set(state.legal_actions()) - set(acts)
    assert not missed, f"the universe misses legal actions {missed}"
    taken, _ = check_universe(state, acts)
    assert taken >= len(set(state.legal_actions()))
    check_buy_variants(state)


def _sweep(module: str, games: int) -> Iterable[ExpansionState]:
    """Positions of seeded random games: those not in the main phase, and the last."""
    for seed in range(games):
        state = play(module, 2 + seed % 3, seed, [])
        yield from walk(state, random.Random(seed), 0.7, last_round=200)  # type: ignore[misc]


#: The decision steps each module must reach in the sweep below.
STEPS = {
    "cities": {Phase.CITY, Phase.RETURN, Phase.OVER},
    "trading-posts": {Phase.GEM, Phase.POST, Phase.NOBLE, Phase.RETURN, Phase.OVER},
    "orient": {Phase.PAIR, Phase.FREE, Phase.KEEP_NOBLE, Phase.NOBLE, Phase.RETURN,
               Phase.OVER},
    "strongholds": {Phase.STRONGHOLD, Phase.CONQUEST, Phase.NOBLE, Phase.RETURN, Phase.OVER},
}


@pytest.mark.parametrize("module", MODULES)
def test_apply_accepts_exactly_the_legal_actions_at_every_decision_step(module: str) -> None:
    seen: Counter[Phase] = Counter()
    rng = random.Random(1)
    for state in _sweep(module, 60):
        if seen[state.phase] >= 6:
            continue
        seen[state.phase] += 1
        payments = [(rng.randrange(100), tuple(rng.randrange(3) for _ in range(6)))]
        check_universe(state, universe(state, payments))
    assert set(seen) >= STEPS[module], seen


def test_a_finished_module_game_refuses_everything() -> None:
    for module in MODULES:
        *_, state = _sweep(module, 1)
        assert state.is_over()
        for action in universe(state):
            refusal = state.why_illegal(action)
            assert refusal is not None and refusal.code == "game_over"


def test_the_base_game_refuses_every_module_action() -> None:
    """A base game lists none of the modules' actions and accepts none of them (it once
    took 'reserve orient 1' from a base deck and 'buy X doubles 1' as a plain buy)."""
    for seed in range(6):
        state = new_game(DATA, 2, seed)
        rng = random.Random(seed)
        for _ in range(seed * 9):
            state.apply(rng.choice(state.legal_actions()))
        before = state.key()
        module_kinds = {"city", "post", "gem", "pair", "free", "reserve_noble", "hold",
                        "conquer", "decline"}
        for action in universe(state):
            module_only = action.kind in module_kinds or (
                isinstance(action, ReserveDeck) and action.orient) or (
                isinstance(action, Buy) and (action.doubles or action.discard))
            if not module_only:
                continue
            assert state.why_illegal(action) is not None, action
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert state.key() == before


LEVEL1 = [c.id for c in DATA.level_cards(1) if c.id not in ("L1-09", "L1-10", "L1-11", "L1-33")]


@st.composite
def paying_positions(draw: st.DrawFn) -> tuple[ExpansionState, Card]:
    """A seat with random tokens and bonuses, holding trading post 3 or double golds, and a
    market card to pay for."""
    module = draw(st.sampled_from(["trading-posts", "orient"]))
    counts = [draw(st.integers(0, 4)) for _ in GEMS]
    gold = draw(st.integers(0, 5))
    while sum(counts) + gold > 10:
        counts[counts.index(max(counts))] -= 1
    names = ("white", "blue", "green", "red", "black")
    tokens = {names[c]: counts[c] for c in GEMS} | {"gold": gold}
    extra = draw(st.lists(st.sampled_from(LEVEL1), max_size=6, unique=True))
    seat: dict[str, object] = {"tokens": tokens}
    if module == "trading-posts":
        seat |= {"purchased": ["L1-09", "L1-10", "L1-11", "L1-33", *extra], "posts": [3]}
    else:
        doubles = draw(st.integers(0, 3))
        seat |= {"purchased": extra, "doubles": [f"O1-0{i}" for i in range(1, doubles + 1)]}
    market = {1: [i for i in draw(st.permutations(LEVEL1)) if i not in extra][:4],
              2: draw(st.permutations([c.id for c in DATA.level_cards(2)]))[:4]}
    from tests.engine.modules.support import position

    state = position(module, market=market, seats=[seat])
    cards = [c for c in state.market if c is not None and not c.orient]
    return state, draw(st.sampled_from(cards))


@settings(max_examples=60, deadline=None)
@given(paying_positions())
def test_explicit_payments_with_post_three_or_double_golds(
        case: tuple[ExpansionState, Card]) -> None:
    state, card = case
    check_buy_variants(state)
    p = state.players[state.current]
    need = [max(0, card.cost[c] - p.bonuses[c]) for c in GEMS]
    boxes = [range(min(need[c], p.tokens[c]) + 2) for c in GEMS]
    acts: list[Action] = []
    for own in itertools.product(*boxes):
        for gold in range(p.tokens[GOLD] + 2):
            for k in range(len(p.doubles) + 1):
                acts.append(Buy(card.id, (*own, gold), k))
    taken, _ = check_universe(state, acts)
    listed = sum(1 for a in state.legal_actions() if isinstance(a, Buy) and a.card_id == card.id)
    assert (taken > 0) == (listed > 0)
