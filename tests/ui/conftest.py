"""Shared fixture of the art tests: a display for the surfaces to convert to."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from splendor.ui import art


@pytest.fixture(scope="module")
def art_display() -> Iterator[None]:
    """A 1x1 display and fonts for a module's art tests; the art caches emptied after."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    yield
    art.clear_caches()
