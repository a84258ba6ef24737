"""The tables a server holds, asked for on a network thread before sitting down (a
joining player picks a table and an open seat); the frame loop polls, never waits."""

from __future__ import annotations

import contextlib
import queue
from typing import Any

from websockets.exceptions import InvalidURI, WebSocketException

from splendor.engine import GameData
from splendor.net.client import GameClient, Refused
from splendor.net.errors import ProtocolError
from splendor.net.protocol import TableSummary
from splendor.net.trust import client_ssl, connect_problem


class TableLister:
    """One ListTables to the server at `url`: `tables` once answered, or `failed` (a code)."""

    def __init__(self, data: GameData, url: str, worker: Any) -> None:
        self.url = url
        self.tables: list[TableSummary] | None = None
        self.failed = ""
        self._worker = worker
        self._inbox: queue.SimpleQueue[tuple[list[TableSummary] | None, str]] = \
            queue.SimpleQueue()
        self._task = worker.submit(self._ask(data))

    async def _ask(self, data: GameData) -> None:
        client = GameClient(self.url, "-", data, ssl=client_ssl(self.url))
        try:
            self._inbox.put((await client.list_tables(), ""))
        except Refused as exc:
            self._inbox.put((None, exc.code))
        except ProtocolError as exc:
            self._inbox.put((None, exc.code))
        except (OSError, TimeoutError, InvalidURI, WebSocketException) as exc:
            self._inbox.put((None, connect_problem(exc)))
        finally:
            with contextlib.suppress(Exception):
                await client.close()

    def poll(self) -> None:
        with contextlib.suppress(queue.Empty):
            self.tables, self.failed = self._inbox.get_nowait()

    def close(self) -> None:
        self._task.cancel()
        if getattr(self._worker, "running", False):
            self._worker.stop()
