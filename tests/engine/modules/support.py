"""What the module tests share: built positions, playing actions by text, random games and
the invariants every reachable position of a module game keeps (RULES_CITIES.md)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from splendor.engine import TOKENS, Buy, Pass, Phase, Return, build_position, parse_action
from splendor.engine.expansion import STEP_PHASES, ExpansionState, ModulePlayer
from splendor.engine.module_rules import city_shortfall, post_met
from splendor.engine.state import GameState, new_game
from splendor.gamedata import base_game

DATA = base_game()
MODULES = ("cities", "trading-posts", "orient", "strongholds")
#: The ten tokens of a seat at the limit, none of them gold.
TEN = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}


def position(module: str, **kwargs: Any) -> ExpansionState:
    """`build_position` of a `module` game (2 players unless `players` is given)."""
    state = build_position(DATA, kwargs.pop("players", 2), module=module, **kwargs)
    assert isinstance(state, ExpansionState)
    return state


def act(state: ExpansionState, *texts: str) -> ExpansionState:
    """Apply actions given as text, each checked by `apply`; returns `state`."""
    for text in texts:
        state.apply(parse_action(text))
    return state


def legal_texts(state: ExpansionState) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def of_kind(state: ExpansionState, kind: str) -> list[str]:
    """The texts of the legal actions of one kind ('buy', 'hold', ...)."""
    return [a.text() for a in state.legal_actions() if a.kind == kind]


def ids(cards: Any) -> list[str | None]:
    return [c.id if c is not None else None for c in cards]


def market_ids(state: ExpansionState) -> list[str | None]:
    return ids(state.market)


def player(state: GameState, seat: int) -> ModulePlayer:
    """Seat `seat`'s possessions in a game with a module."""
    p = state.players[seat]
    assert isinstance(p, ModulePlayer)
    return p


# ------------------------------------------------------------------ random play


def random_game(module: str, players: int, seed: int, *, buy_bias: float = 0.6,
                cap: int = 200) -> Iterator[ExpansionState]:
    """The positions of one seeded random game (the state itself, moved on after each
    yield: clone what you keep). Purchases are favoured so that games get deep."""
    state = new_game(DATA, players, seed, module=module)
    assert isinstance(state, ExpansionState)
    rng = random.Random(seed)
    while not state.is_over() and state.round <= cap:
        yield state
        legal = state.legal_actions()
        buys = [a for a in legal if isinstance(a, Buy)]
        state.apply(rng.choice(buys if buys and rng.random() < buy_bias else legal))
    yield state


# ------------------------------------------------------------------ invariants


def post_points(p: ModulePlayer) -> int:
    """What a seat's trading posts are worth: 5 for post 4, one per coat for post 5."""
    return (5 if 4 in p.posts else 0) + (len(p.posts) if 5 in p.posts else 0)


def all_cards(state: ExpansionState) -> list[str]:
    """Every card of this game: the base cards, and the Orient's with the Orient."""
    cards = [c.id for c in state.data.cards]
    if state.module == "orient":
        cards += [c.id for c in state.data.orient]
    return cards


def card_places(state: ExpansionState) -> Counter[str]:
    places: Counter[str] = Counter()
    for deck in state.decks:
        places.update(c.id for c in deck)
    places.update(c.id for c in state.market if c is not None)
    places.update(c.id for c in state.box)
    for p in state.players:
        places.update(c.id for c in p.reserved)
        places.update(c.id for c in p.purchased)
        places.update(c.id for c in p.doubles)
    return places


def check_module_invariants(state: ExpansionState) -> None:
    """Assert what every reachable position of a module game keeps."""
    data, module = state.data, state.module
    n = state.num_players
    supply = data.setups[n]
    start = [supply.gems] * 5 + [supply.gold]
    # tokens and gold: conserved per colour, never negative
    for c in TOKENS:
        total = state.bank[c] + sum(p.tokens[c] for p in state.players)
        assert total == start[c], f"colour {c}: bank + players = {total}, supply {start[c]}"
        assert state.bank[c] >= 0 and all(p.tokens[c] >= 0 for p in state.players)
    # cards (double golds included): each in exactly one place, the box counted
    places, every = card_places(state), Counter(all_cards(state))
    assert places == every, f"cards lost {every - places}, or doubled {places - every}"
    levels = len(data.levels)
    assert len(state.decks) == levels * (2 if module == "orient" else 1)
    pending = set(state.turn_state()[2])
    for i, deck in enumerate(state.decks):
        orient, level = i >= levels, i % levels + 1
        assert all(c.level == level and c.orient == orient for c in deck)
    base_rows, orient_rows = state.market_rows()
    assert len(orient_rows) == (levels * data.orient_slots if module == "orient" else 0)
    for slot, card in enumerate(state.market):
        if slot < len(base_rows):
            level, orient = slot // data.market_slots + 1, False
            deck = state.decks[level - 1]
        else:
            level = (slot - len(base_rows)) // data.orient_slots + 1
            orient, deck = True, state.decks[levels + level - 1]
        if card is None:
            assert not deck or slot in pending, f"slot {slot} empty over a full deck"
        else:
            assert card.level == level and card.orient == orient
    # nobles: conserved (on the table, visited, kept aside)
    nobles = [x.id for x in state.nobles]
    for p in state.players:
        nobles += [x.id for x in p.nobles] + [x.id for x in p.kept_nobles]
    assert sorted(nobles) == sorted(state.setup.nobles)
    if module == "cities":
        assert state.setup.nobles == () and not state.nobles
        held = [p.city.id for p in state.players if p.city is not None]
        assert sorted([c.id for c in state.cities] + held) == sorted(state.setup.cities)
        for p in state.players:  # bonuses and points never fall in the Cities
            assert p.city is None or not city_shortfall(p.city, p.points, p.bonuses)
    else:
        assert not state.cities and all(p.city is None for p in state.players)
    # strongholds: three per player, in supply or on face-up cards
    face_up = {c.id for c in state.market if c is not None}
    for seat in range(n):
        placed = sum(k for owner, k in state.holds.values() if owner == seat)
        assert state.supply(seat) + placed == data.strongholds
        assert 0 <= state.supply(seat) <= data.strongholds
    for card_id, (owner, k) in state.holds.items():
        assert module == "strongholds"
        assert card_id in face_up, f"a stronghold on {card_id}, which is not face up"
        assert 0 <= owner < n and 1 <= k <= data.strongholds
    # per player
    for seat, p in enumerate(state.players):
        assert len(p.reserved) <= data.reserve_limit
        assert p.blind <= {c.id for c in p.reserved}
        assert all(c.ability == "gold_x2" for c in p.doubles)
        assert all(c.ability != "gold_x2" for c in p.purchased)
        purchased = {c.id for c in p.purchased}
        assert set(p.pairs) == set(p.partners) and set(p.pairs) <= purchased
        pairing = {c.id for c in p.purchased if c.ability in ("pair", "pair_and_take_level1")}
        step = state.step()
        unpaired = pairing - set(p.pairs)
        if step is None or step[0] is not Phase.PAIR:
            assert not unpaired, f"seat {seat}: {unpaired} bought but not paired"
        points = (sum(c.points for c in p.purchased) + sum(x.points for x in p.nobles)
                  + post_points(p))
        assert p.points == points, f"seat {seat}: {p.points} points, expected {points}"
        bonuses = [0] * 5
        for card in p.purchased:
            colour = p.pairs.get(card.id, card.bonus)
            if colour >= 0:
                bonuses[colour] += card.bonus_count
        assert p.bonuses == bonuses, f"seat {seat}: bonuses {p.bonuses}, expected {bonuses}"
        assert len(set(p.posts)) == len(p.posts) and set(p.posts) <= {1, 2, 3, 4, 5}
        assert module == "trading-posts" or not p.posts
        for post_id in p.posts:
            assert post_met(data.post(post_id), p.bonuses, len(p.nobles))
        if module != "orient":
            assert not (p.doubles or p.pairs or p.kept_nobles)
            for noble in p.nobles:  # bonuses fall only with a sacrifice
                assert all(b >= r for b, r in zip(p.bonuses, noble.requires, strict=True))
        if state.phase in (Phase.MAIN, Phase.NOBLE, Phase.POST, Phase.CITY, Phase.OVER):
            assert sum(p.tokens) <= data.token_limit, f"seat {seat}: above the token limit"
    # the phase and what it offers
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "legal_actions() lists an action twice"
    if state.phase is Phase.OVER:
        assert legal == () and state.current_player() is None
        reason = state.end_reason
        assert reason in (("city", "all_passed") if module == "cities" else
                          ("target", "all_passed"))
        if reason != "all_passed":
            assert state.turns % n == 0, "the last round was not completed"
        if reason == "target":  # type: ignore[comparison-overlap]  # mypy narrows too far
            assert max(state.scores()) >= data.target_points
        if reason == "city":
            assert any(p.city is not None for p in state.players)
        outcome = state.outcome()
        if module == "cities":
            assert all(state.players[s].city is not None for s in outcome.winners)
    else:
        assert legal, "no legal action: the player should at least be able to pass"
        assert Pass() not in legal or legal == (Pass(),)
        assert state.current_player() == state.current
    if state.phase in (Phase.MAIN, Phase.OVER):
        if module == "cities":
            assert state.final_round == any(p.city is not None for p in state.players)
        else:
            reached = any(pts >= data.target_points for pts in state.scores())
            assert state.final_round == reached
        assert state.step() is None and not state.choices()
    p = state.players[state.current]
    if state.phase is Phase.RETURN:
        excess = sum(p.tokens) - data.token_limit
        assert excess > 0 and state.excess_tokens() == excess
        assert all(isinstance(a, Return) and sum(a.tokens) == excess for a in legal)
    if state.phase is Phase.POST:
        choices = state.choices()
        assert len(choices) >= 2
        for post in choices:
            assert post.id not in p.posts and post_met(post, p.bonuses, len(p.nobles))
        assert [a.text() for a in legal] == [f"post {post.id}" for post in choices]
    if state.phase is Phase.CITY:
        choices = state.choices()
        assert len(choices) >= 2 and p.city is None
        for city in choices:
            assert city in state.cities and not city_shortfall(city, p.points, p.bonuses)
    if state.phase in STEP_PHASES:
        step = state.step()
        assert step is not None and step[0] is state.phase
