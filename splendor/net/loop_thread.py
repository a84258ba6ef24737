"""An asyncio event loop in a thread of its own, for a program whose main thread is a frame
loop (the window): the server a host runs, or the connection of a player's seat. The frame
loop hands it coroutines (`submit`) and never waits on the network itself."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """Runs an event loop in a daemon thread from `start` until `stop`."""

    def __init__(self, name: str = "splendor-net") -> None:
        self.name = name
        self.loop = asyncio.new_event_loop()
        self._thread: threading.Thread | None = None

    def start(self) -> LoopThread:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()
        # Whatever is still running when stopped is cancelled, so that nothing is left
        # half done on a closed loop.
        tasks = asyncio.all_tasks(self.loop)
        for task in tasks:
            task.cancel()
        self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        self.loop.close()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        """Run `coro` on the loop; its future (never wait on it in a frame)."""
        if not self.running:
            coro.close()
            raise RuntimeError("the network thread is not running")
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, coro: Coroutine[Any, Any, T], timeout: float = 10.0) -> T:
        """Run `coro` on the loop and wait for its result (tools and tests, not frames)."""
        return self.submit(coro).result(timeout)

    def stop(self, timeout: float = 2.0) -> None:
        """Stop the loop (its tasks cancelled) and wait a little for the thread."""
        if self._thread is None:
            return
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout)
        self._thread = None
