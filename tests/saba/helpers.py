"""Positions for Saba's scenario tests (docs/RULES_SABA.md 9.2), set up directly on a
game, in the document's notation: materials A, S, E, G; a harbour as 'A2 G2 E3 S4'
(positions 1-4); cards as 'arch-3', 'treasury-1', 'end'. Every helper keeps the
conservation rules (the supply is whatever the rest leaves)."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from splendor.resources import levels_data_dir
from splendor.saba.data import DATA_FILE, saba_game
from splendor.saba.engine import (
    Action,
    IllegalActionError,
    SabaState,
    Step,
    new_game,
    parse_action,
)

DATA = saba_game()
#: The shipped data file.
SHIPPED = levels_data_dir() / DATA_FILE
LETTERS = {"A": 0, "S": 1, "E": 2, "G": 3}


def units(text: str) -> list[int]:
    """'2A 1E 1G' -> [2, 0, 1, 1]; '' -> nothing."""
    counts = [0, 0, 0, 0]
    for word in text.split():
        counts[LETTERS[word[-1]]] += int(word[:-1] or 1)
    return counts


def game(players: int = 2, seed: int = 1, first: int = 0) -> SabaState:
    """A new game whose first player is seat 0 (P1) unless said otherwise."""
    return new_game(DATA, players, seed, first_player=first)


def changed(s: SabaState) -> SabaState:
    """Forget the legal actions computed before a direct change."""
    s._legal = None
    return s


def rebalance(s: SabaState) -> None:
    """The supply holds what the harbour and the stocks leave (I1)."""
    for m in range(4):
        held = sum(p.stock[m] for p in s.players)
        held += sum(u for k, u in enumerate(s.harbour_units) if s.harbour_material[k] == m)
        s.supply[m] = DATA.supply[m] - held
        assert s.supply[m] >= 0, f"material {m}: more than the game has"
    changed(s)


def set_harbour(s: SabaState, text: str) -> None:
    """'A2 G2 E3 S4': each position's material and units."""
    for k, word in enumerate(text.split()):
        s.harbour_material[k] = LETTERS[word[0]]
        s.harbour_units[k] = int(word[1:])
    rebalance(s)


def harbour(s: SabaState) -> str:
    names = "ASEG"
    return " ".join(
        f"{names[m]}{u}" for m, u in zip(s.harbour_material, s.harbour_units, strict=True)
    )


def set_stock(s: SabaState, seat: int, text: str) -> None:
    s.players[seat].stock = units(text)
    rebalance(s)


def set_supply(s: SabaState, material: str, left: int) -> None:
    """Leave `left` units of a material in the supply, the rest with seat 3 or in the last
    seat's stock (a scenario about the supply only)."""
    m = LETTERS[material]
    holder = s.players[-1]
    holder.stock[m] += s.supply[m] - left
    rebalance(s)


def set_display(
    s: SabaState, ids: Iterable[str], deck_top: Iterable[str] = (), out: Iterable[str] = ()
) -> None:
    """The display holds `ids` (space 1 first), the deck starts with `deck_top`, the cards
    `out` have left the game; every other card lies in the deck below."""
    shown, top, gone = list(ids), list(deck_top), list(out) + s.out
    rest = [c.id for c in s.deck[::-1] + s.display if c.id not in {*shown, *top, *gone}]
    s.display = [DATA.card_by_id[i] for i in shown]
    s.deck = [DATA.card_by_id[i] for i in reversed(top + rest)]
    s.out = list(dict.fromkeys(gone))
    s.palace_gone = sum(1 for i in s.out if i in {c.id for c in DATA.palace_cards})
    changed(s)


def empty_deck(s: SabaState, display: Iterable[str]) -> None:
    """The deck is empty and the display holds `display`: every other card is out."""
    shown = list(display)
    out = [c for c in DATA.card_by_id if c not in shown]
    set_display(s, shown, out=out)


def build_on(s: SabaState, garden: int, level: int, seat: int) -> None:
    """Garden space `garden` (1-8) at `level`, `seat`'s figure on its balcony (from his
    supply)."""
    s.levels[garden - 1] = level
    s.balconies[garden - 1] = seat
    s.players[seat].figures -= 1
    changed(s)


def put_in_quarter(s: SabaState, quarter: str, seat: int) -> None:
    s.quarters[DATA.quarter_index(quarter)].append(seat)
    s.players[seat].figures -= 1
    changed(s)


def give_hand(s: SabaState, seat: int, ids: Iterable[str]) -> None:
    """`seat` holds these action cards (taken from the action deck)."""
    for card_id in ids:
        s.action_deck.remove(card_id)
        s.players[seat].hand.append(card_id)
    changed(s)


def at_build(s: SabaState) -> SabaState:
    """Phase 1 done, without touching the harbour: the current player is in phase 2."""
    s.step = Step.BUILD
    return changed(s)


def play(s: SabaState, *texts: str) -> None:
    for text in texts:
        s.apply(parse_action(text))


def refused(s: SabaState, text: str, reason: str) -> None:
    """`text` is refused for `reason` (a pattern), and the game is left as it was."""
    before = s.key()
    with pytest.raises(IllegalActionError, match=reason):
        s.apply(parse_action(text))
    assert s.key() == before, "a refused action changed the game"


def legal_texts(s: SabaState) -> list[str]:
    return [a.text() for a in s.legal_actions()]


def random_game(players: int, seed: int, round_cap: int = 300) -> Iterable[SabaState]:
    """A seeded game of uniformly random legal moves, yielding the state after each."""
    s = new_game(DATA, players, seed)
    rng = random.Random(seed)
    yield s
    while not s.is_over() and s.round <= round_cap:
        action: Action = rng.choice(s.legal_actions())
        s.apply(action)
        yield s
