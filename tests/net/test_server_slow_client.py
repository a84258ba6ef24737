"""One client that stops reading never delays the others: sending only queues, and a
connection whose queue outgrows its bound is closed (it comes back with its token)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from splendor.engine import observe, replay
from splendor.net.client import play_bot
from splendor.net.protocol import Chat, State
from splendor.net.server import Limits
from splendor.net.table import TableSpec
from tests.engine.modules.support import DATA
from tests.net.serving import client, receive_until, run, serving


def test_a_client_that_stops_reading_is_cut_off_while_the_others_play_on() -> None:
    async def scenario() -> None:
        limits = Limits(max_queued=64, rate=1000, burst=1000)
        async with serving(limits=limits) as (server, url):
            table = server.open_table(TableSpec(3), seed=2)
            ana, bo, cy = client(url, "Ana"), client(url, "Bo"), client(url, "Cy", seat=2)
            for c in (ana, bo, cy):
                await c.connect()
            assert table.state is not None and table.state.current != 2
            # From now on nothing sent to Cy ever leaves the server: the write never ends,
            # as for a peer that stopped reading with every buffer full.
            cy_out = table.seats[2].out
            assert cy_out is not None
            stuck = asyncio.Event()

            async def never(_raw: Any) -> None:
                await stuck.wait()

            cy_out.ws.send = never  # type: ignore[method-assign]
            # The others are not held up: a move and a chat reach them at once.
            mover, other = (ana, bo) if table.state.current == 0 else (bo, ana)
            await receive_until(mover, lambda m: isinstance(m, State))
            assert mover.view is not None
            await mover.play(mover.view.legal_actions[0])
            await receive_until(other, lambda m: isinstance(m, State) and bool(m.log))
            for i in range(70):  # each line seen by all before the next: no burst
                await other.say(f"line {i}")
                for c in (other, mover):
                    await receive_until(c, lambda m, i=i: isinstance(m, Chat)
                                        and m.text == f"line {i}")
            # Past its bound, Cy's connection is closed; what it had got before still
            # arrives, then the closing.
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await cy.receive()
            assert closed.value.rcvd is not None and closed.value.rcvd.reason == "too_slow"
            assert not stuck.is_set() and table.seats[2].out is None
            # Back with its token: the whole view, and the game goes on to its end.
            back = client(url, "Cy", token=cy.token)
            assert (await back.connect()).seat == 2
            await receive_until(back, lambda m: isinstance(m, State))
            assert back.view == observe(table.state, 2) and len(back.log) == 1
            await asyncio.gather(play_bot(ana, "random", 1), play_bot(bo, "random", 2),
                                 play_bot(back, "random", 3))
            assert ana.record is not None and replay(DATA, ana.record) == table.state
            assert table.over

    run(scenario())
