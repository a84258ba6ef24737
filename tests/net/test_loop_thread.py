"""The network thread a window hands its coroutines to."""

import asyncio
import threading

import pytest

from splendor.net.loop_thread import LoopThread


def test_coroutines_run_on_the_loop_thread_and_return_their_results() -> None:
    worker = LoopThread("test-net").start()
    try:
        async def where() -> str:
            await asyncio.sleep(0)
            return threading.current_thread().name

        assert worker.call(where()) == "test-net"
        assert worker.submit(where()).result(5) == "test-net"
    finally:
        worker.stop()
    assert not worker.running


def test_stopping_cancels_what_still_runs_and_refuses_new_work() -> None:
    worker = LoopThread().start()
    cancelled = threading.Event()

    async def forever() -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    worker.submit(forever())
    worker.call(asyncio.sleep(0))
    worker.stop()
    assert cancelled.wait(5)
    with pytest.raises(RuntimeError, match="not running"):
        worker.submit(asyncio.sleep(0))
