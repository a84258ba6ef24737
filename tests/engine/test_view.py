"""observe(state, seat): a seat sees everything public and nothing hidden.

Hidden: the order of every deck, and another seat's blind-reserved cards (only their
level shows). Two positions that differ only in what a seat cannot see must give that
seat equal views; and no hidden card may appear anywhere in the view.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator

import pytest

from splendor.engine import (
    COLOR_NAMES,
    Buy,
    Card,
    GameState,
    HiddenCard,
    ReserveDeck,
    View,
    build_position,
    new_game,
    observe,
    parse_action,
)
from splendor.gamedata import base_game

DATA = base_game()


def choose(state: GameState, rng: random.Random) -> object:
    """A random legal action, favouring blind reservations and purchases."""
    legal = state.legal_actions()
    blind = [a for a in legal if isinstance(a, ReserveDeck)]
    buys = [a for a in legal if isinstance(a, Buy)]
    r = rng.random()
    if blind and r < 0.25:
        return rng.choice(blind)
    if buys and r < 0.6:
        return rng.choice(buys)
    return rng.choice(legal)


def positions(seed: int, players: int, every: int = 7) -> Iterator[GameState]:
    """Positions along a seeded random game (clones), every `every` actions and the last."""
    rng = random.Random(seed)
    state = new_game(DATA, players, seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state.clone()
        state.apply(choose(state, rng))  # type: ignore[arg-type]
        step += 1
    yield state


def walk(obj: object) -> Iterator[object]:
    """Every object reachable from a view: dataclass fields, tuples, lists, sets, enums."""
    yield obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from walk(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for item in obj:
            yield from walk(item)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(k)
            yield from walk(v)


def visible_ids(view: View) -> tuple[set[str], list[str]]:
    """The ids of the Card objects in a view, and every string in it."""
    cards = {o.id for o in walk(view) if isinstance(o, Card)}
    strings = [o for o in walk(view) if isinstance(o, str)]
    return cards, strings


def hidden_from(state: GameState, seat: int) -> set[str]:
    """The card ids `seat` must not see: the decks and the others' blind reservations."""
    hidden = {c.id for deck in state.decks for c in deck}
    for s, p in enumerate(state.players):
        if s != seat:
            hidden |= p.blind
    return hidden


def blind_owners(state: GameState) -> list[tuple[int, int, Card]]:
    """(seat, index in reserved, card) of every blind-reserved card."""
    return [
        (s, i, c)
        for s, p in enumerate(state.players)
        for i, c in enumerate(p.reserved)
        if c.id in p.blind
    ]


CASES = [(seed, 2 + seed % 3) for seed in range(12)]


# ---------------------------------------------------------------- nothing hidden leaks


@pytest.mark.parametrize(("seed", "players"), CASES)
def test_no_hidden_card_appears_in_a_view(seed: int, players: int) -> None:
    saw_hidden_reserve = False
    for state in positions(seed, players):
        for seat in range(players):
            view = observe(state, seat)
            cards, strings = visible_ids(view)
            hidden = hidden_from(state, seat)
            assert not cards & hidden, f"seat {seat} sees hidden cards {cards & hidden}"
            for text in strings:
                leaked = [h for h in hidden if h in text]
                assert not leaked, f"seat {seat} sees {leaked} in {text!r}"
            # ... while the seat does see its own blind reservations
            assert state.players[seat].blind <= cards
            for p in view.players:
                if p.seat != seat:
                    saw_hidden_reserve |= any(isinstance(c, HiddenCard) for c in p.reserved)
    assert saw_hidden_reserve, "the game never had a blind reservation to hide"


@pytest.mark.parametrize(("seed", "players"), CASES[:6])
def test_views_show_what_is_public(seed: int, players: int) -> None:
    for state in positions(seed, players, every=11):
        for seat in range(players):
            view = observe(state, seat)
            assert view.seat == seat
            assert view.bank == tuple(state.bank)
            assert view.deck_sizes == tuple(len(d) for d in state.decks)
            assert [c for row in view.market for c in row] == list(state.market)
            assert view.nobles == tuple(state.nobles)
            assert view.phase is state.phase
            assert view.current_player == state.current_player()
            assert view.history == tuple(a.text() for a in state.history)
            if state.current_player() == seat:
                assert view.legal_actions == state.legal_actions()
            else:
                assert view.legal_actions == ()
            for s, (pv, p) in enumerate(zip(view.players, state.players, strict=True)):
                assert pv.seat == s
                assert pv.tokens == tuple(p.tokens)
                assert pv.bonuses == tuple(p.bonuses)
                assert pv.purchased == tuple(p.purchased)
                assert pv.nobles == tuple(p.nobles)
                assert pv.points == p.points
                assert pv.reserved_blind == tuple(c.id in p.blind for c in p.reserved)
                for shown, card in zip(pv.reserved, p.reserved, strict=True):
                    if card.id in p.blind and s != seat:
                        assert shown == HiddenCard(card.level)
                    else:
                        assert shown == card
            assert view.me == view.players[seat]


# --------------------------------------------- changing hidden things changes no view


@pytest.mark.parametrize(("seed", "players"), CASES)
def test_deck_order_is_invisible(seed: int, players: int) -> None:
    rng = random.Random(seed)
    for state in positions(seed, players):
        other = state.clone()
        for deck in other.decks:
            rng.shuffle(deck)
            deck.reverse()
        if any(len(d) > 1 for d in state.decks):
            assert other.key() != state.key()
        for seat in range(players):
            assert observe(other, seat) == observe(state, seat)


def _swap_blind_with_deck(state: GameState, seat: int, index: int, rng: random.Random) -> bool:
    """Swap seat's blind card at `index` for a random card of its level's deck, in place."""
    p = state.players[seat]
    old = p.reserved[index]
    deck = state.decks[old.level - 1]
    if not deck:
        return False
    j = rng.randrange(len(deck))
    new = deck[j]
    deck[j] = old
    p.reserved[index] = new
    p.blind.discard(old.id)
    p.blind.add(new.id)
    return True


@pytest.mark.parametrize(("seed", "players"), CASES)
def test_an_opponents_blind_card_is_invisible(seed: int, players: int) -> None:
    rng = random.Random(seed)
    swaps = 0
    for state in positions(seed, players, every=3):
        for owner, index, _card in blind_owners(state):
            other = state.clone()
            if not _swap_blind_with_deck(other, owner, index, rng):
                continue
            swaps += 1
            for seat in range(players):
                if seat == owner:
                    assert observe(other, seat) != observe(state, seat)
                    mine = observe(other, seat).me.reserved[index]
                    assert mine == other.players[owner].reserved[index]
                else:
                    assert observe(other, seat) == observe(state, seat)
    assert swaps > 0, "the game never had a blind reservation to swap"


@pytest.mark.parametrize(("seed", "players"), [c for c in CASES if c[1] > 2])
def test_swapping_two_players_blind_cards_is_invisible_to_the_rest(seed: int, players: int) -> None:
    swaps = 0
    for state in positions(seed, players, every=3):
        blinds = blind_owners(state)
        for (s1, i1, c1), (s2, i2, c2) in itertools.combinations(blinds, 2):
            if s1 == s2 or c1.level != c2.level:
                continue
            other = state.clone()
            p1, p2 = other.players[s1], other.players[s2]
            p1.reserved[i1], p2.reserved[i2] = c2, c1
            p1.blind = (p1.blind - {c1.id}) | {c2.id}
            p2.blind = (p2.blind - {c2.id}) | {c1.id}
            swaps += 1
            for seat in range(players):
                if seat in (s1, s2):
                    assert observe(other, seat) != observe(state, seat)
                else:
                    assert observe(other, seat) == observe(state, seat)
    # not every game has two blind cards of one level at once: the next test checks that
    # some of these do


def test_some_three_or_four_player_game_has_two_blind_cards_of_one_level() -> None:
    found = False
    for seed, players in [c for c in CASES if c[1] > 2]:
        for state in positions(seed, players, every=3):
            blinds = blind_owners(state)
            for (s1, _, c1), (s2, _, c2) in itertools.combinations(blinds, 2):
                found |= s1 != s2 and c1.level == c2.level
    assert found


@pytest.mark.parametrize(("seed", "players"), CASES)
def test_games_differing_only_in_hidden_cards_look_the_same(seed: int, players: int) -> None:
    """Two deals that differ only in cards nobody has seen (the rest of the decks, and one
    blind reservation) give every non-owner identical views at every step of the game."""
    rng = random.Random(seed)
    game = new_game(DATA, players, seed)
    texts: list[str] = []
    while not game.is_over() and len(texts) < 90:
        action = choose(game, rng)
        texts.append(action.text())  # type: ignore[attr-defined]
        game.apply(action)  # type: ignore[arg-type]
    # what stays unseen at the end: the deck cards, and one blind card per owner
    blind = blind_owners(game)
    owner, _, secret = blind[0] if blind else (None, None, None)
    orders = [list(ids) for ids in game.setup.decks]
    for level, deck in enumerate(game.decks, 1):
        unseen = [c.id for c in deck]
        if secret is not None and secret.level == level and unseen:
            # the blind card and a card never drawn change places in the deal
            swap_with = rng.choice(unseen)
            i, j = orders[level - 1].index(secret.id), orders[level - 1].index(swap_with)
            orders[level - 1][i], orders[level - 1][j] = swap_with, secret.id
        # the cards never drawn come in another order
        positions_ = sorted(orders[level - 1].index(i) for i in unseen)
        shuffled = [orders[level - 1][i] for i in positions_]
        rng.shuffle(shuffled)
        for i, card_id in zip(positions_, shuffled, strict=True):
            orders[level - 1][i] = card_id
    setup = dataclasses.replace(game.setup, decks=tuple(tuple(o) for o in orders))
    assert setup != game.setup or all(len(d) <= 1 for d in game.decks)

    a = new_game(DATA, players, seed)
    b = GameState.from_setup(DATA, setup)
    for step, text in enumerate(texts):
        for seat in range(players):
            va, vb = observe(a, seat), observe(b, seat)
            if seat != owner:
                assert va == vb, f"seat {seat} tells the deals apart before action {step}"
        a.apply(parse_action(text))
        b.apply(parse_action(text))
    for seat in range(players):
        if seat != owner:
            assert observe(a, seat) == observe(b, seat)
    if owner is not None and secret is not None and game.decks[secret.level - 1]:
        # the owner did see a different card
        assert observe(a, owner) != observe(b, owner)


def test_a_blind_card_becomes_public_once_bought() -> None:
    card = DATA.card_by_id["L1-05"]
    tokens = {name: n for name, n in zip(COLOR_NAMES, card.cost, strict=False) if n}
    state = build_position(
        DATA, 2, seats=[{"reserved": ["L1-05"], "blind": ["L1-05"], "tokens": tokens}]
    )
    assert observe(state, 1).players[0].reserved == (HiddenCard(1),)
    assert observe(state, 1).players[0].reserved_blind == (True,)
    assert observe(state, 0).players[0].reserved == (card,)
    state.apply(parse_action("buy L1-05"))
    for seat in (0, 1):
        view = observe(state, seat)
        assert view.players[0].purchased == (card,)
        assert view.players[0].reserved == ()
        assert view.players[0].reserved_blind == ()


def test_face_up_reservations_are_public() -> None:
    state = new_game(DATA, 3, seed=8, first_player=0)
    card = state.market[5]
    assert card is not None
    state.apply(parse_action(f"reserve {card.id}"))
    for seat in range(3):
        view = observe(state, seat)
        assert view.players[0].reserved == (card,)
        assert view.players[0].reserved_blind == (False,)


def test_observe_refuses_a_seat_not_in_the_game() -> None:
    state = new_game(DATA, 2, seed=1)
    for seat in (-1, 2, 5):
        with pytest.raises(ValueError, match="seat"):
            observe(state, seat)


def test_views_are_values() -> None:
    state = new_game(DATA, 2, seed=4)
    v1, v2 = observe(state, 0), observe(state.clone(), 0)
    assert v1 == v2
    with pytest.raises(dataclasses.FrozenInstanceError):
        v1.bank = ()  # type: ignore[misc]
    # a view is a snapshot: later play does not change it
    state.apply(state.legal_actions()[0])
    assert observe(state, 0) != v1
    assert v1 == v2
