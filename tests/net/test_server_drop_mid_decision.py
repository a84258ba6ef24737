"""A connection that drops in the middle of a decision (a token return, a module's step)
comes back with its token to the very same decision, and the game goes on to its end."""

from __future__ import annotations

import asyncio
import random

import pytest

from splendor.engine import Buy, Phase, Take, TakeTwo, observe, replay
from splendor.net.client import GameClient, play_bot
from splendor.net.protocol import State
from splendor.net.table import TableSpec
from tests.engine.modules.support import DATA
from tests.net.serving import client, receive_until, run, served


async def caught_up(c: GameClient, moves: int) -> None:
    """Messages to `c` until its view follows `moves` moves."""
    while c.view is None or len(c.view.history) < moves:
        await c.receive()


@pytest.mark.parametrize("module", [None, "orient", "strongholds"])
def test_a_seat_dropped_mid_decision_gets_the_same_decision_back(module: str | None) -> None:
    async def scenario() -> None:
        async with served(TableSpec(2, module), seed=21) as (table, url):
            clients = [client(url, "Ana"), client(url, "Bo")]
            for c in clients:
                await c.connect()
            rng = random.Random(5)
            # The base game's step inside a turn is a token return; a module's, its own.
            wanted = {Phase.RETURN} if module is None else set(Phase) - {
                Phase.MAIN, Phase.RETURN, Phase.NOBLE, Phase.OVER}
            state = None
            for _ in range(600):  # play on until someone faces such a step
                state = table.state
                assert state is not None and not state.is_over()
                if state.phase in wanted:
                    break
                c = next(c for c in clients if c.seat == state.current)
                await caught_up(c, len(state.history))
                assert c.view is not None
                kind = (Take, TakeTwo) if module is None else (Buy,)
                liked = [a for a in c.view.legal_actions if isinstance(a, kind)]
                await c.play(rng.choice(liked if liked and rng.random() < 0.8
                                        else c.view.legal_actions))
                moves = len(state.history) + 1
                while len(state.history) < moves:
                    await asyncio.sleep(0.001)
            assert state is not None and state.phase in wanted, "no step reached"
            seat = state.current
            gone = next(c for c in clients if c.seat == seat)
            await gone.close()
            back = client(url, "Ana again", token=gone.token)
            assert (await back.connect()).seat == seat
            await receive_until(back, lambda m: isinstance(m, State))
            assert back.view == observe(state, seat)  # the same decision, the same choices
            assert back.view.phase is state.phase
            other = next(c for c in clients if c.seat != seat)
            await asyncio.gather(play_bot(back, "random", 3), play_bot(other, "random", 4))
            assert table.state is not None and table.state.is_over()
            assert back.record is not None
            assert replay(DATA, back.record) == table.state

    run(scenario())
