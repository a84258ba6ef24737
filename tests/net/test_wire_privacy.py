"""The wire form of a seat's view, and a State message to it, hold no id of a card hidden
from that seat: deck cards (the Orient's included) and other seats' blind reserves."""

from __future__ import annotations

import pytest

from splendor.engine import GameState, observe
from splendor.net.protocol import State, encode
from splendor.net.wire import view_to_struct
from tests.net.games import GAME_KINDS, built_positions, random_game


def hidden_ids(state: GameState, seat: int) -> set[str]:
    hidden = {c.id for deck in state.decks for c in deck}
    for s, p in enumerate(state.players):
        if s != seat:
            hidden |= {c.id for c in p.reserved if c.id in p.blind}
    return hidden


def others_blind(state: GameState, seat: int) -> int:
    return sum(len(p.blind) for s, p in enumerate(state.players) if s != seat)


def leaked(state: GameState, seat: int) -> set[str]:
    raw = encode(State(view=view_to_struct(observe(state, seat))))
    return {i for i in hidden_ids(state, seat) if f'"{i}"'.encode() in raw}


@pytest.mark.parametrize("module", GAME_KINDS)
def test_no_hidden_card_id_is_on_the_wire(module: str | None) -> None:
    checked = blind_seen = 0
    for seed in range(8):
        for state in random_game(module, 2 + seed % 3, seed):
            for seat in range(state.num_players):
                assert not leaked(state, seat), f"seed {seed}, seat {seat}"
                checked += 1
                blind_seen += others_blind(state, seat)
    assert checked > 500
    assert blind_seen, "no game had another seat's blind reserve to hide"


def test_the_scan_finds_a_card_it_should() -> None:
    # The check itself: with the seat allowed to see them, the blind reserves are found.
    state = built_positions()["blind reserves"]
    assert leaked(state, 1) == set()
    raw = encode(State(view=view_to_struct(observe(state, 0))))
    assert b'"L2-07"' in raw and b'"O1-03"' in raw
    assert b'"L2-07"' not in encode(State(view=view_to_struct(observe(state, 1))))
