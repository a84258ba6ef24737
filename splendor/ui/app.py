"""The window and the frame loop that drives the scene stack."""

from __future__ import annotations

import contextlib
import os

import pygame

from splendor.resources import icon_path
from splendor.storage.untrusted import MIN_WINDOW, clamp_window
from splendor.ui import WINDOW_CLASS, theme
from splendor.ui.scene import Scene, SceneStack

MIN_SIZE = MIN_WINDOW
#: The window's class on X11 (see assets/splendor.desktop; set in splendor/ui/__init__).
WM_CLASS = WINDOW_CLASS
DEFAULT_SIZE = (1280, 720)
#: Frames per second while something moves; when idle the loop sleeps between events.
FPS = 60
IDLE_FPS = 15


class App:
    """Owns the window, the clock and the scene stack."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, *, fullscreen: bool = False) -> None:
        pygame.init()
        pygame.display.set_caption("Splendor")
        with contextlib.suppress(pygame.error, OSError):  # no icon is no reason not to play
            pygame.display.set_icon(pygame.image.load(str(icon_path(64))))
        # Within the sizes `--size` accepts, whoever asks (settings, a resize event).
        self.windowed_size = clamp_window(*size)
        self.fullscreen = fullscreen
        self.screen = self._open_window()
        self.stack = SceneStack(self)
        self.clock = pygame.time.Clock()
        self.running = False
        self._redraw = True

    @property
    def headless(self) -> bool:
        return os.environ.get("SDL_VIDEODRIVER") == "dummy"

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def request_redraw(self) -> None:
        self._redraw = True

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self.stack.resize(self.size)
        self.request_redraw()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Window-level events first (quit, resize, F11), then the scenes."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.windowed_size = clamp_window(event.w, event.h)
            # Reopening enforces the size limits and gives the resized surface.
            self.screen = self._open_window()
            self.stack.resize(self.size)
            self.request_redraw()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            self.request_redraw()
        if self.stack.dispatch(event):
            self.request_redraw()

    def step(self, dt: float) -> None:
        """One frame: events, update, and a draw when anything changed."""
        for event in pygame.event.get():
            self.handle_event(event)
        self.stack.update(dt)
        if self._redraw or self.stack.busy:
            self.render()

    def render(self) -> None:
        self.stack.draw(self.screen)
        pygame.display.flip()
        self._redraw = False

    def run(self, first: Scene | None = None) -> None:
        """Run until the window closes or a scene stops the app (`first` is pushed
        first, unless scenes were pushed before)."""
        if first is not None:
            self.stack.push(first)
        self.running = True
        dt = 0.0
        while self.running and self.stack.top is not None:
            self.step(dt)
            # Clock.tick sleeps, so an idle window does not spin the CPU.
            dt = self.clock.tick(FPS if self.stack.busy else IDLE_FPS) / 1000.0

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """Close the window and pygame (a later App starts afresh)."""
        pygame.quit()
        theme.forget_fonts()
