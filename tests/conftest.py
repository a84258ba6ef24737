"""Shared test setup: tests run headless, every test runs with its own SPLENDOR_HOME (no
test touches the real user folders) and starts and ends in English (the language in use
is process-wide); the fixtures many tests share (a window, a network loop thread)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from splendor.net.loop_thread import LoopThread

# Headless for every test (and the processes tests start), set once here before any test
# module imports pygame.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
                  ) -> Path:
    home = tmp_path_factory.mktemp("splendor-home")
    monkeypatch.setenv("SPLENDOR_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _english_around() -> Iterator[None]:
    from splendor import i18n

    i18n.set_language(i18n.DEFAULT)
    yield
    i18n.set_language(i18n.DEFAULT)


@pytest.fixture
def app() -> Iterator[object]:
    """A 1280x720 game window (headless) whose scenes are closed afterwards."""
    import pygame

    from splendor.ui.app import App

    application = App((1280, 720))
    application.running = True
    pygame.event.clear()
    yield application
    while application.stack.scenes:
        application.stack.pop()


@pytest.fixture(autouse=True)
def _bots_in_this_process(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
                          ) -> None:
    """Windows opened by tests let bots decide in this process when polled (fast and
    repeatable); tests marked `bot_process` keep the real child process."""
    if request.node.get_closest_marker("bot_process") is None:
        from splendor.session.bot_process import InlineBots

        monkeypatch.setattr("splendor.ui.main.BotProcess", InlineBots)


@pytest.fixture
def worker() -> Iterator[LoopThread]:
    """A network loop thread for the test's sessions and servers; after the test, the
    servers started on it (`tests.net.serving.SERVERS`) are closed and it stops."""
    from tests.net.serving import SERVERS

    thread = LoopThread("test-net").start()
    yield thread
    while SERVERS:
        thread.call(SERVERS.pop().close(), timeout=60)  # closing waits for bots and peers
    thread.stop()
