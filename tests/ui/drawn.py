"""What the window draws, read by spying on `theme.text` (every string on screen goes
through it)."""

from __future__ import annotations

import pygame
import pytest

from splendor.ui import theme
from splendor.ui.app import App


def spy_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The list every string rendered from now on is appended to."""
    seen: list[str] = []
    render = theme.text

    def spy(value: str, *args: object, **kwargs: object) -> pygame.Surface:
        seen.append(value)
        return render(value, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", spy)
    return seen


def drawn_texts(monkeypatch: pytest.MonkeyPatch, app: App) -> list[str]:
    """Every string rendered while the window draws once."""
    render = theme.text
    seen = spy_texts(monkeypatch)
    app.render()
    monkeypatch.setattr(theme, "text", render)
    return seen
