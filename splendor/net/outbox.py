"""One connection's outgoing messages: a queue and a writer task of its own, so that
sending never waits on the network and one slow client never delays the others.

`send` only enqueues. A connection whose queue outgrows its bound (it stopped reading)
is closed; it may come back with its seat token and gets the whole view again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from splendor.net.errors import TOO_SLOW

log = logging.getLogger(__name__)


class Outbox:
    """`send` queues bytes for `ws`; a writer task sends them in order."""

    def __init__(self, ws: ServerConnection, *, max_messages: int = 512,
                 max_bytes: int = 8 * 1024 * 1024) -> None:
        self.ws = ws
        self.max_messages = max_messages
        self.max_bytes = max_bytes
        self.queued_bytes = 0
        #: True once nothing more will be sent (closing, closed or cut off).
        self.done = False
        self._queue: deque[bytes] = deque()
        self._closing: tuple[int, str] | None = None
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._write())

    def __len__(self) -> int:
        return len(self._queue)

    def send(self, raw: bytes) -> None:
        """Queue `raw` (never waits); past the bound, the connection is cut off."""
        if self.done:
            return
        self._queue.append(raw)
        self.queued_bytes += len(raw)
        if len(self._queue) > self.max_messages or self.queued_bytes > self.max_bytes:
            log.info("a connection stopped reading (%d messages, %d bytes queued): closed",
                     len(self._queue), self.queued_bytes)
            self._cut_off()
            return
        self._wake.set()

    def close_after(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection once what is queued is sent."""
        if not self.done:
            self.done = True
            self._closing = (code, reason)
            self._wake.set()

    async def wait_closed(self) -> None:
        """Until the writer has finished (what was queued sent, and closed if asked)."""
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(self._task)

    def cancel(self) -> None:
        self.done = True
        self._task.cancel()

    def _cut_off(self) -> None:
        self.done = True
        self._queue.clear()
        self.queued_bytes = 0
        self._task.cancel()
        # Closing waits for the peer (close_timeout), in a task of its own: nobody else waits.
        asyncio.get_running_loop().create_task(self._close(1008, TOO_SLOW))

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            await self.ws.close(code, reason)

    async def _write(self) -> None:
        try:
            while True:
                while self._queue:
                    raw = self._queue.popleft()
                    self.queued_bytes -= len(raw)
                    await self.ws.send(raw)
                if self._closing is not None:
                    await self._close(*self._closing)
                    return
                self._wake.clear()
                await self._wake.wait()
        except (ConnectionClosed, OSError):
            self.done = True  # its handler notices the closed connection and cleans up
