"""A server's tables announced on the local network, in step with their lobbies (the
announcements themselves are zeroconf's: tests/net/test_discovery.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from splendor.net.announce import Announcer
from splendor.net.server import GameServer
from splendor.net.table import TableSpec
from tests.engine.modules.support import DATA
from tests.net.serving import run


class Heard:
    """Stands for the network: what each announcement said, in order."""

    def __init__(self) -> None:
        self.said: list[tuple[str, dict[str, Any]]] = []

    def make(self, **fields: Any) -> Heard.Ad:
        self.said.append(("new", fields))
        return Heard.Ad(self)

    class Ad:
        def __init__(self, heard: Heard) -> None:
            self.heard = heard

        def update(self, **fields: Any) -> None:
            self.heard.said.append(("update", fields))

        def close(self, timeout: float = 0.0) -> None:
            self.heard.said.append(("close", {}))


def test_announcements_follow_the_lobby_and_go_with_the_table() -> None:
    heard = Heard()

    async def scenario() -> None:
        server = GameServer(DATA)
        table = server.open_table(TableSpec(3, "orient", ("easy",)), title="Ana's table")
        announcer = Announcer(7437, heard.make)
        announcer.sync(server.tables.values())
        announcer.sync(server.tables.values())  # nothing changed: nothing said
        assert heard.said == [("new", {"title": "Ana's table", "port": 7437,
                                       "module": "orient", "players": 3, "open_seats": 2,
                                       "started": False})]
        await table.hand_to_bot(0, "medium")
        announcer.sync(server.tables.values())
        assert heard.said[-1] == ("update", {"open_seats": 1, "started": False})
        del server.tables[table.id]  # the table goes (over, or closed)
        announcer.sync(server.tables.values())
        assert heard.said[-1] == ("close", {})
        await server.close()

    run(scenario())


def test_following_stops_with_the_server_and_withdraws_what_was_announced() -> None:
    heard = Heard()

    async def scenario() -> None:
        server = GameServer(DATA)
        server.open_table(TableSpec(2), title="Bo's table")
        task = asyncio.get_running_loop().create_task(
            Announcer(7437, heard.make).follow(lambda: server.tables.values(), every=0.01))
        while not heard.said:
            await asyncio.sleep(0.01)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await server.close()

    run(scenario())
    assert [kind for kind, _ in heard.said] == ["new", "close"]


def test_a_server_on_one_address_announces_that_address_only() -> None:
    heard = Heard()

    async def scenario() -> None:
        server = GameServer(DATA)
        server.open_table(TableSpec(2), title="Bo's table")
        Announcer(7437, heard.make, addresses=["127.0.0.1"]).sync(server.tables.values())
        await server.close()

    run(scenario())
    assert heard.said[0][1]["addresses"] == ["127.0.0.1"]
