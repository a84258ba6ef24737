"""Issue 56, item 10: four seats over a real server, in the base game and each module of
the registry, played to the end by bot clients. At every State a client takes in, its view
is exactly what the engine lets that seat see of the server's game at that moment
(`observe`); no seat ever hears another seat's token or Welcome, and an unseated
connection listing the tables hears none either.

Built on the public client API (`GameClient.view`, `.log`, `.record`) and the engine: the
server's game at the moment of a State is its final game's setup moved on by the moves
the client holds then (no server bot plays here, so nothing moves between)."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field

import pytest

from splendor.bots import make_bot
from splendor.engine import GameState, View, observe
from splendor.engine.modules import module_ids
from splendor.engine.view import HiddenCard
from splendor.net.client import GameClient
from splendor.net.game_table import Table
from splendor.net.protocol import State, Welcome
from splendor.net.table import TableSpec
from tests.engine.modules.support import DATA
from tests.net.serving import client, run, served

#: The base game (None) and every module the engine knows (a new one is tried too).
KINDS: tuple[str | None, ...] = (None, *module_ids())
TIMEOUT = 60.0
NAMES = ("Ana", "Bo", "Cy", "Di")
#: Random players reserve from the decks now and then (blind reserves to hide); greedy
#: ones buy, so that games end.
LEVELS = ("random", "greedy", "random", "greedy")


@dataclass
class Seen:
    """What one seat's connection received: each State's (moves, view) as the client
    holds it after taking it in, the Welcomes, and every message's bytes."""

    views: list[tuple[int, View]] = field(default_factory=list)
    welcomes: list[Welcome] = field(default_factory=list)
    raw: list[bytes] = field(default_factory=list)


def states_of(final: GameState) -> list[GameState]:
    """The server's game after each number of moves (index = moves), from its setup."""
    state = GameState.from_setup(DATA, final.setup)
    out = [state.clone()]
    for action in final.history:
        state.apply(action)
        out.append(state.clone())
    assert out[-1] == final
    return out


def four_seats(module: str | None, seed: int) -> tuple[Table, list[GameClient], list[Seen],
                                                        list[bytes]]:
    """A four-seat table played to the end by four remote bot clients, and an unseated
    connection that listed the tables during the game (its bytes)."""
    seen = [Seen() for _ in NAMES]

    async def game() -> tuple[Table, list[GameClient], list[bytes]]:
        async with served(TableSpec(4, module), seed=seed) as (table, url):
            clients = [client(url, name) for name in NAMES]
            # One after the other: seat i is client i (the first open seat each time).
            for c, s in zip(clients, seen, strict=True):
                c.on_raw = s.raw.append
                s.welcomes.append(await c.connect())
            rng = random.Random(seed)
            plays = [asyncio.ensure_future(
                play_watching_seated(c, LEVELS[i], rng.randrange(10**6), seen[i]))
                for i, c in enumerate(clients)]
            # A stranger who only lists the tables in the middle of the game.
            while table.state is None or len(table.state.history) < 40:
                if all(p.done() for p in plays):
                    break
                await asyncio.sleep(0.01)
            stranger_raw: list[bytes] = []
            stranger = client(url, "Eve", on_raw=stranger_raw.append)
            await stranger.list_tables()
            await stranger.close()
            await asyncio.gather(*plays)
            assert table.state is not None and table.finished.is_set()
            return table, clients, stranger_raw

    table, clients, stranger_raw = run(game(), timeout=TIMEOUT)
    return table, clients, seen, stranger_raw


async def play_watching_seated(c: GameClient, level: str, seed: int, seen: Seen) -> None:
    """Let bot `level` play `c`'s seat (already seated) to the end, noting every State as
    it lands and any further Welcome."""
    bot = make_bot(level, seed, data=c.data)
    loop = asyncio.get_running_loop()
    asked: int | None = None
    while c.record is None:
        if c.to_act() and asked != len(c.log):
            asked = len(c.log)
            assert c.view is not None
            action = await loop.run_in_executor(None, bot.choose, c.view)
            await c.play(action, turn=asked)
        msg = await c.receive()
        if isinstance(msg, Welcome):
            seen.welcomes.append(msg)
        if isinstance(msg, State):
            assert c.view is not None
            seen.views.append((len(c.log), c.view))


def others_blind(state: GameState, seat: int) -> list[str]:
    return [c.id for s, p in enumerate(state.players) if s != seat
            for c in p.reserved if c.id in p.blind]


@pytest.mark.parametrize("module", KINDS, ids=lambda m: m or "base")
def test_four_seats_each_see_exactly_their_own_view_at_every_state(
        module: str | None) -> None:
    table, clients, seen, stranger_raw = four_seats(module, seed=31)
    final = table.state
    assert final is not None and final.is_over() and final.num_players == 4
    assert final.setup.module == module
    states = states_of(final)
    tokens = [table.seat_token(seat) for seat in range(4)]
    assert len(set(tokens)) == 4
    blind_hidden = 0
    for seat, (c, s) in enumerate(zip(clients, seen, strict=True)):
        assert c.seat == seat and not c.errors
        assert c.record is not None and [e.action for e in c.log] == list(final.history)
        # Exactly one Welcome, to this seat, with this seat's token.
        assert [(w.seat, w.token) for w in s.welcomes] == [(seat, tokens[seat])]
        # No other seat's token anywhere in anything this seat received.
        for raw in s.raw:
            for other, token in enumerate(tokens):
                if other != seat:
                    assert token.encode() not in raw, f"seat {other}'s token reached {seat}"
        assert s.views, "no State reached the seat"
        moves_seen = [moves for moves, _ in s.views]
        assert moves_seen == sorted(moves_seen) and moves_seen[-1] == len(final.history)
        for moves, view in s.views:
            state = states[moves]
            expected = observe(state, seat)
            assert view == expected, f"seat {seat} after {moves} moves: not its view"
            # Spelled out: another seat's blind reserve is only a level, a deck only a size.
            secret = set(others_blind(state, seat))
            for other, player in enumerate(view.players):
                for card, blind in zip(player.reserved, player.reserved_blind, strict=True):
                    if other != seat and blind:
                        assert isinstance(card, HiddenCard)
                    else:
                        assert not isinstance(card, HiddenCard)
                        assert card.id not in secret
            blind_hidden += len(secret)
            decks = {c.id for deck in state.decks for c in deck}
            assert not any(card is not None and card.id in decks
                           for row in view.market for card in row)
    assert blind_hidden, "no seat ever had another's blind reserve to be kept from it"
    assert stranger_raw, "the stranger heard nothing"
    for raw in stranger_raw:
        assert not any(token.encode() in raw for token in tokens)
