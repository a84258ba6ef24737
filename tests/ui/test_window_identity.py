"""The window says what it is to the desktop, and says so when there is no display."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from splendor.storage.untrusted import MIN_WINDOW
from splendor.ui.app import WM_CLASS, App

ROOT = Path(__file__).resolve().parents[2]


def test_the_window_class_matches_the_desktop_file(app: App) -> None:
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == WM_CLASS
    desktop = (ROOT / "assets" / "splendor.desktop").read_text(encoding="utf-8")
    assert f"StartupWMClass={WM_CLASS}\n" in desktop


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland only")
def test_no_display_is_said_and_fails(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SPLENDOR_HOME"] = str(tmp_path)
    result = subprocess.run([sys.executable, "-m", "splendor"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1
    assert "no display found" in result.stderr


def test_a_resize_keeps_the_window_and_its_limits(app: App,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A resize sizes the same window (opening a new one makes it jump or flicker on the
    desktop); a size below the limits is set back to the smallest the table lays out."""
    opened: list[object] = []
    set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda *a, **k: opened.append(a) or set_mode(*a, **k))
    before = app.size
    for size, expected in (((1100, 650), (1100, 650)), ((700, 400), MIN_WINDOW),
                           (before, before)):
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                            size=size))
        assert app.size == expected
        assert app.screen is pygame.display.get_surface()
    assert opened == []
